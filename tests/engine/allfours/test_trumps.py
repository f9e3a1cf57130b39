"""English and Seven Up trump selection: gift, re-asking, set-aside repeats, redeals and the
three- and four-player round of acceptance (RULES.md §3.2-§3.3, §4.1-§4.2)."""

import pytest

from engine import allfours
from engine.allfours import (
    Beg,
    CardTurned,
    Discard,
    GameOver,
    Phase,
    PointsAwarded,
    Redeal,
    RunPack,
    Stand,
    TakeOne,
)
from engine.core import IllegalActionError

from .support import act, stacked

TWO_HANDS = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Qs Ks As"]


def test_a_turned_jack_scores_one_for_the_dealer_and_can_end_the_game() -> None:
    state = stacked(allfours.preset("english"), TWO_HANDS, "Jh", dealer=0)
    assert state.scores == (1, 0)
    over = stacked(allfours.preset("english"), TWO_HANDS, "Jh", dealer=0, scores=(10, 0))
    assert over.winner == 0


def test_english_gift_goes_to_the_elder() -> None:
    state = act(stacked(allfours.preset("english"), TWO_HANDS, "5h", dealer=0), Beg())
    assert allfours.legal_actions(state, 0) == [TakeOne(), RunPack()]
    t = allfours.apply(state, 0, TakeOne())
    assert PointsAwarded(1, 1, "gift", None, 1) in t.events
    assert t.state.trump_suit == "h"
    assert t.state.phase is Phase.PLAY


def test_english_repeat_suit_is_set_aside_unscored_and_a_new_suit_is_asked_again() -> None:
    """Seed 003: 5h begged and refused; Jh (same suit) set aside for nothing; Js new: +1."""
    top = "5h 2d 3d 4d 5d 6d 7d Jh 8d 9d Td Qd Kd Ad Js"
    state = act(stacked(allfours.preset("english"), TWO_HANDS, top, dealer=0), Beg())
    t = allfours.apply(state, 0, RunPack())
    turned = [e for e in t.events if isinstance(e, CardTurned)]
    assert [(str(e.card), e.set_aside) for e in turned] == [("Jh", True), ("Js", False)]
    assert t.state.scores == (1, 0)
    assert (t.state.phase, t.state.to_act, str(t.state.kick)) == (Phase.DECLARE, 1, "Js")
    assert [len(t.state.hand(s)) for s in range(2)] == [12, 12]
    # the elder may beg again and the dealer may give the gift this time
    t2 = allfours.apply(act(t.state, Beg()), 0, TakeOne())
    assert t2.state.scores == (1, 1)
    assert t2.state.phase is Phase.DISCARD


def test_english_refusing_the_fourth_suit_throws_in_keeping_points() -> None:
    top = "Jh 2d 3d 4d 5d 6d 9h Js 7d 8d 9d Td Qd Kd Jc 4c 5c 6c 7c 8c 9c Jd"
    state = stacked(allfours.preset("english"), TWO_HANDS, top, dealer=0)
    assert state.scores == (1, 0)
    for expected_kick in ("Js", "Jc", "Jd"):
        state = act(state, Beg(), RunPack())
        assert str(state.kick) == expected_kick
    assert state.scores == (4, 0)
    t = allfours.apply(act(state, Beg()), 0, RunPack())
    assert any(isinstance(e, Redeal) for e in t.events)
    assert t.state.dealer == 0
    assert t.state.scores[0] >= 4


