"""The KQJ public API: apply and replay (new games and stacked deals are made in ``dealing``,
legal actions are listed in ``legality``, views are built in ``view``).

The rule functions live in ``dealing``, ``bidding``, ``play`` and ``scoring``; each changes a
private copy of the state in place and appends events to ``ev`` when it is a list (the
simulation path passes ``None`` and skips building them). ``apply`` validates, copies, then
runs ``perform``, the single dispatcher used by both paths, so there is exactly one
implementation of every rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from engine.core import Play, Transition, check_seat
from engine.kqj.actions import (
    Action,
    Bid,
    Capot,
    Counter,
    Event,
    Overcounter,
    Pass,
    Take,
)
from engine.kqj.bidding import (
    step_bid,
    step_capot,
    step_counter,
    step_overcounter,
    step_pass,
    step_take,
)
from engine.kqj.dealing import deal, new_game, next_hand
from engine.kqj.deck import CONTRACTS, PLAYERS
from engine.kqj.legality import legal_actions, validate
from engine.kqj.play import step_play
from engine.kqj.rules import Ruleset
from engine.kqj.scoring import score_hand
from engine.kqj.state import GameState

__all__ = ["apply", "deal", "legal_actions", "new_game", "replay"]


def perform(
    st: GameState, seat: int, action: Action, ev: list[Event] | None, deal_next: bool = True
) -> None:
    """Carry out a legal action on ``st`` in place: the one implementation of every rule step.

    With ``deal_next=False`` a round's count is made but the next round is not dealt (the
    simulation path stops there)."""
    match action:
        case Play(card=card):
            if step_play(st, seat, card.index, ev):
                score_hand(st, ev)
                if deal_next and st.winner_ is None:
                    next_hand(st, ev)
        case Take(contract=contract):
            code = st.return_card >> 4 if contract is None else CONTRACTS.index(contract)
            step_take(st, seat, code, ev)
        case Pass():
            step_pass(st, seat, ev)
        case Bid(value=value, contract=contract):
            step_bid(st, seat, value, CONTRACTS.index(contract), ev)
        case Capot(contract=contract):
            step_capot(st, seat, CONTRACTS.index(contract), ev)
        case Counter():
            step_counter(st, seat, ev)
        case Overcounter():
            step_overcounter(st, seat, ev)
        case _:
            assert_never(action)


def apply(state: GameState, seat: object, action: Action) -> Transition[GameState]:
    """Take ``action`` for ``seat``: a new state and the events, in order; ``state`` is untouched.

    An action that is not legal raises ``IllegalActionError`` (a ValueError) saying why, and
    so does a ``seat`` that is not a seat of the table (hence ``object``: the compiled build
    checks annotated types before the function runs, and must not turn that into a TypeError).

    >>> from engine.kqj.rules import preset
    >>> state = new_game(preset("kqj"), seed=1)
    >>> t = apply(state, state.to_act, Take())
    >>> t.state.phase.value, [type(e).__name__ for e in t.events]
    ('play', ['Took', 'TrumpFixed'])
    """
    seat = check_seat(seat, PLAYERS)
    validate(state, seat, action)
    st = state.clone()
    ev: list[Event] = []
    perform(st, seat, action, ev)
    # Transition(st, ev), without NamedTuple's Python-level __new__ (one per action).
    return tuple.__new__(Transition, (st, ev))


def replay(rules: Ruleset, seed: object, log: Sequence[tuple[object, Action]]) -> GameState:
    """Rebuild a game from its seed and action log (the stored record of a table).

    >>> from engine.kqj.rules import preset
    >>> rules = preset("kqj")
    >>> state = new_game(rules, seed=5)
    >>> after = apply(state, state.to_act, Pass()).state
    >>> replay(rules, 5, [(state.to_act, Pass())]) == after
    True
    """
    state = new_game(rules, seed)
    for seat, action in log:
        state = apply(state, seat, action).state
    return state
