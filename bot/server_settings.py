"""What a server (guild) sets for the tables opened in it, validated, stored as JSON.

Every field has the bot's default, so a server that never ran ``/… settings`` behaves like
one that reset them. ``language`` None follows the server's preferred locale (Japanese when
Discord says the server is Japanese, else English); ``channels`` empty allows every channel.

>>> ServerSettings().nudge_seconds, ServerSettings.from_json('{"turn_seconds": 60}').turn_seconds
(20, 60)
"""

from __future__ import annotations

import json
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

MIN_TURN_SECONDS: Final = 10
MAX_TURN_SECONDS: Final = 3600
MIN_NUDGE_SECONDS: Final = 5
MAX_NUDGE_SECONDS: Final = 600
DEFAULT_NUDGE_SECONDS: Final = 20
PACE_HOURS: Final = (4, 12, 24, 72)
"""The times per move a turn-based table may have, in hours (a day suits players spread over
time zones: everyone has a waking moment in any 24 hours)."""
DEFAULT_PACE_HOURS: Final = 24
PaceSeconds = Literal[14400, 43200, 86400, 259200]
"""``PACE_HOURS`` in seconds: the values ``pace_seconds`` may take."""

Option = str | int | bool
"""A table option's value, as the start command takes it."""


class ServerSettings(BaseModel):
    """A server's settings; ``replace`` gives a changed copy, validated."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    language: Literal["en", "ja"] | None = None
    turn_seconds: int | None = Field(default=None, ge=MIN_TURN_SECONDS, le=MAX_TURN_SECONDS)
    nudge_seconds: int | None = Field(
        default=DEFAULT_NUDGE_SECONDS, ge=MIN_NUDGE_SECONDS, le=MAX_NUDGE_SECONDS
    )
    pace_seconds: PaceSeconds | None = None
    """The pace of a table started without one: None live, else seconds per move."""
    computers: bool = True
    pictures: bool = True
    channels: tuple[int, ...] = ()
    variants: dict[str, str] = Field(default_factory=dict)
    """Family -> the variant ``/<family> start`` opens when it names none."""
    options: dict[str, dict[str, Option]] = Field(default_factory=dict)
    """Family -> the start options a table gets when its host names none."""

    @classmethod
    def from_json(cls, text: str) -> ServerSettings:
        """Stored settings; a document that no longer validates falls back to the defaults
        field by field (a server never loses all its settings to one bad value)."""
        try:
            return cls.model_validate_json(text)
        except ValidationError:
            pass
        try:
            data = json.loads(text)
        except ValueError:
            return cls()
        kept: dict[str, object] = {}
        for name, value in data.items() if isinstance(data, dict) else ():
            try:
                cls.model_validate({name: value})
            except ValidationError:
                continue
            kept[name] = value
        return cls.model_validate(kept)

    def to_json(self) -> str:
        return self.model_dump_json(exclude_defaults=True)

    def replace(self, **changes: object) -> ServerSettings:
        """A copy with some settings changed; a bad value raises ``ValueError``."""
        return type(self).model_validate({**self.model_dump(), **changes})

    def allows_channel(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether tables may open in this channel (or thread of an allowed channel)."""
        if not self.channels:
            return True
        return channel_id in self.channels or (parent_id is not None and parent_id in self.channels)
