"""Where CPU-heavy work runs: computer decisions (a search takes hundreds of milliseconds) and
table pictures (tens of milliseconds). Never on the event loop, where it would hold up every
table's clicks.

``Workers(n)`` with ``n > 0`` is a pool of ``n`` processes: the work is a pure function of
picklable arguments (a seat's view and a random generator; a picture's scene), so it runs in
another interpreter and a search cannot hold the event loop's GIL. ``Workers(0)`` runs the
work in a thread instead: for tests, and for machines with a single core.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Workers:
    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        if processes > 0:
            # "spawn": a fresh interpreter per worker, never a fork of a running event loop.
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(processes, mp_context=context)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (or a thread), without blocking the loop."""
        if self._pool is None:
            return await asyncio.to_thread(function, *args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, function, *args)

    def close(self) -> None:
        """Stop the workers (work in flight is abandoned: nothing it did was committed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
