"""What the storage asks of a database engine: SQLite (``sqlite.py``) or PostgreSQL
(``postgres.py``). Every application statement lives in ``store.py``, written once with ``?``
placeholders; a back end only runs statements, transactions, migrations and catalogue
questions, and turns its driver's errors into the storage's own."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

Row = Sequence[Any]


@dataclass(frozen=True, slots=True)
class Column:
    """A column as the catalogue describes it, its type one of the portable ``INTEGER``,
    ``REAL`` or ``TEXT`` (PostgreSQL's ``bigint`` and ``double precision`` are named so)."""

    name: str
    type: str
    identity: bool = False
    """The database numbers new rows itself (SQLite AUTOINCREMENT, a PostgreSQL identity)."""


class Connection(Protocol):
    """One connection, inside a transaction or a consistent read."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row the statement returns."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row the statement returns, or None."""
        ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once per row of parameters."""
        ...

    async def serialize(self, name: str) -> None:
        """Make the transactions that name the same thing run one after the other from here to
        their end (a no-op where every write transaction is already serialised)."""
        ...

    async def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        """Insert many rows at once, as they are (ids included): the copy between databases."""
        ...

    def stream(self, sql: str, batch: int) -> AsyncIterator[list[Row]]:
        """The rows of a query in batches of at most ``batch`` (a big table is never held
        whole in memory)."""
        ...


class Backend(Protocol):
    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        ...

    @property
    def name(self) -> str:
        """What to call the database in a message: the file, or the URL without its
        password."""
        ...

    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """A connection whose reads see one consistent state of the database."""
        ...

    def writing(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction: committed on leaving the block, rolled back on any error."""
        ...

    async def schema_version(self) -> int: ...

    async def ping(self) -> None:
        """Answer one trivial query (the health check's "the database answers")."""
        ...

    async def migrate(self, pending: Sequence[tuple[int, str, str]]) -> list[str]:
        """Apply the pending migrations in order, each with its version bump in one
        transaction; the names of those this call applied."""
        ...

    async def columns(self) -> dict[str, list[Column]]:
        """Every table of the application schema and its columns, in their order."""
        ...

    async def restart_numbering(self, conn: Connection, tables: Sequence[str]) -> None:
        """After rows were inserted with their ids: new rows are numbered after them."""
        ...

    async def journal_mode(self) -> str: ...

    async def close(self) -> None: ...
