"""``benchmarks/bid_lines.py``: each line of the bidding played out, and how it is summed up."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import parse_cards

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bid_lines


def test_the_elders_cards_are_read_in_the_kicks_suit() -> None:
    hand = parse_cards("Jh 2h Th 9c Ac Ks")
    read = dict(zip(bid_lines.FEATURES, bid_lines.features(hand, 1), strict=True))
    assert read["trumps"] == 3  # hearts
    assert (read["jack"], read["ten"], read["ace"]) == (1, 1, 0)
    assert read["strength"] == 2.5 + 1 + 1.5  # opponents.strength: the jack, a small trump, a ten
    assert (read["plain tens"], read["plain aces"], read["plain court cards"]) == (0, 1, 1)
    assert read["low trump"] == 1


def test_least_squares_recovers_exact_weights() -> None:
    rows = [[1.0, float(x), float(x * x % 7)] for x in range(12)]
    targets = [0.5 - 2 * row[1] + 3 * row[2] for row in rows]
    weights = bid_lines.least_squares(rows, targets)
    assert weights == pytest.approx([0.5, -2, 3], abs=1e-4)


def _row(gain: float, elder_begs: bool, feature: float) -> dict[str, Any]:
    """A deal where begging gains ``gain`` over standing; the dealer always runs."""
    return {
        "features": [1.0, feature],
        "elder begs": elder_begs,
        "dealer gives": False,
        "stand": 0.0,
        "run": gain,
        "give": -gain,
    }


def test_a_rule_that_reads_the_gain_beats_an_elder_that_never_begs() -> None:
    # The feature says exactly when begging pays (2 points) and when it costs (1 point).
    rows = [
        _row(2.0 if at % 3 == 0 else -1.0, False, 1.0 if at % 3 == 0 else 0.0) for at in range(30)
    ]
    gains, begs = bid_lines.rule_gains(rows)
    assert begs == 10
    assert sum(gains) == pytest.approx(20.0)


def test_the_report_weighs_each_choice_against_the_other_line() -> None:
    rows = [_row(1.0, True, 0.0), _row(1.0, True, 1.0), _row(-3.0, False, 0.0)]
    rows[1]["dealer gives"] = True  # the gift's line: -1 point for the elder's side
    lines = bid_lines.report(rows)
    assert lines[0] == "3 deals; hard's elder begged in 2, its dealer gave to 1 of those begs"
    assert "begging instead, points a hand for its side: -3.000" in lines[1]
    assert "standing instead: +0.000" in lines[2]  # -1 (run's line) and +1 (the gift's)
    assert "running instead, for the dealer's side: -2.000" in lines[3]
    assert "giving instead, for the dealer's side: +2.000" in lines[4]


def test_a_deal_is_played_out_the_same_way_twice() -> None:
    job = ("seven-up", 9000, 8, 4)
    row = bid_lines.play_deal(job)
    assert row == bid_lines.play_deal(job)
    assert set(row) >= {"stand", "give", "run", "elder begs", "dealer gives"}
    assert len(row["features"]) == len(bid_lines.FEATURES)
    # Seven Up's count gives at most 4 points a side (High, Low, Jack, Game), plus kicks.
    assert all(abs(row[line]) <= 8 for line in bid_lines.LINES)
