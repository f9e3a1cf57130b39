"""RULES.md §7: every ``code`` row of the option matrix is a field of the All Fours or KQJ
``Ruleset``, with the matrix's default in each variant's preset, and its alternatives accepted
where the matrix offers them."""

from __future__ import annotations

import pytest

from engine import allfours, kqj
from engine.core import RulesetError

ALL_FOURS_DEFAULTS: dict[str, dict[str, object]] = {
    # preset -> the §7 defaults of its column
    "caribbean": {
        "variant": "caribbean",
        "players": 4,
        "partnerships": True,
        "target": 14,
        "kick_two_rank": "6",
        "gift_point": True,
        "low_mode": "held",
        "game_tie": "none",
        "forbid_undertrump": False,
        "allow_take_one_to_win": True,
        "record_awards_after_win": True,
    },
    "english": {
        "variant": "english",
        "players": 2,
        "partnerships": False,
        "target": 11,
        "gift_point": True,
        "low_mode": "held",
        "game_tie": "none",
        "forbid_undertrump": False,
        "allow_take_one_to_win": True,
        "record_awards_after_win": True,
    },
    "seven-up": {
        "variant": "sevenup",
        "players": 2,
        "partnerships": False,
        "target": 7,
        "gift_point": True,
        "low_mode": "held",
        "game_tie": "none",
        "forbid_undertrump": False,
        "allow_take_one_to_win": True,
        "record_awards_after_win": True,
    },
}

KQJ_DEFAULTS: dict[str, object] = {
    "target": 1000,
    "teams": "3v3",
    "random_partners": False,
    "auction": False,
    "all_trump_no_trump": True,
    "capot_contract_value": 400,
    "second_round_same_suit_allowed": True,
    "pool_on_failure": "each_defence",
    "special_bonus_to": "other_teams",
    "auction_failure_pays": "each_defence",
    "countered_contract": "switch",
}

ALTERNATIVES: list[tuple[str, str, object]] = [
    ("caribbean", "kick_two_rank", "2"),
    ("caribbean", "gift_point", False),
    ("caribbean", "game_tie", "non_dealer"),
    ("caribbean", "forbid_undertrump", True),
    ("caribbean", "allow_take_one_to_win", False),
    ("caribbean", "record_awards_after_win", False),
    ("caribbean", "players", 2),
    ("english", "target", 7),
    ("english", "low_mode", "captured"),
    ("english", "game_tie", "non_dealer"),
    ("seven-up", "low_mode", "captured"),
    ("seven-up", "gift_point", False),
    ("seven-up", "players", 3),
]


@pytest.mark.parametrize("name", sorted(ALL_FOURS_DEFAULTS))
def test_all_fours_matrix_defaults(name: str) -> None:
    rules = allfours.preset(name)
    assert {option: getattr(rules, option) for option in ALL_FOURS_DEFAULTS[name]} == (
        ALL_FOURS_DEFAULTS[name]
    )


@pytest.mark.parametrize(("name", "option", "value"), ALTERNATIVES)
def test_all_fours_matrix_alternatives(name: str, option: str, value: object) -> None:
    assert getattr(allfours.preset(name).replace(**{option: value}), option) == value


def test_caribbean_offers_no_low_to_the_capturer() -> None:
    """§7: ``low_mode`` is "held" only in Caribbean ("captured" refused, AMB-06)."""
    with pytest.raises(RulesetError):
        allfours.preset("caribbean").replace(low_mode="captured")


def test_kqj_matrix_defaults() -> None:
    rules = kqj.preset("kqj")
    assert {option: getattr(rules, option) for option in KQJ_DEFAULTS} == KQJ_DEFAULTS
    assert rules.players == 6


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("target", 500),
        ("target", 2000),
        ("teams", "2v2v2"),
        ("random_partners", True),
        ("auction", True),
        ("all_trump_no_trump", False),
        ("second_round_same_suit_allowed", False),
        ("pool_on_failure", "best_defence"),
        ("special_bonus_to", "scoring_teams"),
        ("auction_failure_pays", "best_defence"),
        ("countered_contract", "multiplier"),
        ("countered_contract", "wager"),
    ],
)
def test_kqj_matrix_alternatives(option: str, value: object) -> None:
    assert getattr(kqj.preset("kqj").replace(**{option: value}), option) == value
