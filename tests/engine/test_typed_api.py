"""The families' public functions are typed for their callers (``engine/allfours/api.py``,
``engine/kqj/api.py``): mypy, run here on a small file of calls, rejects a seat, a seed, a
dealer or a pool that is not an ``int`` and accepts the calls DESIGN.md shows. At run time
the same wrong values still meet the engine's own errors (``test_wrong_types.py``)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import engine

ROOT = Path(engine.__file__).resolve().parent.parent

CALLS = """
from engine import allfours, kqj
from engine.cards import standard_deck

rules = allfours.preset("caribbean")
state = allfours.new_game(rules, seed=7)
seat = state.to_act
assert seat is not None
action = allfours.legal_actions(state, seat)[0]
allfours.apply(state, seat, action)
allfours.replay(rules, 7, [(seat, action)])
deck = standard_deck()
allfours.deal(rules, dealer=1, hands=[deck[6 * s : 6 * s + 6] for s in range(4)], stock=deck[24:])
allfours.observe(state, None)
game = kqj.new_game(kqj.preset("kqj"), seed=7)
kqj.apply(game, 1, kqj.legal_actions(game, 1)[0])

allfours.apply(state, "0", action)  # error
allfours.apply(state, state.to_act, action)  # error
allfours.legal_actions(state, 1.0)  # error
allfours.new_game(rules, seed="7")  # error
allfours.replay(rules, 7, [("0", action)])  # error
allfours.deal(rules, dealer="1", hands=[], stock=[])  # error
allfours.deal(rules, hands=[], stock=[], scores=("a", 0))  # error
allfours.observe(state, "0")  # error
kqj.apply(game, "1", kqj.Pass())  # error
kqj.legal_actions(game, None)  # error
kqj.new_game(kqj.preset("kqj"), seed=None)  # error
kqj.replay(kqj.preset("kqj"), "x", [])  # error
kqj.deal(kqj.preset("kqj"), hands=[], pool="10")  # error
"""


def test_mypy_rejects_a_seat_seed_or_dealer_that_is_not_an_int(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not os.environ.get("CI"):
        pytest.importorskip("mypy", reason="mypy comes with the dev extra: pip install -e '.[dev]'")
    from mypy import api

    (tmp_path / "calls.py").write_text(CALLS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    report, errors, _ = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--strict",
            "--no-error-summary",
            "calls.py",
        ]
    )
    assert errors == ""
    found = {
        int(line): code
        for line, code in re.findall(r"^calls\.py:(\d+): error: .*\[([a-z-]+)\]$", report, re.M)
    }
    expected = [n for n, text in enumerate(CALLS.splitlines(), 1) if text.endswith("# error")]
    assert sorted(found) == expected, report
    assert set(found.values()) <= {"arg-type", "list-item"}, report
