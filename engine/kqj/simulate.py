"""The simulation path for search-based computer players: copy a state, re-deal the cards a
seat cannot see, and play random legal moves to the end of the round.

It runs the very same rule functions as ``apply`` (``game.perform``, ``play``'s trick play,
``scoring.score_hand``) on a private copy, only without building events and without dealing
the next round, so it is several times faster while never holding a second copy of the rules.

A player that is given only its view uses ``sample(view, rng)`` instead of ``determinize``:
it rebuilds a full state from the view, dealing the hidden cards uniformly among the deals
that agree with what the seat has seen (``kqj.knowledge``).

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=4)
>>> rng = random.Random(1)
>>> end = playout(determinize(state, state.to_act, rng), rng)
>>> sum(end.last_round.card_points), sum(end.scores) >= sum(state.scores)
(236, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from engine.hidden import HiddenDeal, Knowledge, LatestViews, draw_likely, quick_deal
from engine.kqj.deck import CONTRACTS, FULL_MASK, PLAYERS, TRICKS
from engine.kqj.game import perform
from engine.kqj.inference import absent_from_plays, knowledge, knowledge_of
from engine.kqj.legality import legal_actions
from engine.kqj.opponents import History, history, likelihood
from engine.kqj.play import play_out_tricks
from engine.kqj.rollout import EXPLORE, play_out_tricks_guided
from engine.kqj.scoring import score_hand
from engine.kqj.state import GameState, Phase, master_of
from engine.kqj.view import PlayerView


def known_absent(state: GameState) -> list[int]:
    """For every seat, the cards it certainly does not hold, deduced from the play so far with
    the rules of §5.4 (public knowledge, ``inference.absent_from_plays``): a player who did not
    follow has none of the led suit; a player who was bound to beat the master card and did
    not has no card that beats it.

    >>> from engine import kqj
    >>> known_absent(kqj.new_game(kqj.preset("kqj"), seed=1)) == [0] * 6
    True
    """
    opener = (state.dealer + 1) % PLAYERS
    return absent_from_plays(state.contract, state.team_of, opener, state.plays, state.winners)


def determinize(state: GameState, seat: int, rng: Random) -> GameState:
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt again at random.

    Hidden cards are the other players' hands and the undealt stock under the Return; hand
    sizes are kept, the Return stays with the declarer until played, and what the play has
    revealed (``known_absent``) is respected. The deal is ``hidden.quick_deal``: exactly
    uniform over the deals that agree with what the seat knows when the play's constraints
    nest, close to it otherwise (``sample`` is always exact, at the cost of counting them).

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=2)
    >>> guess = determinize(state, 0, random.Random(5))
    >>> guess.hands[0] == state.hands[0], guess.hands[1] == state.hands[1]
    (True, False)
    """
    st = state.clone()
    know = knowledge_of(state, seat)
    hand_seats = tuple(s for s in range(PLAYERS) if s != seat)
    sizes, allowed = _places(know, hand_seats, max(len(st.stock) - 1, 0))
    last = (len(sizes) - 1,)
    drawn = quick_deal(know.unseen, sizes, allowed, rng.random, last)
    if drawn is None:  # a dead end of the quick deal: the exact one never fails
        drawn = HiddenDeal(know.unseen, sizes, allowed, last).draw(rng.random)
    _deal_hidden(st, know.held, hand_seats, drawn)
    return st


def _places(
    know: Knowledge, hand_seats: tuple[int, ...], stock_left: int
) -> tuple[list[int], list[int]]:
    """The sizes of the hidden places and the cards each may take: one per other hand (less
    the cards known to be there), then the stock under the Return."""
    held = know.held
    sizes = [know.hand_sizes[s] - held[s].bit_count() for s in hand_seats]
    sizes.append(stock_left)
    allowed = [FULL_MASK & ~know.excluded[s] for s in hand_seats]
    allowed.append(FULL_MASK)
    return sizes, allowed


