"""Run the bot as a real process (``tests/bot/bot_process.py``) and read what it printed."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "WORKERS",
    "SHARD_COUNT",
    "SHARD_IDS",
    "HEALTH_SOCKET",
    "PGPASSWORD",
)
LOG_RECORD = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (DEBUG|INFO|WARNING) +\S+: ")
"""A routine log line in the format ``python -m bot`` configures (no ERROR, no CRITICAL)."""


def bot_environment(api: str, **settings: str) -> dict[str, str]:
    """The parent's environment without any bot setting, plus ``settings`` and the fake."""
    environment = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    environment.update(PYTHONPATH=str(ROOT), FAKE_DISCORD_API=api, DISCORD_TOKEN=TOKEN)
    # Threads rather than worker processes: these tests are about start-up and shutdown, and
    # spawning interpreters on a busy machine only makes their time limits flaky.
    environment.setdefault("WORKERS", "0")
    environment.update(settings)
    return environment


def unprivileged() -> list[str]:
    """A command prefix that takes root's power to ignore file permissions away (a new user
    namespace), so permission problems can be tested when the tests run as root."""
    if os.geteuid() != 0:
        return []
    prefix = ["unshare", "--user"]
    works = (
        shutil.which("unshare") and subprocess.run([*prefix, "true"], check=False).returncode == 0
    )
    if not works:
        pytest.skip("running as root without user namespaces: cannot test file permissions")
    return prefix


async def spawn(
    cwd: Path, environment: dict[str, str], *options: str, prefix: list[str] | None = None
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *(prefix or []),
        sys.executable,
        "-m",
        "tests.bot.bot_process",
        *options,
        cwd=cwd,
        env=environment,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def finish(process: asyncio.subprocess.Process, within: float = 60) -> tuple[int, str]:
    """Wait for the process to exit by itself; its status and stderr."""
    _, stderr = await asyncio.wait_for(process.communicate(), within)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


def the_one_error_line(stderr: str) -> str:
    """The failure must be exactly one line starting with ``error:``, the last one printed;
    anything else on stderr may only be routine log records (no traceback, no ERROR)."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    others = [line for line in lines if not LOG_RECORD.match(line)]
    assert len(others) == 1, stderr
    assert others[0].startswith("error: "), stderr
    assert lines[-1] == others[0], stderr
    return others[0]
