"""The game families the bot hosts, found by name: one adapter per engine package.

>>> family("kqj").prefix, family_of_prefix("af").name
('kq', 'allfours')
"""

from __future__ import annotations

from typing import Any, Final

from bot.families.allfours import ALL_FOURS
from bot.families.base import Family, OptionsError, Result, Stats, add_stats, places_from_scores
from bot.families.kqj import KQJ

AnyFamily = Family[Any, Any, Any, Any]

FAMILIES: Final[dict[str, AnyFamily]] = {fam.name: fam for fam in (ALL_FOURS, KQJ)}
_BY_PREFIX: Final[dict[str, AnyFamily]] = {fam.prefix: fam for fam in FAMILIES.values()}


def family(name: str) -> AnyFamily:
    """The family adapter of a stored game (``KeyError`` for a family this build lacks)."""
    return FAMILIES[name]


def family_of_prefix(prefix: str) -> AnyFamily:
    """The family whose buttons' custom_ids start with ``prefix`` (``KeyError`` if none)."""
    return _BY_PREFIX[prefix]


def rating_pools() -> dict[str, AnyFamily]:
    """Every rating pool name a rule set can produce, mapped to its family."""
    pools: dict[str, AnyFamily] = {}
    for fam in FAMILIES.values():
        for pool in fam.pools:
            pools[pool] = fam
    return pools


__all__ = [
    "ALL_FOURS",
    "FAMILIES",
    "KQJ",
    "AnyFamily",
    "Family",
    "OptionsError",
    "Result",
    "Stats",
    "add_stats",
    "family",
    "family_of_prefix",
    "places_from_scores",
    "rating_pools",
]
