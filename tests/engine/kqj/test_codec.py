"""Action codes (stored logs, Discord custom_ids) and the JSON round trip of states."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import kqj
from engine.core import ActionFormatError, StateFormatError
from engine.kqj import Bid, Capot, Counter, Overcounter, Pass, Play, Take

from .support import VARIANTS, random_step

ACTIONS = [
    (Take(), "T"),
    (Take("h"), "T:h"),
    (Take("all"), "T:all"),
    (Take("none"), "T:none"),
    (Pass(), "N"),
    (Bid(130, "c"), "B:130:c"),
    (Bid(80, "none"), "B:80:none"),
    (Capot("d"), "K:d"),
    (Counter(), "C"),
    (Overcounter(), "O"),
    (Play("Hs"), "P:Hs"),
    (Play("10d"), "P:Td"),
]


@pytest.mark.parametrize(("action", "code"), ACTIONS, ids=[c for _, c in ACTIONS])
def test_action_codes(action: kqj.Action, code: str) -> None:
    assert kqj.encode_action(action) == code
    assert kqj.decode_action(code) == action


@pytest.mark.parametrize(
    "forged",
    [
        "",
        "X",
        "P:2h",
        "P:3s",
        "P:10h",
        "P:th",
        "P:Th ",
        "B:125x:h",
        "B:0130:h",
        "B:130:x",
        "B:130",
        "T:",
        "T:H",
        "K:",
        "K:all:1",
        "C:1",
        "N ",
        "b:130:h",
    ],
)
def test_forged_codes_are_refused(forged: str) -> None:
    """Only the exact codes encode_action makes are read (a button id may be forged)."""
    with pytest.raises(ActionFormatError):
        kqj.decode_action(forged)


def test_non_text_codes_are_refused() -> None:
    with pytest.raises(ActionFormatError):
        kqj.decode_action(None)  # type: ignore[arg-type]
    with pytest.raises(ActionFormatError):
        kqj.encode_action("Pass")  # type: ignore[arg-type]


def test_every_legal_action_round_trips_and_stays_short() -> None:
    """Over random games of every variant, each legal action's code decodes to itself and is a
    few characters long (custom_ids are at most 100 characters)."""
    for index, rules in enumerate(VARIANTS.values()):
        rng = random.Random(index)
        state = kqj.new_game(rules, seed=index)
        for _ in range(150):
            if state.winner is not None:
                break
            for seat in range(6):
                for action in kqj.legal_actions(state, seat):
                    code = kqj.encode_action(action)
                    assert len(code) <= 10 and kqj.decode_action(code) == action
            seat, action = random_step(state, rng)
            state = kqj.apply(state, seat, action).state


def test_state_json_round_trip_is_exact() -> None:
    rng = random.Random(3)
    state = kqj.new_game(VARIANTS["auction-random-2v2v2"], seed=3)
    for _ in range(120):
        if state.winner is not None:
            break
        seat, action = random_step(state, rng)
        state = kqj.apply(state, seat, action).state
        text = kqj.dump(state)
        again = kqj.load(text)
        assert again == state and kqj.dump(again) == text


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda d: d.update(game="allfours"), "not a KQJ state"),
        (lambda d: d["hands"][0].append(d["hands"][1][0]), "card twice"),
        (lambda d: d["hands"][0].pop(), "48 cards"),
        (lambda d: d["hands"][0].__setitem__(0, "2h"), "not in this game's deck"),
        (lambda d: d.update(scores=[0, 0, 0]), "seats, teams and sides"),
        (lambda d: d.update(dealer="0"), "whole number"),
        (lambda d: d.pop("pool"), "not a valid KQJ state"),
        (lambda d: d.update(phase="bidding"), "not a valid KQJ state"),
    ],
)
def test_malformed_states_are_refused(change: object, error: str) -> None:
    data = json.loads(kqj.dump(kqj.new_game(kqj.preset("kqj"), seed=1)))
    change(data)  # type: ignore[operator]
    with pytest.raises(StateFormatError, match=error):
        kqj.load(json.dumps(data))


def test_load_refuses_garbage() -> None:
    with pytest.raises(StateFormatError):
        kqj.load("not json")
    with pytest.raises(StateFormatError):
        kqj.load("[1, 2]")
    with pytest.raises(StateFormatError):
        kqj.dump(object())  # type: ignore[arg-type]


def test_a_first_format_snapshot_of_fbf50c9_loads_and_keeps_its_rules() -> None:
    """A three-team auction game stored by fbf50c9 mid-way through its second round (snapshot
    format 1: ``round_number``; ruleset with ``counter_failure_pays``) loads equal to what
    its seed and action log replay to today, with its countered contracts paid as then."""
    record = json.loads(
        (Path(__file__).parent / "fixtures" / "format1-fbf50c9-auction-2v2v2.json").read_text()
    )
    rules = kqj.load(record["rules"])
    assert isinstance(rules, kqj.Ruleset) and rules.countered_contract == "multiplier"
    log = [(seat, kqj.decode_action(code)) for seat, code in record["log"]]
    replayed = kqj.replay(rules, record["seed"], log)
    stored = kqj.load(record["snapshot"])
    assert stored == replayed
    assert (stored.hand_number, stored.round_number) == (2, 2)
    assert stored.last_round is not None and stored.last_round.round_number == 1
    assert kqj.load(kqj.dump(stored)) == stored
