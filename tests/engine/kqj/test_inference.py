"""Inference in KQJ: the worlds of level hard's search weighed by what the contract said
(``simulate.sample_likely``, the opponent model of ``engine/kqj/opponents.py``), exact on the
hard facts, uniform where the model says nothing (issue 21)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import kqj
from engine.cards import Card, mask_of
from engine.kqj import GameState
from engine.kqj import opponents as model
from engine.kqj.deck import SUIT_CARDS
from engine.kqj.inference import knowledge
from engine.kqj.players import hard
from engine.kqj.simulate import sample, sample_likely

from ..distributions import fits
from .support import AUCTION, BASE, VARIANTS, base_deal, card_count_ok, play_cards, random_step
from .test_play import SEED_HANDS


@pytest.fixture(params=[False, True], ids=["model off", "model on"])
def inference(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Level hard's world sampler with inference switched off, then on."""
    saved = hard.INFERENCE
    hard.INFERENCE = request.param
    yield request.param
    hard.INFERENCE = saved


def late_position(seed: int, passes: int, tricks: int = 7) -> GameState:
    """A base game where ``passes`` seats pass the Return and the next takes it, played on
    by the first legal card until ``tricks`` tricks are over."""
    state = kqj.new_game(BASE, seed)
    for _ in range(passes):
        state = kqj.apply(state, state.to_act, kqj.Pass()).state  # type: ignore[arg-type]
    state = kqj.apply(state, state.to_act, kqj.Take()).state  # type: ignore[arg-type]
    while state.tricks_played < tricks:
        seat = state.to_act
        assert seat is not None
        state = kqj.apply(state, seat, kqj.legal_actions(state, seat)[0]).state
    return state


def consistent_deals(view: kqj.PlayerView) -> list[tuple[int, ...]]:
    """Every deal of the unseen cards to the other hands that respects what the view shows
    (the viewer's knowledge), as the hidden hands of seats 0-5 (the viewer's own included)."""
    know = knowledge(view)
    unseen = [c for c in range(64) if know.unseen >> c & 1]
    seats = [s for s in range(6) if s != view.seat]
    room = [view.hand_sizes[s] - know.held[s].bit_count() for s in seats]
    found = []
    for order in itertools.permutations(unseen):
        hands = list(know.held)
        at = 0
        ok = True
        for seat, size in zip(seats, room, strict=True):
            for card in order[at : at + size]:
                if know.excluded[seat] >> card & 1:
                    ok = False
                hands[seat] |= 1 << card
            at += size
        if ok and at == len(order) and tuple(hands) not in found:
            found.append(tuple(hands))
    return found


def exact_weight(view: kqj.PlayerView, hands: tuple[int, ...]) -> float:
    """The model's chance of the record for these hidden hands, averaged over which five
    cards each seat was dealt first — listed, not drawn (the test's own account of the
    module docstring)."""
    record = model.history(view)
    returned = view.return_card.bit if view.return_card is not None else 0
    total = 1.0
    for seat in {s.seat for s in record.statements}:
        received = (hands[seat] | record.played[seat]) & ~returned
        cards = [c for c in range(64) if received >> c & 1]
        subsets = list(itertools.combinations(cards, 5))
        mean = 0.0
        for first in subsets:
            held = mask_of(Card.from_index(c) for c in first) | returned
            weight = 1.0
            for statement in record.statements:
                if statement.seat != seat:
                    continue
                if statement.contract >= 0:
                    value = model.strength(held, statement.contract)
                else:
                    value = max(model.strength(held, c) for c in range(record.contracts))
                chance = model.chance(value, statement.curve)
                weight *= chance if statement.above else 1.0 - chance
            mean += weight / len(subsets)
        total *= mean
    return total


@pytest.mark.parametrize("seed", [3, 8])
def test_the_worlds_follow_the_model_exactly_on_a_small_position(
    inference: bool, seed: int
) -> None:
    """Seven tricks in, one hidden card in each other hand: with the model off every
    consistent deal is equally likely (today's sampler); with it on, each comes up in
    proportion to the model's chance of the passes and the take (chi-square, 0.1%)."""
    state = late_position(seed, passes=3)
    view = kqj.observe(state, (state.dealer + 1) % 6)
    deals = consistent_deals(view)
    assert 6 <= len(deals) <= 120
    weights = {d: exact_weight(view, d) if inference else 1.0 for d in deals}
    total = sum(weights.values())
    exact = {d: w / total for d, w in weights.items()}
    deal = hard.world_sampler(view)
    rng = random.Random(seed)
    seen = Counter(tuple(deal(rng).hands) for _ in range(60 * len(deals)))
    assert fits(seen, exact)
    if inference:  # the model does say something here: it is not the uniform distribution
        uniform = {d: 1 / len(deals) for d in deals}
        assert max(abs(exact[d] - uniform[d]) for d in deals) > 0.2 / len(deals)


