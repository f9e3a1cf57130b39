"""The card-odds model shared by the computer players of every family."""

from __future__ import annotations

import pytest

from engine.card_odds import CardOdds
from engine.cards import Card, mask_of, parse_cards


def odds(**changes: object) -> CardOdds:
    """Seat 0 holds As; Ks Qs Kh Qh 2c are unseen; seats 1 and 2 hold two cards each, and one
    unseen card is away (in no hand)."""
    facts: dict[str, object] = {
        "seat": 0,
        "hand": mask_of(parse_cards("As")),
        "unseen": mask_of(parse_cards("Ks Qs Kh Qh 2c")),
        "hand_sizes": (1, 2, 2),
        "excluded": (0, 0, 0),
        "away": 1,
    }
    facts.update(changes)
    return CardOdds(**facts)  # type: ignore[arg-type]


def card(text: str) -> int:
    return Card.parse(text).index


def test_own_cards_are_certain_and_seen_cards_are_nowhere() -> None:
    model = odds()
    assert model.holding_chance(0, card("As")) == 1.0
    assert model.holding_chance(0, card("Ks")) == 0.0
    assert model.holding_chance(1, card("As")) == 0.0
    assert model.holding_chance(1, card("Jd")) == 0.0


@pytest.mark.parametrize(("text", "in_hands"), [("Ks", 2 / 3), ("Kh", 4 / 5), ("2c", 4 / 5)])
def test_an_unseen_card_is_in_a_hand_that_may_hold_it_or_away(text: str, in_hands: float) -> None:
    """Free slots decide: Ks may only be in seat 2's two slots or the one away; Kh anywhere."""
    model = odds(excluded=(0, mask_of(parse_cards("Ks Qs")), 0))
    total = model.holding_chance(1, card(text)) + model.holding_chance(2, card(text))
    assert total == pytest.approx(in_hands)


def test_an_excluded_card_goes_to_the_other_seats() -> None:
    model = odds(excluded=(0, mask_of(parse_cards("Ks Qs")), 0))
    assert model.holding_chance(1, card("Ks")) == 0.0
    assert model.holding_chance(2, card("Ks")) == pytest.approx(2 / 3)
    assert model.holding_chance(2, card("Kh")) == pytest.approx(2 / 5)


def test_chance_any_grows_with_more_cards_and_more_seats() -> None:
    model = odds()
    one = model.chance_any([1], mask_of(parse_cards("Kh")))
    two = model.chance_any([1], mask_of(parse_cards("Kh Qh")))
    both_seats = model.chance_any([1, 2], mask_of(parse_cards("Kh")))
    assert 0 < one < two < 1
    assert one < both_seats <= 1
    assert model.chance_any([0], mask_of(parse_cards("As"))) == 1.0
    assert model.chance_any([1, 2], mask_of(parse_cards("As"))) == 0.0


def test_no_card_in_a_hand_means_no_chance() -> None:
    model = odds(hand_sizes=(1, 0, 4), away=1)
    assert model.holding_chance(1, card("Kh")) == 0.0
    assert model.in_play_chance() == pytest.approx(4 / 5)
