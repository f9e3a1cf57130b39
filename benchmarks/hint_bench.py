"""Hints, this engine against another checkout's: how long a Hint takes and whether the two
give the same advice, on the same positions, interleaved so the machine's load hits both.

    python benchmarks/hint_bench.py --engine ../frozen-c6fda7c [--positions 60] [--seed 0]

Positions come from games of level ``normal`` (every third decision of the seat to act that
has a choice) in Caribbean, English and Seven Up All Fours and in KQJ 3v3 with and without
the auction. Each is hinted by ``players.hint`` here and by the other checkout's, in a worker
process (``engine_worker.py``, as ``arena.py --b-engine`` runs it), with the bot's budget
(``Budget(seconds=DEFAULT_SECONDS, clock=time.perf_counter)``: 600 play-outs at most, 250 ms).
It prints, per game, the hint times p50 / p95 / max of both and how often they advise the
same action.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena import EngineWorker, _percentile

from engine import allfours, compiled_modules, kqj
from engine.search import DEFAULT_SECONDS, DEFAULT_SIMULATIONS, Budget

GAMES: tuple[tuple[str, Any, Any], ...] = (
    ("caribbean", allfours, allfours.preset("caribbean")),
    ("english", allfours, allfours.preset("english")),
    ("seven-up", allfours, allfours.preset("seven-up")),
    ("kqj 3v3", kqj, kqj.preset("kqj")),
    ("kqj auction", kqj, kqj.preset("kqj").replace(auction=True)),
)


def positions(family: Any, rules: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to act) from games of level ``normal``."""
    found: list[tuple[Any, int]] = []
    game = seed
    while len(found) < count:
        state = family.new_game(rules, game)
        rng = random.Random(game)
        game += 1
        decisions = 0
        while state.winner is None and len(found) < count:
            seat = state.to_act
            legal = family.legal_actions(state, seat)
            if len(legal) > 1:
                decisions += 1
                if decisions % 3 == 0:
                    found.append((state, seat))
            action = family.players.choose("normal", family.observe(state, seat), legal, rng)
            state = family.apply(state, seat, action).state
    return found


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the other checkout")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    worker = EngineWorker(str(Path(args.engine).resolve()))
    print(f"command: python {shlex.join(['benchmarks/hint_bench.py', *argv])}")
    print(
        f"this engine: {len(compiled_modules())} modules compiled; the other: {worker.commit}, "
        f"{worker.compiled} compiled; budget {DEFAULT_SIMULATIONS} play-outs, "
        f"{DEFAULT_SECONDS * 1000:.0f} ms"
    )
    for name, family, rules in GAMES:
        ours: list[float] = []
        theirs: list[float] = []
        same = 0
        found = positions(family, rules, args.positions, args.seed)
        for k, (state, seat) in enumerate(found):
            view = family.observe(state, seat)
            legal = family.legal_actions(state, seat)
            budget = Budget(seconds=DEFAULT_SECONDS, clock=time.perf_counter)
            request = {
                "family": "allfours" if family is allfours else "kqj",
                "call": "hint",
                "level": "hard",
                "state": family.dump(state),
                "seat": seat,
                "seed": k,
                "simulations": DEFAULT_SIMULATIONS,
                "seconds": DEFAULT_SECONDS,
            }
            start = time.perf_counter()
            advice = family.players.hint(view, legal, random.Random(k), budget)
            ours.append(time.perf_counter() - start)
            code, seconds = worker.ask(request)
            theirs.append(seconds)
            mine = family.encode_action(advice.action) if advice.action is not None else None
            same += mine == code
        print(f"{name}: {len(found)} hints")
        for label, times in (("this", ours), ("other", theirs)):
            print(
                f"  {label:<5} ms: p50 {1000 * statistics.median(times):7.2f}  "
                f"p95 {1000 * _percentile(times, 0.95):7.2f}  max {1000 * max(times):7.2f}"
            )
        print(f"  same action: {same}/{len(found)}")
    worker.close()


if __name__ == "__main__":
    main()
