"""The ``/tiny`` command group: its own options are the target; the rest is shared."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.translator import T
from cogs.table.base import TableCog
from tests.house.tiny.cog.render import RENDERER
from tests.house.tiny.engine import TARGETS


@app_commands.guild_only()
class TinyCog(
    TableCog, name="Tiny", group_name=T("cmdname.tiny"), group_description=T("cmd.tiny.group")
):
    renderer = RENDERER

    @app_commands.command(name=T("cmdname.start"), description=T("cmd.tiny.start"))
    @app_commands.describe(target=T("cmd.tiny.start.target"), timer=T("cmd.start.timer"))
    @app_commands.rename(target=T("optname.target"), timer=T("optname.timer"))
    @app_commands.choices(target=[Choice(name=str(value), value=value) for value in TARGETS])
    async def start(
        self,
        interaction: discord.Interaction,
        target: int | None = None,
        timer: Range[int, 10, 3600] | None = None,
    ) -> None:
        await self.open_lobby(
            interaction, variant="tiny", options={"target": target}, timer=timer, pause=None
        )

    @app_commands.command(name=T("cmdname.rules"), description=T("cmd.tiny.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.show_rules(interaction, None)

    @app_commands.command(name=T("cmdname.leaderboard"), description=T("cmd.leaderboard"))
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.show_board(interaction, "tiny", "s")
