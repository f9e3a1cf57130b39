"""Invariants over thousands of random rounds of every variant (hypothesis, derandomized)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import kqj
from engine.cards import Card
from engine.core import IllegalActionError
from engine.kqj import (
    Bid,
    BonusScored,
    Capot,
    Counter,
    GameState,
    HandEnded,
    Overcounter,
    Pass,
    Phase,
    Play,
    Take,
)
from engine.kqj.deck import CONTRACTS, DECK

from .support import VARIANTS, card_count_ok, cards_in_view, random_step, seats_that_may_act

MAX_ACTIONS = 6_000
NAMES = sorted(VARIANTS)
GAMES = settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ROUNDS = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ROUNDS_PER_EXAMPLE = 20
UNIVERSE: list[kqj.Action] = [
    *(Play(Card.from_index(c)) for c in DECK),
    Play("2h"),
    Take(),
    *(Take(c) for c in CONTRACTS),
    Pass(),
    *(Bid(v, c) for v in (70, 80, 120, 125, 130, 200, 390, 400) for c in ("h", "all")),
    *(Capot(c) for c in CONTRACTS),
    Counter(),
    Overcounter(),
]


def check_position(state: GameState) -> None:
    """Cards conserved; legal actions exactly for the seats that may act; views hide hands."""
    assert card_count_ok(state)
    may_act = seats_that_may_act(state)
    public = {card for _, card in state.played}
    if state.return_face is not None:
        public.add(state.return_face)
    for seat in range(6):
        assert bool(kqj.legal_actions(state, seat)) == (seat in may_act), (seat, state)
        view = kqj.observe(state, seat)
        own = set(state.hand(seat))
        assert set(view.hand) == own
        assert cards_in_view(view) <= own | public
    assert cards_in_view(kqj.observe(state, None)) <= public


def check_round(end: HandEnded, bonuses: list[BonusScored]) -> None:
    """Round points = cards (236) + dix de der + capot + KQ/KQJ (§5.5, §5.6)."""
    assert sum(end.card_points) == 236 and sum(end.tricks) == 8
    assert list(end.bonuses) == bonuses
    extra = sum(b.points for b in bonuses)
    assert sum(end.round_points) == 236 + extra
    kinds = [b.kind for b in bonuses]
    assert kinds.count("dix_de_der") == 1
    assert ("capot" in kinds) == (8 in end.tricks)
    for team, points in enumerate(end.round_points):
        own = sum(b.points for b in bonuses if b.team == team)
        assert points == end.card_points[team] + own


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(name: str, seed: int) -> None:
    """A whole random game (out-of-turn counters included): every invariant of DESIGN.md holds
    at every step, the game ends, and replaying the seed and the log rebuilds it exactly."""
    rules = VARIANTS[name]
    rng = random.Random(seed)
    state = kqj.new_game(rules, seed)
    log: list[tuple[int, kqj.Action]] = []
    bonuses: list[BonusScored] = []
    rounds = 0
    while state.winner is None:
        check_position(state)
        probe_seat, probe = rng.randrange(6), rng.choice(UNIVERSE)
        snapshot = state.clone()
        if probe in kqj.legal_actions(state, probe_seat):
            kqj.apply(state, probe_seat, probe)
        else:
            try:
                kqj.apply(state, probe_seat, probe)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{probe} accepted from seat {probe_seat} but not listed")
        assert state == snapshot
        seat, action = random_step(state, rng)
        t = kqj.apply(state, seat, action)
        assert state == snapshot, "apply changed its input"
        assert all(new >= old for new, old in zip(t.state.scores, state.scores, strict=True))
        for event in t.events:
            if isinstance(event, BonusScored):
                bonuses.append(event)
            elif isinstance(event, HandEnded):
                check_round(event, bonuses)
                assert event.scores == tuple(
                    old + sum(a.points for a in event.awards if a.side == side)
                    for side, old in enumerate(state.scores)
                )
                bonuses = []
                rounds += 1
        log.append((seat, action))
        if len(log) % 37 == 0:
            assert kqj.load(kqj.dump(t.state)) == t.state
        state = t.state
        assert len(log) < MAX_ACTIONS, "the game does not end"
    assert state.phase is Phase.OVER and rounds >= 1
    assert kqj.load(kqj.dump(state)) == state
    assert kqj.replay(rules, seed, log) == state
    assert state.winner == kqj.scoring.winner_of(state.scores, rules.target)


@pytest.mark.parametrize("name", NAMES)
@ROUNDS
@given(seed=st.integers(0, 2**32 - 1))
def test_thousands_of_rounds(name: str, seed: int) -> None:
    """Many rounds of each variant (new games as old ones end): cards conserved, the input
    state never changed, only the right seats may act, scores never fall, round points and
    bonuses add up; views and the JSON round trip are checked on a sample of positions."""
    rules = VARIANTS[name].replace(target=2000)
    rng = random.Random(seed)
    state = kqj.new_game(rules, seed)
    bonuses: list[BonusScored] = []
    rounds = steps = 0
    while rounds < ROUNDS_PER_EXAMPLE:
        if state.winner is not None:
            state = kqj.new_game(rules, rng.randrange(2**32))
        assert card_count_ok(state)
        may_act = seats_that_may_act(state)
        assert [bool(kqj.legal_actions(state, s)) for s in range(6)] == [
            s in may_act for s in range(6)
        ]
        if steps % 11 == 0:
            check_position(state)
            assert kqj.load(kqj.dump(state)) == state
        seat, action = random_step(state, rng)
        snapshot = state.clone()
        t = kqj.apply(state, seat, action)
        assert state == snapshot
        assert all(new >= old for new, old in zip(t.state.scores, state.scores, strict=True))
        for event in t.events:
            if isinstance(event, BonusScored):
                bonuses.append(event)
            elif isinstance(event, HandEnded):
                check_round(event, bonuses)
                bonuses = []
                rounds += 1
        state = t.state
        steps += 1


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_simulation_path_equals_apply(name: str, seed: int) -> None:
    """playout() makes the very same choices and count as apply() with the same random stream,
    over many rounds; it never changes its input."""
    from engine.kqj.play import legal_play_mask
    from engine.kqj.simulate import playout

    rules = VARIANTS[name].replace(target=2000)
    state = kqj.new_game(rules, seed)
    for index in range(12):
        if state.winner is not None:
            break
        snapshot = state.clone()
        simulated = playout(state, random.Random(index))
        assert state == snapshot
        rng = random.Random(index)
        number = state.hand_number
        end = None
        while state.hand_number == number and state.winner is None:
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.PLAY:
                mask = legal_play_mask(state, seat)
                for _ in range(int(rng.random() * mask.bit_count())):
                    mask &= mask - 1
                action: kqj.Action = Play(Card.from_index((mask & -mask).bit_length() - 1))
            else:
                actions = kqj.legal_actions(state, seat)
                action = actions[int(rng.random() * len(actions))]
            t = kqj.apply(state, seat, action)
            end = next((e for e in t.events if isinstance(e, HandEnded)), end)
            state = t.state
        assert end is not None and simulated.last_round == end
        assert simulated.scores == state.scores and simulated.winner == state.winner
        assert simulated.pool == state.pool
