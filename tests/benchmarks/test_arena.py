"""``benchmarks/arena.py --scores``: games that start at the end of a race are still the
seed's games (the same first deal, dealer and later deals), and the points reported are the
points scored in them, not the scores they started from."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import arena  # noqa: E402

from engine import allfours  # noqa: E402

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
