"""The simulation path for search-based computer players: copy a state, re-deal the cards a
seat cannot see, and play random legal moves to the end of the hand.

A player that is given only its view uses ``sample(view, rng)`` instead of ``determinize``:
it rebuilds a full state from the view, dealing the hidden cards uniformly among the deals
that agree with what the seat has seen (``allfours.knowledge``).

It runs the very same rule functions as ``apply`` (``game.perform``, ``play.step_play`` and
``scoring.score_hand``) on a private copy, only without building events and without dealing
the next hand, so it is several times faster while never holding a second copy of the rules.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("caribbean"), seed=4)
>>> rng = random.Random(1)
>>> end = playout(determinize(state, state.to_act, rng), rng)
>>> sum(end.scores) >= sum(state.scores)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from engine.allfours.deck import FULL_DECK_MASK, HAND_SIZE, PACKET
from engine.allfours.game import perform
from engine.allfours.inference import knowledge
from engine.allfours.legality import legal_actions
from engine.allfours.opponents import History, history, likelihood
from engine.allfours.play import play_out_tricks
from engine.allfours.rollout import EXACT_CARDS, EXPLORE, play_out_tricks_guided
from engine.allfours.scoring import score_hand
from engine.allfours.state import GameState, Phase, PlayerView, holders_and_takers, master_of
from engine.cards import SUITS, indices_in, iter_indices, mask_of
from engine.hidden import HiddenDeal, InconsistentViewError, LatestViews, draw_likely
from engine.shuffles import shuffle_prefix


def determinize(state: GameState, seat: int, rng: Random) -> GameState:
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt again at random.

    Hidden cards are the other players' hands and discards and the undealt stock below the
    turned cards; hand and discard sizes are kept. Inferences from play (a player known to be
    void in a suit) are not used: this is a plain random determinization.
    """
    st = state.clone()
    others = [s for s in range(st.players) if s != seat]
    piles = (st.hands, st.discards)
    hidden = 0
    for s in others:
        hidden |= st.hands[s] | st.discards[s]
    pool = indices_in(hidden)
    dealt = len(pool)
    pool += st.stock[st.stock_pos :]
    # Once tricks are being played the undealt stock is never used again this hand, so only
    # the cards going into hands and discards need a random order; before that, the stock's
    # order decides future runs and must be shuffled too.
    shuffle_prefix(pool, rng.random, dealt if st.phase is Phase.PLAY else None)
    pos = 0
    for s in others:
        for pile in piles:  # each hidden hand and discard pile keeps its size
            size = pile[s].bit_count()
            if size:
                mask = 0
                for card in pool[pos : pos + size]:
                    mask |= 1 << card
                pile[s] = mask
                pos += size
    st.stock = st.stock[: st.stock_pos] + tuple(pool[pos:])
    return st


def sample(view: PlayerView, rng: Random) -> GameState:
    """A full state that ``view.seat`` cannot tell from the real one: ``observe(result,
    view.seat) == view``, with every card the seat cannot see dealt at random among the
    deals that agree with everything it knows (``allfours.knowledge``: hand and discard
    sizes, the cards turned and played, the voids the play has shown, §1.3).

    Every such deal of the other hands and discards is equally likely (``HiddenDeal``), and
    the undealt stock is in uniformly random order, so later runs of the pack (§2.4, §3.3)
    are random too. The seed is drawn from ``rng``: a redeal in a play-out is a fresh
    shuffle. Bookkeeping nobody can observe — which cards each player received in the
    packets of a run — is filled in from that player's cards. A spectator's view
    (``seat=None``) works too: then every hand is dealt.

    Repeated calls with the same view object reuse what was worked out from it, so sampling
    thousands of states for one decision costs about as much as ``determinize``.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=4)
    >>> view = allfours.observe(state, state.to_act)
    >>> guess = sample(view, random.Random(1))
    >>> allfours.observe(guess, view.seat) == view, guess.hand(view.seat) == view.hand
    (True, True)
    """
    template = _templates(view)
    st = template.state.clone()
    random = rng.random
    st.seed = rng.getrandbits(64)
    drawn = template.deal.draw(random)
    hands = st.hands
    for slot, seat in enumerate(template.hand_seats):
        mask = 0
        for card in drawn[slot]:
            mask |= 1 << card
        hands[seat] = mask
    discards = st.discards
    for slot, seat in enumerate(template.discard_seats, len(template.hand_seats)):
        mask = 0
        for card in drawn[slot]:
            mask |= 1 << card
        discards[seat] = mask
    if template.packets:
        st.stock = (*_used_stock(st, template.packets), *drawn[-1])
    else:
        st.stock = (*st.stock, *drawn[-1])
    return st


