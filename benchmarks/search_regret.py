"""What a smaller budget costs level ``hard``: its choice against the choice of a search many
times longer, on the same decisions, with the same evaluation.

    python benchmarks/search_regret.py --game kqj-3v3 [--positions 80] [--worlds 4000]
        [--budgets 600,1500,3000] [--reject-z 3] [--repeats 4] [--seed 100]

Positions come from games of level ``normal`` (every third decision with a choice, as
``hint_bench.py`` picks them). For each, ``players.hard.decision`` gives the problem ``hard``
searches (``engine.search.Problem``); every option is played out in the same ``--worlds``
worlds, none rejected: the reference values. Then ``hard``'s search runs on the problem at
each budget (play-outs, no time limit, so the figures do not depend on the machine's load),
``--repeats`` times with other seeds, and one line per budget gives: the mean regret (the
reference value of the best option less that of the option chosen, in chances of winning the
game, times 1000, with its standard error), how often the reference's best was chosen, the
regret by phase, and the seconds taken. ``--reject-z`` sets ``engine.search.REJECT_Z`` (the
successive rejection) for every budget, to compare it too.

The regret measures only the noise of a short search, not whether the evaluation itself (the
play-outs, the opponent model) is right; and the reference values are estimates too, so their
noise puts a floor under the regret of budgets close to theirs. ``normal``'s preferred choice
is kept as the player keeps it (``prefer_z``), so some regret is the player's design, not
noise. Run from the repository root; about 15 minutes for 80 KQJ positions at 4000 worlds.
"""

from __future__ import annotations

import argparse
import importlib
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hint_bench import GAMES, positions

import engine.search
from engine import compiled_modules
from engine.search import Budget, Problem

GAME_NAMES = {name.replace(" ", "-"): (name, family, rules) for name, family, rules in GAMES}


def reference(problem: Problem[Any, Any], worlds: int, rng: random.Random) -> list[float]:
    """The mean utility of every option over ``worlds`` common worlds, none rejected."""
    sums = [0.0] * len(problem.options)
    for _ in range(worlds):
        world = problem.sample_world(rng)
        seed = rng.getrandbits(64)
        for at, option in enumerate(problem.options):
            sums[at] += problem.evaluate(world, option, random.Random(seed)).utility
    return [total / worlds for total in sums]


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAME_NAMES), required=True)
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--worlds", type=int, default=4000)
    parser.add_argument("--budgets", default="600,1500,3000", help="play-outs, comma-separated")
    parser.add_argument("--reject-z", type=float, action="append", help="repeatable")
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    name, family, rules = GAME_NAMES[args.game]
    hard = importlib.import_module(f"{family.__name__}.players.hard")
    print(f"command: python {shlex.join(['benchmarks/search_regret.py', *argv])}")
    print(f"{name}: engine with {len(compiled_modules())} modules compiled")

    problems: list[tuple[str, Problem[Any, Any], list[float]]] = []
    start = time.perf_counter()
    for k, (state, seat) in enumerate(positions(family, rules, args.positions * 2, args.seed)):
        if len(problems) == args.positions:
            break
        view = family.observe(state, seat)
        problem = hard.decision(view, family.legal_actions(state, seat), random.Random(k))
        if len(problem.options) > 1:
            values = reference(problem, args.worlds, random.Random(k))
            problems.append((view.phase.name.lower(), problem, values))
    print(
        f"  reference: {len(problems)} decisions, {args.worlds} worlds for every option, "
        f"{time.perf_counter() - start:.0f} s"
    )

    for reject_z in args.reject_z or [engine.search.REJECT_Z]:
        engine.search.REJECT_Z = reject_z  # type: ignore[misc]
        for budget in (int(b) for b in args.budgets.split(",")):
            regrets: list[float] = []
            by_phase: dict[str, list[float]] = {}
            best_chosen = 0
            start = time.perf_counter()
            for k, (phase, problem, values) in enumerate(problems):
                for repeat in range(args.repeats):
                    rng = random.Random(1000 * k + repeat)
                    chosen = problem.solve(rng, Budget(simulations=budget)).best
                    regret = max(values) - values[problem.options.index(chosen)]
                    regrets.append(regret)
                    by_phase.setdefault(phase, []).append(regret)
                    best_chosen += regret == 0
            mean = statistics.mean(regrets)
            error = statistics.stdev(regrets) / len(regrets) ** 0.5
            phases = "  ".join(
                f"{phase} {1000 * statistics.mean(found):.2f} ({len(found)})"
                for phase, found in sorted(by_phase.items())
            )
            print(
                f"  {budget:>6} play-outs, reject_z {reject_z:g}: regret "
                f"{1000 * mean:.2f} ± {1000 * error:.2f} /1000, best chosen "
                f"{best_chosen}/{len(regrets)}; by phase: {phases}; "
                f"{time.perf_counter() - start:.0f} s"
            )


if __name__ == "__main__":
    main()
