"""The 48-card deck, the four rank/point tables and round10 (RULES.md §5.1, §5.7)."""

from __future__ import annotations

import pytest

from engine.cards import Card, cards_in, parse_cards
from engine.kqj.deck import (
    ALL_TRUMP,
    BEATERS,
    DECK,
    FULL_MASK,
    NO_TRUMP,
    PLAIN_STRENGTH,
    POINTS,
    SUIT_CARDS,
    TRUMP_STRENGTH,
    mask_points,
    round10,
)

HEARTS = 1


def test_deck_has_48_cards_with_heroes_and_no_twos_or_threes() -> None:
    """Four suits of A K Q J T 9 8 7 6 5 4 plus the Hero; no 2s or 3s (§5.1, AMB-K01)."""
    cards = [str(c) for c in cards_in(FULL_MASK)]
    assert len(DECK) == len(set(DECK)) == 48
    assert {c[0] for c in cards} == set("AKQJT987654H")
    assert all(c[0] not in "23" for c in cards)


@pytest.mark.parametrize(
    ("contract", "suit_totals"),
    [
        (HEARTS, [44, 104, 44, 44]),
        (0, [104, 44, 44, 44]),
        (ALL_TRUMP, [59, 59, 59, 59]),
        (NO_TRUMP, [59, 59, 59, 59]),
    ],
    ids=["hearts", "spades", "all-trump", "no-trump"],
)
def test_point_tables_total_236(contract: int, suit_totals: list[int]) -> None:
    """104 + 3 × 44 or 4 × 59: 236 in every mode (§5.1)."""
    assert [mask_points(SUIT_CARDS[s], contract) for s in range(4)] == suit_totals
    assert mask_points(FULL_MASK, contract) == 236


@pytest.mark.parametrize(
    ("contract", "cards", "points"),
    [
        (HEARTS, "9h 8h 7h Ah Th Hh Kh Qh Jh 6h 5h 4h", [27, 22, 14, 12, 10, 7, 5, 4, 3, 0, 0, 0]),
        (HEARTS, "As Ts Hs Ks Qs Js 9s 8s 7s 6s 5s 4s", [12, 10, 7, 5, 4, 3, 2, 1, 0, 0, 0, 0]),
        (ALL_TRUMP, "9d 8d 7d Ad Td Hd Kd Qd Jd 6d 5d 4d", [17, 14, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0]),
        (NO_TRUMP, "Ac Tc Hc Kc Qc Jc 9c 8c 7c 6c 5c 4c", [20, 17, 7, 5, 4, 3, 2, 1, 0, 0, 0, 0]),
    ],
    ids=["trump", "plain", "all-trump", "no-trump"],
)
def test_each_table_matches_the_seed(contract: int, cards: str, points: list[int]) -> None:
    """The seed's four tables, strongest card first (§5.1)."""
    parsed = parse_cards(cards)
    assert [POINTS[contract][c.index] for c in parsed] == points
    trump_order = contract in (parsed[0].suit_index, ALL_TRUMP)
    order = TRUMP_STRENGTH if trump_order else PLAIN_STRENGTH
    strengths = [order[c.rank_code] for c in parsed]
    assert strengths == sorted(strengths, reverse=True)


def test_hero_sits_between_ten_and_king_in_both_orders() -> None:
    """H ranks below the ten and above the king, trump or not (§5.1)."""
    t, h, k = (Card.parse(x).rank_code for x in ("Th", "Hh", "Kh"))
    for order in (TRUMP_STRENGTH, PLAIN_STRENGTH):
        assert order[t] > order[h] > order[k]


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (232, 230),
        (123, 120),
        (133, 130),
        (148, 150),
        (125, 130),
        (124, 120),
        (135, 140),
        (0, 0),
        (4, 0),
        (5, 10),
        (400, 400),
        (246, 250),
    ],
)
def test_round10_rounds_halves_up(points: int, rounded: int) -> None:
    """四捨五入: 125 → 130, unlike Python's banker's rounding (§5.7, AMB-K06)."""
    assert round10(points) == rounded


def test_pythons_round_would_be_wrong() -> None:
    """Pin why round10 exists: round(125, -1) is 120."""
    assert round(125, -1) == 120 != round10(125)


def test_beaters_in_a_suit_game() -> None:
    """A plain master is beaten by a higher card of its suit or any trump; a trump master only
    by a higher trump (§5.4)."""
    plain = {str(c) for c in cards_in(BEATERS[HEARTS][Card.parse("Ks").index])}
    assert plain == {"As", "Ts", "Hs"} | {str(c) for c in cards_in(SUIT_CARDS[HEARTS])}
    trump = {str(c) for c in cards_in(BEATERS[HEARTS][Card.parse("Ah").index])}
    assert trump == {"9h", "8h", "7h"}


@pytest.mark.parametrize("contract", [ALL_TRUMP, NO_TRUMP])
def test_only_the_led_suit_wins_in_all_trump_and_no_trump(contract: int) -> None:
    """No card of another suit ever beats the master (AMB-K04)."""
    for card in DECK:
        assert BEATERS[contract][card] & ~SUIT_CARDS[card >> 4] == 0
    beaters = {str(c) for c in cards_in(BEATERS[contract][Card.parse("As").index])}
    assert beaters == ({"9s", "8s", "7s"} if contract == ALL_TRUMP else set())
