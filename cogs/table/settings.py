"""``/… settings``, which every game's cog declares with its own table defaults beside the
shared settings, answered here (mixed into ``TableCog``)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.service import GameService, ServiceError
from cogs.table import render
from cogs.table.checks import locale_of
from cogs.table.options import pace_seconds
from cogs.table.render import TableRenderer


class SettingsHandler:
    """Changing a server's settings, checked by the family's rules."""

    renderer: ClassVar[TableRenderer[Any, Any, Any, Any]]
    if TYPE_CHECKING:

        @property
        def service(self) -> GameService: ...

        def replying(
            self, interaction: discord.Interaction
        ) -> contextlib.AbstractAsyncContextManager[None]: ...

    async def change_settings(
        self,
        interaction: discord.Interaction,
        *,
        common: Mapping[str, object],
        defaults: Mapping[str, object],
        allow: discord.abc.GuildChannel | None,
        forbid: discord.abc.GuildChannel | None,
        reset: bool,
    ) -> None:
        """``/<family> settings``: Manage Server only. The settings named change (``None``:
        untouched), the family's default table options are checked by its rules, and the
        answer is the server's settings as they are now, in the admin's language."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        async with self.replying(interaction):
            if not interaction.permissions.manage_guild:
                raise ServiceError("settings.not_allowed")
            fam = self.renderer.family
            if reset:
                await self.service.reset_server_settings(guild_id)
            current = await self.service.server_settings(guild_id)
            changes = {k: v for k, v in common.items() if v is not None}
            if isinstance(pace := changes.get("pace_seconds"), str):
                changes["pace_seconds"] = pace_seconds(pace)  # a PACE_CHOICES value
            for name in ("turn_seconds", "nudge_seconds", "pace_seconds"):
                if changes.get(name) == 0:
                    changes[name] = None  # 0 turns it off
            if changes.get("language") == "auto":
                changes["language"] = None
            channels = set(current.channels)
            if allow is not None:
                channels.add(allow.id)
            if forbid is not None:
                channels.discard(forbid.id)
            changes["channels"] = tuple(sorted(channels))
            wanted = {k: v for k, v in defaults.items() if v is not None}
            if wanted:
                variant = str(wanted.pop("variant", current.variants.get(fam.name, "")))
                options = {**current.options.get(fam.name, {}), **wanted}
                self.service.check_options(fam.name, variant or None, options)
                if variant:
                    changes["variants"] = {**current.variants, fam.name: variant}
                changes["options"] = {**current.options, fam.name: options}
            settings = await self.service.update_server_settings(guild_id, **changes)
            locale = locale_of(interaction)
            embed = render.settings_embed(settings, self.renderer, locale)
            await interaction.response.send_message(embed=embed, ephemeral=True)
