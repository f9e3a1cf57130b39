"""The KQJ deck and its four rank/point tables (RULES.md §5.1), as lookup tables on card indices.

48 cards: ranks ``A K Q J T 9 8 7 6 5 4`` plus the Hero ``H`` between the ten and the king, in
the four suits (no 2s or 3s, AMB-K01). Card indices are those of ``engine.cards``
(``suit * 16 + rank_code``), so a hand is a bitmask with one 16-bit lane per suit.

A *contract* is a small int: ``0..3`` a trump suit (``s h d c``), ``ALL_TRUMP`` (4) or
``NO_TRUMP`` (5); its text form is the suit letter, ``"all"`` or ``"none"``.

>>> from engine.cards import Card
>>> POINTS[contract_code("h")][Card.parse("9h").index], POINTS[0][Card.parse("9h").index]
(27, 2)
>>> [mask_points(FULL_MASK, contract) for contract in range(6)]
[236, 236, 236, 236, 236, 236]
>>> round10(125), round10(124), round10(232)
(130, 120, 230)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import RANKS, SUIT_MASKS, SUITS

ALL_TRUMP: Final = 4
NO_TRUMP: Final = 5
CONTRACTS: Final = ("s", "h", "d", "c", "all", "none")
"""Text of each contract code, in code order (also the order ``legal_actions`` lists them)."""

KQJ_RANKS: Final = "456789TJQKAH"
"""The twelve KQJ ranks (in ``engine.cards`` rank-code order, the Hero last)."""

HAND_SIZE: Final = 8
TRICKS: Final = 8
PLAYERS: Final = 6

DIX_DE_DER: Final = 10
CAPOT_BONUS: Final = 154
KQ_BONUS: Final = 20
KQJ_BONUS: Final = 50

_CODE: Final = {rank: RANKS.index(rank) for rank in KQJ_RANKS}
KING: Final = _CODE["K"]
QUEEN: Final = _CODE["Q"]
JACK: Final = _CODE["J"]

DECK: Final = tuple(suit * 16 + _CODE[rank] for suit in range(4) for rank in KQJ_RANKS)
"""The 48 card indices of the KQJ deck, suit by suit."""
FULL_MASK: Final = sum(1 << card for card in DECK)
SUIT_CARDS: Final = tuple(mask & FULL_MASK for mask in SUIT_MASKS)
"""``SUIT_CARDS[s]``: the twelve KQJ cards of suit ``s`` as a mask."""

# §5.1, strongest first, with the points of each rank in the same order.
TRUMP_ORDER: Final = "987ATHKQJ654"
PLAIN_ORDER: Final = "ATHKQJ987654"
TRUMP_POINTS: Final = (27, 22, 14, 12, 10, 7, 5, 4, 3, 0, 0, 0)
PLAIN_POINTS: Final = (12, 10, 7, 5, 4, 3, 2, 1, 0, 0, 0, 0)
ALL_TRUMP_POINTS: Final = (17, 14, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0)
NO_TRUMP_POINTS: Final = (20, 17, 7, 5, 4, 3, 2, 1, 0, 0, 0, 0)


def _by_code(order: str, values: tuple[int, ...]) -> tuple[int, ...]:
    """A 16-entry table indexed by rank code from a strongest-first order and its values."""
    table = [0] * 16
    for rank, value in zip(order, values, strict=True):
        table[_CODE[rank]] = value
    return tuple(table)


TRUMP_STRENGTH: Final = _by_code(TRUMP_ORDER, tuple(range(11, -1, -1)))
"""Rank code -> strength in the trump (and all-trump) order; higher beats lower."""
PLAIN_STRENGTH: Final = _by_code(PLAIN_ORDER, tuple(range(11, -1, -1)))
"""Rank code -> strength in the plain (and no-trump) order."""


def _uses_trump_order(contract: int, suit: int) -> bool:
    return contract in (ALL_TRUMP, suit)


def _points_table(contract: int) -> tuple[int, ...]:
    trump = _by_code(TRUMP_ORDER, TRUMP_POINTS)
    plain = _by_code(PLAIN_ORDER, PLAIN_POINTS)
    every = _by_code(TRUMP_ORDER, ALL_TRUMP_POINTS)
    none = _by_code(PLAIN_ORDER, NO_TRUMP_POINTS)
    table = [0] * 64
    for card in DECK:
        suit, code = card >> 4, card & 15
        if contract == ALL_TRUMP:
            table[card] = every[code]
        elif contract == NO_TRUMP:
            table[card] = none[code]
        else:
            table[card] = (trump if suit == contract else plain)[code]
    return tuple(table)


POINTS: Final = tuple(_points_table(contract) for contract in range(6))
"""``POINTS[contract][card]``: the card points of a card under a contract (§5.1)."""


def _beaters(contract: int, card: int) -> int:
    """The cards that beat ``card`` when it is the master card of a trick (§5.4).

    The master card is always of the led suit or a trump, so: a higher card of its own suit
    in that suit's order, plus, in a suit game, every trump when the master is not a trump.
    In all-trump and no-trump games no card of another suit ever beats it (AMB-K04)."""
    suit = card >> 4
    order = TRUMP_STRENGTH if _uses_trump_order(contract, suit) else PLAIN_STRENGTH
    mask = 0
    for other in DECK:
        if other >> 4 == suit and order[other & 15] > order[card & 15]:
            mask |= 1 << other
    if contract < ALL_TRUMP and suit != contract:
        mask |= SUIT_CARDS[contract]
    return mask


BEATERS: Final = tuple(
    tuple(_beaters(contract, card) if (1 << card) & FULL_MASK else 0 for card in range(64))
    for contract in range(6)
)
"""``BEATERS[contract][master]``: mask of the cards that beat ``master`` (see ``_beaters``)."""


def trick_winner_offset(trick: Sequence[int], contract: int) -> int:
    """Position in ``trick`` (card indices in playing order) of the card that wins it: the
    master card after the last card (§5.4), as ``BEATERS`` says card by card.

    >>> from engine.cards import Card
    >>> trick = [Card.parse(c).index for c in ("Td", "Ad", "9d", "4s")]
    >>> trick_winner_offset(trick, NO_TRUMP), trick_winner_offset(trick, 2)  # no trump, ♦
    (1, 2)
    >>> trick_winner_offset(trick, 0)  # spades are trumps
    3
    """
    beaters = BEATERS[contract]
    best = trick[0]
    best_at = 0
    for at in range(1, len(trick)):
        card = trick[at]
        if beaters[best] >> card & 1:
            best, best_at = card, at
    return best_at


def mask_points(mask: int, contract: int) -> int:
    """Card points of every card in a mask under ``contract``.

    >>> mask_points(FULL_MASK, NO_TRUMP)
    236
    """
    table = POINTS[contract]
    total = 0
    while mask:
        low = mask & -mask
        total += table[low.bit_length() - 1]
        mask ^= low
    return total


def round10(points: int) -> int:
    """Round to the nearest ten, halves up (四捨五入, RULES.md §5.7, AMB-K06).

    Python's ``round(125, -1)`` is 120 (half to even); the rule wants 130.

    >>> [round10(x) for x in (0, 4, 5, 123, 125, 133, 135, 148)]
    [0, 0, 10, 120, 130, 130, 140, 150]
    """
    return (points + 5) // 10 * 10


def contract_code(text: str) -> int:
    """The contract code of ``"s" "h" "d" "c" "all" "none"`` (ValueError otherwise).

    >>> contract_code("d"), contract_code("all"), contract_text(NO_TRUMP)
    (2, 4, 'none')
    """
    return CONTRACTS.index(text)


def contract_text(code: int) -> str:
    """The text of a contract code (``"h"``, ``"all"``...)."""
    return CONTRACTS[code]


def is_kqj_card(card: int) -> bool:
    """Whether a card index belongs to the 48-card KQJ deck.

    >>> from engine.cards import Card
    >>> is_kqj_card(Card.parse("Hs").index), is_kqj_card(Card.parse("3s").index)
    (True, False)
    """
    return 0 <= card < 64 and bool(FULL_MASK >> card & 1)


__all__ = [
    "ALL_TRUMP",
    "BEATERS",
    "CONTRACTS",
    "DECK",
    "FULL_MASK",
    "NO_TRUMP",
    "POINTS",
    "SUITS",
    "mask_points",
    "round10",
    "trick_winner_offset",
]