def sample_likely(view: PlayerView, rng: Random) -> GameState:
    """``sample`` weighed by what the players said, discarded and played (inference): a full
    state ``view.seat`` cannot tell from the real one, drawn among the deals that agree with
    everything it knows in proportion to the chance that the players would have stood,
    begged, given, run, refused, discarded and let tricks go as they did with those hands,
    under ``opponents``' model.

    The hard facts stay exact (every draw is one of ``sample``'s); where the record says
    nothing (no decision yet, or the viewer's own) it is exactly ``sample``, drawing the same
    numbers from ``rng``. ``hidden.draw_likely`` does the weighing.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=4)
    >>> state = allfours.apply(state, state.to_act, allfours.Stand()).state
    >>> view = allfours.observe(state, 0)
    >>> allfours.observe(sample_likely(view, random.Random(1)), 0) == view
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
    """What ``sample`` works out once per view: the state with every public field and the
    viewer's own cards set, and the count of the deals of the hidden cards."""

    state: GameState
    deal: HiddenDeal
    hand_seats: tuple[int, ...]
    discard_seats: tuple[int, ...]
    packets: tuple[tuple[int, ...], ...]
    """Runs made this deal: for each seat, the cards received in its packets, as far as its
    played cards supply them (the rest is taken from the sampled cards, ``_used_stock``)."""


def _template(view: PlayerView) -> _Template:
    rules = view.rules
    n = rules.players
    seat = view.seat
    know = knowledge(view)
    st = GameState.__new__(GameState)
    st.rules = rules
    st.players = n
    st.seed = 0
    st.deal_count = view.deal_count
    st.hand_number = view.hand_number
    st.phase = view.phase
    st.dealer = view.dealer
    st.to_act_ = view.to_act
    st.hands = [0] * n
    st.discards = [0] * n
    if seat is not None:
        st.hands[seat] = mask_of(view.hand)
        st.discards[seat] = mask_of(view.discards)
    st.turned = tuple(card.index for card in view.turned)
    st.candidate = view.kick.index if view.kick is not None else -1
    st.seen_suits = sum(1 << SUITS.index(suit) for suit in view.seen_suits)
    st.trump = SUITS.index(view.trump) if view.trump is not None else -1
    st.plays = tuple(card.index for _, card in view.plays)
    st.winners = view.trick_winners
    st.leader = view.leader
    st.won_by_side = [mask_of(cards) for cards in view.captured]
    trick = st.trick
    st.led = trick[0] >> 4 if trick else -1
    st.master_seat, st.master_card = master_of(trick, st.leader, st.trump, n)
    st.scores_ = list(view.scores)
    st.winner_ = view.winner
    st.awards = view.awards
    # The stock: the cards turned and dealt so far, then the undealt ones (drawn per sample).
    runs = len(view.turned) - 1
    stock_size = FULL_DECK_MASK.bit_count() - HAND_SIZE * n
    st.stock_pos = stock_size - view.stock_left
    if st.stock_pos != len(view.turned) + runs * PACKET * n:
        raise InconsistentViewError("the stock used does not match the cards turned")
    st.stock = st.turned[:1]
    hand_seats = tuple(s for s in range(n) if s != seat)
    discard_seats = tuple(s for s in hand_seats if view.discard_sizes[s])
    sizes = [view.hand_sizes[s] for s in hand_seats]
    sizes += [view.discard_sizes[s] for s in discard_seats]
    sizes.append(view.stock_left)
    allowed = [FULL_DECK_MASK & ~know.excluded[s] for s in hand_seats]
    allowed += [FULL_DECK_MASK] * (len(discard_seats) + 1)
    # The stock's order decides later runs only while trumps are not fixed.
    ordered = (len(sizes) - 1,) if view.phase in (Phase.DECLARE, Phase.REPLY) else ()
    deal = HiddenDeal(know.unseen, sizes, allowed, ordered)
    packets: tuple[tuple[int, ...], ...] = ()
    if runs > 0:
        played = holders_and_takers(st)[0]
        packets = tuple(tuple(iter_indices(played[s]))[: runs * PACKET] for s in range(n))
    return _Template(st, deal, hand_seats, discard_seats, packets)


