"""``benchmarks/arena.py --scores``: games that start at the end of a race are still the
seed's games (the same first deal, dealer and later deals), and the points reported are the
points scored in them, not the scores they started from."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import arena  # noqa: E402

from engine import allfours, kqj  # noqa: E402

EASY = ("--a", "easy", "--b", "easy", "--games")


@pytest.mark.parametrize("name", ["caribbean", "seven-up"])
def test_a_game_from_scores_is_the_seeds_game_at_other_scores(name: str) -> None:
    rules = allfours.preset(name)
    for seed in range(20):
        start = allfours.new_game(rules, seed)
        late = arena.from_scores(start, (rules.target - 2, rules.target - 3))
        assert late.dealer == start.dealer
        assert [late.hand(s) for s in range(rules.players)] == [
            start.hand(s) for s in range(rules.players)
        ]
        assert late.turned_cards == start.turned_cards
        kick = [a.points for a in start.hand_awards]
        assert [a.points for a in late.hand_awards] == kick
        if late.winner is None:
            assert sum(late.scores) == 2 * rules.target - 5 + sum(kick)
        assert late.seed == start.seed and late.deal_count == start.deal_count


def test_the_points_of_games_from_scores_are_those_scored_in_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arena.main(["--family", "allfours", "--variant", "seven-up", "--scores", "6,5", *EASY, "8"])
    out = capsys.readouterr().out
    assert "from scores 6-5" in out
    per_hand = [float(line.split()[-1]) for line in out.splitlines() if "games won" in line]
    # A hand deals out at most High, Low, Jack, Game, a kick and a gift: never the 6 and 5
    # the games started from.
    assert len(per_hand) == 2 and all(0 <= points <= 5 for points in per_hand)


def test_scores_are_refused_where_they_cannot_be_a_position() -> None:
    for wrong in (["--scores", "7,0"], ["--scores", "6"], ["--scores", "six,five"]):
        with pytest.raises(SystemExit):
            arena.main(["--family", "allfours", "--variant", "seven-up", *EASY, "2", *wrong])


@pytest.mark.parametrize("name", ["caribbean", "seven-up"])
def test_peeking_worlds_are_the_true_deal_with_the_stock_shuffled(name: str) -> None:
    """``--peek``: every world is the true deal; before trick play only the undealt stock is
    dealt again (later runs of the pack stay unknown), in trick play nothing is."""
    rules = allfours.preset(name)
    rng = random.Random(5)
    for seed in range(10):
        state = allfours.new_game(rules, seed)
        worlds = [arena._true_deal(state)(rng) for _ in range(6)]
        undealt = state.stock[state.stock_pos :]
        assert all(w.hands == state.hands and w.stock_pos == state.stock_pos for w in worlds)
        assert all(sorted(w.stock[w.stock_pos :]) == sorted(undealt) for w in worlds)
        assert any(w.stock[w.stock_pos :] != undealt for w in worlds)
        while state.phase is not allfours.Phase.PLAY and state.winner is None:
            seat = state.to_act
            assert seat is not None
            state = allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state
        if state.winner is None:
            world = arena._true_deal(state)(rng)
            assert world.hands == state.hands and world.stock == state.stock


def test_kqj_peeking_worlds_keep_the_return_and_shuffle_only_the_completion() -> None:
    rng = random.Random(6)
    for seed in range(10):
        state = kqj.new_game(kqj.preset("kqj"), seed)
        worlds = [arena._true_deal(state)(rng) for _ in range(6)]
        assert all(w.hands == state.hands and w.stock[0] == state.stock[0] for w in worlds)
        assert all(sorted(w.stock) == sorted(state.stock) for w in worlds)
        assert any(w.stock != state.stock for w in worlds)


def test_a_peeking_arena_says_so_and_is_refused_where_it_cannot_peek(
    capsys: pytest.CaptureFixture[str],
) -> None:
    peeking = ("--a", "hard", "--b", "easy", "--simulations", "40", "--first-hand", "--games")
    arena.main(["--family", "allfours", "--variant", "seven-up", *peeking, "2", "--peek", "play"])
    assert "level A sees the true deal: play" in capsys.readouterr().out
    arena.main(["--family", "kqj", *peeking, "2", "--peek", "bidding"])
    assert "level A sees the true deal: bidding" in capsys.readouterr().out
    for wrong in (
        ["--a", "easy", "--b", "hard"],
        ["--a", "hard", "--a-engine", str(BENCHMARKS.parent)],
    ):
        with pytest.raises(SystemExit):
            arena.main(["--family", "allfours", "--b", "easy", "--peek", "all", *wrong])


def test_first_hands_split_the_margin_by_the_side_a_holds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = allfours.preset("caribbean")
    setup = arena.Setup("allfours", rules, "easy", "normal", 40, False, first_hand=True)
    for deal in range(6):
        tally = arena.play_deal(setup, deal)
        assert [len(role) for role in tally.roles] == [1, 1]
        # The deal's margin is the mean of its two seatings, one in each role.
        assert tally.margins[0] == pytest.approx(sum(r[0] for r in tally.roles) / 2)
    arena.main(["--family", "allfours", "--variant", "caribbean", "--first-hand", *EASY, "4"])
    assert "A holding the dealer's side:" in capsys.readouterr().out
    arena.main(["--family", "allfours", "--variant", "caribbean", *EASY, "4"])
    assert "dealer's side" not in capsys.readouterr().out
