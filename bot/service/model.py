"""The service's records of a table: snapshots, hand panels, the in-memory table, refusals,
and the pure helpers around them."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

from bot.families import AnyFamily, Result, family
from bot.models import (
    GameRecord,
    MatchPlayer,
    MatchRecord,
    PanelRecord,
    SeatRecord,
    Status,
    Turn,
)
from engine.reasons import DutyOfPlay

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
PublicT = TypeVar("PublicT")
ViewT = TypeVar("ViewT")
T = TypeVar("T")


class ServiceError(Exception):
    """A request the service refuses; ``key`` and ``params`` are the user-facing message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class IllegalMoveError(ServiceError):
    """A card refused because it breaks a duty of play: the duty, as the engine says it, and
    the table it was refused at (whose seats it may name)."""

    def __init__(self, duty: DutyOfPlay, table: PublicTable[Any, Any]) -> None:
        super().__init__(f"illegal.{duty.code}")
        self.duty = duty
        self.table = table


class Presenter(Protocol):
    """What the service tells the Discord side; implemented by the cogs."""

    def refresh(self, game_id: int) -> None:
        """The table changed: render it (soon, without blocking the caller)."""
        ...

    def nudge(self, game_id: int, user_ids: tuple[int, ...]) -> None:
        """These people have not acted for a while: mention them in one new message (which
        notifies them), replacing the table's live nudge if there is one. ``()``: delete
        the live nudge (they acted). Never blocks the caller."""
        ...

    def timed_out(self, game_id: int, user_id: int, handed_over: bool) -> None:
        """A player of a turn-based table ran out of time and the computer moved for them
        (``handed_over``: it now keeps their seat until they take it back): tell them."""
        ...


