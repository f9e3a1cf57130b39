"""The budgets of computer decisions and hints: each family's play-outs at a table (measured
per family, ``players.hard.TABLE_SIMULATIONS``), always within the bot's time budget, and
hints at the engine's default play-outs, whatever the family (a person waits on them)."""

from __future__ import annotations

import random

import pytest

from bot import computers
from bot.families import family
from bot.families.base import Family
from engine import allfours, kqj
from engine.search import DEFAULT_SECONDS, DEFAULT_SIMULATIONS


@pytest.mark.parametrize(
    ("name", "simulations"),
    [
        ("allfours", allfours.players.hard.TABLE_SIMULATIONS),
        ("kqj", kqj.players.hard.TABLE_SIMULATIONS),
    ],
)
def test_a_decision_at_a_table_has_its_familys_play_outs_within_the_time_budget(
    name: str, simulations: int
) -> None:
    budget = computers.budget(name)
    assert budget.simulations == simulations == family(name).table_simulations
    assert budget.seconds == DEFAULT_SECONDS
    assert budget.clock is not None


def test_kqj_searches_more_than_the_default_and_all_fours_the_default() -> None:
    # KQJ's random play-outs are noisy and cheap: it was measured stronger at 3000 (issue 21)
    assert computers.budget("kqj").simulations > DEFAULT_SIMULATIONS
    assert computers.budget("allfours").simulations == DEFAULT_SIMULATIONS


def test_a_hint_keeps_the_default_play_outs_in_every_family() -> None:
    budget = computers.hint_budget()
    assert budget.simulations == DEFAULT_SIMULATIONS
    assert budget.seconds == DEFAULT_SECONDS


def test_a_kqj_decision_and_hint_with_the_table_budgets_are_legal() -> None:
    state = kqj.new_game(kqj.preset("kqj"), seed=3)
    seat = state.to_act
    assert seat is not None
    legal = kqj.legal_actions(state, seat)
    view = kqj.observe(state, seat)
    assert computers.decide("kqj", "hard", view, legal, random.Random(1)) in legal
    assert computers.hint("kqj", view, legal, random.Random(1)).action in (*legal, None)


def test_a_family_that_measured_nothing_searches_the_engines_default() -> None:
    assert Family.table_simulations == DEFAULT_SIMULATIONS
