"""What the type of a public message's input lets its code reach: mypy, run here on a small
file of renderer-like code, rejects any path from a ``PublicTable`` to a hand (the public
view types of both families have no ``hand``, and the table holds no engine state), and
accepts what the table message does read. A panel's ``HandView`` reaches its owner's hand."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import engine

ROOT = Path(engine.__file__).resolve().parent.parent

CODE = """
from typing import Any
from bot.families.allfours import AllFoursPublic
from bot.families.kqj import KQJPublic
from bot.service.model import HandView, PublicTable
from engine import allfours, kqj

def public_allfours(table: PublicTable[allfours.Ruleset, AllFoursPublic]) -> None:
    view = table.view
    assert view is not None
    print(view.scores, view.trick, view.trump, view.hand_sizes, table.actors, table.deal)
    print(view.hand)  # error
    print(view.discards)  # error
    print(table.state)  # error
    print(table.snapshot)  # error

def public_kqj(table: PublicTable[kqj.Ruleset, KQJPublic]) -> None:
    view = table.view
    assert view is not None
    print(view.contract, view.trick, view.team_points, view.elder)
    print(view.hand)  # error
    print(table.state)  # error

def panel(hand: HandView[allfours.Ruleset, AllFoursPublic, allfours.PlayerView]) -> None:
    assert hand.view is not None
    print(hand.view.hand, hand.legal, hand.codes, hand.table.view)
    print(hand.state)  # error
    assert hand.table.view is not None
    print(hand.table.view.hand)  # error

def narrowed(view: allfours.PlayerView, kview: kqj.PlayerView) -> None:
    public: AllFoursPublic = view
    kpublic: KQJPublic = kview
    print(public, kpublic)
"""


def test_mypy_finds_no_way_from_a_public_table_to_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not os.environ.get("CI"):
        pytest.importorskip("mypy", reason="mypy comes with the dev extra: pip install -e '.[dev]'")
    from mypy import api

    (tmp_path / "code.py").write_text(CODE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    report, errors, _ = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--no-error-summary",
            "--follow-imports=silent",
            "code.py",
        ]
    )
    assert errors == ""
    found = {
        int(line): code
        for line, code in re.findall(r"^code\.py:(\d+): error: .*\[([a-z-]+)\]$", report, re.M)
    }
    expected = [n for n, text in enumerate(CODE.splitlines(), 1) if text.endswith("# error")]
    assert sorted(found) == expected, report
    assert set(found.values()) == {"attr-defined"}, report
