"""Table picture speed and size: draw + PNG encoding time per picture (p50 / p99 / max) and
bytes per picture (min / median / max), over scenes of real positions of both families.

Run from the repository root: ``python benchmarks/render_bench.py`` (about half a minute).
The process is pinned to one core, as a render worker would be. The first picture of a process
also loads the fonts and fills the caches (card faces, name masks, empty tables); it is
reported on its own line, and the timed pictures are those of a warm worker.
Targets (issue "Tables that read at a glance"): p99 under 40 ms, every picture under 100 KiB.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.families.allfours import picture as allfours_picture
from bot.families.kqj import picture as kqj_picture
from bot.picture.common import clock_label
from bot.picture.draw import render
from bot.picture.scene import Scene
from engine import allfours, kqj

NAMES = ("Alice", "鈴木太郎", "Bob the Builder", "김민준", "Łukasz Ζωή", "Chen Wei 陈伟")
GAMES_PER_TABLE = 3
SCENES_PER_GAME = 40
WARM_UP = 30

ALLFOURS_TABLES = (
    allfours.preset("caribbean"),
    allfours.preset("caribbean-2p"),
    allfours.preset("english"),
    allfours.preset("seven-up").replace(players=3),
    allfours.preset("english").replace(players=4, partnerships=True),
)
KQJ_TABLES = (
    kqj.preset("kqj"),
    kqj.preset("kqj").replace(teams="2v2v2"),
    kqj.preset("kqj").replace(auction=True, random_partners=True),
)


def scenes_of_games(
    module: Any, rules: Any, build: Callable[[Any, list[str]], Scene], seed: int
) -> list[Scene]:
    """Scenes of evenly spaced moments of a few random games of one table."""
    rng = random.Random(seed)
    found: list[Scene] = []
    names = list(NAMES[: rules.players])
    for game in range(GAMES_PER_TABLE):
        state = module.new_game(rules, seed=seed * 100 + game)
        states: list[Any] = []
        while state.to_act is not None and len(states) < 400:
            states.append(state)
            seat = state.to_act
            state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat))).state
        states.append(state)
        step = max(len(states) // SCENES_PER_GAME, 1)
        found.extend(build(module.observe(s, None), names) for s in states[::step])
    return found


def allfours_scene(view: allfours.PlayerView, names: list[str]) -> Scene:
    return allfours_picture.scene_of(view, names, locale="en", clock=clock_label(30, "en"))


def kqj_scene(view: kqj.PlayerView, names: list[str]) -> Scene:
    return kqj_picture.scene_of(view, names, locale="en", clock=clock_label(45, "en"))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    scenes: list[Scene] = []
    for index, rules in enumerate(ALLFOURS_TABLES):
        scenes += scenes_of_games(allfours, rules, allfours_scene, index)
    for index, kqj_rules in enumerate(KQJ_TABLES):
        scenes += scenes_of_games(kqj, kqj_rules, kqj_scene, 50 + index)
    random.Random(0).shuffle(scenes)

    start = time.perf_counter()
    render(scenes[0])
    first = time.perf_counter() - start
    for scene in scenes[1:WARM_UP]:
        render(scene)

    timed = scenes[WARM_UP:]
    seconds: list[float] = []
    sizes: list[int] = []
    for scene in timed:
        start = time.perf_counter()
        png = render(scene)
        seconds.append(time.perf_counter() - start)
        sizes.append(len(png))
    start = time.perf_counter()
    for scene in timed:
        scene.fingerprint()
    fingerprint = (time.perf_counter() - start) / len(timed)

    ms = [s * 1000 for s in seconds]
    print(f"pictures timed: {len(timed)} (both families, 2 to 6 seats), one core")
    print(f"first picture of a process (fonts, caches): {first * 1000:.1f} ms")
    print(f"draw+encode p50: {statistics.median(ms):.1f} ms")
    print(f"draw+encode p99: {percentile(ms, 0.99):.1f} ms")
    print(f"draw+encode max: {max(ms):.1f} ms")
    print(f"bytes per picture min: {min(sizes)} ({min(sizes) / 1024:.1f} KiB)")
    print(f"bytes per picture median: {statistics.median(sizes):.0f}")
    print(f"bytes per picture max: {max(sizes)} ({max(sizes) / 1024:.1f} KiB)")
    print(f"scene fingerprint: {fingerprint * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
