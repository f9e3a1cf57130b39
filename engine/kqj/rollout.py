"""A light, sensible card-play policy for KQJ play-outs: what the search plays after its own
decision, in a world where every hand is known (a determinized deal).

Random tricks judge a contract badly: nobody cashes an ace, loads a partner's trick or keeps
a nine of trumps for a trick worth it, so a strong hand looks little better than a weak one
(issue 21). This policy plays like a plain club player, reading the hands of the world (the
play-out is perfect information anyway) through the engine's own rules
(``play.legal_play_mask``, ``deck.BEATERS``, ``deck.POINTS``):

- **leading**: the card worth most points among those no opponent can beat (§5.4: an opponent
  holding the suit led must follow it, one void in it may trump), so masters are cashed and
  trumps drawn by the stronger side; otherwise the cheapest card (``_cheapest``: the fewest
  points, a small plain card before a small trump);
- **following**: when a partner holds the trick and no opponent still to play can take it,
  load it with the plain card worth most points; otherwise win it with a card no opponent
  still to play can beat when it carries points or the seat plays last — a plain card worth
  most points first, else the trump worth least; otherwise throw the cheapest card.

In a capot contract (§6.3) only tricks count: every trick is worth winning and none worth
loading. With probability ``explore`` a seat plays a uniformly random legal card instead. The policy
changes the state in place through ``play.step_play`` (the one implementation of trick play)
and returns when the eighth trick is over; ``simulate.guided_playout`` wraps it and makes the
count.

>>> import random
>>> from engine import kqj
>>> from engine.kqj import simulate
>>> state = kqj.new_game(kqj.preset("kqj"), seed=6)
>>> state = kqj.apply(state, state.to_act, kqj.Take()).state
>>> end = simulate.guided_playout(state, random.Random(3))
>>> end.tricks_played, sum(end.last_round.card_points)
(8, 236)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.cards import SUIT_MASKS, Card
from engine.core import Play
from engine.kqj.actions import Action
from engine.kqj.deck import (
    ALL_TRUMP,
    BEATERS,
    DIX_DE_DER,
    FULL_MASK,
    JACK,
    KING,
    NO_TRUMP,
    PLAIN_STRENGTH,
    PLAYERS,
    POINTS,
    QUEEN,
    SUIT_CARDS,
    TRICKS,
    TRUMP_STRENGTH,
)
from engine.kqj.legality import legal_actions
from engine.kqj.play import legal_play_mask, step_play
from engine.kqj.state import GameState, master_of

EXPLORE: Final = 0.1
"""The share of cards played at random in a guided play-out by default, so that the play-outs
of one world still differ (a round figure). Level ``hard`` plays half its cards at random
(``players.hard.EXPLORE``, measured; ``benchmarks/arena.py --set EXPLORE=...`` tries others)."""


TRUMP_KEPT: Final = 8
"""Points a trump is worth kept, when choosing a card to throw."""
KING_COST: Final = 5
"""The most points a King of trumps may carry to be thrown to open a KQ (``normal``'s)."""
_RANK_MASKS: Final = tuple(sum(1 << (suit * 16 + rank) for suit in range(4)) for rank in range(16))


def trump_mask(contract: int) -> int:
    """The trumps of ``contract``: a suit, every card (all-trump) or none (no-trump).

    >>> trump_mask(5), trump_mask(1) == SUIT_CARDS[1]
    (0, True)
    """
    if contract == ALL_TRUMP:
        return SUIT_CARDS[0] | SUIT_CARDS[1] | SUIT_CARDS[2] | SUIT_CARDS[3]
    if contract == NO_TRUMP:
        return 0
    return SUIT_CARDS[contract]


def play_out_tricks_guided(st: GameState, random: Callable[[], float], explore: float) -> None:
    """Play the rest of the round's tricks by the policy of the module docstring; the state
    must be in trick play."""
    contract = st.contract
    trumps = trump_mask(contract)
    over = False
    while not over:
        seat = st.to_act_
        assert seat is not None
        legal = legal_play_mask(st, seat)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif random() < explore:
            card = _random_card(legal, random)
        else:
            card = choose_card(st, seat, legal, trumps)
        over = step_play(st, seat, card, None)


def _random_card(legal: int, random: Callable[[], float]) -> int:
    skip = random() * legal.bit_count()
    mask = legal
    while skip >= 1:
        mask &= mask - 1
        skip -= 1
    return (mask & -mask).bit_length() - 1


def _strength(card: int, trumps: int) -> int:
    if trumps >> card & 1:
        return 16 + TRUMP_STRENGTH[card & 15]
    return PLAIN_STRENGTH[card & 15]


def _cheapest(cards: int, trumps: int, points: tuple[int, ...]) -> int:
    """The card to throw: the fewest points, a trump counting ``TRUMP_KEPT`` more (a small
    plain card goes before a small trump), then the weakest."""
    best = -1
    best_key = 1 << 30
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        kept = TRUMP_KEPT if trumps >> card & 1 else 0
        key = (points[card] + kept) * 64 + _strength(card, trumps)
        if key < best_key:
            best, best_key = card, key
    return best


def _richest(cards: int, trumps: int, points: tuple[int, ...]) -> int:
    """The card worth most points, the stronger of equals."""
    best = -1
    best_key = -1
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        key = points[card] * 64 + _strength(card, trumps)
        if key > best_key:
            best, best_key = card, key
    return best


def _can_beat(hand: int, card: int, led: int, beaters: tuple[int, ...]) -> bool:
    """Whether a player holding ``hand`` may beat ``card``, the master of a trick led in
    ``led``: with the suit led, only by a higher card of it; void, by any card that beats it
    (a trump in a suit game, §5.4)."""
    follow = hand & SUIT_CARDS[led]
    if follow:
        return bool(follow & beaters[card])
    return bool(hand & beaters[card])


def choose_card(st: GameState, seat: int, legal: int, trumps: int) -> int:
    """The policy's card for ``seat`` among ``legal`` (a mask of two cards or more)."""
    contract = st.contract
    beaters = BEATERS[contract]
    points = POINTS[contract]
    hands = st.hands
    team_of = st.team_of
    team = team_of[seat]
    honours = _honours(st, seat, legal, trumps)
    if honours >= 0:
        return honours
    trick = st.trick
    others = 0
    for other in range(PLAYERS):
        if other != seat:
            others |= hands[other]
    if not trick:
        return _lead(st, seat, legal, trumps, others)
    led = trick[0] >> 4
    master = st.master_card
    later: list[int] = []
    following = (seat + 1) % PLAYERS
    while following != st.leader:
        if team_of[following] != team:
            later.append(hands[following])
        following = (following + 1) % PLAYERS
    stake = DIX_DE_DER if len(st.winners) == TRICKS - 1 else 0
    for card in trick:
        stake += points[card]
    capot = st.capot  # only tricks count: every trick is worth taking, no trick worth loading
    if team_of[st.master_seat] == team and not any(
        _can_beat(hand, master, led, beaters) for hand in later
    ):
        # Our trick: load it with points, keeping the masters of their suits for later.
        plain = legal & ~trumps & ~_masters(legal, others, beaters)
        if plain and not capot:
            return _richest(plain, trumps, points)
        return _throw(st, seat, legal, trumps, points)
    winners = legal & beaters[master]
    safe = 0
    mask = winners
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if not any(_can_beat(hand, card, led, beaters) for hand in later):
            safe |= low
    if safe and (stake or capot or not later):
        plain = safe & ~trumps
        if plain:
            return _richest(plain, trumps, points)
        return _cheapest(safe, trumps, points)
    return _throw(st, seat, legal, trumps, points)


def _masters(cards: int, others: int, beaters: tuple[int, ...]) -> int:
    """The cards of ``cards`` that no other hand can beat within their own suit."""
    found = 0
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if not others & beaters[card] & SUIT_CARDS[card >> 4]:
            found |= low
    return found


def _lead(st: GameState, seat: int, legal: int, trumps: int, others: int) -> int:
    """Cash the richest card no opponent can beat; else the team that chose trumps draws them
    with three or more (the lowest), and the defence keeps its trumps; else lead cheaply from
    the shortest plain suit (to ruff it later)."""
    contract = st.contract
    beaters = BEATERS[contract]
    points = POINTS[contract]
    team_of = st.team_of
    team = team_of[seat]
    opponents = [st.hands[o] for o in range(PLAYERS) if team_of[o] != team]
    safe = 0
    mask = legal
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if not any(_can_beat(hand, card, card >> 4, beaters) for hand in opponents):
            safe |= low
    if safe:
        return _richest(safe, trumps, points)
    mine = legal & trumps
    choosers = st.declarer >= 0 and team_of[st.declarer] == team
    opposing_trumps = any(hand & trumps for hand in opponents)
    if choosers and contract < ALL_TRUMP and mine.bit_count() >= 3 and opposing_trumps:
        return _cheapest(mine, trumps, points)
    plain = legal & ~trumps
    if not plain:
        return _cheapest(legal, trumps, points)
    shortest = -1
    length = 99
    for suit in range(4):
        held = (legal & SUIT_CARDS[suit] & ~trumps).bit_count()
        if 0 < held < length:
            shortest, length = suit, held
    return _cheapest(plain & SUIT_CARDS[shortest], trumps, points)


def _throw(st: GameState, seat: int, legal: int, trumps: int, points: tuple[int, ...]) -> int:
    """The cheapest card, or the King of a trump suit whose Queen the seat holds (it opens a
    KQ, §5.5) when the King costs little."""
    contract = st.contract
    if contract != NO_TRUMP and len(st.winners) < TRICKS - 1:
        kings = legal & trumps & _RANK_MASKS[KING]
        while kings:
            low = kings & -kings
            king = low.bit_length() - 1
            kings ^= low
            if st.hands[seat] >> (king - KING + QUEEN) & 1 and points[king] <= KING_COST:
                return king
    return _cheapest(legal, trumps, points)


def _honours(st: GameState, seat: int, legal: int, trumps: int) -> int:
    """The Queen after the seat's King of the same trump suit in the previous trick (KQ), or
    the Jack after its King and Queen (KQJ, §5.5); ``-1`` when neither is on."""
    if st.contract == NO_TRUMP:
        return -1
    done = len(st.winners)
    if done == 0:
        return -1
    previous = _played_in(st, seat, done - 1)
    if previous < 0 or not trumps >> previous & 1:
        return -1
    base = previous & ~15
    if previous & 15 == KING and legal >> (base | QUEEN) & 1:
        return base | QUEEN
    king_before = done >= 2 and _played_in(st, seat, done - 2) == base | KING
    if previous & 15 == QUEEN and king_before and legal >> (base | JACK) & 1:
        return base | JACK
    return -1


def _played_in(st: GameState, seat: int, number: int) -> int:
    """The card ``seat`` played to completed trick ``number`` (from 0)."""
    leader = (st.dealer + 1) % PLAYERS if number == 0 else st.winners[number - 1]
    at = number * PLAYERS + (seat - leader) % PLAYERS
    plays = st.plays
    return plays[at] if at < len(plays) else -1


def sensible_card(state: GameState, seat: int) -> Action:
    """A quick, sensible card for play-outs (``easy``'s habits, read from the state): win a
    trick carrying points as cheaply as is safe, load a partner's safe trick with points,
    otherwise throw the cheapest card."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    cards = [a.card.index for a in legal if isinstance(a, Play)]
    contract = state.contract
    beaters = BEATERS[contract]
    points = POINTS[contract]
    trick = state.trick
    if not trick:
        return Play(Card.from_index(_master_or_cheap_lead(state, seat, cards, contract)))
    master_seat, master = master_of(trick, state.leader, contract)
    team_of = state.team_of
    ours = team_of[master_seat] == team_of[seat]
    after = [(seat + k) % PLAYERS for k in range(1, PLAYERS - len(trick))]
    opponents_after = any(team_of[s] != team_of[seat] for s in after)
    winners = [c for c in cards if beaters[master] >> c & 1]
    stake = sum(points[c] for c in trick)

    def cheapness(card: int) -> tuple[int, bool, int]:
        return (points[card], _is_trump_card(card, contract), card)

    if ours and len(winners) < len(cards):
        if not opponents_after:
            return Play(Card.from_index(max(cards, key=lambda c: (points[c], -c))))
        return Play(Card.from_index(min(cards, key=cheapness)))
    if winners and (stake >= 10 or not opponents_after):
        plain = [c for c in winners if not _is_trump_card(c, contract)]
        if plain:
            return Play(Card.from_index(max(plain, key=lambda c: points[c])))
        return Play(Card.from_index(min(winners, key=lambda c: (points[c], c))))
    return Play(Card.from_index(min(cards, key=cheapness)))


def _master_or_cheap_lead(state: GameState, seat: int, cards: list[int], contract: int) -> int:
    """Lead a master card (the strongest unseen-proof card of its suit), else a cheap card."""
    played = 0
    for _, card in state.played:
        played |= card.bit
    unseen = FULL_MASK & ~played & ~state.hands[seat]
    beaters = BEATERS[contract]
    points = POINTS[contract]
    masters = [c for c in cards if not beaters[c] & unseen & SUIT_MASKS[c >> 4]]
    if masters:
        return max(masters, key=lambda c: (points[c], c))
    plain = [c for c in cards if not _is_trump_card(c, contract)] or cards
    return min(plain, key=lambda c: (points[c], c))


def _is_trump_card(card: int, contract: int) -> bool:
    return contract == ALL_TRUMP or card >> 4 == contract
