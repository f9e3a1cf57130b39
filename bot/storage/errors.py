"""The storage's errors, the same whichever database runs underneath (the service and the
start-up code never see a driver's own exception classes)."""

from __future__ import annotations


class StorageError(Exception):
    """The database is not in the state an operation requires."""


class StorageOpenError(StorageError):
    """The database cannot be created, opened or written; the message names the path (or the
    URL, without its password) and the cause. Starting again with the same settings cannot
    help. ``url_at_fault``: what the URL says is wrong (no such database, a refused login, SSL
    it asks for), rather than the files or the server."""

    def __init__(self, message: str, *, url_at_fault: bool = False) -> None:
        super().__init__(message)
        self.url_at_fault = url_at_fault


class StorageUnreachableError(StorageError):
    """The database server did not answer (not started yet, restarting, a network problem):
    starting again later may work."""


class StorageInUseError(StorageOpenError):
    """Another bot process holds the SQLite database (SQLite serves one process)."""


class SchemaTooNewError(StorageOpenError):
    """The database was written by a newer version of the bot: its schema has migrations this
    build does not know, so running on it could misread or damage it."""


class MigrationError(StorageError):
    """A migration failed; it was rolled back whole and the schema version stays where it
    was."""


class VersionConflictError(StorageError):
    """A game changed under a commit that expected another version (never shown to users)."""


class IntegrityError(StorageError):
    """A constraint of the schema refused a write (for example a second unfinished table in a
    channel, which the unique index ``games_one_open_per_channel`` forbids)."""
