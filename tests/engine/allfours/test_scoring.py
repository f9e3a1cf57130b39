"""The count: High, Low, Jack (hang jack), Game, in order, with the target checked after each
award (RULES.md §1.4, §1.7, §2.6, §3.6)."""

import pytest

from engine import allfours
from engine.allfours import GameOver, HandEnded, PointsAwarded, Stand
from engine.cards import Card

from .support import act, play_tricks, stacked

# The 13-13 race of seed 000 (fixture checked independently by the rules review): team A is
# side 1 (seats 1 and 3), team B side 0 (seats 0 and 2); clubs are trumps.
RACE_HANDS = ["Jc Ah Ad As Th Td", "Ac 3h 2d 3d 2s 3s", "2c 4h Kh Kd Ks Ts", "5h 4d 5d 4s 5s 6h"]
RACE_STOCK = "8c Qs Js 9s 8s 7s 6s Qh Jh 9h 8h 7h 2h Qd Jd 9d 8d 7d 6d Kc Qc Tc 9c 7c 6c 5c 4c 3c"
RACE_TRICKS = [
    "3h 4h 5h Jc",  # seat 0 trumps although holding hearts (follow or trump)
    "Ah Ac Kh 6h",
    "2d Kd 4d Ad",
    "As 2s Ks 4s",
    "Th 3d Ts 5d",
    "Td 3s 2c 5s",
]


def race(**changes: object) -> tuple[allfours.GameState, list[object]]:
    rules = allfours.preset("caribbean").replace(**changes)
    state = stacked(rules, RACE_HANDS, RACE_STOCK, dealer=0, scores=(13, 13))
    assert state.scores == (13, 13)
    return play_tricks(act(state, Stand()), RACE_TRICKS)


def test_the_13_13_race_is_won_by_high_whatever_follows() -> None:
    state, events = race()
    awards = [e for e in events if isinstance(e, PointsAwarded)]
    assert [(a.side, a.points, a.reason, str(a.card)) for a in awards] == [
        (1, 1, "high", "Ac"),
        (0, 1, "low", "2c"),
        (0, 1, "jack", "Jc"),
        (0, 1, "game", "None"),
    ]
    assert state.winner == 1
    assert state.scores == (16, 14)
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert ended[0].game_points == (45, 11)
    assert isinstance(events[-2], HandEnded)
    assert events[-1] == GameOver(1)
    assert state.to_act is None


def test_without_recording_after_the_win_the_count_stops_at_the_winning_award() -> None:
    state, events = race(record_awards_after_win=False)
    assert state.winner == 1
    assert state.scores == (13, 14)
    assert [e.reason for e in events if isinstance(e, PointsAwarded)] == ["high"]


def test_hang_jack_gives_three_to_the_capturing_opponents() -> None:
    # seat 0 holds the Jc and loses it to seat 1's Ac
    hands = ["Jc 2h 3h 4h 5h 6h", "Ac 2d 3d 4d 5d 6d", "7h 8h 9h Th Qh Kh", "7d 8d 9d Td Qd Kd"]
    state = act(stacked(allfours.preset("caribbean"), hands, "8c", dealer=3), Stand())
    # dealer 3: seat 0 is the pone and leads
    state, events = play_tricks(
        state,
        ["Jc Ac 7h 7d", "2d 8h 8d 2h", "9d 3h 3d 9h", "Td 4h 4d Th", "Qd 5h 5d Qh", "Kd 6h 6d Kh"],
    )
    awards = [(e.side, e.points, e.reason) for e in events if isinstance(e, PointsAwarded)]
    assert (1, 3, "hang_jack") in awards
    assert (0, 1, "jack") not in awards


def test_jack_captured_by_the_holders_partner_scores_one_for_them() -> None:
    hands = ["Jc 2h 3h 4h 5h 6h", "2d 3d 4d 5d 6d 7d", "Ac 7h 8h 9h Th Qh", "8d 9d Td Qd Kd Kh"]
    state = act(stacked(allfours.preset("caribbean"), hands, "8c", dealer=3), Stand())
    state, events = play_tricks(
        state,
        ["Jc 2d Ac 8d", "7h Kh 2h 3d", "9d 3h 4d 8h", "Td 4h 5d 9h", "Qd 5h 6d Th", "Kd 6h 7d Qh"],
    )
    awards = [(e.side, e.points, e.reason) for e in events if isinstance(e, PointsAwarded)]
    assert (0, 1, "jack") in awards
    assert all(reason != "hang_jack" for _, _, reason in awards)


def test_english_jack_goes_to_whoever_captures_it() -> None:
    hands = ["Jc 2h 3h 4h 5h 6h", "Ac 2d 3d 4d 5d 6d"]
    state = act(stacked(allfours.preset("english"), hands, "8c", dealer=1), Stand())
    state, events = play_tricks(state, ["Jc Ac", "2d 2h", "3d 3h", "4d 4h", "5d 5h", "6d 6h"])
    awards = [(e.side, e.points, e.reason) for e in events if isinstance(e, PointsAwarded)]
    assert awards[:3] == [(1, 1, "high"), (0, 1, "low"), (1, 1, "jack")]


