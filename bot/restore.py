"""``python -m bot.restore FILE``: put a backup (``python -m bot.backup``) in place of the
bot's SQLite database (README: Backups). Stop the bot first: while a bot process runs on the
database the restore is refused. ``-`` reads the backup from stdin, so that in Docker the
restore runs as the image's own user, which owns the data volume, and no host folder has to
be readable by it:

    docker compose run --rm -T bot python -m bot.restore - < backup.db

The backup is checked (integrity, the bot's schema, a schema version this version of the bot
knows) before anything changes; the old database is replaced in one atomic rename, with its
``-wal`` and ``-shm`` files. The tool prints what the restored database holds. Exit status:
0 restored, 1 failed (nothing changed), 2 refused.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.storage import ProcessLock, StorageError, StorageInUseError, StorageOpenError
from bot.storage.backup import BackupError, restore
from bot.tool import DONE, FAILED, ToolError, add_database_option, database_of, fail, secrets_of


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.restore",
        description="Replace the bot's SQLite database by a backup (stop the bot first).",
    )
    parser.add_argument("file", help="the backup (- for stdin)")
    add_database_option(parser)
    options = parser.parse_args(argv)
    try:
        database = database_of(options.database)
        if isinstance(database, str):
            raise ToolError(
                "the database is PostgreSQL: restore a pg_dump backup with pg_restore or psql "
                "(README: Backups)"
            )
        if options.file == "-" and sys.stdin.isatty():
            raise ToolError("stdin is a terminal: give it the backup (- < backup.db)")
        backup = sys.stdin.buffer if options.file == "-" else Path(options.file)
        try:
            with ProcessLock(database):
                contents = restore(backup, database)
        except StorageInUseError:
            raise ToolError(
                f"a bot process is running on {database}: stop it first (README: Backups)"
            ) from None
        except BackupError as exc:
            raise ToolError(str(exc), FAILED) from None
        except StorageOpenError as exc:
            raise ToolError(str(exc)) from None
        except StorageError as exc:
            raise ToolError(str(exc), FAILED) from None
    except ToolError as exc:
        return fail(exc, secrets_of(options.database))
    source = "stdin" if options.file == "-" else options.file
    print(f"restored {source} into {database}: {contents}", flush=True)
    return DONE


if __name__ == "__main__":
    sys.exit(main())
