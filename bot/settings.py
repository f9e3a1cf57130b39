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
here too and both spellings of ``.env`` work everywhere. A quote that is opened and never
closed is refused with the line of ``.env`` and the setting it breaks (python-dotenv would
skip the line, and the setting would then be "not set").

The tools that work on the database alone (``python -m bot.backup``, ``bot.restore``,
``bot.delete_data``, ``bot.health``) read ``ToolSettings``: the same ``DATABASE_URL`` and
``HEALTH_SOCKET``, without requiring the token.

No password is ever printed: ``redact`` hides it in any URL shown, a URL whose password would
be misread (an ``@`` or ``/`` written as it is) is refused before anything parses it, and
``scrub`` removes every secret the settings hold from a line as a last guard.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Final, Literal
from urllib.parse import parse_qs
from urllib.parse import unquote as percent_decode

from dotenv import dotenv_values
from dotenv.parser import parse_stream
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import Shards, format_ids, parse_ids

DEFAULT_DATABASE_URL: Final = "sqlite:///data/allfours.db"
POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")

ENV_FILE: Final = ".env"
POSTGRES_PASSWORD: Final = "PGPASSWORD"
IN_MEMORY: Final = ":memory:"
# A bot token is three dot-separated base64url segments (user id, timestamp, HMAC).
_TOKEN_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
_QUERY_PASSWORD: Final = re.compile(r"([?&]password=)[^&#]*", re.IGNORECASE)
_ENV_LINE: Final = re.compile(r"\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.?)")
_MIN_SCRUBBED: Final = 4
"""Secrets shorter than this are not searched for in a line (they would hide ordinary words);
``redact`` and the URL check keep them out of every message already."""


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


