"""``python -m bot.health`` (the Docker image's HEALTHCHECK) against the real ``python -m bot``
process and the wire-level fake Discord: healthy only while the bot is connected and its
database answers; unhealthy while it waits on a configuration error, before it runs, after it
stopped, and while its database refuses it. And the one ``ready:`` line the bot logs."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.health import describe_connection
from tests.bot.fake_discord import FakeDiscord
from tests.bot.postgres_support import TESTS, PostgresCluster
from tests.bot.process_support import ROOT, bot_environment, finish, spawn


@pytest_asyncio.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord().running() as fake:
        yield fake


async def health(socket: Path) -> tuple[int, str]:
    """Run ``python -m bot.health`` as Docker does (in its own process); status and line."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.health",
        env={"PYTHONPATH": str(ROOT), "HEALTH_SOCKET": str(socket), "PATH": ""},
        cwd=socket.parent,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert stderr == b"", stderr
    assert process.returncode is not None
    return process.returncode, stdout.decode().strip()


async def healthy_within(socket: Path, seconds: float = 60) -> str:
    """Ask until the bot answers healthy (it logs in and connects first); its line."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        status, line = await health(socket)
        if status == 0:
            return line
        assert asyncio.get_running_loop().time() < deadline, line
        await asyncio.sleep(0.2)


async def test_healthy_only_while_connected_and_a_ready_line_names_the_bot(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """Before the bot runs: unhealthy (nobody answers). Connected: healthy, naming the bot,
    its servers and shards, after one ``ready:`` log line saying the same. Stopped: unhealthy
    again, and the socket is gone."""
    socket = tmp_path / "health.sock"
    status, line = await health(socket)
    assert status == 1 and line.startswith("unhealthy: no bot answers at ")

    environment = bot_environment(
        discord_fake.api,
        DATABASE_URL=f"sqlite:///{tmp_path / 'bot.db'}",
        HEALTH_SOCKET=str(socket),
    )
    process = await spawn(tmp_path, environment)
    try:
        line = await healthy_within(socket)
    finally:
        process.send_signal(signal.SIGTERM)
        code, stderr = await finish(process, 20)
    assert code == 0, stderr
    who = "cards-bot (id 900000000000000001) serving 1 server(s) on shard(s) 0 of 1"
    assert line.startswith(f"healthy: {who}; database answered in ")
    ready = [record for record in stderr.splitlines() if " ready: " in record]
    assert len(ready) == 1 and ready[0].endswith(f"INFO     bot: ready: {who}"), stderr
    status, line = await health(socket)
    assert status == 1 and "no bot answers" in line
    assert not socket.exists()


async def test_unhealthy_while_waiting_on_a_configuration_error(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """The image's mode: the error line once, no restart loop, and unhealthy meanwhile (no
    container shows `healthy` with a bot that serves nobody)."""
    socket = tmp_path / "health.sock"
    environment = bot_environment(discord_fake.api, DISCORD_TOKEN="", HEALTH_SOCKET=str(socket))
    process = await spawn(tmp_path, environment, "--wait-on-config-error")
    try:
        assert process.stderr is not None
        first = await asyncio.wait_for(process.stderr.readline(), 60)
        assert first.decode().startswith("error: DISCORD_TOKEN")
        status, line = await health(socket)
        assert status == 1 and line.startswith("unhealthy: no bot answers")
        assert process.returncode is None
    finally:
        process.send_signal(signal.SIGTERM)
        await finish(process, 20)


async def test_unhealthy_while_the_database_refuses_the_bot(
    tmp_path: Path, discord_fake: FakeDiscord, postgres_cluster: PostgresCluster
) -> None:
    """Connected to Discord, but its PostgreSQL login is refused and its connections are cut:
    unhealthy, saying the database does not answer; healthy again once it may log in."""
    role = "health_check_bot"
    postgres_cluster.sql(f"DROP ROLE IF EXISTS {role}")
    postgres_cluster.sql(f"CREATE ROLE {role} LOGIN")
    postgres_cluster.sql(f"CREATE SCHEMA {role} AUTHORIZATION {role}", TESTS)
    url = postgres_cluster.url(TESTS).replace("postgres@", f"{role}@") + f"&search_path={role}"
    socket = tmp_path / "health.sock"
    environment = bot_environment(discord_fake.api, DATABASE_URL=url, HEALTH_SOCKET=str(socket))
    process = await spawn(tmp_path, environment)
    try:
        await healthy_within(socket)
        postgres_cluster.sql(f"ALTER ROLE {role} NOLOGIN")
        postgres_cluster.sql(
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{role}'"
        )
        status, line = await health(socket)
        assert status == 1
        assert line.startswith("unhealthy: the database does not answer ("), line
        postgres_cluster.sql(f"ALTER ROLE {role} LOGIN")
        assert (await healthy_within(socket)).startswith("healthy: ")
    finally:
        process.send_signal(signal.SIGTERM)
        code, stderr = await finish(process, 20)
        postgres_cluster.sql(f"DROP SCHEMA {role} CASCADE", TESTS)
        postgres_cluster.sql(f"DROP ROLE {role}")
    assert code == 0, stderr


def test_health_without_a_socket_setting_is_unhealthy(tmp_path: Path) -> None:
    """No HEALTH_SOCKET anywhere: the bot answers no checks, and the check says so."""
    done = subprocess.run(
        [sys.executable, "-m", "bot.health"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert (
        done.stdout == "unhealthy: HEALTH_SOCKET is not set, so the bot answers no health checks\n"
    )


def test_ready_line_names_the_shards_of_a_process() -> None:
    """The words of the ready line for one of several processes (shard ids and count)."""
    from bot.app import GameBot
    from bot.shards import Shards

    bot = GameBot(database=Path("unused.db"), shards=Shards(4, frozenset({2, 3})))
    assert describe_connection(bot) == ("an unknown user serving 0 server(s) on shard(s) 2-3 of 4")


async def test_a_health_socket_path_holding_a_file_is_refused_and_kept(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """HEALTH_SOCKET naming a file by mistake: a configuration error, and the file is left."""
    mistaken = tmp_path / "notes.txt"
    mistaken.write_text("keep me")
    environment = bot_environment(
        discord_fake.api,
        DATABASE_URL=f"sqlite:///{tmp_path / 'bot.db'}",
        HEALTH_SOCKET=str(mistaken),
    )
    status, stderr = await finish(await spawn(tmp_path, environment))
    assert status == 2
    assert f"error: HEALTH_SOCKET {mistaken} is a file, not a socket" in stderr
    assert mistaken.read_text() == "keep me"
