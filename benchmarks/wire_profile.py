"""The functions the bot's process spends its own time in, from the profiles that
``wire_launcher.py`` writes when ``WIRE_BENCH_PROFILE`` names a path prefix:

    WIRE_BENCH_PROFILE=/tmp/wire nice -n 10 python benchmarks/wire_bench.py --modes keep \\
        --burst off --tables 20 --checkout /work/old-c6fda7c
    python benchmarks/wire_profile.py /tmp/wire.*.prof [--top 15]

Prints, per profile, the top functions by own time (``tottime``) with their share of the
time the event loop's thread was busy: the loop's wait for the sockets (``epoll.poll``) is
idle time and left out, as are other threads (aiosqlite runs SQLite in a thread of its own:
what the loop spends on the database is handing work over and reading results). A profile
slows the bot down (every call is counted): its shares matter, not its times, and the
figures of a run with a profile are not the benchmark's figures.
"""

from __future__ import annotations

import argparse
import pstats
from pathlib import Path

IDLE = frozenset({"<method 'poll' of 'select.epoll' objects>"})
"""The event loop waiting for its sockets: idle, not work."""


def top(path: Path, count: int) -> list[tuple[float, str]]:
    """The ``count`` functions with the most own time, as (share of the total, name)."""
    stats = pstats.Stats(str(path))
    rows = {
        key: row
        for key, row in stats.stats.items()  # type: ignore[attr-defined]
        if key[2] not in IDLE
    }
    total = sum(row[2] for row in rows.values()) or 1.0
    ranked = sorted(rows.items(), key=lambda item: item[1][2], reverse=True)[:count]
    return [
        (row[2] / total, f"{Path(file).name}:{line} {name}") for (file, line, name), row in ranked
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profiles", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    for path in args.profiles:
        print(f"\n{path.name}: top {args.top} functions by own time (share of busy time)")
        print("| share | function |\n|---|---|")
        for share, name in top(path, args.top):
            print(f"| {share:6.1%} | `{name}` |")


if __name__ == "__main__":
    main()
