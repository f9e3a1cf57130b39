"""One invariants suite over every family and variant (after OpenSpiel's basic tests): random
games through the public API, checking at every step that

- a clone equals the original and is independent of it;
- exactly the expected seats have actions (the seat to act, and the family's out-of-turn
  actors: All Fours discards, KQJ counters and overcounters), and nobody once it is over;
- ``apply`` never changes its input, and scores only grow;
- a state serialises and reads back exactly;
- ``observe`` hides what it must: a seat's view is the same whatever the cards it cannot see
  (the state with them dealt again by ``simulate.determinize``), a spectator sees no hand;
- replaying the seed and the action log gives the same state (checked at the end);
- the game ends within a bounded number of actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import allfours, kqj
from engine.allfours import simulate as allfours_simulate
from engine.kqj import simulate as kqj_simulate

from .allfours.test_properties import RULESETS as ALLFOURS_VARIANTS
from .kqj.support import VARIANTS as KQJ_VARIANTS


def _allfours_actors(state: Any) -> set[int]:
    """§3.4: while discarding, every seat above six cards may act; otherwise the seat to act."""
    if state.winner is not None:
        return set()
    if state.phase is allfours.Phase.DISCARD:
        return {s for s in range(state.players) if len(state.hand(s)) > 6}
    return {state.to_act}


def _kqj_actors(state: Any) -> set[int]:
    """§6.3: while a bid stands every opponent may counter, after a counter every player of
    the bidding team who has not declined may overcounter."""
    if state.winner is not None:
        return set()
    seats = {state.to_act}
    if state.phase is kqj.Phase.AUCTION and state.bid:
        seats |= {s for s in range(6) if state.team(s) != state.team(state.bidder)}
    if state.phase is kqj.Phase.OVERCOUNTER:
        seats = {
            s
            for s in range(6)
            if state.team(s) == state.team(state.bidder) and not state.declined >> s & 1
        }
    return seats


@dataclass(frozen=True)
class Family:
    module: ModuleType
    simulate: ModuleType
    actors: Callable[[Any], set[int]]
    max_actions: int


FAMILIES = {
    "allfours": Family(allfours, allfours_simulate, _allfours_actors, 5_000),
    "kqj": Family(kqj, kqj_simulate, _kqj_actors, 6_000),
}
CASES = [("allfours", name, rules) for name, rules in ALLFOURS_VARIANTS.items()] + [
    ("kqj", name, rules) for name, rules in KQJ_VARIANTS.items()
]
GAMES = settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def check_views(family: Family, state: Any, rng: random.Random) -> None:
    fam = family.module
    players = state.rules.players
    assert fam.observe(state, None).hand == ()
    for seat in range(players):
        view = fam.observe(state, seat)
        assert view.hand == state.hand(seat)
        redealt = family.simulate.determinize(state, seat, rng)
        assert fam.observe(redealt, seat) == view, f"seat {seat} sees a hidden card"


@pytest.mark.parametrize(("family_name", "name", "rules"), CASES, ids=[c[1] for c in CASES])
@given(seed=st.integers(0, 2**32 - 1))
@GAMES
def test_random_games_keep_every_invariant(
    family_name: str, name: str, rules: Any, seed: int
) -> None:
    family = FAMILIES[family_name]
    fam = family.module
    rng = random.Random(seed)
    state = fam.new_game(rules, seed)
    players = rules.players
    log: list[tuple[int, Any]] = []
    while state.winner is None:
        assert len(log) < family.max_actions, "the game does not end"
        clone = state.clone()
        assert clone == state and clone is not state
        clone.hands[0] ^= 1
        assert clone != state, "a clone shares its hands with the original"
        actors = [seat for seat in range(players) if fam.legal_actions(state, seat)]
        assert set(actors) == family.actors(state)
        assert state.to_act in actors
        text = fam.dump(state)
        assert fam.load(text) == state and fam.dump(fam.load(text)) == text
        if rng.random() < 0.2:
            check_views(family, state, rng)
        seat = rng.choice(actors)
        action = rng.choice(fam.legal_actions(state, seat))
        after = fam.apply(state, seat, action).state
        assert fam.dump(state) == text, "apply changed its input"
        assert all(b >= a for a, b in zip(state.scores, after.scores, strict=True))
        log.append((seat, action))
        state = after
    assert all(not fam.legal_actions(state, seat) for seat in range(players))
    assert fam.replay(rules, seed, log) == state
    assert fam.load(fam.dump(state)) == state
