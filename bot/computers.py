"""Computer decisions as top-level functions, so that a worker process can take them
(``bot.workers``). Only the view reaches a worker, never the full state: a computer sees what
its seat sees.

Level ``hard`` searches within a time budget read from ``time.perf_counter`` in the worker
(``engine.search.DEFAULT_SECONDS``, p95 under 300 ms) and the family's play-outs per decision
(``budget``; hints: ``hint_budget``); the other levels ignore the budget."""

from __future__ import annotations

import time
from collections.abc import Sequence
from random import Random
from typing import Any, Final

from bot.families import family
from engine.search import DEFAULT_SECONDS, Budget, Hint

FAULT_GRACE: Final = 1.0
"""How much longer than its budget a decision may take in a worker before the worker is
deemed hung, killed and replaced (the decision is then taken another way)."""
DECISION_SECONDS: Final = DEFAULT_SECONDS + FAULT_GRACE
"""The time limit of one computer decision or hint in a worker."""


def budget(family_name: str) -> Budget:
    """The search budget of one computer decision at a table: the family's play-outs
    (``Family.table_simulations``) within the time budget."""
    return Budget(
        simulations=family(family_name).table_simulations,
        seconds=DEFAULT_SECONDS,
        clock=time.perf_counter,
    )


def hint_budget() -> Budget:
    """The search budget of a hint: the engine's default play-outs within the time budget,
    whatever the family's play-outs at a table, since a person waits on the answer (a hint
    costs one and a half searches)."""
    return Budget(seconds=DEFAULT_SECONDS, clock=time.perf_counter)


def decide(family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random) -> Any:
    """One expected decision."""
    return family(family_name).choose(level, view, legal, rng, budget(family_name))


def interrupt(
    family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random
) -> Any | None:
    """One optional out-of-turn decision, or None."""
    return family(family_name).interrupt(level, view, legal, rng, budget(family_name))


def hint(family_name: str, view: Any, legal: Sequence[Any], rng: Random) -> Hint[Any]:
    """What level ``hard`` would do for this seat now, and why (a reason code or None)."""
    return family(family_name).hint(view, legal, rng, hint_budget())


def review(
    family_name: str,
    view: Any,
    legal: Sequence[Any],
    played: Any,
    rng: Random,
    simulations: int,
    seconds: float | None,
) -> Hint[Any] | None:
    """Whether a decision taken in the seat of ``view`` (``played``, one of ``legal``) likely
    cost points: level ``hard``'s own choice then, with the reason, where it differs and
    stands when the search weighs just the two against each other and names why; None for a
    decision ``hard`` would take too, or one it cannot tell apart from its own.

    ``simulations`` (and ``seconds``, when given: by ``time.perf_counter``) bound each of the
    two searches; the second, explaining, search costs one and a half of them at most."""
    fam = family(family_name)
    clock = time.perf_counter if seconds is not None else None
    limit = Budget(simulations=simulations, seconds=seconds, clock=clock)
    better = fam.choose("hard", view, legal, rng, limit)
    if better == played:
        return None
    weighed = fam.hint(view, [better, played], rng, limit)
    if weighed.action != better or weighed.reason is None:
        return None
    return Hint(better, weighed.reason, weighed.details)
