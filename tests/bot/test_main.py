"""``python -m bot`` start-up failures: each is one line on stderr naming the problem (and the
setting or path), a non-zero exit status, no traceback; nothing is retried that cannot heal.

The bot runs as a real process against the wire-level fake Discord of fake_discord.py."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import Storage, migrations
from tests.bot.fake_discord import FakeDiscord
from tests.bot.postgres_support import PostgresCluster
from tests.bot.process_support import (
    LOG_RECORD,
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
    environment = bot_environment(api, STARTUP_LIMITS=QUICK, **settings)
    process = await spawn(tmp_path, environment, *options, prefix=prefix)
    return await finish(process)


async def test_unwritable_data_folder_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A folder the bot may not write (a Docker volume owned by root): exit 2, the folder
    named, and Discord not even contacted."""
    locked = tmp_path / "volume"
    locked.mkdir(mode=0o555)
    status, stderr = await run_bot(
        tmp_path,
        discord_fake.api,
        prefix=unprivileged(),
        DATABASE_URL=sqlite_url(locked / "data" / "bot.db"),
    )
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot create the folder {locked / 'data'}: Permission denied" in line
    assert "DATABASE_URL" in line
    assert discord_fake.requests == []


async def test_unwritable_folder_of_a_new_database_is_named(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The folder exists but the database cannot be created in it: one line (no traceback
    from a database thread left behind), naming the database."""
    locked = tmp_path / "volume"
    locked.mkdir(mode=0o555)
    status, stderr = await run_bot(
        tmp_path,
        discord_fake.api,
        prefix=unprivileged(),
        DATABASE_URL=sqlite_url(locked / "bot.db"),
    )
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot open the database {locked / 'bot.db'}: unable to open database file" in line


async def test_folder_blocked_by_a_file_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A file where the data folder should be: exit 2, naming the folder."""
    (tmp_path / "data").write_text("")
    status, stderr = await run_bot(tmp_path, discord_fake.api)
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot create the folder {tmp_path / 'data'}: " in line


async def test_read_only_database_file_is_named(tmp_path: Path, discord_fake: FakeDiscord) -> None:
    """A database file the bot may read but not write (copied in by another user): refused
    at start, not at the first move."""
    path = tmp_path / "data" / "bot.db"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
    path.chmod(0o444)
    status, stderr = await run_bot(tmp_path, discord_fake.api, prefix=unprivileged())
    line = the_one_error_line(stderr)
    assert status == 2
    assert f"cannot use the database {path}: attempt to write a readonly database" in line


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
    DEV_GUILD_ID, status 2, no second attempt."""
    async with FakeDiscord(refuse_guild_sync=424242).running() as fake:
        status, stderr = await run_bot(tmp_path, fake.api, DEV_GUILD_ID="424242")
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
