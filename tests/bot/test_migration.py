"""A database written by the bot before the table machinery (schema 1, commit fbf50c9) opens
with today's code and keeps every game, rating and statistic."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import ratings
from bot.clock import ManualClock
from bot.models import GLOBAL, Status
from bot.service import GameService, ServiceError
from bot.storage import Storage, migrations
from tests.bot.support import play_until

DUMP = Path(__file__).parent / "fixtures" / "schema1_fbf50c9.sql"


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    """The schema-1 database, rebuilt from its SQL dump."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))
    return path


def _old_rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as raw:
        return list(raw.execute(sql).fetchall())


async def test_schema_1_database_migrates_without_losing_anything(old_db: Path) -> None:
    """Games, actions, seats (with their statistics), matches, ratings and settings survive."""
    games = _old_rows(old_db, "SELECT id, status, snapshot, version, seed FROM games ORDER BY id")
    actions = _old_rows(old_db, "SELECT COUNT(*) FROM actions")[0][0]
    seat_stats = _old_rows(
        old_db, "SELECT game_id, seat, hang_jacks, kick_points FROM seats ORDER BY game_id, seat"
    )
    old_ratings = _old_rows(
        old_db,
        "SELECT family, guild_id, user_id, mu, sigma, ordinal, games, wins, hang_jacks, "
        "kick_points FROM ratings",
    )
    old_places = _old_rows(
        old_db,
        "SELECT m.game_id, mp.seat, mp.rank, mp.score FROM match_players mp "
        "JOIN matches m ON m.id = mp.match_id ORDER BY m.game_id, mp.seat",
    )
    assert len(games) == 9 and actions > 0 and old_ratings
    assert any(h or k for _, _, h, k in seat_stats)

    storage = await Storage.open(old_db)
    try:
        assert await storage.schema_version() == len(migrations())
        for game_id, status, snapshot, version, seed in games:
            record = await storage.game(int(str(game_id)))
            assert record is not None
            assert (record.status.value, record.snapshot, record.version, record.seed) == (
                status,
                snapshot,
                version,
                seed,
            )
        assert len(await storage.actions(6)) > 0
        for game_id, seat, hang_jacks, kick_points in seat_stats:
            record = await storage.game(int(str(game_id)))
            assert record is not None
            expected = {"hang_jacks": hang_jacks, "kick_points": kick_points}
            assert record.seats[int(str(seat))].stats == {k: v for k, v in expected.items() if v}
        for pool, board, user, mu, sigma, ordinal, played, wins, hang, kicks in old_ratings:
            row = await storage.rating(str(pool), int(str(board)), int(str(user)))
            assert row is not None
            assert (row.mu, row.sigma, row.ordinal, row.games, row.wins) == (
                mu,
                sigma,
                ordinal,
                played,
                wins,
            )
            assert row.stats == {
                k: v for k, v in {"hang_jacks": hang, "kick_points": kicks}.items() if v
            }
        matches = await storage.matches("allfours")
        places = [
            (m.game_id, p.seat, p.rank, p.score)
            for m in sorted(matches, key=lambda m: m.game_id)
            for p in m.players
        ]
        assert places == [tuple(row) for row in old_places]
        assert await storage.server_settings(1) == '{"turn_seconds":45}'
    finally:
        await storage.close()


async def test_migrated_ratings_equal_a_rebuild_from_the_match_records(old_db: Path) -> None:
    """The records kept by the migration still produce exactly the stored ratings."""
    storage = await Storage.open(old_db)
    try:
        before, _ = await storage.leaderboard("allfours", GLOBAL, min_games=0, limit=50, offset=0)
        await ratings.rebuild(storage, "allfours")
        after, _ = await storage.leaderboard("allfours", GLOBAL, min_games=0, limit=50, offset=0)
        assert [(r.user_id, r.mu, r.sigma, r.stats) for r in before] == [
            (r.user_id, r.mu, r.sigma, r.stats) for r in after
        ]
    finally:
        await storage.close()


async def test_migrated_open_tables_resume_and_finish(old_db: Path) -> None:
    """The lobby and the two games in progress come back; a game goes on to the end, rated,
    and its players' old statistics keep counting."""
    storage = await Storage.open(old_db)
    seeds = iter(range(9000, 10000))
    service = GameService(
        storage, clock=ManualClock(1_790_000_500.0), seeds=lambda: next(seeds), computer_delay=0
    )
    try:
        for game_id in (1, 2, 3, 4, 5):  # closed games still show: older snapshots rebuild
            old = json.loads(
                _old_rows(old_db, f"SELECT snapshot FROM games WHERE id = {game_id}")[0][0]
            )
            closed = await service.snapshot(game_id)
            assert closed.state is not None and list(closed.state.scores) == old["scores"]
        assert await service.resume() == 3
        lobby = await service.snapshot(8)
        assert lobby.status is Status.LOBBY and lobby.record.message_id == 555000222
        game = await service.snapshot(6)
        assert game.status is Status.PLAYING and game.record.message_deal is not None
        before = await storage.rating("allfours", GLOBAL, 101)
        assert before is not None
        final = await play_until(service, 6, [101, 102, 103, 104], seed=3)
        assert final.status is Status.FINISHED and final.result is not None
        after = await storage.rating("allfours", GLOBAL, 101)
        assert after is not None and after.games == before.games + 1
        for name, count in before.stats.items():
            assert after.stats.get(name, 0) >= count
    finally:
        await service.close()
        await storage.close()


async def test_clicks_at_once_on_a_table_being_loaded_share_one_table(
    old_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first clicks on a game after a restart arrive together while its snapshot is being
    loaded (slowly: an old one is rebuilt from the log): they wait for one load, so one table
    (one lock) serves them, one move applies and the other clicks are refused as out of date."""
    storage = await Storage.open(old_db)
    service = GameService(storage, clock=ManualClock(1_790_000_500.0), computer_delay=0)
    load = GameService._load

    async def slow_load(self: GameService, record: Any) -> Any:
        await asyncio.sleep(0.05)  # a rebuild from a long log takes a while
        return await load(self, record)

    monkeypatch.setattr(GameService, "_load", slow_load)
    try:
        game = await service.snapshot(6)  # read only: not kept
        assert service.cached(6) is None
        for user in (101, 102, 103, 104):
            panel = await service.panel(6, user)
            if panel.codes:
                break
        version = game.record.version
        results = await asyncio.gather(
            *(service.act(6, user, panel.codes[0], version) for _ in range(4)),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(refused) == 3 and {r.key for r in refused} == {"act.stale"}, results
        assert (await service.snapshot(6)).record.version == version + 1
    finally:
        await service.close()
        await storage.close()
