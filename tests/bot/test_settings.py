"""Settings come from the environment; a bad configuration is one line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import (
    SettingsError,
    database_path,
    database_target,
    load_settings,
    load_tool_settings,
    redact,
    scrub,
)
from bot.shards import Shards

TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "SHARD_COUNT",
        "SHARD_IDS",
        "WORKERS",
        "PGPASSWORD",
        "HEALTH_SOCKET",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here


def test_defaults_and_secret_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the token is required; it never shows in the settings' repr."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.database_path == Path("data/allfours.db")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.shards is None  # every shard, as many as Discord advises
    assert TOKEN not in repr(settings)


@pytest.mark.parametrize(("cores", "workers"), [(None, 1), (1, 1), (2, 1), (16, 15), (200, 64)])
def test_workers_leave_a_core_to_the_event_loop(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, workers: int
) -> None:
    """By default one worker per core but one (at least one, at most the maximum); WORKERS
    sets it."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.delattr("os.sched_getaffinity", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert load_settings().workers == workers
    monkeypatch.setenv("WORKERS", "0")
    assert load_settings().workers == 0


def test_workers_count_the_cores_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a container limited to some cores (a cpuset), those are the ones that count."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 64)
    assert load_settings().workers == 2


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
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://x"}, "sqlite:/// or postgresql://"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql://"}, "names no PostgreSQL server"),
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
    assert database_target("sqlite:///data/a.db") == Path("data/a.db")
    url = "postgresql://bot:pw@db:5432/cards?sslmode=require"
    assert database_target(url) == url
    assert database_target("postgres://bot@db/cards") == "postgres://bot@db/cards"


def test_postgresql_url_is_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """A postgresql:// DATABASE_URL goes to the storage as it is."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:pw@db:5432/cards")
    settings = load_settings()
    assert settings.database == "postgresql://bot:pw@db:5432/cards"
    with pytest.raises(SettingsError, match="sqlite"):
        _ = settings.database_path


@pytest.mark.parametrize(
    ("count", "ids", "shards"),
    [
        ("4", None, Shards(4, frozenset({0, 1, 2, 3}))),
        ("4", "0-3", Shards(4, frozenset({0, 1, 2, 3}))),
        ("4", "1", Shards(4, frozenset({1}))),
        ("8", "0-1, 4,6-7", Shards(8, frozenset({0, 1, 4, 6, 7}))),
        ("1", "0", Shards(1, frozenset({0}))),
        (" ", " ", None),
    ],
)
def test_shard_settings(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str | None, shards: Shards | None
) -> None:
    """SHARD_COUNT shards in all; SHARD_IDS (ids and ranges) those this process runs."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/cards")
    monkeypatch.setenv("SHARD_COUNT", count)
    if ids is not None:
        monkeypatch.setenv("SHARD_IDS", ids)
    assert load_settings().shards == shards


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        (None, "0-3", "SHARD_IDS needs SHARD_COUNT"),
        ("4", "4", "SHARD_IDS shard 4 does not exist with 4 shard(s) (ids run from 0 to 3)"),
        ("2", "0-5", "SHARD_IDS shard 2 does not exist with 2 shard(s)"),
        ("4", "3-1", "SHARD_IDS '3-1' is not a range from a smaller id to a larger one"),
        ("4", "0-", "SHARD_IDS '0-' is not a shard id or a range such as 0-3"),
        ("4", "a", "SHARD_IDS 'a' is not a shard id or a range such as 0-3"),
        ("4", "1,1", "SHARD_IDS shard 1 is named twice"),
        ("4", "-1", "SHARD_IDS '-1' is not a shard id"),
        ("0", None, "SHARD_COUNT input should be greater than or equal to 1"),
        ("two", None, "SHARD_COUNT input should be a valid integer"),
    ],
)
def test_inconsistent_shard_settings_are_one_line(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str | None, message: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/cards")
    if count is not None:
        monkeypatch.setenv("SHARD_COUNT", count)
    if ids is not None:
        monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(SettingsError) as info:
        load_settings()
    assert message in str(info.value) and "\n" not in str(info.value)


def test_some_shards_on_sqlite_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Running some of the shards means other processes run the rest: not on SQLite."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "0")
    with pytest.raises(SettingsError, match="SQLite serves one process"):
        load_settings()
    monkeypatch.setenv("SHARD_IDS", "0-1")  # every shard in one process: SQLite is fine
    assert load_settings().shards == Shards(2, frozenset({0, 1}))


@pytest.mark.parametrize(
    ("settings", "line"),
    [
        ({}, "error: DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_IDS": "0"}, "error: SHARD_IDS needs SHARD_COUNT"),
    ],
)
def test_python_m_bot_with_bad_settings_exits_2_with_one_line(
    tmp_path: Path, settings: dict[str, str], line: str
) -> None:
    """The real entry point: no traceback, one line on stderr, status 2."""
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")
    }
    environment.update(settings, PYTHONPATH=str(ROOT))
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
    assert len(lines) == 1 and lines[0].startswith(line)
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
    monkeypatch.setenv("DATABASE_URL", "mysql://cards:hunter2@db.example:5432/cards")
    with pytest.raises(SettingsError) as info:
        load_settings()
    text = str(info.value)
    assert "hunter2" not in text
    assert "mysql://cards:***@db.example:5432/cards" in text


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://bot:s3cret@db:5432/cards", "postgresql://bot:***@db:5432/cards"),
        ("postgresql://bot:p@ss:w/rd@db/cards", "postgresql://bot:***@db/cards"),
        ("postgresql://bot:p%40ss%3Aw%2Frd@db/cards", "postgresql://bot:***@db/cards"),
        (
            "postgresql://db/cards?user=bot&password=p@ss:w/rd",
            "postgresql://db/cards?user=bot&password=***",
        ),
        ("postgresql://bot@db/cards", "postgresql://bot@db/cards"),
        ("sqlite:///data/allfours.db", "sqlite:///data/allfours.db"),
    ],
)
def test_redact_hides_any_password(url: str, shown: str) -> None:
    assert redact(url) == shown


