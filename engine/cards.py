"""Playing cards shared by every game family.

A card is written rank then suit (RULES.md §0): ranks ``A K Q J T 9 8 7 6 5 4 3 2`` plus
``H`` (the KQJ Hero), suits ``s h d c``. ``10`` is accepted on input and means ``T``.

Internally every card also has a small integer ``index`` so that hands can be bitmasks:
``index = suit * 16 + rank_code`` where ``rank_code`` is 0 for a two up to 12 for an ace in
natural order, and 13 for the Hero. A suit therefore occupies its own 16-bit lane of a hand
mask, and "the highest card of a suit in natural order" is a single ``int.bit_length()``.

>>> card = Card.parse("10h")
>>> str(card), card.rank, card.suit
('Th', 'T', 'h')
>>> Card.parse("Th") is card
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NewType

SUITS: Final = "shdc"
"""Suit letters in index order: spades, hearts, diamonds, clubs."""

Suit = NewType("Suit", str)
"""A suit letter (``s h d c``) where a suit is meant: typed apart from other text, so that a
card or a word cannot be passed where a suit is expected (``Suit("h")``)."""

RANKS: Final = "23456789TJQKAH"
"""Rank letters in rank-code order (natural order, then the KQJ Hero)."""

SUIT_NAMES: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SYMBOLS: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

LANE: Final = 16
"""Bits reserved for one suit in a hand mask."""

SUIT_MASKS: Final = tuple(0xFFFF << (LANE * s) for s in range(4))
"""``SUIT_MASKS[s]`` selects the cards of suit ``s`` in a hand mask."""


class CardError(ValueError):
    """A card, or a list of cards, that cannot be understood."""


class Card:
    """One playing card; instances are interned, so ``is`` and ``==`` agree.

    >>> Card.parse("Hd").rank, Card.parse("Hd").suit_index
    ('H', 2)
    """

    __slots__ = ("index", "rank", "rank_code", "suit", "suit_index")

    index: int
    rank: str
    rank_code: int
    suit: str
    suit_index: int

    def __new__(cls, rank: str, suit: str) -> Card:
        return cls.parse(rank + suit)

    @staticmethod
    def _make(rank_code: int, suit_index: int) -> Card:
        card = object.__new__(Card)
        object.__setattr__(card, "rank", RANKS[rank_code])
        object.__setattr__(card, "rank_code", rank_code)
        object.__setattr__(card, "suit", SUITS[suit_index])
        object.__setattr__(card, "suit_index", suit_index)
        object.__setattr__(card, "index", suit_index * LANE + rank_code)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``"Th"``, ``"10h"``, ``"hd"``-style text (case-insensitive) into a card.

        >>> Card.parse("as") == Card.parse("AS")
        True
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"a card must be text like 'Th', not {text!r}")
        cleaned = text.strip()
        found = _BY_TEXT.get(cleaned.upper())
        if found is None:
            raise CardError(
                f"{text!r} is not a card: write rank then suit, ranks A K Q J T(10) 9..2 "
                "or H (Hero), suits s h d c"
            )
        return found

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose ``index`` is given (see the module docstring)."""
        card = _BY_INDEX[index] if 0 <= index < len(_BY_INDEX) else None
        if card is None:
            raise CardError(f"no card has index {index}")
        return card

    @property
    def bit(self) -> int:
        """This card's bit in a hand mask."""
        return 1 << self.index

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card('{self.rank}{self.suit}')"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))


_BY_INDEX: list[Card | None] = [None] * (4 * LANE)
_BY_TEXT: dict[str, Card] = {}
for _suit_index in range(4):
    for _rank_code in range(len(RANKS)):
        _card = Card._make(_rank_code, _suit_index)
        _BY_INDEX[_card.index] = _card
        _BY_TEXT[f"{_card.rank}{_card.suit}".upper()] = _card
        if _card.rank == "T":
            _BY_TEXT[f"10{_card.suit}".upper()] = _card


def card_at(index: int) -> Card:
    """Fast unchecked lookup used on hot paths: the card with this index."""
    card = _BY_INDEX[index]
    assert card is not None
    return card


CARDS_BY_INDEX: Final[tuple[Card | None, ...]] = tuple(_BY_INDEX)
"""Lookup table ``index -> Card`` (``None`` for unused indices)."""


def parse_cards(cards: Iterable[str | Card] | str) -> list[Card]:
    """Parse several cards; a string is split on white space and commas.

    >>> [str(c) for c in parse_cards("Ah 10d, 2c")]
    ['Ah', 'Td', '2c']
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return [Card.parse(card) for card in cards]


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask holding exactly these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_in(mask: int) -> list[Card]:
    """The cards of a hand mask, by suit (s h d c) then rank code ascending."""
    found: list[Card] = []
    while mask:
        low = mask & -mask
        found.append(CARDS_BY_INDEX[low.bit_length() - 1])  # type: ignore[arg-type]
        mask ^= low
    return found


def indices_in(mask: int) -> list[int]:
    """The card indices set in a hand mask, ascending, as a list (built in one tight loop:
    simulations call this for every hidden hand).

    >>> indices_in(0b1010_0000_0000_0000_0001)
    [0, 17, 19]
    """
    found: list[int] = []
    append = found.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return found


def iter_indices(mask: int) -> Iterator[int]:
    """The card indices set in a hand mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


STANDARD_DECK_MASK: Final = sum(
    1 << (suit * LANE + rank) for suit in range(4) for rank in range(13)
)
"""The 52 cards of a standard deck (no Heroes) as a hand mask."""


def standard_deck() -> list[Card]:
    """The 52 cards of a standard deck (no Heroes), in index order."""
    return [card for card in CARDS_BY_INDEX if card is not None and card.rank != "H"]
