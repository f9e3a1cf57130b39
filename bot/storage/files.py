"""Why a SQLite database's files cannot be created or written, in words an operator can act
on: which folder or file, who owns it, and which uid the bot runs as (in the Docker image,
10001, which a bind-mounted host folder must let write).

SQLite itself only says "unable to open database file" or "attempt to write a readonly
database", whatever the cause; these helpers look at the files after such a failure and name
the cause when it is a permission, a read-only file system, or a folder where a file belongs.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def running_uid() -> int:
    """The user id this process writes files as."""
    return os.geteuid()


def nearest_existing(path: Path) -> Path:
    """``path`` itself if it exists, else its closest existing parent."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path("/")


def not_writable(path: Path, why: str = "") -> str | None:
    """Why this process may not write ``path`` (for a folder: create files in it), or None if
    it may (or ``path`` does not exist). ``why``: what needs to write there, if not obvious."""
    try:
        info = path.stat()
    except OSError:
        return None
    folder = stat.S_ISDIR(info.st_mode)
    wanted = os.W_OK | (os.X_OK if folder else 0)
    if _may(path, wanted):
        return read_only_file_system(path)
    return _refusal(path, info, folder, "write in" if folder else "write", why)


def not_readable(path: Path) -> str | None:
    """Why this process may not read ``path``, or None."""
    try:
        info = path.stat()
    except OSError:
        return None
    folder = stat.S_ISDIR(info.st_mode)
    if _may(path, os.R_OK | (os.X_OK if folder else 0)):
        return None
    return _refusal(path, info, folder, "read", "")


def read_only_file_system(path: Path) -> str | None:
    try:
        flags = os.statvfs(path).f_flag
    except OSError:
        return None
    if flags & os.ST_RDONLY:
        return f"{path} is on a file system mounted read-only"
    return None


def folder_failure(folder: Path, error: OSError) -> str:
    """Why ``folder`` could not be created (``error`` from ``mkdir``)."""
    existing = nearest_existing(folder)
    if not existing.is_dir():
        return f"{existing} is a file, not a folder"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = not_writable(existing) or read_only_file_system(existing)
        if reason:
            return reason
    return error.strerror or type(error).__name__


def database_failure(database: Path, sqlite_message: str) -> str:
    """Why SQLite could not open or write ``database``: the permission or file system at
    fault if there is one, else SQLite's own message."""
    reasons = []
    if database.exists():
        reasons.append(not_readable(database) or not_writable(database))
    # SQLite creates the database, and beside it the -wal and -shm files of WAL mode, in the
    # folder: a folder it may not write fails even where the file itself is writable.
    why = f"SQLite writes {database.name}-wal and {database.name}-shm there"
    reasons.append(not_writable(database.parent, why if database.exists() else ""))
    found = [reason for reason in reasons if reason]
    return "; ".join(dict.fromkeys(found)) if found else sqlite_message


def _may(path: Path, mode: int) -> bool:
    if os.access in os.supports_effective_ids:
        return os.access(path, mode, effective_ids=True)
    return os.access(path, mode)


def _refusal(path: Path, info: os.stat_result, folder: bool, action: str, why: str) -> str:
    uid = running_uid()
    kind = "folder" if folder else "file"
    mode = stat.S_IMODE(info.st_mode)
    if info.st_uid == uid:
        remedy = f"chmod u+rw{'x' if folder else ''} {path}"
    else:
        remedy = f"chown {uid} {path}"
    because = f" ({why})" if why else ""
    return (
        f"the {kind} {path} belongs to uid {info.st_uid} (mode {mode:o}) and uid {uid}, which "
        f"this bot runs as, may not {action} it{because}; fix: {remedy}"
    )
