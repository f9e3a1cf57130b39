"""Drive concurrent tables of both games through the real bot in process (SimCord) and print
interaction handling times and throughput, one figure per line.

    python benchmarks/bot_bench.py [--tables 50] [--moves 4000] [--games allfours,kqj]
                                   [--computers 0] [--level normal] [--workers N] [--pictures]

Tables alternate between the games named (four-player Caribbean All Fours, six-player KQJ
3v3); with ``--computers N`` each table seats N computer players at ``--level`` and the people
fill the other seats. Three load shapes, a third of the moves each. "steady": one click at a
time, round-robin over the open tables — the handling time of one interaction with every table
live. "busy": every table plays on its own, each person clicking the moment their turn comes
while the other tables' clicks, computers and pictures run. "burst": the player to act at
every table clicks at the same instant, so every
interaction queues for one event loop and one SQLite connection — the worst case, where the
time includes the wait behind the others. A handling time runs from Discord sending the click
to the bot's answer (the panel update): lock, engine, SQLite commit, rendering. Moves per
second counts the people's moves, with the table-message edits, panel refreshes, pictures
(``--pictures``), computer moves in the worker processes (``--workers``) and the in-process
simulated Discord's own work. The database is a real SQLite file in a temporary folder.
Nudges are off (their 20-second timers would be waited out in real time by every settle, and
clicks this fast never leave a player idle long enough to be nudged).

"table message after the click" runs from Discord sending a click to the bot's first post or
edit of that table's public message (the move shown, with its picture with ``--pictures``):
with hard computers at every table (``--computers 3 --level hard``) the searches keep the
worker busy while the tables are drawn, so this shows that pictures do not wait behind them.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from bot.app import GameBot
from bot.service import GameService
from bot.settings import default_workers
from tests.bot.discord_support import (
    add_computer,
    buttons,
    emit_click,
    enabled,
    game_id_of,
    service_of,
)

ANSWERED: dict[int, float] = {}
TABLE_DRAWN: dict[int, list[float]] = {}
"""Channel id -> when the bot posted or edited a message there (the table messages)."""


class _StampedRequests(list[Any]):
    """SimCord's log of the bot's REST requests, noting when each channel message is posted
    or edited (the moment the bot's request reaches the simulated Discord)."""

    def append(self, entry: Any) -> None:
        super().append(entry)
        parts = str(entry.path).strip("/").split("/")
        if entry.method in ("POST", "PATCH") and parts[:1] == ["channels"] and "messages" in parts:
            TABLE_DRAWN.setdefault(int(parts[1]), []).append(time.perf_counter())


def _time_table_messages(env: simcord.Env) -> None:
    env.backend.http_requests = _StampedRequests(env.backend.http_requests)


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
    return [str(b.get("label")) for b in enabled(message)]


PLAYERS = {"allfours": 4, "kqj": 6}


async def _open_tables(
    env: simcord.Env, count: int, games: list[str], computers: int, level: str
) -> list[tuple[int, dict[int, Any]]]:
    """``count`` tables, alternating between ``games``, started, every person's panel open:
    (game id, {user id: (actor, panel)})."""
    tables = []
    guild = None
    for index in range(count):
        if index % 10 == 0:
            guild = env.create_guild(f"Server {index // 10}")
            # no nudges: a nudge is a timer that settling would wait out in real time
            await service_of(env).update_server_settings(guild.id, nudge_seconds=None)
        assert guild is not None
        game = games[index % len(games)]
        channel = guild.create_text_channel(f"table-{index}")
        people = PLAYERS[game] - computers
        players = [guild.add_member(env.create_user(f"p{index}-{seat}")) for seat in range(people)]
        options = {"variant": "caribbean"} if game == "allfours" else {"target": 500}
        lobby = (await players[0].slash(channel, f"{game} start", **options)).response
        assert lobby is not None
        for seat, player in enumerate(players[1:], start=1):
            await player.click(lobby, label=f"Join Team {'AB'[seat % 2]}")  # partners alternate
        for _ in range(computers):
            await add_computer(players[0], lobby, level)
        await players[0].click(lobby, label="Start")
        game_id = game_id_of(lobby)
        table_id, _ = await service_of(env).message_of(game_id)
        message = next(m for m in channel.history() if m.id == table_id)
        assert "My hand" in _enabled_labels(message)
        panels = {}
        for player in players:
            opened = await player.click(message, label="My hand")
            panels[player.id] = (player, opened.response)
        tables.append((game_id, panels))
    return tables


def _emit(env: simcord.Env, player: simcord.MemberActor, panel: Any, custom_id: str) -> int:
    interaction_id, _ = emit_click(env, player, panel, custom_id)
    return interaction_id


async def _next_click(
    service: GameService, table: tuple[int, dict[int, Any]]
) -> tuple[simcord.MemberActor, Any, str] | None:
    """The person the table waits for and the button of one of their legal decisions, as
    drawn on their panel (a KQJ bid would take two menus: passing is enough here)."""
    game_id, panels = table
    for user_id, (player, panel) in panels.items():
        seen = await service.panel(game_id, user_id)
        if not seen.is_expected:
            continue
        drawn = {str(b.get("custom_id", "")) for b in buttons(panel) if not b.get("disabled")}
        for code in seen.codes:
            custom_id = next((c for c in drawn if c.endswith(f":{code}")), None)
            if custom_id is not None:
                return player, panel, custom_id
    return None


async def _play(
    env: simcord.Env, tables: list[tuple[int, dict[int, Any]]], moves: int, *, together: bool
) -> tuple[list[float], list[float], int, float]:
    """Round after round, the person each table waits for clicks: all at the same instant
    (``together``), or one after the other, each click handled before the next is sent."""
    service = service_of(env)
    latencies: list[float] = []
    drawn: list[float] = []
    done = 0
    started = time.perf_counter()
    while done < moves:
        sent: dict[int, float] = {}
        channels: dict[int, int] = {}
        for table in tables:
            click = await _next_click(service, table)
            if click is None:
                continue
            interaction = _emit(env, *click)
            sent[interaction] = time.perf_counter()
            channels[interaction] = (await service.snapshot(table[0])).record.channel_id
            if not together:
                await env.settle(timeout=120)
        if not sent:
            await env.settle(timeout=120)  # computers may still be moving
            if not any([await _next_click(service, table) for table in tables]):
                break
            continue
        if together:
            await env.settle(timeout=120)
        latencies.extend(ANSWERED[i] - at for i, at in sent.items())
        for interaction, at in sent.items():
            after = [when for when in TABLE_DRAWN.get(channels[interaction], []) if when >= at]
            if after:
                drawn.append(min(after) - at)
        done += len(sent)
    return latencies, drawn, done, time.perf_counter() - started


def _percentiles(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return statistics.median(values) * 1000, p99 * 1000


def _report(
    mode: str, latencies: list[float], drawn: list[float], done: int, elapsed: float
) -> None:
    p50, p99 = _percentiles(latencies)
    print(f"{mode}: moves: {done} in {elapsed:.2f} s")
    print(f"{mode}: moves per second: {done / elapsed:.0f}")
    print(f"{mode}: interaction handling p50: {p50:.1f} ms")
    print(f"{mode}: interaction handling p99: {p99:.1f} ms")
    if drawn:
        p50, p99 = _percentiles(drawn)
        print(f"{mode}: table message after the click p50: {p50:.1f} ms")
        print(f"{mode}: table message after the click p99: {p99:.1f} ms")


async def run(options: argparse.Namespace) -> None:
    _time_answers()
    games = options.games.split(",")
    with tempfile.TemporaryDirectory() as folder:
        bot = GameBot(
            database=Path(folder) / "bench.sqlite3",
            shard_count=2,
            computer_delay=0,
            workers=options.workers,
            pictures=options.pictures,
        )
        async with simcord.run(bot, settle_timeout=120) as env:
            _time_table_messages(env)
            try:
                await _measure(env, options, games)
            finally:
                await bot.release()


async def _measure(env: simcord.Env, options: argparse.Namespace, games: list[str]) -> None:
    setup_started = time.perf_counter()
    open_tables = await _open_tables(env, options.tables, games, options.computers, options.level)
    computers = f", {options.computers} {options.level} computer(s) each"
    print(f"tables: {options.tables} ({' and '.join(games)}){computers}")
    print(f"workers: {options.workers}; pictures: {'on' if options.pictures else 'off'}")
    print(f"setup (lobbies, joins, starts, panels): {time.perf_counter() - setup_started:.2f} s")
    third = options.moves // 3
    _report("steady", *await _play(env, open_tables, third, together=False))
    _report("busy", *await _busy(env, open_tables, third))
    burst = await _play(env, open_tables, third, together=True)
    _report(f"burst of {options.tables}", *burst)


async def _busy(
    env: simcord.Env, tables: list[tuple[int, dict[int, Any]]], moves: int
) -> tuple[list[float], list[float], int, float]:
    """Every table plays on its own: each person clicks the moment their turn comes, while
    the other tables' clicks, computers and pictures go on (nothing waits for a settle)."""
    service = service_of(env)
    latencies: list[float] = []
    drawn: list[float] = []
    in_flight: dict[int, tuple[int, float, int]] = {}
    done = 0
    started = time.perf_counter()
    idle_since = time.perf_counter()
    while done < moves and time.perf_counter() - idle_since < 60:
        for table in tables:
            if table[0] in in_flight:
                continue
            click = await _next_click(service, table)
            if click is not None:
                channel = (await service.snapshot(table[0])).record.channel_id
                in_flight[table[0]] = (_emit(env, *click), time.perf_counter(), channel)
        await asyncio.sleep(0.002)
        for game_id, (interaction, at, channel) in list(in_flight.items()):
            after = [when for when in TABLE_DRAWN.get(channel, []) if when >= at]
            if interaction in ANSWERED and after:
                latencies.append(ANSWERED[interaction] - at)
                drawn.append(min(after) - at)
                del in_flight[game_id]
                done += 1
                idle_since = time.perf_counter()
    await env.settle(timeout=120)
    return latencies, drawn, done, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--games", default="allfours,kqj")
    parser.add_argument("--computers", type=int, default=0)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--pictures", action="store_true")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
