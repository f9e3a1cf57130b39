"""The KQJ ruleset: presets, options, validation and serialisation (RULES.md §7)."""

from __future__ import annotations

import pytest

from engine import kqj
from engine.core import RulesetError
from engine.kqj import Ruleset


def test_preset_kqj_is_the_base_game() -> None:
    """3v3, no auction, fixed partners, target 1000 (DESIGN.md)."""
    rules = kqj.preset("kqj")
    assert (rules.teams, rules.auction, rules.random_partners, rules.target) == (
        "3v3",
        False,
        False,
        1000,
    )
    assert rules.sides == 2 and rules.players == 6 and rules.min_bid == 120
    assert rules.capot_contract_value == 400 and rules.second_round_same_suit_allowed
    assert rules.pool_on_failure == "each_defence"


def test_variants_come_from_replace() -> None:
    """teams, auction, random partners and target change through replace()."""
    rules = kqj.preset("kqj").replace(teams="2v2v2", auction=True, random_partners=True, target=500)
    assert rules.team_count == 3 and rules.sides == 6 and rules.min_bid == 80
    assert rules.fixed_teams() == (0, 1, 2, 0, 1, 2)
    assert kqj.preset("kqj").fixed_teams() == (0, 1, 0, 1, 0, 1)


@pytest.mark.parametrize("target", [500, 1000, 2000])
def test_the_three_targets_are_accepted(target: int) -> None:
    assert kqj.preset("kqj").replace(target=target).target == target


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"target": 750}, "500, 1000 or 2000"),
        ({"target": True}, "whole number"),
        ({"teams": "2v2"}, "teams must be one of"),
        ({"auction": "yes"}, "auction must be true or false"),
        ({"capot_contract_value": 405}, "multiple of 10"),
        ({"pool_on_failure": "split"}, "pool_on_failure must be one of"),
        ({"players": 5}, "unknown KQJ option(s) players"),
    ],
)
def test_bad_options_raise_clear_errors(changes: dict[str, object], message: str) -> None:
    """Unknown names and bad values raise RulesetError (a ValueError) saying what is wrong."""
    with pytest.raises(RulesetError, match=message.replace("(", r"\(").replace(")", r"\)")):
        kqj.preset("kqj").replace(**changes)


def test_unknown_preset() -> None:
    with pytest.raises(RulesetError, match="unknown KQJ preset 'belote'"):
        kqj.preset("belote")


def test_ruleset_is_frozen_and_keyword_only() -> None:
    rules = kqj.preset("kqj")
    with pytest.raises(AttributeError):
        rules.target = 500  # type: ignore[misc]
    with pytest.raises(TypeError):
        Ruleset("3v3")  # type: ignore[call-arg]


def test_ruleset_round_trips_through_json() -> None:
    rules = kqj.preset("kqj").replace(teams="2v2v2", auction=True, capot_contract_value=250)
    assert kqj.load(kqj.dump(rules)) == rules
    assert Ruleset.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesetError):
        Ruleset.from_dict({**rules.to_dict(), "bogus": 1})
