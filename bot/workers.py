"""Where CPU-heavy work runs: computer decisions (a search takes up to a quarter of a second)
and table pictures (tens of milliseconds). Never on the event loop, where it would hold up
every table's clicks.

``Workers(n)`` with ``n > 0`` runs the work in worker processes of its own (``bot.worker``):
``n`` for the computers' decisions and hints, and one more for the pictures, so that a
picture never queues behind a search. The work is a pure function of picklable arguments (a
seat's view and a random generator; a picture's scene), so it runs in another interpreter and
a search cannot hold the event loop's GIL. ``Workers(0)`` runs the work in a thread instead:
for tests, and for machines with a single core.

A worker fault costs one piece of work, never a table: every call has a time limit, and a
worker that dies (the OOM killer, a crash in compiled or Pillow code) or does not answer in
time is killed and replaced while the call raises ``WorkerFault`` at once; the caller decides
what to do instead (the service decides in-process with level ``normal``, the presenter posts
the table without its picture). A worker that raises an ordinary exception is fine: the
exception reaches the caller and the worker serves on.

Nothing outlives the bot: ``close`` kills the workers at once (work in flight has committed
nothing), and each worker also dies by itself when the bot's process ends, however it ends
(``bot.worker``). Workers are plain child processes started with ``python -c``, not
``multiprocessing``, so there is no resource tracker or other helper process to leave behind.

Workers run at a lower scheduling priority than the bot: searches at ``SEARCH_NICENESS``,
pictures at ``PICTURE_NICENESS``, between the event loop and the searches. When searches keep
every core busy, the event loop still gets the CPU the moment a click arrives, and a table's
picture comes before the next search (``benchmarks/bot_bench.py --computers 3 --level hard
--pictures``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from bot.games import GAMES, games
from bot.worker import HEADER, frame

T = TypeVar("T")

log = logging.getLogger(__name__)

SEARCH_NICENESS: Final = 10
"""How much lower than the bot's own a search worker's scheduling priority is (Unix ``nice``)."""
PICTURE_NICENESS: Final = 5
"""A picture worker's: below the event loop, above the searches."""
WORKER_NICENESS: Final = SEARCH_NICENESS
START_SECONDS: Final = 60.0
"""How long a new worker may take to import what it needs and say it is ready."""
WATCHDOG_SECONDS: Final = 0.05
"""How often, at most, the watchdog looks at the running work's time limits."""
PRELOAD: Final = ("bot.computers", "bot.picture.draw")
"""What a worker imports before it says it is ready (the bot's families and engines, Pillow)."""

_BOOTSTRAP: Final = (
    "import json, os, sys; sys.path[:] = json.loads(os.environ['ALLFOURS_WORKER_PATH']); "
    "from bot.worker import main; main(*json.loads(sys.argv[1]))"
)


class WorkerFault(RuntimeError):
    """The work was not done: its worker died, hung past the call's time limit, or could
    not be started. The caller takes the decision some other way."""


