"""Commit latency and moves per second of the real ``GameService.act`` path on SQLite and on
PostgreSQL, one figure per line.

    python benchmarks/storage_bench.py [--tables 20] [--moves 2000]

Each back end plays the same games: ``--tables`` Caribbean tables of four people, clicked
through ``GameService.act`` (lock, version check, engine, commit of snapshot + action row +
seats, and at a game's end the match and ratings) until ``--moves`` moves were made, without
Discord (no rendering). Two load shapes, half of the moves each. "serial": one click at a
time, round-robin over the tables. "concurrent": the player to act at every table clicks at
the same instant (the tables' moves wait for each other only where the database makes them:
SQLite has one connection, PostgreSQL a pool). A commit is the write transaction alone, from
asking for it to COMMIT's answer (in the concurrent shape, that includes the wait for SQLite's
one connection or for a pooled one); an act is the whole click.

SQLite is a file in a temporary folder (WAL, synchronous=NORMAL: durable against a killed
process, as the bot runs). PostgreSQL is a throw-away server started here as the tests start
theirs, but with PostgreSQL's durable defaults (fsync, synchronous_commit: every commit waits
for its WAL to reach the disk), over a unix socket; without PostgreSQL installed its lines
say so.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from bot.service import GameService
from bot.storage import Storage, Transaction
from tests.bot.postgres_support import PostgresCluster, binaries

PLAYERS = 4


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _timed_transactions(
    storage: Storage, into: list[float]
) -> Callable[[], AbstractAsyncContextManager[Transaction]]:
    """``storage.transaction`` that notes how long each one took, BEGIN to COMMIT."""
    original = storage.transaction

    @asynccontextmanager
    async def timed() -> AsyncIterator[Transaction]:
        began = time.perf_counter()
        async with original() as tx:
            yield tx
        into.append(time.perf_counter() - began)

    return timed


class Tables:
    """The open tables of one run, each with its four players, refilled as games end."""

    def __init__(self, service: GameService, count: int) -> None:
        self.service = service
        self.count = count
        self.games: dict[int, list[int]] = {}
        self._channels = iter(range(1000, 10**6))
        self._users = iter(range(10_000, 10**7))

    async def fill(self) -> None:
        while len(self.games) < self.count:
            channel = next(self._channels)
            users = [next(self._users) for _ in range(PLAYERS)]
            snap = await self.service.open_lobby(
                family_name="allfours",
                variant="caribbean",
                options={"target": 7},
                guild_id=1 + channel % 7,
                channel_id=channel,
                host_id=users[0],
                host_name="host",
                turn_seconds=None,
                locale="en",
            )
            for user in users[1:]:
                await self.service.join(snap.id, user, "player", None)
            await self.service.start(snap.id, users[0])
            self.games[snap.id] = users

    async def click(self, game_id: int, rng: random.Random, acts: list[float]) -> None:
        """The player to act at one table makes a random legal move (a finished game is
        replaced by a new one)."""
        for user in self.games[game_id]:
            panel = await self.service.panel(game_id, user)
            if panel.codes:
                began = time.perf_counter()
                await self.service.act(
                    game_id, user, rng.choice(panel.codes), panel.snapshot.record.version
                )
                acts.append(time.perf_counter() - began)
                break
        if not (await self.service.snapshot(game_id)).status.is_open:
            del self.games[game_id]


async def run(
    database: Path | str, tables: int, moves: int
) -> dict[str, tuple[list[float], list[float], float]]:
    """Per load shape: commit times, act times, moves per second."""
    storage = await Storage.open(database)
    seeds = iter(range(1, 10**6))
    service = GameService(storage, seeds=lambda: next(seeds), computer_delay=0)
    results = {}
    try:
        rng = random.Random(7)
        board = Tables(service, tables)
        for shape in ("serial", "concurrent"):
            await board.fill()
            commits: list[float] = []
            acts: list[float] = []
            timed = _timed_transactions(storage, commits)
            spent = 0.0  # in moves only: opening the tables that replace finished games is not
            while len(acts) < moves // 2:
                storage.transaction = timed  # type: ignore[method-assign,assignment]
                began = time.perf_counter()
                if shape == "serial":
                    for game_id in list(board.games):
                        await board.click(game_id, rng, acts)
                else:
                    await asyncio.gather(*(board.click(g, rng, acts) for g in list(board.games)))
                spent += time.perf_counter() - began
                del storage.transaction
                await board.fill()
            elapsed = spent
            results[shape] = (commits, acts, len(acts) / elapsed)
    finally:
        await service.close()
        await storage.close()
    return results


def report(name: str, results: dict[str, tuple[list[float], list[float], float]]) -> None:
    for shape, (commits, acts, rate) in results.items():
        print(
            f"{name} {shape}: commit p50 {1000 * statistics.median(commits):.2f} ms, "
            f"p99 {1000 * _percentile(commits, 0.99):.2f} ms ({len(commits)} commits)",
            flush=True,
        )
        print(
            f"{name} {shape}: act p50 {1000 * statistics.median(acts):.2f} ms, "
            f"p99 {1000 * _percentile(acts, 0.99):.2f} ms; {rate:.0f} moves/s ({len(acts)} moves)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    options = parser.parse_args()
    print(f"{options.tables} tables, {options.moves} moves per back end", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        report("sqlite", asyncio.run(run(Path(folder) / "bench.db", options.tables, options.moves)))
    if binaries() is None:
        print("postgresql: not measured (PostgreSQL is not installed)", flush=True)
        return
    cluster = PostgresCluster.start(durable=True)
    try:
        report("postgresql", asyncio.run(run(cluster.database(), options.tables, options.moves)))
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
