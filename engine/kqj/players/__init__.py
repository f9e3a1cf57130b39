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
ValueError: unknown KQJ computer level 'champion': choose one of easy, normal
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Final, TypeAlias

from engine.kqj.actions import Action
from engine.kqj.players import easy, normal
from engine.kqj.view import PlayerView
from engine.levels import level_named

Chooser: TypeAlias = Callable[[PlayerView, Sequence[Action], Random], Action]
"""A level's decision for the seat to act: ``(view, legal actions, rng) -> one of them``."""
Interrupter: TypeAlias = Callable[[PlayerView, Sequence[Action], Random], Action | None]
"""A level's out-of-turn decision: one of the legal actions, or ``None`` to stay silent."""


@dataclass(frozen=True, slots=True)
class Player:
    """One level: its decision for the seat to act and its out-of-turn decision."""

    choose: Chooser
    interrupt: Interrupter


PLAYERS: Final[Mapping[str, Player]] = {
    "easy": Player(easy.choose_action, easy.choose_interruption),
    "normal": Player(normal.choose_action, normal.choose_interruption),
}
LEVELS: Final = tuple(PLAYERS)
"""The implemented levels, weakest first."""

choose_action: Final = easy.choose_action
"""Level ``easy`` for the seat to act, under its original name."""
choose_interruption: Final = easy.choose_interruption
"""Level ``easy`` out of turn, under its original name."""


def choose(level: str, view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """The action the computer player of ``level`` takes as the seat to act, one of ``legal``.

    An unknown ``level`` is a ``ValueError``.
    """
    return level_named(PLAYERS, level, "KQJ").choose(view, legal, rng)


def interrupt(level: str, view: PlayerView, legal: Sequence[Action], rng: Random) -> Action | None:
    """The counter or overcounter the player of ``level`` makes now, out of turn, or ``None``.

    An unknown ``level`` is a ``ValueError``.
    """
    return level_named(PLAYERS, level, "KQJ").interrupt(view, legal, rng)


__all__ = [
    "LEVELS",
    "PLAYERS",
    "Chooser",
    "Interrupter",
    "Player",
    "choose",
    "choose_action",
    "choose_interruption",
    "interrupt",
]
