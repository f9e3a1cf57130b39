"""Where the unseen cards may be, for computer players of every family.

A seat's card counting ends in the same kind of fact whatever the game: the cards it has not
seen (``unseen``: other hands, undealt or discarded cards), how many cards each seat holds,
and cards a seat is known *not* to hold (``excluded``: a void shown in play, or a duty to
beat that was not met). ``CardOdds`` turns those facts into chances, with one simple model:
every unseen card is equally likely to fill any free slot of a hand that may hold it, or to
be away (in no hand), independently of the other cards. Each family reads its own facts from
its own view (``engine/allfours/players/knowledge.py``, ``engine/kqj/players/knowledge.py``).

>>> from engine.cards import Card, mask_of, parse_cards
>>> odds = CardOdds(seat=0, hand=mask_of(parse_cards("As")), unseen=mask_of(parse_cards(
...     "Ks Qs Kh")), hand_sizes=(1, 1, 1), excluded=(0, mask_of(parse_cards("Ks Qs")), 0), away=1)
>>> odds.holding_chance(1, Card.parse("Ks").index), odds.holding_chance(2, Card.parse("Ks").index)
(0.0, 0.5)
>>> round(odds.chance_any([1, 2], mask_of(parse_cards("Kh"))), 3)
0.667
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import iter_indices


class CardOdds:
    """Chances that seats hold cards, from what ``seat`` knows (see the module docstring)."""

    __slots__ = ("_room", "away", "excluded", "hand", "hand_sizes", "seat", "unseen")

    def __init__(
        self,
        *,
        seat: int,
        hand: int,
        unseen: int,
        hand_sizes: Sequence[int],
        excluded: Sequence[int],
        away: int,
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.unseen = unseen
        self.hand_sizes = tuple(hand_sizes)
        self.excluded = tuple(excluded)
        self.away = max(away, 0)
        others = [s for s in range(len(self.hand_sizes)) if s != seat]
        room: dict[int, int] = {}
        for card in iter_indices(unseen):
            bit = 1 << card
            room[card] = self.away + sum(
                self.hand_sizes[s] for s in others if not self.excluded[s] & bit
            )
        self._room = room

    def holding_chance(self, seat: int, card: int) -> float:
        """The chance that ``seat`` holds ``card`` now (own cards are certain, seen cards and
        excluded cards impossible)."""
        bit = 1 << card
        if seat == self.seat:
            return 1.0 if self.hand & bit else 0.0
        if not self.unseen & bit or self.excluded[seat] & bit:
            return 0.0
        room = self._room[card]
        return self.hand_sizes[seat] / room if room else 0.0

    def chance_any(self, seats: Iterable[int], mask: int) -> float:
        """The chance that at least one of ``seats`` holds at least one card of ``mask``."""
        seats = list(seats)
        if self.seat in seats:
            if self.hand & mask:
                return 1.0
            seats.remove(self.seat)
        cards = mask & self.unseen
        if not cards or not seats:
            return 0.0
        sizes = self.hand_sizes
        excluded = self.excluded
        none = 1.0
        for card in iter_indices(cards):
            room = self._room[card]
            if not room:
                continue
            bit = 1 << card
            slots = 0
            for s in seats:
                if not excluded[s] & bit:
                    slots += sizes[s]
            if slots:
                none *= max(1.0 - slots / room, 0.0)
        return 1.0 - none

    def in_play_chance(self) -> float:
        """The chance that an unseen card is in some hand rather than away."""
        count = self.unseen.bit_count()
        return 1.0 - self.away / count if count else 0.0


__all__ = ["CardOdds"]