def test_english_short_stock_throws_in() -> None:
    rules = allfours.preset("english")
    # every turn-up is a heart: after five runs only four cards are left
    hearts = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"
    filler = "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"
    deck_top = [hearts.split()[0]]
    fill = filler.split()
    for k in range(1, 6):
        deck_top += [*fill[(k - 1) * 6 : k * 6], hearts.split()[k]]
    state = stacked(rules, ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks"], " ".join(deck_top))
    t = allfours.apply(act(state, Beg()), 0, RunPack())
    assert any(isinstance(e, Redeal) for e in t.events)
    set_aside = [e for e in t.events if isinstance(e, CardTurned) and e.set_aside]
    assert len(set_aside) == 5
    assert t.state.scores == (0, 0)  # the Jh was a repeat of hearts: no point


def test_seven_up_a_new_suit_after_a_run_is_trumps_automatically_and_its_jack_scores() -> None:
    top = "5h 2d 3d 4d 5d 6d 7d Jc"
    state = act(stacked(allfours.preset("seven-up"), TWO_HANDS, top, dealer=0), Beg())
    t = allfours.apply(state, 0, RunPack())
    assert t.state.trump_suit == "c"
    assert PointsAwarded(0, 1, "kick", t.state.kick, 0) in t.events
    assert t.state.phase is Phase.DISCARD
    assert not any(isinstance(e, PointsAwarded) and e.reason == "gift" for e in t.events)


@pytest.mark.parametrize("name", ["english", "seven-up"])
def test_without_gift_point_accepting_is_free(name: str) -> None:
    rules = allfours.preset(name).replace(gift_point=False)
    state = act(stacked(rules, TWO_HANDS, "5h"), Beg(), TakeOne())
    assert state.scores == (0, 0)


def test_gift_that_would_win_is_not_offered_when_disallowed() -> None:
    rules = allfours.preset("seven-up").replace(allow_take_one_to_win=False)
    state = act(stacked(rules, TWO_HANDS, "5h", scores=(0, 6)), Beg())
    assert allfours.legal_actions(state, 0) == [RunPack()]


THREE_HANDS = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks", "As 2d 3d 4d 5d 6d"]


def test_three_players_accept_or_refuse_in_turn_from_the_elder() -> None:
    rules = allfours.preset("english").replace(players=3)
    state = stacked(rules, THREE_HANDS, "5h", dealer=0)
    assert state.to_act == 1
    assert allfours.legal_actions(state, 1) == [Stand(), Beg()]
    state = act(state, Beg())
    assert state.to_act == 2 and state.phase is Phase.DECLARE
    t = allfours.apply(state, 2, Stand())  # seat 2 is not the elder: the elder gets the gift
    assert PointsAwarded(1, 1, "gift", None, 1) in t.events
    assert t.state.trump_suit == "h"


def test_elder_accepting_is_free_and_partner_accepting_is_free() -> None:
    rules = allfours.preset("seven-up").replace(players=4, partnerships=True)
    hands = [*THREE_HANDS, "7d 8d 9d Td Jd Qd"]
    state = stacked(rules, hands, "5h", dealer=0)
    assert act(state, Stand()).scores == (0, 0)
    # seat 3 is the elder's partner (seats 1 and 3 are side 1)
    assert act(state, Beg(), Beg(), Stand()).scores == (0, 0)
    # seat 2 is the dealer's partner: the elder's side gets the gift
    assert act(state, Beg(), Stand()).scores == (0, 1)


def test_when_the_dealer_refuses_too_the_pack_is_run() -> None:
    rules = allfours.preset("english").replace(players=3)
    top = "5h 7d 8d 9d Td Jd Qd Kd Ad 2c Jc"
    state = act(stacked(rules, THREE_HANDS, top, dealer=0), Beg(), Beg())
    t = allfours.apply(state, 0, Beg())
    assert str(t.state.kick) == "Jc"
    assert t.state.scores == (1, 0, 0)  # new-suit jack: the dealer's point
    assert (t.state.phase, t.state.to_act) == (Phase.DECLARE, 1)


def test_seven_up_three_players_the_run_fixes_trumps() -> None:
    rules = allfours.preset("seven-up").replace(players=3)
    top = "5h 7d 8d 9d Td Jd Qd Kd Ad 2c 3c"
    state = act(stacked(rules, THREE_HANDS, top, dealer=0), Beg(), Beg(), Beg())
    assert state.trump_suit == "c"
    assert state.phase is Phase.DISCARD
    assert [len(state.hand(s)) for s in range(3)] == [9, 9, 9]


def test_gift_forbidden_with_three_players_only_bars_outsiders() -> None:
    rules = allfours.preset("english").replace(players=3, allow_take_one_to_win=False)
    state = stacked(rules, THREE_HANDS, "5h", dealer=0, scores=(0, 10, 0))
    assert allfours.legal_actions(state, 1) == [Stand(), Beg()]  # the elder: free
    state = act(state, Beg())
    assert allfours.legal_actions(state, 2) == [Beg()]
    with pytest.raises(IllegalActionError, match="win the elder the game"):
        allfours.apply(state, 2, Stand())


def test_gift_can_end_the_game_immediately() -> None:
    state = act(stacked(allfours.preset("english"), TWO_HANDS, "5h", scores=(3, 10)), Beg())
    t = allfours.apply(state, 0, TakeOne())
    assert t.state.winner == 1
    assert t.events[-1] == GameOver(1)


def test_discards_bring_every_hand_back_to_six_in_any_order() -> None:
    top = "5h 2d 3d 4d 5d 6d 7d Jc"
    state = act(stacked(allfours.preset("seven-up"), TWO_HANDS, top, dealer=0), Beg(), RunPack())
    assert state.phase is Phase.DISCARD
    assert len(allfours.legal_actions(state, 0)) == 9
    assert len(allfours.legal_actions(state, 1)) == 9
    # the run gave the elder 2d 3d 4d and the dealer 5d 6d 7d
    state = allfours.apply(state, 0, Discard(["5d"])).state  # the dealer first
    state = allfours.apply(state, 1, Discard(["8s", "9s", "Ts"])).state
    assert allfours.legal_actions(state, 1) == []
    with pytest.raises(IllegalActionError, match="between 1 and 2"):
        allfours.apply(state, 0, Discard(["6d", "7d", "2s"]))
    with pytest.raises(IllegalActionError, match="does not hold 8s"):
        allfours.apply(state, 0, Discard(["8s"]))
    with pytest.raises(IllegalActionError, match="named twice"):
        allfours.apply(state, 0, Discard(["6d", "6d"]))
    state = allfours.apply(state, 0, Discard(["6d", "7d"])).state
    assert state.phase is Phase.PLAY
    assert [len(state.hand(s)) for s in range(2)] == [6, 6]
    assert state.to_act == 1
