"""What an All Fours computer player counts and how it values a hand (players/knowledge.py,
players/evaluation.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import GameState, Stand
from engine.allfours.players.evaluation import Seating, game_swing, outlook
from engine.allfours.players.knowledge import beaters, count_cards, read_voids
from engine.cards import Card, cards_in, mask_of, parse_cards

from .support import act, stacked
from .test_players import RULESETS, random_position


def trick(text: str, leader: int = 0) -> list[tuple[int, Card]]:
    return [(leader + i, card) for i, card in enumerate(parse_cards(text))]


@pytest.mark.parametrize(
    ("cards", "trump", "voids"),
    [
        ("4h 2s 5h 6h", "c", (0, 0b0010, 0, 0)),  # hearts led, a spade: void in hearts
        ("4h 2c 5h 6h", "c", (0, 0, 0, 0)),  # hearts led, a trump: proves nothing (§1.3)
        ("4c 2s 5c 6c", "c", (0, 0b1000, 0, 0)),  # trumps led, no trump: void in trumps
        ("4h 5h 6h 7h", "c", (0, 0, 0, 0)),  # everyone followed
    ],
)
def test_voids_are_read_from_discards_of_a_third_suit(
    cards: str, trump: str, voids: tuple[int, ...]
) -> None:
    assert read_voids([trick(cards)], "shdc".index(trump), 4) == voids


def test_beaters_of_a_plain_card_include_every_trump() -> None:
    names = {str(c) for c in cards_in(beaters(Card.parse("Qd").index, trump=1))}
    assert names == {"Kd", "Ad"} | {f"{rank}h" for rank in "23456789TJQKA"}
    assert {str(c) for c in cards_in(beaters(Card.parse("Qh").index, trump=1))} == {"Kh", "Ah"}


def test_a_seat_that_showed_out_is_never_given_the_suit() -> None:
    """Caribbean, hearts trumps: seat 2 discards a spade on a club lead, so it has no clubs."""
    state = stacked(
        allfours.preset("caribbean"),
        ["Kh Qh 6s 7s 8s 9s", "9c Ah 4c 5c 6c 7c", "2s 8d 9d Td Jd Qd", "2c 3c Kd 3s 4s 5s"],
        "4h",
    )
    state = act(state, Stand(), "9c", "2s")
    odds = count_cards(allfours.observe(state, 3))
    for club in parse_cards("Tc Jc Qc Kc Ac 8c"):
        assert odds.holding_chance(2, club.index) == 0.0
        assert odds.holding_chance(0, club.index) > 0.0


@settings(max_examples=80, deadline=None)
@given(
    state=st.builds(
        random_position,
        st.sampled_from(list(RULESETS.values())),
        st.integers(0, 10**6),
        st.integers(0, 120),
    )
)
def test_counting_is_consistent_with_the_real_deal(state: GameState) -> None:
    """Every card of another hand is unseen and possible where it really is; the seat's own
    hand is known; unseen cards are exactly the deck less what the seat saw."""
    if state.winner is not None:
        return
    seat = state.to_act
    assert seat is not None
    view = allfours.observe(state, seat)
    odds = count_cards(view)
    assert odds.hand == mask_of(state.hand(seat))
    seen = mask_of(view.hand) | mask_of(view.played) | mask_of(view.turned)
    assert odds.unseen & (seen | mask_of(view.discards)) == 0
    assert odds.unseen.bit_count() + seen.bit_count() + len(view.discards) == 52
    for other in range(state.rules.players):
        if other != seat:
            for card in state.hand(other):
                assert odds.holding_chance(other, card.index) > 0


SEATING = Seating(partner_slots=6, opponent_slots=12, unseen=45, sides=2, hang_jack=True)


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def test_the_outlook_grows_with_every_top_trump() -> None:
    weak = outlook(hand("4h 9c 7c 5d 4d 2s"), 1, 0, SEATING)
    ace = outlook(hand("Ah 9c 7c 5d 4d 2s"), 1, 0, SEATING)
    ace_king = outlook(hand("Ah Kh 7c 5d 4d 2s"), 1, 0, SEATING)
    assert weak < ace < ace_king


def test_a_bare_jack_is_worth_less_where_it_can_be_hanged() -> None:
    english = Seating(partner_slots=6, opponent_slots=12, unseen=45, sides=2, hang_jack=False)
    guarded = hand("Jh Ah 7c 5d 4d 2s")
    bare = hand("Jh 3h 7c 5d 4d 2s")
    assert outlook(guarded, 1, 0, SEATING) > outlook(bare, 1, 0, SEATING)
    assert outlook(bare, 1, 0, english) - outlook(bare, 1, 0, SEATING) > 0


def test_cards_out_of_play_cannot_take_high() -> None:
    """With the ace of trumps turned up (out of play), the king is as good as the ace."""
    king = hand("Kh 9c 7c 5d 4d 2s")
    assert outlook(king, 1, hand("Ah"), SEATING) > outlook(king, 1, 0, SEATING)


@pytest.mark.parametrize("spread", [0.0, 5.0, 30.0])
def test_the_game_swing_is_odd_and_grows_with_the_lead(spread: float) -> None:
    leads = [-20, -5, 0, 5, 20]
    swings = [game_swing(lead, spread) for lead in leads]
    assert swings == sorted(swings)
    assert all(-1 <= value <= 1 for value in swings)
    assert game_swing(7, spread) == pytest.approx(-game_swing(-7, spread))
