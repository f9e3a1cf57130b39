"""Plain records shared by the storage and the service (no SQL, no Discord here).

Statistics are family data: each family names its own (``Family.stat_names``) and they are
kept as ``{name: count}`` maps, so a new game adds statistics without a schema change.
"""

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
    """Who decided an action: the seated player, the computer, the computer on a timeout, or
    nobody: the player's last card, played by itself (``service.model.last_card``)."""

    PLAYER = "player"
    COMPUTER = "computer"
    TIMEOUT = "timeout"
    FORCED = "forced"


@dataclass(slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    computer: bool = False
    timeouts: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    level: str | None = None
    """The computer's level for a computer seat (None: a person's seat, or the default)."""

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
    message_deal: int | None
    host_id: int
    turn_seconds: int | None
    rated: bool
    locale: str
    last_deal: str | None
    end_reason: str | None
    ended_by: int | None
    created_at: float
    updated_at: float
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    computer_pause: float | None = None
    """Seconds the computer seats wait before each move (None: the bot's default)."""
    nudge_seconds: int | None = None
    """After this long without a move, one message mentions the player to act (None: never)."""
    nudge_message_id: int | None = None
    pictures: bool = True
    hints: bool | None = None
    """Whether panels offer a hint: only ever at unrated tables; None follows that rule."""
    pace_seconds: int | None = None
    """A turn-based table's time per move (None: a live table)."""

    @property
    def is_turn_based(self) -> bool:
        """A table played a move every few hours: stored deadlines, several per player."""
        return self.pace_seconds is not None

    @property
    def offers_hints(self) -> bool:
        """Hints help a person practise, so a rated table never offers them."""
        return not self.rated and self.hints is not False


@dataclass(frozen=True, slots=True)
class Turn:
    """A person's turn at a turn-based table: when it came, when it runs out, and how many
    times they were told of it (a mention or a direct message; at most two a move)."""

    since: float
    due: float
    mentions: int = 0


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
    stats: dict[str, int]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A closed game as ratings and statistics see it; ``MatchPlayer.rank`` is the place of
    the player's side (1 = won, shared wins share it), None for an abandoned game."""

    game_id: int
    family: str
    pool: str
    variant: str
    guild_id: int
    outcome: str  # 'finished' | 'abandoned'
    rated: bool
    deals: int
    ended_at: float
    players: tuple[MatchPlayer, ...]
    id: int = 0


@dataclass(frozen=True, slots=True)
class RatingRow:
    pool: str
    guild_id: int  # 0 = global
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    stats: dict[str, int]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerMatch:
    """One finished match as seen by one player (for /allfours stats)."""

    match_id: int
    game_id: int
    pool: str
    variant: str
    outcome: str
    rated: bool
    rank: int | None
    score: int
    best_other: int
    ended_at: float

    @property
    def won(self) -> bool | None:
        """Won (alone or sharing first place), lost, or None when abandoned."""
        return None if self.rank is None else self.rank == 1


@dataclass(frozen=True, slots=True)
class PanelRecord:
    """An open hand panel: the interaction token that may edit it (a secret, valid for 15
    minutes after ``opened``), its owner's language and a fingerprint of what it shows."""

    game_id: int
    user_id: int
    message_id: int
    token: str = field(repr=False)
    opened: float
    locale: str
    signature: str


GLOBAL: int = 0
"""The ``guild_id`` of the global rating pool."""
