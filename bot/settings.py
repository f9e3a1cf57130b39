"""Settings from the environment and ``.env`` (pydantic-settings).

``DISCORD_TOKEN`` is required and kept as a secret (never printed, never logged);
``DATABASE_URL`` is a ``sqlite:///relative/path`` or ``sqlite:////absolute/path`` URL (or a
plain file path), or a ``postgresql://user:password@host:port/database`` URL; ``DEV_GUILD_ID``
syncs the commands to one server at once (global commands can take a while to appear);
``LOG_LEVEL`` is a standard logging level name.

Running as several processes (see ``bot.shards``): ``SHARD_COUNT`` is the number of shards of
the whole bot, ``SHARD_IDS`` the ones this process runs (``0-3``, ``4,5``...; all of them when
unset). Several processes need PostgreSQL: with SQLite, a process must run every shard.

A value may be wrapped in one pair of quotes, ``"..."`` or ``'...'``: pydantic-settings strips
them from ``.env``, but Docker's ``--env-file`` passes them on literally, so they are stripped
here too and both spellings of ``.env`` work everywhere.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import Shards, format_ids, parse_ids

DEFAULT_DATABASE_URL: Final = "sqlite:///data/allfours.db"
POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")

# A bot token is three dot-separated base64url segments (user id, timestamp, HMAC).
_TOKEN_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
# The credentials of a URL (``scheme://user:password@host``): only the user name may be shown.
_URL_PASSWORD: Final = re.compile(r"(?<=://)([^:/@\s]*):[^@/\s]*@")


class SettingsError(Exception):
    """The configuration cannot start the bot; the message is one line for the operator."""


MAX_WORKERS: Final = 64


def default_workers() -> int:
    """One worker per core but one, at least one: the core left over is the event loop's,
    so clicks are answered at once while searches keep the workers busy (with as many
    workers as cores, ``benchmarks/bot_bench.py`` with 20 tables of three ``hard``
    computers measured a steady p99 of 80 ms on two cores; with one, 20 ms)."""
    return max(1, min(MAX_WORKERS, _usable_cores() - 1))


def _usable_cores() -> int:
    """The cores this process may run on (a container's cpuset, not the host's count)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 2


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    discord_token: SecretStr
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    workers: int = Field(default_factory=lambda: default_workers(), ge=0, le=MAX_WORKERS)
    """Processes for CPU-heavy work (computer players' search, table pictures); 0: threads.
    Default ``default_workers()``: one core is left to the event loop."""
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[frozenset[int] | None, NoDecode] = None

    @field_validator("*", mode="before")
    @classmethod
    def _strip_quotes(cls, value: object) -> object:
        return unquote(value) if isinstance(value, str) else value

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        token = value.get_secret_value().strip()
        if not token:  # an .env copied from .env.example and not filled in
            raise ValueError("is empty (put the bot's token in the environment or in .env)")
        if not _TOKEN_SHAPE.fullmatch(token):
            raise ValueError("does not look like a bot token")
        return SecretStr(token)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("dev_guild_id", "shard_count", mode="before")
    @classmethod
    def _blank_number(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return parse_ids(value) if value.strip() else None
        return value

    @property
    def database_path(self) -> Path:
        """The SQLite file named by ``DATABASE_URL`` (a ``SettingsError`` for PostgreSQL)."""
        return database_path(self.database_url)

    @property
    def database(self) -> Path | str:
        """What ``Storage.open`` takes: the SQLite file, or the PostgreSQL URL."""
        return database_target(self.database_url)

    @property
    def shards(self) -> Shards | None:
        """The shards this process runs, or None: every shard, as many as Discord advises."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return Shards.all_of(self.shard_count)
        return Shards(self.shard_count, self.shard_ids)


def unquote(value: str) -> str:
    """Strip surrounding blanks and one pair of matching quotes.

    >>> unquote('"abc"'), unquote("'abc'"), unquote('"abc'), unquote(' abc ')
    ('abc', 'abc', '"abc', 'abc')
    """
    text = value.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return text


def redact(url: str) -> str:
    """A URL fit to print: its password replaced by ``***``.

    >>> redact("postgresql://bot:s3cret@db:5432/cards")
    'postgresql://bot:***@db:5432/cards'
    """
    return _URL_PASSWORD.sub(r"\1:***@", url)


def is_postgres(url: str) -> bool:
    """Whether ``DATABASE_URL`` names a PostgreSQL database.

    >>> is_postgres("postgresql://bot@db/cards"), is_postgres("sqlite:///data/x.db")
    (True, False)
    """
    return unquote(url).startswith(POSTGRES_SCHEMES)


def database_path(url: str) -> Path:
    """``sqlite:///data/x.db`` -> ``data/x.db``; ``sqlite:////srv/x.db`` -> ``/srv/x.db``."""
    text = unquote(url)
    if text.startswith("sqlite:///"):
        text = text.removeprefix("sqlite:///")
    elif "://" in text:
        raise SettingsError(
            f"DATABASE_URL must be a sqlite:/// or postgresql:// URL, not {redact(text)!r}"
        )
    if not text:
        raise SettingsError("DATABASE_URL names no database file")
    return Path(text)


def database_target(url: str) -> Path | str:
    """``DATABASE_URL`` as ``Storage.open`` takes it: a SQLite path, or a PostgreSQL URL.

    >>> database_target("sqlite:///data/x.db"), database_target("postgres://bot@db/cards")
    (PosixPath('data/x.db'), 'postgres://bot@db/cards')
    """
    text = unquote(url)
    if is_postgres(text):
        if not text.split("://", 1)[1].strip("/"):
            raise SettingsError("DATABASE_URL names no PostgreSQL server")
        return text
    return database_path(text)


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning every validation problem into a one-line ``SettingsError``."""
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None
    database = settings.database  # a bad DATABASE_URL fails here, not at startup
    _check_shards(settings, sqlite=not isinstance(database, str))
    return settings


def _check_shards(settings: Settings, *, sqlite: bool) -> None:
    if settings.shard_ids is not None and settings.shard_count is None:
        raise SettingsError(
            "SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot "
            "(e.g. SHARD_COUNT=4 with SHARD_IDS=0-1 here and SHARD_IDS=2-3 in another process)"
        )
    try:
        shards = settings.shards
    except ValueError as exc:
        raise SettingsError(f"SHARD_IDS {exc} (SHARD_COUNT is {settings.shard_count})") from None
    if sqlite and shards is not None and not shards.is_all:
        raise SettingsError(
            f"SHARD_IDS {format_ids(shards.ids)} runs only some of the {shards.count} shards, "
            "so other processes must run the rest, and SQLite serves one process: set "
            "DATABASE_URL to a postgresql:// database (README: Running at scale), or leave "
            "SHARD_IDS empty"
        )


def _describe(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors():
        name = str(error["loc"][0]).upper() if error["loc"] else "settings"
        if error["type"] == "missing":
            problems.append(f"{name} is not set (put it in the environment or in .env)")
        else:
            # Never echo the input: it may be the secret token.
            message = error["msg"].removeprefix("Value error, ")
            problems.append(f"{name} {message[:1].lower()}{message[1:]}")
    return "; ".join(problems)
