"""Suit symbols in text stay readable on Discord's light and dark themes."""

from __future__ import annotations

import emoji

from bot.notation import SUIT_SYMBOLS, card_text
from engine.cards import Card


def test_black_suits_are_not_emoji() -> None:
    """Discord turns emoji into images, and its spade and club images are dark grey: the black
    suits must be plain text (the theme's text colour), checked against Unicode's emoji list."""
    assert not emoji.is_emoji(SUIT_SYMBOLS["s"]) and not emoji.is_emoji(SUIT_SYMBOLS["c"])
    assert emoji.is_emoji("♠") and emoji.is_emoji("♣")  # what they replace


def test_red_suits_are_red_emoji() -> None:
    """Hearts and diamonds are drawn red, which reads on both themes."""
    assert SUIT_SYMBOLS["h"] == "♥" and SUIT_SYMBOLS["d"] == "♦"


def test_every_card_is_rank_then_suit() -> None:
    assert card_text(Card.parse("Ts")) == "10♤" and card_text(Card.parse("Hd")) == "H♦"
