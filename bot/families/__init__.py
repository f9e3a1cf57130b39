"""The game families the bot hosts, found by name: one adapter per engine package, each in
``bot/families/<game>/`` and registered in ``bot.games``.

>>> family("kqj").prefix, family_of_prefix("af").name
('kq', 'allfours')
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, Final

from bot.families.base import Family, OptionsError, Result, Stats, add_stats, places_from_scores
from bot.games import games, on_change

AnyFamily = Family[Any, Any, Any, Any]


@cache
def registry() -> dict[str, AnyFamily]:
    """Every registered game's family, by name, in the order of ``bot.games``."""
    found: dict[str, AnyFamily] = {}
    for game in games():
        adapter = importlib.import_module(game.family).FAMILY
        assert isinstance(adapter, Family) and adapter.name == game.name, game
        found[game.name] = adapter
    return found


on_change(registry.cache_clear)


class _Registered(Mapping[str, AnyFamily]):
    """The registered families by name, read from the registration list when asked."""

    def __getitem__(self, name: str) -> AnyFamily:
        return registry()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(registry())

    def __len__(self) -> int:
        return len(registry())


FAMILIES: Final[Mapping[str, AnyFamily]] = _Registered()


def families() -> tuple[AnyFamily, ...]:
    """Every registered family."""
    return tuple(registry().values())


def family(name: str) -> AnyFamily:
    """The family adapter of a stored game (``KeyError`` for a family this build lacks)."""
    return registry()[name]


def family_of_prefix(prefix: str) -> AnyFamily:
    """The family whose buttons' custom_ids start with ``prefix`` (``KeyError`` if none)."""
    for fam in families():
        if fam.prefix == prefix:
            return fam
    raise KeyError(prefix)


def rating_pools() -> dict[str, AnyFamily]:
    """Every rating pool name a rule set can produce, mapped to its family."""
    pools: dict[str, AnyFamily] = {}
    for fam in families():
        for pool in fam.pools:
            pools[pool] = fam
    return pools


__all__ = [
    "FAMILIES",
    "AnyFamily",
    "Family",
    "OptionsError",
    "Result",
    "Stats",
    "add_stats",
    "families",
    "family",
    "family_of_prefix",
    "places_from_scores",
    "rating_pools",
    "registry",
]
