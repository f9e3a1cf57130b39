"""What a worker fault costs a table: games with three ``hard`` computers and one person are
played through the real game service and real worker processes, and the worker is killed
(SIGKILL) or stalled (SIGSTOP) in the middle of a computer's decision, again and again. For
each fault it prints how long the table waited from the fault to its next move (the decision
taken instead, in-process, by level ``normal``), and checks that the pool replaced the worker.

    python benchmarks/worker_faults.py [--faults 20] [--workers 1]

The bound the service promises: at most the decision's budget plus one second
(``bot.computers.DECISION_SECONDS``) for a stalled worker, and about a ``normal`` decision for
a killed one, which is noticed at once. The database is a real SQLite file in a temporary
folder; the person answers at once (their moves are not timed).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from bot.computers import DECISION_SECONDS
from bot.models import Status
from bot.service import GameService, ServiceError
from bot.storage import Storage
from bot.workers import Workers

PERSON = 1


async def _table(service: GameService, channel: int) -> int:
    snap = await service.open_lobby(
        family_name="allfours",
        variant="caribbean",
        options={},
        guild_id=1,
        channel_id=channel,
        host_id=PERSON,
        host_name="person",
        turn_seconds=None,
        locale="en",
        computer_pause=0.0,
    )
    for _ in range(3):
        await service.add_computer(snap.id, PERSON, "hard")
    await service.start(snap.id, PERSON)
    return snap.id


async def _person(service: GameService, game_id: int, stop: asyncio.Event) -> None:
    """The person plays a random legal decision whenever it is their turn."""
    rng = random.Random(game_id)
    while not stop.is_set():
        panel = await service.panel(game_id, PERSON)
        if panel.snapshot.status is not Status.PLAYING:
            return
        if panel.codes:
            version = panel.snapshot.record.version
            with contextlib.suppress(ServiceError):  # a computer moved first: look again
                await service.act(game_id, PERSON, rng.choice(panel.codes), version)
        await asyncio.sleep(0.01)


async def _measure(options: argparse.Namespace, how: signal.Signals, folder: Path) -> list[float]:
    storage = await Storage.open(folder / f"{how.name}.sqlite3")
    workers = Workers(options.workers)
    workers.start()
    await workers.ready()
    service = GameService(storage, workers=workers, computer_delay=0)
    started: set[int] = set()
    """The workers hit (a pid is hit once: it is then gone)."""
    costs: list[float] = []
    channel = 100
    try:
        while len(costs) < options.faults:
            channel += 1
            game_id = await _table(service, channel)
            stop = asyncio.Event()
            person = asyncio.create_task(_person(service, game_id, stop))
            while len(costs) < options.faults:
                snap = await service.snapshot(game_id)
                if snap.status is not Status.PLAYING:
                    break
                busy = [pid for pid, work in workers.busy().items() if work == "decide"]
                if not busy:
                    await asyncio.sleep(0.001)
                    continue
                version = snap.record.version
                started.add(busy[0])
                os.kill(busy[0], how)
                hit = time.perf_counter()
                for _ in range(100_000):  # polled: the service has no event for a move
                    if (await service.snapshot(game_id)).record.version != version:
                        break
                    await asyncio.sleep(0.001)
                costs.append(time.perf_counter() - hit)
                await asyncio.sleep(0.3)  # let a few decisions go by
            stop.set()
            await person
            if (await service.snapshot(game_id)).status is Status.PLAYING:
                await service.end(game_id, PERSON, can_manage=True)
        replaced = len(started) - len(set(workers.pids()["search"]) & started)
        print(f"worker {how.name}: {replaced} of the {len(started)} workers hit were replaced")
    finally:
        await service.close()
        await workers.aclose()
        await storage.close()
    return costs


def _report(name: str, costs: list[float]) -> None:
    ordered = sorted(costs)
    print(
        f"{name}: {len(costs)} faults; the table's next move came after "
        f"p50 {statistics.median(ordered) * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms (bound: {DECISION_SECONDS:.2f} s + a normal decision)"
    )


async def main(options: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for how in (signal.SIGKILL, signal.SIGSTOP):
            _report(f"worker {how.name}", await _measure(options, how, Path(folder)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--faults", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
