"""What every game family shares: errors, the transition record, and the common actions/events.

Actions are commands (``Play``), events are past-tense records (``CardPlayed``); both are small
frozen records compared by value. A family module adds its own actions and events and exposes
the same functions (``preset``, ``new_game``, ``deal``, ``legal_actions``, ``apply``, ``observe``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, TypeVar

from engine.cards import CARDS_BY_INDEX, Card, card_at, cards_in
from engine.reasons import DutyOfPlay


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input (all are ValueErrors)."""


class RulesetError(EngineError):
    """An unknown preset, an unknown option, or an option value out of range.

    ``option`` names the option at fault (``None`` for an unknown preset), so that a user
    interface can point at it or translate the refusal without re-checking the rules itself.
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class DealError(EngineError):
    """A stacked deal that is not a valid position (duplicated or missing cards, bad sizes...)."""


class IllegalActionError(EngineError):
    """An action that the given seat may not take now; the message says why.

    Where a player needs the reason to play on (a card that breaks a duty of play), ``why``
    is that duty as a typed record (``engine.reasons``), so that an interface can say it in
    the player's language, and ``reason`` its stable code.
    """

    def __init__(self, message: str, *, why: DutyOfPlay | None = None) -> None:
        super().__init__(message)
        self.why = why

    @property
    def reason(self) -> str | None:
        """The duty's stable code (``"follow_suit"``...), or None."""
        return None if self.why is None else self.why.code


class StateFormatError(EngineError):
    """Serialised data that does not describe a valid state or ruleset."""


def _as_card(value: Card | str) -> Card:
    return Card.parse(value)


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play one card to the current trick; ``Play("Th") == Play(Card.parse("Th"))``."""

    card: Card

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", _as_card(card))

    def __str__(self) -> str:
        return f"Play({self.card})"


# --- events shared by the families -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrumpFixed:
    """Trumps are decided for this deal: a suit letter (KQJ also ``"all"`` / ``"none"``)."""

    suit: str


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` to the current trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``seat`` won a trick; ``cards`` in playing order; ``points`` the card points it holds."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Redeal:
    """The deal was thrown in and the same dealer deals again; points already scored stay."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class PointsAwarded:
    """``side`` scored ``points`` for ``reason``.

    ``card`` is the card that decided the award where there is one (the kick, the highest or
    lowest trump, the jack); ``seat`` the player it is credited to (holder, capturer or dealer).
    """

    side: int
    points: int
    reason: str
    card: Card | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game has a winner: a side index (KQJ: a tuple of side indices for a shared win)."""

    winner: int | tuple[int, ...]


Event = Any
"""Each family narrows this to its closed union of event records."""

StateT = TypeVar("StateT")


class Transition(NamedTuple, Generic[StateT]):
    """What ``apply`` returns: the new state and the events, in the order they happened."""

    state: StateT
    events: list[Any]


def seat_of_play(at: int, winners: Sequence[int], opener: int, players: int) -> int:
    """Who played the ``at``-th card (from 0) of a hand's trick record: ``opener`` leads the
    first trick, the winner of each trick leads the next, and play goes round in seat order
    (RULES.md §0, §1.3, §5.4).

    >>> seat_of_play(4, (2, 0), opener=1, players=3)  # trick 2, second card: seat 2 led it
    0
    """
    number, pos = divmod(at, players)
    leader = winners[number - 1] if number else opener
    return (leader + pos) % players


def seats_of_plays(count: int, winners: Sequence[int], opener: int, players: int) -> list[int]:
    """``seat_of_play`` of each of the first ``count`` cards of a trick record.

    >>> seats_of_plays(7, (2, 0), 1, 3)  # 3 seats; seat 2 won trick 1, seat 0 trick 2
    [1, 2, 0, 2, 0, 1, 0]
    """
    return [seat_of_play(at, winners, opener, players) for at in range(count)]


def dumps_compact(data: object) -> str:
    """Deterministic compact JSON, so that equal states serialise to equal strings."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def loads_object(text: str | bytes, what: str) -> dict[str, Any]:
    """Parse JSON that must be an object, raising ``StateFormatError`` otherwise."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise StateFormatError(f"{what}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise StateFormatError(f"{what}: expected a JSON object")
    return data


class ActionFormatError(EngineError):
    """Text that does not encode an action (for example a forged button id)."""


# --- checks and serialisation helpers shared by the families ------------------------------------


def check_seed(seed: object) -> int:
    """A game seed: any whole number (``DealError`` otherwise)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DealError(f"seed must be a whole number, not {seed!r}")
    return seed


