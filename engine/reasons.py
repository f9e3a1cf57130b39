"""Why a card may not be played: the duties of play a refused card breaks, as typed records.

An interface says these in the player's language, naming cards and suits as it shows them;
the records carry the cards as ``Card`` and the suits as ``Suit``, so a wrong detail is a type
error, never a stray code in a sentence. ``IllegalActionError.why`` holds one when the refusal
is a duty of play (RULES.md §1.3 for All Fours, §5.4 for KQJ); other refusals (not your turn,
a card you do not hold) carry none.

>>> from engine.cards import Card, Suit
>>> reason = MustBeatMaster(led=Suit("h"), master=Card.parse("Hd"), master_seat=3,
...                         beaters=(Card.parse("Qd"),))
>>> reason.code, reason.master
('beat_master', Card('Hd'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class MustFollowSuit:
    """A card of the suit led must be played, and this seat holds one. ``or_trump``: All
    Fours lets a trump be played instead (the trump suit), KQJ does not (None)."""

    code: ClassVar[str] = "follow_suit"
    led: Suit
    or_trump: Suit | None = None


@dataclass(frozen=True, slots=True)
class MustPlayTrump:
    """Trumps were led and this seat holds one (All Fours: a trump lead must be followed)."""

    code: ClassVar[str] = "play_trump"
    trump: Suit


@dataclass(frozen=True, slots=True)
class MustNotUndertrump:
    """This table forbids undertrumping: a trump lower than ``highest`` (the best trump in
    the trick) may not be played while the seat has another card it may play."""

    code: ClassVar[str] = "no_undertrump"
    trump: Suit
    highest: Card


@dataclass(frozen=True, slots=True)
class MustBeatTrump:
    """KQJ: trumps were led and this seat can beat the master card (``master``, played by
    ``master_seat``): it must, with one of ``beaters``, even over a partner."""

    code: ClassVar[str] = "beat_trump"
    master: Card
    master_seat: int
    beaters: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MustBeatMaster:
    """KQJ: this seat holds none of the suit ``led`` and an opponent (``master_seat``) is
    master with ``master``: it must beat it with one of ``beaters``."""

    code: ClassVar[str] = "beat_master"
    led: Suit
    master: Card
    master_seat: int
    beaters: tuple[Card, ...]


DutyOfPlay = MustFollowSuit | MustPlayTrump | MustNotUndertrump | MustBeatTrump | MustBeatMaster
"""Every duty of play a refused card may break (matched with ``match`` / ``assert_never``)."""

CODES: tuple[str, ...] = tuple(
    duty.code
    for duty in (MustFollowSuit, MustPlayTrump, MustNotUndertrump, MustBeatTrump, MustBeatMaster)
)
"""The stable code of each duty (``IllegalActionError.reason``)."""
