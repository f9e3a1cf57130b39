"""Hand evaluation for All Fours computer players: what a holding is worth, in points.

``outlook`` estimates, before any card is played, how many points of a hand's count (High,
Low, Jack, Game: RULES.md §1.4, §2.6, §3.6) a side may expect, ours minus theirs, if a given
suit were trumps. Standing, begging, taking one, running the pack and discarding all compare
outlooks. ``game_swing`` turns a lead in captured Game values into the expected Game point,
so card play can weigh a ten against the jack in the same unit: points of the score.

The model is deliberately simple: every card this seat has not seen is equally likely to be in
any free slot of another hand or away (undealt, discarded), independently of the others.

>>> from engine.cards import mask_of, parse_cards
>>> seats = Seating(partner_slots=6, opponent_slots=12, unseen=45, sides=2, hang_jack=True)
>>> strong = mask_of(parse_cards("Ah Kh Jh 4h Td 2s"))
>>> weak = mask_of(parse_cards("3h 9c 7c 5d 4d 2s"))
>>> outlook(strong, 1, 0, seats) > 1.5 > outlook(weak, 1, 0, seats)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.allfours.players.knowledge import above
from engine.cards import SUIT_MASKS

# Rank codes (engine.cards): 2 -> 0 ... 9 -> 7, T -> 8, J -> 9, Q -> 10, K -> 11, A -> 12.
TEN: Final = 8
JACK: Final = 9
ACE: Final = 12

GAME_VALUE: Final = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4, 0, 0, 0)
"""Game value (§1.2) by rank code: A 4, K 3, Q 2, J 1, T 10, other ranks 0."""

_TRUMP_POWER: Final = {ACE: 1.0, 11: 0.8, 10: 0.6, JACK: 0.4, TEN: 0.4}
_PLAIN_POWER: Final = {ACE: 0.6, 11: 0.25}
GAME_SLOPE: Final = 0.22
"""Expected Game point per unit of trick-taking strength above the average hand."""
GAME_CAP: Final = 0.7


def game_value(card: int) -> int:
    """The §1.2 Game value of one card index.

    >>> from engine.cards import Card
    >>> game_value(Card.parse("Td").index), game_value(Card.parse("9d").index)
    (10, 0)
    """
    return GAME_VALUE[card & 15]


def game_swing(lead: float, spread: float) -> float:
    """The expected Game point, ours minus theirs, when our captured Game values lead theirs
    by ``lead`` and what is still to be captured adds a spread (standard deviation)
    ``spread``; a tie scores nobody (§1.4).

    >>> game_swing(0, 10), round(game_swing(10, 10), 2), game_swing(3, 0), game_swing(0, 0)
    (0.0, 0.68, 1.0, 0.0)
    """
    if spread <= 0:
        return float((lead > 0) - (lead < 0))
    return math.erf(lead / (spread * math.sqrt(2.0)))


@dataclass(frozen=True, slots=True)
class Seating:
    """Where the unseen cards can be: ``partner_slots`` and ``opponent_slots`` free places in
    partners' and opponents' hands, among ``unseen`` cards; ``sides`` scoring sides; whether a
    captured jack is hanged (Caribbean, §2.6) or simply scores for its capturer (§3.6)."""

    partner_slots: int
    opponent_slots: int
    unseen: int
    sides: int
    hang_jack: bool

    @property
    def partner_chance(self) -> float:
        return self.partner_slots / self.unseen if self.unseen else 0.0

    @property
    def opponent_chance(self) -> float:
        return self.opponent_slots / self.unseen if self.unseen else 0.0


def _card_power(card: int, trump: int) -> float:
    rank = card & 15
    if card >> 4 == trump:
        return 1.0 + _TRUMP_POWER.get(rank, 0.0)
    return _PLAIN_POWER.get(rank, 0.0)


def _mean_power(trump: int) -> float:
    return sum(_card_power(suit * 16 + rank, trump) for suit in range(4) for rank in range(13)) / 52


_MEAN_POWER: Final = _mean_power(0)  # the same for every trump suit


def game_outlook(hand: int, trump: int) -> float:
    """Expected Game point from the hand's trick-taking strength against an average hand.

    >>> from engine.cards import mask_of, parse_cards
    >>> game_outlook(mask_of(parse_cards("Ah Kh Qh 9h Ad As")), 1)
    0.7
    """
    strength = 0.0
    count = 0
    bits = hand
    while bits:
        low = bits & -bits
        strength += _card_power(low.bit_length() - 1, trump)
        count += 1
        bits ^= low
    edge = GAME_SLOPE * (strength - count * _MEAN_POWER)
    return max(-GAME_CAP, min(GAME_CAP, edge))


def _ends(hand: int, trump: int, out: int, seats: Seating, ranks: range) -> float:
    """Expected High (ranks high to low) or Low (low to high) point, ours minus theirs."""
    ours = theirs = 0.0
    mass = 1.0
    partner, opponent = seats.partner_chance, seats.opponent_chance
    away = max(1.0 - partner - opponent, 0.0)
    for rank in ranks:
        bit = 1 << (trump * 16 + rank)
        if hand & bit:
            ours += mass
            mass = 0.0
            break
        if out & bit:
            continue
        ours += mass * partner
        theirs += mass * opponent
        mass *= away
    return ours - theirs / max(seats.sides - 1, 1)


def jack_outlook(hand: int, trump: int, out: int, seats: Seating) -> float:
    """Expected Jack points, ours minus theirs (§2.6 hang jack, or §3.6 to the capturer)."""
    jack = trump * 16 + JACK
    bit = 1 << jack
    if out & bit:
        return 0.0
    trumps = hand & SUIT_MASKS[trump]
    higher = above(jack)
    mine_higher = (trumps & higher).bit_count()
    unseen_higher = (higher & ~hand & ~out).bit_count()
    swing = 4.0 if seats.hang_jack else 2.0  # what losing the jack costs against keeping it
    if hand & bit:
        threat = 1.0 - (1.0 - seats.opponent_chance) ** unseen_higher
        lose = threat * (0.45 if trumps.bit_count() == 1 else 0.3) * (0.5 if mine_higher else 1.0)
        return 1.0 - swing * lose
    partner_keeps = 1.0 - swing * 0.2
    opponent_keeps = 1.0 - swing * min(0.2 + 0.12 * mine_higher, 0.6)
    return seats.partner_chance * partner_keeps - seats.opponent_chance * opponent_keeps / max(
        seats.sides - 1, 1
    )


def outlook(hand: int, trump: int, out: int, seats: Seating) -> float:
    """Expected points of the count, ours minus theirs, for ``hand`` if suit index ``trump``
    were trumps; ``out`` are cards known to be out of play (turned up, discarded).

    >>> from engine.cards import mask_of, parse_cards
    >>> seats = Seating(partner_slots=0, opponent_slots=6, unseen=45, sides=2, hang_jack=False)
    >>> hand = mask_of(parse_cards("Ac 2c Jc Td 9s 3h"))
    >>> outlook(hand, 3, 0, seats) > outlook(hand, 1, 0, seats)
    True
    """
    return (
        _ends(hand, trump, out, seats, range(ACE, -1, -1))
        + _ends(hand, trump, out, seats, range(ACE + 1))
        + jack_outlook(hand, trump, out, seats)
        + game_outlook(hand, trump)
    )


__all__ = [
    "GAME_VALUE",
    "Seating",
    "game_outlook",
    "game_swing",
    "game_value",
    "jack_outlook",
    "outlook",
]
