"""Determinized search for computer players of every family (perfect-information Monte Carlo).

A search player sees only its view. To weigh its options it deals the cards it cannot see
again many times (``sample_world``: each family's ``simulate.sample_likely``, the deals that
agree with everything the seat knows weighed by an opponent model of what the players did,
or ``simulate.sample``, uniform over them), tries every option in each of those worlds, lets
the hand run to its end (``evaluate``: the family's simulation path, ``simulate.playout`` or
``simulate.guided_playout``) and scores the result in terms of the game (``race_chances``):
the option with the best average wins.

- **Common worlds.** Every option still in the race is tried in the same worlds, with play-outs
  drawn from the same seed, so what differs between two options is mostly the options
  themselves, not the luck of the deal: differences show after far fewer worlds than
  independent samples would need.
- **Successive rejection.** After ``MIN_WORLDS`` worlds, an option whose paired difference
  with the leader is below zero by more than ``REJECT_Z`` standard errors stops being tried,
  so the budget goes to the options that are still close; with one option left the search
  ends early.
- **Budgets.** ``Budget.simulations`` caps the play-outs (one option in one world is one
  play-out); with it alone a search is a function of its arguments and the generator's state.
  ``Budget.seconds`` adds a time limit read from an injected ``clock`` (the engine never reads
  a clock of its own), checked between worlds.

>>> from random import Random
>>> def world(rng: Random) -> float:
...     return rng.random()
>>> def evaluate(x: float, option: int, rng: Random) -> Outcome:
...     return Outcome(utility=x * option / 3, features=(float(option),))
>>> result = search([1, 3, 2], world, evaluate, Random(0), Budget(simulations=300))
>>> result.best, result.ranked()[0].option, result.ranked()[-1].option
(3, 3, 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Final, Generic, TypeVar

OptionT = TypeVar("OptionT")
WorldT = TypeVar("WorldT")

DEFAULT_SIMULATIONS: Final = 600
"""Play-outs per decision when no budget is given: about what ``DEFAULT_SECONDS`` allows on
the development machine (a median of 650 in All Fours and 500 in KQJ, measured on decisions
of both families with a time budget alone)."""
DEFAULT_SECONDS: Final = 0.25
"""The time budget for a decision at a table: ``Budget(seconds=DEFAULT_SECONDS,
clock=time.perf_counter)`` keeps p95 under 300 ms and every decision under 1 s
(``benchmarks/arena.py --seconds 0.25 --jobs 1``)."""
MIN_WORLDS: Final = 24
"""Worlds every option is tried in before any is rejected."""
REJECT_Z: Final = 3.0
"""Standard errors below the leader at which an option stops being tried. A quicker rejection
did not pay: in KQJ 3v3, at 2.0 the chance of winning given up per decision against 4000
common worlds was 0.51/1000 at 600 play-outs, 0.29 at 1500 and 0.21 at 3000, against 0.53,
0.31 and 0.17 at 3.0, on the same 80 decisions (``benchmarks/search_regret.py --game kqj-3v3
--reject-z 3 --reject-z 2``). At 1.5, 0.47, 0.36 and 0.30: the searches end sooner (3000
play-outs took half the time), but in the time of 1500 at 3.0 they give up as much."""
CHECK_EVERY: Final = 8
"""Worlds between two rejection rounds."""
PREFER_Z: Final = 1.0
"""Standard errors by which an option must beat the preferred one to be chosen instead."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may cost: ``simulations`` play-outs at most and, when ``seconds``
    is given, no longer than that by ``clock`` (any monotonic clock in seconds, such as
    ``time.perf_counter``; it must be given with ``seconds``).

    >>> Budget(simulations=50).simulations
    50
    >>> Budget(seconds=0.2)
    Traceback (most recent call last):
      ...
    ValueError: a time budget needs the clock to read it (clock=time.perf_counter)
    """

    simulations: int = DEFAULT_SIMULATIONS
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    def __post_init__(self) -> None:
        if self.simulations < 1:
            raise ValueError("a search budget needs at least one simulation")
        if self.seconds is not None:
            if self.clock is None:
                raise ValueError(
                    "a time budget needs the clock to read it (clock=time.perf_counter)"
                )
            if self.seconds <= 0:
                raise ValueError("a time budget must be positive")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one play-out ended for the searching seat: ``utility`` (its chance of winning the
    game, 0 to 1, ``race_chances``) and the family's ``features`` (points by category, ours
    minus theirs), which hints read to say why an option is best."""

    utility: float
    features: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionStats(Generic[OptionT]):
    """What the search learnt about one option: the play-outs it was tried in, its mean
    utility, the standard error of that mean, and the mean of each feature."""

    option: OptionT
    simulations: int
    value: float
    error: float
    features: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[OptionT]):
    """The chosen option, what was learnt about each option (in the order given), and how
    many worlds and play-outs the search used."""

    best: OptionT
    options: tuple[OptionStats[OptionT], ...]
    worlds: int
    simulations: int

    def ranked(self) -> list[OptionStats[OptionT]]:
        """The options best first: the most tried first (rejected options were tried less),
        then the best value."""
        return sorted(self.options, key=lambda s: (-s.simulations, -s.value))

    def runner_up(self) -> OptionStats[OptionT] | None:
        """The best option but the chosen one (the most tried, then the best value)."""
        others = [s for s in self.ranked() if s.option != self.best]
        return others[0] if others else None

    def stats_of(self, option: OptionT) -> OptionStats[OptionT]:
        for stats in self.options:
            if stats.option == option:
                return stats
        raise KeyError(option)


