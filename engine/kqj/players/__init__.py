"""Computer players for KQJ, by level: ``choose(level, view, legal, rng)`` for the seat to act
and ``interrupt(level, view, legal, rng)`` for out-of-turn decisions.

A player sees only what its seat may know (``observe(state, seat)``) and the legal actions,
and draws any randomness from the ``random.Random`` it is given, so a decision depends on the
view, the legal actions and the generator's state, nothing else.

KQJ has decisions out of turn: while a bid stands, any opponent of the bidding team may
``Counter()``, and after a counter the bidding team may ``Overcounter()`` (RULES.md §6.3).
``interrupt`` answers for a seat that is not to act: the action it takes now, or ``None`` to
stay silent. ``choose`` answers for the seat to act, in every phase (taking the Return, the
second round, bids, counters, overcounters, card play).

Levels (``LEVELS``):

- ``easy`` (``easy.py``): the first player, sane but weak; kept as the baseline. It is also
  ``choose_action`` / ``choose_interruption``, the names the bot and older tests call.
- ``normal`` (``normal.py``): easy's trick play made safer by card counting
  (``knowledge.py``), KQ / KQJ, trumps drawn by the team that chose them, and a bolder
  Return and auction measured in the arena.
- ``hard`` (``hard.py``): determinized search over the simulation path (``engine.search``)
  for every decision, bounded by a ``Budget`` (play-outs, and a time limit when the caller
  passes a clock). ``hint`` says what it would do and why.

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
>>> seat = state.to_act
>>> legal = kqj.legal_actions(state, seat)
>>> choose("easy", kqj.observe(state, seat), legal, random.Random(0)) in legal
True
>>> interrupt("champion", kqj.observe(state, seat), legal, random.Random(0))
Traceback (most recent call last):
  ...
ValueError: unknown KQJ computer level 'champion': choose one of easy, normal, hard
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Final, TypeAlias

from engine.kqj.actions import Action
from engine.kqj.players import easy, hard, normal
from engine.kqj.view import PlayerView
from engine.levels import level_named
from engine.search import Budget, Hint

Chooser: TypeAlias = Callable[[PlayerView, Sequence[Action], Random, Budget | None], Action]
"""A level's decision for the seat to act: ``(view, legal actions, rng, budget) -> one of
them``; levels that do not search ignore the budget."""
Interrupter: TypeAlias = Callable[
    [PlayerView, Sequence[Action], Random, Budget | None], Action | None
]
"""A level's out-of-turn decision: one of the legal actions, or ``None`` to stay silent."""

RuleBased: TypeAlias = Callable[[PlayerView, Sequence[Action], Random], Action]


def _rule_based(decide: RuleBased) -> Chooser:
    def player(
        view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None
    ) -> Action:
        return decide(view, legal, rng)

    return player


def _rule_based_interruption(
    decide: Callable[[PlayerView, Sequence[Action], Random], Action | None],
) -> Interrupter:
    def player(
        view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None
    ) -> Action | None:
        return decide(view, legal, rng)

    return player


@dataclass(frozen=True, slots=True)
class Player:
    """One level: its decision for the seat to act and its out-of-turn decision."""

    choose: Chooser
    interrupt: Interrupter


PLAYERS: Final[Mapping[str, Player]] = {
    "easy": Player(
        _rule_based(easy.choose_action), _rule_based_interruption(easy.choose_interruption)
    ),
    "normal": Player(
        _rule_based(normal.choose_action), _rule_based_interruption(normal.choose_interruption)
    ),
    "hard": Player(hard.choose_action, hard.choose_interruption),
}
LEVELS: Final = tuple(PLAYERS)
"""The implemented levels, weakest first."""

choose_action: Final = easy.choose_action
"""Level ``easy`` for the seat to act, under its original name."""
choose_interruption: Final = easy.choose_interruption
"""Level ``easy`` out of turn, under its original name."""


def choose(
    level: str,
    view: PlayerView,
    legal: Sequence[Action],
    rng: Random,
    budget: Budget | None = None,
) -> Action:
    """The action the computer player of ``level`` takes as the seat to act, one of ``legal``.

    ``budget`` bounds the ``hard`` level's search (default ``Budget()``: a fixed number of
    play-outs, no clock); other levels ignore it. An unknown ``level`` is a ``ValueError``.
    Arguments and result pickle, so the call can run in a worker process.
    """
    return level_named(PLAYERS, level, "KQJ").choose(view, legal, rng, budget)


def interrupt(
    level: str,
    view: PlayerView,
    legal: Sequence[Action],
    rng: Random,
    budget: Budget | None = None,
) -> Action | None:
    """The counter or overcounter the player of ``level`` makes now, out of turn, or ``None``.

    An unknown ``level`` is a ``ValueError``.
    """
    return level_named(PLAYERS, level, "KQJ").interrupt(view, legal, rng, budget)


def hint(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Hint[Action | None]:
    """What level ``hard`` would do now and why (``hard.REASONS``), for a player's Hint button:
    in turn an action, out of turn a counter or overcounter, or ``None`` to stay silent.

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
    >>> seat = state.to_act
    >>> legal = kqj.legal_actions(state, seat)
    >>> hint(kqj.observe(state, seat), legal, random.Random(0), Budget(40)).action in legal
    True
    """
    return hard.hint(view, legal, rng, budget)


REASONS: Final = hard.REASONS
"""The reason codes a hint may carry (documented in ``hard.REASONS``)."""


__all__ = [
    "LEVELS",
    "PLAYERS",
    "REASONS",
    "Budget",
    "Chooser",
    "Hint",
    "Interrupter",
    "Player",
    "choose",
    "choose_action",
    "choose_interruption",
    "hint",
    "interrupt",
]
