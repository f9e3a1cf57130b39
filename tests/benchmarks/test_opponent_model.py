"""``benchmarks/opponent_model.py``: what a lead is counted as saying about the leader's hand."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pytest

from engine import allfours

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import opponent_model

HANDS = [["4c", "5c", "6c", "7c", "8c", "Jd"], ["2h", "Kh", "Th", "3s", "Qc", "9d"]]
"""Seven Up: the dealer's cards, then the elder's; spades is the kick's suit."""


def _leading() -> allfours.GameState:
    """The elder (seat 1) has stood on spades and leads the first trick."""
    dealt = {card for hand in HANDS for card in hand} | {"As"}
    rest = [f"{rank}{suit}" for suit in "shdc" for rank in "23456789TJQKA"]
    stock = ["As", *(card for card in rest if card not in dealt)]
    state = allfours.deal(allfours.preset("seven-up"), dealer=0, hands=HANDS, stock=stock)
    state = allfours.apply(state, 1, allfours.Stand()).state
    assert state.phase is allfours.Phase.PLAY and state.to_act == 1
    return state


@pytest.mark.parametrize(
    ("led", "cheaper_held"),
    [
        ("2h", False),  # the cheapest plain card
        ("9d", True),  # the two of hearts is cheaper (no Game value, lower rank)
        ("Kh", True),
        ("Th", True),  # a ten: every plain card without Game value is cheaper
        ("3s", True),  # a trump: any plain card but a ten goes first
    ],
)
def test_a_lead_is_tallied_against_the_cheapest_plain_card(led: str, cheaper_held: bool) -> None:
    state = _leading()
    legal = allfours.legal_actions(state, 1)
    action = next(a for a in legal if isinstance(a, allfours.Play) and str(a.card) == led)
    counts: dict[str, float] = defaultdict(float)
    opponent_model._record_lead(counts, state, 1, legal, action)
    assert counts["leads"] == 1
    assert counts["lead cheaper held seen"] == cheaper_held
    # At random, only the two of hearts of the six cards leaves nothing cheaper behind.
    assert counts["lead cheaper held uniform"] == pytest.approx(5 / 6)


def test_a_card_that_follows_is_not_a_lead() -> None:
    state = _leading()
    legal = allfours.legal_actions(state, 1)
    state = allfours.apply(state, 1, legal[0]).state
    follow = allfours.legal_actions(state, 0)
    assert isinstance(follow[0], allfours.Play)
    counts: dict[str, float] = defaultdict(float)
    opponent_model._record_lead(counts, state, 0, follow, follow[0])
    assert not counts
