"""Exact play at the end of a hand (``endgame``), checked against a plain minimax through the
public ``apply`` and the hand's real count: the two share no code but the rules."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import allfours
from engine.allfours import Phase
from engine.allfours.endgame import exact_card
from engine.allfours.play import legal_play_mask
from engine.allfours.rollout import choose_card
from engine.allfours.simulate import guided_playout
from engine.cards import card_at

RULESETS = {
    "seven-up": allfours.preset("seven-up"),
    "english": allfours.preset("english"),
    "caribbean-2p": allfours.preset("caribbean-2p"),
    "caribbean": allfours.preset("caribbean"),
    "english, Low and tied Game options": allfours.preset("english").replace(
        low_mode="captured", game_tie="non_dealer"
    ),
    "english, partnerships": allfours.preset("english").replace(players=4, partnerships=True),
    "seven-up, no undertrumping": allfours.preset("seven-up").replace(forbid_undertrump=True),
}


def position(rules: allfours.Ruleset, seed: int, left: int) -> allfours.GameState | None:
    """A first hand in trick play with ``left`` cards or fewer in all hands, reached by
    random play; ``None`` when the hand ends some other way."""
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    while state.winner is None and state.hand_number == 1:
        in_hands = sum(len(state.hand(s)) for s in range(rules.players))
        if state.phase is Phase.PLAY and in_hands <= left:
            return state
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state
    return None


def positions(
    rules: allfours.Ruleset, seeds: int, left: int
) -> Iterator[tuple[allfours.GameState, int, int]]:
    """``position`` for each seed that reaches one: the state, the seat to act, its legal
    cards (a hand mask)."""
    for seed in range(seeds):
        state = position(rules, seed, left)
        if state is not None:
            seat = state.to_act
            assert seat is not None
            yield state, seat, legal_play_mask(state, seat)


def minimax(state: allfours.GameState) -> int:
    """Side 0's points minus side 1's from the hand's count, every card played perfectly:
    through ``apply``, scored by the count itself (High and Low to their holders add the
    same to every line)."""
    seat = state.to_act
    assert seat is not None
    values = [value_of(state, action) for action in allfours.legal_actions(state, seat)]
    return max(values) if state.side_of(seat) == 0 else min(values)


def value_of(state: allfours.GameState, action: allfours.Action | int) -> int:
    """The value (as ``minimax``) once the seat to act has played ``action`` (or a card)."""
    seat = state.to_act
    assert seat is not None
    if isinstance(action, int):
        action = allfours.Play(str(card_at(action)))
    transition = allfours.apply(state, seat, action)
    for event in transition.events:
        if isinstance(event, allfours.HandEnded):
            # The count's own scores: the next hand's deal (a kick) is no part of this one.
            return counted(state.scores, event.scores)
    return minimax(transition.state)


def counted(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    gained = [b - a for a, b in zip(before, after, strict=True)]
    return gained[0] - gained[1]


@pytest.mark.parametrize("name", list(RULESETS))
def test_exact_play_finds_the_best_card_of_the_hand(name: str) -> None:
    rules = RULESETS[name]
    checked = 0
    for state, seat, legal in positions(rules, 40, 8 if rules.players == 2 else 7):
        card = exact_card(state, seat, legal, -1)
        assert legal >> card & 1
        values = {c: value_of(state, c) for c in range(64) if legal >> c & 1}
        best = max(values.values()) if state.side_of(seat) == 0 else min(values.values())
        assert values[card] == best
        checked += 1
    assert checked >= 20


def test_exact_play_beats_the_light_policy_where_the_light_policy_errs() -> None:
    """Positions where the light policy's card gives a point away exist, and exact play never
    takes that card there."""
    rules = allfours.preset("seven-up")
    corrected = 0
    for state, seat, legal in positions(rules, 120, 6):
        if legal & (legal - 1) == 0:
            continue
        light = choose_card(state, seat, legal)
        exact = exact_card(state, seat, legal, light)
        sign = 1 if state.side_of(seat) == 0 else -1
        assert sign * value_of(state, exact) >= sign * value_of(state, light)
        if exact != light:
            assert sign * value_of(state, exact) > sign * value_of(state, light)
            corrected += 1
    assert corrected >= 3


def test_the_preferred_card_stands_among_equals() -> None:
    """Among cards worth the same, the preferred one is played (the light policy's choice in
    play-outs: the cheaper card, where exact play sees no difference)."""
    for state, seat, legal in positions(allfours.preset("english"), 30, 4):
        values = {c: value_of(state, c) for c in range(64) if legal >> c & 1}
        best = max(values.values()) if state.side_of(seat) == 0 else min(values.values())
        for card, value in values.items():
            if value == best:
                assert exact_card(state, seat, legal, card) == card


def test_a_game_of_three_sides_is_not_solved() -> None:
    rules = allfours.preset("seven-up").replace(players=3)
    state = position(rules, 1, 30)
    assert state is not None
    seat = state.to_act
    assert seat is not None
    with pytest.raises(ValueError, match="two sides"):
        exact_card(state, seat, legal_play_mask(state, seat), -1)


def test_a_play_out_plays_its_last_cards_exactly() -> None:
    """Within ``exact`` cards of the end no card is random: the play-out no longer depends on
    the generator, and it reaches the value of perfect play."""
    rules = allfours.preset("seven-up")
    for seed in range(20):
        state = position(rules, seed, 6)
        if state is None:
            continue
        ends = {
            guided_playout(state, random.Random(r), explore=1.0, exact=6).to_json()
            for r in range(3)
        }
        assert len(ends) == 1
        end = guided_playout(state, random.Random(0), explore=1.0, exact=6)
        assert counted(state.scores, end.scores) == minimax(state)