def test_scrub_hides_every_secret_of_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last guard: the token, the URL's password (as written and decoded) and PGPASSWORD."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:p%40ss%3Aw%2Frd@db/cards")
    monkeypatch.setenv("PGPASSWORD", "other-secret")
    secrets = load_settings().secrets()
    line = f"{TOKEN} p@ss:w/rd p%40ss%3Aw%2Frd other-secret"
    assert scrub(line, secrets) == "*** *** *** ***"


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://allfours:p@ss:w/rd@postgres:5432/allfours",
        "postgresql://allfours:p/ss@postgres/allfours",
        "postgresql://allfours:p?ss@postgres/allfours",
        "postgresql://allfours:p#ss@postgres/allfours",
    ],
)
def test_a_password_that_would_be_misread_is_refused_unseen(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """asyncpg would cut such a URL at the wrong place and print part of the password as a
    host or port: refused first, in a line holding none of it."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SettingsError) as info:
        load_settings()
    text = str(info.value)
    assert text.startswith("DATABASE_URL: its user name or password holds an @, /, ? or #")
    assert "PGPASSWORD" in text
    password = url.split("allfours:", 1)[1].rsplit("@", 1)[0]
    assert not any(password[i : i + 3] in text for i in range(len(password) - 2))


def test_a_percent_encoded_password_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    url = "postgresql://allfours:p%40ss%3Aw%2Frd@postgres:5432/allfours"
    monkeypatch.setenv("DATABASE_URL", url)
    assert load_settings().database == url


@pytest.mark.parametrize("url", ["sqlite:///:memory:", ":memory:", "'sqlite:///:memory:'"])
def test_a_database_in_memory_is_refused(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SettingsError, match="keeps the database in memory, and every game would"):
        load_settings()


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            f'LOG_LEVEL=INFO\nDISCORD_TOKEN="{TOKEN}\n',
            '.env line 2: DISCORD_TOKEN opens a quote (") that is never closed',
        ),
        (
            f"DISCORD_TOKEN='{TOKEN}\nLOG_LEVEL=INFO\n",
            ".env line 1: DISCORD_TOKEN opens a quote (') that is never closed",
        ),
        (
            f'DISCORD_TOKEN="{TOKEN}\nLOG_LEVEL=INFO"\n',
            '.env line 1: the quote (") that opens DISCORD_TOKEN is closed on a later line only',
        ),
        (f"DISCORD_TOKEN={TOKEN}\nthis is not a setting\n", ".env line 2: a line cannot be read"),
    ],
)
def test_an_env_file_python_dotenv_would_misread_is_refused(
    tmp_path: Path, env: str, message: str
) -> None:
    """Without this, the token was "not set" (its line skipped) or swallowed the next lines;
    the line and the setting are named, never the value."""
    (tmp_path / ".env").write_text(env)
    with pytest.raises(SettingsError) as info:
        load_settings()
    assert str(info.value).startswith(message)
    assert TOKEN[:20] not in str(info.value)


def test_an_unterminated_quote_from_docker_env_file_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`docker run --env-file` passes a stray quote on literally."""
    monkeypatch.setenv("DISCORD_TOKEN", f'"{TOKEN}')
    with pytest.raises(SettingsError) as info:
        load_settings()
    assert str(info.value) == 'DISCORD_TOKEN opens a quote (") that is never closed'


def test_tools_read_the_database_without_a_token(tmp_path: Path) -> None:
    """bot.backup, bot.restore, bot.delete_data and bot.health need no DISCORD_TOKEN."""
    (tmp_path / ".env").write_text("DATABASE_URL=sqlite:////srv/cards.db\nHEALTH_SOCKET=/run/h\n")
    settings = load_tool_settings()
    assert settings.database == Path("/srv/cards.db")
    assert settings.health_socket == Path("/run/h")


def test_a_postgres_password_in_env_file_reaches_the_postgresql_client(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """asyncpg reads PGPASSWORD from the environment only: .env's is put there (quotes and
    all characters as written), and one already in the environment wins."""
    monkeypatch.setenv("PGPASSWORD", "")
    monkeypatch.delenv("PGPASSWORD")  # restored after the test, whatever load_settings sets
    (tmp_path / ".env").write_text(
        "DATABASE_URL=postgresql://allfours@db/allfours\nPGPASSWORD='p@ss:w/rd'\n"
    )
    load_tool_settings()
    assert os.environ["PGPASSWORD"] == "p@ss:w/rd"
    monkeypatch.setenv("PGPASSWORD", "from the environment")
    load_tool_settings()
    assert os.environ["PGPASSWORD"] == "from the environment"
