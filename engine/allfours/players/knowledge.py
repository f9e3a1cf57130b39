"""Card counting for All Fours computer players: what one seat can deduce from its view.

Everything here is derived from a ``PlayerView`` alone (never from the full state): the cards
the seat has not seen yet (``unseen``: other hands, other players' discards and the undealt
stock), who is known to lack which suit, and from those the chance that a seat holds a card.

Voids follow RULES.md §1.3: on a trump lead a player who plays no trump has none; on a plain
lead a player may trump instead of following, so only a card of a *third* suit proves a void
in the suit led. The view shows the trick in progress and the previous trick, so those are
the tricks voids are read from.

>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
>>> knowledge = Knowledge.of(allfours.observe(state, 1))
>>> knowledge.unseen.bit_count(), knowledge.away
(45, 27)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.allfours.state import PlayerView
from engine.cards import STANDARD_DECK_MASK, SUIT_MASKS, Card, iter_indices, mask_of

SUITS_ALL: Final = 0b1111


def above(card: int) -> int:
    """The cards of ``card``'s suit ranked above it, as a mask (indices rise with rank).

    >>> from engine.cards import cards_in
    >>> [str(c) for c in cards_in(above(Card.parse("Jh").index))]
    ['Qh', 'Kh', 'Ah']
    """
    suit_mask = SUIT_MASKS[card >> 4]
    return suit_mask & ~((1 << (card + 1)) - 1) & STANDARD_DECK_MASK


def below(card: int) -> int:
    """The cards of ``card``'s suit ranked below it, as a mask."""
    return SUIT_MASKS[card >> 4] & ((1 << card) - 1)


def beaters(best: int, trump: int) -> int:
    """The cards that would beat ``best``, the card winning a trick (§1.3): a higher trump, or
    for a plain card a higher card of its suit or any trump.

    >>> from engine.cards import cards_in
    >>> len(cards_in(beaters(Card.parse("Qd").index, trump=1)))
    15
    """
    if best >> 4 == trump:
        return above(best)
    return above(best) | (SUIT_MASKS[trump] & STANDARD_DECK_MASK)


def read_voids(
    tricks: Iterable[Sequence[tuple[int, Card]]], trump: int, players: int
) -> tuple[int, ...]:
    """Suits each seat is known to lack (bit ``s`` for suit index ``s``) from tricks played.

    >>> from engine.cards import Card
    >>> trick = [(0, Card.parse("4h")), (1, Card.parse("2s")), (2, Card.parse("5c"))]
    >>> read_voids([trick], trump=3, players=4)  # clubs trump: seat 1 showed out of hearts
    (0, 2, 0, 0)
    """
    voids = [0] * players
    for trick in tricks:
        if not trick:
            continue
        led = trick[0][1].suit_index
        for seat, card in trick[1:]:
            suit = card.suit_index
            if led == trump and suit != trump:
                voids[seat] |= 1 << trump
            elif led != trump and suit != led and suit != trump:
                voids[seat] |= 1 << led
    return tuple(voids)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows about where the cards are.

    ``hand`` is the seat's own cards, ``unseen`` every card it has not seen anywhere,
    ``hand_sizes`` the cards each seat holds now, ``voids`` the suits each seat is known to
    lack, and ``away`` how many unseen cards are in no hand (undealt stock, other players'
    discards): they are out of play for this hand (§0).
    """

    seat: int
    players: int
    trump: int
    hand: int
    unseen: int
    hand_sizes: tuple[int, ...]
    voids: tuple[int, ...]
    away: int

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        """Everything the view's seat can count (the seat must not be a spectator)."""
        assert view.seat is not None, "a spectator has no hand to count from"
        hand = mask_of(view.hand)
        seen = hand | mask_of(view.played) | mask_of(view.turned) | mask_of(view.discards)
        unseen = STANDARD_DECK_MASK & ~seen
        players = view.rules.players
        trump = "shdc".index(view.trump) if view.trump is not None else -1
        voids = (
            read_voids((view.previous_trick, view.trick), trump, players)
            if trump >= 0
            else (0,) * players
        )
        in_other_hands = sum(view.hand_sizes) - view.hand_sizes[view.seat]
        return cls(
            seat=view.seat,
            players=players,
            trump=trump,
            hand=hand,
            unseen=unseen,
            hand_sizes=view.hand_sizes,
            voids=voids,
            away=max(unseen.bit_count() - in_other_hands, 0),
        )

    def holding_chance(self, seat: int, card: int) -> float:
        """The chance that ``seat`` holds ``card`` now, every unseen card being equally likely
        to be in any free slot of a hand not known to lack its suit, or away.

        Own cards are certain; seen cards are nowhere.
        """
        bit = 1 << card
        if seat == self.seat:
            return 1.0 if self.hand & bit else 0.0
        if not self.unseen & bit or self.voids[seat] >> (card >> 4) & 1:
            return 0.0
        room = self._room(card >> 4)
        return self.hand_sizes[seat] / room if room else 0.0

    def _room(self, suit: int) -> int:
        room = self.away
        for other in range(self.players):
            if other != self.seat and not self.voids[other] >> suit & 1:
                room += self.hand_sizes[other]
        return room

    def chance_any(self, seats: Iterable[int], mask: int) -> float:
        """The chance that at least one of ``seats`` holds at least one card of ``mask``.

        Cards are treated as placed independently, which is close enough for decisions.
        """
        seats = list(seats)
        if self.seat in seats:
            if self.hand & mask:
                return 1.0
            seats.remove(self.seat)
        cards = mask & self.unseen
        if not cards or not seats:
            return 0.0
        none = 1.0
        for suit in range(4):
            in_suit = cards & SUIT_MASKS[suit]
            if not in_suit:
                continue
            room = self._room(suit)
            if not room:
                continue
            slots = sum(self.hand_sizes[s] for s in seats if not self.voids[s] >> suit & 1)
            miss = max(1.0 - slots / room, 0.0)
            none *= miss ** in_suit.bit_count()
        return 1.0 - none

    def in_play_chance(self) -> float:
        """The chance that an unseen card is in some hand rather than away."""
        count = self.unseen.bit_count()
        return 1.0 - self.away / count if count else 0.0

    def unseen_in(self, mask: int) -> list[int]:
        """The unseen cards of ``mask``, as card indices."""
        return list(iter_indices(mask & self.unseen))


__all__ = ["Knowledge", "above", "beaters", "below", "read_voids"]
