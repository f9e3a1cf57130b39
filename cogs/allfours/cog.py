"""The ``/allfours`` command group: what differs from the shared table cog is its options."""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.families.allfours import ALL_FOURS
from bot.translator import T
from cogs.allfours.render import RENDERER
from cogs.table.base import TableCog
from cogs.table.options import (
    LANGUAGE_CHOICES,
    PACE_CHOICES,
    SETTINGS_DESCRIPTIONS,
    SETTINGS_NAMES,
)

_VARIANTS: Final = [Choice(name=T(f"variant.{v}"), value=v) for v in ALL_FOURS.variants]
_SCOPES: Final = [
    Choice(name=T("board.scope.server"), value="s"),
    Choice(name=T("board.scope.global"), value="g"),
]


@app_commands.guild_only()
class AllFoursCog(
    TableCog,
    name="AllFours",
    group_name=T("cmdname.allfours"),
    group_description=T("cmd.group"),
):
    renderer = RENDERER

    @app_commands.command(name=T("cmdname.start"), description=T("cmd.start"))
    @app_commands.describe(
        variant=T("cmd.start.variant"),
        players=T("cmd.start.players"),
        partnerships=T("cmd.start.partnerships"),
        target=T("cmd.start.target"),
        timer=T("cmd.start.timer"),
        pace=T("cmd.start.pace"),
        pause=T("cmd.start.pause"),
        kicks=T("cmd.start.kicks"),
        low=T("cmd.start.low"),
        gift=T("cmd.start.gift"),
        game_tie=T("cmd.start.game_tie"),
        undertrump=T("cmd.start.undertrump"),
        take_one_to_win=T("cmd.start.take_one_to_win"),
    )
    @app_commands.rename(
        variant=T("optname.variant"),
        players=T("optname.players"),
        partnerships=T("optname.partnerships"),
        target=T("optname.target"),
        timer=T("optname.timer"),
        pace=T("optname.pace"),
        pause=T("optname.pause"),
        kicks=T("optname.kicks"),
        low=T("optname.low"),
        gift=T("optname.gift"),
        game_tie=T("optname.game_tie"),
        undertrump=T("optname.undertrump"),
        take_one_to_win=T("optname.take_one_to_win"),
    )
    @app_commands.choices(
        variant=_VARIANTS,
        pace=PACE_CHOICES,
        kicks=[
            Choice(name=T("choice.kicks.trinidad"), value="trinidad"),
            Choice(name=T("choice.kicks.tobago"), value="tobago"),
        ],
        low=[
            Choice(name=T("choice.low.held"), value="held"),
            Choice(name=T("choice.low.captured"), value="captured"),
        ],
        game_tie=[
            Choice(name=T("choice.game_tie.none"), value="none"),
            Choice(name=T("choice.game_tie.non_dealer"), value="non_dealer"),
        ],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        players: Range[int, 2, 4] | None = None,
        partnerships: bool | None = None,
        target: Range[int, 1, 99] | None = None,
        timer: Range[int, 10, 3600] | None = None,
        pace: str | None = None,
        pause: Range[float, 0.0, 10.0] | None = None,
        kicks: str | None = None,
        low: str | None = None,
        gift: bool | None = None,
        game_tie: str | None = None,
        undertrump: bool | None = None,
        take_one_to_win: bool | None = None,
    ) -> None:
        await self.open_lobby(
            interaction,
            variant=variant,
            options={
                "players": players,
                "partnerships": partnerships,
                "target": target,
                "kicks": kicks,
                "low": low,
                "gift": gift,
                "game_tie": game_tie,
                "undertrump": undertrump,
                "take_one_to_win": take_one_to_win,
            },
            timer=timer,
            pause=pause,
            pace=pace,
        )

    @app_commands.command(name=T("cmdname.rules"), description=T("cmd.rules"))
    @app_commands.describe(variant=T("cmd.rules.variant"))
    @app_commands.rename(variant=T("optname.variant"))
    @app_commands.choices(variant=_VARIANTS)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        await self.show_rules(interaction, variant)

    @app_commands.command(name=T("cmdname.leaderboard"), description=T("cmd.leaderboard"))
    @app_commands.describe(scope=T("cmd.leaderboard.scope"))
    @app_commands.rename(scope=T("optname.scope"))
    @app_commands.choices(scope=_SCOPES)
    async def leaderboard(self, interaction: discord.Interaction, scope: str = "s") -> None:
        await self.show_board(interaction, ALL_FOURS.pools[0], scope)

    @app_commands.command(name=T("cmdname.settings"), description=T("cmd.settings"))
    @app_commands.describe(
        **SETTINGS_DESCRIPTIONS,
        variant=T("cmd.settings.variant"),
        target=T("cmd.start.target"),
    )
    @app_commands.rename(
        **SETTINGS_NAMES,
        variant=T("optname.variant"),
        target=T("optname.target"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, variant=_VARIANTS, pace=PACE_CHOICES)
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
        variant: str | None = None,
        target: Range[int, 1, 99] | None = None,
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
            defaults={"variant": variant, "target": target},
            allow=allow_channel,
            forbid=forbid_channel,
            reset=reset,
        )
