"""After every change: the table is drawn, the turn clocks and the nudge are re-armed, and the
computers are let play; the clocks' and the idle lobbies' own work when their time comes."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Final

from bot.models import Source, Status, Turn
from bot.service.core import ServiceCore
from bot.service.model import Table, expected_actors, next_turns

REMINDER_AT: Final = 0.25
"""A turn-based table reminds a player of their turn when this share of its time is left."""

log = logging.getLogger("bot.service")


class Clocks(ServiceCore):
    """Turn clocks, nudges and idle lobbies."""

    def _after_change(self, table: Table, seat: int | None, action: Any | None) -> None:
        """Render, re-arm the clocks and let the computers play; ``seat`` is an expected actor
        that just took ``action``."""
        snap = table.current
        if snap.status is not Status.PLAYING:
            self._retire(table)
            self._refresh(table)
            return
        partial = action is not None and table.family.is_partial(action)
        if seat is not None and not partial and not snap.record.is_turn_based:
            table.deadlines.pop(seat, None)  # the seat took its decision: its clock stops
        self._rearm_turn_clock(table)
        self._rearm_nudge(table)
        self._schedule_computers(table)
        self._refresh(table)

    def _rearm_nudge(self, table: Table) -> None:
        """After every move the live nudge (if any) goes, and if the game waits for people a
        new countdown starts: if they have not acted when it runs out, one new message
        mentions them (an edited message notifies nobody)."""
        snap = table.current
        if snap.record.is_turn_based:
            self._rearm_turn_notices(table)
            return
        waiting = frozenset(s for s in expected_actors(snap) if snap.seats[s].is_human)
        version = snap.record.version
        if (waiting, version) == (table.waiting, table.waiting_version):
            return
        if table.nudged and self.presenter is not None:
            self.presenter.nudge(table.id, ())
        table.waiting, table.waiting_version, table.nudged = waiting, version, False
        delay = snap.record.nudge_seconds if waiting else None
        self.scheduler.nudge(table, self._nudge, delay)

    async def _nudge(self, table: Table) -> None:
        snap = table.current
        if snap.status is not Status.PLAYING or self.presenter is None:
            return
        users = tuple(
            user
            for seat in sorted(table.waiting)
            if (user := snap.seats[seat].user_id) is not None and snap.seats[seat].is_human
        )
        if users:
            table.nudged = True
            self.presenter.nudge(table.id, users)

    def _rearm_turn_notices(self, table: Table) -> None:
        """A turn-based table tells each person of their turn twice at most: one mention (or
        direct message) when it comes, one reminder when a quarter of the time is left. The
        mention goes when they act, as a nudge does; how many were sent is stored with the
        turn, so a restart never sends a third."""
        snap = table.current
        waiting = frozenset(table.turns)
        version = snap.record.version
        if (waiting, version) != (table.waiting, table.waiting_version):
            if table.nudged and self.presenter is not None:
                self.presenter.nudge(table.id, ())
            table.waiting, table.waiting_version, table.nudged = waiting, version, False
        times = [when for turn in table.turns.values() if (when := self._notice_at(table, turn))]
        delay = max(0.0, min(times) - self.clock.now()) if times else None
        self.scheduler.nudge(table, self._tell_turns, delay)

    @staticmethod
    def _notice_at(table: Table, turn: Turn) -> float | None:
        """When a turn's next notice is due (None: both were sent)."""
        pace = table.current.record.pace_seconds or 0
        if turn.mentions == 0:
            return turn.since
        if turn.mentions == 1:
            return turn.due - pace * REMINDER_AT
        return None

    async def _tell_turns(self, table: Table) -> None:
        async with table.lock:
            snap = table.current
            if snap.status is not Status.PLAYING or self.presenter is None:
                return
            now = self.clock.now()
            told: dict[int, Turn] = {}
            for seat, turn in table.turns.items():
                when = self._notice_at(table, turn)
                if when is None or when > now:
                    continue
                # a turn found late (after a long downtime) is told once, not twice in a row
                late = now >= turn.due - (snap.record.pace_seconds or 0) * REMINDER_AT
                told[seat] = replace(turn, mentions=2 if late else turn.mentions + 1)
            if told:
                turns = {**table.turns, **told}
                async with self.storage.transaction() as tx:
                    await tx.put_turns(table.id, turns)
                table.turns = turns
                users = tuple(
                    user for seat in sorted(told) if (user := snap.seats[seat].user_id) is not None
                )
                table.nudged = True
                self.presenter.nudge(table.id, users)
        self._rearm_turn_notices(table)

    async def _resume_turns(self, table: Table) -> None:
        """A turn-based table's stored turns, as they were: time spent while the bot was down
        counts (a day's move is a day in the players' lives, not in the bot's); a person the
        game waits for without a stored turn gets a fresh one."""
        stored = await self.storage.turns(table.id)
        turns = next_turns(stored, table.current, self.clock.now(), None)
        if turns != stored:
            async with self.storage.transaction() as tx:
                await tx.put_turns(table.id, turns)
        table.turns = turns

    async def set_nudge_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the table's live nudge message (None: there is none)."""
        async with self.storage.transaction() as tx:
            await tx.set_nudge_message(game_id, message_id)

    def _rearm_turn_clock(self, table: Table) -> None:
        """Each human seat the game waits for has a deadline from the moment it was expected
        (optional actions, such as a KQJ counter, have no clock)."""
        snap = table.current
        if snap.record.is_turn_based:
            table.deadlines = {seat: turn.due for seat, turn in table.turns.items()}
            self.scheduler.turn_clock(table, self._expire_turns)
            return
        seconds = snap.record.turn_seconds
        if seconds is None:
            return
        now = self.clock.now()
        acting = {s for s in expected_actors(snap) if snap.seats[s].is_human}
        for seat in list(table.deadlines):
            if seat not in acting:
                del table.deadlines[seat]
        for seat in acting:
            table.deadlines.setdefault(seat, now + seconds)
        self.scheduler.turn_clock(table, self._expire_turns)

    async def _expire_turns(self, table: Table) -> None:
        async with table.lock:
            now = self.clock.now()
            for seat, deadline in sorted(table.deadlines.items()):
                snap = table.current
                if deadline > now or snap.status is not Status.PLAYING:
                    continue
                if not snap.seats[seat].is_human or seat not in expected_actors(snap):
                    continue
                del table.deadlines[seat]
                log.info("table %s: seat %s ran out of time", table.id, seat)
                await self._computer_decision(table, seat, Source.TIMEOUT)
                after = table.current.seats[seat]
                if snap.record.is_turn_based and self.presenter is not None and after.user_id:
                    self.presenter.timed_out(table.id, after.user_id, after.computer)
        self._after_change(table, None, None)

    def _arm_lobby(self, table: Table) -> None:
        self.scheduler.lobby(table, self._close_idle_lobby, self.lobby_idle)

    async def _close_idle_lobby(self, table: Table) -> None:
        async with table.lock:
            if table.current.status is Status.LOBBY:
                await self._close(table, Status.CANCELLED, "idle", None)
