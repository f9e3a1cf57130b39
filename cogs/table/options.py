"""The options of ``/… settings`` that every game shares: each family's cog adds its own
table defaults beside them."""

from __future__ import annotations

from typing import Final

from discord.app_commands import Choice

from bot.translator import T

LANGUAGE_CHOICES: Final = [
    Choice(name=T("settings.language.auto"), value="auto"),
    Choice(name=T("settings.language.en"), value="en"),
    Choice(name=T("settings.language.ja"), value="ja"),
]
PACE_CHOICES: Final = [
    Choice(name=T("choice.pace.live"), value="live"),
    Choice(name=T("choice.pace.4"), value="4"),
    Choice(name=T("choice.pace.12"), value="12"),
    Choice(name=T("choice.pace.24"), value="24"),
    Choice(name=T("choice.pace.72"), value="72"),
]
"""Live, or turn-based with a time per move in hours (``bot.server_settings.PACE_HOURS``)."""


def pace_seconds(choice: str | None) -> int | None:
    """A pace choice as the service takes it: None unsaid, 0 live, else seconds per move.

    >>> pace_seconds("live"), pace_seconds("24"), pace_seconds(None)
    (0, 86400, None)
    """
    if choice is None:
        return None
    return 0 if choice == "live" else int(choice) * 3600


SETTINGS_DESCRIPTIONS: Final = {
    "language": T("cmd.settings.language"),
    "timer": T("cmd.settings.timer"),
    "nudge": T("cmd.settings.nudge"),
    "computers": T("cmd.settings.computers"),
    "pictures": T("cmd.settings.pictures"),
    "pace": T("cmd.settings.pace"),
    "allow_channel": T("cmd.settings.allow_channel"),
    "forbid_channel": T("cmd.settings.forbid_channel"),
    "reset": T("cmd.settings.reset"),
}
"""The descriptions of the settings every game's ``/… settings`` shares (its own defaults
are added by each cog)."""
SETTINGS_NAMES: Final = {
    "language": T("optname.language"),
    "timer": T("optname.timer"),
    "nudge": T("optname.nudge"),
    "computers": T("optname.computers"),
    "pictures": T("optname.pictures"),
    "pace": T("optname.pace"),
    "allow_channel": T("optname.allow_channel"),
    "forbid_channel": T("optname.forbid_channel"),
    "reset": T("optname.reset"),
}
"""Their localized option names."""
SCOPES: Final = [
    Choice(name=T("board.scope.server"), value="s"),
    Choice(name=T("board.scope.global"), value="g"),
]
"""This server or every server: where a board or a history looks."""
