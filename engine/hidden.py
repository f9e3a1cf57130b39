"""Hidden cards, shared by both game families: what one seat knows about them (``Knowledge``)
and uniform random deals that agree with it (``HiddenDeal``).

A search player (PIMC / information-set MCTS) is given a ``PlayerView`` only. To simulate, it
deals the cards it cannot see again: other hands, face-down discards, the undealt stock. A
hand may only take cards its owner can still hold: the play has proved some cards absent
(a player who did not follow suit has none of it, RULES.md §1.3, §5.4), and some cards are
known to be in a given hand (the KQJ Return, taken in full view). ``HiddenDeal`` counts every
deal that respects those facts and draws one of them uniformly at random.

>>> from random import Random
>>> from engine.cards import mask_of, parse_cards
>>> spades, hearts = mask_of(parse_cards("As Ks")), mask_of(parse_cards("Ah Kh"))
>>> deal = HiddenDeal(spades | hearts, sizes=[2, 2], allowed=[hearts, spades | hearts])
>>> deal.count  # the first hand has shown out of spades: it must hold both hearts
1
>>> [str(Card.from_index(c)) for c in sorted(deal.draw(Random(1).random)[0])]
['Kh', 'Ah']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from operator import sub
from typing import Final, Generic, TypeVar

from engine.cards import SUIT_MASKS, SUITS, Card, cards_in
from engine.core import EngineError
from engine.shuffles import shuffle_prefix


class InconsistentViewError(EngineError):
    """A view whose hidden cards cannot be dealt at all (it was not made by ``observe``)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about the cards it cannot see, as hand masks (``engine.cards``).

    - ``seat``: the seat that knows this (``None``: a spectator).
    - ``unseen``: the cards that seat has not seen: other hands, other players' discards, the
      undealt stock. Everything else is in its own hand or discards, or face up (played,
      turned) — card counting starts here.
    - ``hand_sizes``: how many cards each seat holds now.
    - ``held``: for each seat, the cards known to be in its hand: the viewer's own hand, and in
      KQJ the Return in the declarer's hand until it is played.
    - ``excluded``: for each seat, the cards it is known not to hold: what its plays proved
      (the family's ``ruled_out_by_play``), and for the viewer everything but its hand.

    >>> know = Knowledge(seat=0, unseen=0b1100, hand_sizes=(1, 2), held=(0b1, 0),
    ...                  excluded=(~0b1, 0))
    >>> know.may_hold(0), know.may_hold(1)
    (1, 12)
    """

    seat: int | None
    unseen: int
    hand_sizes: tuple[int, ...]
    held: tuple[int, ...]
    excluded: tuple[int, ...]

    def may_hold(self, seat: int) -> int:
        """The cards ``seat`` may have in hand now: the known ones plus every unseen card its
        play has not ruled out."""
        return self.held[seat] | (self.unseen & ~self.excluded[seat])

    def is_void(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` certainly holds no card of ``suit`` (shown out of it, or every card
        of it is accounted for elsewhere).

        >>> from engine.cards import mask_of, parse_cards
        >>> hearts = mask_of(parse_cards("Ah Kh"))
        >>> know = Knowledge(seat=None, unseen=hearts, hand_sizes=(1, 1), held=(0, 0),
        ...                  excluded=(hearts, 0))
        >>> know.is_void(0, "h"), know.is_void(1, "h"), know.is_void(1, "s")
        (True, False, True)
        """
        return not self.may_hold(seat) & SUIT_MASKS[SUITS.index(suit)]

    def voids(self, seat: int) -> str:
        """The suits ``seat`` certainly holds none of, as suit letters in ``s h d c`` order."""
        possible = self.may_hold(seat)
        return "".join(SUITS[s] for s in range(4) if not possible & SUIT_MASKS[s])

    def candidates(self, seat: int) -> tuple[Card, ...]:
        """``may_hold(seat)`` as cards, by suit then rank."""
        return tuple(cards_in(self.may_hold(seat)))


# --- uniform constrained deals ------------------------------------------------------------------

_FACTORIALS: Final = tuple(factorial(k) for k in range(65))


@dataclass(slots=True)
class _Choice:
    """The ways to split one class of cards among the places, from one position of the
    count: each split (the room it takes from every place) with its running share of the
    deals, as floats for a draw by ``random()``."""

    splits: list[tuple[int, ...]]
    cumulative: list[float]


_CardClass = tuple[tuple[int, ...], list[int]]
"""A class of cards allowed in exactly the same places: (those places, the cards)."""


class HiddenDeal:
    """Every way to deal the cards of ``pool`` (a hand mask) into slots of the given ``sizes``,
    slot ``j`` taking only cards of ``allowed[j]``; ``draw`` picks one uniformly at random.

    The slots that take any card (discards, the stock) are counted as one place, split
    uniformly at the end. The cards are grouped into classes of cards allowed in exactly the
    same places. Think of a place of size ``k`` as ``k`` distinct positions:

    - Classes whose sets of places are nested (a chain ``A ⊆ B ⊆ ...``; the cards allowed
      everywhere always end it) are placed most constrained first, each card on a free
      position of its places chosen uniformly: however the earlier cards fell, the same
      number of positions is left to the next one (as on a Ferrers board), so this is exact
      and the count is a closed product.
    - The other classes are split among their places by dynamic programming over those
      classes: the count of deals is a sum, over how many cards of each class go to each
      place, of multinomial coefficients times the closed count of the chain; a draw chooses
      each class's split in proportion to the deals that follow from it.

    So every consistent deal has the same chance (up to the rounding of ``random()``, as in
    ``shuffle_prefix``). It never fails when a deal exists, and raises
    ``InconsistentViewError`` when none does. The work of the count grows with the classes
    off the chain (the many-voids positions of a six-player game); it is done once, and
    every draw then costs about one shuffle.

    Slots listed in ``ordered`` also get their cards in uniformly random order (a stock whose
    order decides future runs or the completion); the order within other slots is arbitrary.

    >>> from random import Random
    >>> from engine.cards import mask_of, parse_cards
    >>> pool = mask_of(parse_cards("2s 3s 4s 2h 3h 4h"))
    >>> no_spades = mask_of(parse_cards("2h 3h 4h"))
    >>> deal = HiddenDeal(pool, sizes=[3, 3], allowed=[no_spades, pool])
    >>> drawn = deal.draw(Random(7).random)
    >>> deal.count, mask_of(Card.from_index(c) for c in drawn[0]) == no_spades
    (1, True)
    >>> HiddenDeal(pool, sizes=[2, 4], allowed=[no_spades, pool]).count  # two of the hearts
    3
    """

    __slots__ = (
        "_caps",
        "_chain",
        "_choices",
        "_counts",
        "_filler",
        "_ordered_places",
        "_places",
        "_searched",
        "_sizes",
        "count",
    )

    def __init__(
        self,
        pool: int,
        sizes: Sequence[int],
        allowed: Sequence[int],
        ordered: Collection[int] = (),
    ) -> None:
        if len(sizes) != len(allowed):
            raise ValueError("one allowed mask per slot")
        if any(size < 0 for size in sizes) or sum(sizes) != pool.bit_count():
            raise InconsistentViewError(
                f"{pool.bit_count()} hidden cards cannot fill places of sizes {list(sizes)}"
            )
        self._sizes = tuple(sizes)
        # Places: each slot that refuses some card on its own, and all the slots that take
        # any card together (their split is uniform once the place's cards are known).
        live = [j for j in range(len(sizes)) if sizes[j]]
        open_slots = tuple(j for j in live if allowed[j] & pool == pool)
        places: list[tuple[int, ...]] = [(j,) for j in live if j not in open_slots]
        place_allowed = [allowed[j] for j in live if j not in open_slots]
        if open_slots:
            places.append(open_slots)
            place_allowed.append(pool)
        self._places = tuple(places)
        self._caps = tuple(sum(sizes[j] for j in place) for place in places)
        self._ordered_places = tuple(any(j in ordered for j in place) for place in places)
        classes = _classes(pool, place_allowed)
        everywhere = tuple(range(len(places)))
        filler = [cards for where, cards in classes if where == everywhere]
        self._filler = filler[0] if filler else []
        self._chain, self._searched = _split_chain(
            [entry for entry in classes if entry[0] != everywhere]
        )
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], _Choice] = {}
        count = self._count(0, self._caps)
        if open_slots:  # the ways to split the open place among its slots
            count *= _FACTORIALS[self._caps[-1]]
            for j in open_slots:
                count //= _FACTORIALS[sizes[j]]
        self.count = count
        if not count:
            raise InconsistentViewError("the known facts leave no way to deal the hidden cards")

    def _count(self, index: int, caps: tuple[int, ...]) -> int:
        """Deals of the searched classes ``index..``, the chain and the filler into places
        with room ``caps``."""
        key = (index, caps)
        found = self._counts.get(key)
        if found is not None:
            return found
        if index == len(self._searched):
            total = self._chain_count(caps)
        else:
            total = 0
            for _, ways in self._branches(index, caps):
                total += ways
        self._counts[key] = total
        return total

    def _chain_count(self, caps: tuple[int, ...]) -> int:
        """Deals of the chain and the filler: positions taken class after class, most
        constrained first, then the filler on the rest; over the orders within places."""
        total = 1
        used = 0
        for where, cards in self._chain:
            free = sum(caps[k] for k in where) - used
            size = len(cards)
            if free < size:
                return 0
            total *= _FACTORIALS[free] // _FACTORIALS[free - size]
            used += size
        total *= _FACTORIALS[len(self._filler)]
        for room in caps:
            total //= _FACTORIALS[room]
        return total

    def _branches(self, index: int, caps: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each split of searched class ``index`` among its places (as the room it takes from
        every place), with the deals that follow it."""
        where, cards = self._searched[index]
        rooms = tuple(caps[k] for k in where)
        found: list[tuple[tuple[int, ...], int]] = []
        count = self._count
        following = index + 1
        for taken, weight in _moves(len(cards), where, rooms, len(caps)):
            ways = weight * count(following, tuple(map(sub, caps, taken)))
            if ways:
                found.append((taken, ways))
        return found

    def _choice(self, index: int, caps: tuple[int, ...]) -> _Choice:
        key = (index, caps)
        found = self._choices.get(key)
        if found is not None:
            return found
        total = self._count(index, caps)
        splits: list[tuple[int, ...]] = []
        cumulative: list[float] = []
        running = 0
        for split, ways in self._branches(index, caps):
            running += ways
            splits.append(split)
            cumulative.append(running / total)
        cumulative[-1] = 1.0
        choice = _Choice(splits, cumulative)
        self._choices[key] = choice
        return choice

    def draw(self, random: Callable[[], float]) -> list[list[int]]:
        """One deal, uniformly at random: the card indices of each slot."""
        held: list[list[int]] = [[] for _ in self._places]
        caps = self._caps
        for index, (where, cards) in enumerate(self._searched):
            choice = self._choice(index, caps)
            pick = random()
            at = 0
            cumulative = choice.cumulative
            while cumulative[at] <= pick:
                at += 1
            taken = choice.splits[at]
            order = cards[:]
            shuffle_prefix(order, random, len(order) - taken[where[-1]])
            pos = 0
            for k in where:
                share = taken[k]
                if share:
                    held[k].extend(order[pos : pos + share])
                    pos += share
            caps = tuple(map(sub, caps, taken))
        room = list(caps)
        for where, cards in self._chain:
            free = 0
            for k in where:
                free += room[k]
            for card in cards:  # a uniformly chosen free position of this class's places
                pick = random() * free
                for k in where:
                    pick -= room[k]
                    if pick < 0:
                        break
                else:  # rounding at the very top: the last place with room
                    k = next(k for k in reversed(where) if room[k])
                held[k].append(card)
                room[k] -= 1
                free -= 1
        filler = self._filler[:]
        last = len(room) - 1
        if last >= 0:
            # The places before the last get a uniform draw of the filler, in random order;
            # the last place takes the rest, in arbitrary order (shuffled below if needed).
            shuffle_prefix(filler, random, len(filler) - room[last])
        pos = 0
        for k, left in enumerate(room):
            if left:
                held[k].extend(filler[pos : pos + left])
                pos += left
        sizes = self._sizes
        mixed = bool(self._searched or self._chain)
        found: list[list[int]] = [[] for _ in sizes]
        for k, place in enumerate(self._places):
            cards = held[k]
            if self._ordered_places[k] and (mixed or k == last):
                shuffle_prefix(cards, random)
            elif len(place) > 1 and (mixed or k == last):
                shuffle_prefix(cards, random, len(cards) - sizes[place[-1]])
            pos = 0
            for j in place:
                found[j] = cards[pos : pos + sizes[j]]
                pos += sizes[j]
        return found


def _classes(pool: int, place_allowed: Sequence[int]) -> list[_CardClass]:
    """The cards of ``pool`` grouped by the places that allow them; a card no place allows
    raises ``InconsistentViewError``."""
    parts: list[tuple[int, int]] = [(pool, 0)] if pool else []
    for k, inside_of in enumerate(place_allowed):
        split: list[tuple[int, int]] = []
        for mask, signature in parts:
            inside = mask & inside_of
            if inside:
                split.append((inside, signature | 1 << k))
            outside = mask & ~inside_of
            if outside:
                split.append((outside, signature))
        parts = split
    found: list[_CardClass] = []
    for mask, signature in parts:
        if not signature:
            raise InconsistentViewError(
                f"no hidden place may hold {' '.join(str(c) for c in cards_in(mask))}"
            )
        where = tuple(k for k in range(len(place_allowed)) if signature >> k & 1)
        found.append((where, _indices(mask)))
    return found


def _indices(mask: int) -> list[int]:
    """The card indices of a mask, ascending (a list built in one loop: this runs once per
    class of every view a search samples from)."""
    found: list[int] = []
    append = found.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return found


def _split_chain(classes: list[_CardClass]) -> tuple[list[_CardClass], list[_CardClass]]:
    """The classes holding the most cards whose places are nested (a chain, most
    constrained first), and the others, most constrained first (fewer splits near the root
    of the count).

    >>> chain, others = _split_chain([((0,), [1]), ((0, 1), [2, 3]), ((1, 2), [4])])
    >>> chain, others
    ([((0,), [1]), ((0, 1), [2, 3])], [((1, 2), [4])])
    """
    ordered = sorted(classes, key=lambda entry: len(entry[0]))
    masks = [sum(1 << k for k in where) for where, _ in ordered]
    best: list[int] = []
    before: list[int] = []
    for i, (_, cards) in enumerate(ordered):
        value, link = len(cards), -1
        for j in range(i):
            if masks[j] & masks[i] == masks[j] and best[j] + len(cards) > value:
                value, link = best[j] + len(cards), j
        best.append(value)
        before.append(link)
    chain_at: set[int] = set()
    at = max(range(len(ordered)), key=best.__getitem__) if ordered else -1
    while at >= 0:
        chain_at.add(at)
        at = before[at]
    chain = [ordered[i] for i in sorted(chain_at)]
    others = [ordered[i] for i in range(len(ordered)) if i not in chain_at]
    others.sort(key=lambda entry: (len(entry[0]), -len(entry[1])))
    return chain, others


@lru_cache(maxsize=4096)
def _moves(
    size: int, where: tuple[int, ...], rooms: tuple[int, ...], width: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every split of a class of ``size`` cards among the places ``where`` (of ``width``
    places, with ``rooms`` left in them) as the room it takes from each place, with the
    ways to choose which cards go where: ``size! / (k1! k2! ...)``.

    >>> _moves(2, (0, 2), (1, 2), 3)
    (((0, 0, 2), 1), ((1, 0, 1), 2))
    """
    found: list[tuple[tuple[int, ...], int]] = []
    last = len(where) - 1
    later = [0] * (last + 2)  # room in the places after each one
    for at in range(last, -1, -1):
        later[at] = later[at + 1] + rooms[at]
    taken = [0] * width

    def place(at: int, left: int, weight: int) -> None:
        k = where[at]
        if at == last:
            if left <= rooms[at]:
                taken[k] = left
                found.append((tuple(taken), weight // _FACTORIALS[left]))
            return
        for share in range(max(0, left - later[at + 1]), min(left, rooms[at]) + 1):
            taken[k] = share
            place(at + 1, left - share, weight // _FACTORIALS[share])
        taken[k] = 0

    if later[0] >= size:
        place(0, size, _FACTORIALS[size])
    return tuple(found)


def quick_deal(
    pool: int,
    sizes: Sequence[int],
    allowed: Sequence[int],
    random: Callable[[], float],
    ordered: Collection[int] = (),
) -> list[list[int]] | None:
    """A random deal of the cards of ``pool`` into slots of the given ``sizes``, slot ``j``
    taking only cards of ``allowed[j]``, for play-outs that need one fast rather than exactly
    uniform (``determinize``): ``None`` if it reaches a dead end (then use ``HiddenDeal``).

    The cards allowed everywhere are dealt last, uniformly into the room left; before them,
    each constrained card, the most constrained classes first, goes to a free position of the
    slots that allow it, chosen uniformly — ``HiddenDeal``'s chain method. So the deal is
    exactly uniform when the classes of constrained cards nest (one seat void in a suit, or
    several void in the same suits), and close to uniform otherwise. Slots in ``ordered`` get
    their cards in random order.

    >>> from random import Random
    >>> from engine.cards import mask_of, parse_cards
    >>> pool = mask_of(parse_cards("2s 3s 4s 2h 3h 4h"))
    >>> no_spades = mask_of(parse_cards("2h 3h 4h"))
    >>> drawn = quick_deal(pool, [3, 3], [no_spades, pool], Random(7).random)
    >>> sorted(str(Card.from_index(c)) for c in drawn[0])
    ['2h', '3h', '4h']
    """
    count = len(sizes)
    room = list(sizes)
    live = [k for k in range(count) if room[k]]
    everywhere = 0
    parts = [(pool, 0)] if pool else []
    for k in live:
        everywhere |= 1 << k
        inside_of = allowed[k]
        if inside_of & pool == pool:
            parts = [(mask, signature | 1 << k) for mask, signature in parts]
            continue
        split: list[tuple[int, int]] = []
        for mask, signature in parts:
            inside = mask & inside_of
            if inside:
                split.append((inside, signature | 1 << k))
            outside = mask & ~inside_of
            if outside:
                split.append((outside, signature))
        parts = split
    found: list[list[int]] = [[] for _ in range(count)]
    filler: list[int] = []
    constrained: list[tuple[int, int, int]] = []
    for mask, signature in parts:
        if signature == everywhere:
            filler = _indices(mask)
        else:
            constrained.append((signature.bit_count(), signature, mask))
    constrained.sort()
    for _, signature, mask in constrained:
        where = [k for k in live if signature >> k & 1]
        cards = _indices(mask)
        free = 0
        for k in where:
            free += room[k]
        if free < len(cards):
            return None
        if len(where) == 1:
            found[where[0]] += cards
            room[where[0]] -= len(cards)
            continue
        for card in cards:
            pick = random() * free
            for k in where:
                pick -= room[k]
                if pick < 0 and room[k]:
                    break
            else:  # rounding at the very top: the last place with room
                k = next(k for k in reversed(where) if room[k])
            found[k].append(card)
            room[k] -= 1
            free -= 1
    shuffle_prefix(filler, random)
    pos = 0
    for k in live:
        left = room[k]
        if left:
            found[k].extend(filler[pos : pos + left])
            pos += left
    for k in ordered:
        if k < count and len(found[k]) > 1:
            shuffle_prefix(found[k], random)
    return found


def random_order(cards: int, random: Callable[[], float]) -> list[int]:
    """The card indices of mask ``cards`` in uniformly random order: the order a player may
    have received them in, when only the whole set is known (its first cards are then a
    uniform draw of the cards it held first).

    >>> from random import Random
    >>> sorted(random_order(0b1011, Random(1).random))
    [0, 1, 3]
    """
    indices = _indices(cards)
    shuffle_prefix(indices, random)
    return indices


def first_of(order: Sequence[int], size: int) -> int:
    """The first ``size`` cards of ``order`` as a mask.

    >>> first_of([3, 0, 1], 2)
    9
    """
    mask = 0
    for card in order[:size]:
        mask |= 1 << card
    return mask


DrawnT = TypeVar("DrawnT")

LIKELY_TRIES: Final = 48
"""Draws ``draw_likely`` tries before it stops rejecting (see there)."""


def draw_likely(
    draw: Callable[[], DrawnT],
    weigh: Callable[[DrawnT], float],
    random: Callable[[], float],
    tries: int = LIKELY_TRIES,
) -> DrawnT:
    """One of ``draw()``'s results, drawn in proportion to ``weigh(result)`` (a chance, 0 to 1):
    the sampled deals of inference, weighed by an opponent model's chance of what the players
    said and did.

    Rejection sampling: each draw is kept with probability equal to its weight, so a kept draw
    follows exactly the distribution of ``draw`` reweighted by ``weigh`` (and where every
    weight is 1, exactly ``draw``'s, with one more number drawn from ``random``). After
    ``tries`` draws without one kept, it picks one of them in proportion to their weights
    (sampling-importance-resampling: close to the same distribution, and it never fails).

    >>> from random import Random
    >>> rng = Random(3)
    >>> picks = [draw_likely(lambda: int(rng.random() * 2), lambda x: 1.0 if x else 0.1,
    ...                      rng.random) for _ in range(2000)]
    >>> 0.88 < sum(picks) / len(picks) < 0.94  # 1 / 1.1 of the draws are ones
    True
    """
    drawn: list[DrawnT] = []
    weights: list[float] = []
    for _ in range(tries):
        found = draw()
        weight = weigh(found)
        if random() < weight:
            return found
        drawn.append(found)
        weights.append(weight)
    pick = random() * sum(weights)
    for found, weight in zip(drawn, weights, strict=True):
        pick -= weight
        if pick < 0:
            return found
    return drawn[-1]


ViewT = TypeVar("ViewT")
BuiltT = TypeVar("BuiltT")


class LatestViews(Generic[ViewT, BuiltT]):
    """What was built for the latest few views, found again by identity (``is``).

    A search samples thousands of states from the one view it was given; building the
    knowledge and the count of deals once per view, not once per sample, is what makes
    ``sample`` about as cheap as ``determinize``. Views are frozen, so the same object always
    means the same content; an equal view that is another object is simply built again. The
    entries are replaced as one tuple, so concurrent callers at worst build twice.
    """

    __slots__ = ("_build", "_entries", "_size")

    def __init__(self, build: Callable[[ViewT], BuiltT], size: int = 4) -> None:
        self._build = build
        self._size = size
        self._entries: tuple[tuple[ViewT, BuiltT], ...] = ()

    def __call__(self, view: ViewT) -> BuiltT:
        entries = self._entries
        for seen, built in entries:
            if seen is view:
                return built
        made = self._build(view)
        self._entries = ((view, made), *entries[: self._size - 1])
        return made
