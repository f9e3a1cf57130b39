"""The simulation path: determinization keeps what the seat knows; play-outs follow the rules
and never touch their input."""

import random

from engine import allfours
from engine.allfours import Phase
from engine.allfours.simulate import determinize, playout


def states_in_play(name: str, count: int) -> list[allfours.GameState]:
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = allfours.new_game(allfours.preset(name), seed)
        while state.winner is None and (state.phase is not Phase.PLAY or rng.random() < 0.8):
            seat = state.to_act
            assert seat is not None
            action = rng.choice(allfours.legal_actions(state, seat))
            state = allfours.apply(state, seat, action).state
        if state.winner is None:
            found.append(state)
    return found


def test_determinize_keeps_the_seats_knowledge_and_hand_sizes() -> None:
    for state in states_in_play("caribbean", 30):
        seat = state.to_act
        assert seat is not None
        copy = determinize(state, seat, random.Random(1))
        assert copy.hand(seat) == state.hand(seat)
        assert [len(copy.hand(s)) for s in range(4)] == [len(state.hand(s)) for s in range(4)]
        assert allfours.observe(copy, None) == allfours.observe(state, None)
        assert copy.to_json() != state.to_json() or all(
            len(state.hand(s)) == 0 for s in range(4) if s != seat
        )


def test_playout_finishes_the_hand_with_a_legal_count_and_leaves_its_input_alone() -> None:
    for name in allfours.PRESET_NAMES:
        for state in states_in_play(name, 20):
            before = state.clone()
            end = playout(state, random.Random(2))
            assert state == before
            assert end.winner is not None or end.phase is Phase.PLAY
            assert all(a >= b for a, b in zip(end.scores, state.scores, strict=True))
            assert end.hand_number == state.hand_number


def test_playout_from_the_start_of_a_deal_runs_decisions_too() -> None:
    state = allfours.new_game(allfours.preset("english"), seed=9)
    end = playout(state, random.Random(4))
    assert end.hand_number == state.hand_number
    assert end.tricks_played in (0, 6) or end.winner is not None