def _hidden_deal(know: Knowledge, stock_left: int) -> tuple[HiddenDeal, tuple[int, ...]]:
    """Every deal of the cards ``know.seat`` cannot see that agrees with what it knows; the
    stock comes in random order (it decides the completion, §5.3)."""
    hand_seats = tuple(s for s in range(PLAYERS) if s != know.seat)
    sizes, allowed = _places(know, hand_seats, stock_left)
    return HiddenDeal(know.unseen, sizes, allowed, ordered=(len(sizes) - 1,)), hand_seats


def _deal_hidden(
    st: GameState, held: tuple[int, ...], hand_seats: tuple[int, ...], drawn: list[list[int]]
) -> None:
    """Give each hidden hand its known cards and its drawn ones; the stock keeps the Return on
    top and takes the rest."""
    hands = st.hands
    for slot, seat in enumerate(hand_seats):
        mask = held[seat]
        for card in drawn[slot]:
            mask |= 1 << card
        hands[seat] = mask
    if st.stock:
        st.stock = (st.stock[0], *drawn[-1])


def sample(view: PlayerView, rng: Random) -> GameState:
    """A full state that ``view.seat`` cannot tell from the real one: ``observe(result,
    view.seat) == view``, with every card the seat cannot see dealt at random among the
    deals that agree with everything it knows (``kqj.knowledge``: hand sizes, the cards
    played, the Return in the declarer's hand until played, the voids and the cards that
    could not beat the master card, §5.4).

    Every such deal of the other hands is equally likely (``HiddenDeal``), and before the
    Return is taken the stock under it is in uniformly random order, so the completion is
    random too (§5.3). The seed is drawn from ``rng``: a redeal in a play-out is a fresh
    shuffle. A spectator's view (``seat=None``) works too: then every hand is dealt.

    Repeated calls with the same view object reuse what was worked out from it, so sampling
    thousands of states for one decision costs about as much as ``determinize``.

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=4)
    >>> view = kqj.observe(state, 2)
    >>> guess = sample(view, random.Random(1))
    >>> kqj.observe(guess, 2) == view, guess.hands[2] == state.hands[2]
    (True, True)
    """
    template = _templates(view)
    st = template.state.clone()
    st.seed = rng.getrandbits(64)
    _deal_hidden(st, template.held, template.hand_seats, template.deal.draw(rng.random))
    return st


def sample_likely(view: PlayerView, rng: Random) -> GameState:
    """``sample`` weighed by what the contract said (inference): a full state ``view.seat``
    cannot tell from the real one, drawn among the deals that agree with everything it knows
    in proportion to the chance that the players would have taken, passed, bid and countered
    as they did with those hands, under ``opponents``' model.

    The hard facts stay exact (every draw is one of ``sample``'s); where the record says
    nothing (the viewer's own decisions, or no decision yet) it is exactly ``sample``, drawing
    the same numbers from ``rng``. ``hidden.draw_likely`` does the weighing.

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=4)
    >>> for _ in range(3):
    ...     state = kqj.apply(state, state.to_act, kqj.Pass()).state
    >>> view = kqj.observe(state, state.to_act)
    >>> guess = sample_likely(view, random.Random(1))
    >>> kqj.observe(guess, view.seat) == view
    True
    """
    record = _histories(view)
    if record.says_nothing:
        return sample(view, rng)
    random = rng.random

    def draw() -> GameState:
        return sample(view, rng)

    def weigh(world: GameState) -> float:
        return likelihood(record, world, random)

    return draw_likely(draw, weigh, random)


_histories: LatestViews[PlayerView, History] = LatestViews(history)


@dataclass(frozen=True, slots=True)
class _Template:
    """What ``sample`` works out once per view: the state with every public field, the
    viewer's hand and the declarer's Return set, and the count of the deals of the rest."""

    state: GameState
    deal: HiddenDeal
    hand_seats: tuple[int, ...]
    held: tuple[int, ...]


