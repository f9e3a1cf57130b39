"""The simulation path for search-based computer players: copy a state, re-deal the cards a
seat cannot see, and play random legal moves to the end of the hand.

It runs the very same rule functions as ``apply`` (``game._perform`` and ``game._step_play``)
on a private copy, only without building events and without dealing the next hand, so it is
several times faster while never holding a second copy of the rules.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=4)
>>> rng = random.Random(1)
>>> end = playout(determinize(state, state.to_act, rng), rng)
>>> sum(end.scores) >= sum(state.scores)
True
"""

from __future__ import annotations

from random import Random

from engine.allfours.game import (
    _perform,
    _score_hand,
    _step_play,
    legal_actions,
    legal_play_mask,
)
from engine.allfours.state import GameState, Phase
from engine.cards import iter_indices
from engine.core import shuffle_prefix


def determinize(state: GameState, seat: int, rng: Random) -> GameState:
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt again at random.

    Hidden cards are the other players' hands and discards and the undealt stock below the
    turned cards; hand and discard sizes are kept. Inferences from play (a player known to be
    void in a suit) are not used: this is a plain random determinization.
    """
    st = state.clone()
    hands = st.hands
    discards = st.discards
    # Who gets how many hidden cards back: (seat, hand size, discard pile size).
    slots = [
        (s, hands[s].bit_count(), discards[s].bit_count()) for s in range(st.players) if s != seat
    ]
    pool = list(st.stock[st.stock_pos :])
    for s, _, _ in slots:
        pool.extend(iter_indices(hands[s] | discards[s]))
    # Once tricks are being played the undealt stock is never used again this hand, so only
    # the cards going into hands and discards need a random order; before that, the stock's
    # order decides future runs and must be shuffled too.
    dealt = sum(held + put_away for _, held, put_away in slots)
    shuffle_prefix(pool, rng.random, dealt if st.phase is Phase.PLAY else None)
    pos = 0
    for s, held, put_away in slots:
        mask = 0
        for card in pool[pos : pos + held]:
            mask |= 1 << card
        hands[s] = mask
        pos += held
        if put_away:
            mask = 0
            for card in pool[pos : pos + put_away]:
                mask |= 1 << card
            discards[s] = mask
            pos += put_away
    st.stock = st.stock[: st.stock_pos] + tuple(pool[pos:])
    return st


def playout(state: GameState, rng: Random) -> GameState:
    """Play random legal actions from ``state`` to the end of its hand (or of the game) and
    return the final position; ``state`` itself is not changed.

    The count is made (scores and ``winner`` are final for the hand) but the next hand is
    not dealt.
    """
    st = state.clone()
    _play_out(st, rng)
    return st


def simulate_hand(state: GameState, seat: int, rng: Random) -> GameState:
    """One sample of how the hand may end, as ``seat`` sees it: ``determinize`` then play out,
    on a single private copy.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("english"), seed=2)
    >>> simulate_hand(state, 0, random.Random(3)).hand_number == state.hand_number
    True
    """
    st = determinize(state, seat, rng)
    _play_out(st, rng)
    return st


def _play_out(st: GameState, rng: Random) -> None:
    hand_number = st.hand_number
    random = rng.random
    while st.winner_ is None and st.hand_number == hand_number:
        seat = st.to_act_
        assert seat is not None
        if st.phase is not Phase.PLAY:
            actions = legal_actions(st, seat)
            _perform(st, seat, actions[int(random() * len(actions))], None, deal_next=False)
            continue
        turn: int = seat
        while True:
            mask = legal_play_mask(st, turn)
            skip = int(random() * mask.bit_count())
            while skip:
                mask &= mask - 1
                skip -= 1
            if _step_play(st, turn, (mask & -mask).bit_length() - 1, None):
                _score_hand(st, None)
                return
            turn = st.to_act_  # type: ignore[assignment]  # never None during tricks
