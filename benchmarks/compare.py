"""This engine side by side with the engine at commit ``fbf50c9``: the same workloads, measured
in one run, interleaved, each engine in its own process; one line per figure with both rates
and their ratio (this engine / fbf50c9).

    nice -n 10 python benchmarks/compare.py [--baseline DIR] [--repeats 11] [--seconds 0.4]

This engine is measured as it is in this checkout: pure Python, or compiled by
``python scripts/compile_engine.py`` (the header says which; ``--clean`` undoes it). The
worktree of fbf50c9 is never compiled.

Without ``--baseline`` a git worktree of fbf50c9 is created (or reused) in the system's
temporary folder (``git worktree remove --force <that folder>`` takes it away again). Each
engine runs in a worker process of its own (``--worker ROOT`` imports ``engine`` from ROOT
only); the parent asks the two workers in turn for one timed chunk of a workload, so a change
in the machine's load hits both engines alike; each figure is the median of ``--repeats``
chunks per engine. The workloads, built by each worker from the same seeds
through the public API (so both engines see the same positions — the digests printed first
say so):

- **simulation path**: ``simulate.determinize(state, seat, rng)`` then ``simulate.playout``
  from mid-hand positions (one trick played up to half of the cards), the seat to act
  determinizing — per second;
- **sample + playout**: ``simulate.sample(view, rng)`` then ``playout`` from the same
  positions' views (20 samples per view, as a search player draws them for one decision);
  fbf50c9 has no ``sample``, so its figure is its ``determinize`` + ``playout``, which is what
  search used then;
- **random play through apply**: whole random games (All Fours: hands per second) or rounds
  from a fresh deal (KQJ: rounds per second) through ``legal_actions`` + ``apply``;
- **live state**: bytes (tracemalloc) and GC-tracked objects (``gc.get_objects``) per live
  Caribbean state over 10,000 tables, each made by ``apply`` playing one card from the start
  of trick play (the old closing note's position), and again after two complete tricks.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

BASELINE_COMMIT = "fbf50c9"
REPO = Path(__file__).resolve().parent.parent
POSITIONS = 200
SAMPLES_PER_VIEW = 20
LIVE_TABLES = 10_000

RATE_FIGURES: tuple[tuple[str, str], ...] = (
    ("allfours-sim-caribbean", "All Fours caribbean: determinize + playout, mid-hand"),
    ("allfours-sim-english", "All Fours english: determinize + playout, mid-hand"),
    ("allfours-sample-caribbean", "All Fours caribbean: sample + playout (old: determinize)"),
    ("allfours-apply-caribbean", "All Fours caribbean: random hands through apply"),
    ("allfours-apply-english", "All Fours english: random hands through apply"),
    ("kqj-sim-3v3", "KQJ 3v3: determinize + playout, mid-round"),
    ("kqj-sim-auction", "KQJ auction: determinize + playout, mid-round"),
    ("kqj-sample-3v3", "KQJ 3v3: sample + playout (old: determinize)"),
    ("kqj-apply-3v3", "KQJ 3v3: random rounds through apply"),
    ("kqj-apply-auction", "KQJ auction: random rounds through apply"),
)


# --- the worker: one engine, imported from its own root -------------------------------------


def _random_step(family: Any, state: Any, rng: random.Random) -> Any:
    seat = state.to_act
    legal = family.legal_actions(state, seat)
    return family.apply(state, seat, legal[int(rng.random() * len(legal))]).state


def _mid_hand(family: Any, rules: Any, count: int) -> list[Any]:
    """Positions during the tricks, from one trick played up to half of the cards: every
    decision random, drawn from seeds 0, 1, 2... (the same positions in every engine)."""
    play = family.Phase.PLAY
    found: list[Any] = []
    seed = 0
    players = rules.players
    while len(found) < count:
        rng = random.Random(seed)
        state = family.new_game(rules, seed)
        seed += 1
        while state.winner is None and state.phase is not play:
            state = _random_step(family, state, rng)
        if state.winner is not None:
            continue
        cards = sum(len(state.hand(s)) for s in range(players))
        for _ in range(rng.randrange(players, cards // 2 + 1)):
            state = _random_step(family, state, rng)
        if state.winner is None and state.phase is play:
            found.append(state)
    return found


def _digest(states: list[Any]) -> str:
    text = repr(
        [
            (s.to_act, s.scores, [[str(c) for c in s.hand(p)] for p in range(s.rules.players)])
            for s in states
        ]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class Worker:
    """The workloads of one engine (built once, then run in timed chunks)."""

    def __init__(self) -> None:
        from engine import allfours, kqj
        from engine.allfours import simulate as allfours_simulate
        from engine.kqj import simulate as kqj_simulate

        self.simulators = {"allfours": allfours_simulate, "kqj": kqj_simulate}
        self.allfours = allfours
        self.kqj = kqj
        self.runners: dict[str, Callable[[], int]] = {}
        self.digests: dict[str, str] = {}

    def runner(self, name: str) -> Callable[[], int]:
        if name not in self.runners:
            self.runners[name] = self._build(name)
        return self.runners[name]

    def _build(self, name: str) -> Callable[[], int]:
        family_name, kind, variant = name.split("-", 2)
        family = self.allfours if family_name == "allfours" else self.kqj
        rules = family.preset(variant) if family_name == "allfours" else self._kqj_rules(variant)
        if kind == "apply":
            return self._apply_runner(family, rules, family_name == "kqj")
        states = _mid_hand(family, rules, POSITIONS)
        self.digests[name] = _digest(states)
        simulate = self.simulators[family_name]
        rng = random.Random(0)
        if kind == "sample" and hasattr(simulate, "sample"):
            views = [family.observe(state, state.to_act) for state in states]

            def from_views() -> int:
                for view in views:
                    for _ in range(SAMPLES_PER_VIEW):
                        simulate.playout(simulate.sample(view, rng), rng)
                return len(views) * SAMPLES_PER_VIEW

            return from_views

        def from_states() -> int:
            for state in states:
                simulate.playout(simulate.determinize(state, state.to_act, rng), rng)
            return len(states)

        return from_states

    def _kqj_rules(self, variant: str) -> Any:
        base = self.kqj.preset("kqj")
        return base.replace(auction=True) if variant == "auction" else base

    def _apply_runner(self, family: Any, rules: Any, by_round: bool) -> Callable[[], int]:
        """All Fours: one whole random game per call (returns its hands); KQJ: one round from
        a fresh deal of one of 500 seeds (the next round's deal is part of its last apply)."""
        rng = random.Random(1)
        seeds = iter(range(10**12))
        starts = [family.new_game(rules, seed) for seed in range(500)] if by_round else []

        def game() -> int:
            seed = next(seeds)
            state = family.new_game(rules, seed)
            while state.winner is None:
                state = _random_step(family, state, rng)
            return _number(state)

        def one_round() -> int:
            state = starts[next(seeds) % len(starts)]
            number = _number(state)
            while state.winner is None and _number(state) == number:
                state = _random_step(family, state, rng)
            return 1

        return one_round if by_round else game

    def chunk(self, name: str, seconds: float) -> dict[str, float]:
        run_once = self.runner(name)
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += run_once()
        return {"count": done, "elapsed": elapsed}

    def live_state(self, tricks: int) -> dict[str, float]:
        """Bytes and GC-tracked objects per live Caribbean state: 10,000 tables, each one
        card into trick play after ``tricks`` complete tricks, every card played by ``apply``."""
        allfours = self.allfours
        rules = allfours.preset("caribbean")
        rng = random.Random(5)
        starts: list[Any] = []
        seed = 0
        while len(starts) < 50:
            state = allfours.new_game(rules, seed)
            seed += 1
            while state.winner is None and state.phase is not allfours.Phase.PLAY:
                state = _random_step(allfours, state, rng)
            for _ in range(tricks * rules.players):
                if state.winner is None:
                    state = _random_step(allfours, state, rng)
            if state.winner is None and state.phase is allfours.Phase.PLAY:
                starts.append(state)

        def one_card(state: Any) -> Any:
            seat = state.to_act
            return allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state

        one_card(starts[0])  # anything the engine builds once is built before measuring
        gc.collect()
        tracked_before = len(gc.get_objects())
        tracemalloc.start()
        live = [one_card(starts[i % len(starts)]) for i in range(LIVE_TABLES)]
        size, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        gc.collect()
        tracked = len(gc.get_objects()) - tracked_before
        del live
        return {"bytes": size / LIVE_TABLES, "tracked": tracked / LIVE_TABLES}

    def serve(self) -> None:
        for line in sys.stdin:
            request = json.loads(line)
            command = request["command"]
            reply: dict[str, Any]
            if command == "chunk":
                reply = self.chunk(request["name"], request["seconds"])
            elif command == "live":
                reply = self.live_state(request["tricks"])
            elif command == "digests":
                reply = dict(self.digests)
            elif command == "engine":
                import engine

                compiled: tuple[str, ...] = getattr(engine, "compiled_modules", tuple)()
                reply = {"compiled": len(compiled)}
            else:
                reply = {"error": f"unknown command {command!r}"}
            print(json.dumps(reply), flush=True)


def _number(state: Any) -> int:
    """The hand (All Fours) or round (KQJ) number, in either engine's vocabulary."""
    number = getattr(state, "hand_number", None)
    return int(number if number is not None else state.round_number)


# --- the parent: two workers, interleaved ------------------------------------------------------


class Client:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
        )

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker for {self.root} stopped")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def baseline_root(given: str | None) -> Path:
    """A checkout of fbf50c9: the one given, else a git worktree in the temporary folder."""
    if given:
        return Path(given).resolve()
    folder = Path(tempfile.gettempdir()) / f"allfours-bot-engine-{BASELINE_COMMIT}"
    if not (folder / "engine" / "__init__.py").exists():
        subprocess.run(["git", "-C", str(REPO), "worktree", "prune"], check=True)
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", str(folder), BASELINE_COMMIT],
            check=True,
            capture_output=True,
        )
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a checkout of fbf50c9 (default: a git worktree)")
    parser.add_argument("--repeats", type=int, default=11, help="timed chunks per engine")
    parser.add_argument("--seconds", type=float, default=0.4, help="length of one chunk")
    parser.add_argument("--only", help="measure only the figures whose name contains this")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        sys.path.insert(0, args.worker)
        Worker().serve()
        return

    old_root = baseline_root(args.baseline)
    figures = [f for f in RATE_FIGURES if not args.only or args.only in f[0]]
    old, new = Client(old_root), Client(REPO)
    try:
        print(
            f"python {sys.version.split()[0]}; this engine ({REPO}) against {BASELINE_COMMIT} "
            f"({old_root}); median of {args.repeats} chunks of {args.seconds}s each, interleaved"
        )
        for label, client in ((BASELINE_COMMIT, old), ("this", new)):
            compiled = client.ask(command="engine")["compiled"]
            kind = f"{compiled} modules compiled (mypyc)" if compiled else "pure Python"
            print(f"{label}: {kind}")
        for name, _ in figures:  # build every workload (and warm up) before timing anything
            old.ask(command="chunk", name=name, seconds=0.05)
            new.ask(command="chunk", name=name, seconds=0.05)
        old_digests, new_digests = old.ask(command="digests"), new.ask(command="digests")
        same = all(old_digests[k] == new_digests.get(k) for k in old_digests)
        print(f"same positions in both engines: {'yes' if same else 'NO'} ({len(old_digests)})")
        rates: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n, _ in figures}
        for repeat in range(args.repeats):
            for name, _ in figures:
                pair = (old, new) if repeat % 2 == 0 else (new, old)
                for client in pair:
                    reply = client.ask(command="chunk", name=name, seconds=args.seconds)
                    rate = reply["count"] / reply["elapsed"]
                    rates[name][0 if client is old else 1].append(rate)
        width = max(len(label) for _, label in figures)
        print(f"{'figure':<{width}}  {BASELINE_COMMIT:>10}  {'this':>10}  ratio")
        for name, label in figures:
            before = statistics.median(rates[name][0])
            after = statistics.median(rates[name][1])
            print(f"{label:<{width}}  {before:>8,.0f}/s  {after:>8,.0f}/s  {after / before:.2f}x")
        if not args.only or "live" in args.only:
            for tricks in (0, 2):
                before_live = old.ask(command="live", tricks=tricks)
                after_live = new.ask(command="live", tricks=tricks)
                where = "first card of the hand" if tricks == 0 else "after two tricks + 1 card"
                print(
                    f"live caribbean state, {where}: "
                    f"{BASELINE_COMMIT} {before_live['bytes']:.0f} bytes "
                    f"{before_live['tracked']:.1f} GC-tracked objects; "
                    f"this {after_live['bytes']:.0f} bytes {after_live['tracked']:.1f} objects"
                )
    finally:
        old.close()
        new.close()


if __name__ == "__main__":
    main()
