"""The All Fours public API: ``apply`` and ``replay``, and the one dispatcher of rule steps.

A newcomer finds each rule in the module named after it (each opens with the RULES.md
sections it implements):

- ``rules``: the options (§7); ``deck``: the cards' ranking and who beats whom (§1.1, §1.3);
- ``dealing``: new games, stacked deals, packets, runs, redeals (§1.6, §2.1, §2.2, §3.1, §3.2);
- ``kicks``: turned-up cards and their points (§1.5, §2.3, §3.2, §4.1);
- ``trumps``: stand / beg / take one / run the pack, discards (§1.8, §2.4, §3.3, §3.4, §4.2);
- ``play``: legal cards, playing one, the trick winner (§1.3, §2.5, §3.5);
- ``scoring``: awards, the target, the count (§1.2, §1.4, §1.7, §2.6, §2.8, §3.6);
- ``legality``: the legal actions of a seat and why an action is refused;
- ``state`` / ``view``: the state record, what one seat may know (``observe``);
- ``simulate`` / ``inference``: the simulation path of search players.

Every rule step changes a private copy of the state in place and appends events to ``ev``
when it is a list (the simulation path passes ``None`` and skips building them). ``apply``
validates, copies, then runs ``perform``, the single dispatcher used by both paths, so there
is exactly one implementation of every rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from engine.allfours.actions import Action, Beg, Discard, Event, Play, RunPack, Stand, TakeOne
from engine.allfours.dealing import deal, new_game, next_hand
from engine.allfours.deck import FULL_DECK_MASK, HAND_SIZE, PACKET, trick_winner_offset
from engine.allfours.kicks import kick_points
from engine.allfours.legality import legal_actions, validate
from engine.allfours.play import legal_play_mask, ruled_out_by_play, step_play
from engine.allfours.rules import Ruleset
from engine.allfours.scoring import game_points, score_hand, side_game_points
from engine.allfours.state import GameState
from engine.allfours.trumps import (
    step_beg,
    step_discard,
    step_run_pack,
    step_stand,
    step_take_one,
)
from engine.allfours.view import observe, trick_record
from engine.core import Transition, check_seat

__all__ = [
    "FULL_DECK_MASK",
    "HAND_SIZE",
    "PACKET",
    "apply",
    "deal",
    "game_points",
    "kick_points",
    "legal_actions",
    "legal_play_mask",
    "new_game",
    "observe",
    "perform",
    "replay",
    "ruled_out_by_play",
    "side_game_points",
    "trick_record",
    "trick_winner_offset",
]


def perform(
    st: GameState, seat: int, action: Action, ev: list[Event] | None, deal_next: bool = True
) -> None:
    """Carry out a legal action on ``st`` in place: the one implementation of every rule step.

    With ``deal_next=False`` a hand's count is made but the next hand is not dealt (the
    simulation path stops there)."""
    match action:
        case Play(card=card):
            if step_play(st, seat, card.index, ev):
                score_hand(st, ev)
                if deal_next and st.winner_ is None:
                    next_hand(st, ev)
        case Stand():
            step_stand(st, seat, ev)
        case Beg():
            step_beg(st, seat, ev)
        case TakeOne():
            step_take_one(st, seat, ev)
        case RunPack():
            step_run_pack(st, seat, ev)
        case Discard(cards=cards):
            mask = 0
            for card in cards:
                mask |= card.bit
            step_discard(st, seat, mask, ev)
        case _:
            assert_never(action)


def apply(state: GameState, seat: object, action: Action) -> Transition[GameState]:
    """Take ``action`` for ``seat``: a new state and the events, in order; ``state`` is untouched.

    An action that is not legal raises ``IllegalActionError`` (a ValueError) saying why, and
    so does a ``seat`` that is not a seat of the table (hence ``object``: the compiled build
    checks annotated types before the function runs, and must not turn that into a TypeError).

    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=1)
    >>> t = apply(state, state.to_act, Stand())
    >>> t.state.phase.value, type(t.events[0]).__name__
    ('play', 'Stood')
    """
    seat = check_seat(seat, state.players)
    validate(state, seat, action)
    st = state.clone()
    ev: list[Event] = []
    perform(st, seat, action, ev)
    # Transition(st, ev), without NamedTuple's Python-level __new__ (one per action).
    return tuple.__new__(Transition, (st, ev))


def replay(rules: Ruleset, seed: object, log: Sequence[tuple[object, Action]]) -> GameState:
    """Rebuild a game from its seed and action log (the stored record of a table).

    >>> from engine.allfours.rules import preset
    >>> rules = preset("seven-up")
    >>> state = new_game(rules, seed=5)
    >>> after = apply(state, state.to_act, Stand()).state
    >>> replay(rules, 5, [(state.to_act, Stand())]) == after
    True
    """
    state = new_game(rules, seed)
    for seat, action in log:
        state = apply(state, seat, action).state
    return state
