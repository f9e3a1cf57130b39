"""SQLite, the embedded default: one long-lived aiosqlite connection in WAL mode.

All access goes through one ``asyncio.Lock``: SQLite serialises writers anyway, and a single
connection would otherwise let one coroutine read another's uncommitted transaction.

Durability: WAL with ``synchronous=NORMAL`` survives the bot process being killed at any
moment (a committed transaction is in the WAL file before COMMIT returns); only an operating
system crash or power loss may lose the last transactions.

SQLite serves one bot process: ``ProcessLock`` (an exclusive lock on a ``-lock`` file next to
the database, held while the bot runs) makes a second process against the same file stop at
once with one line, instead of both running the same servers' games.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Final

import aiosqlite

from bot.storage.backend import Column, Connection, Row
from bot.storage.errors import (
    IntegrityError,
    MigrationError,
    StorageInUseError,
    StorageOpenError,
)
from bot.storage.files import database_failure, folder_failure
from bot.storage.schema import statements

_PRAGMAS: Final = (
    # First: switching to WAL takes a lock, and a process starting beside another one must
    # wait for it instead of failing at once with "database is locked".
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)


class _SQLiteConnection:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            cursor = await self._db.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        try:
            return list(await cursor.fetchall())
        finally:
            await cursor.close()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        try:
            return cursor.rowcount
        finally:
            await cursor.close()

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    async def serialize(self, name: str) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` serialises every write transaction already."""

    async def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        marks = ", ".join("?" * len(columns))
        await self.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    async def stream(self, sql: str, batch: int) -> AsyncIterator[list[Row]]:
        async with self._db.execute(sql) as cursor:
            while rows := await cursor.fetchmany(batch):
                yield list(rows)


async def _check_writable(db: aiosqlite.Connection) -> None:
    """Write the schema version back unchanged, and undo it: SQLite opens a read-only file
    without complaint and only refuses its first write, which would be a player's move."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        rows = await db.execute_fetchall("PRAGMA user_version")
        await db.execute_fetchall(f"PRAGMA user_version = {int(next(iter(rows))[0])}")
    finally:
        await db.execute("ROLLBACK")


_LOCKED_RETRY_SECONDS: Final = 5.0


async def _prepare(db: aiosqlite.Connection) -> None:
    """The settings of every connection, then the write check. A process opening the file
    beside another can be refused at once with "database is locked" where waiting could not
    help SQLite (both switching a fresh file to WAL): each step is idempotent, so it is
    tried again for a few seconds, as ``busy_timeout`` would have waited."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + _LOCKED_RETRY_SECONDS
    pause = 0.005
    while True:
        try:
            for pragma in _PRAGMAS:
                await db.execute_fetchall(pragma)  # fetch: a pending row would block COMMIT
            await _check_writable(db)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or loop.time() + pause > deadline:
                raise
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.2)


def _create(path: Path) -> None:
    """Create the database's folder and file if needed, and open it once, or raise
    ``StorageOpenError`` with the cause."""
    if path.is_dir():
        raise StorageOpenError(
            f"cannot open the database {path}: it is a folder, not a database file (name a file "
            f"in it, e.g. {path / 'allfours.db'})",
            url_at_fault=True,
        )
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = folder_failure(path.parent, exc)
        raise StorageOpenError(f"cannot create the folder {path.parent}: {reason}") from exc
    try:
        sqlite3.connect(path).close()
    except sqlite3.Error as exc:
        verb = "open" if existed else "create"
        reason = database_failure(path, str(exc))
        raise StorageOpenError(f"cannot {verb} the database {path}: {reason}") from exc


class SQLiteBackend:
    kind: Final = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path
        self.name = str(path)

    @classmethod
    async def open(cls, path: Path) -> SQLiteBackend:
        """Open the file (creating it and its folder if needed) and check it can be written.

        A folder or file that cannot be created, opened or written raises ``StorageOpenError``
        naming it and the cause (a Docker volume owned by another uid, a read-only mount, a
        folder given as the database...)."""
        if str(path) != ":memory:":
            # In a plain thread: when connecting fails, aiosqlite leaves its worker thread
            # behind, to print a traceback once the event loop is closed.
            await asyncio.to_thread(_create, path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageOpenError(f"cannot open the database {path}: {exc}") from exc
        try:
            await _prepare(db)
        except sqlite3.Error as exc:
            await db.close()
            reason = await asyncio.to_thread(database_failure, path, str(exc))
            raise StorageOpenError(f"cannot use the database {path}: {reason}") from exc
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        async with self._lock:
            yield _SQLiteConnection(self._db)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SQLiteConnection(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._lock:
            rows = await self._db.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def ping(self) -> None:
        async with self._lock:
            # A read of the file itself (SELECT 1 would not touch it).
            await self._db.execute_fetchall("SELECT COUNT(*) FROM sqlite_master")

    async def migrate(self, pending: Sequence[tuple[int, str, str]]) -> list[str]:
        applied = []
        for number, name, sql in pending:
            async with self._lock:
                # BEGIN IMMEDIATE takes the write lock before the version is read again: of
                # two connections migrating at once, the second finds the work done.
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    rows = await self._db.execute_fetchall("PRAGMA user_version")
                    if int(next(iter(rows))[0]) >= number:
                        await self._db.execute("ROLLBACK")
                        continue
                    for statement in statements(sql):
                        await self._db.execute(statement)
                    await self._db.execute(f"PRAGMA user_version = {number}")
                    await self._db.execute("COMMIT")
                except sqlite3.Error as exc:
                    await self._db.execute("ROLLBACK")
                    raise MigrationError(f"migration {name} failed: {exc}") from exc
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise
            applied.append(name)
        return applied

    async def columns(self) -> dict[str, list[Column]]:
        async with self._lock:
            tables = await self._db.execute_fetchall(
                "SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            found = {}
            for name, sql in tables:
                info = await self._db.execute_fetchall(f"PRAGMA table_info({name})")
                autoincrement = "AUTOINCREMENT" in str(sql).upper()
                found[str(name)] = [
                    Column(str(column), str(kind).upper(), autoincrement and bool(primary))
                    for _, column, kind, _, _, primary in info
                ]
        return found

    async def restart_numbering(self, conn: Connection, tables: Sequence[str]) -> None:
        """Nothing to do: AUTOINCREMENT numbers after the largest id ever inserted."""

    async def journal_mode(self) -> str:
        async with self._lock:
            rows = await self._db.execute_fetchall("PRAGMA journal_mode")
        return str(next(iter(rows))[0])

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()


class ProcessLock:
    """An exclusive lock on ``<database>-lock``, held by the one process that runs the bot on
    a SQLite file (``with ProcessLock(path):``). The operating system drops it when the
    process ends, however it ends, so a crash never leaves a stale lock behind."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = database.with_name(database.name + "-lock")
        self._fd: int | None = None

    def __enter__(self) -> ProcessLock:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            reason = (
                folder_failure(self.path.parent, exc)
                if not self.path.parent.is_dir()
                else database_failure(self.path, exc.strerror or type(exc).__name__)
            )
            raise StorageOpenError(f"cannot create the lock file {self.path}: {reason}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            raise StorageInUseError(
                f"another bot process is using the database {self.database}; SQLite serves "
                "one process: stop the other one, or run several on PostgreSQL (README: "
                "Running at scale)"
            ) from exc
        self._fd = fd
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file releases the lock
            self._fd = None
