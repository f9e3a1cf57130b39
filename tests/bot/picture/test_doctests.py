"""The examples in the bot.picture docstrings run and hold (pytest collects doctests only
under its test paths, which do not include bot/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "bot.families.allfours.picture",
    "bot.picture.cards",
    "bot.picture.common",
    "bot.picture.draw",
    "bot.picture.fonts",
    "bot.families.kqj.picture",
    "bot.picture.scene",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
