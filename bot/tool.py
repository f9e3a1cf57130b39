"""What the command-line tools beside the bot share (``python -m bot.backup``,
``bot.restore``, ``bot.delete_data``): the database they work on, and how they fail.

Each tool takes ``--database URL`` or, without it, ``DATABASE_URL`` from the environment and
``.env`` exactly as ``python -m bot`` reads it (the token is not needed). A failure is one line
on stderr starting with ``error:``, never holding a password, and an exit status: 1 when the
work failed (nothing was changed), 2 when it was refused (a setting, a bot still running...).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from bot.settings import SettingsError, database_target, load_tool_settings, scrub, url_secrets

DONE: Final = 0
FAILED: Final = 1
REFUSED: Final = 2


class ToolError(Exception):
    """The tool stops: ``str()`` is its one line, ``status`` its exit status."""

    def __init__(self, message: str, status: int = REFUSED) -> None:
        super().__init__(message)
        self.status = status


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database",
        metavar="URL",
        help="the database (sqlite:///... or postgresql://...); default: DATABASE_URL, from "
        "the environment or .env, as the bot reads it",
    )


def database_of(option: str | None) -> Path | str:
    """The database a tool works on: ``--database``, else the bot's ``DATABASE_URL``."""
    try:
        if option is not None:
            return database_target(option)
        return load_tool_settings().database
    except SettingsError as exc:
        name = "--database" if option is not None else "the settings"
        raise ToolError(f"{name}: {exc}") from None


def secrets_of(option: str | None) -> list[str]:
    """Every password a tool's line must not show: of ``--database``, of the settings."""
    found = [os.environ.get("PGPASSWORD", ""), *url_secrets(os.environ.get("DATABASE_URL", ""))]
    with contextlib.suppress(SettingsError):
        found += load_tool_settings().secrets()
    return found + (url_secrets(option) if option else [])


def fail(error: ToolError, secrets: Sequence[str]) -> int:
    print(f"error: {scrub(str(error), secrets)}", file=sys.stderr, flush=True)
    return error.status
