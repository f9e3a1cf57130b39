"""Backups of the SQLite database, and restoring one (``python -m bot.backup`` and
``python -m bot.restore``).

A backup is taken with SQLite's backup API in one step, inside one read transaction: it is one
consistent state of the database even while the bot writes (WAL mode lets it read beside the
bot's writes). The copy is made self-contained: its journal mode is set back to DELETE, so it
is one file that anyone can open, where a WAL-mode copy would need its ``-wal`` and ``-shm``
files created beside it by whoever opens it (and fails as "attempt to write a readonly
database" in a folder they may not write, such as a host folder seen from a container).

A restore copies the backup, byte for byte, into a new file in the database's own folder,
checks it (integrity, the bot's schema, a version this build knows), then puts it in place of
the database with one atomic rename. The old database is checkpointed first, and its ``-wal``
and ``-shm`` files removed: SQLite would otherwise apply the old database's log to the
restored file. The restored file belongs to whoever restores it: in Docker, run the restore as
the image's own user, reading the backup from stdin, so no host folder's owner matters.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final
from urllib.request import pathname2url

from bot.storage.errors import SchemaTooNewError, StorageError, StorageOpenError
from bot.storage.files import database_failure, not_writable
from bot.storage.schema import latest_version

_CHUNK: Final = 1 << 20
_SIDE_FILES: Final = ("-wal", "-shm")
_BUSY_MILLISECONDS: Final = 5000


class BackupError(StorageError):
    """The backup is not a usable database of the bot; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Contents:
    """What a database holds, in a few numbers an operator can check."""

    schema_version: int
    games: int
    open_games: int
    matches: int

    def __str__(self) -> str:
        return (
            f"schema version {self.schema_version}, {self.games} game(s) "
            f"({self.open_games} unfinished), {self.matches} match record(s)"
        )


