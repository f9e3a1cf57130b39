"""Rulesets: presets, options and their validation (RULES.md §7)."""

import pytest

from engine import allfours
from engine.allfours import Ruleset
from engine.core import RulesetError


@pytest.mark.parametrize(
    ("name", "variant", "players", "target", "sides"),
    [
        ("caribbean", "caribbean", 4, 14, 2),
        ("caribbean-tobago", "caribbean", 4, 14, 2),
        ("caribbean-2p", "caribbean", 2, 14, 2),
        ("english", "english", 2, 11, 2),
        ("english-7", "english", 2, 7, 2),
        ("seven-up", "sevenup", 2, 7, 2),
    ],
)
def test_presets(name: str, variant: str, players: int, target: int, sides: int) -> None:
    rules = allfours.preset(name)
    assert (rules.variant, rules.players, rules.target, rules.sides) == (
        variant,
        players,
        target,
        sides,
    )


def test_tobago_and_trinidad_kicks() -> None:
    assert allfours.preset("caribbean").kick_two_rank == "6"
    assert allfours.preset("caribbean-tobago").kick_two_rank == "2"


def test_unknown_preset_is_a_value_error_listing_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown All Fours preset 'bridge'.*caribbean"):
        allfours.preset("bridge")


def test_replace_changes_only_what_is_named_and_keeps_the_original() -> None:
    base = allfours.preset("caribbean")
    changed = base.replace(target=7, forbid_undertrump=True)
    assert (changed.target, changed.forbid_undertrump, changed.kick_two_rank) == (7, True, "6")
    assert base.target == 14


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "unknown All Fours option"),
        ({"target": 0}, "target must be between 1 and 99"),
        ({"target": 100}, "target must be between 1 and 99"),
        ({"target": "14"}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"kick_two_rank": "3"}, "kick_two_rank must be one of"),
        ({"low_mode": "stolen"}, "low_mode must be one of"),
        ({"game_tie": "dealer"}, "game_tie must be one of"),
        ({"gift_point": 1}, "gift_point must be true or false"),
        ({"players": 3}, "Caribbean All Fours is for 2 or 4 players"),
        ({"players": 4, "partnerships": False}, "always played in partnerships"),
        ({"variant": "whist"}, "variant must be one of"),
    ],
)
def test_bad_options_raise_clear_value_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        allfours.preset("caribbean").replace(**changes)


def test_tobago_kicks_only_apply_to_caribbean() -> None:
    with pytest.raises(ValueError, match="applies only to caribbean"):
        allfours.preset("english").replace(kick_two_rank="2")


def test_english_and_seven_up_take_three_or_four_players() -> None:
    assert allfours.preset("english").replace(players=3).sides == 3
    assert allfours.preset("seven-up").replace(players=4).sides == 4
    assert allfours.preset("seven-up").replace(players=4, partnerships=True).sides == 2
    with pytest.raises(ValueError, match="partnerships need four players"):
        allfours.preset("english").replace(players=3, partnerships=True)
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        allfours.preset("english").replace(players=5)


def test_caribbean_two_player_from_replace() -> None:
    rules = allfours.preset("caribbean").replace(players=2)
    assert (rules.players, rules.partnerships) == (2, False)
    assert rules.replace(players=4).partnerships


def test_ruleset_is_frozen_and_keyword_only() -> None:
    rules = allfours.preset("english")
    with pytest.raises(AttributeError):
        rules.target = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Ruleset("english")  # type: ignore[misc]


def test_ruleset_json_round_trip() -> None:
    for name in allfours.PRESET_NAMES:
        low = "held" if name.startswith("caribbean") else "captured"
        rules = allfours.preset(name).replace(game_tie="non_dealer", low_mode=low)
        assert allfours.load(allfours.dump(rules)) == rules


@pytest.mark.parametrize("name", ["caribbean", "caribbean-tobago", "caribbean-2p"])
def test_caribbean_refuses_low_to_the_capturer(name: str) -> None:
    """AMB-06: Low goes to the holder in Caribbean; "captured" is refused, naming low_mode."""
    with pytest.raises(RulesetError, match="low_mode") as caught:
        allfours.preset(name).replace(low_mode="captured")
    assert caught.value.option == "low_mode"
    with pytest.raises(RulesetError, match="low_mode"):
        Ruleset(variant="caribbean", low_mode="captured")
    with pytest.raises(RulesetError, match="low_mode"):
        allfours.preset("english").replace(low_mode="captured", variant="caribbean")


def test_a_stored_caribbean_ruleset_with_low_captured_still_loads_and_plays() -> None:
    """A table started when Caribbean accepted low_mode="captured" keeps its rules: its stored
    ruleset and snapshot load, and its seed and action log replay to the same game."""
    stored = allfours.dump(allfours.preset("caribbean")).replace('"held"', '"captured"')
    rules = allfours.load(stored)
    assert isinstance(rules, Ruleset)
    assert (rules.variant, rules.low_mode) == ("caribbean", "captured")
    assert allfours.load(allfours.dump(rules)) == rules
    state = allfours.new_game(rules, seed=3)
    log = []
    while state.winner is None and len(log) < 60:
        seat = state.to_act
        assert seat is not None
        action = allfours.legal_actions(state, seat)[0]
        log.append((seat, action))
        state = allfours.apply(state, seat, action).state
    assert allfours.load(allfours.dump(state)) == state
    assert allfours.replay(rules, 3, log) == state


def test_ruleset_from_bad_json_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown All Fours option"):
        Ruleset.from_dict({"variant": "english", "jokers": 2})
    with pytest.raises(ValueError, match="not valid JSON"):
        allfours.load("{not json")


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"target": 0}, "target"),
        ({"players": 3}, "players"),
        ({"players": 4, "partnerships": False}, "partnerships"),
        ({"low_mode": "x"}, "low_mode"),
        ({"jokers": 1}, "jokers"),
    ],
)
def test_ruleset_errors_name_the_option_at_fault(changes: dict[str, object], option: str) -> None:
    with pytest.raises(RulesetError) as caught:
        allfours.preset("caribbean").replace(**changes)
    assert caught.value.option == option
