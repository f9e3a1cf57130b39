"""Card counting for All Fours computer players: what one seat can deduce from its view.

Everything here is derived from a ``PlayerView`` alone (never from the full state): the cards
the seat has not seen yet (``unseen``: other hands, other players' discards and the undealt
stock) and who is known to lack which suit, as a ``CardOdds`` (``engine/card_odds.py``) that
gives the chance that a seat holds a card.

Voids follow RULES.md §1.3: on a trump lead a player who plays no trump has none; on a plain
lead a player may trump instead of following, so only a card of a *third* suit proves a void
in the suit led. The view shows the trick in progress and the previous trick, so those are
the tricks voids are read from.

>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
>>> odds = count_cards(allfours.observe(state, 1))
>>> odds.unseen.bit_count(), odds.away
(45, 27)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.allfours.state import PlayerView
from engine.card_odds import CardOdds
from engine.cards import STANDARD_DECK_MASK, SUIT_MASKS, Card, mask_of


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


def count_cards(view: PlayerView) -> CardOdds:
    """Everything the view's seat can count: its hand, the cards it has not seen, hand sizes,
    and the suits other seats showed out of (the seat must not be a spectator).

    Unseen cards that are in no hand (undealt stock, other players' discards) are ``away``:
    out of play for this hand (§0).
    """
    assert view.seat is not None, "a spectator has no hand to count from"
    hand = mask_of(view.hand)
    seen = hand | mask_of(view.played) | mask_of(view.turned) | mask_of(view.discards)
    unseen = STANDARD_DECK_MASK & ~seen
    players = view.rules.players
    excluded = [0] * players
    if view.trump is not None:
        trump = "shdc".index(view.trump)
        for seat, suits in enumerate(read_voids((view.previous_trick, view.trick), trump, players)):
            for suit in range(4):
                if suits >> suit & 1:
                    excluded[seat] |= SUIT_MASKS[suit]
    in_other_hands = sum(view.hand_sizes) - view.hand_sizes[view.seat]
    return CardOdds(
        seat=view.seat,
        hand=hand,
        unseen=unseen,
        hand_sizes=view.hand_sizes,
        excluded=excluded,
        away=unseen.bit_count() - in_other_hands,
    )


__all__ = ["above", "beaters", "below", "count_cards", "read_voids"]
