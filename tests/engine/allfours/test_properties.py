"""Invariants over thousands of random games of every variant (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import GameState, Phase, Ruleset
from engine.allfours.deck import FULL_DECK_MASK
from engine.cards import Card, cards_in, standard_deck
from engine.core import IllegalActionError

RULESETS: dict[str, Ruleset] = {name: allfours.preset(name) for name in allfours.PRESET_NAMES} | {
    "english-3": allfours.preset("english").replace(players=3),
    "english-4-partners": allfours.preset("english").replace(players=4, partnerships=True),
    "seven-up-3": allfours.preset("seven-up").replace(players=3),
    "seven-up-4-solo": allfours.preset("seven-up").replace(players=4),
    "caribbean-house": allfours.preset("caribbean").replace(
        forbid_undertrump=True, allow_take_one_to_win=False, gift_point=False, target=7
    ),
    "english-options": allfours.preset("english").replace(
        low_mode="captured", game_tie="non_dealer", record_awards_after_win=False
    ),
}

MAX_ACTIONS = 5_000
GAMES = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def conserved(state: GameState) -> None:
    parts = [*state.hands, *state.discards, *state.captured]
    parts += [1 << c for c in state.trick]
    parts += [1 << c for c in state.turned]
    parts += [1 << c for c in state.stock[state.stock_pos :]]
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == FULL_DECK_MASK


def may_act(state: GameState, seat: int) -> bool:
    if state.winner is not None:
        return False
    if state.phase is Phase.DISCARD:
        return len(state.hand(seat)) > 6
    return seat == state.to_act


def random_game(rules: Ruleset, seed: int, check: bool) -> GameState:
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    log = []
    steps = 0
    while state.winner is None:
        steps += 1
        assert steps < MAX_ACTIONS, "the game does not end"
        legal_by_seat = [allfours.legal_actions(state, s) for s in range(rules.players)]
        for seat in range(rules.players):
            assert bool(legal_by_seat[seat]) == may_act(state, seat)
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.DISCARD:
            seat = rng.choice([s for s in range(rules.players) if legal_by_seat[s]])
        action = rng.choice(legal_by_seat[seat])
        before = state.clone()
        t = allfours.apply(state, seat, action)
        assert state == before, "apply changed its input"
        assert all(a >= b for a, b in zip(t.state.scores, state.scores, strict=True))
        log.append((seat, action))
        state = t.state
        if check:
            conserved(state)
            assert allfours.load(allfours.dump(state)) == state
            assert allfours.decode_action(allfours.encode_action(action)) == action
            hidden_views_are_private(state)
    assert state.to_act is None
    assert all(allfours.legal_actions(state, s) == [] for s in range(rules.players))
    assert max(state.scores) >= rules.target
    assert state.scores[state.winner] >= rules.target
    if check:
        assert allfours.replay(rules, seed, log) == state
    return state


def hidden_views_are_private(state: GameState) -> None:
    n = state.players
    undealt = set(state.stock[state.stock_pos :])
    for seat in [None, *range(n)]:
        view = allfours.observe(state, seat)
        secret: set[int] = set(undealt)
        for other in range(n):
            if other != seat:
                secret |= {c.index for c in state.hand(other)}
                secret |= {c.index for c in _cards(state.discards[other])}
        shown: list[Card] = [*view.hand, *view.discards, *view.played, *view.turned]
        shown += [c for _, c in view.trick] + [c for _, c in view.previous_trick]
        shown += [c for _, c in view.plays]
        shown += [c for side in view.captured for c in side]
        # A kick of a deal that was thrown in was public when it was turned; after the
        # reshuffle its card may be anywhere, so its award reveals nothing.
        shown += [a.card for a in view.awards if a.card is not None and a.reason != "kick"]
        assert not secret & {c.index for c in shown}
        if seat is not None:
            assert set(view.hand) == set(state.hand(seat))
        trick_record_matches(state, view)


def trick_record_matches(state: GameState, view: allfours.PlayerView) -> None:
    """The public trick record agrees with the tricks, captures and plays of each seat."""
    n = state.players
    assert len(view.plays) == view.tricks_played * n + len(view.trick)
    assert view.plays[len(view.plays) - len(view.trick) :] == view.trick
    assert len(view.trick_winners) == view.tricks_played
    if view.tricks_played:
        assert view.trick_winners[-1] == state.previous_trick_winner
        assert view.plays[(view.tricks_played - 1) * n : view.tricks_played * n] == (
            view.previous_trick
        )
    for seat in range(n):
        assert {c for s, c in view.plays if s == seat} == set(cards_in(state.played[seat]))
        won = set()
        for number, winner in enumerate(view.trick_winners):
            if winner == seat:
                won |= {c for _, c in view.plays[number * n : (number + 1) * n]}
        assert won == set(cards_in(state.captured[seat]))
    assert view.discard_sizes == tuple(m.bit_count() for m in state.discards)


def _cards(mask: int) -> list[Card]:
    return cards_in(mask)


@pytest.mark.parametrize("name", list(RULESETS))
@GAMES
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_random_games_keep_every_invariant(name: str, seed: int) -> None:
    random_game(RULESETS[name], seed, check=False)


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_random_games_round_trip_replay_and_hide_cards(name: str, seed: int) -> None:
    random_game(RULESETS[name], seed, check=True)


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40), data=st.data())
def test_illegal_actions_raise_and_change_nothing(
    name: str, seed: int, data: st.DataObject
) -> None:
    rules = RULESETS[name]
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    for _ in range(rng.randrange(40)):
        if state.winner is not None:
            break
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state
    candidates: list[allfours.Action] = [
        allfours.Stand(),
        allfours.Beg(),
        allfours.TakeOne(),
        allfours.RunPack(),
    ]
    candidates += [allfours.Play(c) for c in standard_deck()]
    candidates += [allfours.Discard([c]) for c in standard_deck()]
    seat = data.draw(st.integers(min_value=0, max_value=rules.players - 1))
    action = data.draw(st.sampled_from(candidates))
    before = state.to_json()
    if action in allfours.legal_actions(state, seat):
        allfours.apply(state, seat, action)
    else:
        with pytest.raises(IllegalActionError):
            allfours.apply(state, seat, action)
    assert state.to_json() == before
