"""After every change: the table is drawn, the turn clocks and the nudge are re-armed, and the
computers are let play; the clocks' and the idle lobbies' own work when their time comes."""

from __future__ import annotations

import logging
from typing import Any

from bot.models import Source, Status
from bot.service.core import ServiceCore
from bot.service.model import Table, expected_actors

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
        if seat is not None and not partial:
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

    async def set_nudge_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the table's live nudge message (None: there is none)."""
        async with self.storage.transaction() as tx:
            await tx.set_nudge_message(game_id, message_id)

    def _rearm_turn_clock(self, table: Table) -> None:
        """Each human seat the game waits for has a deadline from the moment it was expected
        (optional actions, such as a KQJ counter, have no clock)."""
        snap = table.current
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
        self._after_change(table, None, None)

    def _arm_lobby(self, table: Table) -> None:
        self.scheduler.lobby(table, self._close_idle_lobby, self.lobby_idle)

    async def _close_idle_lobby(self, table: Table) -> None:
        async with table.lock:
            if table.current.status is Status.LOBBY:
                await self._close(table, Status.CANCELLED, "idle", None)
