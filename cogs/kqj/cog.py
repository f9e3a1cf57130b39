"""The ``/kqj`` command group: what differs from the shared table cog is its options."""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.families.kqj import KQJ
from bot.translator import T
from cogs.kqj.render import RENDERER
from cogs.table.base import TableCog
from cogs.table.options import (
    LANGUAGE_CHOICES,
    PACE_CHOICES,
    SETTINGS_DESCRIPTIONS,
    SETTINGS_NAMES,
)
from engine.kqj.rules import TARGETS

_SCOPES: Final = [
    Choice(name=T("board.scope.server"), value="s"),
    Choice(name=T("board.scope.global"), value="g"),
]


@app_commands.guild_only()
class KQJCog(
    TableCog, name="KQJ", group_name=T("cmdname.kqj"), group_description=T("cmd.kqj.group")
):
    renderer = RENDERER

    @app_commands.command(name=T("cmdname.start"), description=T("cmd.kqj.start"))
    @app_commands.describe(
        teams=T("cmd.kqj.start.teams"),
        random_partners=T("cmd.kqj.start.random_partners"),
        auction=T("cmd.kqj.start.auction"),
        target=T("cmd.kqj.start.target"),
        timer=T("cmd.start.timer"),
        pace=T("cmd.start.pace"),
        pause=T("cmd.start.pause"),
    )
    @app_commands.rename(
        teams=T("optname.teams"),
        random_partners=T("optname.random_partners"),
        auction=T("optname.auction"),
        target=T("optname.target"),
        timer=T("optname.timer"),
        pace=T("optname.pace"),
        pause=T("optname.pause"),
    )
    @app_commands.choices(
        teams=[
            Choice(name=T("choice.kqj.teams.3v3"), value="3v3"),
            Choice(name=T("choice.kqj.teams.2v2v2"), value="2v2v2"),
        ],
        pace=PACE_CHOICES,
    )
    @app_commands.choices(target=[Choice(name=str(value), value=value) for value in TARGETS])
    async def start(
        self,
        interaction: discord.Interaction,
        teams: str | None = None,
        random_partners: bool | None = None,
        auction: bool | None = None,
        target: int | None = None,
        timer: Range[int, 10, 3600] | None = None,
        pace: str | None = None,
        pause: Range[float, 0.0, 10.0] | None = None,
    ) -> None:
        await self.open_lobby(
            interaction,
            variant=KQJ.variants[0],
            options={
                "teams": teams,
                "random_partners": random_partners,
                "auction": auction,
                "target": target,
            },
            timer=timer,
            pause=pause,
            pace=pace,
        )

    @app_commands.command(name=T("cmdname.rules"), description=T("cmd.kqj.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.show_rules(interaction, None)

    @app_commands.command(name=T("cmdname.leaderboard"), description=T("cmd.leaderboard"))
    @app_commands.describe(mode=T("cmd.kqj.leaderboard.mode"), scope=T("cmd.leaderboard.scope"))
    @app_commands.rename(mode=T("optname.mode"), scope=T("optname.scope"))
    @app_commands.choices(
        mode=[Choice(name=T(f"pool.{pool}"), value=pool) for pool in KQJ.pools],
        scope=_SCOPES,
    )
    async def leaderboard(
        self, interaction: discord.Interaction, mode: str | None = None, scope: str = "s"
    ) -> None:
        if mode is None:  # the player's latest rated mode, else the server's first in use
            guild_id = None if scope == "g" else interaction.guild_id
            mode = await self.service.usual_pool(KQJ.name, interaction.user.id, guild_id)
        await self.show_board(interaction, mode, scope)

    @app_commands.command(name=T("cmdname.settings"), description=T("cmd.settings"))
    @app_commands.describe(
        **SETTINGS_DESCRIPTIONS,
        teams=T("cmd.kqj.start.teams"),
        random_partners=T("cmd.kqj.start.random_partners"),
        auction=T("cmd.kqj.start.auction"),
        target=T("cmd.kqj.start.target"),
    )
    @app_commands.rename(
        **SETTINGS_NAMES,
        teams=T("optname.teams"),
        random_partners=T("optname.random_partners"),
        auction=T("optname.auction"),
        target=T("optname.target"),
    )
    @app_commands.choices(
        language=LANGUAGE_CHOICES,
        pace=PACE_CHOICES,
        teams=[
            Choice(name=T("choice.kqj.teams.3v3"), value="3v3"),
            Choice(name=T("choice.kqj.teams.2v2v2"), value="2v2v2"),
        ],
    )
    @app_commands.choices(target=[Choice(name=str(value), value=value) for value in TARGETS])
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        timer: Range[int, 0, 3600] | None = None,
        nudge: Range[int, 0, 600] | None = None,
        computers: bool | None = None,
        pictures: bool | None = None,
        pace: str | None = None,
        allow_channel: discord.TextChannel | None = None,
        forbid_channel: discord.TextChannel | None = None,
        reset: bool = False,
        teams: str | None = None,
        random_partners: bool | None = None,
        auction: bool | None = None,
        target: int | None = None,
    ) -> None:
        await self.change_settings(
            interaction,
            common={
                "language": language,
                "turn_seconds": timer,
                "nudge_seconds": nudge,
                "computers": computers,
                "pictures": pictures,
                "pace_seconds": pace,
            },
            defaults={
                "teams": teams,
                "random_partners": random_partners,
                "auction": auction,
                "target": target,
            },
            allow=allow_channel,
            forbid=forbid_channel,
            reset=reset,
        )
