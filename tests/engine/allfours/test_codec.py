"""Text forms: action codes (button ids, the action log) and state snapshots."""

import json
from pathlib import Path

import pytest

from engine import allfours
from engine.allfours import Beg, Discard, Play, RunPack, Stand, TakeOne
from engine.core import ActionFormatError, StateFormatError


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Stand(), "S"),
        (Beg(), "B"),
        (TakeOne(), "T"),
        (RunPack(), "R"),
        (Play("Th"), "P:Th"),
        (Discard(["2c", "10d"]), "D:2c.Td"),
    ],
)
def test_action_codes_round_trip(action: allfours.Action, code: str) -> None:
    assert allfours.encode_action(action) == code
    assert allfours.decode_action(code) == action


@pytest.mark.parametrize("code", ["", "X", "P:", "P:1x", "D:", "D:Th..2c", "P:Th:9", "S ", "p:th"])
def test_forged_action_codes_are_refused(code: str) -> None:
    with pytest.raises(ActionFormatError):
        allfours.decode_action(code)


def test_a_state_snapshot_round_trips_exactly() -> None:
    state = allfours.new_game(allfours.preset("caribbean"), seed=5)
    text = allfours.dump(state)
    assert allfours.load(text) == state
    assert allfours.dump(allfours.load(text)) == text
    assert allfours.GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize(
    "text",
    ["[]", '{"game": "allfours"}', '{"game": "kqj", "format": 1}', "nope"],
)
def test_broken_snapshots_raise_value_errors(text: str) -> None:
    with pytest.raises(StateFormatError):
        allfours.load(text)


def test_a_snapshot_with_a_bad_field_is_refused() -> None:
    state = allfours.new_game(allfours.preset("english"), seed=5)
    data = state.to_dict()
    data["hands"] = [["Zz"], []]
    with pytest.raises(StateFormatError):
        allfours.GameState.from_dict(data)


FIXTURES = Path(__file__).parent / "fixtures"


def _stored(name: str) -> tuple[allfours.GameState, dict[str, object]]:
    """A game stored by an earlier engine (first snapshot format): the state its seed and
    action log give today, and its JSON snapshot as data."""
    record = json.loads((FIXTURES / name).read_text())
    rules = allfours.load(record["rules"])
    assert isinstance(rules, allfours.Ruleset)
    log = [(seat, allfours.decode_action(code)) for seat, code in record["log"]]
    return allfours.replay(rules, record["seed"], log), json.loads(record["snapshot"])


def test_a_first_format_snapshot_with_its_trick_history_loads_exactly() -> None:
    """Written by the engine that kept completed tricks as a history, mid-hand: the trick
    record is rebuilt from it and equals the replayed game."""
    replayed, data = _stored("format1-history-mid-hand.json")
    assert data["format"] == 1 and data["tricks_played"] == 2 and data["trick"]
    assert allfours.GameState.from_dict(data) == replayed
    assert allfours.load(allfours.dump(replayed)) == replayed


def test_a_snapshot_from_before_trick_histories_loads_until_a_trick_is_complete() -> None:
    """Snapshots written before the history was kept (fbf50c9): exact while no trick is
    complete; in the middle of the tricks the record cannot be made up, so they are refused
    (the bot then replays the action log)."""
    replayed, data = _stored("format1-fbf50c9-before-play.json")
    assert "history" not in data
    assert allfours.GameState.from_dict(data) == replayed
    _, data = _stored("format1-fbf50c9-mid-hand.json")
    with pytest.raises(StateFormatError, match="replaying its action log"):
        allfours.GameState.from_dict(data)
    _, data = _stored("format1-history-mid-hand.json")
    data["history"] = data["history"][:-1]  # type: ignore[index]
    with pytest.raises(StateFormatError):
        allfours.GameState.from_dict(data)


def test_a_snapshot_whose_plays_do_not_match_its_tricks_is_refused() -> None:
    state = allfours.new_game(allfours.preset("caribbean"), seed=5)
    while state.tricks_played == 0:
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state
    data = state.to_dict()
    data["winners"] = [*data["winners"], 0]
    with pytest.raises(StateFormatError, match="plays do not match"):
        allfours.GameState.from_dict(data)
