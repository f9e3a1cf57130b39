"""Review hints: worker seconds to review a whole finished game (``computers.review`` over
every decision a person took, what the search workers run for ``History.review``), with the
budget the bot gives a game (``REVIEW_SECONDS`` split over its decisions).

Run from the repository root: ``python benchmarks/review_bench.py [--games N]``. Every seat
is a person's and plays random legal moves, so nearly every decision differs from ``hard``'s
and takes both searches: the worst case. The process is pinned to one core, as a search
worker is. Target (issue 20, item 3): a whole game under 10 s of worker time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from share_bench import TABLES, random_game

from bot import computers
from bot.families import family
from bot.models import ActionRecord, Source
from bot.service.history import (
    REVIEW_SECONDS,
    REVIEW_SIMULATIONS,
    replay_of,
    review_budget,
    review_decisions,
)
from engine import compiled_modules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per table")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"engine: {len(compiled_modules())} modules compiled")
    for family_name in ("allfours", "kqj"):
        seconds: list[float] = []
        counts: list[int] = []
        marked: list[int] = []
        for index, (name, variant, rules) in enumerate(TABLES):
            if name != family_name:
                continue
            for game in range(args.games):
                record, log = random_game(name, variant, rules, seed=index * 1000 + game)
                replay = replay_of(record, log)
                entries = [
                    ActionRecord(at, seat, code, Source.PLAYER, record.seats[seat].user_id, 0.0)
                    for at, (seat, code) in enumerate(log, start=1)
                ]
                decisions = review_decisions(replay, entries)
                simulations, budget = review_budget(
                    len(decisions), REVIEW_SECONDS, REVIEW_SIMULATIONS
                )
                fam = family(name)
                start = time.perf_counter()
                marks = 0
                for decision in decisions:
                    before = replay.steps[decision.step].before
                    mark = computers.review(
                        name,
                        fam.observe(before, decision.seat),
                        list(decision.legal),
                        decision.played,
                        random.Random(decision.step),
                        simulations,
                        budget,
                    )
                    marks += mark is not None
                seconds.append(time.perf_counter() - start)
                counts.append(len(decisions))
                marked.append(marks)
        print(f"{family_name}: {len(seconds)} random games, one core, {REVIEW_SECONDS} s budget")
        print(
            f"  decisions reviewed per game: median {statistics.median(counts):.0f}, "
            f"max {max(counts)}; marked: median {statistics.median(marked):.0f}"
        )
        print(
            f"  worker seconds per game: p50 {statistics.median(seconds):.2f} s, "
            f"max {max(seconds):.2f} s (target < 10 s)"
        )


if __name__ == "__main__":
    main()
