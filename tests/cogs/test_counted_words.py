"""Counts read as the language counts them: "1 game, 1 win" on a board and in a player's stats
(never "1 games" or "game(s)"), "cards 20 in 1 trick" in a KQJ round's count; Japanese
counts with its counters (1戦1勝, 1トリック)."""

from __future__ import annotations

import re

import pytest

from bot.families.allfours import ALL_FOURS
from bot.i18n import catalog, t
from bot.models import RatingRow
from cogs.table import render


def _row(games: int, wins: int) -> RatingRow:
    return RatingRow("allfours", 0, 901, 27.0, 6.0, 9.0, games, wins, {"hang_jacks": 1})


@pytest.mark.parametrize(
    ("locale", "games", "wins", "said"),
    [
        ("en", 1, 1, "1 game, 1 win (100%)"),
        ("en", 3, 2, "3 games, 2 wins (67%)"),
        ("en", 2, 0, "2 games, 0 wins (0%)"),
        ("ja", 1, 1, "1戦1勝(100%)"),
    ],
)
def test_a_board_line_counts_games_and_wins(locale: str, games: int, wins: int, said: str) -> None:
    """The board's line and the provisional line under it, in the singular for one."""
    embed, _ = render.board_message(
        [_row(games, wins)],
        family=ALL_FOURS,
        pool="allfours",
        scope="s",
        page=0,
        pages=1,
        offset=0,
        min_games=1,
        locale=locale,
        provisional=[_row(games, wins)],
    )
    assert said in str(embed.description)
    provisional = str(embed.fields[0].value)
    assert provisional.endswith(t("count.games", locale, count=games))
    assert "(s)" not in str(embed.to_dict())


def test_a_players_stats_count_one_game_and_one_win() -> None:
    embed, _ = render.stats_message(
        user_id=901,
        family=ALL_FOURS,
        boards=[("allfours", "server", _row(1, 1), 1)],
        matches=[],
        page=0,
        pages=1,
        min_games=1,
        locale="en",
    )
    shown = str(embed.to_dict())
    assert "1 game · 1 win (100%)" in shown and "1 games" not in shown


@pytest.mark.parametrize(
    ("locale", "said"),
    [("en", "cards 20 in 1 trick + no bonus"), ("ja", "1トリックでカード20点 + ボーナスなし")],
)
def test_a_kqj_count_says_one_trick(locale: str, said: str) -> None:
    line = t(
        "kqj.count_team",
        locale,
        team="A",
        players="ann",
        cards=20,
        tricks=t("count.tricks", locale, count=1),
        bonuses=t("kqj.no_bonus", locale),
        total=20,
        rounded=20,
    )
    assert said in line


def test_every_english_count_of_a_plural_noun_has_a_singular() -> None:
    """An English text that counts a noun ("{count} games") has its ``.one`` form, and no
    text hedges with "(s)"."""
    english = catalog("en")
    counted = [k for k, text in english.items() if re.search(r"\{count\} \w+s\b", text)]
    assert len(counted) >= 5
    assert [k for k in counted if not k.endswith(".one") and f"{k}.one" not in english] == []
    assert [k for k, text in english.items() if "(s)" in text] == []
