"""Leaderboard and statistics pages: the ``/… leaderboard`` and ``/… stats`` answers and
their ◀ / ▶ buttons. A page button edits only a page of its own board or player; clicked
anywhere else it answers with a fresh page for the clicker alone (a forged id on a table
message changes nothing)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.service import GameService, ServiceError, public_language
from cogs.table import render
from cogs.table.checks import locale_of
from cogs.table.components import BoardButton, StatsButton
from cogs.table.messages import is_page_of
from cogs.table.render import TableRenderer


def _board_of(match: re.Match[str]) -> tuple[str, ...]:
    """Which board a leaderboard page's button turns."""
    return (match["fam"], match["pool"], match["scope"])


def _player_of(match: re.Match[str]) -> tuple[str, ...]:
    """Whose statistics a stats page's button turns."""
    return (match["fam"], match["family"], match["user"])


class PageHandlers:
    """The page commands and buttons of a game's cog (mixed into ``TableCog``)."""

    renderer: ClassVar[TableRenderer[Any, Any, Any, Any]]
    if TYPE_CHECKING:

        @property
        def service(self) -> GameService: ...

    async def show_board(self, interaction: discord.Interaction, pool: str, scope: str) -> None:
        embed, view = await self.board_page(interaction, pool, scope, 0)
        await interaction.response.send_message(embed=embed, view=view)

    async def board_page(
        self, interaction: discord.Interaction, pool: str, scope: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        guild_id = None if scope == "g" else interaction.guild_id
        board = await self.service.board(pool, guild_id, page)
        return render.board_message(
            board.rows,
            family=self.renderer.family,
            pool=pool,
            scope="g" if board.is_global else "s",
            page=board.page,
            pages=board.pages,
            offset=board.offset,
            min_games=board.min_games,
            locale=await self.public_locale(interaction),
            provisional=board.provisional,
        )

    async def public_locale(self, interaction: discord.Interaction) -> str:
        """The language of a public message in this server (its setting, else Japanese for a
        Japanese server, else English) — not the clicking user's."""
        if interaction.guild_id is None:
            return locale_of(interaction)
        settings = await self.service.server_settings(interaction.guild_id)
        guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
        return public_language(settings, guild_locale)

    async def stats_page(
        self, interaction: discord.Interaction, user_id: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        fam = self.renderer.family
        found = await self.service.player(fam.name, user_id, interaction.guild_id, page)
        return render.stats_message(
            user_id=user_id,
            family=fam,
            boards=[(b.pool, b.scope, b.row, b.rank) for b in found.boards],
            matches=found.matches,
            page=found.page,
            pages=found.pages,
            min_games=found.min_games,
            locale=locale_of(interaction),
        )

    async def on_board(
        self, interaction: discord.Interaction, pool: str, scope: str, page: int
    ) -> None:
        if pool not in self.renderer.family.pools:
            raise ServiceError("board.unknown_family")
        embed, view = await self.board_page(interaction, pool, scope, page)
        if is_page_of(interaction, BoardButton, _board_of, private=False):
            await interaction.response.edit_message(embed=embed, view=view)
        else:  # not a page of this board: a fresh page, for the clicker alone
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def on_stats(
        self, interaction: discord.Interaction, family: str, user_id: int, page: int
    ) -> None:
        if family != self.renderer.family.name:
            raise ServiceError("board.unknown_family")
        embed, view = await self.stats_page(interaction, user_id, page)
        if is_page_of(interaction, StatsButton, _player_of, private=True):
            await interaction.response.edit_message(embed=embed, view=view)
        else:  # not a page of these stats: a fresh page, for the clicker alone
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