@dataclass(frozen=True, slots=True)
class Told:
    """One engine event of a table's move log: the ``version`` the move that caused it made,
    the ``seat`` that moved (None: the deal that started the game), the ``deal`` it belongs
    to (a move that ends a deal also deals the next one), the event itself, and whether the
    move was a last card that played itself (``Source.FORCED``). Engine events are public by
    design (a discard is told as a count), so the log may be shown to all."""

    version: int
    seat: int | None
    deal: int
    event: Any
    forced: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating on the server's board before and after a finished rated game, as
    players read it (``bot.ratings.displayed``)."""

    user_id: int
    before: int
    after: int


LOG_DEALS: Final = 2
"""How many deals a table's move log keeps: the current one and the one that just ended
(its message tells its last trick and count)."""


def told(
    fam: AnyFamily,
    log: tuple[Told, ...],
    deal: int,
    version: int,
    seat: int | None,
    events: Sequence[Any],
    *,
    forced: bool = False,
) -> tuple[Told, ...]:
    """The move log after one move's events (``deal``: the deal the move was made in;
    ``forced``: a last card that played itself), the deals older than the last ``LOG_DEALS``
    dropped."""
    added = []
    for event in events:
        deal = fam.deal_started(event) or deal
        added.append(Told(version, seat, deal, event, forced))
    entries = (*log, *added)
    oldest = deal - LOG_DEALS + 1
    return tuple(entry for entry in entries if entry.deal >= oldest)


class OfRecord:
    """What a table's stored record says, read the same way from a snapshot and from its
    public face."""

    __slots__ = ()
    record: GameRecord

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> Status:
        return self.record.status

    @property
    def seats(self) -> dict[int, SeatRecord]:
        return self.record.seats

    @property
    def family(self) -> AnyFamily:
        return family(self.record.family)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person holds here (even if the computer now plays it)."""
        for seat, record in self.record.seats.items():
            if record.user_id == user_id:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class Snapshot(OfRecord, Generic[RulesT, StateT]):
    """One consistent moment of a table: its stored record, its rules and the engine state
    (None in the lobby). Replaced as a whole after every committed change, never modified."""

    record: GameRecord
    rules: RulesT
    state: StateT | None
    log: tuple[Told, ...] = ()
    """The move log of the last deals (see ``Told``), rebuilt from the action log on load."""
    ratings: tuple[RatingChange, ...] = ()
    """How the game that just finished here moved its players' ratings (in memory only: the
    game-over message is drawn once, when it finishes)."""
    derived: dict[object, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """What was worked out from this moment (its public table, each person's panel, the
    seats the game waits for): a snapshot never changes, and one move draws the table
    message, every open panel and the nudge from it, so each view is observed once."""

    def remembered(self, key: object, work: Callable[[], T]) -> T:
        """``work()``, computed once per snapshot and ``key``."""
        try:
            found: T = self.derived[key]
        except KeyError:
            found = self.derived[key] = work()
        return found

    @property
    def result(self) -> Result | None:
        """The places of a finished game (None while it goes on, or never started)."""
        if self.state is None or self.status is not Status.FINISHED:
            return None
        return self.family.result(self.state)

    def public(self) -> PublicTable[RulesT, Any]:
        """What everyone may see of this moment (what public messages are drawn from)."""
        return self.remembered("public", self._public)

    def _public(self) -> PublicTable[RulesT, Any]:
        state = self.state
        fam = self.family
        return PublicTable(
            record=self.record,
            rules=self.rules,
            view=None if state is None else fam.public_view(state),
            actors=expected_actors(self),
            result=self.result,
            deal=None if state is None else fam.deal_number(state),
            log=self.log,
            ratings=self.ratings,
        )


AnySnapshot = Snapshot[Any, Any]


@dataclass(frozen=True, slots=True)
class PublicTable(OfRecord, Generic[RulesT, PublicT]):
    """What everyone may see of a table at one moment: its record, its rules, and the game as
    a spectator sees it (``view``, None in the lobby) — what the lobby, the table message, a
    finished deal, the game-over message and the picture are drawn from. The view is the
    engine's ``observe(state, None)``, typed as the family's public view (``PublicT``), which
    has no hand: the engine state, and every hand in it, stays out of reach of the code that
    draws a public message."""

    record: GameRecord
    rules: RulesT
    view: PublicT | None
    actors: tuple[int, ...]
    """The seats the game waits for (they get the turn ping and the clocks)."""
    result: Result | None
    """The places of a finished game (None while it goes on)."""
    deal: int | None
    """The current deal (All Fours hand, KQJ round), from 1; None in the lobby."""
    log: tuple[Told, ...] = ()
    """What happened in the last deals, event by event (see ``Told``)."""
    ratings: tuple[RatingChange, ...] = ()
    """The players' rating changes of a game that just finished (rated games only)."""


@dataclass(frozen=True, slots=True)
class HandView(Generic[RulesT, PublicT, ViewT]):
    """What one person's hand panel is drawn from: the table as everyone sees it, and that
    seat's own view (its hand included) and decisions — not the engine state."""

    table: PublicTable[RulesT, PublicT]
    seat: int | None
    view: ViewT | None
    legal: tuple[Any, ...]
    codes: tuple[str, ...]
    handed_over: bool
    duty: DutyOfPlay | None = None
    """On the owner's turn to play, why the cards that are not playable are not (the duty
    of play they break, as the engine says it); None when every card is playable."""

    @property
    def is_expected(self) -> bool:
        """Whether the game waits for this panel's owner (not only an optional action)."""
        return self.seat is not None and self.seat in self.table.actors


@dataclass(frozen=True)
class Panel:
    """What one person may see and do at a table right now."""

    snapshot: AnySnapshot
    seat: int | None
    view: Any | None
    legal: tuple[Any, ...]
    codes: tuple[str, ...]
    handed_over: bool
    duty: DutyOfPlay | None = None
    """Why the owner's unplayable cards are not playable (see ``HandView.duty``)."""

    @functools.cached_property
    def actors(self) -> tuple[int, ...]:
        """The seats the game waits for now (computed only when a message names them)."""
        return expected_actors(self.snapshot)

    @property
    def is_expected(self) -> bool:
        """Whether the game waits for this panel's owner (not only an optional action)."""
        return self.seat is not None and self.seat in self.actors

    def hand(self) -> HandView[Any, Any, Any]:
        """What the panel is drawn from (the state itself left out)."""
        return HandView(
            self.snapshot.public(),
            self.seat,
            self.view,
            self.legal,
            self.codes,
            self.handed_over,
            self.duty,
        )


@dataclass(eq=False)
class Table:
    """A table held in memory while it is open."""

    family: AnyFamily
    current: AnySnapshot
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None
    message_deal: int | None = None
    deadlines: dict[int, float] = field(default_factory=dict)
    asked: set[tuple[int, int]] = field(default_factory=set)
    """(version, seat) of the optional decisions already put to computer seats."""
    turn_task: asyncio.Task[None] | None = None
    computer_task: asyncio.Task[None] | None = None
    lobby_task: asyncio.Task[None] | None = None
    nudge_task: asyncio.Task[None] | None = None
    waiting: frozenset[int] = frozenset()
    """The seats of the people the game waits for, as last seen."""
    waiting_version: int = -1
    """The version at which they were last seen waiting: any move re-arms the nudge."""
    nudged: bool = False
    """Whether a nudge is live (posted and not yet taken down)."""
    hints: dict[int, tuple[int, Any]] = field(default_factory=dict)
    """Seat -> (version, hint): the last hint found for a seat, given again on a second click."""
    hinting: set[int] = field(default_factory=set)
    """Seats whose hint is being searched right now."""
    unsaved_panels: dict[int, PanelRecord] = field(default_factory=dict)
    """User id -> the newest handle of their panel, not yet written (it goes with the next
    commit of the table, or ``PANEL_SAVE_SECONDS`` after it was opened, whichever is first)."""
    turns: dict[int, Turn] = field(default_factory=dict)
    """A turn-based table's turns, as stored (seat -> when it came, when it runs out)."""

    @property
    def id(self) -> int:
        return self.current.id

    def tasks(self) -> list[asyncio.Task[None]]:
        tasks = (self.turn_task, self.computer_task, self.lobby_task, self.nudge_task)
        return [t for t in tasks if t]


def snapshot_of(fam: AnyFamily, record: GameRecord) -> AnySnapshot:
    rules = fam.rules_from_json(record.ruleset)
    state = fam.load(record.snapshot) if record.snapshot is not None else None
    return Snapshot(record, rules, state)


def table_link(record: GameRecord) -> str:
    if record.message_id is None:
        return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"


def expected_actors(snap: AnySnapshot) -> tuple[int, ...]:
    """The seats the game waits for (they get clocks, pings and, on timeout, the computer)."""
    state = snap.state
    if state is None or snap.status is not Status.PLAYING:
        return ()
    return snap.remembered("actors", lambda: snap.family.expected_actors(state))


def next_turns(
    previous: dict[int, Turn], snap: AnySnapshot, now: float, moved: int | None
) -> dict[int, Turn]:
    """The turns of a turn-based table after a change: each person the game waits for keeps
    the turn they had, unless they just took their decision (``moved``), which starts a new
    one; nobody else has a turn."""
    pace = snap.record.pace_seconds
    if pace is None:
        return {}
    turns = {}
    for seat in expected_actors(snap):
        if not snap.seats[seat].is_human:
            continue
        kept = previous.get(seat)
        turns[seat] = kept if kept is not None and seat != moved else Turn(now, now + pace)
    return turns


def computer_to_act(snap: AnySnapshot) -> int | None:
    """A computer seat the game waits for, if any."""
    for seat in expected_actors(snap):
        if not snap.seats[seat].is_human:
            return seat
    return None


def last_card(fam: AnyFamily, state: Any) -> tuple[int, Any] | None:
    """A seat the game waits for that holds one card, whose only legal action is to play it,
    and that action: it has nothing to decide, so the card plays itself. Everyone knows how
    many cards each hand holds, so playing it at once tells nobody anything; in practice it
    is the last trick of every hand.

    Only the seats the game waits for: a seat with an optional action (a KQJ counter) is not
    forced to anything. A finished game has no legal action, so nothing is forced."""
    for seat in fam.expected_actors(state):
        legal = fam.legal_actions(state, seat)
        if (
            len(legal) == 1
            and fam.card_played(legal[0]) is not None
            and len(fam.hand_of(state, seat)) == 1
        ):
            return seat, legal[0]
    return None


def computers_with_options(snap: AnySnapshot) -> list[int]:
    """Computer seats that may take an optional action now (not expected to act)."""
    if snap.state is None or snap.status is not Status.PLAYING:
        return []
    fam = snap.family
    waiting = set(fam.expected_actors(snap.state))
    return [
        seat
        for seat, record in sorted(snap.seats.items())
        if not record.is_human and seat not in waiting and fam.legal_actions(snap.state, seat)
    ]


def free_seat(fam: AnyFamily, snap: AnySnapshot, team: int | None) -> int:
    """The first free seat (of ``team``, an index into the lobby's teams, if given)."""
    teams = fam.lobby_teams(snap.rules)
    if team is not None and (teams is None or not 0 <= team < len(teams)):
        raise ServiceError("lobby.no_such_team")
    candidates = (
        teams[team] if teams is not None and team is not None else range(fam.players(snap.rules))
    )
    for seat in candidates:
        if seat not in snap.seats:
            return seat
    raise ServiceError("lobby.full" if team is None else "lobby.team_full")


def match_record(fam: AnyFamily, record: GameRecord, state: Any, outcome: str) -> MatchRecord:
    """The immutable record of a closed game (places only when it finished)."""
    rules = fam.rules_from_json(record.ruleset)
    scores = fam.scores(state)
    result = fam.result(state) if outcome == "finished" else None
    players = []
    for seat, seat_record in sorted(record.seats.items()):
        side = fam.side_of(state, seat)
        players.append(
            MatchPlayer(
                seat=seat,
                side=side,
                user_id=seat_record.user_id,
                computer=seat_record.computer,
                rank=result.places[side] if result is not None else None,
                score=scores[side],
                stats=dict(seat_record.stats),
            )
        )
    return MatchRecord(
        game_id=record.id,
        family=record.family,
        pool=fam.rating_pool(rules),
        variant=record.variant,
        guild_id=record.guild_id,
        outcome=outcome,
        rated=record.rated and outcome == "finished",
        deals=fam.deal_number(state),
        ended_at=record.updated_at,
        players=tuple(players),
    )
