"""What one KQJ seat knows about the cards it cannot see, read from its ``PlayerView``.

The facts (RULES.md §5.3, §5.4, §6.3):

- cards seen: the seat's own hand, every card played this round, and the Return (turned face
  up, §5.3); the unseen cards are the other hands and, before the Return is taken, the stock
  under it, in the sizes the view shows;
- the Return is in the declarer's hand until the declarer plays it: it was taken in full view;
- the play proves cards absent from a hand, exactly as ``play.ruled_out_by_play`` reads the
  duties of §5.4 backwards: not following shows a void; not beating the master when the duty
  to beat applied (a trump lead, even over a partner; or void with an opponent master) shows
  that no card in hand could beat it.

Nothing else constrains a deal: taking, passing, bidding and countering are free choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import mask_of
from engine.hidden import Knowledge
from engine.kqj.deck import BEATERS, CONTRACTS, FULL_MASK, PLAYERS
from engine.kqj.play import ruled_out_by_play
from engine.kqj.state import GameState
from engine.kqj.view import PlayerView


def absent_from_plays(
    contract: int,
    team_of: Sequence[int],
    opener: int,
    plays: Sequence[int],
    winners: Sequence[int],
) -> list[int]:
    """For every seat, the cards its plays this round prove it does not hold (``plays``: the
    cards in playing order; the opener leads trick 1, each trick's winner the next, §5.4).

    >>> absent_from_plays(0, (0, 1, 0, 1, 0, 1), 1, (), ())
    [0, 0, 0, 0, 0, 0]
    """
    absent = [0] * PLAYERS
    if contract < 0:
        return absent
    beaters = BEATERS[contract]
    for start in range(0, len(plays), PLAYERS):
        number = start // PLAYERS
        leader = opener if number == 0 else winners[number - 1]
        trick = plays[start : start + PLAYERS]
        led = trick[0] >> 4
        master, master_seat = trick[0], leader
        for at in range(1, len(trick)):
            card = trick[at]
            seat = (leader + at) % PLAYERS
            opponent = team_of[master_seat] != team_of[seat]
            absent[seat] |= ruled_out_by_play(contract, led, master, opponent, card)
            if beaters[master] >> card & 1:
                master, master_seat = card, seat
    return absent


def knowledge(view: PlayerView) -> Knowledge:
    """What ``view.seat`` knows about the hidden cards (see the module docstring).

    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
    >>> view = kqj.observe(state, 0)
    >>> know = knowledge(view)
    >>> know.unseen.bit_count(), know.excluded[1], view.return_card in know.candidates(1)
    (42, 0, False)
    """
    returned = view.return_card
    return _knowledge(
        view.seat,
        mask_of(view.hand),
        tuple(card.index for _, card in view.played),
        view.trick_winners,
        returned.index if returned is not None else -1,
        view.declarer if view.declarer is not None else -1,
        CONTRACTS.index(view.contract) if view.contract is not None else -1,
        (view.dealer + 1) % PLAYERS,
        view.team_of,
        view.hand_sizes,
    )


def knowledge_of(state: GameState, seat: int | None) -> Knowledge:
    """``knowledge(observe(state, seat))``, read from the state directly (the simulation path's
    ``determinize`` needs no view).

    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
    >>> knowledge_of(state, 0) == knowledge(kqj.observe(state, 0))
    True
    """
    return _knowledge(
        seat,
        state.hands[seat] if seat is not None else 0,
        state.plays,
        state.winners,
        state.return_card,
        state.declarer,
        state.contract,
        (state.dealer + 1) % PLAYERS,
        state.team_of,
        tuple(hand.bit_count() for hand in state.hands),
    )


def _knowledge(
    seat: int | None,
    hand: int,
    plays: Sequence[int],
    winners: Sequence[int],
    return_card: int,
    declarer: int,
    contract: int,
    opener: int,
    team_of: Sequence[int],
    hand_sizes: tuple[int, ...],
) -> Knowledge:
    played = 0
    for card in plays:
        played |= 1 << card
    seen = hand | played
    held = [0] * PLAYERS
    if return_card >= 0:
        seen |= 1 << return_card
        if declarer >= 0 and not played >> return_card & 1:
            held[declarer] |= 1 << return_card
    excluded = absent_from_plays(contract, team_of, opener, plays, winners)
    if seat is not None:
        held[seat] = hand
        excluded[seat] = FULL_MASK & ~hand
    return Knowledge(
        seat=seat,
        unseen=FULL_MASK & ~seen,
        hand_sizes=hand_sizes,
        held=tuple(held),
        excluded=tuple(excluded),
    )
