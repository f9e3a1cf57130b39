"""The examples in the engine.kqj docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engine.kqj",
    "engine.kqj.actions",
    "engine.kqj.bidding",
    "engine.kqj.codec",
    "engine.kqj.dealing",
    "engine.kqj.deck",
    "engine.kqj.game",
    "engine.kqj.legality",
    "engine.kqj.play",
    "engine.kqj.players",
    "engine.kqj.rules",
    "engine.kqj.scoring",
    "engine.kqj.simulate",
    "engine.kqj.state",
    "engine.kqj.view",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
