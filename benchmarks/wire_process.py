"""The bot's process for ``wire_bench.py``: one checkout's bot, started through
``wire_launcher.py`` with a fresh SQLite database against the fake Discord, and its CPU time
(its own and its descendants', from ``/proc``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from wire_fake import FakeDiscord

LAUNCHER = Path(__file__).resolve().parent / "wire_launcher.py"
TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
"""A well-formed bot token (the fake accepts any)."""
BOT_SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "WORKERS",
    "SHARD_COUNT",
    "SHARD_IDS",
)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Side:
    """A checkout whose bot is measured, named by its commit (or folder)."""

    label: str
    path: Path


def describe_checkout(path: Path) -> str:
    """A checkout's commit (``+changes`` when files differ from it), or its folder's name when
    it is not a git checkout of its own (an extracted archive)."""

    def git(*command: str) -> str:
        return subprocess.run(
            ["git", "-C", str(path), *command], capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        if Path(git("rev-parse", "--show-toplevel")).resolve() != path.resolve():
            return path.name
        dirty = git("status", "--porcelain", "--untracked-files=no")
        return git("log", "-1", "--format=%h") + ("+changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return path.name


@dataclass
class Cpu:
    """CPU seconds of the bot's process and of its descendants at one moment."""

    main: float
    reaped: float
    workers: dict[int, float]

    @classmethod
    def of(cls, root: int) -> Cpu:
        stats: dict[int, list[str]] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit() and (fields := _stat(int(entry))) is not None:
                stats[int(entry)] = fields
        children: dict[int, list[int]] = {}
        for pid, fields in stats.items():
            children.setdefault(int(fields[1]), []).append(pid)
        descendants, todo = [], list(children.get(root, []))
        while todo:
            pid = todo.pop()
            descendants.append(pid)
            todo.extend(children.get(pid, []))
        own = stats.get(root)
        if own is None:
            raise RuntimeError("the bot's process is gone")
        return cls(
            main=_seconds(own[11], own[12]),
            reaped=_seconds(own[13], own[14]),
            workers={pid: _seconds(stats[pid][11], stats[pid][12]) for pid in descendants},
        )

    def since(self, start: Cpu) -> tuple[float, float]:
        """CPU seconds of the process and of its descendants between ``start`` and now."""
        workers = sum(t - start.workers.get(pid, 0.0) for pid, t in self.workers.items())
        return self.main - start.main, workers + self.reaped - start.reaped


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` from the state on (index 1 is the ppid, 11 and 12
    utime and stime, 13 and 14 the reaped children's)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _seconds(*ticks: str) -> float:
    return sum(int(t) for t in ticks) / CLOCK_TICKS


class BotProcess:
    """One checkout's bot, run by ``wire_launcher.py`` with a fresh database."""

    def __init__(self, side: Side, folder: Path, api: str, seeds: list[int], workers: str | None):
        self.side = side
        self.folder = folder
        self.database = folder / "bot.db"
        self.log = folder / "bot.log"
        environment = {k: v for k, v in os.environ.items() if k not in BOT_SETTINGS}
        environment.update(
            PYTHONPATH=str(side.path),
            DISCORD_TOKEN=TOKEN,
            DATABASE_URL=f"sqlite:///{self.database}",
            WIRE_BENCH_API=api,
            WIRE_BENCH_SEEDS=",".join(str(s) for s in seeds),
            LOG_LEVEL="INFO",
        )
        if workers is not None:
            environment["WORKERS"] = workers
        self.environment = environment
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, fake: FakeDiscord) -> None:
        with self.log.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                str(LAUNCHER),
                cwd=self.folder,
                env=self.environment,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        connected = asyncio.ensure_future(fake.connected.wait())
        exited = asyncio.ensure_future(self.process.wait())
        await asyncio.wait({connected, exited}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
        connected.cancel()
        exited.cancel()
        if not fake.connected.is_set():
            raise RuntimeError(f"the bot did not connect; its log:\n{self.tail()}")
        self.check_origin()

    def check_origin(self) -> None:
        """The bot's code must come from the side's checkout (not from an installed copy)."""
        bot_from = self.line("wire-bench: bot from ")
        if bot_from is None or not os.path.realpath(bot_from).startswith(f"{self.side.path}/"):
            raise RuntimeError(f"the bot ran from {bot_from}, not {self.side.path}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu(self) -> Cpu:
        return Cpu.of(self.pid)

    def moves(self) -> Counter[str]:
        """The actions the bot logged so far, by source (player, computer, timeout)."""
        with contextlib.closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            return Counter(dict(db.execute("SELECT source, count(*) FROM actions GROUP BY source")))

    def open_games(self) -> set[int]:
        """The games in the lobby or being played."""
        with contextlib.closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            query = "SELECT id FROM games WHERE status IN ('lobby', 'playing')"
            return {game for (game,) in db.execute(query)}

    async def stop(self) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 20)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()

    def line(self, prefix: str) -> str | None:
        for line in self.log.read_text(errors="replace").splitlines():
            if prefix in line:
                return line.split(prefix, 1)[1].strip()
        return None

    def problems(self) -> int:
        text = self.log.read_text(errors="replace")
        return len(re.findall(r" (ERROR|CRITICAL) |Traceback", text))

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
