"""Helpers for stacking All Fours positions in tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import allfours
from engine.allfours import Action, GameState, Ruleset
from engine.cards import parse_cards, standard_deck


def stacked(
    rules: Ruleset,
    hands: Sequence[str],
    top: str = "",
    *,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> GameState:
    """A deal with the given hands (one string per seat) and the stock starting with ``top``;
    the rest of the deck follows in a fixed order."""
    hand_cards = [parse_cards(h) for h in hands]
    top_cards = parse_cards(top)
    used = {c for h in hand_cards for c in h} | set(top_cards)
    rest = [c for c in standard_deck() if c not in used]
    return allfours.deal(
        rules,
        dealer=dealer,
        hands=hand_cards,
        stock=top_cards + rest,
        scores=scores,
        seed=seed,
    )


def act(state: GameState, *moves: Action | str) -> GameState:
    """Apply moves for whoever is to act; a string is a card to play."""
    for move in moves:
        action = allfours.Play(move) if isinstance(move, str) else move
        state = allfours.apply(state, state.to_act, action).state
    return state


def play_tricks(state: GameState, tricks: Iterable[str]) -> tuple[GameState, list[object]]:
    """Play whole tricks written as 'Th 2h 3h 4h' (in playing order); collect every event."""
    events: list[object] = []
    for trick in tricks:
        for card in trick.split():
            t = allfours.apply(state, state.to_act, allfours.Play(card))
            state = t.state
            events.extend(t.events)
    return state, events


def cards(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)]
