"""Goodness of fit for the sampling tests: Pearson's chi-square against an exact distribution."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping

Z_999 = 3.090232306167813
"""The standard normal quantile of 0.999: the tests reject a fit at the 0.1% level."""


def chi_square(seen: Counter[Hashable], exact: Mapping[Hashable, float]) -> float:
    """Pearson's statistic of the counts ``seen`` against the probabilities ``exact`` (which
    add up to 1); an outcome outside ``exact`` makes it infinite."""
    draws = sum(seen.values())
    if set(seen) - set(exact):
        return math.inf
    return sum((seen[key] - draws * p) ** 2 / (draws * p) for key, p in exact.items() if p > 0)


def chi_square_limit(categories: int) -> float:
    """The 0.999 quantile of the chi-square distribution with ``categories - 1`` degrees of
    freedom (Wilson and Hilferty's approximation, good to a few percent here)."""
    df = categories - 1
    return df * (1 - 2 / (9 * df) + Z_999 * math.sqrt(2 / (9 * df))) ** 3


def fits(seen: Counter[Hashable], exact: Mapping[Hashable, float]) -> bool:
    """Whether the counts are consistent with the distribution at the 0.1% level."""
    categories = sum(1 for p in exact.values() if p > 0)
    return chi_square(seen, exact) < chi_square_limit(categories)