def check_seat(seat: object, players: int) -> int:
    """A seat number of a ``players``-seat table (``IllegalActionError`` otherwise)."""
    if type(seat) is int and 0 <= seat < players:
        return seat
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalActionError(f"a seat is a whole number, not {seat!r}")
    raise IllegalActionError(f"there is no seat {seat} at a {players}-player table")


def whole_number(value: object) -> int:
    """A whole number read from serialised data (``StateFormatError`` otherwise)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateFormatError(f"expected a whole number, got {value!r}")
    return value


def optional_whole_number(value: object) -> int | None:
    return None if value is None else whole_number(value)


def whole_numbers(values: object) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise StateFormatError(f"expected a list of whole numbers, got {values!r}")
    return tuple(whole_number(v) for v in values)


def card_texts(indices: Iterable[int]) -> list[str]:
    """Card indices as text, in the given order (``["Th", "2c"]``)."""
    return [str(card_at(i)) for i in indices]


def mask_texts(mask: int) -> list[str]:
    """A hand mask as text, by suit then rank."""
    return [str(c) for c in cards_in(mask)]


def card_index(text: object, deck: int) -> int:
    """The index of a card read from serialised data; it must belong to ``deck`` (a mask)."""
    if not isinstance(text, str):
        raise StateFormatError(f"expected a card, got {text!r}")
    try:
        index = Card.parse(text).index
    except ValueError as exc:
        raise StateFormatError(str(exc)) from None
    if not deck >> index & 1:
        raise StateFormatError(f"{text} is not in this game's deck")
    return index


def card_indices(texts: object, deck: int) -> tuple[int, ...]:
    if not isinstance(texts, list):
        raise StateFormatError(f"expected a list of cards, got {texts!r}")
    return tuple(card_index(t, deck) for t in texts)


def card_mask(texts: object, deck: int) -> int:
    mask = 0
    for index in card_indices(texts, deck):
        mask |= 1 << index
    return mask


def check_option_types(
    rules: object,
    *,
    choices: Mapping[str, tuple[object, ...]],
    booleans: Iterable[str],
    numbers: Iterable[str],
) -> None:
    """The checks every ruleset shares: each choice among its values, each flag true or false,
    each number a whole number; a ``RulesetError`` names the option at fault."""
    for name, allowed in choices.items():
        value = getattr(rules, name)
        if not isinstance(value, str) or value not in allowed:
            shown = ", ".join(repr(c) for c in allowed)
            raise RulesetError(f"{name} must be one of {shown}, not {value!r}", option=name)
    for name in booleans:
        value = getattr(rules, name)
        if not isinstance(value, bool):
            raise RulesetError(f"{name} must be true or false, not {value!r}", option=name)
    for name in numbers:
        value = getattr(rules, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesetError(f"{name} must be a whole number, not {value!r}", option=name)


CARDS_PLAYED: Final = tuple(
    tuple(CardPlayed(seat, card) if card is not None else None for card in CARDS_BY_INDEX)
    for seat in range(6)
)
"""``CARDS_PLAYED[seat][index]``: one interned ``CardPlayed`` per seat and card (events are
frozen records compared by value, so trick play reports them without building new ones)."""

PLAYS: Final = tuple(Play(card) if card is not None else None for card in CARDS_BY_INDEX)
"""One interned ``Play`` per card index (``None`` where no card has that index)."""


def plays_of(mask: int) -> list[Play]:
    """A ``Play`` for every card of a hand mask, in index order (what ``legal_actions`` lists)."""
    plays: list[Play] = []
    while mask:
        low = mask & -mask
        plays.append(PLAYS[low.bit_length() - 1])  # type: ignore[arg-type]
        mask ^= low
    return plays


def reject_unknown_options(given: Iterable[str], known: tuple[str, ...], game: str) -> None:
    """Refuse option names a ruleset does not have, naming the first one and listing the rest
    of the vocabulary (used by ``replace`` and by reading stored rulesets)."""
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise RulesetError(
            f"unknown {game} option(s) {', '.join(unknown)}; known options: {', '.join(known)}",
            option=unknown[0],
        )


def options_from_dict(data: object, known: tuple[str, ...], game: str) -> dict[str, Any]:
    """Stored ruleset data checked for shape and vocabulary (values are checked by the
    ruleset itself)."""
    if not isinstance(data, dict):
        raise RulesetError(f"a {game} ruleset must be a JSON object of options")
    reject_unknown_options(data, known, game)
    return data
