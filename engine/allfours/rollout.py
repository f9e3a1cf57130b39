"""A light, sensible card-play policy for All Fours play-outs: what the search plays after its
own decision, in a world where every hand is known (a determinized deal).

Random play-outs throw tens onto tricks an opponent can still trump and never save a jack, so
the search misjudged exactly the positions where those matter (issue 21). This policy plays
the way any club player would, reading the hands of the world (the play-out is perfect
information anyway) through the engine's own rules (``play.legal_cards``, ``deck.BEATERS``):

- **leading**: the jack of trumps when no other hand holds a trump above it (it is saved);
  the top trump when it is the master trump and an opponent holds the jack (the hunt);
  otherwise the cheapest plain card (no ten, the lowest Game value and rank), trumps last;
- **following**: when the side's partner holds the trick and no opponent still to play can
  take it, feed it: the jack of trumps (saved), else the plain card with the most Game value;
  otherwise win the trick with the cheapest card that no opponent still to play can beat —
  a plain card before a trump, a ten first among plain cards — when it carries Game value or
  the jack, or the seat plays last (a trick worth nothing is not won with a trump);
  otherwise throw the cheapest card, never the jack while another card is legal.

Five variants were measured and not kept, in 1000 duplicate first hands of Caribbean against
the hard of c6fda7c at 600 play-outs, where this policy gave +0.176 points a hand [+0.120,
+0.232] (``benchmarks/arena.py --first-hand --seed 1500``, the same deals for each):

- reading only what its seat could know, each "no opponent can take it" judged by the chance
  that the opponents still to play hold none of the cards that would (hypergeometric over
  the cards the seat cannot see; a ten risked at even odds, the jack at three to one):
  +0.127 [+0.071, +0.183], worse, with its own jack hanged 63 times instead of 52;
- that blind policy for the searching seat's side only, the others still reading the world
  (so that the search's own later cards do not see the hidden hands): +0.161 [+0.103,
  +0.219], no gain;
- that blind policy for the opponents only, the searching seat's side reading the world (so
  that the opponents of the play-outs do not see the search's hand): +0.149 [+0.092,
  +0.207], no gain (its own jack hanged 60 times, theirs 93);
- the second seat of four feeding a ten or the jack to a partner who plays last and takes
  the trick whatever the opponent between plays: +0.181 [+0.123, +0.239], no measurable
  change (717 tens lost to the other side instead of 760);
- leading the master trump (not the jack) to draw the opponents' trumps while the seat holds a
  plain ten: +0.177 [+0.120, +0.234], no change (770 tens lost to the other side instead of
  760).

A learnt policy did worse (one step of policy iteration, from a scratch copy). It scored each
legal card linearly from 17 facts of a lead or 20 of a follow: the facts this policy reads,
and rank, suit length, masters and ruffs. The weights were fitted to 66,469 card decisions
from 3000 first hands of Caribbean, seeds 100000 and 200000 on (no deal of the arena's), each
labelled by this search in the true deal (600 play-outs with this policy, no preferred card).
It was played in the same 1000 duplicate first hands, on a faster machine than the figures
above, where this policy gives +0.180 points a hand [+0.095, +0.265]:

- fitted to the values the search found for each card (the least expected loss of the chance
  of winning), for every card: +0.099 [+0.019, +0.179]. On held-out decisions it gave up 6.3
  per thousand per following card and 13.6 per lead, against 8.9 and 14.6 for this policy;
- the same for following cards only, leads by this policy: +0.071 [-0.016, +0.158];
- fitted to the card the search chose (likelihood), for every card: +0.009 [-0.084, +0.102].

A policy that played each card better, by the search's own measure, made the search judge
its options worse: a play-out policy can only be judged by the results of the search.

With probability ``explore`` a seat plays a uniformly random legal card instead, so the
play-outs of one world still differ from one another. The policy changes the state in place
through ``play.step_play`` (the one implementation of trick play) and returns when the hand's
tricks are over; ``simulate.guided_playout`` wraps it and makes the count.

>>> import random
>>> from engine import allfours
>>> from engine.allfours import simulate
>>> state = allfours.new_game(allfours.preset("seven-up"), seed=4)
>>> state = allfours.apply(state, state.to_act, allfours.Stand()).state
>>> end = simulate.guided_playout(state, random.Random(2))
>>> end.tricks_played, sum(end.scores) > sum(state.scores)
(6, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.allfours.deck import BEATERS, FULL_DECK_MASK, JACK, TENS
from engine.allfours.endgame import exact_card
from engine.allfours.play import legal_cards, step_play
from engine.allfours.state import GameState
from engine.cards import SUIT_MASKS

GAME_VALUE: Final = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4, 0, 0, 0)
"""Game value (§1.2) by rank code."""
EXACT_CARDS: Final = 6
"""How many cards, left in both hands together, a guided play-out of a two-player game plays
exactly (``endgame.exact_card``: minimax over the world's known hands) instead of by the light
policy: the last three tricks. Measured in duplicate first hands of Seven Up against the hard
of c6fda7c at 600 play-outs (``benchmarks/arena.py --first-hand --set EXACT_CARDS=...``):
on 1000 deals, +0.151 points a hand [+0.109, +0.194] against +0.118 [+0.076, +0.161]
without; a first version on 500 other deals, +0.133 with six cards, +0.132 with eight (at
twice the cost), +0.104 without. Games of four players keep the light policy: in 400
duplicate first hands of Caribbean, exact play of the last two tricks gave +0.160 points a
hand and of the last three +0.135 (four times the decision time), against +0.163 without."""
EXPLORE: Final = 0.1
"""The share of cards played at random in a guided play-out, so that the play-outs of one
world still differ. With the exact end, the share hardly matters: in 1000 duplicate first
hands of Seven Up against the hard of c6fda7c at 600 play-outs, +0.132 points a hand
[+0.093, +0.170] at 0.1 and +0.141 [+0.102, +0.180] at 0.03, on the same deals
(``benchmarks/arena.py --first-hand --seed 1500 --set EXPLORE=...``); with 2000 more deals
(``--seed 2500``, ``--seed 3500``) 0.03 gains +0.002 points a hand [-0.012, +0.015] over the
3000, deal by deal (``benchmarks/paired.py``): nothing. In Caribbean, where
the light policy plays every trick, fewer random cards did not pay either: on 1000 first
hands (the same deals), +0.135 [+0.078, +0.192] at 0.03 against +0.176 [+0.120, +0.232];
nor did more: +0.152 [+0.097, +0.208] at 0.2."""
BEATERS_ABOVE: Final = tuple(
    SUIT_MASKS[card >> 4] & FULL_DECK_MASK & ~((2 << card) - 1) for card in range(64)
)
"""``BEATERS_ABOVE[card]``: the cards of ``card``'s suit ranked above it."""


def play_out_tricks_guided(
    st: GameState, random: Callable[[], float], explore: float, exact: int = 0
) -> None:
    """Play the rest of the hand's tricks by the policy of the module docstring; the state
    must be in trick play. In a two-player game, once ``exact`` cards or fewer are left in
    both hands together, every card is the card of exact play (``endgame.exact_card``), never
    a random one."""
    trump = st.trump
    forbid_undertrump = st.rules.forbid_undertrump
    hands = st.hands
    over = False
    while not over:
        seat = st.to_act_
        assert seat is not None
        legal = legal_cards(hands[seat], st.led, trump, st.master_card, forbid_undertrump)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif plays_exactly(st, exact):
            card = exact_card(st, seat, legal, choose_card(st, seat, legal))
        elif random() < explore:
            card = _random_card(legal, random)
        else:
            card = choose_card(st, seat, legal)
        over = step_play(st, seat, card, None)


def plays_exactly(st: GameState, exact: int) -> bool:
    """Whether a guided play-out plays its next card exactly (``endgame.exact_card``): a
    two-player game with ``exact`` cards or fewer left in both hands together."""
    if st.players != 2:
        return False
    left = 0
    for hand in st.hands:
        left += hand.bit_count()
    return left <= exact


def _random_card(legal: int, random: Callable[[], float]) -> int:
    skip = random() * legal.bit_count()
    mask = legal
    while skip >= 1:
        mask &= mask - 1
        skip -= 1
    return (mask & -mask).bit_length() - 1


def cheapest(cards: int, trumps: int, jack: int) -> int:
    """The card to throw among ``cards`` (a mask): plain before trumps, then the least Game
    value, then the lowest rank (then the first suit); the jack of trumps only when nothing
    else is left. With no better lead, the policy leads the cheapest of its plain cards but
    tens.

    >>> from engine.cards import SUIT_MASKS, Card, card_at, mask_of, parse_cards
    >>> jack = Card.parse("Js").index
    >>> card_at(cheapest(mask_of(parse_cards("Kh 9d 3s")), SUIT_MASKS[0], jack))
    Card('9d')
    """
    best = -1
    best_key = 1 << 30
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        key = (
            (1 << 20 if card == jack else 0)
            + (1 << 10 if trumps >> card & 1 else 0)
            + GAME_VALUE[card & 15] * 16
            + (card & 15)
        )
        if key < best_key:
            best, best_key = card, key
    return best


def choose_card(st: GameState, seat: int, legal: int) -> int:
    """The policy's card for ``seat`` among ``legal`` (a mask of two cards or more)."""
    n = st.players
    sides = st.rules.sides
    trump = st.trump
    trumps = SUIT_MASKS[trump] & FULL_DECK_MASK
    jack = trump * 16 + JACK
    beaters = BEATERS[trump]
    hands = st.hands
    side = seat % sides
    opponents = 0  # every card in an opponent's hand
    others = 0  # every card in another hand
    for other in range(n):
        if other != seat:
            others |= hands[other]
            if other % sides != side:
                opponents |= hands[other]
    if st.led < 0:
        return _lead(legal, others, opponents, trumps, jack)
    master = st.master_card
    master_seat = st.master_seat
    # The opponents still to play to this trick, and what they hold.
    later = 0
    last = True
    following = (seat + 1) % n
    while following != st.leader:
        last = False
        if following % sides != side:
            later |= hands[following]
        following = (following + 1) % n
    trick = st.trick
    stake = 0
    jack_in_trick = False
    for card in trick:
        stake += GAME_VALUE[card & 15]
        jack_in_trick = jack_in_trick or card == jack
    if master_seat % sides == side and not later & beaters[master]:
        # Our trick, out of the opponents' reach: save the jack, or feed it Game value.
        if legal >> jack & 1:
            return jack
        feed = legal & ~trumps
        best = -1
        value = 0
        while feed:
            low = feed & -feed
            card = low.bit_length() - 1
            feed ^= low
            if GAME_VALUE[card & 15] > value:
                best, value = card, GAME_VALUE[card & 15]
        return best if best >= 0 else cheapest(legal, trumps, jack)
    winners = legal & beaters[master]
    safe = 0
    mask = winners
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if not later & beaters[card]:
            safe |= low
    if safe and (stake or jack_in_trick or last or safe >> jack & 1):
        plain = safe & ~trumps
        if plain:
            tens = plain & TENS
            if tens:
                return tens.bit_length() - 1
            return (plain & -plain).bit_length() - 1
        if safe >> jack & 1:
            return jack  # the jack wins its own trick: saved
        if stake or jack_in_trick:
            return (safe & -safe).bit_length() - 1  # no trump spent on a trick worth nothing
    return cheapest(legal, trumps, jack)


def _lead(legal: int, others: int, opponents: int, trumps: int, jack: int) -> int:
    if legal >> jack & 1 and not others & BEATERS_ABOVE[jack]:
        return jack  # no trump above it is left: the jack wins and is saved
    mine = legal & trumps
    if mine and opponents >> jack & 1:
        top = mine.bit_length() - 1
        if not others & BEATERS_ABOVE[top]:
            return top  # the master trump hunts the opponents' jack
    plain = legal & ~trumps & ~TENS
    if plain:
        return cheapest(plain, trumps, jack)
    return cheapest(legal, trumps, jack)
