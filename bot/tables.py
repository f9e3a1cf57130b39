"""The service's records of a table: snapshots, hand panels, the in-memory table, refusals,
and the pure helpers around them."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot import ratings
from bot.families import Family, family
from bot.models import GameRecord, MatchPlayer, MatchRecord, SeatRecord, Status


class ServiceError(Exception):
    """A request the service refuses; ``key`` and ``params`` are the user-facing message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Presenter(Protocol):
    """What the service tells the Discord side; implemented by the cog."""

    def refresh(self, game_id: int) -> None:
        """The table changed: render it (soon, without blocking the caller)."""
        ...


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One consistent moment of a table: its stored record and the engine state (None in the
    lobby). Replaced as a whole after every committed change, never modified."""

    record: GameRecord
    rules: Any
    state: Any | None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> Status:
        return self.record.status

    @property
    def seats(self) -> dict[int, SeatRecord]:
        return self.record.seats

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person holds here (even if the computer now plays it)."""
        for seat, record in self.record.seats.items():
            if record.user_id == user_id:
                return seat
        return None


@dataclass(frozen=True)
class Panel:
    """What one person may see and do at a table right now."""

    snapshot: Snapshot
    seat: int | None
    view: Any | None
    legal: tuple[Any, ...]
    codes: tuple[str, ...]
    handed_over: bool

    @functools.cached_property
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now (computed only when a message names them)."""
        return actors_of(family(self.snapshot.record.family), self.snapshot)


@dataclass(eq=False)
class Table:
    """A table held in memory while it is open."""

    family: Family
    current: Snapshot
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None
    message_hand: int | None = None
    deadlines: dict[int, float] = field(default_factory=dict)
    turn_task: asyncio.Task[None] | None = None
    computer_task: asyncio.Task[None] | None = None
    lobby_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> int:
        return self.current.id

    def tasks(self) -> list[asyncio.Task[None]]:
        return [t for t in (self.turn_task, self.computer_task, self.lobby_task) if t]


def snapshot_of(fam: Family, record: GameRecord) -> Snapshot:
    rules = fam.rules_from_json(record.ruleset)
    state = fam.load(record.snapshot) if record.snapshot is not None else None
    return Snapshot(record, rules, state)


def table_link(record: GameRecord) -> str:
    if record.message_id is None:
        return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"


def actors_of(fam: Family, snap: Snapshot) -> tuple[int, ...]:
    if snap.state is None or snap.status is not Status.PLAYING:
        return ()
    return tuple(
        seat for seat in range(fam.players(snap.rules)) if fam.legal_actions(snap.state, seat)
    )


def computer_to_act(fam: Family, snap: Snapshot) -> int | None:
    for seat in actors_of(fam, snap):
        if not snap.seats[seat].is_human:
            return seat
    return None


def free_seat(fam: Family, snap: Snapshot, side: int | None) -> int:
    for seat in range(fam.players(snap.rules)):
        if seat in snap.seats:
            continue
        if side is None or fam.side_of(snap.rules, seat) == side:
            return seat
    raise ServiceError("lobby.full" if side is None else "lobby.team_full")


def match_record(fam: Family, record: GameRecord, state: Any, outcome: str) -> MatchRecord:
    rules = fam.rules_from_json(record.ruleset)
    scores = fam.scores(state)
    winner = fam.winner(state) if outcome == "finished" else None
    places = ratings.side_ranks(scores, winner) if winner is not None else {}
    players = []
    for seat, seat_record in sorted(record.seats.items()):
        side = fam.side_of(rules, seat)
        players.append(
            MatchPlayer(
                seat=seat,
                side=side,
                user_id=seat_record.user_id,
                computer=seat_record.computer,
                rank=places.get(side),
                score=scores[side],
                hang_jacks=seat_record.hang_jacks,
                kick_points=seat_record.kick_points,
            )
        )
    return MatchRecord(
        game_id=record.id,
        family=record.family,
        variant=record.variant,
        guild_id=record.guild_id,
        outcome=outcome,
        rated=record.rated and outcome == "finished",
        winner=winner,
        hands=fam.hand_number(state),
        ended_at=record.updated_at,
        players=tuple(players),
    )
