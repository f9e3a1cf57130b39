"""Level `easy`: the first computer player for KQJ, sane but weak (kept as the baseline).

It sees only a ``PlayerView`` and the legal actions, and draws any randomness from the
``random.Random`` it is given, so it is pure and reproducible. What it knows how to do:

- contracts: value a hand for each possible contract (high trumps, length, side aces and tens);
  take the Return or bid only on a strong holding, bid no higher than its estimate, never
  outbid its own partner, counter only a bid its trumps can clearly break, and overcounter only
  with a large margin;
- play: draw trumps with the master trump, cash cards that are master in their suit, win a
  trick as cheaply as is safe when it carries points, load a partner's safe trick with points,
  and otherwise throw its cheapest card.

Out of turn (a ``Counter()`` or ``Overcounter()`` while another seat is to act) call
``choose_interruption``, which returns ``None`` to stay silent.

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
>>> seat = state.to_act
>>> action = choose_action(kqj.observe(state, seat), kqj.legal_actions(state, seat),
...                        random.Random(0))
>>> action in kqj.legal_actions(state, seat)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from engine.cards import SUIT_MASKS, Card, mask_of
from engine.core import Play
from engine.kqj.actions import Action, Bid, Capot, Counter, Overcounter, Pass, Take
from engine.kqj.deck import (
    ALL_TRUMP,
    BEATERS,
    CONTRACTS,
    FULL_MASK,
    PLAIN_STRENGTH,
    PLAYERS,
    POINTS,
    TRUMP_STRENGTH,
)
from engine.kqj.opponents import strength
from engine.kqj.rules import BID_STEP, MAX_BID
from engine.kqj.state import Phase
from engine.kqj.view import PlayerView

AVERAGE_STRENGTH: Final = 58.0
"""About the strength of an eight-card hand in its best contract (measured on random deals)."""
TAKE_FIRST: Final = 40.0
TAKE_SECOND: Final = 50.0
COUNTER_MARGIN: Final = 20
OVERCOUNTER_MARGIN: Final = 70
CAPOT_ESTIMATE: Final = 320


def contract_strength(hand: Sequence[Card], contract: int) -> float:
    """How good ``hand`` is for ``contract`` (a code of ``deck.CONTRACTS``), in rough round
    points: high trumps and trump length, side aces and guarded tens (``opponents.strength``,
    which the opponent model of inference reads too).

    >>> from engine.cards import parse_cards
    >>> contract_strength(parse_cards("9h 8h 7h Ah As"), 1) > contract_strength(
    ...     parse_cards("9h 8h 7h Ah As"), 0)
    True
    """
    return strength(mask_of(hand), contract)


def _team_share(view: PlayerView) -> float:
    """Round points an average team makes: 246 split between the teams."""
    return 246 / view.rules.team_count


def estimate(view: PlayerView, hand: Sequence[Card], contract: int) -> float:
    """Round points the seat's team may expect with ``contract`` (a crude linear guess)."""
    return _team_share(view) + 1.3 * (contract_strength(hand, contract) - AVERAGE_STRENGTH)