def take(database: Path, target: Path) -> Contents:
    """Copy ``database`` into ``target`` (replaced atomically if it exists), consistently even
    while the bot runs; what the copy holds."""
    if not database.is_file():
        raise StorageOpenError(f"there is no database at {database}")
    if target.resolve() == database.resolve():
        raise StorageOpenError(f"{target} is the database itself: write the backup to another file")
    # Beside the target, so that the final rename is atomic; named like SQLite's side files,
    # so that .gitignore (*.db-*) keeps one left by a killed backup out of git.
    partial = target.with_name(f"{target.name}-partial-{os.getpid()}")
    try:
        with closing(_connect(database, "ro")) as source, closing(sqlite3.connect(partial)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE").fetchall()
            contents = _check(copy, str(database))
        _sync(partial)
        os.replace(partial, target)
        _sync(target.parent)
    except sqlite3.Error as exc:
        raise StorageOpenError(
            f"cannot back up {database} into {target}: {database_failure(target, str(exc))}"
        ) from exc
    except OSError as exc:
        reason = not_writable(target.parent) or exc.strerror or str(exc)
        raise StorageOpenError(f"cannot write the backup {target}: {reason}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return contents


def take_to_stream(database: Path, stream: BinaryIO) -> Contents:
    """``take`` into a temporary file, then its bytes onto ``stream`` (``-``: stdout, to take
    a backup out of a container without any folder shared with it)."""
    with tempfile.TemporaryDirectory(prefix="allfours-backup.") as folder:
        copy = Path(folder) / "backup.db"
        contents = take(database, copy)
        with copy.open("rb") as file:
            shutil.copyfileobj(file, stream, _CHUNK)
        stream.flush()
    return contents


def restore(backup: Path | BinaryIO, database: Path) -> Contents:
    """Put the backup in place of ``database`` (the caller holds its ``ProcessLock``: no bot
    runs on it); what the restored database holds. Nothing changes if the backup is not a
    sound database of the bot, of a schema this build knows."""
    folder = database.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageOpenError(f"cannot create the folder {folder}: {exc.strerror}") from exc
    incoming = folder / f"{database.name}-restore-{os.getpid()}"
    try:
        with _created(incoming, database):
            _copy_in(backup, incoming)
            name = backup.name if isinstance(backup, Path) else "the backup"
            with closing(sqlite3.connect(incoming)) as db:
                contents = _check(db, str(name))
                db.execute("PRAGMA journal_mode = DELETE").fetchall()
            _sync(incoming)
            _checkpoint(database)
            for suffix in _SIDE_FILES:
                Path(f"{database}{suffix}").unlink(missing_ok=True)
            os.replace(incoming, database)
            _sync(folder)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"the backup is not a database of the bot: {exc}") from exc
    return contents


@contextmanager
def _created(incoming: Path, database: Path) -> Iterator[None]:
    """Remove ``incoming`` and its side files however the restore ends (after success, the
    rename has already taken it), and name a folder the restore may not write."""
    try:
        yield
    except OSError as exc:
        reason = not_writable(database.parent) or exc.strerror or str(exc)
        raise StorageOpenError(f"cannot restore into {database}: {reason}") from exc
    finally:
        for path in (incoming, *(Path(f"{incoming}{suffix}") for suffix in _SIDE_FILES)):
            path.unlink(missing_ok=True)


def _copy_in(backup: Path | BinaryIO, incoming: Path) -> None:
    if isinstance(backup, Path):
        if not backup.is_file():
            raise BackupError(f"there is no backup at {backup}")
        shutil.copyfile(backup, incoming)
        # A copy taken with the bot's files (not with python -m bot.backup) may have its
        # last transactions in a -wal file beside it: they belong to it.
        wal = Path(f"{backup}-wal")
        if wal.is_file() and wal.stat().st_size:
            shutil.copyfile(wal, Path(f"{incoming}-wal"))
        return
    with incoming.open("wb") as file:
        shutil.copyfileobj(backup, file, _CHUNK)
    if incoming.stat().st_size == 0:
        raise BackupError("the backup is empty (nothing came on stdin)")


def _check(db: sqlite3.Connection, name: str) -> Contents:
    """What a copy holds, refusing one that is damaged or no database of this bot."""
    verdict = db.execute("PRAGMA integrity_check").fetchall()
    if verdict != [("ok",)]:
        raise BackupError(f"{name} is damaged: {'; '.join(str(row[0]) for row in verdict[:3])}")
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if version < 1 or not {"games", "matches"} <= tables:
        raise BackupError(f"{name} is not a database of the bot (no games, no schema version)")
    if version > latest_version():
        raise SchemaTooNewError(
            f"{name} has schema version {version}, newer than this version of the bot knows "
            f"({latest_version()}): restore it with the version that wrote it"
        )
    games, open_games = db.execute(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE status IN ('lobby', 'playing')) FROM games"
    ).fetchone()
    matches = db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    return Contents(version, int(games), int(open_games), int(matches))


def _checkpoint(database: Path) -> None:
    """Fold the old database's -wal into it (the last connection to close does), so removing
    the side files loses nothing that is kept; a database too damaged to open is replaced
    as it is."""
    if not database.exists():
        return
    try:
        with closing(_connect(database, "rw")) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    except sqlite3.DatabaseError:
        return


def _connect(database: Path, mode: str) -> sqlite3.Connection:
    """A connection that never creates the file (``mode``: ``ro`` or ``rw``)."""
    uri = f"file:{pathname2url(str(database.absolute()))}?mode={mode}"
    db = sqlite3.connect(uri, uri=True)
    db.execute(f"PRAGMA busy_timeout = {_BUSY_MILLISECONDS}")
    return db


def _sync(path: Path) -> None:
    """Flush a file, or a folder's entries (a rename), to the disk."""
    flags = os.O_RDONLY | (os.O_DIRECTORY if path.is_dir() else 0)
    descriptor = os.open(path, flags)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
