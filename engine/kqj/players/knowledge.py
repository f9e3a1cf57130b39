"""Card counting for KQJ computer players: what one seat can deduce from its view.

The view lists every card played this round with its player, in order, so the facts are read
from the whole round (RULES.md §5.4, the one place the duties are written down):

- a player who did not follow the led suit holds none of it;
- a void player who did not beat an opponent's master card holds no card that beats it
  (in a suit game every trump beats a plain master, so such a player has no trump at all);
- on a trump lead (the trump suit, or any suit in all-trump) a player who followed without
  beating the master holds no card of that suit that beats it — the duty holds even over a
  partner.

The Return is taken face up (§5.3): while its taker has not played it, it is known to be in
that hand.

``read_exclusions`` is the inference of ``engine.kqj.simulate.known_absent``, read from the
view instead of the full state; the tests check that the two always agree.

>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj").replace(auction=True), seed=5)
>>> odds = count_cards(kqj.observe(state, 0))
>>> odds.unseen.bit_count(), odds.away
(40, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.card_odds import CardOdds
from engine.cards import Card, mask_of
from engine.kqj.deck import ALL_TRUMP, BEATERS, CONTRACTS, FULL_MASK, PLAYERS, SUIT_CARDS
from engine.kqj.view import PlayerView


def tricks_of(played: Sequence[tuple[int, Card]]) -> list[list[tuple[int, int]]]:
    """The round's plays cut into tricks of six, as ``(seat, card index)``.

    >>> from engine.cards import parse_cards
    >>> plays = [(s, c) for s, c in zip(range(7), parse_cards("4s 5s 6s 7s 8s 9s Ts"))]
    >>> [len(t) for t in tricks_of(plays)]
    [6, 1]
    """
    tricks: list[list[tuple[int, int]]] = []
    for at, (seat, card) in enumerate(played):
        if at % PLAYERS == 0:
            tricks.append([])
        tricks[-1].append((seat, card.index))
    return tricks


def read_exclusions(
    played: Sequence[tuple[int, Card]], contract: int, team_of: Sequence[int]
) -> list[int]:
    """Cards each seat is known not to hold, from the plays of the round (§5.4 duties).

    >>> from engine.cards import cards_in, parse_cards
    >>> plays = list(zip((0, 1), parse_cards("Ah 4c")))  # spades trumps: seat 1 is out of
    >>> excluded = read_exclusions(plays, 0, (0, 1, 0, 1, 0, 1))  # hearts and of spades
    >>> sorted({c.suit for c in cards_in(excluded[1])})
    ['h', 's']
    """
    excluded = [0] * PLAYERS
    beaters = BEATERS[contract]
    for trick in tricks_of(played):
        leader, master = trick[0]
        master_seat = leader
        led = master >> 4
        led_is_trump = contract in (led, ALL_TRUMP)
        for seat, card in trick[1:]:
            beat = beaters[master] >> card & 1
            if card >> 4 != led:
                excluded[seat] |= SUIT_CARDS[led]
                if team_of[master_seat] != team_of[seat] and not beat:
                    excluded[seat] |= beaters[master]
            elif led_is_trump and not beat:
                excluded[seat] |= beaters[master] & SUIT_CARDS[led]
            if beat:
                master, master_seat = card, seat
    return excluded


def count_cards(view: PlayerView) -> CardOdds:
    """Everything the view's seat can count: its hand, the cards it has not seen, hand sizes,
    and the cards other seats are known not to hold (the seat must not be a spectator)."""
    assert view.seat is not None, "a spectator has no hand to count from"
    hand = mask_of(view.hand)
    played = mask_of(card for _, card in view.played)
    unseen = FULL_MASK & ~hand & ~played
    excluded = [0] * PLAYERS
    if view.contract is not None:
        excluded = read_exclusions(view.played, CONTRACTS.index(view.contract), view.team_of)
    returned = view.return_card
    if returned is not None and view.declarer is not None and unseen & returned.bit:
        # The Return went face up into the declarer's hand (§5.3).
        for seat in range(PLAYERS):
            if seat != view.declarer:
                excluded[seat] |= returned.bit
    in_other_hands = sum(view.hand_sizes) - view.hand_sizes[view.seat]
    return CardOdds(
        seat=view.seat,
        hand=hand,
        unseen=unseen,
        hand_sizes=view.hand_sizes,
        excluded=excluded,
        away=unseen.bit_count() - in_other_hands,
    )


__all__ = ["count_cards", "read_exclusions", "tricks_of"]
