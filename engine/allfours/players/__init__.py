"""Computer players for All Fours, by level: ``choose(level, view, legal, rng)``.

A player sees only what its seat may know (``observe(state, seat)``) and the legal actions,
and draws any randomness from the ``random.Random`` it is given, so a decision depends on the
view, the legal actions and the generator's state, nothing else.

Levels (``LEVELS``):

- ``easy`` (``easy.py``): the first player, sane but weak; kept as the baseline. It is also
  ``choose_action``, the name the bot and older tests call.
- ``normal`` (``normal.py``): rule-based with card counting (``knowledge.py``) and a hand
  evaluation (``evaluation.py``) for standing, begging, taking one and discarding.

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
ValueError: unknown All Fours computer level 'grandmaster': choose one of easy, normal
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Final, TypeAlias

from engine.allfours.actions import Action
from engine.allfours.players import easy, normal
from engine.allfours.state import PlayerView
from engine.levels import level_named

Player: TypeAlias = Callable[[PlayerView, Sequence[Action], Random], Action]
"""A level's decision function: ``(view, legal actions, rng) -> one of the legal actions``."""

PLAYERS: Final[Mapping[str, Player]] = {
    "easy": easy.choose_action,
    "normal": normal.choose_action,
}
LEVELS: Final = tuple(PLAYERS)
"""The implemented levels, weakest first."""

choose_action: Final = easy.choose_action
"""Level ``easy`` under its original name."""


def choose(level: str, view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """The action the computer player of ``level`` takes, one of ``legal``.

    Every decision of every phase goes through here: stand or beg, take one or run the pack,
    accept or refuse, discards and card play. An unknown ``level`` is a ``ValueError``.
    """
    return level_named(PLAYERS, level, "All Fours")(view, legal, rng)


__all__ = ["LEVELS", "PLAYERS", "Player", "choose", "choose_action"]
