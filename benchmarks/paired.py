"""Compare two arena runs deal by deal: the difference of their margins on the deals both played.

``benchmarks/arena.py --margins FILE`` writes each deal's margin (level A's points per hand
minus level B's, averaged over the deal's seatings) as a line ``seed margin``. Two runs on the
same deals that differ in one thing, such as a setting of level A (``--set``, ``--playouts``),
then share every deal: the difference of their margins deal by deal removes what the deals
themselves bring, which both runs see alike, and its interval is the interval of the change.
Each run alone only says how far it is from level B::

    python benchmarks/arena.py ... --seed 1500 --games 1000 --margins base.txt
    python benchmarks/arena.py ... --seed 1500 --games 1000 --set EXPLORE=0.2 --margins try.txt
    python benchmarks/paired.py try.txt base.txt

prints the mean of ``try - base`` over the common deals with its 95% interval, the
correlation of the two runs' margins (how much pairing narrows the interval), and each run's
own mean on those deals.

>>> paired({1: 0.5, 2: -0.25, 3: 1.0}, {1: 0.25, 2: -0.5, 3: 0.5, 4: 9.0}).deals
3
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval (``arena.py`` uses it too)."""


def bounds(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval.

    >>> bounds([1.0, 1.0])
    (1.0, 1.0, 1.0)
    """
    mean = statistics.fmean(values)
    spread = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - spread, mean + spread


def interval(values: Sequence[float]) -> str:
    """The mean of ``values`` with its 95% interval, as the benchmarks print it."""
    if not values:
        return "no deals"
    mean, low, high = bounds(values)
    return f"{mean:+.3f}  95% CI [{low:+.3f}, {high:+.3f}] over {len(values)}"


def write_margins(path: str | Path, first_seed: int, margins: Sequence[float]) -> None:
    """Write ``margins`` (one per deal, in deal order from ``first_seed``) as ``seed margin``
    lines."""
    lines = [f"{first_seed + deal} {margin!r}\n" for deal, margin in enumerate(margins)]
    Path(path).write_text("".join(lines), encoding="utf-8")


def read_margins(path: str | Path) -> dict[int, float]:
    """The margins of a file written by ``write_margins``, by seed.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     name = os.path.join(folder, "m.txt")
    ...     write_margins(name, 1500, [0.25, -1.0])
    ...     read_margins(name)
    {1500: 0.25, 1501: -1.0}
    """
    margins: dict[int, float] = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}:{number}: expected 'seed margin', got {line!r}")
        margins[int(parts[0])] = float(parts[1])
    return margins


@dataclass(frozen=True, slots=True)
class Paired:
    """The difference ``this - that`` over the deals both runs played."""

    deals: int
    mean: float
    low: float
    high: float
    correlation: float
    this_mean: float
    that_mean: float


def paired(this: Mapping[int, float], that: Mapping[int, float]) -> Paired:
    """The paired difference of two runs' margins on their common deals (at least two).

    >>> result = paired({1: 1.0, 2: 2.0, 3: 3.5}, {1: 0.5, 2: 1.5, 3: 3.0})
    >>> result.mean, result.low == result.high == 0.5, round(result.correlation, 3)
    (0.5, True, 1.0)
    """
    common = sorted(set(this) & set(that))
    if len(common) < 2:
        raise ValueError(f"the runs share {len(common)} deal(s); at least two are needed")
    a = [this[seed] for seed in common]
    b = [that[seed] for seed in common]
    differences = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(common))
    try:
        correlation = statistics.correlation(a, b)
    except statistics.StatisticsError:  # a run whose margins are all equal
        correlation = 0.0
    return Paired(
        len(common),
        mean,
        mean - Z95 * error,
        mean + Z95 * error,
        correlation,
        statistics.fmean(a),
        statistics.fmean(b),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("this", help="margins of a run (arena.py --margins)")
    parser.add_argument("that", help="margins of the run to compare it with, on the same deals")
    args = parser.parse_args(argv)
    try:
        result = paired(read_margins(args.this), read_margins(args.that))
    except (OSError, ValueError) as error:
        parser.error(str(error))
    print(
        f"{args.this} - {args.that}: {result.mean:+.3f}  95% CI [{result.low:+.3f}, "
        f"{result.high:+.3f}] over {result.deals} common deals (correlation of the margins "
        f"{result.correlation:.2f}; {args.this} {result.this_mean:+.3f}, {args.that} "
        f"{result.that_mean:+.3f} on those deals)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
