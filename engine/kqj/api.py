"""KQJ's public functions, typed for their callers (DESIGN.md: ``new_game``, ``deal``,
``legal_actions``, ``apply``, ``replay``): mypy checks that a seat, a seed, a dealer or the
pool is an ``int`` where they are called.

The rule modules behind them take those values as ``object`` and check them themselves: a
build compiled by ``scripts/compile_engine.py`` checks annotated types before a function
runs, and would turn a wrong value into a ``TypeError`` instead of the engine's own
``IllegalActionError`` or ``DealError`` (``tests/engine/test_wrong_types.py``). This module
is never compiled, so its annotations speak to the type checker only.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.core import Transition
from engine.kqj import dealing, game, legality
from engine.kqj.actions import Action
from engine.kqj.rules import Ruleset
from engine.kqj.state import GameState


def new_game(rules: Ruleset, seed: int) -> GameState:
    """A new game shuffled from ``seed`` only: the same seed always gives the same game.

    >>> from engine.kqj.rules import preset
    >>> new_game(preset("kqj"), seed=7) == new_game(preset("kqj"), seed=7)
    True
    """
    return dealing.new_game(rules, seed)


def deal(
    rules: Ruleset,
    *,
    dealer: int = 0,
    hands: Sequence[Sequence[Card | str] | str],
    stock: Sequence[Card | str] | str = (),
    scores: Sequence[int] | None = None,
    pool: int = 0,
    teams: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
) -> GameState:
    """A stacked position at the start of a round: ``hands[s]`` is what seat ``s`` holds after
    the deal, ``stock`` the undealt cards top first (``engine.kqj.dealing.deal`` says more).

    >>> from engine.kqj.rules import preset
    >>> hands = ["9h 8h 7h Ah Th", "Hh Kh Qh Jh 6h", "5h 4h 9s 8s 7s", "As Ts Hs Ks Qs",
    ...          "Js 6s 5s 4s 9d", "8d 7d Ad Td Hd"]
    >>> stock = "Kd Qd Jd 6d 5d 4d 9c 8c 7c Ac Tc Hc Kc Qc Jc 6c 5c 4c"
    >>> deal(preset("kqj"), dealer=5, hands=hands, stock=stock).return_face
    Card('Kd')
    """
    return dealing.deal(
        rules,
        dealer=dealer,
        hands=hands,
        stock=stock,
        scores=scores,
        pool=pool,
        teams=teams,
        seed=seed,
    )


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when that seat may not act (while a bid
    stands, opponents may counter out of turn: ``engine.kqj.legality`` says more).

    >>> from engine.kqj.rules import preset
    >>> legal_actions(new_game(preset("kqj"), seed=1), 1)
    [Take(), Pass()]
    """
    return legality.legal_actions(state, seat)


def apply(state: GameState, seat: int, action: Action) -> Transition[GameState]:
    """Take ``action`` for ``seat``: a new state and the events, in order; ``state`` is
    untouched. An action that is not legal raises ``IllegalActionError`` saying why.

    >>> from engine.kqj.actions import Take
    >>> from engine.kqj.rules import preset
    >>> state = new_game(preset("kqj"), seed=1)
    >>> t = apply(state, 1, Take())
    >>> t.state is not state, type(t.events[0]).__name__
    (True, 'Took')
    """
    return game.apply(state, seat, action)


def replay(rules: Ruleset, seed: int, log: Sequence[tuple[int, Action]]) -> GameState:
    """Rebuild a game from its seed and action log (the stored record of a table).

    >>> from engine.kqj.actions import Pass
    >>> from engine.kqj.rules import preset
    >>> state = new_game(preset("kqj"), seed=1)
    >>> replay(preset("kqj"), 1, [(1, Pass())]) == apply(state, 1, Pass()).state
    True
    """
    return game.replay(rules, seed, log)
