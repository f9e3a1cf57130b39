"""``python -m bot`` start-up failures: each is one line on stderr naming the problem (and the
setting or path), a non-zero exit status, no traceback; nothing is retried that cannot heal.

The bot runs as a real process against the wire-level fake Discord of fake_discord.py."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

import pytest
import pytest_asyncio

from bot.storage import Storage, migrations
from tests.bot.fake_discord import FakeDiscord
from tests.bot.postgres_support import PASSWORD, PostgresCluster
from tests.bot.process_support import (
    LOG_RECORD,
    TOKEN,
    bot_environment,
    finish,
    spawn,
    the_one_error_line,
    unprivileged,
)

QUICK = "2,1,0.1"
"""Start-up limits for the tests: 2 attempts of 1 s each, 0.1 s apart."""


@pytest_asyncio.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord().running() as fake:
        yield fake


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


async def run_bot(
    tmp_path: Path, api: str, *options: str, prefix: list[str] | None = None, **settings: str
) -> tuple[int, str]:
    settings.setdefault("DATABASE_URL", sqlite_url(tmp_path / "data" / "bot.db"))
    settings.setdefault("STARTUP_LIMITS", QUICK)
    environment = bot_environment(api, **settings)
    process = await spawn(tmp_path, environment, *options, prefix=prefix)
    return await finish(process)


def uid_of(prefix: list[str]) -> int:
    """The uid a process started with ``prefix`` runs as (what the bot's lines must name)."""
    done = subprocess.run(
        [*prefix, sys.executable, "-c", "import os; print(os.geteuid())"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return int(done.stdout)


def no_part_of(secret: str, text: str) -> bool:
    """Not even three characters of ``secret`` in a row are in ``text``."""
    return not any(secret[i : i + 3] in text for i in range(len(secret) - 2))


async def test_unwritable_data_folder_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A folder the bot may not write (a bind mount owned by another uid): exit 2, the folder
    named with its owner and the uid the bot runs as, and Discord not even contacted."""
    locked = tmp_path / "volume"
    locked.mkdir(mode=0o555)
    prefix = unprivileged()
    status, stderr = await run_bot(
        tmp_path,
        discord_fake.api,
        prefix=prefix,
        DATABASE_URL=sqlite_url(locked / "data" / "bot.db"),
    )
    line = the_one_error_line(stderr)
    assert status == 2
    assert (
        f"cannot create the folder {locked / 'data'}: the folder {locked} belongs to uid " in line
    )
    assert (
        f"(mode 555) and uid {uid_of(prefix)}, which this bot runs as, may not write in it" in line
    )
    assert "DATABASE_URL" not in line
    assert discord_fake.requests == []


async def test_unwritable_folder_of_a_new_database_is_named(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The folder exists but the database cannot be created in it: one line (no traceback
    from a database thread left behind), naming the folder, its owner and the bot's uid."""
    locked = tmp_path / "volume"
    locked.mkdir(mode=0o555)
    prefix = unprivileged()
    status, stderr = await run_bot(
        tmp_path, discord_fake.api, prefix=prefix, DATABASE_URL=sqlite_url(locked / "bot.db")
    )
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot create the database {locked / 'bot.db'}: the folder {locked} belongs" in line
    assert f"and uid {uid_of(prefix)}, which this bot runs as, may not write in it" in line


async def test_folder_blocked_by_a_file_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A file where the data folder should be: exit 2, naming the folder and the file."""
    (tmp_path / "data").write_text("")
    status, stderr = await run_bot(tmp_path, discord_fake.api)
    line = the_one_error_line(stderr)
    assert status == 2
    data = tmp_path / "data"
    assert f"cannot create the folder {data}: {data} is a file, not a folder" in line


async def test_read_only_database_file_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A database file the bot may read but not write (copied in by another user): refused
    at start, not at the first move, naming the file and the uids."""
    path = tmp_path / "data" / "bot.db"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
    path.chmod(0o444)
    prefix = unprivileged()
    status, stderr = await run_bot(tmp_path, discord_fake.api, prefix=prefix)
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot use the database {path}: the file {path} belongs to uid " in line
    assert f"(mode 444) and uid {uid_of(prefix)}, which this bot runs as, may not write it" in line


async def test_read_only_folder_of_a_writable_database_is_named(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The file may be written but not its folder, where SQLite keeps the -wal and -shm
    files: the folder is blamed, not the file."""
    path = tmp_path / "data" / "bot.db"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
    path.parent.chmod(0o555)
    prefix = unprivileged()
    status, stderr = await run_bot(tmp_path, discord_fake.api, prefix=prefix)
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot use the database {path}: the folder {path.parent} belongs to uid " in line
    assert "may not write in it (SQLite writes bot.db-wal and bot.db-shm there)" in line
    assert f"the file {path}" not in line


async def test_a_folder_given_as_the_database_is_named(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    status, stderr = await run_bot(tmp_path, discord_fake.api, DATABASE_URL=sqlite_url(folder))
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot open the database {folder}: it is a folder, not a database file" in line
    assert f"e.g. {folder / 'allfours.db'}" in line and "DATABASE_URL" in line


async def test_a_database_in_memory_is_refused(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """Every game would be lost at the next restart: one line, exit 2, and nothing written
    (no `:memory:-lock` file either)."""
    status, stderr = await run_bot(tmp_path, discord_fake.api, DATABASE_URL="sqlite:///:memory:")
    line = the_one_error_line(stderr)
    assert status == 2
    assert "DATABASE_URL sqlite:///:memory: keeps the database in memory" in line
    assert os.listdir(tmp_path) == []
    assert discord_fake.requests == []


async def test_a_database_of_a_newer_version_is_refused(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """A schema this build does not know (a newer bot wrote it): refused, left as it is."""
    path = tmp_path / "data" / "bot.db"
    storage = await Storage.open(path)
    await storage.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    status, stderr = await run_bot(tmp_path, discord_fake.api)
    line = the_one_error_line(stderr)
    assert status == 2
    known = len(migrations())
    assert f"the database {path} has schema version 99, newer than this version" in line
    assert f"of the bot knows ({known}): a newer version of the bot wrote it" in line
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (99,)
    assert discord_fake.requests == []


async def test_an_unterminated_quote_in_env_is_named(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """python-dotenv skips such a line, so the token used to be "not set": the line and the
    setting are named instead, and the token is not printed."""
    (tmp_path / ".env").write_text(f'LOG_LEVEL=INFO\nDISCORD_TOKEN="{TOKEN}\nWORKERS=0\n')
    environment = bot_environment(discord_fake.api, STARTUP_LIMITS=QUICK)
    del environment["DISCORD_TOKEN"]
    status, stderr = await finish(await spawn(tmp_path, environment))
    line = the_one_error_line(stderr)
    assert status == 2
    assert (
        line == 'error: .env line 2: DISCORD_TOKEN opens a quote (") that is never closed; '
        "close it on the same line or remove it"
    )
    assert no_part_of(TOKEN, stderr)


async def test_discord_answering_502_gives_up_in_one_line(tmp_path: Path) -> None:
    """Every request answered 502: bounded attempts, then one line saying what Discord
    answered to which request, and status 1 (worth trying again later)."""
    async with FakeDiscord(answer_status=502).running() as fake:
        status, stderr = await run_bot(tmp_path, fake.api)
    line = the_one_error_line(stderr)
    assert status == 1
    assert "answered 502 Bad Gateway to GET /users/@me" in line
    assert "2 attempts" in line
    retries = [r for r in stderr.splitlines() if "start-up attempt 1 of 2" in r]
    assert len(retries) == 1 and " WARNING " in retries[0]
    assert {r.path for r in fake.requests} == {"/users/@me"}


async def test_discord_never_answering_gives_up_in_one_line(tmp_path: Path) -> None:
    """A hung connection (accepted, never answered) is not waited on for minutes."""
    async with FakeDiscord(hang=True).running() as fake:
        status, stderr = await run_bot(tmp_path, fake.api)
        attempts = len(fake.requests)
    line = the_one_error_line(stderr)
    assert status == 1
    assert "Discord did not answer within 1 s (2 attempts" in line
    assert attempts == 2


async def test_nothing_listening_gives_up_in_one_line(tmp_path: Path) -> None:
    """Connection refused (no network, wrong host): status 1, one line."""
    async with FakeDiscord().running() as fake:
        api = fake.api  # the port is closed again once the fake stops
    status, stderr = await run_bot(tmp_path, api)
    line = the_one_error_line(stderr)
    assert status == 1
    assert "could not be reached" in line and "Cannot connect to host" in line


async def test_dev_guild_the_bot_is_not_in_names_the_setting(
    tmp_path: Path,
) -> None:
    """Discord answers 403 Missing Access to the guild command sync: one line naming
    DEV_GUILD_ID, status 2, no second attempt. Each attempt may take 10 s here: on a loaded
    machine the sync's upload of every command once took over the quick limit's 1 s, and the
    retry that followed the timeout looked like a retry of the 403."""
    async with FakeDiscord(refuse_guild_sync=424242).running() as fake:
        status, stderr = await run_bot(
            tmp_path, fake.api, DEV_GUILD_ID="424242", STARTUP_LIMITS="2,10,0.1"
        )
        syncs = [r for r in fake.requests if r.path.endswith("/guilds/424242/commands")]
    line = the_one_error_line(stderr)
    assert status == 2
    assert "DEV_GUILD_ID 424242 is not a server this bot is in" in line
    assert "403 Missing Access" in line
    assert len(syncs) == 1


async def test_database_url_password_is_never_printed(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """A PostgreSQL server that does not answer: status 1 (it may come up), one line naming
    the URL without its password, and Discord not contacted."""
    status, stderr = await run_bot(
        tmp_path, discord_fake.api, DATABASE_URL="postgresql://cards:hunter2@127.0.0.1:1/cards"
    )
    line = the_one_error_line(stderr)
    assert status == 1
    assert "hunter2" not in stderr
    assert "cannot reach the database postgresql://cards:***@127.0.0.1:1/cards" in line
    assert discord_fake.requests == []


async def test_a_postgresql_database_that_does_not_exist_is_named(
    tmp_path: Path, discord_fake: FakeDiscord, postgres_cluster: PostgresCluster
) -> None:
    """The server answers but has no such database: a configuration error, status 2."""
    url = postgres_cluster.url("no_such_database")
    status, stderr = await run_bot(tmp_path, discord_fake.api, DATABASE_URL=url)
    line = the_one_error_line(stderr)
    assert status == 2
    assert "cannot open the database postgresql://" in line
    assert '"no_such_database" does not exist' in line and "DATABASE_URL" in line


def password_database(cluster: PostgresCluster, name: str) -> str:
    cluster.sql(f"DROP DATABASE IF EXISTS {name}")
    cluster.sql(f"CREATE DATABASE {name}")
    return name


async def start_and_stop(tmp_path: Path, api: FakeDiscord, **settings: str) -> str:
    """Start the bot, wait until it is connected, stop it; its stderr (it must exit 0)."""
    process = await spawn(tmp_path, bot_environment(api.api, **settings))
    try:
        await asyncio.wait_for(api.connected.wait(), 60)
    finally:
        process.send_signal(signal.SIGINT)
        status, stderr = await finish(process, 20)
    assert status == 0, stderr
    return stderr


async def test_a_password_with_any_characters_works_percent_encoded(
    tmp_path: Path, discord_fake: FakeDiscord, password_cluster: PostgresCluster
) -> None:
    """`p@ss:w/rd`, percent-encoded in DATABASE_URL, logs in (the server asks for it)."""
    name = password_database(password_cluster, "encoded")
    url = password_cluster.tcp_url(name, password=quote(PASSWORD, safe=""))
    stderr = await start_and_stop(tmp_path, discord_fake, DATABASE_URL=url)
    assert no_part_of(PASSWORD, stderr)
    assert password_cluster.sql("SELECT COUNT(*) FROM games", name).strip() == "0"


@pytest.mark.parametrize("where", ["environment", ".env"])
async def test_a_password_apart_in_pgpassword_works(
    tmp_path: Path, discord_fake: FakeDiscord, password_cluster: PostgresCluster, where: str
) -> None:
    """The compose.postgres.yaml way: no password in the URL, PGPASSWORD as it is (from the
    environment, or from .env on bare metal)."""
    name = password_database(password_cluster, "apart")
    url = password_cluster.tcp_url(name)
    if where == ".env":
        (tmp_path / ".env").write_text(f"PGPASSWORD='{PASSWORD}'\n")
        stderr = await start_and_stop(tmp_path, discord_fake, DATABASE_URL=url)
    else:
        stderr = await start_and_stop(tmp_path, discord_fake, DATABASE_URL=url, PGPASSWORD=PASSWORD)
    assert no_part_of(PASSWORD, stderr)


@pytest.mark.parametrize(
    ("wrong", "apart"),
    [
        (PASSWORD + "!", False),  # percent-encoded in the URL
        (PASSWORD + "!", True),  # in PGPASSWORD
        (PASSWORD, None),  # written in the URL as it is: refused before anything parses it
    ],
)
async def test_no_part_of_a_password_is_ever_printed(
    tmp_path: Path,
    discord_fake: FakeDiscord,
    password_cluster: PostgresCluster,
    wrong: str,
    apart: bool | None,
) -> None:
    """A refused login names the cause and DATABASE_URL or PGPASSWORD, never any three
    characters of the password, whichever way it was given."""
    name = password_database(password_cluster, "refused")
    settings = {"DATABASE_URL": password_cluster.tcp_url(name, password=quote(wrong, safe=""))}
    if apart:
        settings = {"DATABASE_URL": password_cluster.tcp_url(name), "PGPASSWORD": wrong}
    elif apart is None:
        settings = {"DATABASE_URL": password_cluster.tcp_url(name, password=wrong)}
    status, stderr = await run_bot(tmp_path, discord_fake.api, **settings)
    line = the_one_error_line(stderr)
    assert status == 2
    if apart is None:
        assert "DATABASE_URL: its user name or password holds an @, /, ? or # written" in line
    else:
        assert 'password authentication failed for user "postgres"' in line
        assert "(check the user name and the password: in the URL, or in PGPASSWORD)" in line
    assert no_part_of(wrong, stderr) and no_part_of(PASSWORD, stderr)
    assert discord_fake.requests == []


async def test_ssl_required_by_the_url_but_not_offered_is_named(
    tmp_path: Path, discord_fake: FakeDiscord, password_cluster: PostgresCluster
) -> None:
    """`?sslmode=require` against a server without SSL: a configuration error naming SSL,
    not "is the server up?" (the server is up)."""
    url = password_cluster.tcp_url("postgres", query="sslmode=require")
    status, stderr = await run_bot(
        tmp_path, discord_fake.api, DATABASE_URL=url, PGPASSWORD=PASSWORD
    )
    line = the_one_error_line(stderr)
    assert status == 2
    assert "the server does not offer SSL, which the URL requires (sslmode=require)" in line
    assert "is the server up" not in line and "DATABASE_URL" in line


async def test_a_second_process_on_one_sqlite_file_stops_in_one_line(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """SQLite serves one process: a second bot on the same file exits 2 at once, naming the
    file and the way out, and the first goes on undisturbed."""
    database = tmp_path / "data" / "bot.db"
    environment = bot_environment(discord_fake.api, DATABASE_URL=sqlite_url(database))
    first = await spawn(tmp_path, environment)
    try:
        await asyncio.wait_for(discord_fake.connected.wait(), 60)
        second = await spawn(tmp_path, environment)
        status, stderr = await finish(second)
        line = the_one_error_line(stderr)
        assert status == 2
        assert f"another bot process is using the database {database}" in line
        assert "PostgreSQL" in line
        assert first.returncode is None
    finally:
        first.send_signal(signal.SIGINT)
        status, stderr = await finish(first, 10)
    assert status == 0, stderr


async def test_a_shard_of_two_runs_on_postgresql(
    tmp_path: Path, discord_fake: FakeDiscord, postgres_url: str
) -> None:
    """One of two processes: it migrates the shared database, connects its shard, says which
    it runs, and stops cleanly."""
    environment = bot_environment(
        discord_fake.api, DATABASE_URL=postgres_url, SHARD_COUNT="2", SHARD_IDS="1"
    )
    process = await spawn(tmp_path, environment)
    await asyncio.wait_for(discord_fake.connected.wait(), 60)
    process.send_signal(signal.SIGINT)
    status, stderr = await finish(process, 10)
    assert status == 0, stderr
    assert "running shard(s) 1 of 2" in stderr
    assert all(LOG_RECORD.match(line) for line in stderr.splitlines()), stderr
    storage = await Storage.open(postgres_url, migrate=False)
    try:
        assert await storage.schema_version() == len(migrations())
    finally:
        await storage.close()


async def test_wait_on_config_error_prints_once_then_waits_for_a_stop(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The Docker image's mode: no exit (so no restart loop) until stopped, then status 2."""
    environment = bot_environment(discord_fake.api, DISCORD_TOKEN="")
    process = await spawn(tmp_path, environment, "--wait-on-config-error")
    assert process.stderr is not None
    line = await asyncio.wait_for(process.stderr.readline(), 60)
    assert line.decode().startswith("error: DISCORD_TOKEN")
    assert "waiting for a stop signal" in line.decode()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(asyncio.shield(process.wait()), 0.5)
    process.send_signal(signal.SIGTERM)
    status, rest = await finish(process, 10)
    assert status == 2 and rest == ""


async def test_a_good_start_prints_no_voice_warning(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The bot uses no voice: discord.py's PyNaCl / davey warnings are not printed."""
    environment = bot_environment(discord_fake.api, DATABASE_URL=sqlite_url(tmp_path / "bot.db"))
    process = await spawn(tmp_path, environment)
    await asyncio.wait_for(discord_fake.connected.wait(), 60)
    process.send_signal(signal.SIGINT)
    status, stderr = await finish(process, 10)
    assert status == 0
    assert "voice" not in stderr.lower()
    assert all(LOG_RECORD.match(line) for line in stderr.splitlines()), stderr


async def test_stop_signal_during_a_hung_start_up_exits_0(tmp_path: Path) -> None:
    """`docker stop` while Discord does not answer: no waiting for the start-up limits."""
    async with FakeDiscord(hang=True).running() as fake:
        environment = bot_environment(
            fake.api, DATABASE_URL=sqlite_url(tmp_path / "bot.db"), STARTUP_LIMITS="3,30,5"
        )
        process = await spawn(tmp_path, environment)
        for _ in range(600):  # until the bot's first request hangs (at most a minute)
            if fake.requests:
                break
            await asyncio.sleep(0.1)
        assert fake.requests, "the bot never called Discord"
        process.send_signal(signal.SIGTERM)
        status, stderr = await finish(process, 10)
    assert status == 0, stderr
    assert "SIGTERM received: stopping" in stderr
    assert all(LOG_RECORD.match(line) for line in stderr.splitlines()), stderr
