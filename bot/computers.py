"""Computer decisions, off the event loop.

The engine's players are pure functions of a seat's view, its legal actions and a random
generator, so a decision can be taken in another process: ``Computers`` sends it to a process
pool (a search at level ``hard`` takes a few hundred milliseconds of CPU, which in a thread would
still hold the GIL and stall every table). With no workers — tests, or a machine with one
core — decisions run inline, which is fine for the rule-based levels.

Only the view reaches a worker, never the full state: a computer sees what its seat sees.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Sequence
from random import Random
from typing import Any

from bot.families import family


def decide(family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random) -> Any:
    """One expected decision (top level, so that a worker process can run it)."""
    return family(family_name).choose(level, view, legal, rng)


def interrupt(
    family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random
) -> Any | None:
    """One optional out-of-turn decision, or None (top level, for a worker process)."""
    return family(family_name).interrupt(level, view, legal, rng)


class Computers:
    """Where computer decisions run: a pool of ``workers`` processes, or inline."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        if workers > 0:
            # "spawn": a fresh interpreter per worker, never a fork of a running event loop.
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)

    async def decide(
        self, family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random
    ) -> Any:
        if self._pool is None:
            return decide(family_name, level, view, legal, rng)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, decide, family_name, level, view, list(legal), rng
        )

    async def interrupt(
        self, family_name: str, level: str, view: Any, legal: Sequence[Any], rng: Random
    ) -> Any | None:
        if self._pool is None:
            return interrupt(family_name, level, view, legal, rng)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, interrupt, family_name, level, view, list(legal), rng
        )

    def close(self) -> None:
        """Stop the workers (decisions in flight are abandoned: nothing was committed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
