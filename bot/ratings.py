"""OpenSkill ratings (Plackett-Luce), one rating pool per kind of game, per server and global.

A pool is what a family's ``rating_pool`` names: All Fours is one pool; KQJ 3v3, 2v2v2 and
random partners are three (random-partner games are rated individually, by final place). Each
pool has a global board and one board per server.

Ratings are a function of the immutable match records: ``rate_match`` folds one rated match
into the current ratings of a board, the service applies it in the same transaction that
records the match, and ``rebuild`` replays every record in order to recompute a pool from
scratch (same numbers, since the fold is deterministic). A player's place is the place of the
side they played for (``MatchPlayer.rank``: 1 for the winners, shared wins share it). Boards
rank by the conservative rating ``ordinal = mu - 3 sigma`` and list players with
``MIN_GAMES`` rated games first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from openskill.models import PlackettLuce

from bot.families import add_stats
from bot.models import GLOBAL, MatchPlayer, MatchRecord, RatingRow
from bot.storage import Storage, Transaction

MIN_GAMES: Final = 5
_MODEL: Final = PlackettLuce()
SCALE_BASE: Final = 1000
SCALE_STEP: Final = 40


def displayed(row: RatingRow) -> int:
    """The rating players read: ``1000 + 40 × ordinal``, never below 0. A new player (ordinal
    0: mu 25, sigma 25/3) shows 1000, where the raw ordinal reads as a puzzling 0 or, after one
    lost game, as a negative number; a strong regular reaches about 2000.

    >>> from bot.models import RatingRow
    >>> displayed(RatingRow("allfours", 0, 1, 25.0, 25 / 3, 0.0, 0, 0, {}))
    1000
    """
    return max(0, round(SCALE_BASE + SCALE_STEP * row.ordinal))


def is_rateable(match: MatchRecord) -> bool:
    """A rated, finished match where every side has a place and a person."""
    if not match.rated or match.outcome != "finished":
        return False
    if any(p.rank is None for p in match.players):
        return False
    return all(any(p.user_id is not None for p in side) for side in _sides(match).values())


def _sides(match: MatchRecord) -> dict[int, list[MatchPlayer]]:
    sides: dict[int, list[MatchPlayer]] = {}
    for player in match.players:
        sides.setdefault(player.side, []).append(player)
    return dict(sorted(sides.items()))


def rate_match(match: MatchRecord, board: int, current: Mapping[int, RatingRow]) -> list[RatingRow]:
    """The new ratings of a rated match's players on one board (``GLOBAL`` or a server id)."""
    if not is_rateable(match):
        return []
    teams = [[p for p in members if p.user_id is not None] for members in _sides(match).values()]
    places = [team[0].rank for team in teams]
    model_teams = []
    for team in teams:
        model_team = []
        for player in team:
            assert player.user_id is not None
            row = current.get(player.user_id)
            if row is None:
                model_team.append(_MODEL.rating())
            else:
                model_team.append(_MODEL.rating(mu=row.mu, sigma=row.sigma))
        model_teams.append(model_team)
    rated = _MODEL.rate(model_teams, ranks=[float(p or 0) for p in places])
    rows = []
    for team, new_team in zip(teams, rated, strict=True):
        for player, new in zip(team, new_team, strict=True):
            assert player.user_id is not None
            old = current.get(player.user_id)
            rows.append(
                RatingRow(
                    pool=match.pool,
                    guild_id=board,
                    user_id=player.user_id,
                    mu=new.mu,
                    sigma=new.sigma,
                    ordinal=new.ordinal(),
                    games=(old.games if old else 0) + 1,
                    wins=(old.wins if old else 0) + (1 if player.rank == 1 else 0),
                    stats=add_stats(old.stats if old else {}, player.stats),
                )
            )
    return rows


def boards(match: MatchRecord) -> tuple[int, int]:
    """The two boards a match counts on: the global one and its server's."""
    return (GLOBAL, match.guild_id)


async def record(tx: Transaction, match: MatchRecord) -> list[RatingRow]:
    """Fold a match into its boards inside the transaction that stores it."""
    if not is_rateable(match):
        return []
    users = [p.user_id for p in match.players if p.user_id is not None]
    written: list[RatingRow] = []
    for board in boards(match):
        current = await tx.ratings_of(match.pool, board, users)
        rows = rate_match(match, board, current)
        await tx.put_ratings(rows)
        written.extend(rows)
    return written


def replay(matches: Iterable[MatchRecord]) -> list[RatingRow]:
    """Every board's ratings recomputed from the records, in the order the matches ended."""
    by_board: dict[tuple[str, int], dict[int, RatingRow]] = {}
    for match in matches:
        if not is_rateable(match):
            continue
        for board in boards(match):
            current = by_board.setdefault((match.pool, board), {})
            for row in rate_match(match, board, current):
                current[row.user_id] = row
    return [row for rows in by_board.values() for row in rows.values()]


async def rebuild(storage: Storage, pool: str) -> int:
    """Recompute a pool's ratings from its match records; returns the number of rows."""
    rows = replay(await storage.matches(pool))
    async with storage.transaction() as tx:
        await tx.clear_ratings(pool)
        await tx.put_ratings(rows)
    return len(rows)


RatingChanges = dict[int, dict[tuple[int, int], tuple[int, int]]]
"""Match id -> (board, user id) -> the displayed rating before and after that match."""


def changes(matches: Iterable[MatchRecord]) -> RatingChanges:
    """What each rated match did to its players' displayed ratings, on each of its boards:
    the same fold as ``replay`` (so the same numbers as the boards), kept match by match.

    >>> from bot.models import MatchPlayer, MatchRecord
    >>> players = (MatchPlayer(0, 0, 1, False, 1, 7, {}), MatchPlayer(1, 1, 2, False, 2, 3, {}))
    >>> match = MatchRecord(9, "allfours", "allfours", "english", 5, "finished", True, 3, 0.0,
    ...                     players, id=4)
    >>> found = changes([match])[4]
    >>> found[(0, 1)][0], found[(0, 1)][1] > 1000, found[(5, 2)][1] < 1000
    (1000, True, True)
    """
    by_board: dict[tuple[str, int], dict[int, RatingRow]] = {}
    found: RatingChanges = {}
    for match in matches:
        if not is_rateable(match):
            continue
        moved = found.setdefault(match.id, {})
        for board in boards(match):
            current = by_board.setdefault((match.pool, board), {})
            for row in rate_match(match, board, current):
                old = current.get(row.user_id)
                before = displayed(old) if old is not None else SCALE_BASE
                moved[(board, row.user_id)] = (before, displayed(row))
                current[row.user_id] = row
    return found
