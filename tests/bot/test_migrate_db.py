"""``python -m bot.migrate_db``: a SQLite database copied into PostgreSQL (and back) keeps
every row and id; the migrations that move data with ``||`` give the same rows on a real
PostgreSQL server as on SQLite."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.clock import ManualClock
from bot.migrate_db import main
from bot.models import PanelRecord, Status
from bot.service import GameService
from bot.storage import ProcessLock, Storage, migrations
from bot.storage.schema import application_tables
from tests.bot.support import game_record, play_until, seated_table

DUMP = Path(__file__).parent / "fixtures" / "schema1_fbf50c9.sql"
FOUR = [201, 202, 203, 204]


def _sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every application table's rows, in a stable order, columns in SQLite's order."""
    with sqlite3.connect(path) as db:
        return {
            table: sorted(db.execute(f"SELECT {', '.join(_columns(db, table))} FROM {table}"))
            for table in application_tables()
            if _columns(db, table)
        }


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def _postgres_rows(url: str, columns: dict[str, list[str]]) -> dict[str, list[tuple[Any, ...]]]:
    async def read() -> dict[str, list[tuple[Any, ...]]]:
        conn = await asyncpg.connect(url)
        try:
            return {
                table: sorted(
                    tuple(r) for r in await conn.fetch(f"SELECT {', '.join(names)} FROM {table}")
                )
                for table, names in columns.items()
            }
        finally:
            await conn.close()

    return asyncio.run(read())


@pytest.fixture
def full_sqlite(tmp_path: Path) -> Path:
    """A SQLite database with rows in every table: the schema-1 database of an older bot,
    migrated, plus a game played today with an open hand panel."""
    path = tmp_path / "data" / "allfours.db"
    path.parent.mkdir()
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))

    async def play() -> None:
        storage = await Storage.open(path)
        seeds = iter(range(8000, 9000))
        service = GameService(
            storage, clock=ManualClock(1_790_000_500.0), seeds=lambda: next(seeds), computer_delay=0
        )
        try:
            snap = await seated_table(
                service, "caribbean", FOUR, options={"target": 7}, channel_id=77
            )
            await play_until(service, snap.id, FOUR, stop=lambda s: s.record.version >= 6)
            await service.keep_panel(PanelRecord(snap.id, 201, 9, "token", 1.5, "en", "sig"))
            # a turn-based table (its stored turns) and a player who asked for messages
            await seated_table(
                service, "caribbean", [301, 302, 303, 304], channel_id=78, pace_seconds=86400
            )
            await service.set_turn_mail(301, True)
        finally:
            await service.close()
            await storage.close()

    asyncio.run(play())
    rows = _sqlite_rows(path)
    assert all(rows[table] for table in application_tables()), "a table without rows"
    return path


def test_sqlite_to_postgresql_and_back_keeps_every_row(
    full_sqlite: Path, postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every table arrives whole, ids included, with one line per table; copied back into a
    new SQLite file, the rows are the original ones."""
    assert main([f"sqlite:///{full_sqlite}", postgres_url]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(application_tables()) + 1
    original = _sqlite_rows(full_sqlite)
    for table, line in zip(application_tables(), lines, strict=False):
        count = len(original[table])
        assert line.split() == [
            table,
            str(count),
            "rows",
            "in",
            "the",
            "source,",
            str(count),
            "in",
            "the",
            "target:",
            "ok",
        ]
    assert lines[-1].startswith(f"copied {len(application_tables())} tables, ")
    with sqlite3.connect(full_sqlite) as db:
        columns = {table: _columns(db, table) for table in application_tables()}
    assert _postgres_rows(postgres_url, columns) == original

    back = tmp_path / "back" / "allfours.db"
    assert main([postgres_url, str(back)]) == 0
    assert _sqlite_rows(back) == original


def test_new_rows_are_numbered_after_the_copied_ones(full_sqlite: Path, postgres_url: str) -> None:
    """The identity columns go on after the copied ids: a new table or match never takes an
    id that is already used."""
    assert main([f"sqlite:///{full_sqlite}", postgres_url]) == 0
    with sqlite3.connect(full_sqlite) as db:
        last_game = db.execute("SELECT MAX(id) FROM games").fetchone()[0]

    async def insert() -> int:
        storage = await Storage.open(postgres_url)
        try:
            async with storage.transaction() as tx:
                return await tx.insert_game(game_record(channel_id=123456))
        finally:
            await storage.close()

    assert asyncio.run(insert()) == last_game + 1


def test_a_target_with_data_is_refused(
    full_sqlite: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([f"sqlite:///{full_sqlite}", postgres_url]) == 0
    capsys.readouterr()
    assert main([f"sqlite:///{full_sqlite}", postgres_url]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("error: the target postgresql://")
    assert "already holds data (games: " in error and "\n" not in error


def test_a_sqlite_file_in_use_by_the_bot_is_refused(
    full_sqlite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A running bot holds its file: the copy would miss its last moves."""
    with ProcessLock(full_sqlite):
        assert main([str(full_sqlite), str(tmp_path / "copy.db")]) == 2
    assert "another bot process is using the database" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["sqlite:///missing.db", "sqlite:///other.db"], "error: there is no database at"),
        (["mysql://u:pw@h/d", "sqlite:///x.db"], "error: a database URL must be a sqlite:///"),
        (["sqlite:///same.db", "same.db"], "error: the source and the target are the same"),
    ],
)
def test_bad_arguments_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "same.db").touch()
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert error.startswith(message) and error.count("\n") == 1 and "pw" not in error


def test_data_moving_migrations_give_the_same_rows_on_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    """The schema-1 rows loaded into PostgreSQL at schema 1 and migrated there (0002 and 0005
    build JSON with ``'...' || integer || '...'``) equal the same rows migrated by SQLite."""
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))
    with sqlite3.connect(old) as raw:
        schema_1 = {
            table: (_columns(raw, table), raw.execute(f"SELECT * FROM {table}").fetchall())
            for (table,) in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }

    async def load_and_migrate() -> None:
        storage = await Storage.open(postgres_url, migrate=False)
        try:
            await storage.migrate(until=1)
            conn = await asyncpg.connect(postgres_url)
            try:
                for table in application_tables():  # parents first
                    if table in schema_1:
                        names, rows = schema_1[table]
                        marks = ", ".join(f"${i}" for i in range(1, len(names) + 1))
                        await conn.executemany(
                            f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows
                        )
            finally:
                await conn.close()
            assert await storage.migrate() == [name for _, name, _ in migrations()[1:]]
        finally:
            await storage.close()

    asyncio.run(load_and_migrate())

    async def migrate_sqlite() -> None:
        storage = await Storage.open(old)
        await storage.close()

    asyncio.run(migrate_sqlite())
    expected = _sqlite_rows(old)
    assert any('"hang_jacks"' in str(row) for row in expected["seats"])
    assert expected["guild_settings"] == [(1, '{"turn_seconds":45}')]
    with sqlite3.connect(old) as db:
        columns = {table: _columns(db, table) for table in expected}
    assert _postgres_rows(postgres_url, columns) == expected
    assert Status.FINISHED.value in {
        row[columns["games"].index("status")] for row in expected["games"]
    }