class _Process:
    """One worker process and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        assert process.stdin is not None and process.stdout is not None
        self.stdin = process.stdin
        self.stdout = process.stdout
        self.busy_with: str | None = None
        """What the worker is running now (the function's name), for logs and tests."""
        self.hung = False
        """Whether the watchdog killed it for running past its call's time limit."""

    @property
    def pid(self) -> int:
        return self.process.pid

    async def receive(self) -> Any:
        header = await self.stdout.readexactly(HEADER.size)
        (size,) = HEADER.unpack(header)
        return pickle.loads(await self.stdout.readexactly(size))

    async def call(self, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        self.stdin.write(frame((function, args)))
        await self.stdin.drain()
        kind, value = await self.receive()
        if kind == "error":
            raise value
        return value

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    def describe(self) -> str:
        code = self.process.returncode
        if code is None:
            return f"worker {self.pid}"
        if code < 0:
            return f"worker {self.pid} (killed by signal {-code})"
        return f"worker {self.pid} (exit status {code})"


class _Watchdog:
    """Kills a worker whose work runs past its time limit.

    A thread on the real clock (``time.perf_counter``) rather than an event-loop timer: the
    kill must come even if the loop's own clock is virtual (SimCord's is, in the tests) or
    the loop is busy, and killing the process is what wakes its caller (the pipe closes)."""

    def __init__(self) -> None:
        self._deadlines: dict[_Process, float] = {}
        self._lock = threading.Lock()
        self._changed = threading.Event()
        self._thread: threading.Thread | None = None

    def watch(self, worker: _Process, seconds: float) -> None:
        with self._lock:
            self._deadlines[worker] = time.perf_counter() + seconds
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="worker-watchdog", daemon=True
                )
                self._thread.start()
        self._changed.set()

    def forget(self, worker: _Process) -> None:
        with self._lock:
            self._deadlines.pop(worker, None)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._deadlines:
                    self._thread = None
                    return
                now = time.perf_counter()
                late = [w for w, deadline in self._deadlines.items() if deadline <= now]
                for worker in late:
                    del self._deadlines[worker]
                    worker.hung = True
                    worker.kill()
                wait = min(self._deadlines.values(), default=now) - now
            self._changed.clear()
            self._changed.wait(min(max(wait, 0.0), WATCHDOG_SECONDS))


class _Lane:
    """A few workers of one kind, each running one piece of work at a time; the others wait
    in order for the first free worker."""

    def __init__(self, name: str, size: int, niceness: int, watchdog: _Watchdog) -> None:
        self.name = name
        self._watchdog = watchdog
        self.size = size
        self.niceness = niceness
        self._idle: list[_Process] = []
        self._all: set[_Process] = set()
        self._starting = 0
        self._waiting: collections.deque[asyncio.Future[_Process]] = collections.deque()
        self._closed = False
        self._background: set[asyncio.Task[None]] = set()
        """Workers being started or reaped."""

    @property
    def processes(self) -> list[_Process]:
        return list(self._all)

    def start(self) -> None:
        """Start every worker now, in the background (the first calls then need not wait
        for a worker to import what it needs)."""
        while len(self._all) + self._starting < self.size:
            self._start_spare()

    async def ready(self) -> None:
        """Wait until the workers being started have started (or failed to)."""
        while starting := [t for t in self._background if t.get_name() != "worker-reap"]:
            await asyncio.gather(*starting, return_exceptions=True)

    async def run(self, function: Callable[..., T], args: tuple[Any, ...], time_limit: float) -> T:
        if self._closed:
            raise WorkerFault(f"the {self.name} workers are closed")
        worker = await self._acquire()
        worker.busy_with = getattr(function, "__qualname__", repr(function))
        self._watchdog.watch(worker, time_limit)
        try:
            result = await worker.call(function, args)
        except (asyncio.IncompleteReadError, ConnectionError):
            await _reaped(worker)
            self._discard(worker)
            if worker.hung:
                raise WorkerFault(
                    f"{worker.describe()} did not answer {worker.busy_with} within {time_limit:g} s"
                ) from None
            raise WorkerFault(f"{worker.describe()} died running {worker.busy_with}") from None
        except asyncio.CancelledError:
            # Its answer would come for nobody (the table closed, the bot stops): a new
            # worker takes its place; no fault of the worker's, so nothing is said.
            self._bury(worker)
            self._all.discard(worker)
            if not self._closed:
                self._start_spare()
            raise
        except BaseException:
            self._release(worker)  # the work raised: the worker itself is fine
            raise
        finally:
            self._watchdog.forget(worker)
        self._release(worker)
        return cast(T, result)

    async def _acquire(self) -> _Process:
        while self._idle:
            worker = self._idle.pop()
            if worker.process.returncode is None and not worker.hung:
                return worker
            self._discard(worker)  # it died while idle
        if len(self._all) + self._starting < self.size:
            self._starting += 1
            try:
                worker = await self._spawn()
            finally:
                self._starting -= 1
            self._all.add(worker)
            return worker
        waiter: asyncio.Future[_Process] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        return await waiter

    def _release(self, worker: _Process) -> None:
        worker.busy_with = None
        if self._closed:
            self._bury(worker)
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _discard(self, worker: _Process) -> None:
        """A worker that died or hung: killed, forgotten, and replaced in the background."""
        self._bury(worker)
        self._all.discard(worker)
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)
        if not self._closed:
            log.warning("replacing %s: it died or hung", worker.describe())
            self._start_spare()

    def _bury(self, worker: _Process) -> None:
        """Kill a worker and reap it in the background (``close`` waits for that too)."""
        worker.kill()
        task = asyncio.get_running_loop().create_task(_reaped(worker), name="worker-reap")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _start_spare(self) -> None:
        self._starting += 1
        task = asyncio.get_running_loop().create_task(self._spare(), name=f"worker-{self.name}")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _spare(self) -> None:
        try:
            worker = await self._spawn()
        except WorkerFault as fault:
            log.warning("%s", fault)
            if not self._all:  # nobody left to serve those waiting: they decide otherwise
                self._fail_waiting(fault)
            return
        finally:
            self._starting -= 1
        if self._closed:
            self._bury(worker)
            return
        self._all.add(worker)
        self._release(worker)

    async def _spawn(self) -> _Process:
        """A new worker, once it has imported what it needs and said so."""
        level = logging.getLogger().getEffectiveLevel()
        # Games registered at run time (bot.games.register) are registered in the worker too.
        added = [[g.name, g.engine, g.family, g.cog] for g in games() if g not in GAMES]
        settings = json.dumps([os.getpid(), self.niceness, list(PRELOAD), level, added])
        environment = {**os.environ, "ALLFOURS_WORKER_PATH": json.dumps(sys.path)}
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                _BOOTSTRAP,
                settings,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=environment,
            )
        except OSError as error:
            raise WorkerFault(f"a {self.name} worker could not start: {error}") from None
        worker = _Process(process)
        try:
            async with asyncio.timeout(START_SECONDS):
                kind, _ = await worker.receive()
            if kind != "ready":
                raise WorkerFault(f"{worker.describe()} said {kind!r} instead of ready")
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            worker.kill()
            await _reaped(worker)
            raise WorkerFault(f"a {self.name} worker did not start: {worker.describe()}") from None
        except BaseException:
            self._bury(worker)
            raise
        return worker

    async def close(self) -> None:
        self._closed = True
        for task in self._background:
            if task.get_name() != "worker-reap":
                task.cancel()  # a worker being started
        self._fail_waiting(WorkerFault(f"the {self.name} workers are closed"))
        for worker in self._all:
            self._bury(worker)
        self._all.clear()
        self._idle.clear()
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    def _fail_waiting(self, fault: WorkerFault) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(fault)

    def kill_all(self) -> None:
        self._closed = True
        for worker in self._all:
            worker.kill()