def search(
    options: Sequence[OptionT],
    sample_world: Callable[[Random], WorldT],
    evaluate: Callable[[WorldT, OptionT, Random], Outcome],
    rng: Random,
    budget: Budget,
    prefer: int | None = None,
    prefer_z: float = PREFER_Z,
) -> SearchResult[OptionT]:
    """Try ``options`` in worlds drawn by ``sample_world`` and return the best on average.

    ``evaluate(world, option, rng)`` plays ``option`` in ``world`` to the end of the hand and
    scores it; it must not change ``world`` (every option is tried in the same one).
    ``prefer`` (a position in ``options``) is a prior choice, such as a rule-based player's:
    it is kept unless another option beats it by ``prefer_z`` standard errors of their paired
    difference, so play-outs that cannot tell options apart change nothing. Ties go to the
    earlier option. See the module docstring for the method and the budget.
    """
    if not options:
        raise ValueError("a search needs at least one option")
    count = len(options)
    if count == 1:
        return SearchResult(
            options[0], (OptionStats(options[0], 0, 0.0, 0.0, ()),), worlds=0, simulations=0
        )
    clock = budget.clock
    deadline = None
    if budget.seconds is not None and clock is not None:
        deadline = clock() + budget.seconds
    alive = list(range(count))
    utilities: list[list[float]] = [[] for _ in range(count)]
    feature_sums: list[list[float]] = [[] for _ in range(count)]
    used = worlds = 0
    while len(alive) > 1 and used + len(alive) <= budget.simulations:
        if deadline is not None and clock is not None and worlds and clock() >= deadline:
            break
        world = sample_world(rng)
        seed = rng.getrandbits(64)
        for at in alive:
            outcome = evaluate(world, options[at], Random(seed))
            utilities[at].append(outcome.utility)
            sums = feature_sums[at]
            if not sums:
                sums.extend(outcome.features)
            else:
                for k, value in enumerate(outcome.features):
                    sums[k] += value
        used += len(alive)
        worlds += 1
        if worlds >= MIN_WORLDS and worlds % CHECK_EVERY == 0:
            alive = _survivors(alive, utilities, prefer)
    stats = tuple(_stats(options[at], utilities[at], feature_sums[at]) for at in range(count))
    if worlds == 0:
        # a budget smaller than the options cannot try each once: the prior choice stands
        best = prefer if prefer is not None else 0
        return SearchResult(options[best], stats, worlds=0, simulations=0)
    best = max(alive, key=lambda at: (stats[at].value, -at))
    if prefer is not None and prefer in alive and prefer != best:
        mean, error = _paired(utilities[prefer], utilities[best])
        if mean + prefer_z * error >= 0:
            best = prefer
    return SearchResult(options[best], stats, worlds=worlds, simulations=used)


@dataclass(frozen=True, slots=True)
class Problem(Generic[OptionT, WorldT]):
    """One decision as a search player poses it: the ``options``, how its worlds are dealt
    (``sample_world``) and an option played out in one (``evaluate``), and the prior choice
    (``prefer``, a position in ``options``) kept unless beaten by ``prefer_z`` standard errors.
    ``solve`` is the player's search; ``benchmarks/search_regret.py`` also plays the same
    problem out at length, to measure what a smaller budget costs.

    >>> def world(rng: Random) -> float:
    ...     return rng.random()
    >>> def evaluate(x: float, option: int, rng: Random) -> Outcome:
    ...     return Outcome(utility=x * option / 3)
    >>> Problem([1, 3, 2], world, evaluate).solve(Random(0), Budget(simulations=300)).best
    3
    """

    options: Sequence[OptionT]
    sample_world: Callable[[Random], WorldT]
    evaluate: Callable[[WorldT, OptionT, Random], Outcome]
    prefer: int | None = None
    prefer_z: float = PREFER_Z

    def solve(self, rng: Random, budget: Budget) -> SearchResult[OptionT]:
        """``search`` on this problem."""
        return search(
            self.options, self.sample_world, self.evaluate, rng, budget, self.prefer, self.prefer_z
        )


