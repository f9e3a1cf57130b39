"""The All Fours game state: a compact record of ints, treated as immutable by everyone outside
the engine's own rule functions.

Cards are card indices and hands are bitmasks (``engine.cards``), so a live table costs a
handful of small objects and copying a state for ``apply`` or for a simulation is cheap. The
public surface is read-only properties that hand out ``Card`` objects and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Final

from engine.allfours.deck import trick_winner_offset
from engine.allfours.rules import Ruleset
from engine.cards import STANDARD_DECK_MASK, Card, card_at, cards_in
from engine.core import (
    PointsAwarded,
    StateFormatError,
    card_index,
    card_indices,
    card_mask,
    card_texts,
    dumps_compact,
    loads_object,
    mask_texts,
    seats_of_plays,
    whole_number,
)

FORMAT_VERSION: Final = 2
"""2: the trick record card by card (``plays``, ``winners``); 1 (still read): completed
tricks as ``history``, the trick on the table, per-seat played and captured cards."""


class Phase(StrEnum):
    """Where a deal stands. ``DECLARE``: stand/beg (or accept/refuse with 3-4 players);
    ``REPLY``: the dealer takes one or runs the pack; ``DISCARD``: players holding more than six
    discard; ``PLAY``: tricks; ``OVER``: the game has a winner."""

    DECLARE = "declare"
    REPLY = "reply"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


FIELDS: Final = (
    "awards",
    "candidate",
    "deal_count",
    "dealer",
    "discards",
    "hand_number",
    "hands",
    "leader",
    "led",
    "master_card",
    "master_seat",
    "phase",
    "players",
    "plays",
    "rules",
    "scores_",
    "seed",
    "seen_suits",
    "stock",
    "stock_pos",
    "to_act_",
    "trump",
    "turned",
    "winner_",
    "winners",
    "won_by_side",
)
"""The fields of ``GameState`` (its slots), which equality compares: a module constant, so
that the compiled build (scripts/compile_engine.py) reads them too."""


class GameState:
    """A whole All Fours game at one moment. Build it with ``new_game`` or ``deal``; advance it
    with ``apply``. Equal states compare equal and serialise to the same JSON.

    The trick record is kept card by card, as in KQJ: ``plays`` every card played this hand
    in order, ``winners`` the winner of each completed trick, ``leader`` who leads the current
    trick, ``led`` the suit led to it, ``master_seat`` / ``master_card`` the card winning it so
    far (all three ``-1`` between tricks); ``won_by_side`` the cards of the tricks each side
    has won, added as each trick is won. Who held a card when trick play began and who
    captured it are read from that record (``holders_and_takers``).
    """

    __slots__ = FIELDS

    rules: Ruleset
    players: int
    seed: int
    deal_count: int
    hand_number: int
    phase: Phase
    dealer: int
    to_act_: int | None
    hands: list[int]
    discards: list[int]
    scores_: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    turned: tuple[int, ...]
    candidate: int
    seen_suits: int
    trump: int
    plays: tuple[int, ...]
    winners: tuple[int, ...]
    leader: int
    led: int
    master_seat: int
    master_card: int
    won_by_side: list[int]
    awards: tuple[PointsAwarded, ...]
    winner_: int | None

    # --- the public, read-only surface --------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat expected to act next; ``None`` once the game is over.

        While several seats must discard, it is the first of them from the elder; the others
        may discard too (``legal_actions`` lists their discards)."""
        return self.to_act_

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each side, indexed by side."""
        return tuple(self.scores_)

    @property
    def winner(self) -> int | None:
        """The winning side, fixed at the first award that reached the target."""
        return self.winner_

    @property
    def is_over(self) -> bool:
        return self.winner_ is not None

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (``seat % sides``)."""
        return seat % self.rules.sides

    @property
    def elder(self) -> int:
        """The dealer's next seat: stands or begs first and leads to the first trick."""
        return (self.dealer + 1) % self.players

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter once fixed for this deal."""
        return "shdc"[self.trump] if self.trump >= 0 else None

    @property
    def kick(self) -> Card | None:
        """The card currently turned up as the trump candidate (the latest kick)."""
        return card_at(self.candidate) if self.candidate >= 0 else None

    @property
    def turned_cards(self) -> tuple[Card, ...]:
        """Every card turned face up this deal, in order (kicks and set-aside candidates)."""
        return tuple(card_at(i) for i in self.turned)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (hidden information: show it to that seat only)."""
        return tuple(cards_in(self.hands[seat]))

    @property
    def hand_awards(self) -> tuple[PointsAwarded, ...]:
        """Points scored so far in the current hand (kicks, take one / gift), in order.

        Kicks of a deal that was thrown in stay listed: their points are kept (§1.6)."""
        return self.awards

    @property
    def tricks_played(self) -> int:
        """Tricks completed this hand."""
        return len(self.winners)

    @property
    def trick(self) -> tuple[int, ...]:
        """The card indices of the trick in progress, in playing order."""
        return self.plays[len(self.winners) * self.players :]

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table in playing order, as ``(seat, card)``."""
        n = self.players
        return tuple(((self.leader + i) % n, card_at(c)) for i, c in enumerate(self.trick))

    @property
    def previous_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last completed trick of this hand as ``(seat, card)``; empty before the first."""
        winners = self.winners
        if not winners:
            return ()
        n = self.players
        lead = winners[-2] if len(winners) > 1 else self.elder
        start = (len(winners) - 1) * n
        return tuple(
            ((lead + i) % n, card_at(c)) for i, c in enumerate(self.plays[start : start + n])
        )

    @property
    def previous_trick_winner(self) -> int | None:
        """Who won ``previous_trick``."""
        return self.winners[-1] if self.winners else None

    @property
    def played(self) -> tuple[int, ...]:
        """For each seat, the cards it has played this hand (a hand mask)."""
        return holders_and_takers(self)[0]

    @property
    def captured(self) -> tuple[int, ...]:
        """For each seat, the cards of the tricks it has won this hand (a hand mask)."""
        return holders_and_takers(self)[1]

    # --- copying, equality, serialisation -----------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy (the engine copies before every change)."""
        new = GameState.__new__(GameState)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new.deal_count = self.deal_count
        new.hand_number = self.hand_number
        new.phase = self.phase
        new.dealer = self.dealer
        new.to_act_ = self.to_act_
        new.hands = self.hands[:]
        new.discards = self.discards[:]
        new.scores_ = self.scores_[:]
        new.stock = self.stock
        new.stock_pos = self.stock_pos
        new.turned = self.turned
        new.candidate = self.candidate
        new.seen_suits = self.seen_suits
        new.trump = self.trump
        new.plays = self.plays
        new.winners = self.winners
        new.leader = self.leader
        new.led = self.led
        new.master_seat = self.master_seat
        new.master_card = self.master_card
        new.won_by_side = self.won_by_side[:]
        new.awards = self.awards
        new.winner_ = self.winner_
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<All Fours {self.rules.variant} hand {self.hand_number} {self.phase.value} "
            f"dealer={self.dealer} to_act={self.to_act_} scores={self.scores}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; cards as text, hands as lists (hidden cards included)."""

        return {
            "format": FORMAT_VERSION,
            "game": "allfours",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_count": self.deal_count,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "to_act": self.to_act_,
            "hands": [mask_texts(m) for m in self.hands],
            "discards": [mask_texts(m) for m in self.discards],
            "stock": card_texts(self.stock),
            "stock_pos": self.stock_pos,
            "turned": card_texts(self.turned),
            "candidate": str(card_at(self.candidate)) if self.candidate >= 0 else None,
            "seen_suits": self.seen_suits,
            "trump": self.trump,
            "plays": card_texts(self.plays),
            "winners": list(self.winners),
            "scores": list(self.scores_),
            "winner": self.winner_,
            "awards": [_award_to_dict(a) for a in self.awards],
        }

    def to_json(self) -> str:
        """Deterministic JSON text of the whole state (``GameState.from_json`` reads it)."""
        return dumps_compact(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Rebuild a state from ``to_json`` output; anything malformed raises."""
        return cls.from_dict(loads_object(text, "All Fours state"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Read ``to_dict`` output, or a snapshot of the first format (written before the
        trick record was kept card by card: its tricks are rebuilt from its history)."""
        try:
            return _state_from_dict(data)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateFormatError(f"not a valid All Fours state: {exc!r}") from None


def holders_and_takers(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each seat, the cards it played this hand and the cards of the tricks it won (hand
    masks), read from the trick record: the first trick is led by the elder, each later one by
    the winner of the one before (§1.3, §2.5, §3.5). A card in play is held by whoever played
    it (§0), and captured by the winner of its trick.

    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("seven-up"), seed=1)
    >>> holders_and_takers(state)
    ((0, 0), (0, 0))
    """
    n = state.players
    played = [0] * n
    taken = [0] * n
    winners = state.winners
    completed = len(winners) * n
    seats = seats_of_plays(len(state.plays), winners, (state.dealer + 1) % n, n)
    for at, card in enumerate(state.plays):
        bit = 1 << card
        played[seats[at]] |= bit
        if at < completed:
            taken[winners[at // n]] |= bit
    return tuple(played), tuple(taken)


def _award_to_dict(award: PointsAwarded) -> dict[str, Any]:
    return {
        "side": award.side,
        "points": award.points,
        "reason": award.reason,
        "card": str(award.card) if award.card is not None else None,
        "seat": award.seat,
    }


def _state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("game") != "allfours" or data.get("format") not in (1, FORMAT_VERSION):
        raise StateFormatError("not an All Fours state of a known format")

    deck = STANDARD_DECK_MASK

    def idx(text: object) -> int:
        return card_index(text, deck)

    def mask(texts: object) -> int:
        return card_mask(texts, deck)

    def indices(texts: object) -> tuple[int, ...]:
        return card_indices(texts, deck)

    integer = whole_number

    state = GameState.__new__(GameState)
    state.rules = Ruleset.from_dict(data["rules"])
    state.players = state.rules.players
    state.seed = integer(data["seed"])
    state.deal_count = integer(data["deal_count"])
    state.hand_number = integer(data["hand_number"])
    state.phase = Phase(data["phase"])
    state.dealer = integer(data["dealer"])
    to_act = data["to_act"]
    state.to_act_ = None if to_act is None else integer(to_act)
    state.hands = [mask(h) for h in data["hands"]]
    state.discards = [mask(h) for h in data["discards"]]
    state.stock = indices(data["stock"])
    state.stock_pos = integer(data["stock_pos"])
    state.turned = indices(data["turned"])
    state.candidate = -1 if data["candidate"] is None else idx(data["candidate"])
    state.seen_suits = integer(data["seen_suits"])
    state.trump = integer(data["trump"])
    state.scores_ = [integer(s) for s in data["scores"]]
    winner = data["winner"]
    state.winner_ = None if winner is None else integer(winner)
    state.awards = tuple(
        PointsAwarded(
            side=integer(a["side"]),
            points=integer(a["points"]),
            reason=str(a["reason"]),
            card=None if a["card"] is None else Card.parse(a["card"]),
            seat=None if a["seat"] is None else integer(a["seat"]),
        )
        for a in data["awards"]
    )
    rules = state.rules
    if (
        len(state.hands) != rules.players
        or len(state.discards) != rules.players
        or len(state.scores_) != rules.sides
        or not 0 <= state.dealer < rules.players
    ):
        raise StateFormatError("All Fours state does not match its ruleset's seats and sides")
    if data["format"] == 1:
        state.plays, state.winners = _trick_record_of_format_1(data, state)
    else:
        state.plays = indices(data["plays"])
        state.winners = tuple(integer(w) for w in data["winners"])
    n = state.players
    completed = len(state.winners) * n
    if not completed <= len(state.plays) < completed + n:
        raise StateFormatError("All Fours state: the plays do not match the tricks won")
    if any(not 0 <= w < n for w in state.winners):
        raise StateFormatError("All Fours state: a trick won by no seat")
    state.leader = state.winners[-1] if state.winners else (state.dealer + 1) % n
    won_by_side = [0] * rules.sides
    for seat, won in enumerate(holders_and_takers(state)[1]):
        won_by_side[seat % rules.sides] |= won
    state.won_by_side = won_by_side
    trick = state.trick
    state.led = trick[0] >> 4 if trick else -1
    state.master_seat, state.master_card = master_of(trick, state.leader, state.trump, n)
    return state


def _trick_record_of_format_1(
    data: dict[str, Any], state: GameState
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The plays and trick winners of a first-format snapshot: its completed tricks
    (``history``) and the trick on the table, each winner found again by the rule of §1.3.
    Snapshots written before the history was kept have none; that is exact only while no
    trick of the hand is complete (the public record of the tricks, voids included, cannot be
    made up afterwards)."""
    n = state.players
    tricks_played = whole_number(data["tricks_played"])
    if "history" in data:
        history = card_indices(data["history"], STANDARD_DECK_MASK)
    elif tricks_played:
        raise StateFormatError(
            "All Fours state written before trick histories were kept, in the middle of a "
            "hand: rebuild it by replaying its action log"
        )
    else:
        history = ()
    if len(history) != tricks_played * n:
        raise StateFormatError("All Fours state: the trick history does not match its tricks")
    winners: list[int] = []
    leader = (state.dealer + 1) % n
    for start in range(0, len(history), n):
        leader = (leader + trick_winner_offset(history[start : start + n], state.trump)) % n
        winners.append(leader)
    return history + card_indices(data["trick"], STANDARD_DECK_MASK), tuple(winners)


def master_of(trick: tuple[int, ...], leader: int, trump: int, players: int) -> tuple[int, int]:
    """``(seat, card)`` of the card winning a trick in progress (§1.3); ``(-1, -1)`` if empty.

    >>> from engine.cards import Card
    >>> trick = tuple(Card.parse(c).index for c in ("Td", "Kd", "2h", "Ad"))
    >>> master_of(trick, 3, 1, 4)  # hearts are trumps: the 2h, played by seat 3 + 2
    (1, 16)
    """
    if not trick:
        return -1, -1
    at = trick_winner_offset(trick, trump)
    return (leader + at) % players, trick[at]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know (``seat=None``: a spectator, who sees no hand at all).

    Everything here is public except ``hand`` and ``discards``, which are the viewer's own.
    ``plays`` is every card played this hand as ``(seat, card)`` in playing order (the
    current trick included) and ``trick_winners`` who won each completed trick: the record
    every player at the table has seen, from which voids are read (``allfours.knowledge``).
    ``leader`` leads (or led) the current trick. ``discard_sizes`` counts each seat's discards
    (§3.4). ``seen_suits`` are the suits a further turn-up must avoid to become the candidate
    (English / Seven Up: every suit turned this deal, §3.3; Caribbean: the first kick's,
    §2.4). ``deal_count`` counts the deals of the game, redeals included.
    """

    seat: int | None
    rules: Ruleset
    phase: Phase
    hand_number: int
    dealer: int
    elder: int
    to_act: int | None
    trump: str | None
    kick: Card | None
    turned: tuple[Card, ...]
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pending_discards: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    previous_trick: tuple[tuple[int, Card], ...]
    previous_trick_winner: int | None
    played: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    tricks_played: int
    awards: tuple[PointsAwarded, ...]
    scores: tuple[int, ...]
    winner: int | None
    stock_left: int
    plays: tuple[tuple[int, Card], ...]
    trick_winners: tuple[int, ...]
    leader: int
    discard_sizes: tuple[int, ...]
    seen_suits: tuple[str, ...]
    deal_count: int

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def __reduce__(self) -> tuple[type[PlayerView], tuple[Any, ...]]:
        """Pickled field by field (views go to the bot's worker processes): the compiled
        build's frozen classes cannot be rebuilt by setting attributes one at a time.

        >>> import pickle
        >>> from engine import allfours
        >>> view = allfours.observe(allfours.new_game(allfours.preset("english"), seed=3), 0)
        >>> pickle.loads(pickle.dumps(view)) == view
        True
        """
        return PlayerView, tuple(getattr(self, field.name) for field in fields(self))
