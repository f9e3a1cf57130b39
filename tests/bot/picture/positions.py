"""Real engine positions for the picture tests: a game from ``new_game`` advanced by random
legal moves (from a fixed seed) until a wanted moment of the deal."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine import allfours, kqj

NAMES = ("Alice", "鈴木太郎", "Bob the Builder", "김민준", "Łukasz Ζωή", "Chen Wei 陈伟")
"""Display names in several scripts: Latin, Japanese, Korean, Polish and Greek, Chinese."""

ALLFOURS_TABLES = {
    "caribbean-4": allfours.preset("caribbean"),
    "caribbean-2p": allfours.preset("caribbean-2p"),
    "english-2": allfours.preset("english"),
    "seven-up-3": allfours.preset("seven-up").replace(players=3),
    "english-4-partners": allfours.preset("english").replace(players=4, partnerships=True),
    "seven-up-4-alone": allfours.preset("seven-up").replace(players=4, partnerships=False),
}
KQJ_TABLES = {
    "kqj-3v3": kqj.preset("kqj"),
    "kqj-2v2v2": kqj.preset("kqj").replace(teams="2v2v2"),
    "kqj-auction": kqj.preset("kqj").replace(auction=True),
    "kqj-random-2v2v2-auction": kqj.preset("kqj").replace(
        teams="2v2v2", auction=True, random_partners=True
    ),
}


def advance(module: Any, state: Any, seed: int, wanted: Callable[[Any], bool]) -> Any:
    """Random legal moves from ``state`` until ``wanted(state)`` (or the game ends)."""
    rng = Random(seed)
    for _ in range(5000):
        if wanted(state) or state.to_act is None:
            return state
        seat = state.to_act
        state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat))).state
    raise AssertionError("the wanted position never came")


def mid_trick(module: Any, state: Any, seed: int, cards: int = 2, tricks: int = 1) -> Any:
    """A position in trick play with ``cards`` cards on the table after ``tricks`` tricks."""
    return advance(
        module,
        state,
        seed,
        lambda s: s.phase.value == "play" and len(s.trick) == cards and s.tricks_played >= tricks,
    )


def between_tricks(module: Any, state: Any, seed: int, tricks: int = 2) -> Any:
    """A position in trick play with the table empty after ``tricks`` tricks."""
    return advance(
        module,
        state,
        seed,
        lambda s: s.phase.value == "play" and not s.trick and s.tricks_played >= tricks,
    )