def test_with_nothing_said_the_samples_are_todays() -> None:
    """The first seat to speak has heard nothing: inference draws exactly ``sample``'s
    worlds, the same numbers from the generator."""
    state = kqj.new_game(BASE, 5)
    view = kqj.observe(state, state.to_act)
    assert model.history(view).says_nothing
    for seed in range(30):
        assert sample_likely(view, random.Random(seed)) == sample(view, random.Random(seed))


def test_a_refusal_to_beat_is_never_sampled_away_with_the_model_on(inference: bool) -> None:
    """After the seed's second trick, D, bound to beat the opponent's H♥, could not: with the
    model on as off, no world gives D a heart that beats it, and nobody who showed out of
    clubs gets a club (the hard facts stay exact, §5.4)."""
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    state, _ = play_cards(state, "Ac 4c 5c 6c 7c 8c Tc 6h Hh 4s Ts Hc")
    view = kqj.observe(state, 0)
    beaters = mask_of(Card.parse(c) for c in ["9h", "8h", "7h", "Ah", "Th"])
    deal = hard.world_sampler(view)
    rng = random.Random(2)
    for _ in range(300):
        guess = deal(rng)
        assert not guess.hands[3] & beaters
        for seat in (1, 2, 3, 4):
            assert not guess.hands[seat] & SUIT_CARDS[3]


Sampler = Callable[[kqj.PlayerView, random.Random], GameState]


def mean_strength(
    draw: Sampler, view: kqj.PlayerView, seats: list[int], contract: int, seed: int
) -> float:
    """The mean strength for ``contract`` of the hands of ``seats`` over 300 worlds of
    ``draw``."""
    rng = random.Random(seed)
    total = 0.0
    for _ in range(300):
        world = draw(view, rng)
        total += sum(model.strength(world.hands[seat], contract) for seat in seats)
    return total / 300 / len(seats)


def test_a_taker_holds_more_trumps_and_a_passer_fewer() -> None:
    """In the first round three seats passed the Return and the fourth took it: the worlds
    of inference give the taker a stronger hand in the trump suit and the passers a weaker
    one than uniform worlds do (same view, several deals)."""
    taker_gain = passer_gain = 0.0
    for seed in range(6):
        state = late_position(seed, passes=3, tricks=0)
        view = kqj.observe(state, (state.dealer + 5) % 6)  # the dealer's right: not a passer
        assert view.return_card is not None and view.declarer is not None
        suit = view.return_card.suit_index
        taker = [view.declarer]
        passers = [(state.dealer + 1 + k) % 6 for k in range(3)]
        taker_gain += mean_strength(sample_likely, view, taker, suit, seed)
        taker_gain -= mean_strength(sample, view, taker, suit, seed)
        passer_gain += mean_strength(sample_likely, view, passers, suit, seed)
        passer_gain -= mean_strength(sample, view, passers, suit, seed)
    assert taker_gain > 6 * 3 and passer_gain < -6 * 1


def test_a_bid_and_a_counter_make_their_hands_stronger() -> None:
    """Auction: after a bid of 150 in hearts and an opponent's counter, inference gives the
    bidder and the counterer more strength in hearts than uniform worlds do."""
    state = kqj.new_game(AUCTION, 12)
    bidder = state.to_act
    assert bidder is not None
    state = kqj.apply(state, bidder, kqj.Bid(150, "h")).state
    counterer = (bidder + 1) % 6
    state = kqj.apply(state, counterer, kqj.Counter()).state
    viewer = (bidder + 2) % 6
    view = kqj.observe(state, viewer)
    rng = random.Random(4)
    gains = []
    for seat in (bidder, counterer):
        likely = sum(model.strength(sample_likely(view, rng).hands[seat], 1) for _ in range(400))
        plain = sum(model.strength(sample(view, rng).hands[seat], 1) for _ in range(400))
        gains.append((likely - plain) / 400)
    assert min(gains) > 5


@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_likely_samples_agree_with_every_view_of_every_variant(seed: int) -> None:
    """At random positions of every variant, for the seat to act and another: a world of
    inference is one the seat cannot tell from the real state, and the deck is whole."""
    rng = random.Random(seed)
    for rules in VARIANTS.values():
        state = kqj.new_game(rules, seed)
        for _ in range(120):
            if state.winner is not None:
                break
            if rng.random() < 0.2:
                to_act = state.to_act if state.to_act is not None else 0
                for seat in (to_act, (to_act + 1 + rng.randrange(5)) % 6):
                    view = kqj.observe(state, seat)
                    guess = sample_likely(view, rng)
                    assert kqj.observe(guess, seat) == view
                    assert card_count_ok(guess)
            mover, action = random_step(state, rng)
            state = kqj.apply(state, mover, action).state