_templates = LatestViews(_template)


def _used_stock(st: GameState, packets: tuple[tuple[int, ...], ...]) -> list[int]:
    """The used part of the stock: each turned card, and before every later one a packet of
    three for each player from the elder (§2.4, §3.3). Which of its cards a player received
    in the packets nobody else can tell: they are taken from its played cards first, then
    from the cards it holds or discarded."""
    n = st.players
    runs = len(st.turned) - 1
    received: list[list[int]] = []
    for seat in range(n):
        cards = list(packets[seat])
        rest = st.hands[seat] | st.discards[seat]
        while len(cards) < runs * PACKET:
            low = rest & -rest
            cards.append(low.bit_length() - 1)
            rest ^= low
        received.append(cards)
    elder = (st.dealer + 1) % n
    used = [st.turned[0]]
    for run in range(runs):
        for k in range(n):
            used.extend(received[(elder + k) % n][run * PACKET : (run + 1) * PACKET])
        used.append(st.turned[run + 1])
    return used


def playout(state: GameState, rng: Random) -> GameState:
    """Play random legal actions from ``state`` to the end of its hand (or of the game) and
    return the final position; ``state`` itself is not changed.

    The count is made (scores and ``winner`` are final for the hand) but the next hand is
    not dealt.
    """
    st = state.clone()
    _play_out(st, rng)
    return st


def guided_playout(
    state: GameState, rng: Random, explore: float = EXPLORE, exact: int = EXACT_CARDS
) -> GameState:
    """``playout`` with sensible trick play instead of random cards: every seat plays by
    ``rollout``'s light policy (reading the hands of the world), a random legal card with
    probability ``explore``, and in a two-player game the last ``exact`` cards of the hand by
    exact play (``endgame``). Anything left before trick play (stand or beg, the dealer's
    answer, discards) is still chosen at random; ``state`` itself is not changed.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=4)
    >>> end = guided_playout(state, random.Random(1))
    >>> end.hand_number == state.hand_number, sum(end.scores) >= sum(state.scores)
    (True, True)
    """
    st = state.clone()
    _play_out(st, rng, explore, exact)
    return st


def simulate_hand(state: GameState, seat: int, rng: Random) -> GameState:
    """One sample of how the hand may end, as ``seat`` sees it: ``determinize`` then play out,
    on a single private copy.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("english"), seed=2)
    >>> simulate_hand(state, 0, random.Random(3)).hand_number == state.hand_number
    True
    """
    st = determinize(state, seat, rng)
    _play_out(st, rng)
    return st


def _play_out(st: GameState, rng: Random, explore: float = -1.0, exact: int = 0) -> None:
    """Play ``st`` to the end of its hand, in place: random legal actions, or guided trick
    play when ``explore`` is not negative (``guided_playout``)."""
    hand_number = st.hand_number
    random = rng.random
    while st.winner_ is None and st.hand_number == hand_number:
        seat = st.to_act_
        assert seat is not None
        if st.phase is Phase.PLAY:
            if explore < 0:
                play_out_tricks(st, random)
            else:
                play_out_tricks_guided(st, random, explore, exact)
            score_hand(st, None)
            return
        actions = legal_actions(st, seat)
        perform(st, seat, actions[int(random() * len(actions))], None, deal_next=False)
