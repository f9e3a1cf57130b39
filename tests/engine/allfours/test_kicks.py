"""Caribbean kicks, begging, take one and runs of the pack (RULES.md §2.3-§2.4, §2.8)."""

import pytest

from engine import allfours
from engine.allfours import (
    Beg,
    CardTurned,
    GameOver,
    Phase,
    PointsAwarded,
    Redeal,
    RunPack,
    Stand,
    TakeOne,
    TrumpFixed,
)
from engine.core import IllegalActionError

from .support import act, stacked

FOUR_HANDS = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks", "As 2h 3h 4h 5h 6h", "7h 8h 9h Th Jh Qh"]


@pytest.mark.parametrize(
    ("kick", "trinidad", "tobago"),
    [
        ("Ac", 1, 1),
        ("6c", 2, 0),
        ("2c", 0, 2),
        ("Jc", 3, 3),
        ("Kc", 0, 0),
        ("Qc", 0, 0),
        ("Tc", 0, 0),
        ("9c", 0, 0),
        ("3c", 0, 0),
    ],
)
def test_first_kick_scores_for_the_dealers_side(kick: str, trinidad: int, tobago: int) -> None:
    for preset, points in (("caribbean", trinidad), ("caribbean-tobago", tobago)):
        state = stacked(allfours.preset(preset), FOUR_HANDS, kick, dealer=1)
        assert state.scores == (0, points)  # dealer 1 is on side 1
        if points:
            assert state.hand_awards == (PointsAwarded(1, points, "kick", state.kick, 1),)


def test_a_kicked_jack_ends_the_game_during_the_deal() -> None:
    state = stacked(allfours.preset("caribbean"), FOUR_HANDS, "Jd", dealer=0, scores=(11, 13))
    assert state.winner == 0
    assert state.scores == (14, 13)
    assert state.to_act is None
    assert allfours.legal_actions(state, 1) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        allfours.apply(state, 1, Stand())


def test_stand_fixes_the_kick_suit_and_the_pone_leads() -> None:
    state = stacked(allfours.preset("caribbean"), FOUR_HANDS, "8c", dealer=0)
    assert allfours.legal_actions(state, 1) == [Stand(), Beg()]
    assert all(allfours.legal_actions(state, s) == [] for s in (0, 2, 3))
    t = allfours.apply(state, 1, Stand())
    assert TrumpFixed("c") in t.events
    assert (t.state.phase, t.state.trump_suit, t.state.to_act) == (Phase.PLAY, "c", 1)


def test_take_one_gives_the_begging_side_a_point() -> None:
    state = act(stacked(allfours.preset("caribbean"), FOUR_HANDS, "8c", dealer=0), Beg())
    assert state.phase is Phase.REPLY
    assert allfours.legal_actions(state, 0) == [TakeOne(), RunPack()]
    t = allfours.apply(state, 0, TakeOne())
    assert PointsAwarded(1, 1, "take_one", None, 1) in t.events
    assert (t.state.scores, t.state.trump_suit, t.state.to_act) == ((0, 1), "c", 1)


def test_take_one_may_win_the_game_for_the_beggars_by_default() -> None:
    state = stacked(allfours.preset("caribbean"), FOUR_HANDS, "8c", dealer=0, scores=(0, 13))
    t = allfours.apply(act(state, Beg()), 0, TakeOne())
    assert t.state.winner == 1
    assert isinstance(t.events[-1], GameOver)


def test_take_one_that_would_win_is_not_offered_when_disallowed() -> None:
    rules = allfours.preset("caribbean").replace(allow_take_one_to_win=False)
    state = act(stacked(rules, FOUR_HANDS, "8c", dealer=0, scores=(0, 13)), Beg())
    assert allfours.legal_actions(state, 0) == [RunPack()]
    with pytest.raises(IllegalActionError, match="give the beggars the game"):
        allfours.apply(state, 0, TakeOne())