def _paired(values: list[float], reference: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``values - reference``, world by world."""
    n = len(values)
    diffs = [a - b for a, b in zip(values, reference, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    spread = math.sqrt(max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 0.0))
    return mean, spread / math.sqrt(n)


def _survivors(alive: list[int], utilities: list[list[float]], prefer: int | None) -> list[int]:
    """The options not clearly worse than the leader, nor exactly as good in every world
    (paired over the worlds they share: every option still alive was tried in every world so
    far). Among equals the preferred option leads."""
    leader = max(alive, key=lambda at: (sum(utilities[at]), at == prefer, -at))
    kept = []
    for at in alive:
        mean, error = _paired(utilities[at], utilities[leader])
        if at == leader or (mean + REJECT_Z * error >= 0 and (mean, error) != (0.0, 0.0)):
            kept.append(at)
    return kept


def _stats(option: OptionT, values: list[float], feature_sums: list[float]) -> OptionStats[OptionT]:
    n = len(values)
    if not n:
        return OptionStats(option, 0, 0.0, 0.0, ())
    mean = sum(values) / n
    error = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return OptionStats(option, n, mean, error, tuple(s / n for s in feature_sums))


# --- scoring a position in terms of the game ----------------------------------------------------


def race_chances(
    scores: Sequence[int],
    target: int,
    unit: float,
    winner: int | tuple[int, ...] | None = None,
) -> tuple[float, ...]:
    """Each side's chance of winning the race to ``target`` from ``scores``, the model of how
    much a point is worth: points still needed are a race in which every ``unit`` of points
    goes to either side alike (Pascal's problem of points, normal approximation). A point that
    ends the game is worth far more than one that does not, and a decided game is 1 or 0
    (a shared win is split).

    >>> [round(p, 2) for p in race_chances((13, 13), 14, 1.0)]
    [0.5, 0.5]
    >>> [round(p, 2) for p in race_chances((13, 10), 14, 1.0)]
    [0.89, 0.11]
    >>> race_chances((14, 10), 14, 1.0, winner=0)
    (1.0, 0.0)
    >>> race_chances((500, 500, 10), 500, 200.0, winner=(0, 1))
    (0.5, 0.5, 0.0)
    """
    sides = len(scores)
    if winner is not None:
        won = winner if isinstance(winner, tuple) else (winner,)
        return tuple(1.0 / len(won) if side in won else 0.0 for side in range(sides))
    need = [max(target - score, 0) / unit for score in scores]
    raw = []
    for side in range(sides):
        chance = 1.0
        for other in range(sides):
            if other != side:
                spread = math.sqrt(need[side] + need[other] + 1.0)
                chance *= _phi((need[other] - need[side]) / spread)
        raw.append(chance)
    total = sum(raw)
    return tuple(r / total for r in raw)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


# --- hints ---------------------------------------------------------------------------------------


ActionT = TypeVar("ActionT")


@dataclass(frozen=True, slots=True)
class Hint(Generic[ActionT]):
    """What the ``hard`` level would do now, and why in a word where the search can tell.

    ``reason`` is a stable code from the family's ``REASONS`` (the bot translates it), or
    ``None``; ``details`` are the cards the reason is about (the jack saved, the King and
    Queen of a KQ...). In KQJ an out-of-turn hint's ``action`` is ``None`` when the best is to
    stay silent."""

    action: ActionT
    reason: str | None = None
    details: tuple[str, ...] = ()


def deciding_feature(
    chosen: OptionStats[OptionT],
    alternative: OptionStats[OptionT],
    weights: Sequence[float],
    threshold: float,
) -> int | None:
    """The feature that most sets ``chosen`` above ``alternative``: the largest
    ``weight × (chosen − alternative)`` of their feature means, if above ``threshold``.

    >>> chosen = OptionStats("a", 100, 0.6, 0.01, (0.5, 0.1))
    >>> other = OptionStats("b", 100, 0.4, 0.01, (0.1, 0.3))
    >>> w = (1.0, 1.0)
    >>> deciding_feature(chosen, other, w, 0.05), deciding_feature(other, chosen, w, 0.5)
    (0, None)
    """
    if not chosen.features or not alternative.features:
        return None
    gains = [
        weight * (mine - theirs)
        for weight, mine, theirs in zip(weights, chosen.features, alternative.features, strict=True)
    ]
    best = max(range(len(gains)), key=lambda k: gains[k])
    return best if gains[best] > threshold else None


__all__ = [
    "DEFAULT_SECONDS",
    "DEFAULT_SIMULATIONS",
    "Budget",
    "Hint",
    "OptionStats",
    "Outcome",
    "Problem",
    "SearchResult",
    "deciding_feature",
    "race_chances",
    "search",
]