def test_a_single_trump_in_play_is_both_high_and_low() -> None:
    hands = ["Ac 2h 3h 4h 5h 6h", "Qd 2d 3d 4d 5d 6d"]
    rest = "2c 3c 4c 5c 6c 7c 9c Tc Jc Qc Kc"
    state = act(stacked(allfours.preset("english"), hands, f"8c {rest}", dealer=1), Stand())
    state, events = play_tricks(state, ["Ac Qd", "2h 2d", "3h 3d", "4h 4d", "5h 5d", "6h 6d"])
    awards = [(e.side, e.reason) for e in events if isinstance(e, PointsAwarded)]
    assert awards[:2] == [(0, "high"), (0, "low")]


def test_no_trump_in_play_awards_only_game() -> None:
    """AMB-15: every club but the kick stays in the stock: no High, Low or Jack."""
    hands = ["Ah 2h 3h 4h 5h 6h", "Kd 2d 3d 4d 5d 6d"]
    rest = "2c 3c 4c 5c 6c 7c 9c Tc Jc Qc Kc Ac"
    state = act(stacked(allfours.preset("english"), hands, f"8c {rest}", dealer=1), Stand())
    state, events = play_tricks(state, ["Ah Kd", "2h 2d", "3h 3d", "4h 4d", "5h 5d", "6h 6d"])
    assert [e.reason for e in events if isinstance(e, PointsAwarded)] == ["game"]


def test_low_to_the_capturer_with_low_mode_captured() -> None:
    hands = ["2c 2h 3h 4h 5h 6h", "Ac 2d 3d 4d 5d 6d"]
    for mode, side in (("held", 0), ("captured", 1)):
        rules = allfours.preset("english").replace(low_mode=mode)
        state = act(stacked(rules, hands, "8c", dealer=1), Stand())
        _, events = play_tricks(state, ["2c Ac", "2d 2h", "3d 3h", "4d 4h", "5d 5h", "6d 6h"])
        low = [e for e in events if isinstance(e, PointsAwarded) and e.reason == "low"]
        assert low[0].side == side
        assert low[0].card == Card.parse("2c")


@pytest.mark.parametrize(("game_tie", "expected"), [("none", []), ("non_dealer", [0])])
def test_game_tie(game_tie: str, expected: list[int]) -> None:
    # each side captures one ten and nothing else of value: 10 - 10
    hands = ["Th 2c 3s 4s 5s 6s", "Td 3c 7s 8s 9s 2d"]
    rules = allfours.preset("seven-up").replace(game_tie=game_tie)
    state = act(stacked(rules, hands, "8c", dealer=1), Stand())
    _, events = play_tricks(state, ["Th 3c", "Td 2c", "3s 7s", "8s 4s", "9s 5s", "2d 6s"])
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.game_points == (10, 10)
    game = [e.side for e in events if isinstance(e, PointsAwarded) and e.reason == "game"]
    assert game == expected


def test_discarded_cards_count_for_nothing() -> None:
    """AMB-14: discarded trumps are neither High nor Low, and a discarded ace counts for
    nobody's Game: here every trump left the hand (2d 3d 4d discarded, the Jd turned)."""
    hands = ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Qs Ks As"]
    top = "5h 2d 3d 4d Ac Kc 2c Jd"  # run: elder 2d 3d 4d, dealer Ac Kc 2c; then Jd trumps
    state = act(stacked(allfours.preset("seven-up"), hands, top, dealer=0), allfours.Beg())
    state = act(state, allfours.RunPack())
    assert state.trump_suit == "d"
    state = allfours.apply(state, 0, allfours.Discard(["Ac", "Kc", "2c"])).state
    state = allfours.apply(state, 1, allfours.Discard(["2d", "3d", "4d"])).state
    state, events = play_tricks(state, ["8s 2s", "9s 3s", "Ts 4s", "Qs 5s", "Ks 6s", "As 7s"])
    awards = [(e.side, e.reason) for e in events if isinstance(e, PointsAwarded)]
    assert awards == [(1, "game")]
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.game_points == (0, 4 + 3 + 2 + 10)


def test_three_players_game_point_needs_a_strict_leader() -> None:
    rules = allfours.preset("english").replace(players=3)
    hands = ["Th 2s 3s 4s 5s 6s", "Td 7s 8s 9s 2d 3d", "2h 3h 4h 5h 6h 7h"]
    state = act(stacked(rules, hands, "8c", dealer=2), Stand())
    _, events = play_tricks(
        state,
        ["Th 7s 2h", "2s 8s 3h", "Td 4h 3s", "9s 5h 4s", "2d 6h 5s", "3d 7h 6s"],
    )
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert max(ended.game_points) == 10
    assert [e for e in events if isinstance(e, PointsAwarded) and e.reason == "game"] == []