def test_without_gift_point_take_one_pays_nothing() -> None:
    rules = allfours.preset("caribbean").replace(gift_point=False)
    state = act(stacked(rules, FOUR_HANDS, "8c", dealer=0), Beg(), TakeOne())
    assert state.scores == (0, 0)
    assert state.phase is Phase.PLAY


def test_seed_example_a_run_to_a_new_suit_fixes_trumps_without_asking_again() -> None:
    """Seed 000: kick 8c, beg, change trumps, the 7d comes up: diamonds are trumps."""
    run = "2d 3d 4d 5d 6d 9d Td Qd Kd 2c 3c 4c"
    state = stacked(allfours.preset("caribbean"), FOUR_HANDS, f"8c {run} 7d", dealer=0)
    t = allfours.apply(act(state, Beg()), 0, RunPack())
    assert t.state.trump_suit == "d"
    assert t.state.phase is Phase.PLAY
    assert t.state.scores == (0, 0)
    assert [len(t.state.hand(s)) for s in range(4)] == [9, 9, 9, 9]
    assert t.state.to_act == 1
    turned = [e for e in t.events if isinstance(e, CardTurned)]
    assert [str(e.card) for e in turned] == ["7d"]


def test_every_kick_scores_and_the_third_same_suit_kick_throws_the_deal_in() -> None:
    """Seed 000: A, 6, J of the first suit: +1 +2 +3 kept, then the same dealer redeals."""
    run1 = "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd"
    run2 = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"
    hands = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks", "As Ad Ah 2c 3c 4c", "5c 7c 8c 9c Tc Qc"]
    for preset, expected in (("caribbean", 6), ("caribbean-tobago", 4)):
        state = stacked(allfours.preset(preset), hands, f"Ac {run1} 6c {run2} Jc Kc", dealer=0)
        t = allfours.apply(act(state, Beg()), 0, RunPack())
        assert t.state.scores == (expected, 0)
        assert any(isinstance(e, Redeal) for e in t.events)
        assert (t.state.dealer, t.state.hand_number, t.state.phase) == (0, 1, Phase.DECLARE)
        kicks = [e for e in t.state.hand_awards if e.reason == "kick"]
        assert sum(e.points for e in kicks) >= expected  # the redeal's own kick may add more


@pytest.mark.parametrize(("scores", "final"), [((10, 0), (16, 0)), ((12, 0), (15, 0))])
def test_a_kick_during_a_run_can_end_the_game_at_once(
    scores: tuple[int, int], final: tuple[int, int]
) -> None:
    run1 = "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd"
    run2 = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"
    hands = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks", "As Ad Ah 2c 3c 4c", "5c 7c 8c 9c Tc Qc"]
    state = stacked(
        allfours.preset("caribbean"), hands, f"Ac {run1} 6c {run2} Jc Kc", scores=scores
    )
    assert state.scores == (scores[0] + 1, 0)
    t = allfours.apply(act(state, Beg()), 0, RunPack())
    assert (t.state.winner, t.state.scores) == (0, final)
    assert not any(isinstance(e, Redeal) for e in t.events)
    assert isinstance(t.events[-1], GameOver)


def test_two_player_caribbean_runs_until_a_new_suit_while_the_stock_lasts() -> None:
    rules = allfours.preset("caribbean-2p")
    hands = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks"]
    run = "2d 3d 4d 5d 6d 7d"
    state = stacked(rules, hands, f"8c {run} 9c 8d 9d Td Jd Qd Kd Tc {run.replace('d', 'h')} Ah")
    t = allfours.apply(act(state, Beg()), 0, RunPack())
    assert t.state.trump_suit == "h"
    assert [len(t.state.hand(s)) for s in range(2)] == [15, 15]
    kicks = [str(e.card) for e in t.events if isinstance(e, CardTurned)]
    assert kicks == ["9c", "Tc", "Ah"]
    assert t.state.scores == (1, 0)  # only the ace scored
