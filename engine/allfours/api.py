"""All Fours' public functions, typed for their callers (DESIGN.md: ``new_game``, ``deal``,
``legal_actions``, ``apply``, ``replay``): mypy checks that a seat, a seed or a dealer is an
``int`` where they are called.

The rule modules behind them take those values as ``object`` and check them themselves: a
build compiled by ``scripts/compile_engine.py`` checks annotated types before a function
runs, and would turn a wrong value into a ``TypeError`` instead of the engine's own
``IllegalActionError`` or ``DealError`` (``tests/engine/test_wrong_types.py``). This module
is never compiled, so its annotations speak to the type checker only.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.allfours import dealing, game, legality
from engine.allfours.actions import Action
from engine.allfours.rules import Ruleset
from engine.allfours.state import GameState
from engine.cards import Card
from engine.core import Transition


def new_game(rules: Ruleset, seed: int) -> GameState:
    """A new game shuffled from ``seed`` only: the same seed always gives the same game.

    >>> from engine.allfours.rules import preset
    >>> new_game(preset("caribbean"), seed=7) == new_game(preset("caribbean"), seed=7)
    True
    """
    return dealing.new_game(rules, seed)


def deal(
    rules: Ruleset,
    *,
    dealer: int = 0,
    hands: Sequence[Sequence[Card | str]],
    stock: Sequence[Card | str],
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> GameState:
    """A stacked position: ``hands[s]`` is what seat ``s`` holds after the initial deal and
    ``stock`` the undealt cards, top first (``engine.allfours.dealing.deal`` says more).

    >>> from engine.allfours.rules import preset
    >>> from engine.cards import standard_deck
    >>> deck = standard_deck()
    >>> deal(preset("seven-up"), hands=[deck[0:6], deck[6:12]], stock=deck[12:]).kick
    Card('As')
    """
    return dealing.deal(rules, dealer=dealer, hands=hands, stock=stock, scores=scores, seed=seed)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when that seat may not act.

    >>> from engine.allfours.rules import preset
    >>> legal_actions(new_game(preset("caribbean"), seed=1), 0)
    [Stand(), Beg()]
    """
    return legality.legal_actions(state, seat)


def apply(state: GameState, seat: int, action: Action) -> Transition[GameState]:
    """Take ``action`` for ``seat``: a new state and the events, in order; ``state`` is
    untouched. An action that is not legal raises ``IllegalActionError`` saying why.

    >>> from engine.allfours.actions import Stand
    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=1)
    >>> t = apply(state, 0, Stand())
    >>> t.state is not state, type(t.events[0]).__name__
    (True, 'Stood')
    """
    return game.apply(state, seat, action)


def replay(rules: Ruleset, seed: int, log: Sequence[tuple[int, Action]]) -> GameState:
    """Rebuild a game from its seed and action log (the stored record of a table).

    >>> from engine.allfours.actions import Stand
    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=1)
    >>> replay(preset("caribbean"), 1, [(0, Stand())]) == apply(state, 0, Stand()).state
    True
    """
    return game.replay(rules, seed, log)
