"""Drive 50 concurrent All Fours tables through the real bot in process (SimCord) and print
interaction handling times and throughput, one figure per line.

    python benchmarks/bot_bench.py [--tables 50] [--moves 4000]

Two load shapes, half of the moves each. "steady": one click at a time, round-robin over the
open tables — the handling time of one interaction with 50 tables live. "burst": the player
to act at every table clicks at the same instant, so 50 interactions queue for one event
loop and one SQLite connection — the worst case, where the time includes the wait behind
the others. A handling time runs from Discord sending the click to the bot's answer (the
panel update): lock, engine, SQLite commit, rendering. Moves per second counts every move
with its table-message edit and panel refreshes, and the in-process simulated Discord's own
work. The database is a real SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.components import walk_components

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from bot.app import AllFoursBot
from tests.bot.discord_support import emit_click, playable

ANSWERED: dict[int, float] = {}


def _time_answers() -> None:
    """Note when each interaction is answered (after Discord accepted the answer)."""
    for name in ("edit_message", "send_message"):
        original = getattr(discord.InteractionResponse, name)

        async def timed(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            result = await _original(self, *args, **kwargs)
            ANSWERED[self._parent.id] = time.perf_counter()
            return result

        setattr(discord.InteractionResponse, name, timed)


def _enabled_labels(message: Any) -> list[str]:
    rows = [row.to_dict() for row in message.components]
    return [str(c.get("label")) for c in walk_components(rows) if not c.get("disabled")]


async def _open_tables(env: simcord.Env, count: int) -> list[dict[int, Any]]:
    """``count`` four-player Caribbean tables, started, every hand panel open."""
    tables = []
    guild = None
    for index in range(count):
        if index % 10 == 0:
            guild = env.create_guild(f"Server {index // 10}")
        assert guild is not None
        channel = guild.create_text_channel(f"table-{index}")
        players = [guild.add_member(env.create_user(f"p{index}-{seat}")) for seat in range(4)]
        lobby = (await players[0].slash(channel, "allfours start", variant="caribbean")).response
        assert lobby is not None
        for seat, player in enumerate(players[1:], start=1):
            team = "Join Team B" if seat % 2 else "Join Team A"
            await player.click(lobby, label=team)
        await players[0].click(lobby, label="Start")
        message = channel.last_message
        assert message is not None and "My hand" in _enabled_labels(message)
        panels = {}
        for player in players:
            opened = await player.click(message, label="My hand")
            panels[player.id] = (player, opened.response)
        tables.append(panels)
    return tables


def _emit(env: simcord.Env, player: simcord.MemberActor, panel: Any, custom_id: str) -> int:
    interaction_id, _ = emit_click(env, player, panel, custom_id)
    return interaction_id


def _next_click(panels: dict[int, Any]) -> tuple[simcord.MemberActor, Any, str] | None:
    for player, panel in panels.values():
        choices = playable(panel)
        if choices:
            return player, panel, choices[0]["custom_id"]
    return None


async def _play(
    env: simcord.Env, tables: list[dict[int, Any]], moves: int, *, together: bool
) -> tuple[list[float], int, float]:
    """Round after round, the player to act at every table clicks: all at the same instant
    (``together``), or one after the other, each click handled before the next is sent."""
    latencies: list[float] = []
    done = 0
    started = time.perf_counter()
    while done < moves:
        sent: dict[int, float] = {}
        for panels in tables:
            click = _next_click(panels)
            if click is None:
                continue
            sent[_emit(env, *click)] = time.perf_counter()
            if not together:
                await env.settle(timeout=60)
        if not sent:
            break
        if together:
            await env.settle(timeout=60)
        latencies.extend(ANSWERED[i] - at for i, at in sent.items())
        done += len(sent)
    return latencies, done, time.perf_counter() - started


def _report(mode: str, latencies: list[float], done: int, elapsed: float) -> None:
    latencies = sorted(latencies)
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{mode}: moves: {done} in {elapsed:.2f} s")
    print(f"{mode}: moves per second: {done / elapsed:.0f}")
    print(f"{mode}: interaction handling p50: {p50:.1f} ms")
    print(f"{mode}: interaction handling p99: {p99:.1f} ms")


async def run(tables: int, moves: int) -> None:
    _time_answers()
    with tempfile.TemporaryDirectory() as folder:
        bot = AllFoursBot(database=Path(folder) / "bench.sqlite3", shard_count=2, computer_delay=0)
        async with simcord.run(bot, settle_timeout=60) as env:
            setup_started = time.perf_counter()
            open_tables = await _open_tables(env, tables)
            print(f"tables: {tables}, four players each")
            setup = time.perf_counter() - setup_started
            print(f"setup (lobbies, joins, starts, panels): {setup:.2f} s")
            _report("steady", *await _play(env, open_tables, moves // 2, together=False))
            _report(f"burst of {tables}", *await _play(env, open_tables, moves // 2, together=True))
            finished = sum(1 for panels in open_tables if _next_click(panels) is None)
            print(f"games finished: {finished}")
            await bot.release()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000)
    options = parser.parse_args()
    asyncio.run(run(options.tables, options.moves))


if __name__ == "__main__":
    main()
