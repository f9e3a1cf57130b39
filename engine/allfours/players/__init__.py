"""Computer players for All Fours, by level: ``choose(level, view, legal, rng)``.

A player sees only what its seat may know (``observe(state, seat)``) and the legal actions,
and draws any randomness from the ``random.Random`` it is given, so a decision depends on the
view, the legal actions and the generator's state, nothing else.

Levels (``LEVELS``):

- ``easy`` (``easy.py``): the first player, sane but weak; kept as the baseline. It is also
  ``choose_action``, the name the bot and older tests call.
- ``normal`` (``normal.py``): rule-based with card counting (``knowledge.py``) and a hand
  evaluation (``evaluation.py``) for standing, begging, taking one and discarding.
- ``hard`` (``hard.py``): determinized search over the simulation path (``engine.search``),
  bounded by a ``Budget`` (play-outs, and a time limit when the caller passes a clock).
  ``hint`` says what it would do and why.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
>>> seat = state.to_act
>>> legal = allfours.legal_actions(state, seat)
>>> choose("normal", allfours.observe(state, seat), legal, random.Random(0)) in legal
True
>>> choose("grandmaster", allfours.observe(state, seat), legal, random.Random(0))
Traceback (most recent call last):
  ...
ValueError: unknown All Fours computer level 'grandmaster': choose one of easy, normal, hard
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Final, TypeAlias

from engine.allfours.actions import Action
from engine.allfours.players import easy, hard, normal
from engine.allfours.state import PlayerView
from engine.levels import level_named
from engine.search import Budget, Hint

Player: TypeAlias = Callable[[PlayerView, Sequence[Action], Random, Budget | None], Action]
"""A level's decision function: ``(view, legal actions, rng, budget) -> one of the legal
actions``; levels that do not search ignore the budget."""


def _rule_based(decide: Callable[[PlayerView, Sequence[Action], Random], Action]) -> Player:
    def player(
        view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None
    ) -> Action:
        return decide(view, legal, rng)

    return player


PLAYERS: Final[Mapping[str, Player]] = {
    "easy": _rule_based(easy.choose_action),
    "normal": _rule_based(normal.choose_action),
    "hard": hard.choose_action,
}
LEVELS: Final = tuple(PLAYERS)
"""The implemented levels, weakest first."""

choose_action: Final = easy.choose_action
"""Level ``easy`` under its original name."""


def choose(
    level: str,
    view: PlayerView,
    legal: Sequence[Action],
    rng: Random,
    budget: Budget | None = None,
) -> Action:
    """The action the computer player of ``level`` takes, one of ``legal``.

    Every decision of every phase goes through here: stand or beg, take one or run the pack,
    accept or refuse, discards and card play. ``budget`` bounds the ``hard`` level's search
    (default ``Budget()``: a fixed number of play-outs, no clock); other levels ignore it. An
    unknown ``level`` is a ``ValueError``. Arguments and result pickle, so the call can run in
    a worker process.
    """
    return level_named(PLAYERS, level, "All Fours")(view, legal, rng, budget)


def hint(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Hint[Action]:
    """What level ``hard`` would do now and why (``hard.REASONS``), for a player's Hint button.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
    >>> seat = state.to_act
    >>> legal = allfours.legal_actions(state, seat)
    >>> hint(allfours.observe(state, seat), legal, random.Random(0), Budget(40)).action in legal
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
    "Hint",
    "Player",
    "choose",
    "choose_action",
    "hint",
]