class ToolSettings(BaseSettings):
    """What every program of the bot reads, the tools beside it included: the database, and
    where the running bot answers health checks."""

    model_config = SettingsConfigDict(
        env_file=ENV_FILE, env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    database_url: str = DEFAULT_DATABASE_URL
    health_socket: Path | None = None
    """A unix socket where ``python -m bot`` answers ``python -m bot.health`` (the Docker
    image's HEALTHCHECK); None: no health checks."""

    @field_validator("*", mode="before")
    @classmethod
    def _strip_quotes(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        text = value.strip()
        if text[:1] in ("'", '"') and (len(text) < 2 or text[-1] != text[0]):
            raise ValueError(f"opens a quote ({text[0]}) that is never closed")
        return unquote(text)

    @field_validator("health_socket", mode="before")
    @classmethod
    def _blank_path(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database(self) -> Path | str:
        """What ``Storage.open`` takes: the SQLite file, or the PostgreSQL URL."""
        return database_target(self.database_url)

    @property
    def database_path(self) -> Path:
        """The SQLite file named by ``DATABASE_URL`` (a ``SettingsError`` for PostgreSQL)."""
        return database_path(self.database_url)

    def secrets(self) -> list[str]:
        """Every secret these settings hold, for ``scrub``."""
        return [*url_secrets(self.database_url), os.environ.get(POSTGRES_PASSWORD, "")]


class Settings(ToolSettings):
    """The settings of ``python -m bot``."""

    discord_token: SecretStr
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    workers: int = Field(default_factory=lambda: default_workers(), ge=0, le=MAX_WORKERS)
    """Processes for CPU-heavy work (computer players' search, table pictures); 0: threads.
    Default ``default_workers()``: one core is left to the event loop."""
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[frozenset[int] | None, NoDecode] = None

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

    def secrets(self) -> list[str]:
        return [*super().secrets(), self.discord_token.get_secret_value()]

    @property
    def shards(self) -> Shards | None:
        """The shards this process runs, or None: every shard, as many as Discord advises."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return Shards.all_of(self.shard_count)
        return Shards(self.shard_count, self.shard_ids)


_ONE_LINE: Final = frozenset(
    {name.upper() for name in Settings.model_fields} | {"POSTGRES_PASSWORD", "PGPASSWORD"}
)
"""The settings .env holds, none of which ever spans several lines."""


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
    """A URL fit to print: its password replaced by ``***``, however it is written (with an
    ``@``, ``:`` or ``/`` that should have been percent-encoded, or in the query).

    >>> redact("postgresql://bot:s3cret@db:5432/cards")
    'postgresql://bot:***@db:5432/cards'
    >>> redact("postgresql://bot:p@ss:w/rd@db/cards"), redact("postgresql://db/c?password=x")
    ('postgresql://bot:***@db/cards', 'postgresql://db/c?password=***')
    """
    text = _QUERY_PASSWORD.sub(r"\1***", url)
    scheme, separator, rest = text.partition("://")
    credentials, at, after = rest.rpartition("@")
    if not separator or not at or ":" not in credentials:
        return text
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{after}"


def url_secrets(url: str) -> list[str]:
    """The password of a URL, as written and decoded (the strings ``scrub`` must hide).

    >>> url_secrets("postgresql://bot:p%40ss@db/cards?password=x")
    ['p%40ss', 'p@ss', 'x']
    """
    text = unquote(url)
    _, separator, rest = text.partition("://")
    if not separator:
        return []
    found = []
    credentials, at, _ = rest.rpartition("@")
    if at and ":" in credentials:
        password = credentials.split(":", 1)[1]
        found += [password, percent_decode(password)]
    query = rest.partition("?")[2].partition("#")[0]
    for value in parse_qs(query).get("password", []):
        found.append(value)
    return list(dict.fromkeys(secret for secret in found if secret))


def scrub(line: str, secrets: Iterable[str]) -> str:
    """``line`` with every secret in it replaced by ``***`` (the last guard before a line is
    printed: no message should hold a secret in the first place).

    >>> scrub("login failed with p@ss:w/rd", ["p@ss:w/rd"])
    'login failed with ***'
    """
    for secret in sorted(set(secrets), key=len, reverse=True):
        if len(secret) >= _MIN_SCRUBBED:
            line = line.replace(secret, "***")
    return line


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
    if text == IN_MEMORY:
        raise SettingsError(
            f"DATABASE_URL {url.strip()} keeps the database in memory, and every game would be "
            "lost when the bot stops: name a file, e.g. sqlite:///data/allfours.db"
        )
    return Path(text)


def database_target(url: str) -> Path | str:
    """``DATABASE_URL`` as ``Storage.open`` takes it: a SQLite path, or a PostgreSQL URL.

    >>> database_target("sqlite:///data/x.db"), database_target("postgres://bot@db/cards")
    (PosixPath('data/x.db'), 'postgres://bot@db/cards')
    """
    text = unquote(url)
    if is_postgres(text):
        rest = text.split("://", 1)[1]
        if not rest.strip("/"):
            raise SettingsError("DATABASE_URL names no PostgreSQL server")
        credentials = rest.rpartition("@")[0]
        if any(mark in credentials for mark in "@/?#"):
            # The URL would be cut at the wrong place (asyncpg would take part of the password
            # for the host name, and print it in its error): refuse it without showing it.
            raise SettingsError(
                "DATABASE_URL: its user name or password holds an @, /, ? or # written as it "
                "is; write each percent-encoded (@ as %40, / as %2F, ? as %3F, # as %23, : as "
                "%3A, % as %25), or leave the password out of the URL and set PGPASSWORD"
            )
        return text
    return database_path(text)


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning every validation problem into a one-line ``SettingsError``."""
    check_env_file(Path(ENV_FILE))
    export_postgres_password(Path(ENV_FILE))
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None
    database = settings.database  # a bad DATABASE_URL fails here, not at startup
    _check_shards(settings, sqlite=not isinstance(database, str))
    return settings


def load_tool_settings(**overrides: object) -> ToolSettings:
    """``load_settings`` for the tools: the same checks, and no token needed."""
    check_env_file(Path(ENV_FILE))
    export_postgres_password(Path(ENV_FILE))
    try:
        settings = ToolSettings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None
    _ = settings.database
    return settings


def export_postgres_password(path: Path) -> None:
    """Put ``.env``'s ``PGPASSWORD`` in the environment, where PostgreSQL's client (asyncpg)
    reads it, unless the environment has one already (which wins, as for every setting)."""
    if POSTGRES_PASSWORD in os.environ or not path.is_file():
        return
    value = dotenv_values(path).get(POSTGRES_PASSWORD)
    if value:
        os.environ[POSTGRES_PASSWORD] = unquote(value)


def check_env_file(path: Path) -> None:
    """Refuse a ``.env`` that python-dotenv would read wrong, naming the line and the setting
    (never the value, which may be the token): a line it cannot read is skipped, leaving its
    setting "not set", and a quote that is never closed swallows the lines after it."""
    if not path.is_file():
        return
    with path.open(encoding="utf-8", errors="replace") as lines:
        bindings = list(parse_stream(lines))
    for binding in bindings:
        text = binding.original.string
        shape = _ENV_LINE.match(text)
        name = shape.group(1).upper() if shape else None
        quote = shape.group(2) if shape and shape.group(2) in ("'", '"') else None
        where = f"{path} line {binding.original.line}"
        if binding.error:
            if name and quote:
                raise SettingsError(
                    f"{where}: {name} opens a quote ({quote}) that is never closed; close it "
                    "on the same line or remove it"
                )
            what = f"the line of {name}" if name else "a line"
            raise SettingsError(f"{where}: {what} cannot be read (KEY=value expected)")
        if name in _ONE_LINE and quote and binding.value is not None and "\n" in binding.value:
            raise SettingsError(
                f"{where}: the quote ({quote}) that opens {name} is closed on a later line "
                "only, so the lines between became part of its value; close it on its own line"
            )


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
