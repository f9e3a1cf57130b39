"""The computer seats: their decisions, taken in the worker processes (or here, by level
``normal``, when a worker fails), and when they take them."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from bot import computers
from bot.models import Source, Status
from bot.service.core import ServiceCore
from bot.service.model import AnySnapshot, Table, computer_to_act, computers_with_options
from bot.workers import WorkerFault

log = logging.getLogger("bot.service")


DEFAULT_LEVEL: Final = "normal"
"""The level of a computer seat without one (a seat handed to the computer)."""
TIMEOUT_LEVEL: Final = "normal"
"""Who decides for a player whose clock ran out."""
FALLBACK_LEVEL: Final = "normal"
"""Who decides, in-process, when a computer's worker fails (it decides in milliseconds)."""


class Seats(ServiceCore):
    """The computer players' turns."""

    async def _computer_decision(self, table: Table, seat: int, source: Source) -> None:
        """The computer takes one decision for ``seat``: one action, or all the steps of a
        decision made of several (every discard it owes)."""
        fam = table.family
        while True:
            snap = table.current
            legal = fam.legal_actions(snap.state, seat) if snap.status is Status.PLAYING else []
            if not legal:
                return
            level = TIMEOUT_LEVEL if source is Source.TIMEOUT else self._level(snap, seat)
            view = fam.observe(snap.state, seat)
            rng = self._rng(snap, seat)
            action = await self._decide(table, computers.decide, level, view, legal, rng)
            await self._move(table, seat, action, source, None)
            source = Source.COMPUTER
            if not fam.is_partial(action):
                return

    @staticmethod
    def _level(snap: AnySnapshot, seat: int) -> str:
        return snap.seats[seat].level or DEFAULT_LEVEL

    @staticmethod
    def _rng(snap: AnySnapshot, seat: int) -> random.Random:
        """The computer's randomness for one decision: replayable from the game's seed."""
        return random.Random(f"{snap.record.seed}:{snap.record.version}:{seat}")

    def _unasked_options(self, table: Table) -> list[int]:
        """Computer seats with an optional action not yet considered at this version."""
        version = table.current.record.version
        table.asked = {key for key in table.asked if key[0] == version}
        return [s for s in computers_with_options(table.current) if (version, s) not in table.asked]

    async def _computer_interruption(self, table: Table) -> bool:
        """Offer each computer seat its optional action once per version; True if one took
        it (the situation changed, so the others are asked again at the new version)."""
        fam = table.family
        for seat in self._unasked_options(table):
            snap = table.current
            table.asked.add((snap.record.version, seat))
            legal = fam.legal_actions(snap.state, seat)
            view = fam.observe(snap.state, seat)
            level = self._level(snap, seat)
            rng = self._rng(snap, seat)
            action = await self._decide(table, computers.interrupt, level, view, legal, rng)
            if action is not None:
                await self._move(table, seat, action, Source.COMPUTER, None)
                return True
        return False

    async def _decide(
        self,
        table: Table,
        decision: Callable[[str, str, Any, Sequence[Any], random.Random], Any],
        level: str,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
    ) -> Any:
        """A computer's decision, taken in a worker; if the worker dies, hangs past the
        decision's budget or the search fails, level ``normal`` takes it here instead (it is
        quick), so a worker fault costs one decision, never the table."""
        name = table.family.name
        try:
            return await self.workers.run(
                decision, name, level, view, legal, rng, time_limit=computers.DECISION_SECONDS
            )
        except WorkerFault as fault:
            log.warning("table %s: %s; level %s decides instead", table.id, fault, FALLBACK_LEVEL)
        except Exception:
            log.exception("table %s: a computer's decision failed", table.id)
        return await asyncio.to_thread(decision, name, FALLBACK_LEVEL, view, legal, rng)

    def _schedule_computers(self, table: Table) -> None:
        if computer_to_act(table.current) is not None or self._unasked_options(table):
            self.scheduler.computers(table, self._run_computers, self._pause(table))

    async def _run_computers(self, table: Table) -> None:
        """The computer seats play, one decision at a time, while it is their turn; before
        each, computer seats that may act out of turn say whether they do."""
        while True:
            async with table.lock:
                snap = table.current
                if snap.status is not Status.PLAYING:
                    return
                if not await self._computer_interruption(table):
                    seat = computer_to_act(snap)
                    if seat is None:
                        return
                    await self._computer_decision(table, seat, Source.COMPUTER)
            if table.current.status is not Status.PLAYING:
                self._after_change(table, None, None)
                return
            self._rearm_turn_clock(table)
            self._rearm_nudge(table)
            self._refresh(table)
            pause = self._pause(table)
            if pause > 0:
                await self.scheduler.sleep(pause)

    def _pause(self, table: Table) -> float:
        """How long this table's computers wait before each move, so people can follow."""
        pause = table.current.record.computer_pause
        return self.computer_delay if pause is None else pause
