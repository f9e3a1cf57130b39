"""``python -m bot.health``: is the bot serving? Exit status 0 (healthy) only when the running
``python -m bot`` answers that it is connected to Discord on every shard it runs and that its
database answered a query just now; 1 otherwise. It prints one line saying which, which Docker
keeps for ``docker inspect`` (the image's HEALTHCHECK runs it).

The bot answers on a unix socket, ``HEALTH_SOCKET`` (the image sets
``/tmp/allfours-health.sock``; unset, the bot answers no health checks). The answer is made
when asked, not remembered: a bot whose event loop is stuck does not answer in time, and one
that waits on a configuration error (``--wait-on-config-error``) or is not running has no
socket at all, so each is unhealthy.

    HEALTH_SOCKET=/tmp/allfours-health.sock python -m bot.health
    healthy: NAME (id ID) serving N server(s) on shard(s) 0 of 1; database answered in T ms
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from bot.app import GameBot

HEALTHY: Final = 0
UNHEALTHY: Final = 1
HEALTH_SOCKET: Final = "HEALTH_SOCKET"
ANSWER_TIMEOUT: Final = 5.0
"""Seconds ``python -m bot.health`` waits for the bot's answer (Docker's own timeout for the
whole check, in the Dockerfile, is longer)."""
DATABASE_TIMEOUT: Final = 3.0
"""Seconds the bot gives its database to answer a health check's query."""


class HealthSocketInUseError(Exception):
    """``HEALTH_SOCKET`` is taken: another running bot answers there, or it is a file."""


def describe_connection(bot: GameBot) -> str:
    """Who the bot is connected as, how many servers it serves and on which shards (the
    "ready" log line, and a healthy answer)."""
    from bot.shards import format_ids

    count = bot.shard_count or 1
    ids = frozenset(bot.shard_ids) if bot.shard_ids is not None else frozenset(range(count))
    user = bot.user
    who = f"{user} (id {user.id})" if user is not None else "an unknown user"
    return f"{who} serving {len(bot.guilds)} server(s) on shard(s) {format_ids(ids)} of {count}"


class HealthServer:
    """The bot's side: answers one line per connection on ``path`` (``async with``)."""

    def __init__(self, path: Path, secrets: Iterable[str] = ()) -> None:
        self.path = path
        self.bot: GameBot | None = None
        """The connected bot, set once start-up has connected it (None before and after)."""
        self._secrets = tuple(secrets)
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> HealthServer:
        await self._claim()
        self._server = await asyncio.start_unix_server(self._answer, path=self.path)
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    async def _claim(self) -> None:
        """Remove a socket left by a bot that was killed; refuse one that still answers, and
        anything else at that path (never delete a file HEALTH_SOCKET names by mistake)."""
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return
        if not self.path.is_socket():
            raise HealthSocketInUseError(
                f"HEALTH_SOCKET {self.path} is a file, not a socket: name a path of its own"
            )
        try:
            _, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(self.path), ANSWER_TIMEOUT
            )
        except (OSError, TimeoutError):
            self.path.unlink()
            return
        writer.close()
        raise HealthSocketInUseError(
            f"HEALTH_SOCKET {self.path} is answered by another running bot process; give each "
            "process its own"
        )

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await self.report()
            writer.write((_scrub(line, self._secrets) + "\n").encode())
            await writer.drain()
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def report(self) -> str:
        """``healthy: ...`` or ``unhealthy: ...``, checked now."""
        bot = self.bot
        if bot is None or not bot.is_ready():
            return "unhealthy: not connected to Discord yet (starting)"
        closed = sorted(shard_id for shard_id, shard in bot.shards.items() if shard.is_closed())
        if closed:
            from bot.shards import format_ids

            return (
                f"unhealthy: the gateway of shard(s) {format_ids(frozenset(closed))} is closed "
                "(discord.py is reconnecting)"
            )
        began = time.monotonic()
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT):
                await bot.storage.ping()
        except TimeoutError:
            return f"unhealthy: the database did not answer within {DATABASE_TIMEOUT:g} s"
        except Exception as exc:
            first = str(exc).strip().splitlines()
            why = f"{type(exc).__name__}: {first[0]}" if first else type(exc).__name__
            return f"unhealthy: the database does not answer ({why})"
        took = (time.monotonic() - began) * 1000
        return f"healthy: {describe_connection(bot)}; database answered in {took:.0f} ms"


def _scrub(line: str, secrets: Sequence[str]) -> str:
    from bot.settings import scrub

    return scrub(line, secrets)


# --- python -m bot.health -------------------------------------------------------------------------


def ask(path: Path, timeout: float = ANSWER_TIMEOUT) -> tuple[int, str]:
    """The exit status and the line of one health check against the bot at ``path``."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(timeout)
            client.connect(str(path))
            answer = b""
            while not answer.endswith(b"\n"):
                chunk = client.recv(4096)
                if not chunk:
                    break
                answer += chunk
    except (FileNotFoundError, ConnectionRefusedError):
        return UNHEALTHY, (
            f"unhealthy: no bot answers at {path} (not running, or stopped at a start-up error: "
            "see its log)"
        )
    except TimeoutError:
        return UNHEALTHY, f"unhealthy: the bot did not answer within {timeout:g} s"
    except OSError as exc:
        return UNHEALTHY, f"unhealthy: cannot ask the bot at {path}: {exc.strerror or exc}"
    line = answer.decode(errors="replace").strip()
    if line.startswith("healthy:"):
        return HEALTHY, line
    return UNHEALTHY, line or "unhealthy: the bot closed the connection without an answer"


def _socket_setting() -> str | None:
    """``HEALTH_SOCKET`` from the environment, else from ``.env`` (as ``python -m bot``
    reads it), without the rest of the settings: the check runs every few seconds."""
    value = os.environ.get(HEALTH_SOCKET)
    if value is None and Path(".env").is_file():
        from dotenv import dotenv_values

        value = dotenv_values(".env").get(HEALTH_SOCKET)
    if value is None:
        return None
    if value.strip()[:1] in ("'", '"'):  # quoted as the bot accepts it; rare, and the
        from bot.settings import unquote  # settings module costs the check a tenth of a second

        value = unquote(value)
    return value.strip() or None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.health",
        description="Exit 0 if the running bot is connected to Discord and its database "
        "answers, 1 otherwise; print one line saying which.",
    )
    parser.add_argument(
        "--socket", help=f"where the bot answers (default: ${HEALTH_SOCKET}, as the bot reads it)"
    )
    options = parser.parse_args(argv)
    where = options.socket or _socket_setting()
    if not where:
        print(
            f"unhealthy: {HEALTH_SOCKET} is not set, so the bot answers no health checks",
            flush=True,
        )
        return UNHEALTHY
    status, line = ask(Path(where))
    print(line, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
