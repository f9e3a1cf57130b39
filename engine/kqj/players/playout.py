"""How level ``hard`` plays a KQJ round out in one sampled world, after the option it tries:
what is left of the contract phases as level ``normal`` decides it (from the world's hand
strengths, ``contract_choice``), then the tricks by the play-outs ``hard.PLAYOUTS`` names —
the rest of the current trick by ``rollout.sensible_card`` and random cards after it
(``simulate.playout``), ``rollout``'s light policy (``simulate.guided_playout``) or ``normal``'s
cards. Every step is a rule function of the engine (``apply``, ``game.perform``); the round
ends counted. ``hard`` keeps the knobs (``PLAYOUTS``, ``EXPLORE``, ``PLAYOUT_TAKE_FIRST``) and
hands them to each ``World``.

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
>>> world = World(state, "random", explore=0.1, take_first=20.2)
>>> end = play_to_end(world, state.to_act, kqj.Pass(), random.Random(1))
>>> end.last_round is not None or end.hand_number > state.hand_number
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.core import Play
from engine.kqj import rollout, simulate
from engine.kqj.actions import Action, GameOver, Pass, RoundEnded, Take
from engine.kqj.deck import CONTRACTS
from engine.kqj.game import apply, perform
from engine.kqj.legality import legal_actions
from engine.kqj.players import easy, normal
from engine.kqj.rules import BID_STEP
from engine.kqj.state import GameState, Phase
from engine.kqj.view import observe


class World:
    """One sampled deal, and what every option tried in it shares: each seat's hand
    strength per contract (``easy.contract_strength``), worked out when first needed."""

    __slots__ = ("_strengths", "explore", "playouts", "state", "take_first")

    def __init__(self, state: GameState, playouts: str, explore: float, take_first: float) -> None:
        self.state = state
        self.playouts = playouts
        self.explore = explore
        self.take_first = take_first
        self._strengths: dict[tuple[int, int, int], float] = {}

    def strength(self, state: GameState, seat: int, contract: int) -> float:
        """The strength of ``seat``'s hand for ``contract``, the Return included while it
        is on offer (§5.3); ``state`` is this world after some contract decisions."""
        key = (state.deal_count, seat, contract)
        known = self._strengths.get(key)
        if known is None:
            hand = state.hand(seat)
            offered = state.return_face
            if offered is not None and state.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
                hand = (*hand, offered)
            known = self._strengths[key] = easy.contract_strength(hand, contract)
        return known


def play_to_end(world: World, seat: int, action: Action, rng: Random) -> GameState:
    """``action`` taken by ``seat`` in the world, and the round played out from there; the
    world's state is not changed."""
    if isinstance(action, Play) and world.playouts == "random" and world.state.phase is Phase.PLAY:
        return play_card_out(world.state, seat, action, rng)
    transition = apply(world.state, seat, action)
    if ended(transition.events):
        return transition.state
    return play_out(transition.state, world, rng)


def ended(events: Sequence[object]) -> bool:
    """Whether these events ended the round (or the game)."""
    return any(isinstance(e, RoundEnded | GameOver) for e in events)


def play_out(state: GameState, world: World, rng: Random) -> GameState:
    """Play the round out from ``state``: contract phases as ``normal`` would, the current
    trick sensibly, the rest at random (``simulate.playout``)."""
    while state.phase not in (Phase.PLAY, Phase.OVER):
        actor = state.to_act
        assert actor is not None
        legal = legal_actions(state, actor)
        transition = apply(state, actor, contract_choice(state, actor, legal, world, rng))
        state = transition.state
        if ended(transition.events):
            return state
    if world.playouts == "guided":
        return simulate.guided_playout(state, rng, world.explore)
    if world.playouts == "normal":
        while state.phase is Phase.PLAY:
            actor = state.to_act
            assert actor is not None
            legal = legal_actions(state, actor)
            state = apply(
                state, actor, normal.choose_action(observe(state, actor), legal, rng)
            ).state
        return state
    return _finish_randomly(state.clone(), rng)


def play_card_out(state: GameState, seat: int, card: Play, rng: Random) -> GameState:
    """``play_to_end`` of a card with random play-outs: the card, the rest of its trick by
    ``rollout.sensible_card``, then ``simulate.playout``, on one private copy through
    ``game.perform`` rather than a copy of the state and a list of events for every card
    (``apply``): a quarter of the play-out's time. The card is one of the seat's legal
    actions. The round ends counted, the next one not dealt, as ``simulate.playout`` leaves
    it; the scores are those ``apply`` gives."""
    st = state.clone()
    perform(st, seat, card, None, deal_next=False)
    return _finish_randomly(st, rng)


def _finish_randomly(st: GameState, rng: Random) -> GameState:
    """The rest of the current trick by ``rollout.sensible_card`` (a random player would
    rarely take a trick worth taking or keep its points out of an opponent's reach), then
    random cards (``simulate.playout``); ``st`` is a private copy, changed in place. Every
    sensible card is one of the seat's legal actions."""
    trick = st.tricks_played
    while st.trick and st.tricks_played == trick:
        actor = st.to_act_
        assert actor is not None
        perform(st, actor, rollout.sensible_card(st, actor), None, deal_next=False)
    return simulate.playout(st, rng)


def contract_choice(
    state: GameState, seat: int, legal: Sequence[Action], world: World, rng: Random
) -> Action:
    """``normal``'s decision in a contract phase, from the world's strengths (a view and
    ``normal`` itself cost ten times more, for the same answer). Out-of-turn counters are
    not played out."""
    phase = state.phase
    if phase is Phase.FIRST_ROUND:
        offered = state.return_face
        assert offered is not None
        strong = world.strength(state, seat, offered.suit_index) >= world.take_first
        return legal[0] if strong else Pass()
    if phase is Phase.SECOND_ROUND:
        takes = [a for a in legal if isinstance(a, Take) and a.contract is not None]
        best = max(
            takes, key=lambda a: world.strength(state, seat, CONTRACTS.index(a.contract or ""))
        )
        strength = world.strength(state, seat, CONTRACTS.index(best.contract or ""))
        return best if strength >= normal.TAKE_SECOND else Pass()
    if phase is Phase.AUCTION:
        if state.bidder >= 0 and state.team_of[state.bidder] == state.team_of[seat]:
            return Pass()
        contracts = range(state.rules.contract_count)
        teams = state.rules.team_count
        estimates = {
            c: normal.estimate_from_strength(world.strength(state, seat, c), teams)
            for c in contracts
        }
        hand = state.hand(seat)
        top_trumps = {
            c: sum(1 for card in hand if card.suit_index == c and card.rank in "987A")
            for c in contracts
        }
        lowest = max(state.rules.min_bid, state.bid + BID_STEP)
        return normal.auction_bid(estimates, top_trumps, lowest, legal)
    return normal.choose_action(observe(state, seat), legal, rng)


__all__ = ["World", "contract_choice", "ended", "play_card_out", "play_out", "play_to_end"]
