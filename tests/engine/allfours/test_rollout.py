"""The guided play-outs of level hard's search: a light card policy reading the world's hands
(``rollout``), played through the engine's own trick rules (``simulate.guided_playout``)."""

from __future__ import annotations

import random

import pytest

from engine import allfours
from engine.allfours import Phase
from engine.allfours.play import legal_play_mask
from engine.allfours.rollout import choose_card
from engine.allfours.simulate import guided_playout, playout
from engine.cards import Card

from .support import act, stacked
from .test_simulate import states_in_play

CARIBBEAN = allfours.preset("caribbean")


def policy_card(state: allfours.GameState) -> str:
    seat = state.to_act
    assert seat is not None
    return str(Card.from_index(choose_card(state, seat, legal_play_mask(state, seat))))


@pytest.mark.parametrize("name", allfours.PRESET_NAMES)
def test_a_guided_playout_finishes_the_hand_and_leaves_its_input_alone(name: str) -> None:
    """As ``playout``: the hand is counted, every card played once, the scores only grow."""
    for state in states_in_play(name, 15):
        before = state.clone()
        end = guided_playout(state, random.Random(3))
        assert state == before
        assert end.winner is not None or end.phase is Phase.PLAY
        assert end.hand_number == state.hand_number
        assert all(a >= b for a, b in zip(end.scores, state.scores, strict=True))
        assert not any(end.hands) or end.winner is not None


def test_explore_one_is_the_random_playout() -> None:
    """With every card explored the policy is never asked: the play-out is random, though
    drawing its numbers in another order than ``playout``'s."""
    state = states_in_play("caribbean", 3)[0]
    ends = {guided_playout(state, random.Random(k), explore=1.0).scores for k in range(40)}
    randoms = {playout(state, random.Random(k)).scores for k in range(40)}
    assert len(ends) > 1 and ends & randoms


def test_the_partner_saves_the_jack_on_its_partners_ace() -> None:
    """Hearts trumps: seat 1 leads the ace of trumps, seat 2 follows; seat 3 (its partner)
    holds the jack and the two, and nobody after it can beat the ace: the jack goes."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh 6s 7s 8s 9s", "Ah 3c 4c 5c 6c 7c", "5h 8d 9d Td Jd Qd", "Jh 2h Kd 2s 3s 4s"],
        "4h",
    )
    state = act(state, allfours.Stand(), "Ah", "5h")
    assert policy_card(state) == "Jh"


def test_an_ace_is_kept_from_a_ruff_and_a_ten_fed_to_the_partners_trick() -> None:
    """Hearts trumps, seat 1 leads the king of diamonds. Seat 2 could take it with the ace,
    but seat 3 after it has no diamond and holds trumps: the small diamond goes. Once seat 2's
    ace holds the trick and seat 3 has thrown a spade, seat 0, last, feeds it its ten."""
    hands = ["Td 2d 6s 7s 8s 9s", "Kd 3c 4c 5c 6c 7c", "Ad 5d 9c Tc Jc Qc", "2h 3h Kc 2s 3s 4s"]
    state = act(stacked(CARIBBEAN, hands, "4h"), allfours.Stand(), "Kd")
    assert policy_card(state) == "5d"
    state = act(state, "Ad", "2s")
    assert policy_card(state) == "Td"


def test_the_master_trump_hunts_an_opponents_jack() -> None:
    """Leading with the ace of trumps (the master) while an opponent holds the jack: it
    leads the ace to draw the jack out."""
    state = stacked(
        CARIBBEAN,
        ["Jh 3h 6s 7s 8s 9s", "Ah 3c 4c 5c 6c 7c", "5h 8d 9d Td Jd Qd", "Kh 2h Kd 2s 3s 4s"],
        "4h",
    )
    state = act(state, allfours.Stand())
    assert policy_card(state) == "Ah"
