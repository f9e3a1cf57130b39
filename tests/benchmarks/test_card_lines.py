"""``benchmarks/card_lines.py``: both cards of an override played out, and how they are summed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import Card

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import card_lines


@pytest.mark.parametrize(
    ("card", "kind"),
    [
        ("Jh", "trump jack"),
        ("Th", "trump ten"),
        ("Qh", "high trump"),
        ("9h", "low trump"),
        ("Tc", "plain ten"),
        ("Jc", "plain honour"),
        ("4s", "low plain card"),
    ],
)
def test_cards_are_read_against_the_trump_suit(card: str, kind: str) -> None:
    assert card_lines.kind(Card.parse(card), 1) == kind  # hearts are trumps


def _row(place: int, normal_gain: int) -> dict[str, Any]:
    return {
        "place": place,
        "trick": 4,
        "hard": "low trump",
        "normal": "plain ten",
        "hard value": 0,
        "normal value": normal_gain,
    }


def test_an_override_belongs_to_its_place_trick_and_kinds() -> None:
    assert card_lines.classes(_row(0, 1)) == [
        "card 1",
        "card 1, trick 3",  # the third trick and later together
        "card 1, hard's low trump",
        "card 1, normal's plain ten",
        "hard's low trump, normal's plain ten",
    ]


def test_the_report_marks_a_class_where_normals_card_did_better() -> None:
    leads = [_row(0, 1 if at % 4 else -1) for at in range(card_lines.MIN_CLASS)]
    seconds = [_row(1, -2) for _ in range(card_lines.MIN_CLASS - 1)]  # too few to list
    lines = card_lines.report(leads + seconds)
    assert lines[0].startswith("normal's card instead of hard's, every override: ")
    assert lines[0].endswith(f"over {2 * card_lines.MIN_CLASS - 1}")
    listed = {line.split(":")[0].strip(): line for line in lines[1:]}
    assert set(listed) == {
        "card 1",
        "card 1, trick 3",
        "card 1, hard's low trump",
        "card 1, normal's plain ten",
        "hard's low trump, normal's plain ten",
    }
    assert listed["card 1"].startswith("  card 1: +0.500")
    assert listed["card 1"].endswith("<- normal's card better")
    assert not listed["hard's low trump, normal's plain ten"].endswith("better")


def test_a_hand_is_played_out_the_same_way_twice() -> None:
    job = ("caribbean", 20000, 8, 4)
    rows = card_lines.play_overrides(job)
    assert rows == card_lines.play_overrides(job)
    for row in rows:
        assert 0 <= row["place"] < 4 and row["trick"] >= 0
        # Caribbean's count gives a side at most 6 points (High, Low, a hang jack's 3, Game).
        assert abs(row["hard value"]) <= 8 and abs(row["normal value"]) <= 8
