"""CPU-heavy work runs off the event loop, in worker processes or a thread, and a worker fault
costs one piece of work: the caller hears of it at once (or after the call's time limit) and
the worker is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bot.computers import decide, hint
from bot.workers import PICTURE_NICENESS, SEARCH_NICENESS, WorkerFault, Workers
from engine import allfours, kqj


def _pid() -> int:
    return os.getpid()


def _niceness() -> int:
    return os.nice(0)


def _fail() -> None:
    raise ValueError("a worker's error reaches the caller")


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _timeout_error() -> None:
    raise TimeoutError("the work's own timeout, not a hung worker")


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


async def _busy_worker(workers: Workers) -> int:
    """The pid of the first worker seen running something."""
    for _ in range(2000):
        if busy := workers.busy():
            return next(iter(busy))
        await asyncio.sleep(0.005)
    raise AssertionError("no worker became busy")


async def test_a_worker_runs_work_elsewhere_and_keeps_the_loop_free() -> None:
    workers = Workers(1)
    try:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        ticker = asyncio.create_task(tick())
        assert await workers.run(_pid, time_limit=60) != os.getpid()
        # searches yield the CPU to the event loop, pictures a little less (nice caps at 19)
        assert await workers.run(_niceness, time_limit=5) == min(19, os.nice(0) + SEARCH_NICENESS)
        assert await workers.draw(_niceness, time_limit=60) == min(
            19, os.nice(0) + PICTURE_NICENESS
        )
        ticker.cancel()
        assert ticks > 0  # the loop kept running while the worker started and answered
        with pytest.raises(ValueError, match="reaches the caller"):
            await workers.run(_fail, time_limit=5)
        with pytest.raises(TimeoutError, match="the work's own"):
            await workers.run(_timeout_error, time_limit=5)
        before = workers.pids()["search"]
        assert await workers.run(_pid, time_limit=5) in before  # the same worker serves on
    finally:
        await workers.aclose()


async def test_a_decision_in_a_worker_equals_one_taken_here() -> None:
    """Views, legal actions and random generators travel to a worker and back unchanged."""
    state = allfours.new_game(allfours.preset("caribbean"), seed=3)
    seat = state.to_act
    view, legal = allfours.observe(state, seat), allfours.legal_actions(state, seat)
    here = decide("allfours", "normal", view, legal, random.Random(5))
    workers = Workers(1)
    try:
        got = await workers.run(
            decide, "allfours", "normal", view, legal, random.Random(5), time_limit=60
        )
        assert got == here
    finally:
        await workers.aclose()
    threads = Workers(0)
    got = await threads.run(
        decide, "allfours", "normal", view, legal, random.Random(5), time_limit=5
    )
    assert got == here


async def test_hard_decisions_and_hints_run_in_a_worker_process() -> None:
    """Level ``hard`` and the Hint search run in a worker with the table's time budget (read
    from the worker's own clock): they answer with a legal action, and a KQJ hint's reason
    is one of the engine's codes."""
    state = kqj.new_game(kqj.preset("kqj"), seed=4)
    seat = state.to_act
    view, legal = kqj.observe(state, seat), kqj.legal_actions(state, seat)
    workers = Workers(1)
    try:
        action = await workers.run(
            decide, "kqj", "hard", view, legal, random.Random(1), time_limit=60
        )
        found = await workers.run(hint, "kqj", view, legal, random.Random(1), time_limit=60)
    finally:
        await workers.aclose()
    assert action in legal and found.action in legal
    assert found.reason is None or found.reason in kqj.players.REASONS


async def test_a_worker_killed_mid_work_costs_that_work_only() -> None:
    """SIGKILL in the middle of a call: the call fails at once with WorkerFault, a new worker
    takes the dead one's place, and the next call is served."""
    workers = Workers(1)
    try:
        first = await workers.run(_pid, time_limit=60)
        call = asyncio.create_task(workers.run(_sleep, 30.0, time_limit=60))
        victim = await _busy_worker(workers)
        assert victim == first
        started = time.monotonic()
        os.kill(victim, signal.SIGKILL)
        with pytest.raises(WorkerFault, match="died"):
            await call
        assert time.monotonic() - started < 5
        replacement = await workers.run(_pid, time_limit=60)
        assert replacement != victim and not _alive(victim)
    finally:
        await workers.aclose()


async def test_a_hung_worker_is_killed_after_the_time_limit() -> None:
    """A worker that stops answering (SIGSTOP) costs the call its time limit: then it is
    killed and replaced."""
    workers = Workers(1)
    try:
        stalled = await workers.run(_pid, time_limit=60)
        os.kill(stalled, signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(WorkerFault, match="did not answer"):
            await workers.run(_pid, time_limit=0.5)
        assert 0.5 <= time.monotonic() - started < 3
        assert await workers.run(_pid, time_limit=60) != stalled
        for _ in range(100):
            if not _alive(stalled):
                break
            await asyncio.sleep(0.05)
        assert not _alive(stalled)
    finally:
        await workers.aclose()


async def test_pictures_never_wait_behind_a_search() -> None:
    """The only search worker is busy for seconds; a picture is drawn meanwhile."""
    workers = Workers(1)
    try:
        await asyncio.gather(workers.run(_pid, time_limit=60), workers.draw(_pid, time_limit=60))
        search = asyncio.create_task(workers.run(_sleep, 3.0, time_limit=60))
        await _busy_worker(workers)
        started = time.monotonic()
        assert await workers.draw(_sleep, 0.0, time_limit=5) == 0.0
        assert time.monotonic() - started < 1
        assert not search.done()
        search.cancel()
        with pytest.raises(asyncio.CancelledError):
            await search
    finally:
        await workers.aclose()


async def test_closing_leaves_no_worker_behind() -> None:
    workers = Workers(2)
    workers.start()
    await workers.ready()
    pids = [pid for kind in workers.pids().values() for pid in kind]
    assert len(pids) == 3  # two searches and one picture worker
    call = asyncio.create_task(workers.run(_sleep, 30.0, time_limit=60))
    await _busy_worker(workers)
    await workers.aclose()
    with pytest.raises(WorkerFault):
        await call
    assert not any(_alive(pid) for pid in pids)
    with pytest.raises(WorkerFault, match="closed"):
        await workers.run(_pid, time_limit=1)


@pytest.mark.parametrize("how", ["SIGKILL", "crash"])
def test_workers_end_with_the_process_that_started_them(how: str) -> None:
    """However the parent ends (killed, or crashing without a word), its workers are gone
    within 5 seconds (the bot-level test is in test_shutdown.py)."""
    parent = textwrap.dedent(
        f"""
        import asyncio, os, sys, time
        sys.path[:0] = {sys.path!r}
        from bot.workers import Workers

        async def main():
            workers = Workers(2)
            workers.start()
            await workers.ready()
            pids = [p for kind in workers.pids().values() for p in kind]
            print(" ".join(map(str, pids)), flush=True)
            sys.stdin.readline()  # the test has seen the workers
            if {how!r} == "crash":
                os.abort()
            time.sleep(60)

        asyncio.run(main())
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", parent],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert process.stdout is not None and process.stdin is not None
        pids = [int(p) for p in process.stdout.readline().split()]
        assert len(pids) == 3 and all(_alive(pid) for pid in pids)
        process.stdin.write(b"go\n")
        process.stdin.flush()
        if how == "SIGKILL":
            process.kill()
        process.wait(timeout=30)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in pids)
    finally:
        process.kill()
        process.wait()
