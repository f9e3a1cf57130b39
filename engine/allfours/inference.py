"""What one All Fours seat knows about the cards it cannot see, read from its ``PlayerView``.

The facts (RULES.md §0, §1.3, §1.5, §3.4):

- cards seen: the seat's own hand and discards, every card turned up this deal (kicks and
  set-aside candidates are out of play, §1.5) and every card played this hand;
- the unseen cards are the other hands, the other players' face-down discards and the undealt
  stock, in the sizes the view shows;
- the play proves cards absent from a hand, exactly as ``play.ruled_out_by_play`` reads the
  duty of §1.3 backwards: not trumping when trumps were led shows no trump; throwing a third
  suit when a plain suit was led shows none of it (trumping shows nothing, since a player may
  trump instead of following); with ``forbid_undertrump`` an undertrump shows a hand of lower
  trumps only. These facts are about hands: discards stay unconstrained, since a card may have
  been discarded before the play began (§3.4).

Nothing else constrains a deal: standing, begging and discarding are free choices.
"""

from __future__ import annotations

from engine.allfours.deck import FULL_DECK_MASK
from engine.allfours.play import ruled_out_by_play
from engine.allfours.state import PlayerView
from engine.cards import SUITS, mask_of
from engine.hidden import Knowledge


def knowledge(view: PlayerView) -> Knowledge:
    """What ``view.seat`` knows about the hidden cards (see the module docstring).

    >>> from engine import allfours
    >>> from engine.cards import standard_deck
    >>> hands = [["2s", "3s", "4s", "5s", "6s", "3c"], ["Ah", "Kh", "Qh", "Jh", "Th", "9h"]]
    >>> rest = [c for c in standard_deck() if str(c) not in hands[0] + hands[1] + ["2c"]]
    >>> state = allfours.deal(allfours.preset("seven-up"), hands=hands, stock=["2c", *rest])
    >>> state = allfours.apply(state, 1, allfours.Stand()).state  # clubs are trumps
    >>> led = allfours.apply(state, 1, allfours.Play("Ah")).state
    >>> thrown = allfours.apply(led, 0, allfours.Play("2s")).state
    >>> knowledge(allfours.observe(thrown, 1)).voids(0)  # threw a spade: no hearts
    'h'
    >>> trumped = allfours.apply(led, 0, allfours.Play("3c")).state
    >>> knowledge(allfours.observe(trumped, 1)).voids(0)  # trumping proves nothing (§1.3)
    ''
    """
    rules = view.rules
    n = rules.players
    seat = view.seat
    hand = mask_of(view.hand)
    seen = hand | mask_of(view.discards) | mask_of(view.turned)
    excluded = [0] * n
    plays = view.plays
    if plays:
        trump = SUITS.index(view.trump) if view.trump is not None else -1
        cards = [card.index for _, card in plays]
        for start in range(0, len(cards), n):
            trick = cards[start : start + n]
            for at in range(1, len(trick)):
                player = plays[start + at][0]
                excluded[player] |= ruled_out_by_play(rules, trick[:at], trump, trick[at])
        seen |= mask_of(card for _, card in plays)
    held = [0] * n
    if seat is not None:
        held[seat] = hand
        excluded[seat] = FULL_DECK_MASK & ~hand
    return Knowledge(
        seat=seat,
        unseen=FULL_DECK_MASK & ~seen,
        hand_sizes=view.hand_sizes,
        held=tuple(held),
        excluded=tuple(excluded),
    )
