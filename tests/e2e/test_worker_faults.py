"""A worker fault costs one decision or one picture, never a table: real worker processes are
killed (SIGKILL) or stalled (SIGSTOP) in the middle of their work while games go on, and the
games go on to the end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import simcord

from bot.app import GameBot
from bot.models import Source, Status
from tests.bot.discord_support import (
    BotFactory,
    add_computer,
    open_table,
    playable,
    service_of,
)

FAULTS = {"SIGKILL": signal.SIGKILL, "SIGSTOP": signal.SIGSTOP}


@contextlib.asynccontextmanager
async def faults(
    bot: GameBot, work: str, sig: signal.Signals, times: int
) -> AsyncIterator[list[int]]:
    """Send ``sig`` to the worker running ``work`` (a function's name), ``times`` times, each
    time the moment it is busy with it; yields the pids hit."""
    hit: list[int] = []

    async def watch() -> None:
        while len(hit) < times:
            for pid, busy in bot.workers.busy().items():
                if busy == work and pid not in hit:
                    hit.append(pid)
                    os.kill(pid, sig)
                    break
            await asyncio.sleep(0.002)

    watcher = asyncio.create_task(watch())
    try:
        yield hit
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
        for pid in hit:  # a stopped worker is killed by the bot; make sure in any case
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


async def _play_to(
    env: simcord.Env, table: Any, done: Callable[[Any], bool], limit: int = 3000
) -> Any:
    """The people click their first legal decision until ``done(snapshot)``."""
    service = service_of(env)
    for _ in range(limit):
        await env.settle()
        snap = await service.snapshot(table.game_id)
        if done(snap) or snap.status is not Status.PLAYING:
            return snap
        if table.mover() is None:
            for player in table.players:  # the turn came back: the panel was refreshed
                panel = table.panels[player.id]
                if playable(panel):
                    break
            else:
                await asyncio.sleep(0.05)  # computers are thinking
                continue
        await table.play(1)
    raise AssertionError("the game did not get there")


@pytest.mark.parametrize("fault", ["SIGKILL", "SIGSTOP"])
async def test_hard_computers_survive_their_workers_faults(
    simcord_env: simcord.Env, make_bot: BotFactory, fault: str
) -> None:
    """Three hard computers: their worker is hit twice in the middle of a decision; each time
    level normal takes that decision here, a new worker takes the dead one's place, and the
    game plays on to its end."""
    env = simcord_env
    bot = make_bot(workers=1)
    await env.restart_bot(bot)
    guild = env.create_guild("Workers")
    channel = guild.create_text_channel("hard")
    person = guild.add_member(env.create_user("ana"))
    lobby = (await person.slash(channel, "allfours start", variant="caribbean", target=3)).response
    assert lobby is not None
    for _ in range(3):
        await add_computer(person, lobby, "hard")
    await person.click(lobby, label="Start")
    await env.settle()
    message = channel.last_message
    assert message is not None
    opened = await person.click(message, label="My hand")
    assert opened.response is not None
    from tests.bot.discord_support import Table, game_id_of

    table = Table(channel, [person], game_id_of(message), {person.id: opened.response})
    first = bot.workers.pids()["search"]
    async with faults(bot, "decide", FAULTS[fault], times=2) as hit:
        await _play_to(env, table, lambda snap: len(hit) >= 2)
    assert len(hit) == 2 and hit[0] in first
    final = await _play_to(env, table, lambda snap: False)
    assert final.status is Status.FINISHED
    assert not any(pid in hit for pid in bot.workers.pids()["search"])  # replaced
    log = await service_of(env).storage.actions(table.game_id)
    assert len(log) == final.record.version - 1  # every move logged once, none lost
    assert any(a.source is Source.COMPUTER for a in log)


@pytest.mark.parametrize("fault", ["SIGKILL", "SIGSTOP"])
async def test_a_table_goes_on_when_its_picture_worker_fails(
    simcord_env: simcord.Env, make_bot: BotFactory, fault: str
) -> None:
    """Four people, pictures on: the picture worker is hit while drawing; that table message
    goes out without its picture (its full text instead), and later ones carry pictures
    again, drawn by the replacement."""
    env = simcord_env
    bot = make_bot(workers=1, pictures=True)
    await env.restart_bot(bot)
    table = await open_table(env)
    assert table.message.attachments
    async with faults(bot, "render", FAULTS[fault], times=1) as hit:
        for _ in range(40):
            if hit:
                break
            await table.play(1)
            await env.settle()
    assert hit
    await table.play(1)  # the move after the fault is drawn again
    await env.settle()
    snap = await _play_to(env, table, lambda snap: snap.record.version >= 12)
    assert snap.status is Status.PLAYING
    message_id, _ = await service_of(env).message_of(table.game_id)
    shown = next(m for m in table.channel.history() if m.id == message_id)
    assert shown.attachments  # pictures are back
    assert hit[0] not in bot.workers.pids()["picture"]
