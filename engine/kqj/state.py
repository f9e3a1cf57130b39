"""The KQJ game state: a compact record of ints, treated as immutable by everyone outside the
engine's own rule functions.

Cards are card indices and hands are bitmasks (``engine.cards``), so copying a state for
``apply`` or for a simulation is cheap. The public surface is read-only properties that hand
out ``Card`` objects and tuples.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Any, Final

from engine.cards import Card, card_at, cards_in
from engine.core import (
    PointsAwarded,
    StateFormatError,
    card_index,
    card_indices,
    card_texts,
    dumps_compact,
    loads_object,
    optional_whole_number,
    seats_of_plays,
    whole_number,
    whole_numbers,
)
from engine.kqj.actions import BonusScored, HandEnded
from engine.kqj.deck import CONTRACTS, DECK, FULL_MASK, PLAYERS, trick_winner_offset
from engine.kqj.rules import Ruleset

FORMAT_VERSION: Final = 2
"""2: ``hand_number`` (the engines' shared word); 1 (still read): ``round_number``."""
DECK_SIZE: Final = len(DECK)


class Phase(StrEnum):
    """Where a round stands (RULES.md §5.3, §6.3).

    ``FIRST_ROUND``: take the Return in its own suit or pass; ``SECOND_ROUND``: take it naming
    any contract, or pass; ``AUCTION``: pass, bid, capot (and counters from opponents);
    ``OVERCOUNTER``: after a counter, the bidding team may overcounter; ``PLAY``: tricks;
    ``OVER``: the game has a winner."""

    FIRST_ROUND = "first_round"
    SECOND_ROUND = "second_round"
    AUCTION = "auction"
    OVERCOUNTER = "overcounter"
    PLAY = "play"
    OVER = "over"


def master_of(
    trick: tuple[int, ...], leader: int, contract: int, players: int = PLAYERS
) -> tuple[int, int]:
    """``(seat, card)`` of the master card of a trick in progress (§5.4); ``(-1, -1)`` if empty.

    >>> from engine.cards import Card
    >>> trick = tuple(Card.parse(c).index for c in ("Td", "Ad", "9d"))
    >>> master_of(trick, 4, contract=0)  # spades are trumps: the ace of diamonds, seat 4 + 1
    (5, 44)
    """
    if not trick:
        return -1, -1
    at = trick_winner_offset(trick, contract)
    return (leader + at) % players, trick[at]


FIELDS: Final = (
    "bid",
    "bid_contract",
    "bidder",
    "capot",
    "contract",
    "counterer",
    "deal_count",
    "dealer",
    "declarer",
    "declined",
    "hand_number",
    "hands",
    "last_round",
    "leader",
    "master_card",
    "master_seat",
    "multiplier",
    "passes",
    "phase",
    "plays",
    "pool",
    "return_card",
    "rules",
    "scores_",
    "seed",
    "stock",
    "team_of",
    "team_points",
    "team_tricks",
    "to_act_",
    "trick",
    "winner_",
    "winners",
)
"""The fields of ``GameState`` (its slots), which equality compares: a module constant, so
that the compiled build (scripts/compile_engine.py) reads them too."""


class GameState:
    """A whole KQJ game at one moment. Build it with ``new_game`` or ``deal``; advance it with
    ``apply``. Equal states compare equal and serialise to the same JSON."""

    __slots__ = FIELDS

    rules: Ruleset
    seed: int
    deal_count: int
    hand_number: int
    phase: Phase
    dealer: int
    to_act_: int | None
    team_of: tuple[int, ...]
    hands: list[int]
    stock: tuple[int, ...]
    return_card: int
    passes: int
    contract: int
    declarer: int
    bid: int
    bid_contract: int
    bidder: int
    capot: bool
    multiplier: int
    counterer: int
    declined: int
    trick: tuple[int, ...]
    leader: int
    master_seat: int
    master_card: int
    plays: tuple[int, ...]
    winners: tuple[int, ...]
    team_points: list[int]
    team_tricks: list[int]
    scores_: list[int]
    pool: int
    winner_: int | tuple[int, ...] | None
    last_round: HandEnded | None

    # --- the public, read-only surface --------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat expected to act next; ``None`` once the game is over.

        While a bid stands in the auction, opponents may also counter out of turn, and after a
        counter the bidding team may overcounter out of turn (``legal_actions`` lists those)."""
        return self.to_act_

    @property
    def scores(self) -> tuple[int, ...]:
        """Victory points of each side, indexed by side (a player with random partners)."""
        return tuple(self.scores_)

    @property
    def winner(self) -> int | tuple[int, ...] | None:
        """The winning side, a tuple of sides sharing the win, or ``None`` (§5.9)."""
        return self.winner_

    @property
    def is_over(self) -> bool:
        return self.winner_ is not None

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: its team, or itself with random partners (§6.2)."""
        return seat if self.rules.random_partners else self.team_of[seat]

    def team(self, seat: int) -> int:
        """The team of ``seat`` in this round (fixed, or drawn for the round, §6.2)."""
        return self.team_of[seat]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team of this round."""
        return teams_as_lists(self.team_of)

    @property
    def round_number(self) -> int:
        """``hand_number`` in the rule book's word (RULES.md §5 calls a hand a round)."""
        return self.hand_number

    @property
    def elder(self) -> int:
        """The dealer's next seat, as in All Fours: the opener (``opener``)."""
        return (self.dealer + 1) % PLAYERS

    @property
    def opener(self) -> int:
        """The dealer's left: first to speak and first to lead (§5.3, §5.4)."""
        return (self.dealer + 1) % PLAYERS

    @property
    def contract_name(self) -> str | None:
        """The contract once fixed: a suit letter, ``"all"`` or ``"none"``."""
        return CONTRACTS[self.contract] if self.contract >= 0 else None

    @property
    def return_face(self) -> Card | None:
        """The Return (base game), face up from the deal on; ``None`` in auction games."""
        return card_at(self.return_card) if self.return_card >= 0 else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (hidden information: show it to that seat only)."""
        return tuple(cards_in(self.hands[seat]))

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table in playing order, as ``(seat, card)``."""
        lead = self.leader
        return tuple(((lead + i) % PLAYERS, card_at(c)) for i, c in enumerate(self.trick))

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this round as ``(seat, card)``, in order (the trick included)."""
        seats = seats_of_plays(len(self.plays), self.winners, self.opener, PLAYERS)
        return tuple((seat, card_at(card)) for seat, card in zip(seats, self.plays, strict=True))

    @property
    def tricks_played(self) -> int:
        return len(self.winners)

    # --- copying, equality, serialisation -----------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy (the engine copies before every change)."""
        new = GameState.__new__(GameState)
        new.rules = self.rules
        new.seed = self.seed
        new.deal_count = self.deal_count
        new.hand_number = self.hand_number
        new.phase = self.phase
        new.dealer = self.dealer
        new.to_act_ = self.to_act_
        new.team_of = self.team_of
        new.hands = self.hands[:]
        new.stock = self.stock
        new.return_card = self.return_card
        new.passes = self.passes
        new.contract = self.contract
        new.declarer = self.declarer
        new.bid = self.bid
        new.bid_contract = self.bid_contract
        new.bidder = self.bidder
        new.capot = self.capot
        new.multiplier = self.multiplier
        new.counterer = self.counterer
        new.declined = self.declined
        new.trick = self.trick
        new.leader = self.leader
        new.master_seat = self.master_seat
        new.master_card = self.master_card
        new.plays = self.plays
        new.winners = self.winners
        new.team_points = self.team_points[:]
        new.team_tricks = self.team_tricks[:]
        new.scores_ = self.scores_[:]
        new.pool = self.pool
        new.winner_ = self.winner_
        new.last_round = self.last_round
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<KQJ round {self.hand_number} {self.phase.value} dealer={self.dealer} "
            f"to_act={self.to_act_} scores={self.scores}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; cards as text (hidden cards included)."""

        winner = self.winner_
        return {
            "format": FORMAT_VERSION,
            "game": "kqj",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_count": self.deal_count,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "to_act": self.to_act_,
            "team_of": list(self.team_of),
            "hands": [[str(c) for c in cards_in(m)] for m in self.hands],
            "stock": card_texts(self.stock),
            "return_card": str(card_at(self.return_card)) if self.return_card >= 0 else None,
            "passes": self.passes,
            "contract": self.contract,
            "declarer": self.declarer,
            "bid": self.bid,
            "bid_contract": self.bid_contract,
            "bidder": self.bidder,
            "capot": self.capot,
            "multiplier": self.multiplier,
            "counterer": self.counterer,
            "declined": self.declined,
            "trick": card_texts(self.trick),
            "leader": self.leader,
            "plays": card_texts(self.plays),
            "winners": list(self.winners),
            "team_points": list(self.team_points),
            "team_tricks": list(self.team_tricks),
            "scores": list(self.scores_),
            "pool": self.pool,
            "winner": list(winner) if isinstance(winner, tuple) else winner,
            "last_round": None if self.last_round is None else round_to_dict(self.last_round),
        }

    def to_json(self) -> str:
        """Deterministic JSON text of the whole state (``GameState.from_json`` reads it)."""
        return dumps_compact(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Rebuild a state from ``to_json`` output; anything malformed raises."""
        return cls.from_dict(loads_object(text, "KQJ state"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        try:
            return _state_from_dict(data)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateFormatError(f"not a valid KQJ state: {exc!r}") from None


@lru_cache(maxsize=128)
def teams_as_lists(team_of: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``(team per seat)`` -> the seats of each team, teams in index order (a pure function
    of a handful of partitions, remembered: every count asks for it)."""
    count = max(team_of) + 1
    return tuple(tuple(s for s in range(PLAYERS) if team_of[s] == t) for t in range(count))


# --- JSON helpers ---------------------------------------------------------------------------


def _award_to_dict(award: PointsAwarded) -> dict[str, Any]:
    return {"side": award.side, "points": award.points, "reason": award.reason, "seat": award.seat}


def _bonus_to_dict(bonus: BonusScored) -> dict[str, Any]:
    return {
        "kind": bonus.kind,
        "team": bonus.team,
        "points": bonus.points,
        "seat": bonus.seat,
        "suit": bonus.suit,
    }


def round_to_dict(summary: HandEnded) -> dict[str, Any]:
    """Plain data of a ``HandEnded`` record (kept in the state for display)."""
    return {
        "hand_number": summary.hand_number,
        "contract": summary.contract,
        "declarer": summary.declarer,
        "contract_team": summary.contract_team,
        "teams": [list(t) for t in summary.teams],
        "card_points": list(summary.card_points),
        "bonuses": [_bonus_to_dict(b) for b in summary.bonuses],
        "round_points": list(summary.round_points),
        "tricks": list(summary.tricks),
        "outcome": summary.outcome,
        "bid": summary.bid,
        "multiplier": summary.multiplier,
        "awards": [_award_to_dict(a) for a in summary.awards],
        "pool": summary.pool,
        "scores": list(summary.scores),
    }


def _optional_str(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise StateFormatError(f"expected text, got {value!r}")
    return value


def round_from_dict(data: dict[str, Any]) -> HandEnded:
    """Read ``round_to_dict`` output back."""
    return HandEnded(
        hand_number=whole_number(data["hand_number" if "hand_number" in data else "round_number"]),
        contract=str(data["contract"]),
        declarer=whole_number(data["declarer"]),
        contract_team=whole_number(data["contract_team"]),
        teams=tuple(whole_numbers(t) for t in data["teams"]),
        card_points=whole_numbers(data["card_points"]),
        bonuses=tuple(
            BonusScored(
                kind=str(b["kind"]),
                team=whole_number(b["team"]),
                points=whole_number(b["points"]),
                seat=optional_whole_number(b["seat"]),
                suit=_optional_str(b["suit"]),
            )
            for b in data["bonuses"]
        ),
        round_points=whole_numbers(data["round_points"]),
        tricks=whole_numbers(data["tricks"]),
        outcome=str(data["outcome"]),
        bid=whole_number(data["bid"]),
        multiplier=whole_number(data["multiplier"]),
        awards=tuple(
            PointsAwarded(
                side=whole_number(a["side"]),
                points=whole_number(a["points"]),
                reason=str(a["reason"]),
                seat=optional_whole_number(a["seat"]),
            )
            for a in data["awards"]
        ),
        pool=whole_number(data["pool"]),
        scores=whole_numbers(data["scores"]),
    )


def _state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("game") != "kqj" or data.get("format") not in (1, FORMAT_VERSION):
        raise StateFormatError("not a KQJ state of a known format")

    def idx(text: object) -> int:
        return card_index(text, FULL_MASK)

    def indices(texts: object) -> tuple[int, ...]:
        return card_indices(texts, FULL_MASK)

    st = GameState.__new__(GameState)
    st.rules = Ruleset.from_dict(data["rules"])
    st.seed = whole_number(data["seed"])
    st.deal_count = whole_number(data["deal_count"])
    st.hand_number = whole_number(data["hand_number" if data["format"] > 1 else "round_number"])
    st.phase = Phase(data["phase"])
    st.dealer = whole_number(data["dealer"])
    st.to_act_ = optional_whole_number(data["to_act"])
    st.team_of = whole_numbers(data["team_of"])
    st.hands = []
    for hand in data["hands"]:
        mask = 0
        for card in indices(hand):
            mask |= 1 << card
        st.hands.append(mask)
    st.stock = indices(data["stock"])
    st.return_card = -1 if data["return_card"] is None else idx(data["return_card"])
    st.passes = whole_number(data["passes"])
    st.contract = whole_number(data["contract"])
    st.declarer = whole_number(data["declarer"])
    st.bid = whole_number(data["bid"])
    st.bid_contract = whole_number(data["bid_contract"])
    st.bidder = whole_number(data["bidder"])
    capot = data["capot"]
    if not isinstance(capot, bool):
        raise StateFormatError(f"capot must be true or false, not {capot!r}")
    st.capot = capot
    st.multiplier = whole_number(data["multiplier"])
    st.counterer = whole_number(data["counterer"])
    st.declined = whole_number(data["declined"])
    st.trick = indices(data["trick"])
    st.leader = whole_number(data["leader"])
    st.plays = indices(data["plays"])
    st.winners = whole_numbers(data["winners"])
    st.team_points = list(whole_numbers(data["team_points"]))
    st.team_tricks = list(whole_numbers(data["team_tricks"]))
    st.scores_ = list(whole_numbers(data["scores"]))
    st.pool = whole_number(data["pool"])
    winner = data["winner"]
    st.winner_ = (
        whole_numbers(winner) if isinstance(winner, list) else optional_whole_number(winner)
    )
    last = data["last_round"]
    st.last_round = None if last is None else round_from_dict(last)
    _check_consistency(st)
    st.master_seat, st.master_card = master_of(st.trick, st.leader, max(st.contract, 0))
    return st


def _check_consistency(st: GameState) -> None:
    """Reject data whose shape does not fit its ruleset (cards, seats, teams, sides)."""
    rules = st.rules
    team_count = rules.team_count
    seats = range(PLAYERS)
    if (
        len(st.hands) != PLAYERS
        or len(st.team_of) != PLAYERS
        or sorted(st.team_of) != sorted(t % team_count for t in seats)
        or len(st.team_points) != team_count
        or len(st.team_tricks) != team_count
        or len(st.scores_) != rules.sides
        or st.dealer not in seats
        or st.leader not in seats
        or (st.to_act_ is not None and st.to_act_ not in seats)
        or not -1 <= st.contract < rules.contract_count
        or len(st.trick) >= PLAYERS
    ):
        raise StateFormatError("KQJ state does not match its ruleset's seats, teams and sides")
    seen = 0
    count = 0
    for mask in (*st.hands, *(1 << c for c in st.stock), *(1 << c for c in st.plays)):
        if seen & mask:
            raise StateFormatError("KQJ state holds a card twice")
        seen |= mask
        count += mask.bit_count()
    if seen != FULL_MASK or count != DECK_SIZE:
        raise StateFormatError("KQJ state does not hold the 48 cards exactly once")
    if not st.plays[len(st.plays) - len(st.trick) :] == st.trick:
        raise StateFormatError("KQJ state: the trick on the table is not the end of the plays")
