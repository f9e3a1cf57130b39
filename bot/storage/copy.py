"""A whole database copied into another, empty one: SQLite to PostgreSQL (the way to scale an
existing bot), or any other pair.

Every table of the schema is copied row for row with its ids, in the order the migrations
created the tables (parents before the rows that name them), inside one transaction of the
target: the copy is whole or absent. The target's numbering then goes on after the copied
ids, and the rows of every table are counted on both sides before the commit; a difference
rolls everything back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.storage.backend import Column, Connection, Row
from bot.storage.errors import StorageError
from bot.storage.schema import application_tables
from bot.storage.store import Storage

BATCH: Final = 2000
"""Rows read and written at a time: a big action log is never held whole in memory."""


class CopyError(StorageError):
    """The copy cannot be made (the message says why); nothing was written."""


@dataclass(frozen=True, slots=True)
class TableCopy:
    """One table's rows in the source, and in the target after the copy."""

    table: str
    source_rows: int
    target_rows: int

    @property
    def is_complete(self) -> bool:
        return self.source_rows == self.target_rows


class CountMismatchError(CopyError):
    """Some table's row counts differ after the copy; it was rolled back."""

    def __init__(self, copies: list[TableCopy]) -> None:
        wrong = [c.table for c in copies if not c.is_complete]
        super().__init__(f"row counts differ in {', '.join(wrong)}: nothing was copied")
        self.copies = copies


async def copy_database(source: Storage, target: Storage, *, batch: int = BATCH) -> list[TableCopy]:
    """Copy every table of ``source`` into the empty ``target`` (both at the current schema:
    ``Storage.open`` migrates them); the row counts of each table, checked equal."""
    tables = application_tables()
    if await source.schema_version() != await target.schema_version():
        raise CopyError(
            f"the source is at schema {await source.schema_version()} and the target at "
            f"{await target.schema_version()}"
        )
    source_columns = await source.columns()
    target_columns = await target.columns()
    for table in tables:
        names = [c.name for c in source_columns.get(table, [])]
        if sorted(names) != sorted(c.name for c in target_columns.get(table, [])):
            raise CopyError(f"the table {table} has other columns in the source and the target")
    async with target._backend.writing() as out:
        for table in tables:
            found = await _count(out, table)
            if found:
                raise CopyError(
                    f"the target {target.name} already holds data ({table}: {found} rows); "
                    "copy only into an empty database"
                )
        async with source._backend.reading() as into:
            copied = {}
            for table in tables:
                copied[table] = await _count(into, table)
                await _copy_table(into, out, table, source_columns[table], target_columns, batch)
        await target._backend.restart_numbering(out, tables)
        copies = [TableCopy(t, copied[t], await _count(out, t)) for t in tables]
        if not all(c.is_complete for c in copies):
            raise CountMismatchError(copies)  # leaving the block rolls the copy back
    return copies


async def _copy_table(
    source: Connection,
    target: Connection,
    table: str,
    columns: Sequence[Column],
    target_columns: dict[str, list[Column]],
    batch: int,
) -> None:
    names = [c.name for c in columns]
    kinds = {c.name: c.type for c in target_columns[table]}
    converters = [_converter(kinds[name]) for name in names]
    async for rows in source.stream(f"SELECT {', '.join(names)} FROM {table}", batch):
        await target.insert_rows(
            table,
            names,
            [
                tuple(convert(value) for convert, value in zip(converters, row, strict=True))
                for row in rows
            ],
        )


def _converter(kind: str) -> Any:
    """Values as the target column's type wants them: SQLite may hand a whole REAL back as
    an int, or an INTEGER column's value as a float; PostgreSQL's binary copy takes only the
    exact type."""
    if kind == "REAL":
        return lambda value: float(value) if isinstance(value, int) else value
    if kind == "INTEGER":
        return lambda value: (
            int(value) if isinstance(value, float) and value.is_integer() else value
        )
    return lambda value: value


async def _count(conn: Connection, table: str) -> int:
    row: Row | None = await conn.fetchone(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row else 0
