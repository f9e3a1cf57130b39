"""Storage on a real database, SQLite and PostgreSQL: migrations, atomic commits, version
checks between processes, reloading."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.models import ActionRecord, MatchPlayer, MatchRecord, SeatRecord, Source, Status
from bot.storage import (
    IntegrityError,
    MigrationError,
    Storage,
    VersionConflictError,
    migrations,
)
from bot.storage import store as store_module
from bot.storage.schema import application_tables
from tests.bot.support import game_record


async def test_migrations_create_the_schema(storage: Storage) -> None:
    """A fresh database gets every migration and exactly the application's tables."""
    assert await storage.schema_version() == len(migrations())
    assert set(await storage.columns()) == set(application_tables())
    assert {"games", "seats", "actions", "matches", "match_players", "ratings"} <= set(
        application_tables()
    )


async def test_sqlite_file_is_in_wal_mode(db_path: Path) -> None:
    """SQLite journals ahead of writes (a killed process loses no committed move)."""
    storage = await Storage.open(db_path)
    try:
        assert await storage.journal_mode() == "wal"
        assert storage.kind == "sqlite" and storage.path == db_path
    finally:
        await storage.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(migrations())


async def test_reopening_applies_nothing_twice(database: Path | str) -> None:
    """Migrations already applied are skipped on the next start."""
    first = await Storage.open(database)
    await first.close()
    again = await Storage.open(database)
    try:
        assert await again.migrate() == []
        assert await again.schema_version() == len(migrations())
    finally:
        await again.close()


async def test_two_processes_starting_at_once_migrate_once(database: Path | str) -> None:
    """Two bot processes opening a fresh database together apply each migration once."""
    first, second = await asyncio.gather(Storage.open(database), Storage.open(database))
    try:
        assert await first.schema_version() == await second.schema_version() == len(migrations())
        assert await first.migrate() == await second.migrate() == []
    finally:
        await first.close()
        await second.close()


def test_migration_files_are_numbered_and_explained() -> None:
    """Every migration file is numbered without gaps and starts with a comment saying why."""
    found = migrations()
    assert [number for number, _, _ in found] == list(range(1, len(found) + 1))
    for _, name, sql in found:
        assert sql.startswith("--"), name
        assert "Why:" in sql.split("\n\n")[0], name


