"""OpenSkill ratings (Plackett-Luce), one pool per game family, per server and global.

Ratings are a function of the immutable match records: ``rate_match`` folds one rated match
into the current ratings of a pool, the service applies it in the same transaction that
records the match, and ``rebuild`` replays every record in order to recompute all pools from
scratch (same numbers, since the fold is deterministic). Boards rank by the conservative
rating ``ordinal = mu - 3 sigma`` and list only players with ``MIN_GAMES`` rated games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from openskill.models import PlackettLuce

from bot.models import GLOBAL, MatchRecord, RatingRow
from bot.storage import Storage, Transaction

MIN_GAMES: Final = 5
_MODEL: Final = PlackettLuce()


def side_ranks(scores: Sequence[int], winner: int) -> dict[int, int]:
    """Side -> place (1 best): the winner first, then the other sides by final score, ties
    sharing a place (three- and four-handed individual games have more than two sides)."""
    result = {winner: 1}
    others = sorted((s for s in range(len(scores)) if s != winner), key=lambda s: -scores[s])
    place, previous = 1, None
    for index, side in enumerate(others):
        if scores[side] != previous:
            place, previous = index + 2, scores[side]
        result[side] = place
    return result


def ranks(match: MatchRecord) -> dict[int, int]:
    """The places of a finished match's sides."""
    assert match.winner is not None
    sides = max(p.side for p in match.players) + 1
    scores = [0] * sides
    for player in match.players:
        scores[player.side] = player.score
    return side_ranks(scores, match.winner)


def rate_match(match: MatchRecord, pool: int, current: Mapping[int, RatingRow]) -> list[RatingRow]:
    """The new ratings of a rated match's players in one pool (``GLOBAL`` or a server id)."""
    side_rank = ranks(match)
    sides = sorted(side_rank)
    teams = []
    for side in sides:
        members = [p for p in match.players if p.side == side and p.user_id is not None]
        teams.append(members)
    if any(not team for team in teams):
        return []  # a side without a person cannot be rated (never the case for rated tables)
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
    rated = _MODEL.rate(model_teams, ranks=[side_rank[side] for side in sides])
    rows = []
    for team, new_team in zip(teams, rated, strict=True):
        for player, new in zip(team, new_team, strict=True):
            assert player.user_id is not None
            old = current.get(player.user_id)
            rows.append(
                RatingRow(
                    family=match.family,
                    guild_id=pool,
                    user_id=player.user_id,
                    mu=new.mu,
                    sigma=new.sigma,
                    ordinal=new.ordinal(),
                    games=(old.games if old else 0) + 1,
                    wins=(old.wins if old else 0) + (1 if player.side == match.winner else 0),
                    hang_jacks=(old.hang_jacks if old else 0) + player.hang_jacks,
                    kick_points=(old.kick_points if old else 0) + player.kick_points,
                )
            )
    return rows


def pools(match: MatchRecord) -> tuple[int, int]:
    """The two pools a match counts in: the global one and its server's."""
    return (GLOBAL, match.guild_id)


def is_rateable(match: MatchRecord) -> bool:
    return match.rated and match.outcome == "finished" and match.winner is not None


async def record(tx: Transaction, match: MatchRecord) -> list[RatingRow]:
    """Fold a match into its pools inside the transaction that stores it."""
    if not is_rateable(match):
        return []
    users = [p.user_id for p in match.players if p.user_id is not None]
    written: list[RatingRow] = []
    for pool in pools(match):
        current = await tx.ratings_of(match.family, pool, users)
        rows = rate_match(match, pool, current)
        await tx.put_ratings(rows)
        written.extend(rows)
    return written


def replay(matches: Iterable[MatchRecord]) -> list[RatingRow]:
    """Every pool's ratings recomputed from the records, in the order the matches ended."""
    by_pool: dict[int, dict[int, RatingRow]] = {}
    for match in matches:
        if not is_rateable(match):
            continue
        for pool in pools(match):
            current = by_pool.setdefault(pool, {})
            for row in rate_match(match, pool, current):
                current[row.user_id] = row
    return [row for pool in by_pool.values() for row in pool.values()]


async def rebuild(storage: Storage, family: str) -> int:
    """Recompute a family's ratings from its match records; returns the number of rows."""
    rows = replay(await storage.matches(family))
    async with storage.transaction() as tx:
        await tx.clear_ratings(family)
        await tx.put_ratings(rows)
    return len(rows)