def choose_action(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """Pick one of ``legal`` for the seat of ``view``; ``rng`` breaks ties between equals.

    For a seat that is not to act, ``legal`` holds only an out-of-turn counter or
    overcounter; this returns it only if ``choose_interruption`` would, else the first action
    (the caller should normally ask ``choose_interruption`` instead).

    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj").replace(auction=True), seed=8)
    >>> seat = state.to_act
    >>> choose_action(kqj.observe(state, seat), kqj.legal_actions(state, seat), Random(1))
    Pass()
    """
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
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
            plays = [a for a in legal if isinstance(a, Play)]
            return _play(view, plays, rng) if plays else rng.choice(list(legal))


def choose_interruption(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action | None:
    """The counter or overcounter the seat wants to make now, or ``None`` to stay silent.

    A counter needs a bid by another team that this hand breaks — two of the three top trumps
    of the bid's suit and at least three trumps (in all-trump four nines and eights, in
    no-trump four aces and tens) — and a bid well above the minimum. An overcounter needs this
    hand's own estimate far above the bid.

    >>> from engine import kqj
    >>> hands = ["Kh Qh Jh 6h 5h 4s 5s 6s", "9h 8h 7h Ah 4d 5d 6d 7d", "Ts Hs Ks Qs Js 9s 8s 7s",
    ...          "As 8d 9d Td Jd Qd Kd Ad", "Hd 4c 5c 6c 7c 8c 9c Tc", "Jc Qc Kc Ac Hc Th Hh 4h"]
    >>> state = kqj.deal(kqj.preset("kqj").replace(auction=True), dealer=5, hands=hands)
    >>> state = kqj.apply(state, 0, kqj.Bid(150, "h")).state
    >>> choose_interruption(kqj.observe(state, 1), kqj.legal_actions(state, 1), Random(0))
    Counter()
    >>> choose_interruption(kqj.observe(state, 3), kqj.legal_actions(state, 3), Random(0))
    """
    if view.bid_contract is None:
        return None
    contract = CONTRACTS.index(view.bid_contract)
    high_enough = view.bid >= view.rules.min_bid + COUNTER_MARGIN
    if Counter() in legal and high_enough and breaks(view.hand, contract):
        return Counter()
    if Overcounter() in legal:
        mine = estimate(view, view.hand, contract)
        if mine >= view.bid + OVERCOUNTER_MARGIN:
            return Overcounter()
    return None


def top_cards(hand: Sequence[Card], contract: int) -> tuple[int, int, int]:
    """The top cards of ``contract`` a counter needs (§6.3): how many ``hand`` holds, how many
    there are, and how many a counter needs — two of the three top trumps of a suit, four of
    the eight nines and eights in all-trump, four of the eight aces and tens in no-trump.

    >>> from engine.cards import parse_cards
    >>> top_cards(parse_cards("9h 7h Ah 9s 8d"), 1), top_cards(parse_cards("9h 7h Ah 9s 8d"), 4)
    ((2, 3, 2), (3, 8, 4))
    """
    if contract < ALL_TRUMP:
        held = sum(1 for card in hand if card.suit_index == contract and card.rank in "987")
        return held, 3, 2
    ranks = "98" if contract == ALL_TRUMP else "AT"
    return sum(1 for card in hand if card.rank in ranks), 8, 4


def breaks(hand: Sequence[Card], contract: int) -> bool:
    """Whether ``hand`` can break a bid in ``contract``: the top cards a counter needs
    (``top_cards``), and in a suit at least three trumps.

    >>> from engine.cards import parse_cards
    >>> breaks(parse_cards("9h 7h Ah 9s 8d"), 1), breaks(parse_cards("9h 7h 9s 8d"), 1)
    (True, False)
    """
    held, _, needed = top_cards(hand, contract)
    trumps = sum(1 for card in hand if card.suit_index == contract)
    return held >= needed and (contract >= ALL_TRUMP or trumps >= 3)


def _first_round(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Take the Return when its suit, with the Return itself, makes a good trump holding."""
    assert view.return_card is not None
    hand = (*view.hand, view.return_card)
    strength = contract_strength(hand, view.return_card.suit_index)
    return legal[0] if strength >= TAKE_FIRST else Pass()


def _second_round(view: PlayerView, legal: Sequence[Action]) -> Action:
    assert view.return_card is not None
    hand = (*view.hand, view.return_card)
    named = [a.contract for a in legal if isinstance(a, Take) and a.contract is not None]
    best = max(named, key=lambda text: contract_strength(hand, CONTRACTS.index(text)))
    strength = contract_strength(hand, CONTRACTS.index(best))
    return Take(best) if strength >= TAKE_SECOND else Pass()


def _auction(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """Counter a broken bid; otherwise bid (the minimum raise, up to 20 above it, never above
    the estimate less 10) the contract with the best estimate, unless a partner holds the bid;
    a capot only with the four top trumps and a huge estimate."""
    assert view.seat is not None
    interruption = choose_interruption(view, legal, rng)
    if interruption is not None:
        return interruption
    if view.bidder is not None and view.is_partner(view.seat, view.bidder):
        return Pass()  # never outbid a partner
    hand = view.hand
    options = {CONTRACTS.index(a.contract) for a in legal if isinstance(a, Bid)}
    if not options:
        return Pass()
    contract = max(sorted(options), key=lambda c: estimate(view, hand, c))
    expected = estimate(view, hand, contract)
    text = CONTRACTS[contract]
    top_trumps = sum(1 for c in hand if c.suit_index == contract and c.rank in "987A")
    if expected >= CAPOT_ESTIMATE and top_trumps == 4 and Capot(text) in legal:
        return Capot(text)
    lowest = max(view.rules.min_bid, view.bid + BID_STEP)
    wanted = min(int(expected - 10) // BID_STEP * BID_STEP, MAX_BID)
    if wanted < lowest:
        return Pass()
    value = min(wanted, lowest + 2 * BID_STEP)
    bid = Bid(value, text)
    return bid if bid in legal else Pass()


# --- trick play -----------------------------------------------------------------------------


def _is_master(card: int, contract: int, unseen: int) -> bool:
    """No card still hidden beats ``card`` within its own suit."""
    return not BEATERS[contract][card] & unseen & SUIT_MASKS[card >> 4]


def _strength(card: int, contract: int) -> int:
    suit = card >> 4
    if contract == ALL_TRUMP or suit == contract:
        return 16 + TRUMP_STRENGTH[card & 15]
    return PLAIN_STRENGTH[card & 15]


def _play(view: PlayerView, plays: list[Play], rng: Random) -> Action:
    assert view.seat is not None and view.contract is not None
    seat = view.seat
    contract = CONTRACTS.index(view.contract)
    cards = [p.card.index for p in plays]
    hand_mask = mask_of(view.hand)
    played_mask = mask_of(card for _, card in view.played)
    unseen = FULL_MASK & ~played_mask & ~hand_mask
    if not view.trick:
        return Play(_card_of(view, _lead(cards, contract, unseen, rng)))
    beaters = BEATERS[contract]
    master_seat, master = view.trick[0][0], view.trick[0][1].index
    for other, card in view.trick[1:]:
        if beaters[master] >> card.index & 1:
            master_seat, master = other, card.index
    after = [(seat + k) % PLAYERS for k in range(1, PLAYERS - len(view.trick))]
    opponents_after = any(not view.is_partner(seat, s) for s in after)

    def safe(card: int) -> bool:
        """Nobody left to play can take the trick back from ``card``."""
        return not opponents_after or not beaters[card] & unseen

    def points(card: int) -> int:
        return POINTS[contract][card]

    def strength(card: int) -> int:
        return _strength(card, contract)

    trick_points = sum(points(c.index) for _, c in view.trick)
    winners = [c for c in cards if beaters[master] >> c & 1]
    forced = len(winners) == len(cards)
    if view.is_partner(seat, master_seat):
        if forced:  # bound to beat a partner (a trump lead): as cheaply as possible
            return Play(_card_of(view, min(winners, key=strength)))
        if safe(master):
            # Our trick: load it with points, keeping cards that are masters of their suit.
            loads = [c for c in cards if not _is_master(c, contract, unseen)] or cards
            return Play(_card_of(view, max(loads, key=lambda c: (points(c), -strength(c)))))
        winners = []  # never take a trick away from a partner
    if winners:
        sure = [c for c in winners if safe(c)]
        if sure and (trick_points >= 10 or not opponents_after):
            # Win as cheaply as is safe; a non-trump carrying points is the best way to win.
            plain = [c for c in sure if not _is_trump(c, contract)]
            if plain:
                return Play(_card_of(view, max(plain, key=points)))
            return Play(_card_of(view, min(sure, key=strength)))
        if trick_points >= 10:
            return Play(_card_of(view, max(winners, key=strength)))
        if forced:
            return Play(_card_of(view, min(winners, key=strength)))
    cheapest = min(cards, key=lambda c: (points(c), _is_trump(c, contract), strength(c)))
    return Play(_card_of(view, cheapest))


def _is_trump(card: int, contract: int) -> bool:
    return contract == ALL_TRUMP or card >> 4 == contract


def _lead(cards: list[int], contract: int, unseen: int, rng: Random) -> int:
    """Draw trumps with the master trump, cash a master card, else lead a cheap card from a
    short suit (to be able to trump it later)."""
    if contract < ALL_TRUMP:
        trumps = [c for c in cards if c >> 4 == contract]
        if trumps and unseen & SUIT_MASKS[contract]:
            top = max(trumps, key=lambda c: _strength(c, contract))
            if _is_master(top, contract, unseen):
                return top
    masters = [
        c
        for c in cards
        if _is_master(c, contract, unseen) and (contract >= ALL_TRUMP or c >> 4 != contract)
    ]
    if masters:
        return max(masters, key=lambda c: (POINTS[contract][c], _strength(c, contract)))
    plain = [c for c in cards if not _is_trump(c, contract)] or cards

    def key(card: int) -> tuple[bool, int, int]:
        length = sum(1 for other in cards if other >> 4 == card >> 4)
        return (POINTS[contract][card] > 2, length, POINTS[contract][card])

    best = min(key(c) for c in plain)
    return rng.choice([c for c in plain if key(c) == best])


def _is_opponent(view: PlayerView, other: int) -> bool:
    assert view.seat is not None
    return other != view.seat and not view.is_partner(view.seat, other)


def _card_of(view: PlayerView, index: int) -> Card:
    for card in view.hand:
        if card.index == index:
            return card
    raise AssertionError("the computer player chose a card it does not hold")
