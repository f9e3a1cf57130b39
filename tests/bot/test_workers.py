"""CPU-heavy work runs off the event loop, in worker processes or a thread."""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from bot.computers import decide, hint
from bot.workers import WORKER_NICENESS, Workers
from engine import allfours, kqj


def _pid() -> int:
    return os.getpid()


def _niceness() -> int:
    return os.nice(0)


def _fail() -> None:
    raise ValueError("a worker's error reaches the caller")


async def test_a_process_pool_runs_work_elsewhere_and_keeps_the_loop_free() -> None:
    workers = Workers(1)
    try:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        ticker = asyncio.create_task(tick())
        assert await workers.run(_pid) != os.getpid()
        # searches yield the CPU to the event loop (nice is capped at 19)
        assert await workers.run(_niceness) == min(19, os.nice(0) + WORKER_NICENESS)
        ticker.cancel()
        assert ticks > 0  # the loop kept running while the worker started and answered
        with pytest.raises(ValueError, match="reaches the caller"):
            await workers.run(_fail)
    finally:
        workers.close()


async def test_a_decision_in_a_worker_equals_one_taken_here() -> None:
    """Views, legal actions and random generators travel to a worker and back unchanged."""
    state = allfours.new_game(allfours.preset("caribbean"), seed=3)
    seat = state.to_act
    view, legal = allfours.observe(state, seat), allfours.legal_actions(state, seat)
    here = decide("allfours", "normal", view, legal, random.Random(5))
    workers = Workers(1)
    try:
        assert (
            await workers.run(decide, "allfours", "normal", view, legal, random.Random(5)) == here
        )
    finally:
        workers.close()
    threads = Workers(0)
    assert await threads.run(decide, "allfours", "normal", view, legal, random.Random(5)) == here


async def test_hard_decisions_and_hints_run_in_a_worker_process() -> None:
    """Level ``hard`` and the Hint search run in a worker with the table's time budget (read
    from the worker's own clock): they answer with a legal action, and a KQJ hint's reason
    is one of the engine's codes."""
    state = kqj.new_game(kqj.preset("kqj"), seed=4)
    seat = state.to_act
    view, legal = kqj.observe(state, seat), kqj.legal_actions(state, seat)
    workers = Workers(1)
    try:
        action = await workers.run(decide, "kqj", "hard", view, legal, random.Random(1))
        found = await workers.run(hint, "kqj", view, legal, random.Random(1))
    finally:
        workers.close()
    assert action in legal and found.action in legal
    assert found.reason is None or found.reason in kqj.players.REASONS
