"""All Fours actions (commands a seat gives) and events (what happened, past tense).

Actions: ``Stand()``, ``Beg()``, ``TakeOne()``, ``RunPack()``, ``Discard(cards)``, ``Play(card)``.
In three- and four-player English / Seven Up every player, the dealer included, accepts the
candidate with ``Stand()`` and refuses it with ``Beg()`` (RULES.md §4.2); the dealer's refusal
runs the pack (reported as ``Begged`` then ``RanPack``). With ``allow_take_one_to_win`` off,
``Stand()`` is not offered to a player outside the elder's side whose acceptance would pay the
elder's side its winning gift point.

``Discard`` is requested one card at a time: ``legal_actions`` lists one single-card
``Discard`` per card of a seat that still holds more than six, and every such seat may discard
in any order. ``apply`` also takes a ``Discard`` of several cards at once, which is exactly the
same as discarding them one by one (convenient in tests and for computer players).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from engine.cards import Card, parse_cards
from engine.core import (
    CardPlayed,
    GameOver,
    Play,
    PointsAwarded,
    Redeal,
    TrickWon,
    TrumpFixed,
)


@dataclass(frozen=True, slots=True)
class Stand:
    """Keep the turned-up suit as trumps (in 3-4 player English / Seven Up: accept it)."""

    def __str__(self) -> str:
        return "Stand()"


@dataclass(frozen=True, slots=True)
class Beg:
    """Ask the dealer for a point or a new suit (in 3-4 player English / Seven Up: refuse)."""

    def __str__(self) -> str:
        return "Beg()"


@dataclass(frozen=True, slots=True)
class TakeOne:
    """The dealer keeps the suit and pays the begging side the take-one / gift point."""

    def __str__(self) -> str:
        return "TakeOne()"


@dataclass(frozen=True, slots=True)
class RunPack:
    """The dealer refuses: deal three more cards each and turn a new card."""

    def __str__(self) -> str:
        return "RunPack()"


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Put cards face down, out of play, when holding more than six (RULES.md §3.4)."""

    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card | str] | Card | str) -> None:
        parsed = [cards] if isinstance(cards, Card) else parse_cards(cards)
        object.__setattr__(self, "cards", tuple(parsed))

    def __str__(self) -> str:
        return f"Discard({' '.join(str(c) for c in self.cards)})"


Action: TypeAlias = Stand | Beg | TakeOne | RunPack | Discard | Play


# --- All Fours events (shared ones come from engine.core) ---------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal (or a redeal) was made: ``hand_number`` counts hands, not redeals."""

    dealer: int
    hand_number: int


@dataclass(frozen=True, slots=True)
class CardTurned:
    """``card`` was turned face up as a kick / trump candidate; ``number`` counts turns this deal.

    ``set_aside`` is true for an English / Seven Up turn-up of a suit already proposed.
    """

    card: Card
    number: int
    set_aside: bool = False


@dataclass(frozen=True, slots=True)
class Stood:
    """``seat`` stood (or, with 3-4 players in English / Seven Up, accepted the candidate)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Begged:
    """``seat`` begged (or, with 3-4 players in English / Seven Up, refused the candidate)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TookOne:
    """The dealer ``seat`` accepted the begged suit (take one / give the gift)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RanPack:
    """The dealer ``seat`` ran the pack."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """``seat`` discarded ``count`` cards face down (the cards themselves stay hidden)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The count of a hand is over.

    ``game_points`` are the Game card values each side captured (§1.2); ``awards`` the points of
    the count in the order they were scored (High, Low, Jack or hang jack, Game); ``scores`` the
    running totals after the count.
    """

    hand_number: int
    game_points: tuple[int, ...]
    awards: tuple[PointsAwarded, ...]
    scores: tuple[int, ...]


Event: TypeAlias = (
    Dealt
    | CardTurned
    | TrumpFixed
    | Stood
    | Begged
    | TookOne
    | RanPack
    | Discarded
    | CardPlayed
    | TrickWon
    | Redeal
    | PointsAwarded
    | HandEnded
    | GameOver
)

__all__ = [
    "Action",
    "Beg",
    "CardPlayed",
    "CardTurned",
    "Dealt",
    "Discard",
    "Discarded",
    "Event",
    "GameOver",
    "HandEnded",
    "Play",
    "PointsAwarded",
    "RanPack",
    "Redeal",
    "RunPack",
    "Stand",
    "Stood",
    "TakeOne",
    "TookOne",
    "TrickWon",
    "TrumpFixed",
]
