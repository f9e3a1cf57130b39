"""How cards and suits are written in every text the bot sends (embeds, buttons, alt text).

Discord draws most Unicode emoji as images, whatever the font: the four suit symbols
♠ ♥ ♦ ♣ are emoji, and Discord's spade and club images are dark grey (#31373D), which vanish
on the dark theme. Hearts and diamonds are drawn red, readable on both themes, so they stay.
Spades and clubs are written with the *white* suit symbols ♤ (U+2664) and ♧ (U+2667), which
Unicode does not list as emoji (emoji-data.txt), so Discord leaves them as text in the theme's
own text colour: black on the light theme, white on the dark one. ``tests/bot/test_notation.py``
checks this against the Unicode emoji list (the ``emoji`` package). The table picture draws its
own suit shapes and is not concerned.

>>> from engine.cards import Card
>>> card_text(Card.parse("Th")), card_text(Card.parse("As")), card_text(Card.parse("Hc"))
('10♥', 'A♤', 'H♧')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import Card

SUIT_SYMBOLS: Final = {"s": "♤", "h": "♥", "d": "♦", "c": "♧"}
"""The suit symbols of text, readable on Discord's light and dark themes."""


def rank_text(rank: str) -> str:
    """``T`` -> ``10``; every other rank (the KQJ Hero ``H`` too) as it is."""
    return "10" if rank == "T" else rank


def card_text(card: Card) -> str:
    """Rank then suit symbol, as a card is written everywhere (``10♥``, ``H♦``)."""
    return f"{rank_text(card.rank)}{SUIT_SYMBOLS[card.suit]}"


def cards_text(cards: Iterable[Card]) -> str:
    return ", ".join(card_text(c) for c in cards)
