"""The clock the service reads and sleeps on, injectable so timers are testable without waiting.

``SystemClock`` reads ``discord.utils.utcnow()`` and sleeps with ``asyncio.sleep`` (SimCord
virtualises both, so its ``advance_time`` drives turn timers in the bot tests); ``ManualClock``
is moved by hand, for service tests and benchmarks that run without Discord at all.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from typing import Protocol

import discord


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch (what Discord's ``<t:…:R>`` timestamps use)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of this clock's time."""
        ...


class SystemClock:
    def now(self) -> float:
        return discord.utils.utcnow().timestamp()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """Time stands still until the test moves it; ``wake_due`` resumes the sleepers whose
    deadline has come (``GameService.wait_idle`` then waits for the work they started)."""

    def __init__(self, start: float = 1_767_225_600.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), future))
        await future

    def next_deadline(self) -> float | None:
        """When the earliest sleeper wakes (None if nobody sleeps)."""
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)  # cancelled sleepers
        return self._sleepers[0][0] if self._sleepers else None

    def wake_due(self, until: float) -> int:
        """Move time to ``until`` and resume every sleeper due by then; returns how many."""
        self._now = max(self._now, until)
        woken = 0
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)
                woken += 1
        return woken
