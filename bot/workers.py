"""Where CPU-heavy work runs: computer decisions (a search takes hundreds of milliseconds) and
table pictures (tens of milliseconds). Never on the event loop, where it would hold up every
table's clicks.

``Workers(n)`` with ``n > 0`` is a pool of ``n`` processes: the work is a pure function of
picklable arguments (a seat's view and a random generator; a picture's scene), so it runs in
another interpreter and a search cannot hold the event loop's GIL. ``Workers(0)`` runs the
work in a thread instead: for tests, and for machines with a single core.

The pool is ``multiprocessing``'s, whose ``terminate`` stops the workers at once: a stopping
bot (SIGTERM) must exit within two seconds, and work in flight has committed nothing.

Workers run at a lower scheduling priority (``WORKER_NICENESS``): when searches keep every
core busy, the event loop still gets the CPU the moment a click arrives, so a person's click
is answered in milliseconds while the computers think (``benchmarks/bot_bench.py --computers
3 --level hard``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.pool
import os
from collections.abc import Callable
from typing import Any, Final, TypeVar

T = TypeVar("T")

WORKER_NICENESS: Final = 10
"""How much lower than the bot's own a worker's scheduling priority is (Unix ``nice``)."""


def _lower_priority() -> None:
    """Runs first in every worker process."""
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


class Workers:
    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: multiprocessing.pool.Pool | None = None
        if processes > 0:
            # "spawn": a fresh interpreter per worker, never a fork of a running event loop.
            self._pool = multiprocessing.get_context("spawn").Pool(
                processes, initializer=_lower_priority
            )

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (or a thread), without blocking the loop."""
        if self._pool is None:
            return await asyncio.to_thread(function, *args)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        # The pool calls back from its own thread: hand the outcome to the event loop, unless
        # the caller went away (cancelled) and the result is no longer wanted.
        def done(value: T) -> None:
            if not future.done():
                future.set_result(value)

        def failed(error: BaseException) -> None:
            if not future.done():
                future.set_exception(error)

        self._pool.apply_async(
            function,
            args,
            callback=lambda value: loop.call_soon_threadsafe(done, value),
            error_callback=lambda error: loop.call_soon_threadsafe(failed, error),
        )
        return await future

    def close(self) -> None:
        """Stop the workers at once (work in flight is abandoned: it committed nothing)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
