"""Cards: notation, parsing and masks (RULES.md §0)."""

import pickle

import pytest

from engine.cards import Card, CardError, cards_in, mask_of, parse_cards, standard_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("Th", "T", "h"), ("10h", "T", "h"), ("as", "A", "s"), ("Hd", "H", "d"), (" 2C ", "2", "c")],
)
def test_parse_accepts_rank_then_suit(text: str, rank: str, suit: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["1x", "", "T", "hT", "11h", "Tx", "1h", "Zs"])
def test_parse_rejects_anything_else_with_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(CardError):
        Card.parse(12)  # type: ignore[arg-type]


def test_cards_are_interned_and_print_as_written() -> None:
    assert Card.parse("10d") is Card.parse("Td") is Card("T", "d")
    assert str(Card.parse("10d")) == "Td"
    assert repr(Card.parse("Qs")) == "Card('Qs')"
    assert pickle.loads(pickle.dumps(Card.parse("Qs"))) is Card.parse("Qs")


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("Qs").rank = "K"  # type: ignore[misc]


def test_masks_round_trip_in_suit_then_rank_order() -> None:
    picked = parse_cards("Ah 2s, 10d Kh")
    assert [str(c) for c in cards_in(mask_of(picked))] == ["2s", "Kh", "Ah", "Td"]


def test_standard_deck_has_52_distinct_cards_without_heroes() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert all(card.rank != "H" for card in deck)
