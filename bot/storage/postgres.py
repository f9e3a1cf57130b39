"""PostgreSQL, for several bot processes sharing one database: asyncpg and a pool.

Each transaction runs on one pooled connection at PostgreSQL's default isolation (READ
COMMITTED), which keeps the guarantees the SQLite back end gives:

- a move's writes (snapshot, action row, seats, match, ratings) commit together or not at all;
- the optimistic version check holds: ``UPDATE games ... WHERE id = ? AND version = ?`` waits
  for a concurrent writer of the same row and then re-reads its version, so the second of two
  commits on one version changes no row and raises ``VersionConflictError``;
- ratings are never lost between processes: a transaction that records a match first takes
  a transaction-scoped advisory lock named after the rating pool (``serialize``), so matches
  of a pool are numbered and folded into the ratings one at a time, in id order, exactly as
  ``ratings.rebuild`` replays them.

Reads that take several statements (a game and its seats, a board and its size) run in one
REPEATABLE READ, read-only transaction, so they see one state of the database.

Migrations run under a session advisory lock, so two processes starting at once against a
fresh database apply each migration once; the applied versions are kept in
``schema_migrations`` (SQLite keeps its own in ``PRAGMA user_version``).
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.backend import Column, Connection, Row
from bot.storage.errors import (
    IntegrityError,
    MigrationError,
    StorageOpenError,
    StorageUnreachableError,
)
from bot.storage.schema import numbered, to_postgres

POOL_SIZE: Final = 10
"""Connections per bot process: one move commits on one connection in a few milliseconds."""
CONNECT_TIMEOUT: Final = 10.0
LOCK_SPACE: Final = 0x41_46_34  # "AF4": the first key of this bot's advisory locks
_VERSION_TABLE: Final = "schema_migrations"
_TYPES: Final = {
    "bigint": "INTEGER",
    "integer": "INTEGER",
    "double precision": "REAL",
    "text": "TEXT",
}
_UNREACHABLE: Final = (
    OSError,
    TimeoutError,
    socket.gaierror,
    asyncpg.CannotConnectNowError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.TooManyConnectionsError,
)


_LOGIN_REFUSED: Final = (
    asyncpg.InvalidPasswordError,
    asyncpg.InvalidAuthorizationSpecificationError,
)
_SSL_REFUSED: Final = "rejected SSL upgrade"
"""What asyncpg says when the server answers "no SSL here" to a client that requires it."""


_Conn: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"


def is_postgres_url(database: object) -> bool:
    """``postgresql://...`` (or ``postgres://...``) names a PostgreSQL database.

    >>> is_postgres_url("postgresql://bot@db/cards"), is_postgres_url("data/bot.db")
    (True, False)
    """
    return isinstance(database, str) and database.startswith(("postgresql://", "postgres://"))


class _PostgresConnection:
    def __init__(self, conn: _Conn) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return [tuple(r) for r in await self._conn.fetch(numbered(sql), *params)]
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row = await self._conn.fetchrow(numbered(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc
        return None if row is None else tuple(row)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self._conn.execute(numbered(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc
        # The command tag: "UPDATE 1", "INSERT 0 1", "DELETE 3"...
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        try:
            await self._conn.executemany(numbered(sql), rows)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc

    async def serialize(self, name: str) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", LOCK_SPACE, name)

    async def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        if not rows:
            return
        try:
            await self._conn.copy_records_to_table(table, records=rows, columns=list(columns))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc

    async def stream(self, sql: str, batch: int) -> AsyncIterator[list[Row]]:
        rows: list[Row] = []
        async for record in self._conn.cursor(sql, prefetch=batch):
            rows.append(tuple(record))
            if len(rows) == batch:
                yield rows
                rows = []
        if rows:
            yield rows


class PostgresBackend:
    kind: Final = "postgresql"

    def __init__(self, pool: asyncpg.Pool, name: str) -> None:
        self._pool = pool
        self.name = name

    @classmethod
    async def open(cls, url: str, name: str) -> PostgresBackend:
        """Connect a pool; ``name`` is the URL without its password, for messages.

        A server that does not answer raises ``StorageUnreachableError``; one that refuses the
        login, has no such database, or is read-only raises ``StorageOpenError``."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT
            )
        except ssl.SSLError as exc:
            raise StorageOpenError(
                f"cannot open the database {name}: SSL failed ({_reason(exc)}); check the "
                "server's certificate, or the sslmode the URL asks for",
                url_at_fault=True,
            ) from exc
        except ConnectionError as exc:
            if _SSL_REFUSED not in str(exc):
                raise StorageUnreachableError(
                    f"cannot reach the database {name}: {_reason(exc)}"
                ) from exc
            raise StorageOpenError(
                f"cannot open the database {name}: the server does not offer SSL, which the "
                f"URL requires ({_sslmode(url)}); turn SSL on in the server, or ask for "
                "sslmode=prefer (or disable) in the URL",
                url_at_fault=True,
            ) from exc
        except _UNREACHABLE as exc:
            raise StorageUnreachableError(
                f"cannot reach the database {name}: {_reason(exc)}"
            ) from exc
        except _LOGIN_REFUSED as exc:
            raise StorageOpenError(
                f"cannot open the database {name}: {_reason(exc)} (check the user name and the "
                "password: in the URL, or in PGPASSWORD)",
                url_at_fault=True,
            ) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise StorageOpenError(
                f"cannot open the database {name}: {_reason(exc)}", url_at_fault=True
            ) from exc
        backend = cls(pool, name)
        try:
            async with pool.acquire() as conn:
                read_only = await conn.fetchval("SHOW transaction_read_only")
            if read_only == "on":
                raise StorageOpenError(f"cannot use the database {name}: it is read-only")
        except BaseException:
            await pool.close()
            raise
        return backend

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield _PostgresConnection(conn)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresConnection(conn)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await _version(conn)

    async def ping(self) -> None:
        async with self._pool.acquire() as conn:
            await conn.fetchval("SELECT 1")

    async def migrate(self, pending: Sequence[tuple[int, str, str]]) -> list[str]:
        applied = []
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1, hashtext('migrations'))", LOCK_SPACE)
            try:
                await conn.execute(
                    f"CREATE TABLE IF NOT EXISTS {_VERSION_TABLE} (version BIGINT PRIMARY KEY, "
                    "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                for number, name, sql in pending:
                    if number <= await _version(conn):
                        continue  # another process applied it while this one waited
                    try:
                        async with conn.transaction():
                            await conn.execute(to_postgres(sql))
                            await conn.execute(
                                f"INSERT INTO {_VERSION_TABLE} (version, name) VALUES ($1, $2)",
                                number,
                                name,
                            )
                    except asyncpg.PostgresError as exc:
                        raise MigrationError(f"migration {name} failed: {exc}") from exc
                    applied.append(name)
            finally:
                await conn.execute(
                    "SELECT pg_advisory_unlock($1, hashtext('migrations'))", LOCK_SPACE
                )
        return applied

    async def columns(self) -> dict[str, list[Column]]:
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT table_name, column_name, data_type, is_identity "
                "FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name <> $1 ORDER BY table_name, ordinal_position",
                _VERSION_TABLE,
            )
        found: dict[str, list[Column]] = {}
        for table, column, kind, identity in rows:
            found.setdefault(table, []).append(
                Column(column, _TYPES.get(kind, kind.upper()), identity == "YES")
            )
        return found

    async def restart_numbering(self, conn: Connection, tables: Sequence[str]) -> None:
        """Each identity column goes on after the largest id now in its table."""
        columns = await self.columns()
        for table in tables:
            for column in columns.get(table, []):
                if column.identity:
                    await conn.fetch(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{column.name}'), "
                        f"COALESCE((SELECT MAX({column.name}) FROM {table}), 0) + 1, false)"
                    )

    async def journal_mode(self) -> str:
        """PostgreSQL always writes ahead: its WAL is not a mode."""
        return "wal"

    async def close(self) -> None:
        await self._pool.close()


async def _version(conn: _Conn) -> int:
    if await conn.fetchval("SELECT to_regclass($1)", _VERSION_TABLE) is None:
        return 0
    return int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {_VERSION_TABLE}"))


def _sslmode(url: str) -> str:
    query = url.partition("?")[2]
    modes = [part for part in query.split("&") if part.lower().startswith(("sslmode=", "ssl="))]
    return modes[-1] if modes else "sslmode"


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__
