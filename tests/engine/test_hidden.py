"""Uniform deals of hidden cards under constraints: the count and the draws checked against
brute-force enumeration; impossible positions refused; the per-view memo."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import mask_of, parse_cards
from engine.hidden import (
    HiddenDeal,
    InconsistentViewError,
    Knowledge,
    LatestViews,
    draw_likely,
    quick_deal,
)

from .distributions import fits

SMALL = settings(max_examples=300, deadline=None, derandomize=True, database=None)


def every_deal(cards: list[int], sizes: list[int], allowed: list[int]) -> list[tuple[int, ...]]:
    """Every assignment card -> slot with the slot sizes and the allowed masks respected."""
    found = []
    for slots in itertools.product(range(len(sizes)), repeat=len(cards)):
        if [slots.count(j) for j in range(len(sizes))] != sizes:
            continue
        if all(allowed[j] >> card & 1 for card, j in zip(cards, slots, strict=True)):
            found.append(slots)
    return found


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    """A few cards, 1-4 slots with sizes adding up, and a random allowed mask per slot (the
    last slot sometimes open to every card, like a stock)."""
    cards = draw(st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True))
    slots = draw(st.integers(1, 4))
    cuts = sorted(
        draw(st.lists(st.integers(0, len(cards)), min_size=slots - 1, max_size=slots - 1))
    )
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    allowed = [
        mask_of_indices(c for c in cards if draw(st.booleans()) or draw(st.booleans()))
        for _ in range(slots)
    ]
    if draw(st.booleans()):
        allowed[-1] = mask_of_indices(cards)
    return cards, sizes, allowed


def mask_of_indices(indices: object) -> int:
    mask = 0
    for index in indices:  # type: ignore[attr-defined]
        mask |= 1 << index
    return mask


def assignment(cards: list[int], drawn: list[list[int]]) -> tuple[int, ...]:
    slot_of = {card: j for j, held in enumerate(drawn) for card in held}
    return tuple(slot_of[card] for card in cards)


@SMALL
@given(instances())
def test_the_count_is_the_number_of_consistent_deals(
    instance: tuple[list[int], list[int], list[int]],
) -> None:
    """Counted by classes and chains, checked by listing every assignment."""
    cards, sizes, allowed = instance
    deals = every_deal(cards, sizes, allowed)
    if not deals:
        with pytest.raises(InconsistentViewError):
            HiddenDeal(mask_of_indices(cards), sizes, allowed)
        return
    deal = HiddenDeal(mask_of_indices(cards), sizes, allowed)
    assert deal.count == len(deals)
    rng = random.Random(1)
    for _ in range(20):
        drawn = deal.draw(rng.random)
        assert [len(held) for held in drawn] == sizes
        assert assignment(cards, drawn) in deals


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(instances())
def test_draws_are_uniform_over_the_consistent_deals(
    instance: tuple[list[int], list[int], list[int]],
) -> None:
    """Each consistent deal comes up about equally often (a generous bound, fixed seed)."""
    cards, sizes, allowed = instance
    deals = every_deal(cards, sizes, allowed)
    if not 2 <= len(deals) <= 30:
        return
    deal = HiddenDeal(mask_of_indices(cards), sizes, allowed)
    rng = random.Random(7)
    draws = 600 * len(deals)
    seen = Counter(assignment(cards, deal.draw(rng.random)) for _ in range(draws))
    assert set(seen) == set(deals)
    expected = draws / len(deals)
    assert all(abs(seen[d] - expected) < 0.2 * expected for d in deals)


def test_a_nested_and_a_crossing_constraint_together() -> None:
    """Three hands: one may hold only hearts, one no spades, one anything; every
    consistent deal is equally likely, chain and searched classes mixed."""
    cards = [c.index for c in parse_cards("As Ks Ah Kh Qh Ad")]
    hearts = mask_of(parse_cards("Ah Kh Qh"))
    everything = mask_of_indices(cards)
    no_spades = everything & ~mask_of(parse_cards("As Ks"))
    sizes, allowed = [1, 2, 3], [hearts, no_spades, everything]
    deals = every_deal(cards, sizes, allowed)
    deal = HiddenDeal(everything, sizes, allowed)
    assert deal.count == len(deals) == 3 * 3  # a heart alone, then two of the three left
    rng = random.Random(3)
    seen = Counter(assignment(cards, deal.draw(rng.random)) for _ in range(400 * len(deals)))
    assert all(abs(seen[d] - 400) < 80 for d in deals)


@pytest.mark.parametrize("first_hand", ["2h 3h", "2s 3s 4s 5s 2h 3h"])
def test_an_ordered_slot_gets_its_cards_in_random_order(first_hand: str) -> None:
    """The stock's order decides future runs: every card it may hold may come first, in
    every position, with or without constraints on the other hand."""
    pool = mask_of(parse_cards("2s 3s 4s 5s 2h 3h"))
    deal = HiddenDeal(pool, [2, 4], [mask_of(parse_cards(first_hand)), pool], ordered=[1])
    rng = random.Random(2)
    places = [Counter[int]() for _ in range(4)]
    for _ in range(6000):
        for at, card in enumerate(deal.draw(rng.random)[1]):
            places[at][card] += 1
    for place in places:
        choices = 4 if first_hand == "2h 3h" else 6
        expected = 6000 / choices
        assert len(place) == choices
        assert all(abs(count - expected) < 0.15 * expected for count in place.values())


@pytest.mark.parametrize("first_hand", ["2h", "2s 3s 4s 2h"])
def test_open_slots_are_split_uniformly(first_hand: str) -> None:
    """Slots that take any card (discards, stock) are counted together and split evenly."""
    pool = mask_of(parse_cards("2s 3s 4s 2h"))
    deal = HiddenDeal(pool, [1, 1, 2], [mask_of(parse_cards(first_hand)), pool, pool])
    rng = random.Random(5)
    seen = Counter(tuple(deal.draw(rng.random)[1]) for _ in range(4000))
    choices = 3 if first_hand == "2h" else 4
    assert deal.count == (3 if first_hand == "2h" else 12)
    assert len(seen) == choices
    assert all(abs(count - 4000 / choices) < 0.12 * 4000 / choices for count in seen.values())


@pytest.mark.parametrize(
    ("sizes", "allowed"),
    [
        ([1, 1], ["2s", "2s"]),  # two hands, one card only either may hold
        ([2, 0], ["2s", "2s 2h"]),  # a hand too small for what only it may hold
        ([1, 1], ["2s", ""]),  # a hand that may hold nothing
        ([1, 2], ["2s 2h", "2s 2h"]),  # sizes that do not add up
    ],
)
def test_impossible_positions_are_refused(sizes: list[int], allowed: list[str]) -> None:
    pool = mask_of(parse_cards("2s 2h"))
    with pytest.raises(InconsistentViewError):
        HiddenDeal(pool, sizes, [mask_of(parse_cards(a)) for a in allowed])


def test_knowledge_reads_voids_and_candidates() -> None:
    hearts = mask_of(parse_cards("Ah Kh"))
    spade = mask_of(parse_cards("As"))
    know = Knowledge(
        seat=0,
        unseen=hearts | spade,
        hand_sizes=(1, 1, 2),
        held=(mask_of(parse_cards("2c")), 0, 0),
        excluded=(~mask_of(parse_cards("2c")), hearts, 0),
    )
    assert know.voids(1) == "hdc" and know.is_void(1, "h") and not know.is_void(1, "s")
    assert [str(c) for c in know.candidates(1)] == ["As"]
    assert [str(c) for c in know.candidates(0)] == ["2c"]
    assert know.voids(2) == "dc"


def test_latest_views_reuses_what_was_built_for_the_same_object_only() -> None:
    built: list[list[int]] = []

    def build(view: list[int]) -> int:
        built.append(view)
        return len(built)

    memo: LatestViews[list[int], int] = LatestViews(build, size=2)
    first, equal, other = [1, 2], [1, 2], [3]
    assert memo(first) == 1 and memo(first) == 1
    assert memo(equal) == 2  # equal content, another object: built again
    assert memo(other) == 3
    assert memo(first) == 4  # pushed out of the two latest
    assert len(built) == 4


# --- quick_deal: the fast deal of determinize ----------------------------------------------------


@SMALL
@given(instances(), st.integers(0, 2**32 - 1))
def test_a_quick_deal_respects_every_constraint_or_gives_up(
    instance: tuple[list[int], list[int], list[int]], seed: int
) -> None:
    """Each slot gets its size in cards it allows, every card once; ``None`` only at a dead
    end (then HiddenDeal, which never fails where a deal exists, takes over)."""
    cards, sizes, allowed = instance
    drawn = quick_deal(mask_of_indices(cards), sizes, allowed, random.Random(seed).random)
    if drawn is None:
        return
    assert sorted(c for held in drawn for c in held) == sorted(cards)
    assert [len(held) for held in drawn] == sizes
    assert all(allowed[j] >> c & 1 for j, held in enumerate(drawn) for c in held)


def test_a_quick_deal_is_uniform_when_the_constraints_nest() -> None:
    """A void in one suit for one seat (the classes nest): every consistent deal is drawn
    equally often (the chain method of HiddenDeal, exact)."""
    cards = [c.index for c in parse_cards("2s 3s 4s 2h 3h 4h")]
    hearts = mask_of(parse_cards("2h 3h 4h"))
    pool = mask_of_indices(cards)
    sizes, allowed = [2, 2, 2], [hearts, pool, pool]
    deals = every_deal(cards, sizes, allowed)
    rng = random.Random(11)
    counts: Counter[tuple[int, ...]] = Counter()
    draws = 400 * len(deals)
    for _ in range(draws):
        drawn = quick_deal(pool, sizes, allowed, rng.random)
        assert drawn is not None
        counts[assignment(cards, drawn)] += 1
    assert set(counts) == set(deals)
    expected = draws / len(deals)
    assert all(abs(n - expected) < 0.25 * expected for n in counts.values())


def test_a_likely_draw_with_every_weight_one_is_the_plain_draw() -> None:
    """Weights of 1 (a model that says nothing): the first draw is kept, so the result is
    the plain draw's, whatever the generator."""
    rng = random.Random(5)
    draws = iter(range(1000))
    picks = [draw_likely(lambda: next(draws), lambda _: 1.0, rng.random) for _ in range(50)]
    assert picks == list(range(50))


def test_likely_draws_follow_the_weights() -> None:
    """Rejection sampling: each outcome comes up in proportion to its chance times its
    weight (chi-square, 0.1%), and an outcome of weight 0 never, unless nothing else can
    be kept."""
    rng = random.Random(9)
    weights = {0: 1.0, 1: 0.5, 2: 0.25, 3: 0.0, 4: 0.05}
    total = sum(weights.values())
    seen = Counter(
        draw_likely(lambda: rng.randrange(5), weights.__getitem__, rng.random) for _ in range(6000)
    )
    assert seen[3] == 0
    assert fits(seen, {k: w / total for k, w in weights.items()})


def test_a_likely_draw_falls_back_on_the_weights_after_its_tries() -> None:
    """Weights too small to be kept in a few tries: the pick is among the draws, in
    proportion to their weights."""
    rng = random.Random(2)
    seen = Counter(
        draw_likely(lambda: rng.randrange(2), lambda x: 1e-9 * (1 + 3 * x), rng.random, tries=40)
        for _ in range(2000)
    )
    assert 0.68 < seen[1] / 2000 < 0.82
