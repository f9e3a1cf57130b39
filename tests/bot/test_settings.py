"""Settings come from the environment; a bad configuration is one line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, database_path, load_settings

TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here


def test_defaults_and_secret_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the token is required; it never shows in the settings' repr."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.database_path == Path("data/allfours.db")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert TOKEN not in repr(settings)


def test_env_file_is_read(tmp_path: Path) -> None:
    """.env in the working folder works like the environment."""
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={TOKEN}\nDATABASE_URL=sqlite:////srv/x.db\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n"
    )
    settings = load_settings()
    assert settings.database_path == Path("/srv/x.db")
    assert settings.dev_guild_id == 42 and settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("environment", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": ""}, "DISCORD_TOKEN is empty (put the bot's token in"),
        ({"DISCORD_TOKEN": "not a token"}, "DISCORD_TOKEN does not look like a bot token"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgres://x"}, "sqlite"),
        ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
    ],
)
def test_bad_settings_are_one_line(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], message: str
) -> None:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as info:
        load_settings()
    text = str(info.value)
    assert message in text and "\n" not in text and "not a token" not in text


def test_database_url_forms() -> None:
    assert database_path("sqlite:///data/a.db") == Path("data/a.db")
    assert database_path("sqlite:////var/lib/a.db") == Path("/var/lib/a.db")
    assert database_path("plain/file.db") == Path("plain/file.db")


def test_python_m_bot_without_token_exits_2_with_one_line(tmp_path: Path) -> None:
    """The real entry point: no traceback, one line on stderr, status 2."""
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: DISCORD_TOKEN is not set")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("quote", ['"', "'"])
def test_quoted_values_from_docker_env_file_are_accepted(
    monkeypatch: pytest.MonkeyPatch, quote: str
) -> None:
    """Docker's --env-file passes quotes on literally: one matching pair is stripped."""
    monkeypatch.setenv("DISCORD_TOKEN", f"{quote}{TOKEN}{quote}")
    monkeypatch.setenv("DATABASE_URL", f"{quote}sqlite:////srv/cards.db{quote}")
    monkeypatch.setenv("DEV_GUILD_ID", f"{quote}42{quote}")
    monkeypatch.setenv("LOG_LEVEL", f"{quote}warning{quote}")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == TOKEN
    assert settings.database_path == Path("/srv/cards.db")
    assert settings.dev_guild_id == 42 and settings.log_level == "WARNING"


def test_unmatched_quote_is_not_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a matching pair is stripped: a stray quote still makes a malformed token."""
    monkeypatch.setenv("DISCORD_TOKEN", f'"{TOKEN}')
    with pytest.raises(SettingsError, match="DISCORD_TOKEN"):
        load_settings()


def test_database_url_error_never_echoes_a_password(monkeypatch: pytest.MonkeyPatch) -> None:
    """`user:pass@` becomes `user:***@` in the one-line refusal."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql://cards:hunter2@db.example:5432/cards")
    with pytest.raises(SettingsError) as info:
        load_settings()
    text = str(info.value)
    assert "hunter2" not in text
    assert "postgresql://cards:***@db.example:5432/cards" in text
