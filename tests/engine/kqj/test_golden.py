"""Golden transcripts: seeded random games written out action by action with their events, so
that any change of behaviour shows up as a diff; after each step every seat's view and the
spectator's are written as changes (``tests/engine/views.py``), so that an engine-level leak
shows up as a diff too. Regenerate deliberately with
``UPDATE_GOLDEN=1 python -m pytest tests/engine/kqj/test_golden.py``."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import kqj
from engine.kqj import CardPlayed, Dealt, GameState, Ruleset

from ..views import ViewLog
from .support import BASE, random_step

GOLDEN = Path(__file__).parent / "golden"
SHORT = BASE.replace(target=500)
CASES: list[tuple[str, Ruleset, int]] = [
    (name, rules, seed)
    for name, rules in [
        ("3v3", SHORT),
        ("2v2v2", SHORT.replace(teams="2v2v2")),
        ("random-partners", SHORT.replace(random_partners=True)),
        ("auction", SHORT.replace(auction=True)),
        ("auction-2v2v2-random", SHORT.replace(auction=True, teams="2v2v2", random_partners=True)),
    ]
    for seed in (1, 2)
]


def _hands(state: GameState) -> list[str]:
    return [f"  hand {s}: {' '.join(str(c) for c in state.hand(s))}" for s in range(6)]


def transcript(rules: Ruleset, seed: int) -> str:
    """A whole game: random legal actions (now and then an out-of-turn counter) drawn from a
    seeded generator; each action's code, then its events (card plays are in the codes)."""
    rng = random.Random(seed)
    state = kqj.new_game(rules, seed)
    lines = [f"rules {kqj.dump(rules)}", f"seed {seed} dealer {state.dealer}", *_hands(state)]
    views = ViewLog(kqj.observe, rules.players)
    lines.extend(views.lines(state))
    while state.winner is None:
        seat, action = random_step(state, rng, out_of_turn=0.15)
        t = kqj.apply(state, seat, action)
        lines.append(f"{seat} {kqj.encode_action(action)}")
        for event in t.events:
            if not isinstance(event, CardPlayed):
                lines.append(f"  {event!r}")
        if any(isinstance(event, Dealt) for event in t.events):
            lines.extend(_hands(t.state))
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
