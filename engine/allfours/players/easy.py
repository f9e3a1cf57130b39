"""Level `easy`: the first computer player for All Fours, sane but weak (kept as the baseline).

It sees only a ``PlayerView`` and the legal actions, and draws any randomness from the
``random.Random`` it is given, so it is pure and reproducible. What it knows how to do:
stand on a good trump holding and beg otherwise; as dealer, pay the point only with trumps of
its own and never hand the beggars the game; discard its weakest cards; win tricks that carry
Game points or the jack as cheaply as possible, feed tens to a partner who is winning, save
its own jack, and otherwise play low.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
>>> seat = state.to_act
>>> action = choose_action(allfours.observe(state, seat), allfours.legal_actions(state, seat),
...                        random.Random(0))
>>> action in allfours.legal_actions(state, seat)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from engine.allfours.actions import Action, Beg, Discard, Play, RunPack, Stand, TakeOne
from engine.allfours.opponents import strength
from engine.allfours.state import Phase, PlayerView
from engine.cards import SUITS, Card, mask_of

GAME_VALUE: Final = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}

STAND_STRENGTH: Final = 6.0
ACCEPT_STRENGTH: Final = 5.0


def trump_strength(hand: Sequence[Card], suit: str) -> float:
    """How good a holding is in ``suit`` as trumps: honours weigh more, every trump counts
    (``opponents.strength``, which the opponent model of inference reads too).

    >>> trump_strength([Card.parse(c) for c in ("Ah", "Kh", "4h", "2c")], "h")
    8.0
    """
    return strength(mask_of(hand), SUITS.index(suit))


def _beats(card: Card, best: Card, led: str, trump: str) -> bool:
    if card.suit == trump:
        return best.suit != trump or card.rank_code > best.rank_code
    return card.suit == led and best.suit == led and card.rank_code > best.rank_code


def _current_best(trick: Sequence[tuple[int, Card]], trump: str) -> tuple[int, Card]:
    led = trick[0][1].suit
    best = trick[0]
    for seat, card in trick[1:]:
        if _beats(card, best[1], led, trump):
            best = (seat, card)
    return best


def _cheapness(card: Card, trump: str) -> tuple[int, int, int]:
    """Sort key for throwing a card away: non-trumps first, low Game value, low rank."""
    return (card.suit == trump, GAME_VALUE.get(card.rank, 0), card.rank_code)


def choose_action(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """Pick one of ``legal`` for the seat of ``view``; ``rng`` breaks ties between equals."""
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    if view.phase is Phase.DECLARE:
        return _declare(view, legal)
    if view.phase is Phase.REPLY:
        return _reply(view, legal)
    if view.phase is Phase.DISCARD:
        return _discard(view, legal)
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return rng.choice(list(legal))
    return _play(view, plays, rng)


def _declare(view: PlayerView, legal: Sequence[Action]) -> Action:
    assert view.kick is not None and view.seat is not None
    strength = trump_strength(view.hand, view.kick.suit)
    rules = view.rules
    wants = strength >= STAND_STRENGTH
    if rules.players >= 3 and rules.variant != "caribbean":
        pays_gift = view.side_of(view.seat) != view.side_of(view.elder) and rules.gift_point
        wants = strength >= (STAND_STRENGTH + 2 if pays_gift else STAND_STRENGTH)
        if view.seat == view.dealer:
            wants = strength >= ACCEPT_STRENGTH
    choice: Action = Stand() if wants else Beg()
    return choice if choice in legal else legal[-1]


def _reply(view: PlayerView, legal: Sequence[Action]) -> Action:
    assert view.kick is not None and view.seat is not None
    beggars = view.side_of(view.elder)
    gift_wins = view.rules.gift_point and view.scores[beggars] + 1 >= view.rules.target
    keep = trump_strength(view.hand, view.kick.suit) >= ACCEPT_STRENGTH and not gift_wins
    choice: Action = TakeOne() if keep else RunPack()
    return choice if choice in legal else legal[-1]


def _discard(view: PlayerView, legal: Sequence[Action]) -> Action:
    trump = view.trump or ""

    def keep_value(action: Action) -> tuple[int, int, int]:
        assert isinstance(action, Discard)
        card = action.cards[0]
        return (card.suit == trump, GAME_VALUE.get(card.rank, 0), card.rank_code)

    return min(legal, key=keep_value)


def _play(view: PlayerView, plays: list[Play], rng: Random) -> Action:
    assert view.seat is not None and view.trump is not None
    trump = view.trump
    seat = view.seat
    cards = [p.card for p in plays]
    jack_of_trumps = Card.parse("J" + trump)
    if not view.trick:
        return Play(_lead(view, cards, trump, rng))
    led = view.trick[0][1].suit
    best_seat, best = _current_best(view.trick, trump)
    last_to_play = len(view.trick) == view.rules.players - 1
    partner_winning = view.side_of(best_seat) == view.side_of(seat) and best_seat != seat
    winners = [c for c in cards if _beats(c, best, led, trump)]
    stake = sum(GAME_VALUE.get(c.rank, 0) for _, c in view.trick)
    if any(c == jack_of_trumps for _, c in view.trick):
        stake += 30  # capturing the jack is worth a point, or three as a hang jack
    if partner_winning and (last_to_play or best.suit == trump or best.rank == "A"):
        # Our side already holds the trick: save the jack, or feed it Game points.
        if jack_of_trumps in cards and last_to_play:
            return Play(jack_of_trumps)
        feed = [c for c in cards if c.suit != trump and c.rank in ("T", "A", "K", "Q")]
        if feed:
            return Play(max(feed, key=lambda c: (GAME_VALUE[c.rank], c.rank_code)))
        return Play(min(cards, key=lambda c: _cheapness(c, trump)))
    if winners and (stake > 0 or last_to_play):
        if last_to_play and jack_of_trumps in winners:
            return Play(jack_of_trumps)
        safe = [c for c in winners if c != jack_of_trumps] or winners
        return Play(min(safe, key=lambda c: (c.suit == trump, c.rank_code)))
    throwaway = [c for c in cards if c != jack_of_trumps] or cards
    return Play(min(throwaway, key=lambda c: _cheapness(c, trump)))


def _lead(view: PlayerView, cards: list[Card], trump: str, rng: Random) -> Card:
    trumps = sorted((c for c in cards if c.suit == trump), key=lambda c: c.rank_code)
    jack_out = Card.parse("J" + trump) not in view.played and Card.parse("J" + trump) not in cards
    if trumps and trumps[-1].rank in ("A", "K") and len(trumps) >= 2 and jack_out:
        return trumps[-1]  # draw trumps to hunt the jack
    plain = [c for c in cards if c.suit != trump and c.rank not in ("T", "A")]
    if plain:
        lowest = min(c.rank_code for c in plain)
        return rng.choice([c for c in plain if c.rank_code == lowest])
    others = [c for c in cards if c.suit != trump]
    if others:
        return (
            max(others, key=lambda c: c.rank_code)
            if any(c.rank == "A" for c in others)
            else min(others, key=lambda c: c.rank_code)
        )
    return trumps[-1] if trumps and trumps[-1].rank in ("A", "K") else trumps[0]