def _template(view: PlayerView) -> _Template:
    know = knowledge(view)
    st = GameState.__new__(GameState)
    st.rules = view.rules
    st.seed = 0
    st.deal_count = view.deal_count
    st.hand_number = view.hand_number
    st.phase = view.phase
    st.dealer = view.dealer
    st.to_act_ = view.to_act
    st.team_of = view.team_of
    st.hands = list(know.held)
    returned = view.return_card
    st.return_card = returned.index if returned is not None else -1
    st.stock = (st.return_card,) if view.stock_left else ()
    st.passes = view.passes
    st.contract = CONTRACTS.index(view.contract) if view.contract is not None else -1
    st.declarer = view.declarer if view.declarer is not None else -1
    st.bid = view.bid
    st.bid_contract = CONTRACTS.index(view.bid_contract) if view.bid_contract is not None else -1
    st.bidder = view.bidder if view.bidder is not None else -1
    st.capot = view.capot
    st.multiplier = view.multiplier
    st.counterer = view.counterer if view.counterer is not None else -1
    st.declined = _seat_mask(view.declined)
    st.plays = tuple(card.index for _, card in view.played)
    st.winners = view.trick_winners
    st.trick = tuple(card.index for _, card in view.trick)
    st.leader = view.leader
    st.master_seat, st.master_card = master_of(st.trick, st.leader, max(st.contract, 0))
    st.team_points = list(view.team_points)
    st.team_tricks = list(view.team_tricks)
    st.scores_ = list(view.scores)
    st.pool = view.pool
    st.winner_ = view.winner
    st.last_round = view.last_round
    deal, hand_seats = _hidden_deal(know, view.stock_left)
    return _Template(st, deal, hand_seats, know.held)


_templates = LatestViews(_template)


def _seat_mask(seats: tuple[int, ...]) -> int:
    """Seats as a bitmask (bit ``s`` for seat ``s``)."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def playout(state: GameState, rng: Random) -> GameState:
    """Play random legal actions from ``state`` to the end of its round (or of the game) and
    return the final position; ``state`` itself is not changed.

    The count is made (``last_round``, the scores, the pool and ``winner`` are final for the
    round) but the next round is not dealt. In the contract phases the seat to act picks
    uniformly among its own legal actions (out-of-turn counters are not simulated).

    >>> import random
    >>> from engine import kqj
    >>> end = playout(kqj.new_game(kqj.preset("kqj"), seed=6), random.Random(3))
    >>> end.tricks_played, end.last_round.outcome in ("won", "litigation")
    (8, True)
    """
    st = state.clone()
    _play_out(st, rng, -1.0)
    return st


def guided_playout(state: GameState, rng: Random, explore: float = EXPLORE) -> GameState:
    """``playout`` with sensible trick play instead of random cards: every seat plays by
    ``rollout``'s light policy (reading the hands of the world), a random legal card with
    probability ``explore``. What is left of the contract phases is still chosen at random;
    ``state`` itself is not changed.

    >>> import random
    >>> from engine import kqj
    >>> end = guided_playout(kqj.new_game(kqj.preset("kqj"), seed=6), random.Random(3))
    >>> end.tricks_played, end.last_round.outcome in ("won", "litigation")
    (8, True)
    """
    st = state.clone()
    _play_out(st, rng, explore)
    return st


def _play_out(st: GameState, rng: Random, explore: float) -> None:
    """Play ``st`` to the end of its round, in place: random legal actions, or guided trick
    play when ``explore`` is not negative (``guided_playout``)."""
    hand_number = st.hand_number
    random = rng.random
    if len(st.winners) == TRICKS:
        return  # this round is already counted (a playout's own end position)
    while st.winner_ is None and st.hand_number == hand_number:
        seat = st.to_act_
        assert seat is not None
        if st.phase is Phase.PLAY:
            if explore < 0:
                play_out_tricks(st, random)
            else:
                play_out_tricks_guided(st, random, explore)
            score_hand(st, None)
            return
        actions = legal_actions(st, seat)
        perform(st, seat, actions[int(random() * len(actions))], None, deal_next=False)
