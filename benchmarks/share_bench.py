""" "Share this hand": time and bytes of the animated picture of one deal (``animate``, what
the picture worker runs) over many deals of random finished games of both families, and the
time to build the deal's scenes (``hand_scenes``, on the event loop).

Run from the repository root: ``python benchmarks/share_bench.py [--games N]`` (about a
minute with the default). The process is pinned to one core, as a picture worker is; the
first animation of the process (fonts, caches) is left out of the figures.
Targets (issue 20, item 5): p95 under 300 ms to make, every picture at most 1 MiB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.models import GameRecord
from bot.picture.animate import animate
from bot.service.history import replay_of
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.kqj.render import RENDERER as KQJ
from cogs.table.render.renderer import TableRenderer
from cogs.table.render.share import hand_scenes
from engine import allfours, kqj
from tests.bot.support import random_finished_game

NAMES = ("Alice", "鈴木太郎", "Bob the Builder", "김민준", "Łukasz Ζωή", "Chen Wei 陈伟")
TABLES: tuple[tuple[str, str, Any], ...] = (
    ("allfours", "caribbean", allfours.preset("caribbean")),
    ("allfours", "caribbean-2p", allfours.preset("caribbean-2p")),
    ("allfours", "english", allfours.preset("english")),
    ("kqj", "kqj", kqj.preset("kqj")),
    ("kqj", "kqj", kqj.preset("kqj").replace(auction=True, random_partners=True)),
)
RENDERERS: dict[str, TableRenderer[Any, Any, Any, Any]] = {"allfours": ALL_FOURS, "kqj": KQJ}


def random_game(
    family_name: str, variant: str, rules: Any, seed: int
) -> tuple[GameRecord, list[tuple[int, str]]]:
    """A finished game of random legal decisions and its log (seat, code)."""
    record, log = random_finished_game(family_name, rules, seed, variant=variant, names=NAMES)
    return record, [(entry.seat, entry.code) for entry in log]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="random games per table")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    warm = True
    for family_name in ("allfours", "kqj"):
        made: list[float] = []
        built: list[float] = []
        sizes: list[int] = []
        frames: list[int] = []
        for index, (name, variant, rules) in enumerate(TABLES):
            if name != family_name:
                continue
            for game in range(args.games):
                record, log = random_game(name, variant, rules, seed=index * 1000 + game)
                replay = replay_of(record, log)
                for deal in sorted(replay.deals):
                    start = time.perf_counter()
                    scenes = hand_scenes(replay, deal, RENDERERS[name], "en")
                    middle = time.perf_counter()
                    gif = animate(scenes)
                    end = time.perf_counter()
                    if warm:  # the first of the process loads fonts and fills caches
                        warm = False
                        continue
                    built.append((middle - start) * 1000)
                    made.append((end - middle) * 1000)
                    sizes.append(len(gif))
                    frames.append(len(scenes))
        print(f"{family_name}: {len(made)} deals of {args.games} random games per table, one core")
        print(f"  frames per deal: median {statistics.median(frames):.0f}, max {max(frames)}")
        print(
            f"  animate (picture worker) p50 {statistics.median(made):.0f} ms, "
            f"p95 {percentile(made, 0.95):.0f} ms, max {max(made):.0f} ms"
        )
        print(
            f"  hand_scenes (event loop) p50 {statistics.median(built):.1f} ms, "
            f"p95 {percentile(built, 0.95):.1f} ms"
        )
        print(
            f"  bytes p50 {statistics.median(sizes) / 1024:.0f} KiB, "
            f"p95 {percentile(sizes, 0.95) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB "
            f"(limit 1024 KiB)"
        )


if __name__ == "__main__":
    main()
