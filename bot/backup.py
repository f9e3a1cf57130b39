"""``python -m bot.backup FILE``: a consistent copy of the bot's SQLite database, taken while
the bot runs (README: Backups). ``FILE`` is replaced atomically if it exists; ``-`` writes the
copy to stdout, to take it out of a container without sharing a folder with it:

    docker compose exec -T bot python -m bot.backup - > backup.db

The copy is one self-contained file (not in WAL mode), checked before it is kept; the tool
prints what it holds. ``python -m bot.restore FILE`` puts it back. PostgreSQL is backed up with
its own ``pg_dump``. Exit status: 0 copied, 1 failed, 2 refused.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.storage import StorageError
from bot.storage.backup import take, take_to_stream
from bot.tool import DONE, FAILED, ToolError, add_database_option, database_of, fail, secrets_of


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.backup",
        description="Copy the bot's SQLite database into FILE, consistently even while the bot "
        "runs.",
    )
    parser.add_argument("file", help="where to write the copy (- for stdout)")
    add_database_option(parser)
    options = parser.parse_args(argv)
    try:
        database = database_of(options.database)
        if isinstance(database, str):
            raise ToolError("the database is PostgreSQL: back it up with pg_dump (README: Backups)")
        try:
            if options.file == "-":
                if sys.stdout.isatty():
                    raise ToolError("stdout is a terminal: send it to a file (- > backup.db)")
                contents = take_to_stream(database, sys.stdout.buffer)
                where = "stdout"
            else:
                contents = take(database, Path(options.file))
                where = options.file
        except StorageError as exc:
            raise ToolError(str(exc), FAILED) from None
    except ToolError as exc:
        return fail(exc, secrets_of(options.database))
    # On stderr: stdout may be the backup itself.
    print(f"backed up {database} into {where}: {contents}", file=sys.stderr, flush=True)
    return DONE


if __name__ == "__main__":
    sys.exit(main())
