"""When background work runs: turn clocks, computer players' turns, idle lobbies.

The service decides *what* happens (a timeout, a computer's move, closing a lobby); this
module owns the tasks and *when* they run, on the injected clock. Every task is tracked so
``close`` can stop them all, and ``wait_idle`` can tell work that is running from work that
is only waiting for its time (tests and benchmarks use it with a ``ManualClock``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from bot.clock import Clock

if TYPE_CHECKING:
    from bot.service.model import Table

log = logging.getLogger(__name__)

Work = Callable[["Table"], Awaitable[None]]


class Scheduler:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: set[asyncio.Task[None]] = set()
        self._sleeping: set[asyncio.Task[Any]] = set()
        self._fell_asleep = asyncio.Event()
        self._named: dict[str, asyncio.Task[None]] = {}

    # --- the three kinds of background work ----------------------------------------------

    def turn_clock(self, table: Table, work: Work) -> None:
        """(Re)start the table's turn clock for its earliest deadline; ``work`` runs when it
        falls due. A clock that is itself running the work is not cancelled."""
        current = asyncio.current_task()
        if table.turn_task is not None and table.turn_task is not current:
            table.turn_task.cancel()
        table.turn_task = None
        if table.deadlines:
            due = min(table.deadlines.values())
            table.turn_task = self._spawn(self._at(table, due, work), name=f"turn-clock-{table.id}")

    def computers(self, table: Table, work: Work, delay: float) -> None:
        """Run ``work`` (the computer players' moves) unless it is running already."""
        if table.computer_task is not None and not table.computer_task.done():
            return
        table.computer_task = self._spawn(
            self._after(table, delay, work), name=f"computer-{table.id}"
        )

    def lobby(self, table: Table, work: Work, idle: float) -> None:
        """(Re)start the lobby's idle countdown."""
        if table.lobby_task is not None:
            table.lobby_task.cancel()
        table.lobby_task = self._spawn(self._after(table, idle, work), name=f"lobby-{table.id}")

    def nudge(self, table: Table, work: Work, delay: float | None) -> None:
        """(Re)start the table's nudge countdown; ``None`` only stops it."""
        if table.nudge_task is not None and table.nudge_task is not asyncio.current_task():
            table.nudge_task.cancel()
        table.nudge_task = None
        if delay is not None:
            table.nudge_task = self._spawn(
                self._after(table, delay, work), name=f"nudge-{table.id}"
            )

    def once(self, name: str, work: Callable[[], Awaitable[None]], delay: float) -> None:
        """Run ``work`` in ``delay`` seconds unless a task of that name is already waiting
        (work that gathers what piled up meanwhile, such as writing panel handles)."""
        waiting = self._named.get(name)
        if waiting is not None and not waiting.done():
            return
        self._named[name] = self._spawn(self._later(delay, work), name=name)

    async def _later(self, delay: float, work: Callable[[], Awaitable[None]]) -> None:
        await self.sleep(delay)
        try:
            await work()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("background work %s failed", work)

    def stop(self, table: Table) -> None:
        """A table closed: stop its tasks (except the one calling)."""
        current = asyncio.current_task()
        for task in table.tasks():
            if task is not current:
                task.cancel()
        table.deadlines.clear()

    # --- waiting -----------------------------------------------------------------------------

    async def sleep(self, seconds: float) -> None:
        """Sleep on the clock, counted as idle by ``wait_idle``."""
        task = asyncio.current_task()
        assert task is not None
        self._sleeping.add(task)
        self._fell_asleep.set()
        try:
            await self.clock.sleep(seconds)
        finally:
            self._sleeping.discard(task)

    async def wait_idle(self) -> None:
        """Wait until every task is done or asleep on the clock (a task that acts, then
        sleeps again, such as the computers' pause between moves, counts as idle)."""
        calm = 0
        while calm < 3:
            await asyncio.sleep(0)
            busy = [t for t in self._tasks if not t.done() and t not in self._sleeping]
            if busy:
                calm = 0
                self._fell_asleep.clear()
                asleep = asyncio.ensure_future(self._fell_asleep.wait())
                try:
                    await asyncio.wait([*busy, asleep], return_when=asyncio.FIRST_COMPLETED)
                finally:
                    asleep.cancel()
            else:
                calm += 1

    def busy(self) -> bool:
        """Whether any task (running or waiting for its time) is left."""
        return any(not task.done() for task in self._tasks)

    async def close(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- helpers -----------------------------------------------------------------------------

    def _spawn(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _at(self, table: Table, when: float, work: Work) -> None:
        await self._after(table, when - self.clock.now(), work)

    async def _after(self, table: Table, seconds: float, work: Work) -> None:
        """Background work never dies silently: errors are logged, the table stays usable."""
        if seconds > 0:
            await self.sleep(seconds)
        try:
            await work(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("background work of table %s failed", table.id)
