"""Tiny Tricks, a game that exists only to prove the house: it lives in one folder per layer
(``engine``, ``family``, ``cog``) here in ``tests/``, registers itself with ``bot.games``, and
is played by the real bot with no edit to any shared file.

Two players, eight cards (A K Q J of spades and hearts), three each per deal; follow suit if
you can; the higher card of the suit led wins the trick and leads the next; every trick is a
point, and the first to the target (3 by default) wins the game.
"""

from __future__ import annotations

from bot.games import Game

GAME = Game(
    "tiny",
    engine="tests.house.tiny.engine",
    family="tests.house.tiny.family",
    cog="tests.house.tiny.cog",
)