async def test_failed_migration_leaves_no_trace(
    database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration that fails part-way is rolled back whole and the version stays put."""
    good = migrations()
    broken = (len(good) + 1, "9999_broken.sql", "CREATE TABLE half (x INTEGER);\nNOT SQL;")
    monkeypatch.setattr(store_module, "migrations", lambda: [*good, broken])
    with pytest.raises(MigrationError, match=r"migration 9999_broken\.sql failed: "):
        await Storage.open(database)
    after = await Storage.open(database, migrate=False)
    try:
        assert await after.schema_version() == len(good)
        assert "half" not in await after.columns()
    finally:
        await after.close()


async def test_game_round_trips_through_a_reopen(database: Path | str) -> None:
    """A stored game, its seats and its log read back identical after closing the database."""
    first = await Storage.open(database)
    async with first.transaction() as tx:
        game_id = await tx.insert_game(game_record())
    async with first.transaction() as tx:
        await tx.insert_action(game_id, ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0))
        await tx.set_message(game_id, 555, 1)
    await first.close()

    second = await Storage.open(database)
    try:
        record = await second.game(game_id)
        assert record is not None
        assert record.message_id == 555 and record.message_deal == 1
        assert record.seats == {0: SeatRecord(seat=0, user_id=100, name="host")}
        assert record == game_record(
            id=game_id,
            message_id=555,
            message_deal=1,
        )
        assert await second.actions(game_id) == [ActionRecord(1, 0, "S", Source.PLAYER, 100, 2.0)]
        assert [g.id for g in await second.open_games()] == [game_id]
    finally:
        await second.close()


async def test_discord_ids_keep_all_64_bits(storage: Storage) -> None:
    """Snowflakes above 2**63 / 2 (and 2**31) come back exactly (BIGINT on PostgreSQL)."""
    big = 2**63 - 1
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(
            game_record(guild_id=big, channel_id=big - 1, host_id=2**40, seed=2**62 - 1)
        )
    record = await storage.game(game_id)
    assert record is not None
    assert (record.guild_id, record.channel_id, record.host_id, record.seed) == (
        big,
        big - 1,
        2**40,
        2**62 - 1,
    )


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


async def test_concurrent_commits_on_one_version_from_two_processes(
    database: Path | str,
) -> None:
    """Two processes commit a move on the same version at the same time: the second waits
    for the first, then finds the version gone and commits nothing."""
    first = await Storage.open(database)
    second = await Storage.open(database)
    try:
        async with first.transaction() as tx:
            game_id = await tx.insert_game(game_record())
        written = asyncio.Event()
        release = asyncio.Event()

        async def commit(storage: Storage, code: str, hold: bool) -> None:
            async with storage.transaction() as tx:
                await tx.update_game(
                    game_record(id=game_id, version=1, status=Status.PLAYING), expected_version=0
                )
                await tx.insert_action(game_id, ActionRecord(1, 0, code, Source.PLAYER, 100, 2.0))
                if hold:
                    written.set()
                    await release.wait()

        winner = asyncio.create_task(commit(first, "S", hold=True))
        await written.wait()
        loser = asyncio.create_task(commit(second, "B", hold=False))
        await asyncio.sleep(0.1)  # the loser is now waiting for the winner's transaction
        release.set()
        await winner
        with pytest.raises(VersionConflictError):
            await loser
        assert [a.code for a in await second.actions(game_id)] == ["S"]
    finally:
        await first.close()
        await second.close()


def _match(game_id: int, user: int) -> MatchRecord:
    return MatchRecord(
        game_id=game_id,
        family="allfours",
        pool="allfours",
        variant="english",
        guild_id=5,
        outcome="finished",
        rated=True,
        deals=1,
        ended_at=1.0,
        players=(
            MatchPlayer(0, 0, user, False, 1, 11, {}),
            MatchPlayer(1, 1, user + 1, False, 2, 3, {}),
        ),
    )


async def test_matches_of_a_pool_are_recorded_one_at_a_time_across_processes(
    database: Path | str,
) -> None:
    """While one process records a match of a pool (and folds its ratings), another
    process's match of that pool waits: match ids follow the order the ratings were folded
    in, so a rebuild from the records gives the stored ratings."""
    first = await Storage.open(database)
    second = await Storage.open(database)
    try:
        async with first.transaction() as tx:
            games = [
                await tx.insert_game(game_record(channel_id=c, status=Status.FINISHED))
                for c in (1, 2)
            ]
        recorded = asyncio.Event()
        release = asyncio.Event()
        ids: list[int] = []

        async def record(storage: Storage, game_id: int, hold: bool) -> None:
            async with storage.transaction() as tx:
                ids.append(await tx.insert_match(_match(game_id, 100)))
                if hold:
                    recorded.set()
                    await release.wait()

        holder = asyncio.create_task(record(first, games[0], hold=True))
        await recorded.wait()
        waiter = asyncio.create_task(record(second, games[1], hold=False))
        await asyncio.sleep(0.2)
        assert not waiter.done() and len(ids) == 1
        release.set()
        await asyncio.gather(holder, waiter)
        assert ids[0] < ids[1]
        assert [m.game_id for m in await first.matches("allfours")] == games
    finally:
        await first.close()
        await second.close()


async def test_one_open_table_per_channel_is_enforced_by_the_database(storage: Storage) -> None:
    """Even a racing insert cannot open a second unfinished table in a channel."""
    async with storage.transaction() as tx:
        await tx.insert_game(game_record(channel_id=42))
    with pytest.raises(IntegrityError):
        async with storage.transaction() as tx:
            await tx.insert_game(game_record(channel_id=42))
    async with storage.transaction() as tx:
        await tx.insert_game(game_record(channel_id=42, status=Status.FINISHED))


async def test_a_handed_over_seat_frees_its_player(storage: Storage) -> None:
    """A player whose seat the computer took may sit at another table of the server."""
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(game_record())
        assert await tx.claim_seat(1, 100, game_id)
    assert (await storage.open_game_of_user(1, 100)) is not None
    async with storage.transaction() as tx:
        await tx.put_seats(game_id, [SeatRecord(seat=0, user_id=100, name="host", computer=True)])
        await tx.release_seat(1, 100, game_id)
    assert await storage.open_game_of_user(1, 100) is None


async def test_one_live_seat_per_player_and_server_is_a_rule_of_the_database(
    storage: Storage,
) -> None:
    """A second claim in the same server is refused, even by another connection at the same
    moment; another server, or the same table again, is fine; a closed table frees them."""
    async with storage.transaction() as tx:
        first = await tx.insert_game(game_record())
        second = await tx.insert_game(game_record(channel_id=21))
    claims = await asyncio.gather(
        *(_claim(storage, 1, 100, game) for game in (first, second)), return_exceptions=True
    )
    assert sorted(map(str, claims)) == ["False", "True"]
    won = first if claims[0] is True else second
    async with storage.transaction() as tx:
        assert await tx.claim_seat(1, 100, won)  # the same table again: still theirs
        assert await tx.claim_seat(2, 100, second)  # another server
        await tx.release_table(won)
    async with storage.transaction() as tx:
        assert await tx.claim_seat(1, 100, first)


async def _claim(storage: Storage, guild_id: int, user_id: int, game_id: int) -> bool:
    async with storage.transaction() as tx:
        claimed = await tx.claim_seat(guild_id, user_id, game_id)
        await asyncio.sleep(0.05)  # both transactions are open at once
        return claimed
