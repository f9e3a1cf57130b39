"""Computer decisions as top-level functions, so that a worker process can take them
(``bot.workers``). Only the view reaches a worker, never the full state: a computer sees what
its seat sees."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from bot.families import family


def decide(family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random) -> Any:
    """One expected decision."""
    return family(family_name).choose(level, view, legal, rng)


def interrupt(
    family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random
) -> Any | None:
    """One optional out-of-turn decision, or None."""
    return family(family_name).interrupt(level, view, legal, rng)
