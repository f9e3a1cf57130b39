"""The All Fours game state: a compact record of ints, treated as immutable by everyone outside
the engine's own rule functions.

Cards are card indices and hands are bitmasks (``engine.cards``), so a live table costs a
handful of small objects and copying a state for ``apply`` or for a simulation is cheap. The
public surface is read-only properties that hand out ``Card`` objects and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

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
    whole_number,
)

FORMAT_VERSION: Final = 1


class Phase(StrEnum):
    """Where a deal stands. ``DECLARE``: stand/beg (or accept/refuse with 3-4 players);
    ``REPLY``: the dealer takes one or runs the pack; ``DISCARD``: players holding more than six
    discard; ``PLAY``: tricks; ``OVER``: the game has a winner."""

    DECLARE = "declare"
    REPLY = "reply"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


class GameState:
    """A whole All Fours game at one moment. Build it with ``new_game`` or ``deal``; advance it
    with ``apply``. Equal states compare equal and serialise to the same JSON."""

    __slots__ = (
        "awards",
        "candidate",
        "captured",
        "deal_count",
        "dealer",
        "discards",
        "hand_number",
        "hands",
        "history",
        "last_leader",
        "last_trick",
        "last_winner",
        "leader",
        "phase",
        "played",
        "players",
        "rules",
        "scores_",
        "seed",
        "seen_suits",
        "stock",
        "stock_pos",
        "to_act_",
        "trick",
        "tricks_played",
        "trump",
        "turned",
        "winner_",
    )

    rules: Ruleset
    seed: int
    deal_count: int
    hand_number: int
    phase: Phase
    dealer: int
    to_act_: int | None
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    turned: tuple[int, ...]
    candidate: int
    seen_suits: int
    trump: int
    discards: list[int]
    played: list[int]
    players: int
    trick: tuple[int, ...]
    leader: int
    last_trick: tuple[int, ...]
    last_leader: int
    last_winner: int
    captured: list[int]
    scores_: list[int]
    winner_: int | None
    awards: tuple[PointsAwarded, ...]
    tricks_played: int
    history: tuple[int, ...]

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
        return (self.dealer + 1) % self.rules.players

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
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table in playing order, as ``(seat, card)``."""
        n = self.rules.players
        return tuple(((self.leader + i) % n, card_at(c)) for i, c in enumerate(self.trick))

    @property
    def previous_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last completed trick of this hand as ``(seat, card)``; empty before the first."""
        if not self.last_trick:
            return ()
        n = self.rules.players
        lead = self.last_leader
        return tuple(((lead + i) % n, card_at(c)) for i, c in enumerate(self.last_trick))

    @property
    def previous_trick_winner(self) -> int | None:
        """Who won ``previous_trick``."""
        return self.last_winner if self.last_trick else None

    # --- copying, equality, serialisation -----------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy (the engine copies before every change)."""
        new = object.__new__(GameState)
        new.rules = self.rules
        new.seed = self.seed
        new.deal_count = self.deal_count
        new.hand_number = self.hand_number
        new.phase = self.phase
        new.dealer = self.dealer
        new.to_act_ = self.to_act_
        new.hands = self.hands[:]
        new.stock = self.stock
        new.stock_pos = self.stock_pos
        new.turned = self.turned
        new.candidate = self.candidate
        new.seen_suits = self.seen_suits
        new.trump = self.trump
        new.discards = self.discards[:]
        new.played = self.played[:]
        new.players = self.players
        new.trick = self.trick
        new.leader = self.leader
        new.last_trick = self.last_trick
        new.last_leader = self.last_leader
        new.last_winner = self.last_winner
        new.captured = self.captured[:]
        new.scores_ = self.scores_[:]
        new.winner_ = self.winner_
        new.awards = self.awards
        new.tricks_played = self.tricks_played
        new.history = self.history
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in GameState.__slots__)

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
            "stock": card_texts(self.stock),
            "stock_pos": self.stock_pos,
            "turned": card_texts(self.turned),
            "candidate": str(card_at(self.candidate)) if self.candidate >= 0 else None,
            "seen_suits": self.seen_suits,
            "trump": self.trump,
            "discards": [mask_texts(m) for m in self.discards],
            "played": [mask_texts(m) for m in self.played],
            "trick": card_texts(self.trick),
            "leader": self.leader,
            "last_trick": card_texts(self.last_trick),
            "last_leader": self.last_leader,
            "last_winner": self.last_winner,
            "captured": [mask_texts(m) for m in self.captured],
            "scores": list(self.scores_),
            "winner": self.winner_,
            "awards": [_award_to_dict(a) for a in self.awards],
            "tricks_played": self.tricks_played,
            "history": card_texts(self.history),
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
        try:
            return _state_from_dict(data)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"not a valid All Fours state: {exc!r}") from None


def _award_to_dict(award: PointsAwarded) -> dict[str, Any]:
    return {
        "side": award.side,
        "points": award.points,
        "reason": award.reason,
        "card": str(award.card) if award.card is not None else None,
        "seat": award.seat,
    }


def _state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("game") != "allfours" or data.get("format") != FORMAT_VERSION:
        raise StateFormatError("not an All Fours state of a known format")

    deck = STANDARD_DECK_MASK

    def idx(text: object) -> int:
        return card_index(text, deck)

    def mask(texts: object) -> int:
        return card_mask(texts, deck)

    def indices(texts: object) -> tuple[int, ...]:
        return card_indices(texts, deck)

    integer = whole_number

    state = object.__new__(GameState)
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
    state.stock = indices(data["stock"])
    state.stock_pos = integer(data["stock_pos"])
    state.turned = indices(data["turned"])
    state.candidate = -1 if data["candidate"] is None else idx(data["candidate"])
    state.seen_suits = integer(data["seen_suits"])
    state.trump = integer(data["trump"])
    state.discards = [mask(h) for h in data["discards"]]
    state.played = [mask(h) for h in data["played"]]
    state.trick = indices(data["trick"])
    state.leader = integer(data["leader"])
    state.last_trick = indices(data["last_trick"])
    state.last_leader = integer(data["last_leader"])
    state.last_winner = integer(data["last_winner"])
    state.captured = [mask(h) for h in data["captured"]]
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
    state.tricks_played = integer(data["tricks_played"])
    state.history = _history_from(data, state)
    rules = state.rules
    if (
        len(state.hands) != rules.players
        or len(state.discards) != rules.players
        or len(state.played) != rules.players
        or len(state.captured) != rules.players
        or len(state.scores_) != rules.sides
        or not 0 <= state.dealer < rules.players
    ):
        raise StateFormatError("All Fours state does not match its ruleset's seats and sides")
    return state


def _history_from(data: dict[str, Any], state: GameState) -> tuple[int, ...]:
    """The completed tricks of the hand. Snapshots written before the history was kept have
    none; that is exact only while no trick of the hand is complete (the public record of
    the tricks, voids included, cannot be made up afterwards)."""
    if "history" in data:
        history = card_indices(data["history"], STANDARD_DECK_MASK)
        if len(history) != state.tricks_played * state.rules.players:
            raise StateFormatError("All Fours state: the trick history does not match its tricks")
        return history
    if state.tricks_played:
        raise StateFormatError(
            "All Fours state written before trick histories were kept, in the middle of a "
            "hand: rebuild it by replaying its action log"
        )
    return ()


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
