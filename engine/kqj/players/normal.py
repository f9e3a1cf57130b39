"""Level ``normal`` for KQJ: card play priced in round points, with card counting.

- **Card play** prices every legal card: the chance that our team takes the trick (which seats
  still play, what each may hold after what the round has shown — voids and unmet duties to
  beat, ``knowledge.py`` — and §5.4's duties on them), the points the trick then carries
  (with the dix de der on the eighth trick, §5.5), against what the card is worth kept (its
  own points yet to be placed and the tricks it may still win). KQ and KQJ (§5.5) are
  played for when the King of trumps costs little, and completed in the following tricks.
- **Taking the Return and bidding** use ``easy``'s hand strength with thresholds measured in
  the arena: ``normal`` takes the Return and bids more readily (§5.3, §6.3); counters and
  overcounters are ``easy``'s (the arena sees a few in hundreds of games).

It reads only the view and the legal actions, and draws nothing from ``rng``: ties go to the
lowest card index.

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
>>> seat = state.to_act
>>> legal = kqj.legal_actions(state, seat)
>>> choose_action(kqj.observe(state, seat), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Final

from engine.card_odds import CardOdds
from engine.cards import Card
from engine.core import Play
from engine.kqj.actions import Action, Bid, Capot, Pass, Take
from engine.kqj.deck import (
    ALL_TRUMP,
    BEATERS,
    CONTRACTS,
    JACK,
    KING,
    KQ_BONUS,
    KQJ_BONUS,
    NO_TRUMP,
    PLAIN_STRENGTH,
    PLAYERS,
    POINTS,
    QUEEN,
    SUIT_CARDS,
    TRICKS,
    TRUMP_STRENGTH,
)
from engine.kqj.players import easy
from engine.kqj.players.knowledge import count_cards, tricks_of
from engine.kqj.rules import BID_STEP, MAX_BID
from engine.kqj.state import Phase
from engine.kqj.view import PlayerView

DIX_DE_DER: Final = 10
PARTNER_REBEAT: Final = 0.6
"""The chance that a partner who can beat an opponent's master card makes it stick."""
TRICK_GAIN: Final = 18.0
"""Round points a card that will win a later trick is worth for that alone."""
LATE_RUFF: Final = 0.5
"""How likely an opponent who still holds trumps is to be void when a plain card comes."""
ADDED_SHARE: Final = 0.7
"""The share of an average card's points each seat still to play is expected to add."""


