"""What every part of the game service stands on: the tables held in memory, how a table is
found, loaded (once) and locked, and the hooks the parts call on one another.

The service is one class, ``bot.service.GameService``, put together from one module per use
case (SpellBot's actions, as a class): ``lobby`` (lobbies and seats), ``servers`` (a server's
settings), ``play`` (moves, hints, leaving and ending, and what commits them), ``clocks`` (turn
clocks, nudges, idle lobbies: what happens after every change), ``seats`` (the computer
players), ``panels`` (hand panels' handles) and ``pages`` (what boards and stats read). Each
is a mixin of ``ServiceCore``, which holds the state they share and names, as abstract
methods, what one part asks of another.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from bot.clock import Clock, SystemClock
from bot.families import AnyFamily, family
from bot.models import ActionRecord, GameRecord, SeatRecord, Source, Status
from bot.server_settings import ServerSettings
from bot.service.model import (
    AnySnapshot,
    Panel,
    Presenter,
    ServiceError,
    Snapshot,
    Table,
    Told,
    snapshot_of,
    told,
)
from bot.service.scheduling import Scheduler
from bot.shards import Shards
from bot.storage import Storage
from bot.workers import Workers
from engine.core import Play
from engine.reasons import DutyOfPlay

log = logging.getLogger("bot.service")

LOBBY_IDLE_SECONDS: Final = 15 * 60
RECENTLY_CLOSED: Final = 64
"""Closed tables whose last snapshot stays in memory: their last messages (the final deal's
story, the game over with its rating changes) are drawn after the table is retired."""
LOCK_WAIT_SECONDS: Final = 2.0
"""How long a click waits for a busy game before it is told to try again (Discord allows 3 s)."""


def _system_seed() -> int:
    return random.SystemRandom().randrange(1, 2**62)


PANEL_SAVE_SECONDS: Final = 2.0
"""How long a panel handle may wait to be written with others (or with its table's commit)."""


class ServiceCore(ABC):
    """The state every part of the service shares, and how tables are found and locked."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        computer_delay: float = 1.0,
        lobby_idle: float = LOBBY_IDLE_SECONDS,
        workers: Workers | None = None,
        shards: Shards | None = None,
        panel_save_seconds: float = PANEL_SAVE_SECONDS,
    ) -> None:
        self.storage = storage
        self.shards = shards
        """The shards of this process (None: all): it owns the games of their servers."""
        self.clock: Clock = clock or SystemClock()
        self.presenter: Presenter | None = None
        self._seeds = seeds or _system_seed
        self.computer_delay = computer_delay
        self.workers = workers or Workers()
        self.lobby_idle = lobby_idle
        self.panel_save_seconds = panel_save_seconds
        """How long an opened panel's handle may wait to be written (see ``keep_panel``)."""
        self._tables: dict[int, Table] = {}
        self._closed: collections.OrderedDict[int, AnySnapshot] = collections.OrderedDict()
        """The last snapshots of recently closed tables (see ``RECENTLY_CLOSED``)."""
        self._loading: dict[int, asyncio.Future[Table]] = {}
        """Tables being loaded from the database (see ``_table``)."""
        self.scheduler = Scheduler(self.clock)

    def cached(self, game_id: int) -> Table | None:
        return self._tables.get(game_id)

    async def snapshot(self, game_id: int) -> AnySnapshot:
        """The latest snapshot of any table, open or closed; unknown ids raise ServiceError."""
        table = self._tables.get(game_id)
        if table is not None:
            return table.current
        closed = self._closed.get(game_id)
        if closed is not None:
            return closed
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("table.unknown")
        return await self._load(record)

    async def table_in_channel(self, channel_id: int) -> AnySnapshot | None:
        record = await self.storage.open_game_in_channel(channel_id)
        return None if record is None else await self.snapshot(record.id)

    async def table_of_user(self, guild_id: int, user_id: int) -> AnySnapshot | None:
        record = await self.storage.open_game_of_user(guild_id, user_id)
        return None if record is None else await self.snapshot(record.id)

    def deadlines(self, game_id: int) -> dict[int, float]:
        """Seat -> epoch second its turn clock runs out (empty without a timer)."""
        table = self._tables.get(game_id)
        return dict(table.deadlines) if table else {}

    async def message_of(self, game_id: int) -> tuple[int | None, int | None]:
        """The message that shows a table now, and the deal it shows (None: the lobby)."""
        table = self._tables.get(game_id)
        if table is not None:
            return table.message_id, table.message_deal
        record = await self.storage.game(game_id)
        return (record.message_id, record.message_deal) if record else (None, None)

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """What ``user_id`` may see and do at the table now."""
        return self._panel(await self.snapshot(game_id), user_id)

    @staticmethod
    def _panel(snap: AnySnapshot, user_id: int) -> Panel:
        # What the snapshot remembers must not hold the snapshot: a cycle would leave every
        # move's snapshot to the garbage collector (its pauses), not to reference counting.
        parts = snap.remembered(("panel", user_id), lambda: ServiceCore._panel_parts(snap, user_id))
        return Panel(snap, *parts)

    @staticmethod
    def _panel_parts(
        snap: AnySnapshot, user_id: int
    ) -> tuple[int | None, Any, tuple[Any, ...], tuple[str, ...], bool, DutyOfPlay | None]:
        """A panel's fields after its snapshot: seat, view, legal actions, their codes,
        whether the seat is handed over, and the duty of play."""
        fam = snap.family
        seat = snap.seat_of(user_id)
        state = snap.state
        if state is None:
            return (seat, None, (), (), False, None)
        record = snap.seats.get(seat) if seat is not None else None
        handed_over = record is not None and record.computer
        view = fam.observe(state, None if handed_over else seat)
        legal: tuple[Any, ...] = ()
        if seat is not None and not handed_over and snap.status is Status.PLAYING:
            legal = tuple(fam.legal_actions(state, seat))
        duty = None
        if seat is not None and any(isinstance(a, Play) for a in legal):
            # One reason for all: the cards a duty of play forbids are forbidden by the same one.
            unplayable = (c for c in getattr(view, "hand", ()) if Play(c) not in legal)
            card = next(unplayable, None)
            duty = None if card is None else fam.why_illegal(state, seat, Play(card))
        codes = tuple(fam.encode(a) for a in legal)
        return (None if handed_over else seat, view, legal, codes, handed_over, duty)

    def _refresh(self, table: Table) -> None:
        if self.presenter is not None:
            self.presenter.refresh(table.id)

    def _retire(self, table: Table) -> None:
        """A closed table: stop its tasks, take its nudge down, drop it from memory."""
        self.scheduler.stop(table)
        if table.nudged and self.presenter is not None:
            self.presenter.nudge(table.id, ())
        table.nudged = False
        self._tables.pop(table.id, None)
        self._closed[table.id] = table.current
        while len(self._closed) > RECENTLY_CLOSED:
            self._closed.popitem(last=False)

    async def wait_idle(self) -> None:
        """Wait until no background work runs (only timers wait for their time)."""
        await self.scheduler.wait_idle()

    async def resume(self) -> int:
        """Bring back every open table after a (re)start; returns how many were resumed."""
        resumed = 0
        for record in await self.storage.open_games(self.shards):
            try:
                table = Table(family=family(record.family), current=await self._load(record))
            except (KeyError, ValueError):
                log.exception("table %s cannot be loaded; left as it is", record.id)
                continue
            table.message_id, table.message_deal = record.message_id, record.message_deal
            self._tables[record.id] = table
            if record.status is Status.LOBBY:
                self._arm_lobby(table)
                self._refresh(table)
            else:
                if record.is_turn_based:
                    await self._resume_turns(table)
                async with table.lock:  # a lone card left waiting by an older bot
                    await self._play_last_cards(table)
                # a live table's clocks start afresh: downtime is not charged
                self._after_change(table, None, None)
            resumed += 1
        log.info("resumed %d open table(s)", resumed)
        return resumed

    async def close(self) -> None:
        """Stop every background task (the tables stay as stored, panel handles written)."""
        await self.scheduler.close()
        try:
            await self.save_panels()
        except Exception:  # a database gone at shutdown: those panels are opened again
            log.exception("the panels opened last were not written")
        self._tables.clear()

    async def _table(self, game_id: int) -> Table:
        """The table of an open game, loaded once: requests that arrive while it is being
        loaded (its snapshot may need rebuilding) wait for the same load, so there is never
        more than one ``Table`` — one lock — per game."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        loading = self._loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_table(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load_table(self, game_id: int) -> Table:
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("table.unknown")
        if not record.status.is_open:
            raise ServiceError("act.table_closed")
        self._check_owned(record.guild_id)
        table = Table(family=family(record.family), current=await self._load(record))
        table.message_id, table.message_deal = record.message_id, record.message_deal
        return self._tables.setdefault(game_id, table)

    def _check_owned(self, guild_id: int) -> None:
        """Refuse a server of another process's shards: its games' locks live there, and
        Discord routes all of its clicks there (so this never happens unless the processes
        are started with inconsistent SHARD_COUNT / SHARD_IDS)."""
        if self.shards is not None and not self.shards.owns(guild_id):
            log.warning("server %s is on another process's shard (%s here)", guild_id, self.shards)
            raise ServiceError("table.unknown")

    async def _load(self, record: GameRecord) -> AnySnapshot:
        """A stored game as a snapshot. A snapshot the engine no longer reads (written by an
        older engine that kept less) is rebuilt from the game's seed and action log — the
        stored record of every game — and written back, once."""
        fam = family(record.family)
        try:
            snap = snapshot_of(fam, record)
        except ValueError:
            if record.snapshot is None:
                raise
        else:
            if snap.state is None or not snap.status.is_open:
                return snap
            stored = await self.storage.actions(record.id)
            try:
                return replace(snap, log=self._replayed_log(fam, snap.rules, record, stored)[1])
            except ValueError:  # an action log this engine no longer replays: no log shown
                log.warning("table %s: its move log cannot be replayed", record.id)
                return snap
        rules = fam.rules_from_json(record.ruleset)
        stored = await self.storage.actions(record.id)
        state, moves = self._replayed_log(fam, rules, record, stored)
        rebuilt = replace(record, snapshot=fam.dump(state))
        async with self.storage.transaction() as tx:
            await tx.update_game(rebuilt, expected_version=record.version)
        log.info("table %s: snapshot rebuilt from its %d actions", record.id, len(stored))
        return Snapshot(rebuilt, rules, state, moves)

    @staticmethod
    def _replayed_log(
        fam: AnyFamily, rules: Any, record: GameRecord, stored: list[ActionRecord]
    ) -> tuple[Any, tuple[Told, ...]]:
        """The game replayed from its seed and action log (the engine's own events, as the
        moves made them), and the move log of its last deals."""
        state = fam.new_game(rules, record.seed)
        moves: tuple[Told, ...] = ()
        for action in stored:
            deal = fam.deal_number(state)
            state, events = fam.apply(state, action.seat, fam.decode(action.code))
            forced = action.source is Source.FORCED
            moves = told(fam, moves, deal, action.version, action.seat, events, forced=forced)
        return state, moves

    async def _open_table(self, game_id: int) -> Table:
        table = await self._table(game_id)
        if not table.current.status.is_open:
            raise ServiceError("act.table_closed")
        return table

    @contextlib.asynccontextmanager
    async def _locked(self, table: Table) -> AsyncIterator[None]:
        try:
            async with asyncio.timeout(LOCK_WAIT_SECONDS):
                await table.lock.acquire()
        except TimeoutError:
            raise ServiceError("act.busy") from None
        try:
            yield
        finally:
            table.lock.release()

    def _lobby(self, table: Table) -> AnySnapshot:
        snap = table.current
        if snap.status is not Status.LOBBY:
            key = "lobby.already_started" if snap.status.is_open else "act.table_closed"
            raise ServiceError(key)
        return snap

    @staticmethod
    def _check_host(snap: AnySnapshot, user_id: int) -> None:
        if user_id != snap.record.host_id:
            raise ServiceError("lobby.host_only")

    # --- what one part of the service asks of another ---------------------------------------

    @abstractmethod
    def _after_change(self, table: Table, seat: int | None, action: Any | None) -> None:
        """Draw, re-arm the clocks and let the computers play (``clocks``)."""

    @abstractmethod
    def _arm_lobby(self, table: Table) -> None:
        """(Re)start a lobby's idle countdown (``clocks``)."""

    @abstractmethod
    async def _move(
        self, table: Table, seat: int, action: Any, source: Source, user_id: int | None
    ) -> None:
        """Apply one engine action and commit it, then the cards it forced (``play``)."""

    @abstractmethod
    async def _play_last_cards(self, table: Table) -> None:
        """A lone card left waiting by an older bot plays itself now (``play``)."""

    @abstractmethod
    async def _commit(
        self,
        table: Table,
        state: Any,
        seats: dict[int, SeatRecord],
        *,
        actions: Sequence[ActionRecord],
        summary: str | None,
        log: tuple[Told, ...] = (),
    ) -> None:
        """Commit a new state of a table and its move log (``play``)."""

    @abstractmethod
    async def save_panels(self) -> None:
        """Write the panel handles kept since the last write (``panels``)."""

    @abstractmethod
    async def _close(self, table: Table, status: Status, reason: str, user_id: int | None) -> None:
        """Cancel a lobby or abandon a game (``play``)."""

    @abstractmethod
    async def _computer_decision(self, table: Table, seat: int, source: Source) -> None:
        """The computer takes one decision for a seat (``seats``)."""

    @abstractmethod
    def _schedule_computers(self, table: Table) -> None:
        """Let the computer seats play if the game waits for them (``seats``)."""

    @abstractmethod
    def _rearm_turn_clock(self, table: Table) -> None:
        """Each human seat the game waits for gets its deadline (``clocks``)."""

    @abstractmethod
    def _rearm_nudge(self, table: Table) -> None:
        """The nudge countdown of the people the game waits for (``clocks``)."""

    @abstractmethod
    async def _resume_turns(self, table: Table) -> None:
        """A turn-based table's stored turns, back in memory (``clocks``)."""

    @abstractmethod
    async def server_settings(self, guild_id: int) -> ServerSettings:
        """A server's settings (``servers``)."""

    @abstractmethod
    async def leave_lobby(self, game_id: int, user_id: int) -> AnySnapshot:
        """Out of a lobby (``lobby``)."""
