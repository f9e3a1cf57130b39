"""Plain records shared by the storage and the service (no SQL, no Discord here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        """A lobby or a game in progress: an unfinished table."""
        return self in (Status.LOBBY, Status.PLAYING)


class Source(StrEnum):
    """Who decided an action: the seated player, the computer, or the computer on a timeout."""

    PLAYER = "player"
    COMPUTER = "computer"
    TIMEOUT = "timeout"


@dataclass(slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    computer: bool = False
    timeouts: int = 0
    hang_jacks: int = 0
    kick_points: int = 0

    @property
    def is_human(self) -> bool:
        """A person plays this seat now (not the computer)."""
        return self.user_id is not None and not self.computer


@dataclass(slots=True)
class GameRecord:
    id: int
    family: str
    variant: str
    ruleset: str
    seed: int
    status: Status
    snapshot: str | None
    version: int
    guild_id: int
    channel_id: int
    message_id: int | None
    message_hand: int | None
    host_id: int
    turn_seconds: int | None
    rated: bool
    locale: str
    last_hand: str | None
    winner: int | None
    end_reason: str | None
    ended_by: int | None
    created_at: float
    updated_at: float
    seats: dict[int, SeatRecord] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ActionRecord:
    version: int
    seat: int
    code: str
    source: Source
    user_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    seat: int
    side: int
    user_id: int | None
    computer: bool
    rank: int | None
    score: int
    hang_jacks: int
    kick_points: int


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game_id: int
    family: str
    variant: str
    guild_id: int
    outcome: str  # 'finished' | 'abandoned'
    rated: bool
    winner: int | None
    hands: int
    ended_at: float
    players: tuple[MatchPlayer, ...]
    id: int = 0


@dataclass(frozen=True, slots=True)
class RatingRow:
    family: str
    guild_id: int  # 0 = global
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    hang_jacks: int
    kick_points: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerMatch:
    """One finished match as seen by one player (for /allfours stats)."""

    match_id: int
    game_id: int
    variant: str
    outcome: str
    rated: bool
    won: bool | None
    score: int
    best_other: int
    ended_at: float


GLOBAL: int = 0
"""The ``guild_id`` of the global rating pool."""
