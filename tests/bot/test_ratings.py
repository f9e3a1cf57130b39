"""OpenSkill ratings from match records: folded in as games end, and recomputable."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import ratings
from bot.families import places_from_scores
from bot.models import GLOBAL, MatchPlayer, MatchRecord
from bot.service import GameService
from bot.storage import Storage
from tests.bot.support import GUILD, play_until, seated_table


def _match(
    game_id: int, winner: int, users: tuple[int, int], *, rated: bool = True, guild: int = 5
) -> MatchRecord:
    return MatchRecord(
        game_id=game_id,
        family="allfours",
        pool="allfours",
        variant="english",
        guild_id=guild,
        outcome="finished",
        rated=rated,
        deals=3,
        ended_at=float(game_id),
        players=tuple(
            MatchPlayer(
                seat=seat,
                side=seat,
                user_id=user,
                computer=False,
                rank=1 if seat == winner else 2,
                score=11 if seat == winner else 4,
                stats={"kick_points": seat} if seat else {},
            )
            for seat, user in enumerate(users)
        ),
    )


def test_side_ranks_share_places_on_equal_scores() -> None:
    """The winner is first; the other sides follow by score, equal scores sharing a place."""
    assert places_from_scores([3, 7, 3, 5], winners=(1,)).places == (3, 1, 3, 2)
    assert places_from_scores([7, 7], winners=(0,)).places == (1, 2)


def test_winning_raises_and_losing_lowers_the_rating() -> None:
    """One rated match moves the winner above the loser in both pools."""
    rows = ratings.replay([_match(1, 0, (10, 20))])
    by_pool = {(r.guild_id, r.user_id): r for r in rows}
    for pool in (GLOBAL, 5):
        winner, loser = by_pool[(pool, 10)], by_pool[(pool, 20)]
        assert winner.ordinal > loser.ordinal
        assert (winner.games, winner.wins, loser.wins) == (1, 1, 0)
        assert loser.stats == {"kick_points": 1}


def test_unrated_and_abandoned_matches_do_not_count() -> None:
    """Tables with a computer from the start and abandoned tables leave ratings alone."""
    unrated = _match(1, 0, (10, 20), rated=False)
    abandoned = replace(_match(2, 0, (10, 20)), outcome="abandoned", rated=False)
    assert ratings.replay([unrated, abandoned]) == []


async def test_stored_ratings_equal_a_rebuild_from_the_records(
    service: GameService, storage: Storage
) -> None:
    """Ratings written game by game are exactly what replaying every record gives."""
    for game in range(3):
        users = [31, 32] if game % 2 else [32, 31]
        snap = await seated_table(service, "seven-up", users, options={"target": 2})
        await play_until(service, snap.id, users, seed=game)
    incremental = await storage.leaderboard("allfours", GLOBAL, min_games=0, limit=10, offset=0)
    assert len(incremental[0]) == 2
    assert sum(r.games for r in incremental[0]) == 6
    assert await ratings.rebuild(storage, "allfours") == 4  # two players, two pools
    rebuilt = await storage.leaderboard("allfours", GLOBAL, min_games=0, limit=10, offset=0)
    assert [(r.user_id, r.games, r.wins) for r in rebuilt[0]] == [
        (r.user_id, r.games, r.wins) for r in incremental[0]
    ]
    for before, after in zip(incremental[0], rebuilt[0], strict=True):
        assert before.mu == pytest.approx(after.mu) and before.sigma == pytest.approx(after.sigma)
    server = await storage.leaderboard("allfours", GUILD, min_games=0, limit=10, offset=0)
    assert {r.user_id for r in server[0]} == {31, 32}


async def test_boards_list_only_players_with_enough_games(storage: Storage) -> None:
    """Below the minimum of rated games a player is rated but not ranked."""
    async with storage.transaction() as tx:
        for game in range(1, ratings.MIN_GAMES + 1):
            users = (41, 42) if game < ratings.MIN_GAMES else (41, 43)
            match = _match(game, 0, users)
            await ratings.record(tx, match)
    rows, total = await storage.leaderboard(
        "allfours", GLOBAL, min_games=ratings.MIN_GAMES, limit=10, offset=0
    )
    assert [r.user_id for r in rows] == [41] and total == 1
    row = await storage.rating("allfours", GLOBAL, 42)
    assert row is not None and row.games == ratings.MIN_GAMES - 1
    assert await storage.rank_of(row, min_games=ratings.MIN_GAMES) is None
    top = await storage.rating("allfours", GLOBAL, 41)
    assert top is not None and await storage.rank_of(top, min_games=ratings.MIN_GAMES) == 1
