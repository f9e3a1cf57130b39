"""The All Fours deck (RULES.md §1.1): 52 cards ranked ``A K Q J T 9 ... 2`` in every suit, the
trump suit above the others; and which card beats which in a trick (§1.3).

Card indices are those of ``engine.cards`` (``suit * 16 + rank_code``, the rank code rising
with the rank), so a hand is a bitmask with one 16-bit lane per suit and, inside a suit,
comparing indices compares ranks.

``BEATERS[trump][master]`` is the one statement of who wins a trick: the cards that beat
``master``, the card winning the trick so far, when ``trump`` is the trump suit — a higher card
of its suit, and every trump if it is not a trump itself. The trick winner (``play``), the
duty not to undertrump (``play.legal_play_mask``) and what the play reveals
(``play.ruled_out_by_play``) all read it.

>>> from engine.cards import Card, cards_in
>>> hearts = 1
>>> [str(c) for c in cards_in(BEATERS[hearts][Card.parse("Qs").index])][:3]
['Ks', 'As', '2h']
>>> len(cards_in(BEATERS[hearts][Card.parse("Qh").index]))  # trumps: only higher trumps
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import STANDARD_DECK_MASK, SUIT_MASKS

# Rank codes (engine.cards): 2 -> 0 ... T -> 8, J -> 9, Q -> 10, K -> 11, A -> 12.
TWO: Final = 0
SIX: Final = 4
TEN: Final = 8
JACK: Final = 9
QUEEN: Final = 10
KING: Final = 11
ACE: Final = 12

HAND_SIZE: Final = 6
"""Cards each player holds after the deal, and after discarding (§2.2, §3.2, §3.4)."""
PACKET: Final = 3
"""Cards dealt to a player at a time, in the deal and in every run of the pack (§2.4)."""

DECK: Final = tuple(suit * 16 + rank for suit in range(4) for rank in range(13))
"""The 52 card indices, suit by suit, each suit from the two up (the order of a new pack)."""
FULL_DECK_MASK: Final = STANDARD_DECK_MASK
TENS: Final = sum(1 << (suit * 16 + TEN) for suit in range(4))
"""The four tens as a card mask: the cards of most Game value (§1.2)."""


def _beaters(trump: int, master: int) -> int:
    suit = master >> 4
    higher = SUIT_MASKS[suit] & FULL_DECK_MASK & ~((2 << master) - 1)
    if suit == trump:
        return higher
    return higher | (SUIT_MASKS[trump] & FULL_DECK_MASK)


BEATERS: Final = tuple(
    tuple(_beaters(trump, card) if FULL_DECK_MASK >> card & 1 else 0 for card in range(64))
    for trump in range(4)
)
"""``BEATERS[trump][master]``: the cards that beat ``master`` at the head of a trick (§1.3)."""


def trick_winner_offset(trick: Sequence[int], trump: int) -> int:
    """Position in ``trick`` (card indices in playing order) of the card that wins it: the
    highest trump, else the highest card of the suit led (§1.3), as ``BEATERS`` says card by
    card.

    >>> from engine.cards import Card
    >>> trick = [Card.parse(c).index for c in ("Td", "Kd", "2h", "Ad")]
    >>> trick_winner_offset(trick, 0), trick_winner_offset(trick, 1)  # spades, hearts trumps
    (3, 2)
    """
    beaters = BEATERS[trump]
    best = trick[0]
    best_at = 0
    for at in range(1, len(trick)):
        card = trick[at]
        if beaters[best] >> card & 1:
            best, best_at = card, at
    return best_at