async def _reaped(worker: _Process) -> None:
    """Wait (briefly) until a worker that ended is reaped, so its exit status is known."""
    with contextlib.suppress(TimeoutError, ProcessLookupError):
        async with asyncio.timeout(1.0):
            await worker.process.wait()


class Workers:
    """The bot's worker processes (``processes`` > 0) or a thread (0)."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._searches: _Lane | None = None
        self._pictures: _Lane | None = None
        if processes > 0:
            watchdog = _Watchdog()
            self._searches = _Lane("search", processes, SEARCH_NICENESS, watchdog)
            self._pictures = _Lane("picture", 1, PICTURE_NICENESS, watchdog)

    def start(self) -> None:
        """Start every worker now, in the background (call from the event loop)."""
        for lane in self._lanes():
            lane.start()

    async def ready(self) -> None:
        """Wait until every worker that ``start`` started is ready (or failed to start)."""
        for lane in self._lanes():
            await lane.ready()

    async def run(self, function: Callable[..., T], *args: Any, time_limit: float) -> T:
        """``function(*args)`` in a search worker (or a thread), without blocking the loop;
        ``WorkerFault`` if it is not done within ``time_limit`` seconds of starting."""
        return await self._run(self._searches, function, args, time_limit)

    async def draw(self, function: Callable[..., T], *args: Any, time_limit: float) -> T:
        """The same for a picture: its own worker, so it never waits behind a search."""
        return await self._run(self._pictures, function, args, time_limit)

    @staticmethod
    async def _run(
        lane: _Lane | None, function: Callable[..., T], args: tuple[Any, ...], time_limit: float
    ) -> T:
        if lane is not None:
            return await lane.run(function, args, time_limit)
        try:
            async with asyncio.timeout(time_limit):
                return await asyncio.to_thread(function, *args)
        except TimeoutError:
            # A thread cannot be stopped: it finishes in the background, for nobody.
            raise WorkerFault(f"{function.__qualname__} took more than {time_limit:g} s") from None

    def pids(self) -> dict[str, list[int]]:
        """The worker processes running now, by kind (for logs and tests)."""
        return {lane.name: [w.pid for w in lane.processes] for lane in self._lanes()}

    def busy(self) -> dict[int, str]:
        """Worker pid -> what it is running now."""
        return {
            w.pid: w.busy_with
            for lane in self._lanes()
            for w in lane.processes
            if w.busy_with is not None
        }

    async def aclose(self) -> None:
        """Kill the workers and wait until they are gone (work in flight committed nothing)."""
        for lane in self._lanes():
            await lane.close()

    def close(self) -> None:
        """Kill the workers at once, without waiting (``aclose`` also reaps them)."""
        for lane in self._lanes():
            lane.kill_all()

    def _lanes(self) -> list[_Lane]:
        return [lane for lane in (self._searches, self._pictures) if lane is not None]
