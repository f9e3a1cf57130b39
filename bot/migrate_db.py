"""``python -m bot.migrate_db SOURCE TARGET``: copy the bot's whole database into another one,
for example an existing SQLite file into a new PostgreSQL database before running the bot as
several processes (README: "Running at scale").

SOURCE and TARGET are written like ``DATABASE_URL``: ``sqlite:///data/allfours.db`` (or a
plain path), ``postgresql://user:password@host:5432/database``. Stop the bot first: a SQLite
file in use by a bot process is refused. Both databases are brought to the current schema
(as the bot does at start), the target must be empty, every table is copied with its ids in
one transaction, and each table's rows are counted on both sides: one line per table, then a
summary. Exit status: 0 copied; 1 the copy failed (nothing was written: the counts differed,
or a server did not answer); 2 refused (bad arguments, a missing source, a non-empty target,
a database in use).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from bot.settings import SettingsError, database_target, redact
from bot.storage import (
    MigrationError,
    ProcessLock,
    Storage,
    StorageError,
    StorageOpenError,
    StorageUnreachableError,
)
from bot.storage.copy import CopyError, CountMismatchError, TableCopy, copy_database

COPIED: Final = 0
FAILED: Final = 1
REFUSED: Final = 2


class _Refused(Exception):
    def __init__(self, message: str, status: int = REFUSED) -> None:
        super().__init__(message)
        self.status = status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.migrate_db",
        description="Copy every table of the bot's database into another, empty database.",
    )
    parser.add_argument("source", help="the database to copy (sqlite:///... or postgresql://...)")
    parser.add_argument(
        "target", help="the empty database to fill (postgresql://... or sqlite:///...)"
    )
    options = parser.parse_args(argv)
    try:
        return asyncio.run(_copy(options.source, options.target))
    except _Refused as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return exc.status


async def _copy(source_url: str, target_url: str) -> int:
    try:
        source, target = database_target(source_url), database_target(target_url)
    except SettingsError as exc:
        raise _Refused(str(exc).replace("DATABASE_URL", "a database URL")) from None
    if _same(source, target):
        raise _Refused("the source and the target are the same database")
    if isinstance(source, Path) and not source.is_file():
        raise _Refused(f"there is no database at {source}")
    with contextlib.ExitStack() as held:
        for database in (source, target):
            if isinstance(database, Path):
                # The lock a bot process holds on a SQLite file: no bot writes it meanwhile.
                try:
                    held.enter_context(ProcessLock(database))
                except StorageError as exc:
                    raise _Refused(str(exc)) from None
        from_db = await _open(source)
        try:
            to_db = await _open(target)
            try:
                copies = await copy_database(from_db, to_db)
            except CountMismatchError as exc:
                _print_tables(exc.copies)
                raise _Refused(str(exc), FAILED) from None
            except CopyError as exc:
                raise _Refused(str(exc)) from None
            finally:
                await to_db.close()
        finally:
            await from_db.close()
    _print_tables(copies)
    rows = sum(c.target_rows for c in copies)
    print(
        f"copied {len(copies)} tables, {rows} rows, from {_name(source)} to {_name(target)}",
        flush=True,
    )
    return COPIED


async def _open(database: Path | str) -> Storage:
    try:
        return await Storage.open(database)
    except StorageUnreachableError as exc:
        raise _Refused(str(exc), FAILED) from None
    except (StorageOpenError, MigrationError) as exc:
        raise _Refused(str(exc)) from None


def _print_tables(copies: Sequence[TableCopy]) -> None:
    width = max(len(c.table) for c in copies)
    for c in copies:
        verdict = "ok" if c.is_complete else "DIFFERENT"
        print(
            f"{c.table:<{width}}  {c.source_rows:>9} rows in the source, "
            f"{c.target_rows:>9} in the target: {verdict}",
            flush=True,
        )


def _same(source: Path | str, target: Path | str) -> bool:
    if isinstance(source, Path) and isinstance(target, Path):
        return source.resolve() == target.resolve()
    return source == target


def _name(database: Path | str) -> str:
    return str(database) if isinstance(database, Path) else redact(database)


if __name__ == "__main__":
    sys.exit(main())
