"""``clone``, ``to_dict`` / ``from_dict`` (``dump`` / ``load``) and the action codec cover every
field of both game states (after OpenSpiel's basic tests): random games of every family and
variant, checking at every step, for each field of the state's slots (``state.FIELDS``), that

- the clone holds an equal value, a list of its own (mutating it leaves the original alone),
  and any other value is immutable (hashable), so sharing it is safe;
- the state read back from its JSON (``from_dict``, and ``load(dump(...))``) holds an equal
  value of the same type;
- every action that ``legal_actions`` offers any seat reads back from its code.

A new field that one of them forgets fails here by name; so does a field that ``to_dict``
does not write, unless it is listed in ``REBUILT`` (rebuilt by ``from_dict`` from the rest).
"""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.allfours import state as allfours_state
from engine.kqj import state as kqj_state

from .test_invariants import CASES, FAMILIES

STATE_MODULES: dict[str, ModuleType] = {"allfours": allfours_state, "kqj": kqj_state}

HEADER = {"format", "game"}
"""Keys of ``to_dict`` that name the data, not a field."""

REBUILT: dict[str, dict[str, str]] = {
    "allfours": {
        "players": "the ruleset's number of players",
        "leader": "the last trick's winner, or the elder",
        "led": "the first card of the trick in progress",
        "master_seat": "the trick in progress (§1.3)",
        "master_card": "the trick in progress (§1.3)",
        "won_by_side": "the trick record: plays and winners",
    },
    "kqj": {
        "master_seat": "the trick in progress and the contract (§5.4)",
        "master_card": "the trick in progress and the contract (§5.4)",
    },
}
"""Fields that ``to_dict`` leaves out because ``from_dict`` rebuilds them, and from what."""

STEPS = settings(
    max_examples=4,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def key_of(field: str) -> str:
    """The ``to_dict`` key of a field: its name without the trailing underscore of a field
    hidden behind a read-only property (``scores_`` is written as ``scores``)."""
    return field.removesuffix("_")


def attributes(cls: type) -> set[str]:
    """The attributes instances of ``cls`` hold: its slots, or in the compiled build (whose
    classes have no ``__slots__``) the attributes mypyc lays out."""
    names = getattr(cls, "__slots__", None) or cls.__mypyc_attrs__
    return {name for name in names if not name.startswith("__")}


@pytest.mark.parametrize("family", sorted(STATE_MODULES))
def test_the_fields_are_every_attribute_of_the_state(family: str) -> None:
    module = STATE_MODULES[family]
    assert attributes(module.GameState) == set(module.FIELDS)
    assert len(set(module.FIELDS)) == len(module.FIELDS)


@pytest.mark.parametrize("family", sorted(STATE_MODULES))
def test_to_dict_writes_every_field_or_says_how_it_is_rebuilt(family: str) -> None:
    """Every field is a key of ``to_dict`` (or listed in ``REBUILT``), and every key is a
    field: a new field forgotten by ``to_dict`` fails here by name."""
    fam = FAMILIES[family].module
    module = STATE_MODULES[family]
    rules = next(rules for name, _, rules in CASES if name == family)
    written = set(fam.new_game(rules, 1).to_dict()) - HEADER
    fields = set(module.FIELDS)
    rebuilt = set(REBUILT[family])
    assert rebuilt <= fields
    assert {field for field in fields - rebuilt if key_of(field) not in written} == set()
    assert written - {key_of(field) for field in fields} == set()
    assert {field for field in rebuilt if key_of(field) in written} == set()


def check_clone(state: Any, fields: tuple[str, ...]) -> None:
    clone = state.clone()
    for field in fields:
        original = getattr(state, field)
        copied = getattr(clone, field)
        assert copied == original and type(copied) is type(original), field
        if isinstance(original, list):
            assert copied is not original, f"the clone shares its {field} list"
            before = list(original)
            copied.append(copied[0] if copied else 0)
            copied[0] = -1
            assert getattr(state, field) == before, f"changing the clone's {field} changed it"
        else:
            hash(original)  # immutable, so the clone may share it


def check_round_trip(fam: ModuleType, state: Any, fields: tuple[str, ...]) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    for restored in (type(state).from_dict(data), fam.load(fam.dump(state))):
        for field in fields:
            got = getattr(restored, field)
            expected = getattr(state, field)
            assert got == expected, f"{field}: {got!r} read back, {expected!r} written"
            assert type(got) is type(expected), field


def check_codec(fam: ModuleType, state: Any) -> None:
    for seat in range(state.rules.players):
        legal = fam.legal_actions(state, seat)
        codes = [fam.encode_action(action) for action in legal]
        assert len(set(codes)) == len(codes), f"two actions of seat {seat} share a code"
        assert [fam.decode_action(code) for code in codes] == legal


@pytest.mark.parametrize(("family_name", "name", "rules"), CASES, ids=[c[1] for c in CASES])
@given(seed=st.integers(0, 2**32 - 1))
@STEPS
def test_clone_json_and_codes_cover_every_field(
    family_name: str, name: str, rules: Any, seed: int
) -> None:
    """A whole random game (any seat with an action may take it, out-of-turn ones included),
    every state of it checked."""
    family = FAMILIES[family_name]
    fam = family.module
    fields = STATE_MODULES[family_name].FIELDS
    rng = random.Random(seed)
    state = fam.new_game(rules, seed)
    for _ in range(family.max_actions):
        check_clone(state, fields)
        check_round_trip(fam, state, fields)
        check_codec(fam, state)
        if state.winner is not None:
            break
        seat = rng.choice(sorted(family.actors(state)))
        state = fam.apply(state, seat, rng.choice(fam.legal_actions(state, seat))).state
    assert state.winner is not None, "the game does not end"
