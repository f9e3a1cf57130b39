"""Tiny Tricks' rules, pure: no I/O, no clock, no global random (a deal is shuffled by a
``random.Random`` seeded from the game's seed and the deal's number).

>>> state = new_game(Rules(), seed=1)
>>> state.to_act, len(state.hands[0]), state.scores
(1, 3, (0, 0))
>>> card = legal_actions(state, 1)[0]
>>> after, events = apply(state, 1, card)
>>> after.to_act, [type(e).__name__ for e in events]
(0, ['CardPlayed'])
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeAlias

from engine.cards import Card
from engine.core import CardPlayed, IllegalActionError, Play, TrickWon
from engine.search import Budget, Hint

SUITS: Final = "sh"
RANKS: Final = "AKQJ"
"""Highest first."""
DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
HAND: Final = 3
PLAYERS: Final = 2
TARGETS: Final = (2, 3, 5)
LEVELS: Final = ("easy", "normal")
Action: TypeAlias = Play


@dataclass(frozen=True, slots=True)
class Rules:
    target: int = 3

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}")


@dataclass(frozen=True, slots=True)
class Dealt:
    deal: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameWon:
    seat: int


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    seed: int
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    to_act: int | None
    scores: tuple[int, ...]
    last_trick: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may know (``None``: a spectator, whose ``hand`` is empty)."""

    seat: int | None
    rules: Rules
    deal: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    to_act: int | None
    scores: tuple[int, ...]
    last_trick: tuple[tuple[int, Card], ...]
    winner: int | None


def _dealt(rules: Rules, seed: int, deal: int, dealer: int, scores: tuple[int, ...]) -> State:
    cards = list(DECK)
    random.Random(seed * 1009 + deal).shuffle(cards)
    hands = tuple(tuple(cards[seat * HAND : (seat + 1) * HAND]) for seat in range(PLAYERS))
    return State(rules, seed, deal, dealer, hands, (), 1 - dealer, scores)


def new_game(rules: Rules, seed: int) -> State:
    """The first deal: seat 0 deals, seat 1 leads."""
    return _dealt(rules, seed, 1, 0, (0,) * PLAYERS)


def legal_actions(state: State, seat: int) -> list[Play]:
    """The cards ``seat`` may play now: any card when leading, else the suit led if held."""
    if state.to_act != seat:
        return []
    hand = state.hands[seat]
    if state.trick:
        led = state.trick[0][1].suit
        following = [card for card in hand if card.suit == led]
        hand = tuple(following) or hand
    return [Play(card) for card in hand]


def _rank(card: Card) -> int:
    return RANKS.index(card.rank)


def trick_taker(trick: Sequence[tuple[int, Card]]) -> int:
    """Who takes a complete trick: the higher card of the suit led."""
    led = trick[0][1].suit
    return min((play for play in trick if play[1].suit == led), key=lambda p: _rank(p[1]))[0]


def apply(state: State, seat: int, action: Play) -> tuple[State, list[object]]:
    """The state after ``seat`` plays ``action``, and what happened."""
    if action not in legal_actions(state, seat):
        raise IllegalActionError(f"seat {seat} may not play {action.card} now")
    hands = tuple(
        tuple(c for c in hand if c != action.card) if s == seat else hand
        for s, hand in enumerate(state.hands)
    )
    trick = (*state.trick, (seat, action.card))
    events: list[object] = [CardPlayed(seat, action.card)]
    if len(trick) < PLAYERS:
        return replace(state, hands=hands, trick=trick, to_act=1 - seat), events
    taker = trick_taker(trick)
    scores = tuple(score + (s == taker) for s, score in enumerate(state.scores))
    events.append(TrickWon(taker, tuple(card for _, card in trick), 1))  # a trick is a point
    if scores[taker] >= state.rules.target:
        events.append(GameWon(taker))
        over = replace(state, hands=hands, trick=(), to_act=None, scores=scores, winner=taker)
        return replace(over, last_trick=trick), events
    if not any(hands):
        dealer = 1 - state.dealer
        events.append(Dealt(state.deal + 1, dealer))
        fresh = _dealt(state.rules, state.seed, state.deal + 1, dealer, scores)
        return replace(fresh, last_trick=trick), events
    after = replace(state, hands=hands, trick=(), to_act=taker, scores=scores, last_trick=trick)
    return after, events


def replay(rules: Rules, seed: int, log: Sequence[tuple[int, Play]]) -> State:
    state = new_game(rules, seed)
    for seat, action in log:
        state, _ = apply(state, seat, action)
    return state


def observe(state: State, seat: int | None) -> View:
    return View(
        seat=seat,
        rules=state.rules,
        deal=state.deal,
        dealer=state.dealer,
        hand=() if seat is None else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        trick=state.trick,
        to_act=state.to_act,
        scores=state.scores,
        last_trick=state.last_trick,
        winner=state.winner,
    )


def choose(level: str, view: View, legal: Sequence[Play], rng: random.Random) -> Play:
    """``easy`` plays at random; ``normal`` plays its highest card."""
    if level == "easy":
        return rng.choice(list(legal))
    return min(legal, key=lambda action: _rank(action.card))


def hint(
    view: View, legal: Sequence[Play], rng: random.Random, budget: Budget | None
) -> Hint[Play]:
    return Hint(choose("normal", view, legal, rng))


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _plays(plays: Sequence[tuple[int, Card]]) -> list[list[object]]:
    return [[seat, str(card)] for seat, card in plays]


def dump(state: State) -> str:
    return json.dumps(
        {
            "target": state.rules.target,
            "seed": state.seed,
            "deal": state.deal,
            "dealer": state.dealer,
            "hands": [_cards(hand) for hand in state.hands],
            "trick": _plays(state.trick),
            "to_act": state.to_act,
            "scores": list(state.scores),
            "last_trick": _plays(state.last_trick),
            "winner": state.winner,
        }
    )


def load(text: str) -> State:
    data = json.loads(text)

    def plays(rows: list[list[object]]) -> tuple[tuple[int, Card], ...]:
        return tuple((int(str(seat)), Card.parse(str(card))) for seat, card in rows)

    return State(
        rules=Rules(data["target"]),
        seed=data["seed"],
        deal=data["deal"],
        dealer=data["dealer"],
        hands=tuple(tuple(Card.parse(c) for c in hand) for hand in data["hands"]),
        trick=plays(data["trick"]),
        to_act=data["to_act"],
        scores=tuple(data["scores"]),
        last_trick=plays(data["last_trick"]),
        winner=data["winner"],
    )
