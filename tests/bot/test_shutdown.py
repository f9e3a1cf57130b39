"""A graceful stop of the real process: SIGTERM (``docker stop``) or SIGINT (Ctrl-C) closes the
gateway first, lets a move being committed finish and its click be answered, closes the
database, and exits 0 within 2 seconds.

The bot runs as a real process against the wire-level fake Discord of fake_discord.py."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service import GameService
from bot.storage import Storage
from cogs.table.components import ActionButton
from tests.bot.fake_discord import FakeDiscord
from tests.bot.process_support import LOG_RECORD, bot_environment, finish, spawn
from tests.bot.support import CHANNEL, seated_table

PLAYERS = (101, 102, 103, 104)
SLOW_MOVE = 0.5
"""How long the bot holds a move's transaction open once its action row is written."""


@pytest_asyncio.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channels=(CHANNEL,)).running() as fake:
        yield fake


async def a_game_in_progress(path: Path) -> tuple[int, int, int, str]:
    """A started four-player table in the database: game id, version, and a player who may
    act now with one of their legal action codes."""
    storage = await Storage.open(path)
    service = GameService(storage, computer_delay=0)
    try:
        snap = await seated_table(service, "caribbean", PLAYERS)
        for user in PLAYERS:
            panel = await service.panel(snap.id, user)
            if panel.codes:
                return snap.id, panel.snapshot.record.version, user, panel.codes[0]
        raise AssertionError("nobody may act at a fresh table")
    finally:
        await service.close()
        await storage.close()


def consistency(path: Path, game_id: int) -> tuple[str, int, int, list[str]]:
    """integrity_check, the game's version, its last action-log version, the codes logged."""
    with sqlite3.connect(path) as db:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        version = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        last = db.execute(
            "SELECT COALESCE(MAX(version), 0) FROM actions WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
        codes = [
            row[0]
            for row in db.execute(
                "SELECT code FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
            )
        ]
    return integrity, version, last, codes


async def test_sigterm_mid_commit_finishes_the_move_and_exits_0(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    """SIGTERM while a click's move is being committed: the gateway is closed at once (no
    new click is read), the move is committed, the click is answered, exit 0 within 2 s."""
    path = tmp_path / "data" / "bot.db"
    game_id, version, user, code = await a_game_in_progress(path)
    environment = bot_environment(
        discord_fake.api,
        DATABASE_URL=f"sqlite:///{path}",
        SLOW_MOVE_SECONDS=str(SLOW_MOVE),
        WORKERS="2",  # worker processes running: they are stopped within the time too
    )
    process = await spawn(tmp_path, environment)
    assert process.stdout is not None
    await asyncio.wait_for(discord_fake.connected.wait(), 60)

    custom_id = ActionButton.make("af", game_id, version, code, label=code).custom_id
    click = await discord_fake.send_click(user_id=user, custom_id=custom_id, channel_id=CHANNEL)
    marker = await asyncio.wait_for(process.stdout.readline(), 30)
    assert marker == b"move-written\n"
    signalled = time.monotonic()
    process.send_signal(signal.SIGTERM)
    status, stderr = await finish(process, 10)
    took = time.monotonic() - signalled

    assert status == 0, stderr
    assert took < 2.0, f"{took:.2f} s"
    assert "Traceback" not in stderr
    assert all(LOG_RECORD.match(line) for line in stderr.splitlines()), stderr
    integrity, stored, last, codes = consistency(path, game_id)
    assert integrity == "ok"
    assert stored == last == version + 1
    assert codes[-1] == code
    answers = discord_fake.callbacks(click)
    assert len(answers) == 1, "the click received before the signal is answered"
    assert answers[0].body["type"] == 7  # the hand panel is updated in place
    assert discord_fake.gateway_closed_at is not None
    assert discord_fake.gateway_closed_at < answers[0].at, "gateway closed before answering"
    assert discord_fake.gateway_close_code == 1000


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_idle_bot_stops_on_signal_with_exit_0(
    tmp_path: Path, discord_fake: FakeDiscord, signum: signal.Signals
) -> None:
    """With nothing in flight the stop is quick and clean, whichever signal asks for it."""
    path = tmp_path / "data" / "bot.db"
    game_id, _, _, _ = await a_game_in_progress(path)
    before = consistency(path, game_id)
    process = await spawn(
        tmp_path, bot_environment(discord_fake.api, DATABASE_URL=f"sqlite:///{path}")
    )
    await asyncio.wait_for(discord_fake.connected.wait(), 60)
    signalled = time.monotonic()
    process.send_signal(signum)
    status, stderr = await finish(process, 10)
    assert status == 0, stderr
    assert time.monotonic() - signalled < 2.0
    assert f"{signum.name} received: stopping" in stderr and "Traceback" not in stderr
    assert consistency(path, game_id) == before
    assert before[0] == "ok"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(") ", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL", "crash"])
async def test_no_worker_outlives_the_bot(
    tmp_path: Path, discord_fake: FakeDiscord, how: str
) -> None:
    """Whether the bot stops on request, is killed or crashes (SIGABRT), its worker processes
    are gone within 5 seconds, and nothing of it keeps its output pipes open."""
    path = tmp_path / "data" / "bot.db"
    environment = bot_environment(discord_fake.api, DATABASE_URL=f"sqlite:///{path}", WORKERS="2")
    process = await spawn(tmp_path, environment)
    await asyncio.wait_for(discord_fake.connected.wait(), 60)
    workers: list[int] = []
    for _ in range(600):  # two search workers and the picture worker start with the bot
        workers = _children(process.pid)
        if len(workers) == 3:
            break
        await asyncio.sleep(0.1)
    assert len(workers) == 3, workers
    # a crash in native code ends the process the way SIGABRT does: no handler runs
    process.send_signal(signal.SIGABRT if how == "crash" else getattr(signal, how))
    status, _ = await finish(process, 10)  # the pipes close: nobody else holds them
    assert status != 0 if how != "SIGTERM" else status == 0
    for _ in range(100):  # 5 seconds
        if not any(_alive(pid) for pid in workers):
            break
        await asyncio.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]