def choose_action(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """The ``normal`` level's choice among ``legal`` for the seat of ``view``.

    For a seat that is not to act, ``legal`` holds only an out-of-turn counter or
    overcounter: the answer is ``choose_interruption``'s, or the first action.
    """
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    if view.seat != view.to_act:
        return choose_interruption(view, legal, rng) or legal[0]
    if len(legal) == 1:
        return legal[0]
    match view.phase:
        case Phase.FIRST_ROUND:
            return _first_round(view, legal)
        case Phase.SECOND_ROUND:
            return _second_round(view, legal)
        case Phase.AUCTION:
            return _auction(view, legal, rng)
        case Phase.OVERCOUNTER:
            return choose_interruption(view, legal, rng) or Pass()
        case _:
            plays = {a.card.index: a for a in legal if isinstance(a, Play)}
            if not plays:
                return legal[0]
            return plays[_Table(view).choose(sorted(plays))]


def choose_interruption(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action | None:
    """The counter or overcounter the seat makes now, or ``None`` to stay silent."""
    return easy.choose_interruption(view, legal, rng)


# --- taking the Return ------------------------------------------------------------------------

TAKE_FIRST: Final = 25.0
"""Strength (``easy.contract_strength``) of the hand with the Return, in the Return's suit,
from which the Return is taken in the first round (§5.3). Measured in the arena: taking on
anything better than a weak holding beats waiting (``easy`` waits for 40) in every mode."""
TAKE_SECOND: Final = 35.0
"""The same for the best contract of the second round (``easy``: 50)."""


def _first_round(view: PlayerView, legal: Sequence[Action]) -> Action:
    assert view.return_card is not None
    hand = (*view.hand, view.return_card)
    strength = easy.contract_strength(hand, view.return_card.suit_index)
    return legal[0] if strength >= TAKE_FIRST else Pass()


def _second_round(view: PlayerView, legal: Sequence[Action]) -> Action:
    assert view.return_card is not None
    hand = (*view.hand, view.return_card)
    takes = [a for a in legal if isinstance(a, Take) and a.contract is not None]
    best = max(takes, key=lambda a: easy.contract_strength(hand, CONTRACTS.index(a.contract or "")))
    strength = easy.contract_strength(hand, CONTRACTS.index(best.contract or ""))
    return best if strength >= TAKE_SECOND else Pass()


# --- the auction ------------------------------------------------------------------------------

BID_OVER_ESTIMATE: Final = 20
"""How far above the hand's estimate of its team's round points a bid may go. The estimate
counts the partners as average hands and the bidder's team chooses trumps; in the arena
bidding up to 20 over it beats ``easy``'s 10 under it clearly (3v3 and 2v2v2)."""
BID_SLOPE: Final = 1.3
"""Round points per point of hand strength above the average, in the estimate."""


def estimate(view: PlayerView, hand: Sequence[Card], contract: int) -> float:
    """Round points the seat's team may expect with ``contract``: an average team's share of
    the 246 plus ``BID_SLOPE`` per point of strength above an average hand."""
    return estimate_from_strength(easy.contract_strength(hand, contract), view.rules.team_count)


def estimate_from_strength(strength: float, team_count: int) -> float:
    """``estimate`` for a hand of ``easy.contract_strength`` ``strength``.

    >>> estimate_from_strength(easy.AVERAGE_STRENGTH, 2)
    123.0
    """
    return 246 / team_count + BID_SLOPE * (strength - easy.AVERAGE_STRENGTH)


def _auction(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """Counter a bid this hand breaks; otherwise, unless a partner holds the bid, bid the
    contract with the best estimate: the lowest raise, at most two steps above it and never
    more than ``BID_OVER_ESTIMATE`` above the estimate; a capot only with the four top
    trumps and a huge estimate (§6.3)."""
    assert view.seat is not None
    interruption = choose_interruption(view, legal, rng)
    if interruption is not None:
        return interruption
    if view.bidder is not None and view.is_partner(view.seat, view.bidder):
        return Pass()
    hand = view.hand
    options = sorted({CONTRACTS.index(a.contract) for a in legal if isinstance(a, Bid)})
    estimates = {c: estimate(view, hand, c) for c in options}
    top_trumps = {
        c: sum(1 for card in hand if card.suit_index == c and card.rank in "987A") for c in options
    }
    lowest = max(view.rules.min_bid, view.bid + BID_STEP)
    return auction_bid(estimates, top_trumps, lowest, legal)


def auction_bid(
    estimates: Mapping[int, float],
    top_trumps: Mapping[int, int],
    lowest: int,
    legal: Sequence[Action],
) -> Action:
    """The bid (or pass) for a hand whose team may expect ``estimates[contract]`` round points
    in each contract it may bid, holding ``top_trumps[contract]`` of the 9, 8, 7 and Ace of
    that suit, when the lowest bid allowed is ``lowest``: the contract with the best estimate,
    at the lowest raise, at most two steps above it and never more than ``BID_OVER_ESTIMATE``
    above the estimate; a capot only with the four top trumps and a huge estimate (§6.3).

    >>> bids = [Pass(), *(Bid(value, "h") for value in range(120, 200, 10))]
    >>> auction_bid({1: 160.0, 2: 110.0}, {1: 2, 2: 0}, 120, bids)
    Bid(140, 'h')
    >>> auction_bid({1: 90.0}, {1: 0}, 120, [Pass(), Bid(120, "h")])
    Pass()
    """
    if not estimates:
        return Pass()
    contract = max(sorted(estimates), key=lambda c: estimates[c])
    expected = estimates[contract]
    text = CONTRACTS[contract]
    if expected >= easy.CAPOT_ESTIMATE and top_trumps[contract] == 4 and Capot(text) in legal:
        return Capot(text)
    wanted = min(int(expected + BID_OVER_ESTIMATE) // BID_STEP * BID_STEP, MAX_BID)
    if wanted < lowest:
        return Pass()
    bid = Bid(min(wanted, lowest + 2 * BID_STEP), text)
    return bid if bid in legal else Pass()


# --- card play --------------------------------------------------------------------------------

SAFE: Final = 0.65
"""A card is played as keeping the trick unless an opponent still to play beats it more often
(measured: stricter thresholds give away more than they save)."""


class _Table:
    """The facts one card-play decision needs, computed once per decision."""

    def __init__(self, view: PlayerView) -> None:
        assert view.seat is not None and view.contract is not None
        self.view = view
        self.me = view.seat
        self.contract = CONTRACTS.index(view.contract)
        self.points = POINTS[self.contract]
        self.beaters = BEATERS[self.contract]
        self.odds: CardOdds = count_cards(view)
        self.trick = [(seat, card.index) for seat, card in view.trick]
        self.later = [(self.me + k) % PLAYERS for k in range(1, PLAYERS - len(self.trick))]
        self.opponents_after = [s for s in self.later if not self.ours(s)]
        self.opponents = [s for s in range(PLAYERS) if s != self.me and not self.ours(s)]
        self.trick_number = len(view.trick_winners) + 1
        self.trumps = _trump_cards(self.contract)
        self.my_plays = [
            card for trick in tricks_of(view.played) for seat, card in trick if seat == self.me
        ]
        self.led = self.trick[0][1] >> 4 if self.trick else -1

    def ours(self, seat: int) -> bool:
        return seat == self.me or self.view.is_partner(self.me, seat)

    def beat_chance(self, seat: int, best: int, led: int) -> float:
        """The chance that ``seat`` can beat ``best`` (the master card) when its turn comes:
        a higher card of the led suit, or a trump when void in the led suit (§5.4)."""
        odds = self.odds
        beat = self.beaters[best]
        led_cards = SUIT_CARDS[led]
        void = 1.0 - odds.chance_any([seat], led_cards)
        if best >> 4 != led:  # a trump on a plain lead: only a void player may overtrump
            return void * odds.chance_any([seat], beat)
        follow = odds.chance_any([seat], beat & led_cards)
        other = beat & ~led_cards
        if not other:
            return follow
        return min(1.0, follow + void * odds.chance_any([seat], other))

    def threat(self, card: int, led: int | None = None) -> float:
        """The chance that some opponent still to play beats ``card`` as master card."""
        led = (card >> 4) if led is None else led
        keep = 1.0
        for seat in self.opponents_after:
            keep *= 1.0 - self.beat_chance(seat, card, led)
        return 1.0 - keep

    def is_master(self, card: int) -> bool:
        """No unseen card of its own suit beats ``card``."""
        return not self.beaters[card] & self.odds.unseen & SUIT_CARDS[card >> 4]

    def strength(self, card: int) -> int:
        suit = card >> 4
        if self.trumps >> card & 1:
            return 16 + TRUMP_STRENGTH[card & 15]
        del suit
        return PLAIN_STRENGTH[card & 15]

    def is_trump(self, card: int) -> bool:
        return bool(self.trumps >> card & 1)

    def honours(self, card: int) -> int:
        """KQ (20) / KQJ (50 in all) this card completes: the King of a trump suit played
        in the previous trick, the Queen now (then the Jack next, §5.5)."""
        if not self.is_trump(card):
            return 0
        rank = card & 15
        base = card & ~15
        previous = self.my_plays[-1] if self.my_plays else -1
        before = self.my_plays[-2] if len(self.my_plays) >= 2 else -1
        if rank == QUEEN and previous == base | KING:
            return KQ_BONUS
        if rank == JACK and previous == base | QUEEN and before == base | KING:
            return KQJ_BONUS - KQ_BONUS
        return 0

    def opens_honours(self, card: int) -> bool:
        """Playing the King of a trump suit while holding its Queen starts a KQ."""
        base = card & ~15
        return (
            self.is_trump(card)
            and card & 15 == KING
            and bool(self.odds.hand >> (base | QUEEN) & 1)
            and self.trick_number < TRICKS
        )

    # --- the decision -------------------------------------------------------------------------

    def choose(self, cards: list[int]) -> int:
        completing = [c for c in cards if self.honours(c)]
        if completing:
            return max(completing, key=self.honours)
        if not self.trick:
            return self.lead(cards)
        return self.follow(cards)

    def follow(self, cards: list[int]) -> int:
        beaters = self.beaters
        master_seat, master = self.trick[0]
        for seat, card in self.trick[1:]:
            if beaters[master] >> card & 1:
                master_seat, master = seat, card
        led = self.led
        points = self.points
        trick_points = sum(points[c] for _, c in self.trick)
        winners = [c for c in cards if beaters[master] >> c & 1]
        forced = len(winners) == len(cards)
        safe_now = self.threat(master, led) < SAFE

        def load_key(c: int) -> tuple[int, int]:
            return (points[c], -self.strength(c))

        if self.ours(master_seat):
            if forced:  # bound to beat a partner (a trump lead): as cheaply as possible
                return min(winners, key=self.strength)
            if safe_now:
                # Our trick: load it with points, keeping the masters of their suits.
                loads = [c for c in cards if not self.is_master(c)] or cards
                return max(loads, key=load_key)
            # A partner holds the trick but an opponent may still take it: take over with a
            # card that keeps it when it carries points, else stay cheap.
            sure = [c for c in winners if self.threat(c, led) < SAFE]
            if sure and trick_points >= 10:
                return self.cheapest_winner(sure)
            return self.throw(cards)
        if winners:
            sure = [c for c in winners if self.threat(c, led) < SAFE]
            if sure and (trick_points >= 10 or not self.opponents_after):
                return self.cheapest_winner(sure)
            if trick_points >= 10:
                likely = min(winners, key=lambda c: (self.threat(c, led), self.strength(c)))
                if self.threat(likely, led) < 0.5:
                    return likely
            if forced:
                return min(winners, key=self.strength)
        return self.throw(cards)

    def cheapest_winner(self, sure: list[int]) -> int:
        """A winning card: a non-trump carrying points, else the weakest trump."""
        plain = [c for c in sure if not self.is_trump(c)]
        if plain:
            return max(plain, key=lambda c: (self.points[c], -self.strength(c)))
        return min(sure, key=self.strength)

    def throw(self, cards: list[int]) -> int:
        """Lose as little as possible: the card of fewest points, a King of trumps that
        starts a KQ when it costs little, and weak cards before strong ones."""
        opening = [c for c in cards if self.opens_honours(c)]
        if opening and self.points[opening[0]] <= 5:
            return opening[0]
        return min(cards, key=lambda c: (self.points[c], self.is_trump(c), self.strength(c), c))

    def lead(self, cards: list[int]) -> int:
        """In a suit game the team that chose trumps draws them (the master trump, else the
        lowest, with three or more) while opponents may hold some, and the defence keeps
        its trumps; then cash a master card, else lead cheaply from a short suit. Measured
        in duplicate rounds against ``easy``'s play (which draws with any master trump)."""
        odds = self.odds
        points = self.points
        if self.contract < ALL_TRUMP:
            trumps = [c for c in cards if self.is_trump(c)]
            plain = [c for c in cards if not self.is_trump(c)]
            declarer = self.view.declarer
            choosers = declarer is not None and self.ours(declarer)
            unseen_trumps = odds.unseen & self.trumps
            if choosers and trumps and odds.chance_any(self.opponents, unseen_trumps) > 0.2:
                top = max(trumps, key=self.strength)
                if self.is_master(top):
                    return top
                if len(trumps) >= 3:
                    return min(trumps, key=self.strength)
            opening = [c for c in trumps if self.opens_honours(c)]
            if opening and not unseen_trumps & self.beaters[opening[0]]:
                return opening[0]
            if not choosers and plain:
                cards = plain
        masters = [
            c
            for c in cards
            if self.is_master(c) and (self.contract >= ALL_TRUMP or not self.is_trump(c))
        ]
        if masters:
            return max(masters, key=lambda c: (points[c], self.strength(c)))
        plain = [c for c in cards if not self.is_trump(c)] or cards

        def key(card: int) -> tuple[bool, int, int, int]:
            length = sum(1 for other in cards if other >> 4 == card >> 4)
            return (points[card] > 2, length, points[card], card)

        return min(plain, key=key)


def _trump_cards(contract: int) -> int:
    if contract == ALL_TRUMP:
        return SUIT_CARDS[0] | SUIT_CARDS[1] | SUIT_CARDS[2] | SUIT_CARDS[3]
    if contract == NO_TRUMP:
        return 0
    return SUIT_CARDS[contract]


__all__ = [
    "auction_bid",
    "choose_action",
    "choose_interruption",
    "estimate",
    "estimate_from_strength",
]
