"""The bot's database: SQLite by default (one file, one process), PostgreSQL when
``DATABASE_URL`` is a ``postgresql://`` URL (several bot processes share it).

- ``store`` (``Storage``: opening, migrating and every read) and ``transaction``
  (``Transaction``: every write), the application's SQL, written once for both databases;
  ``rows`` turns their rows into the bot's records and back;
- ``schema``: the numbered migrations (one source) and their PostgreSQL translation;
- ``sqlite`` and ``postgres``: the two back ends (connections, transactions, migrations,
  catalogue), and the lock that keeps a SQLite file to one process;
- ``copy``: a whole database copied into another (``python -m bot.migrate_db``).
"""

from bot.models import GLOBAL
from bot.storage.errors import (
    IntegrityError,
    MigrationError,
    SchemaTooNewError,
    StorageError,
    StorageInUseError,
    StorageOpenError,
    StorageUnreachableError,
    VersionConflictError,
)
from bot.storage.postgres import is_postgres_url
from bot.storage.schema import migrations
from bot.storage.sqlite import ProcessLock
from bot.storage.store import Storage
from bot.storage.transaction import Transaction

__all__ = [
    "GLOBAL",
    "IntegrityError",
    "MigrationError",
    "ProcessLock",
    "SchemaTooNewError",
    "Storage",
    "StorageError",
    "StorageInUseError",
    "StorageOpenError",
    "StorageUnreachableError",
    "Transaction",
    "VersionConflictError",
    "is_postgres_url",
    "migrations",
]
