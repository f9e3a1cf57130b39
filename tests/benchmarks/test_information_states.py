"""``benchmarks/information_states.py``: the seat's information states in ``hard``'s play-outs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from engine import allfours
from engine.allfours import simulate
from engine.allfours.actions import Play
from engine.allfours.players import normal
from engine.allfours.state import GameState, Phase
from engine.cards import card_at

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import information_states


def _first_trick(variant: str, seed: int) -> GameState:
    """A game of ``normal`` players brought to its first card."""
    state = allfours.new_game(allfours.preset(variant), seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        legal = allfours.legal_actions(state, seat)
        action = normal.choose_action(allfours.observe(state, seat), legal, rng)
        state = allfours.apply(state, seat, action).state
    return state


def _played_out() -> tuple[GameState, int, Play, GameState, GameState]:
    """A Caribbean first card of the seat to act, and one guided play-out after it: the
    position, the seat, the card, the state just after it and the end of the hand."""
    state = _first_trick("caribbean", 3)
    seat = state.to_act
    assert seat is not None
    card = allfours.legal_actions(state, seat)[0]
    assert isinstance(card, Play)
    after_root = allfours.apply(state, seat, card).state
    return state, seat, card, after_root, simulate.guided_playout(after_root, random.Random(5))


def test_states_are_the_cards_played_since_the_root_at_the_seats_choices() -> None:
    state, seat, card, after_root, end = _played_out()
    states = information_states.later_choices(after_root, end, seat)
    played = end.plays[len(state.plays) :]
    assert played[0] == card.card.index
    assert states, "six cards a hand leave the seat some choice after its first"
    lengths = [len(key) for key in states]
    assert lengths == sorted(set(lengths))  # one state per later card, in playing order
    for key in states:
        assert key == played[: len(key)]
        replay = after_root
        for index in key[1:]:
            actor = replay.to_act
            assert actor is not None
            replay = allfours.apply(replay, actor, Play(card_at(index))).state
        assert replay.to_act == seat  # the seat's turn, with a choice
        assert len(allfours.legal_actions(replay, seat)) > 1


def test_every_state_counts_and_a_higher_threshold_is_reached_less() -> None:
    state = _first_trick("seven-up", 8)
    seat = state.to_act
    assert seat is not None
    card = allfours.legal_actions(state, seat)[0]
    assert isinstance(card, Play)
    total, reached = information_states.revisits(
        state, seat, card, 40, (0, 1, 16), random.Random(2)
    )
    assert total > 0
    assert reached[0] == total  # every state was reached at least zero times before
    assert total >= reached[1] >= reached[2]
    assert reached[1] > 0  # two players, 40 play-outs of one card: states come back


def test_a_coarse_state_keeps_the_seats_cards_the_table_and_the_others_counted_cards() -> None:
    _, seat, _, after_root, end = _played_out()
    exact = information_states.later_choices(after_root, end, seat)
    coarse = information_states.later_choices(after_root, end, seat, coarse=True)
    assert len(coarse) == len(exact)  # the same choices, keyed otherwise
    for history, (own, on_table, counted) in zip(exact, coarse, strict=True):
        assert isinstance(history, tuple) and isinstance(own, tuple)
        assert own[0] == history[0] and set(own) < set(history)
        assert tuple(on_table) == history[len(history) - len(on_table) :]
        assert isinstance(counted, frozenset) and counted <= set(history) - set(own)
