"""Golden transcripts: seeded random games written out event by event, so that any change of
the rules' behaviour shows up as a diff. The games are played by a seeded random player (a
random seat among those with a decision, then a random legal action), never by a computer
level, so a change to the computer players leaves them alone. After each step, every seat's
view and the spectator's are written as changes (``tests/engine/views.py``), so that an
engine-level leak shows up as a diff too. Regenerate deliberately with
``UPDATE_GOLDEN=1 python -m pytest tests/engine/allfours/test_golden.py``."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import allfours
from engine.allfours import Ruleset

from ..views import ViewLog

GOLDEN = Path(__file__).parent / "golden"
CASES: list[tuple[str, Ruleset, int]] = [
    (name, allfours.preset(name), seed) for name in allfours.PRESET_NAMES for seed in (1, 2)
] + [
    ("english-3", allfours.preset("english").replace(players=3), 1),
    ("seven-up-4-partners", allfours.preset("seven-up").replace(players=4, partnerships=True), 1),
]


def transcript(rules: Ruleset, seed: int) -> str:
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    lines = [
        f"rules {allfours.dump(rules)}",
        f"seed {seed} dealer {state.dealer} kick {state.kick} awards {state.hand_awards}",
    ]
    for seat in range(rules.players):
        lines.append(f"hand {seat}: {' '.join(str(c) for c in state.hand(seat))}")
    views = ViewLog(allfours.observe, rules.players)
    lines.extend(views.lines(state))
    while state.winner is None:
        seat = state.to_act
        assert seat is not None
        legal_by_seat = [s for s in range(rules.players) if allfours.legal_actions(state, s)]
        seat = rng.choice(legal_by_seat)
        action = rng.choice(allfours.legal_actions(state, seat))
        t = allfours.apply(state, seat, action)
        lines.append(f"{seat} {allfours.encode_action(action)}")
        lines.extend(f"  {event!r}" for event in t.events)
        state = t.state
        lines.extend(views.lines(state))
    lines.append(f"final {state.scores} winner {state.winner}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "rules", "seed"), CASES, ids=[f"{n}-{s}" for n, _, s in CASES])
def test_golden_transcript(name: str, rules: Ruleset, seed: int) -> None:
    path = GOLDEN / f"{name}-{seed}.txt"
    text = transcript(rules, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"missing golden file {path.name}: run with UPDATE_GOLDEN=1"
    assert text == path.read_text(), f"{path.name} changed: review the diff, then UPDATE_GOLDEN=1"
