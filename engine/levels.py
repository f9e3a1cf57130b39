"""Computer-player levels, chosen by name.

Each game family keeps one registry, ``{level name: player}``, in its ``players`` package; a
new level joins a family by adding one entry there, and everything that picks a level by name
(the bot's lobby, ``benchmarks/arena.py``) finds it through that family's ``LEVELS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

PlayerT = TypeVar("PlayerT")


def level_named(levels: Mapping[str, PlayerT], level: str, family: str) -> PlayerT:
    """The player registered under ``level``; an unknown name is a ``ValueError`` naming it.

    >>> level_named({"easy": 1, "normal": 2}, "normal", "All Fours")
    2
    >>> level_named({"easy": 1, "normal": 2}, "expert", "All Fours")
    Traceback (most recent call last):
      ...
    ValueError: unknown All Fours computer level 'expert': choose one of easy, normal
    """
    try:
        return levels[level]
    except (KeyError, TypeError):
        known = ", ".join(levels)
        raise ValueError(
            f"unknown {family} computer level {level!r}: choose one of {known}"
        ) from None
