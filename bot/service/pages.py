"""What the leaderboards and a player's statistics read: one page of a board, and a player's
ratings, ranks and recent tables — the service's read API, so that no cog reaches into the
storage itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.families import family
from bot.models import GLOBAL, PlayerMatch, RatingRow
from bot.ratings import MIN_GAMES
from bot.service.core import ServiceCore

BOARD_PAGE: Final = 10
"""Players per page of a leaderboard."""
STATS_PAGE: Final = 5
"""Recent tables per page of a player's statistics."""


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One page of a rating pool's board: the ranked players (at least ``min_games`` rated
    games), and on the last page the provisional ones below them, so a new board is never
    empty."""

    rows: tuple[RatingRow, ...]
    provisional: tuple[RatingRow, ...]
    page: int
    pages: int
    offset: int
    min_games: int
    is_global: bool


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """A player's rating on one board (None: never rated there) and rank (None: not yet
    ranked)."""

    pool: str
    scope: str
    """``"global"`` or ``"server"``."""
    row: RatingRow | None
    rank: int | None


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """A player's ratings in one game, and one page of their recent tables."""

    boards: tuple[PlayerBoard, ...]
    matches: tuple[PlayerMatch, ...]
    page: int
    pages: int
    min_games: int


def _pages(total: int, size: int) -> int:
    return max(1, -(-total // size))


class Pages(ServiceCore):
    """Boards and statistics, read."""

    async def board(self, pool: str, guild_id: int | None, page: int) -> BoardPage:
        """Page ``page`` of the pool's board of this server (``guild_id`` None: the global
        board)."""
        board = GLOBAL if guild_id is None else guild_id
        rows, total = await self.storage.leaderboard(
            pool, board, min_games=MIN_GAMES, limit=BOARD_PAGE, offset=page * BOARD_PAGE
        )
        pages = _pages(total, BOARD_PAGE)
        provisional = (
            await self.storage.provisional(pool, board, below=MIN_GAMES, limit=BOARD_PAGE)
            if page >= pages - 1
            else []
        )
        return BoardPage(
            rows=tuple(rows),
            provisional=tuple(provisional),
            page=page,
            pages=pages,
            offset=page * BOARD_PAGE,
            min_games=MIN_GAMES,
            is_global=board == GLOBAL,
        )

    async def usual_pool(self, family_name: str, user_id: int, guild_id: int | None) -> str:
        """The board a player most likely means when they name none: the pool of their
        latest rated game of this family (a 2v2v2 player sees the 2v2v2 board), else the
        first pool whose board of this server (``guild_id`` None: the global board) has any
        player, else the family's first pool.

        A server that has only played 2v2v2 opens its 2v2v2 board for a newcomer too."""
        fam = family(family_name)
        matches, _ = await self.storage.player_matches(family_name, user_id, limit=20, offset=0)
        rated = [m.pool for m in matches if m.rated and m.pool in fam.pools]
        if rated:
            return rated[0]
        board = GLOBAL if guild_id is None else guild_id
        for pool in fam.pools:
            if await self.storage.provisional(pool, board, below=MIN_GAMES, limit=1):
                return pool
            _, ranked = await self.storage.leaderboard(
                pool, board, min_games=MIN_GAMES, limit=1, offset=0
            )
            if ranked:
                return pool
        return fam.pools[0]

    async def player(
        self, family_name: str, user_id: int, guild_id: int | None, page: int
    ) -> PlayerPage:
        """A player's ratings in every pool of a game, globally and in this server (a pool
        they never played in says nothing, unless the game has only one), and a page of
        their recent tables."""
        fam = family(family_name)
        boards: list[PlayerBoard] = []
        for pool in fam.pools:
            scopes = [("global", GLOBAL)]
            if guild_id is not None:
                scopes.append(("server", guild_id))
            rows = [(scope, await self.storage.rating(pool, b, user_id)) for scope, b in scopes]
            if len(fam.pools) > 1 and all(row is None for _, row in rows):
                continue
            for scope, row in rows:
                rank = await self.storage.rank_of(row, min_games=MIN_GAMES) if row else None
                boards.append(PlayerBoard(pool, scope, row, rank))
        if not boards:
            boards.append(PlayerBoard(fam.pools[0], "global", None, None))
        matches, total = await self.storage.player_matches(
            fam.name, user_id, limit=STATS_PAGE, offset=page * STATS_PAGE
        )
        return PlayerPage(
            boards=tuple(boards),
            matches=tuple(matches),
            page=page,
            pages=_pages(total, STATS_PAGE),
            min_games=MIN_GAMES,
        )
