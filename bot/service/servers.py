"""A server's settings: what new tables of the server get, and the language of its public
messages."""

from __future__ import annotations

from collections.abc import Mapping

from bot.families import OptionsError, family
from bot.server_settings import MAX_TURN_SECONDS, MIN_TURN_SECONDS, ServerSettings
from bot.service.core import ServiceCore
from bot.service.model import ServiceError


def public_language(settings: ServerSettings, guild_locale: str | None) -> str:
    """The language of a table's public messages: the server's setting, else Japanese for a
    server whose preferred locale is Japanese, else English."""
    if settings.language is not None:
        return settings.language
    return "ja" if (guild_locale or "").startswith("ja") else "en"


class Servers(ServiceCore):
    """Reading and changing a server's settings."""

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """A server's settings (the defaults if it never set any)."""
        stored = await self.storage.server_settings(guild_id)
        return ServerSettings() if stored is None else ServerSettings.from_json(stored)

    async def update_server_settings(self, guild_id: int, **changes: object) -> ServerSettings:
        """Change some of a server's settings (applied to tables opened from now on); a bad
        value is refused with the setting it concerns."""
        current = await self.server_settings(guild_id)
        try:
            updated = current.replace(**changes)
        except ValueError:
            raise ServiceError("settings.invalid") from None
        async with self.storage.transaction() as tx:
            await tx.put_server_settings(guild_id, updated.to_json())
        return updated

    def check_options(
        self, family_name: str, variant: str | None, options: Mapping[str, object]
    ) -> None:
        """Refuse default table options that the family's rules would refuse at ``start``."""
        fam = family(family_name)
        try:
            fam.build_rules(variant or fam.variants[0], options)
        except OptionsError as exc:
            raise ServiceError(exc.key, **exc.params) from None

    async def reset_server_settings(self, guild_id: int) -> ServerSettings:
        """Back to the bot's defaults."""
        async with self.storage.transaction() as tx:
            await tx.put_server_settings(guild_id, ServerSettings().to_json())
        return ServerSettings()

    async def set_default_turn_seconds(self, guild_id: int, seconds: int | None) -> None:
        """A server's turn timer for tables started without one (None: no timer)."""
        if seconds is not None and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
            raise ServiceError("options.timer", min=MIN_TURN_SECONDS, max=MAX_TURN_SECONDS)
        await self.update_server_settings(guild_id, turn_seconds=seconds)
