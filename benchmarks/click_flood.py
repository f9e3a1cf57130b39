"""One user floods the bot with forged clicks while four people play: what the people feel.

    nice -n 10 python benchmarks/click_flood.py [--rate 100] [--seconds 10] [--think 0.3]
                                               [--tables 1] [--seed 3]

The real bot process (``python -m bot``'s entry point, default settings: the click limit of
five a second per user) against the wire-level fake Discord of ``wire_bench.py``: four people
play Caribbean All Fours at each table as in its ``keep`` mode (each acts in their own panel
when the table says it is their turn, after a think time), and one more member of the server
sends ``--rate`` clicks a second for ``--seconds`` seconds, forged onto the table message of
table 0 with ids of every kind (another seat's move at the current version, "My hand", a
refresh, a hint, a stale move, a leaderboard page). It prints the people's answer times
(decision clicked -> the bot's answer arrives) while the flood runs and outside it, whether
every decision of theirs became a move (none refused), and what the flooder got back: how many
clicks were answered with words (the one "slow down", and the few admitted before the limit)
and how many were only acknowledged.

What it does not model: Discord's own rate limits (it would refuse such a flood before the bot
saw it), and several flooders (each is limited alone).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import wire_bench  # noqa: E402
from wire_fake import Click, FakeDiscord  # noqa: E402
from wire_people import Table  # noqa: E402
from wire_process import BotProcess  # noqa: E402

FLOODER = 99_000_001


def _ids(prefix: str, game_id: int, version: int) -> list[str]:
    return [
        f"{prefix}:a:{game_id}:{version}:S",
        f"{prefix}:h:{game_id}",
        f"{prefix}:r:{game_id}",
        f"{prefix}:i:{game_id}:{version}",
        f"{prefix}:a:{game_id}:{max(version - 1, 1)}:P:Th",
        f"{prefix}:b:allfours:s:0",
    ]


async def _flood(fake: FakeDiscord, table: Table, rate: int, seconds: float) -> list[Click]:
    """``rate`` forged clicks a second on the table message, for ``seconds``."""
    sent = []
    began = time.perf_counter()
    number = 0
    while time.perf_counter() - began < seconds and not table.is_over():
        message = table.table_message()
        if message is None or table.game_id is None:  # between two hands' messages
            await asyncio.sleep(0.01)
            continue
        ids = _ids(table.prefix, table.game_id, max(1, number))
        click = await fake.click(
            user_id=FLOODER,
            message=message,
            custom_id=ids[number % len(ids)],
            label="flood",
        )
        sent.append(click)
        number += 1
        await asyncio.sleep(max(0.0, began + number / rate - time.perf_counter()))
    return sent


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


async def main(args: argparse.Namespace) -> None:
    bench = wire_bench.arguments(["--think", str(args.think), "--tables", str(args.tables)])
    spec = wire_bench.family_spec("allfours", "caribbean", [])
    side = wire_bench.sides_of([])[0]
    seeds = [args.seed + i for i in range(args.tables)]
    fake = FakeDiscord.with_channels([100 + i for i in range(args.tables)])
    with tempfile.TemporaryDirectory() as folder:
        async with fake.running():
            bot = BotProcess(side, Path(folder), fake.api, seeds, bench.workers)
            try:
                await bot.start(fake)
                await wire_bench.quiet(fake, 0.5)
                tables = wire_bench.seat_people(fake, spec, seeds)
                await wire_bench.open_tables(fake, spec, tables, "keep")
                game = asyncio.create_task(wire_bench.play_games(fake, bot, tables, "keep", bench))
                await asyncio.sleep(2.0)  # the people are playing
                flood_began = time.perf_counter()
                flood = await _flood(fake, tables[0], args.rate, args.seconds)
                flood_ended = time.perf_counter()
                played = await game
                engine = bot.line("engine: ") or "?"
            finally:
                await bot.stop()
    people = [
        (c.sent_at, c.answered_at - c.sent_at)
        for c in fake.clicks.values()
        if c.label == "act" and c.answered_at is not None
    ]
    during = [took for at, took in people if flood_began <= at <= flood_ended]
    outside = [took for at, took in people if not flood_began <= at <= flood_ended]
    answered = [c for c in flood if c.answered_at is not None]
    worded = sum(1 for c in answered if c.message_id is not None)  # the others: acknowledged
    print(f"bot: {engine}")
    print(
        f"flood: {len(flood)} forged clicks in {flood_ended - flood_began:.1f} s "
        f"({len(flood) / (flood_ended - flood_began):.0f} a second) by one user"
    )
    print(
        f"flood: answered {len(answered)}, with words {worded} (the slow down and the clicks "
        f"admitted before it), silently acknowledged {len(answered) - worded}"
    )
    print(
        f"people during the flood: {len(during)} decisions, answer p50 "
        f"{statistics.median(during) * 1000:.1f} ms, p99 {_percentile(during, 0.99):.1f} ms"
    )
    if outside:
        print(
            f"people outside it: {len(outside)} decisions, answer p50 "
            f"{statistics.median(outside) * 1000:.1f} ms, p99 {_percentile(outside, 0.99):.1f} ms"
        )
    refused = played.tally.decisions - played.moves
    print(
        f"people: {played.tally.decisions} decisions clicked, {played.moves} moves applied "
        f"({refused} refused), {played.games} game(s) finished"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--seed", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
