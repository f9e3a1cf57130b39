"""Engine speed: random complete hands through the public API, the simulation path, and the
computer player, per variant; plus the memory a live game state costs.

Run from the repository root: ``python benchmarks/engine_bench.py`` (about a minute and a
half). The sampling lines compare a search player given only its view (``simulate.sample``)
with one given the full state (``simulate.determinize``), both followed by a play-out.
Each figure is the median of several timed repeats on one core (Python is single-threaded).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import allfours, kqj
from engine.allfours import GameState, Phase, Ruleset
from engine.allfours import simulate as allfours_simulate
from engine.allfours.simulate import simulate_hand
from engine.kqj import simulate as kqj_simulate

REPEATS = 5
SECONDS_PER_REPEAT = 0.6

RULESETS: dict[str, Ruleset] = {name: allfours.preset(name) for name in allfours.PRESET_NAMES}
RULESETS["english-4p"] = allfours.preset("english").replace(players=4, partnerships=True)


def median_rate(run_once: Callable[[], tuple[int, int]]) -> tuple[float, float]:
    """Median hands/s and actions/s of ``run_once`` (which returns hands, actions done)."""
    hand_rates: list[float] = []
    action_rates: list[float] = []
    for _ in range(REPEATS):
        hands = actions = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_REPEAT:
            h, a = run_once()
            hands += h
            actions += a
        hand_rates.append(hands / elapsed)
        action_rates.append(actions / elapsed)
    return statistics.median(hand_rates), statistics.median(action_rates)


def game_runner(rules: Ruleset, smart: bool) -> Callable[[], tuple[int, int]]:
    seeds = iter(range(10**9))

    def run_once() -> tuple[int, int]:
        seed = next(seeds)
        rng = random.Random(seed)
        state = allfours.new_game(rules, seed)
        actions = 0
        while state.winner is None:
            seat = state.to_act
            assert seat is not None
            legal = allfours.legal_actions(state, seat)
            if smart:
                action = allfours.choose_action(allfours.observe(state, seat), legal, rng)
            else:
                action = legal[int(rng.random() * len(legal))]
            state = allfours.apply(state, seat, action).state
            actions += 1
        return state.hand_number, actions

    return run_once


def play_phase_states(rules: Ruleset, count: int) -> list[GameState]:
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = allfours.new_game(rules, seed)
        seed += 1
        while state.winner is None and state.phase is not Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            action = rng.choice(allfours.legal_actions(state, seat))
            state = allfours.apply(state, seat, action).state
        if state.winner is None:
            found.append(state)
    return found


def simulation_runner(rules: Ruleset) -> Callable[[], tuple[int, int]]:
    starts = play_phase_states(rules, 200)
    rng = random.Random(0)

    def run_once() -> tuple[int, int]:
        cards = 0
        for state in starts:
            seat = state.to_act
            assert seat is not None
            end = simulate_hand(state, seat, rng)
            cards += sum(len(h) for h in map(state.hand, range(rules.players))) - sum(
                len(h) for h in map(end.hand, range(rules.players))
            )
        return len(starts), cards

    return run_once


SAMPLES_PER_VIEW = 20
"""How many states the sampling figure draws from each view, as a search player does for one
decision (the work done once per view is shared by its samples)."""


def median_per_second(run_once: Callable[[], int]) -> float:
    """Median rate of ``run_once`` (which returns how many items it did)."""
    rates: list[float] = []
    for _ in range(REPEATS):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_REPEAT:
            done += run_once()
        rates.append(done / elapsed)
    return statistics.median(rates)


def allfours_mid_hand(rules: Ruleset, count: int) -> list[GameState]:
    """Positions during the tricks: from one trick played up to half of the hand's cards."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = allfours.new_game(rules, seed)
        seed += 1
        while state.winner is None and state.phase is not Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            state = allfours.apply(
                state, seat, rng.choice(allfours.legal_actions(state, seat))
            ).state
        if state.winner is not None:
            continue
        cards = sum(len(state.hand(s)) for s in range(rules.players))
        for _ in range(rng.randrange(rules.players, cards // 2 + 1)):
            seat = state.to_act
            assert seat is not None
            state = allfours.apply(
                state, seat, rng.choice(allfours.legal_actions(state, seat))
            ).state
        if state.winner is None and state.phase is Phase.PLAY:
            found.append(state)
    return found


def kqj_mid_round(rules: kqj.Ruleset, count: int) -> list[kqj.GameState]:
    """Positions during the tricks: from one trick played up to half of the 48 cards."""
    found: list[kqj.GameState] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = kqj.new_game(rules, seed)
        seed += 1
        while state.winner is None and state.phase is not kqj.Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            state = kqj.apply(state, seat, rng.choice(kqj.legal_actions(state, seat))).state
        for _ in range(rng.randrange(6, 25)):
            if state.winner is not None or state.phase is not kqj.Phase.PLAY:
                break
            seat = state.to_act
            assert seat is not None
            state = kqj.apply(state, seat, rng.choice(kqj.legal_actions(state, seat))).state
        if state.winner is None and state.phase is kqj.Phase.PLAY:
            found.append(state)
    return found


def sampling_line(name: str, states: list[Any], observe: Any, simulate: Any) -> str:
    """``sample`` + ``playout`` from the seat to act's view (``SAMPLES_PER_VIEW`` states per
    view, and a new view for every state), against ``determinize`` + ``playout`` from the
    full state: the cost a search player pays for being given the view only."""
    views = [observe(state, state.to_act) for state in states]
    rng = random.Random(0)

    def from_state() -> int:
        for state in states:
            simulate.playout(simulate.determinize(state, state.to_act, rng), rng)
        return len(states)

    def from_view() -> int:
        for view in views:
            for _ in range(SAMPLES_PER_VIEW):
                simulate.playout(simulate.sample(view, rng), rng)
        return len(views) * SAMPLES_PER_VIEW

    def from_new_view() -> int:
        for view in views:
            simulate.playout(simulate.sample(view, rng), rng)
        return len(views)

    known = median_per_second(from_state)
    warm = median_per_second(from_view)
    cold = median_per_second(from_new_view)
    return (
        f"{name} mid-hand: sample + playout {warm:,.0f}/s ({SAMPLES_PER_VIEW} per view), "
        f"{cold:,.0f}/s (a new view each); determinize + playout {known:,.0f}/s; "
        f"cost {known / warm:.2f}x ({known / cold:.2f}x)"
    )


def live_state_cost() -> tuple[float, float]:
    """Bytes and GC-tracked objects per live mid-hand Caribbean state (10,000 tables)."""
    rules = allfours.preset("caribbean")
    states = play_phase_states(rules, 50)
    seat = states[0].to_act
    assert seat is not None
    allfours.apply(states[0], seat, allfours.legal_actions(states[0], seat)[0])  # warm up
    gc.collect()
    tracked_before = len(gc.get_objects())
    tracemalloc.start()
    live = []
    for i in range(10_000):  # one card played on each, as on a real table
        state = states[i % len(states)]
        seat = state.to_act
        assert seat is not None
        live.append(allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    gc.collect()
    tracked = len(gc.get_objects()) - tracked_before
    del live
    return size / 10_000, tracked / 10_000


def main() -> None:
    print(f"python {sys.version.split()[0]}; median of {REPEATS} x {SECONDS_PER_REPEAT}s")
    for name, rules in RULESETS.items():
        hands, actions = median_rate(game_runner(rules, smart=False))
        print(
            f"allfours {name:<12} random apply:    {hands:>7.0f} hands/s {actions:>8.0f} actions/s"
        )
        hands, cards = median_rate(simulation_runner(rules))
        print(f"allfours {name:<12} simulation path: {hands:>7.0f} hands/s {cards:>8.0f} cards/s")
        hands, actions = median_rate(game_runner(rules, smart=True))
        print(
            f"allfours {name:<12} computer player: {hands:>7.0f} hands/s {actions:>8.0f} actions/s"
        )
    for name in ("caribbean", "english"):
        states = allfours_mid_hand(allfours.preset(name), 200)
        print(sampling_line(f"allfours {name}", states, allfours.observe, allfours_simulate))
    for name, kqj_rules in (
        ("3v3", kqj.preset("kqj")),
        ("auction", kqj.preset("kqj").replace(auction=True)),
    ):
        states_kqj = kqj_mid_round(kqj_rules, 200)
        print(sampling_line(f"kqj {name}", states_kqj, kqj.observe, kqj_simulate))
    size, tracked = live_state_cost()
    print(
        f"allfours live state (caribbean, mid-hand): {size:.0f} bytes, "
        f"{tracked:.1f} GC-tracked objects"
    )
    kqj_script = Path(__file__).with_name("kqj_bench.py")
    if kqj_script.exists():
        sys.path.insert(0, str(kqj_script.parent))
        import kqj_bench

        kqj_bench.main()


if __name__ == "__main__":
    main()
