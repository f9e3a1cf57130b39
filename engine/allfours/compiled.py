"""The All Fours modules worth compiling to C with mypyc (``scripts/compile_engine.py``): the
rule steps, the state, legality and the simulation path — what ``apply`` and a computer's
play-outs run through."""

from __future__ import annotations

from typing import Final

MODULES: Final = (
    "deck",
    "state",
    "dealing",
    "kicks",
    "trumps",
    "play",
    "scoring",
    "endgame",
    "legality",
    "game",
    "inference",
    "opponents",
    "rollout",
    "simulate",
)
