"""Settings from the environment and ``.env`` (pydantic-settings).

``DISCORD_TOKEN`` is required and kept as a secret (never printed, never logged);
``DATABASE_URL`` is a ``sqlite:///relative/path`` or ``sqlite:////absolute/path`` URL (or a
plain file path); ``DEV_GUILD_ID`` syncs the commands to one server at once (global commands
can take a while to appear); ``LOG_LEVEL`` is a standard logging level name.

A value may be wrapped in one pair of quotes, ``"..."`` or ``'...'``: pydantic-settings strips
them from ``.env``, but Docker's ``--env-file`` passes them on literally, so they are stripped
here too and both spellings of ``.env`` work everywhere.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL: Final = "sqlite:///data/allfours.db"

# A bot token is three dot-separated base64url segments (user id, timestamp, HMAC).
_TOKEN_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
# The credentials of a URL (``scheme://user:password@host``): only the user name may be shown.
_URL_PASSWORD: Final = re.compile(r"(?<=://)([^:/@\s]*):[^@/\s]*@")


class SettingsError(Exception):
    """The configuration cannot start the bot; the message is one line for the operator."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    discord_token: SecretStr
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    workers: int = Field(default=2, ge=0, le=64)
    """Processes for CPU-heavy work (computer players' search, table pictures); 0: threads."""

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

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database_path(self) -> Path:
        """The SQLite file named by ``DATABASE_URL``."""
        return database_path(self.database_url)


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


def database_path(url: str) -> Path:
    """``sqlite:///data/x.db`` -> ``data/x.db``; ``sqlite:////srv/x.db`` -> ``/srv/x.db``."""
    text = unquote(url)
    if text.startswith("sqlite:///"):
        text = text.removeprefix("sqlite:///")
    elif "://" in text:
        raise SettingsError(f"DATABASE_URL must be a sqlite:/// URL, not {redact(text)!r}")
    if not text:
        raise SettingsError("DATABASE_URL names no database file")
    return Path(text)


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning every validation problem into a one-line ``SettingsError``."""
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None
    database_path(settings.database_url)  # a bad DATABASE_URL fails here, not at startup
    return settings


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
