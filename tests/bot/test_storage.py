"""Storage on a real SQLite file: migrations, atomic commits, reloading."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot import storage as storage_module
from bot.models import ActionRecord, SeatRecord, Source, Status
from bot.storage import Storage, VersionConflictError, migrations
from tests.bot.support import game_record


async def test_migrations_create_schema_in_wal_mode(storage: Storage) -> None:
    """A fresh file gets every migration, WAL journaling and the expected tables."""
    assert await storage.schema_version() == len(migrations())
    assert await storage.journal_mode() == "wal"
    with sqlite3.connect(storage.path) as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "actions", "matches", "match_players", "ratings"} <= names
    assert "guild_settings" in names


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    """Migrations already applied are skipped on the next start."""
    first = await Storage.open(db_path)
    await first.close()
    again = await Storage.open(db_path)
    try:
        assert await again.migrate() == []
        assert await again.schema_version() == len(migrations())
    finally:
        await again.close()


def test_migration_files_are_numbered_and_explained() -> None:
    """Every migration file is numbered without gaps and starts with a comment saying why."""
    found = migrations()
    assert [number for number, _, _ in found] == list(range(1, len(found) + 1))
    for _, name, sql in found:
        assert sql.startswith("--"), name
        assert "Why:" in sql.split("\n\n")[0], name


async def test_failed_migration_leaves_no_trace(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration that fails part-way is rolled back whole and the version stays put."""
    good = migrations()
    broken = (len(good) + 1, "9999_broken.sql", "CREATE TABLE half (x);\nNOT SQL;")
    monkeypatch.setattr(storage_module, "migrations", lambda: [*good, broken])
    with pytest.raises(sqlite3.OperationalError):
        await Storage.open(db_path)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(good)
        assert raw.execute("SELECT name FROM sqlite_master WHERE name='half'").fetchone() is None


async def test_game_round_trips_through_a_reopen(db_path: Path) -> None:
    """A stored game, its seats and its log read back identical after closing the file."""
    first = await Storage.open(db_path)
    async with first.transaction() as tx:
        game_id = await tx.insert_game(game_record())
    async with first.transaction() as tx:
        await tx.insert_action(game_id, ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0))
        await tx.set_message(game_id, 555, 1)
    await first.close()

    second = await Storage.open(db_path)
    try:
        record = await second.game(game_id)
        assert record is not None
        assert record.message_id == 555 and record.message_deal == 1
        assert record.seats == {0: SeatRecord(seat=0, user_id=100, name="host")}
        assert await second.actions(game_id) == [ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0)]
        assert [g.id for g in await second.open_games()] == [game_id]
    finally:
        await second.close()


async def test_snapshot_and_log_commit_together_or_not_at_all(storage: Storage) -> None:
    """An error inside a transaction rolls back the snapshot and the log row together."""
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(game_record())
    record = await storage.game(game_id)
    assert record is not None
    moved = game_record(id=game_id, version=1, snapshot='{"x":1}', status=Status.PLAYING)

    async def crash_before_commit() -> None:
        async with storage.transaction() as tx:
            await tx.update_game(moved, expected_version=0)
            await tx.insert_action(game_id, ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0))
            raise RuntimeError("crash between the writes and the commit")

    with pytest.raises(RuntimeError):
        await crash_before_commit()
    after = await storage.game(game_id)
    assert after is not None and after.version == 0 and after.snapshot is None
    assert await storage.actions(game_id) == []


async def test_version_conflict_refuses_the_whole_commit(storage: Storage) -> None:
    """A commit expecting an outdated version changes nothing."""
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(game_record())
    moved = game_record(id=game_id, version=1, status=Status.PLAYING)
    async with storage.transaction() as tx:
        await tx.update_game(moved, expected_version=0)
        await tx.insert_action(game_id, ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0))

    async def commit_on_an_old_version() -> None:
        async with storage.transaction() as tx:
            await tx.insert_action(game_id, ActionRecord(2, 0, "B", Source.PLAYER, 100, 3.0))
            await tx.update_game(game_record(id=game_id, version=2), expected_version=0)

    with pytest.raises(VersionConflictError):
        await commit_on_an_old_version()
    assert [a.code for a in await storage.actions(game_id)] == ["S"]


async def test_one_open_table_per_channel_is_enforced_by_the_database(storage: Storage) -> None:
    """Even a racing insert cannot open a second unfinished table in a channel."""
    async with storage.transaction() as tx:
        await tx.insert_game(game_record(channel_id=42))
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as tx:
            await tx.insert_game(game_record(channel_id=42))
    async with storage.transaction() as tx:
        await tx.insert_game(game_record(channel_id=42, status=Status.FINISHED))


async def test_a_handed_over_seat_frees_its_player(storage: Storage) -> None:
    """A player whose seat the computer took may sit at another table of the server."""
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(game_record())
    assert (await storage.open_game_of_user(1, 100)) is not None
    async with storage.transaction() as tx:
        await tx.put_seats(game_id, [SeatRecord(seat=0, user_id=100, name="host", computer=True)])
    assert await storage.open_game_of_user(1, 100) is None
