"""A quick, sensible card for the random play-outs of level ``hard`` (``hard.PLAYOUTS ==
"random"``): the rest of the current trick is played by it before random cards take over, as
``easy`` would play it, read from the state of the world.

>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("seven-up"), seed=4)
>>> state = allfours.apply(state, state.to_act, allfours.Stand()).state
>>> seat = state.to_act
>>> legal = allfours.legal_actions(state, seat)
>>> sensible_card(state, seat, legal) in legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.allfours.actions import Action, Play
from engine.allfours.game import trick_winner_offset
from engine.allfours.players.easy import GAME_VALUE
from engine.allfours.state import GameState
from engine.cards import Card


def sensible_card(state: GameState, seat: int, legal: Sequence[Action]) -> Action:
    """A quick, sensible card for play-outs (``easy``'s habits, read from the state): take a
    trick worth taking as cheaply as possible, feed Game points to a partner who wins last,
    keep the jack of trumps out of harm, otherwise throw the cheapest card."""
    cards = [action.card for action in legal if isinstance(action, Play)]
    if len(cards) != len(legal) or len(cards) == 1:
        return legal[0]
    trump = state.trump_suit
    assert trump is not None
    trump_index = "shdc".index(trump)
    trick = state.current_trick
    if not trick:
        plain = [c for c in cards if c.suit != trump and c.rank not in ("T", "A")]
        if plain:
            return Play(min(plain, key=_rank_code))
        trumps = [c for c in cards if c.suit == trump]
        if trumps and max(trumps, key=_rank_code).rank in ("A", "K"):
            return Play(max(trumps, key=_rank_code))
        return Play(min(cards, key=_cheapness(trump)))
    indices = [card.index for _, card in trick]
    best_at = trick_winner_offset(indices, trump_index)
    best_seat, best = trick[best_at]
    last = len(trick) == state.rules.players - 1
    side = state.side_of(seat)
    stake = sum(GAME_VALUE.get(card.rank, 0) for _, card in trick)
    if any(card.suit == trump and card.rank == "J" for _, card in trick):
        stake += 30
    winners = [c for c in cards if trick_winner_offset([best.index, c.index], trump_index) == 1]
    if state.side_of(best_seat) == side:
        if last:
            jack = [c for c in cards if c.suit == trump and c.rank == "J"]
            if jack:
                return Play(jack[0])
            feed = [c for c in cards if c.suit != trump and GAME_VALUE.get(c.rank, 0)]
            if feed:
                return Play(max(feed, key=lambda c: GAME_VALUE[c.rank]))
        return Play(min(cards, key=_cheapness(trump)))
    if winners and (stake > 0 or last):
        jack = [c for c in winners if c.suit == trump and c.rank == "J"]
        if last and jack:
            return Play(jack[0])
        safe = [c for c in winners if not (c.suit == trump and c.rank == "J")] or winners
        return Play(min(safe, key=lambda c: (c.suit == trump, c.rank_code)))
    throw = [c for c in cards if not (c.suit == trump and c.rank == "J")] or cards
    return Play(min(throw, key=_cheapness(trump)))


def _rank_code(card: Card) -> int:
    return card.rank_code


def _cheapness(trump: str) -> Callable[[Card], tuple[bool, int, int]]:
    def key(card: Card) -> tuple[bool, int, int]:
        return (card.suit == trump, GAME_VALUE.get(card.rank, 0), card.rank_code)

    return key


__all__ = ["sensible_card"]
