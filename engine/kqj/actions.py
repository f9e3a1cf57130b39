"""KQJ actions (commands a seat gives) and events (what happened, past tense).

Actions (RULES.md §5.3, §6.3): ``Take(contract=None)`` takes the Return — in the first round
as ``Take()``, its suit becomes trumps; in the second round the taker names the contract,
``Take("s" | "h" | "d" | "c" | "all" | "none")``;
``Pass()``; ``Bid(value, contract)``; ``Capot(contract)``; ``Counter()``; ``Overcounter()``;
``Play(card)`` (shared with All Fours). A contract is written as a suit letter, ``"all"``
(all-trump) or ``"none"`` (no-trump); upper case is accepted and stored in lower case.

>>> Take("H"), Bid(130, "all")
(Take('h'), Bid(130, 'all'))
>>> Bid(130, "x")
Traceback (most recent call last):
  ...
engine.core.ActionFormatError: 'x' is not a contract: name a suit (s h d c), 'all' or 'none'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from engine.cards import Card
from engine.core import (
    ActionFormatError,
    CardPlayed,
    GameOver,
    Play,
    PointsAwarded,
    Redeal,
    TrickWon,
    TrumpFixed,
)
from engine.kqj.deck import CONTRACTS


def _contract(value: object) -> str:
    text = value.lower() if isinstance(value, str) else value
    if text not in CONTRACTS:
        raise ActionFormatError(
            f"{value!r} is not a contract: name a suit (s h d c), 'all' or 'none'"
        )
    assert isinstance(text, str)
    return text


@dataclass(frozen=True, slots=True)
class Take:
    """Take the Return (§5.3): ``Take()`` in the first round, ``Take(contract)`` in the second."""

    contract: str | None = None

    def __post_init__(self) -> None:
        if self.contract is not None:
            object.__setattr__(self, "contract", _contract(self.contract))

    def __repr__(self) -> str:
        return "Take()" if self.contract is None else f"Take({self.contract!r})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: leave the Return, make no bid, or (after a counter) do not overcounter."""

    def __repr__(self) -> str:
        return "Pass()"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Bid:
    """Promise ``value`` round points (a multiple of 10) with ``contract`` as trumps (§6.3)."""

    value: int
    contract: str

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise ActionFormatError(f"a bid is a whole number of points, not {self.value!r}")
        object.__setattr__(self, "contract", _contract(self.contract))

    def __repr__(self) -> str:
        return f"Bid({self.value}, {self.contract!r})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Capot:
    """Promise to win all eight tricks with ``contract``; ends the auction at once (§6.3)."""

    contract: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "contract", _contract(self.contract))

    def __repr__(self) -> str:
        return f"Capot({self.contract!r})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Counter:
    """Double the standing bid of an opposing team (×2), in turn or out of turn (§6.3)."""

    def __repr__(self) -> str:
        return "Counter()"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Overcounter:
    """The countered team redoubles (×4), in turn or out of turn; ends the auction (§6.3)."""

    def __repr__(self) -> str:
        return "Overcounter()"

    __str__ = __repr__


Action: TypeAlias = Take | Pass | Bid | Capot | Counter | Overcounter | Play


# --- KQJ events (shared ones come from engine.core) -------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal (or a redeal) was made for hand (round) ``hand_number``; ``teams`` lists the
    seats of each team of the round."""

    dealer: int
    hand_number: int
    teams: tuple[tuple[int, ...], ...]

    @property
    def round_number(self) -> int:
        """``hand_number`` in the rule book's word (RULES.md §5 calls a hand a round)."""
        return self.hand_number


@dataclass(frozen=True, slots=True)
class ReturnTurned:
    """The Return was turned face up in the centre (base game, §5.3)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed (the Return, a bid, or an overcounter)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Took:
    """``seat`` took the Return and is the declarer; ``contract`` as in ``TrumpFixed``."""

    seat: int
    contract: str
    card: Card


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bid ``value`` with ``contract``; a capot bid has ``capot`` set and is valued
    at the ruleset's ``capot_contract_value``."""

    seat: int
    value: int
    contract: str
    capot: bool = False


@dataclass(frozen=True, slots=True)
class Countered:
    """``seat`` countered the standing bid (×2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Overcountered:
    """``seat`` overcountered (×4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AuctionEnded:
    """The auction's contract: ``declarer`` bid ``value`` with ``contract``, multiplied by
    ``multiplier`` (1, 2 if countered, 4 if overcountered)."""

    declarer: int
    value: int
    contract: str
    multiplier: int
    capot: bool


@dataclass(frozen=True, slots=True)
class BonusScored:
    """A bonus of round points (§5.5) for ``team`` (an index into the round's teams, which is
    the side index in fixed-partner games).

    ``kind`` is ``"dix_de_der"`` (``seat`` won the last trick), ``"capot"``, ``"kq"`` or
    ``"kqj"`` (``seat`` played the honours of trump ``suit``)."""

    kind: str
    team: int
    points: int
    seat: int | None = None
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The count of a hand — a round, in RULES.md's KQJ words (§5.6-§5.8, §6.1-§6.3);
    ``RoundEnded`` is the same class.

    Per team of the round (``teams`` gives their seats): ``card_points`` captured (236 in
    all), ``round_points`` = cards + ``bonuses``, ``tricks`` won. ``outcome`` is ``"won"``
    or ``"litigation"`` in the two-team base game, ``"made"``, ``"failed"`` or
    ``"litigation"`` with three teams, ``"made"`` or ``"failed"`` in the auction.
    ``awards`` are the victory points scored (in order), ``pool`` the litigation pool after the
    round and ``scores`` the running totals per side."""

    hand_number: int
    contract: str
    declarer: int
    contract_team: int
    teams: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    bonuses: tuple[BonusScored, ...]
    round_points: tuple[int, ...]
    tricks: tuple[int, ...]
    outcome: str
    bid: int
    multiplier: int
    awards: tuple[PointsAwarded, ...]
    pool: int
    scores: tuple[int, ...]

    @property
    def round_number(self) -> int:
        """``hand_number`` in the rule book's word."""
        return self.hand_number


RoundEnded = HandEnded
"""The end of a KQJ round is the contract's ``HandEnded`` (DESIGN.md); the rule book's name."""


Event: TypeAlias = (
    Dealt
    | ReturnTurned
    | Passed
    | Took
    | BidMade
    | Countered
    | Overcountered
    | AuctionEnded
    | TrumpFixed
    | CardPlayed
    | TrickWon
    | BonusScored
    | PointsAwarded
    | HandEnded
    | Redeal
    | GameOver
)

__all__ = [
    "Action",
    "AuctionEnded",
    "Bid",
    "BidMade",
    "BonusScored",
    "Capot",
    "CardPlayed",
    "Counter",
    "Countered",
    "Dealt",
    "Event",
    "GameOver",
    "HandEnded",
    "Overcounter",
    "Overcountered",
    "Pass",
    "Passed",
    "Play",
    "PointsAwarded",
    "Redeal",
    "ReturnTurned",
    "RoundEnded",
    "Take",
    "Took",
    "TrickWon",
    "TrumpFixed",
]
