"""KQJ engine speed: random complete rounds through the public ``apply``, through the
simulation path (``engine.kqj.simulate``), and with the computer player, per variant.

Run from the repository root: ``python benchmarks/kqj_bench.py`` (well under a minute).
Each figure is the median of several timed repeats on one core (Python is single-threaded);
one line is printed per figure. Targets: 2,000 rounds/s through ``apply`` and 12,000 rounds/s
through the simulation path.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import kqj
from engine.kqj import GameState, Phase, Ruleset
from engine.kqj.simulate import determinize, playout

REPEATS = 5
SECONDS_PER_REPEAT = 0.3
STARTS = 500
"""Distinct first deals each runner cycles through (so no single deal dominates)."""

BASE = kqj.preset("kqj")
RULESETS: dict[str, Ruleset] = {
    "3v3": BASE,
    "2v2v2": BASE.replace(teams="2v2v2"),
    "random-partners": BASE.replace(random_partners=True),
    "auction": BASE.replace(auction=True),
    "auction-2v2v2-random": BASE.replace(auction=True, teams="2v2v2", random_partners=True),
}


def median_rate(run_once: Callable[[], int]) -> float:
    """Median rounds per second of ``run_once`` (which returns how many rounds it played)."""
    rates: list[float] = []
    for _ in range(REPEATS):
        rounds = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_REPEAT:
            rounds += run_once()
        rates.append(rounds / elapsed)
    return statistics.median(rates)


def starts(rules: Ruleset) -> list[GameState]:
    return [kqj.new_game(rules, seed) for seed in range(STARTS)]


def apply_runner(rules: Ruleset, smart: bool) -> Callable[[], int]:
    """One complete round from a fresh deal: legal_actions + apply for the seat to act, random
    (or the computer player's) choices; the next round's deal is part of the last apply."""
    states = starts(rules)
    rng = random.Random(1)
    counter = iter(range(10**12))

    def run_once() -> int:
        state = states[next(counter) % STARTS]
        number = state.round_number
        while state.round_number == number and state.winner is None:
            seat = state.to_act
            assert seat is not None
            legal = kqj.legal_actions(state, seat)
            if smart:
                action = kqj.choose_action(kqj.observe(state, seat), legal, rng)
            else:
                action = legal[int(rng.random() * len(legal))]
            state = kqj.apply(state, seat, action).state
        return 1

    return run_once


def starts_in_play(rules: Ruleset) -> list[GameState]:
    """Positions at the first trick (the contract fixed), reached by random decisions: where a
    search player samples the hidden cards, as in the All Fours benchmark."""
    rng = random.Random(3)
    found: list[GameState] = []
    for state in starts(rules):
        while state.winner is None and state.phase is not Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            legal = kqj.legal_actions(state, seat)
            state = kqj.apply(state, seat, legal[int(rng.random() * len(legal))]).state
        found.append(state)
    return found


def playout_runner(rules: Ruleset, hidden: bool, from_deal: bool = False) -> Callable[[], int]:
    """One random round on the simulation path, from the first trick (or from a fresh deal),
    optionally determinized for the seat to act first, as a search player would."""
    states = starts(rules) if from_deal else starts_in_play(rules)
    rng = random.Random(2)
    counter = iter(range(10**12))

    def run_once() -> int:
        state = states[next(counter) % STARTS]
        if hidden:
            assert state.to_act is not None
            state = determinize(state, state.to_act, rng)
        playout(state, rng)
        return 1

    return run_once


def main() -> None:
    print(f"KQJ engine, one core, median of {REPEATS} repeats of {SECONDS_PER_REPEAT}s")
    for name, rules in RULESETS.items():
        rate = median_rate(apply_runner(rules, smart=False))
        print(f"kqj {name}: random rounds through apply: {rate:,.0f}/s (target 2,000)")
    for name, rules in RULESETS.items():
        rate = median_rate(playout_runner(rules, hidden=True))
        print(
            f"kqj {name}: simulation path, determinize + play 8 tricks: {rate:,.0f} rounds/s "
            "(target 12,000)"
        )
    for name, rules in RULESETS.items():
        rate = median_rate(playout_runner(rules, hidden=True, from_deal=True))
        print(f"kqj {name}: simulation path from the deal, contract phases included: {rate:,.0f}/s")
    for name, rules in RULESETS.items():
        rate = median_rate(apply_runner(rules, smart=True))
        print(f"kqj {name}: computer-player rounds through apply: {rate:,.0f}/s")


if __name__ == "__main__":
    main()
