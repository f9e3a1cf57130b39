"""Run the bot's real entry point (``bot.__main__.main``, what ``python -m bot`` runs) in this
process, pointed at the fake Discord of ``fake_discord.py``.

Used by the tests as ``python -m tests.bot.bot_process [bot options]`` with:

- ``FAKE_DISCORD_API``: the fake's REST base URL (the gateway URL comes from its answers);
- ``STARTUP_LIMITS``: ``attempts,timeout,pause`` to make start-up give up in test time;
- ``SLOW_MOVE_SECONDS``: once a move's action row is written, print ``move-written`` on stdout
  and hold the transaction open this long, so a test can send a signal mid-commit.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import aiosqlite
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl

from bot.__main__ import StartupLimits, main


def _point_at_fake_discord() -> None:
    api = os.environ["FAKE_DISCORD_API"]
    discord.http.Route.BASE = api
    discord.webhook.async_.Route.BASE = api
    # With SHARD_COUNT set, discord.py skips GET /gateway/bot and dials its default gateway.
    gateway = api.removesuffix("/api/v10").replace("http", "ws", 1) + "/gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def _limits() -> StartupLimits | None:
    text = os.environ.get("STARTUP_LIMITS")
    if not text:
        return None
    attempts, timeout, pause = text.split(",")
    return StartupLimits(
        attempts=int(attempts), attempt_timeout=float(timeout), first_pause=float(pause)
    )


def _slow_moves(seconds: float) -> None:
    """Hold every move's transaction open after its action-log row is written."""
    execute = aiosqlite.Connection.execute

    def patched(self: aiosqlite.Connection, sql: str, parameters: Any = None) -> Any:
        if not sql.lstrip().upper().startswith("INSERT INTO ACTIONS"):
            return execute(self, sql, parameters)

        async def slowly() -> Any:
            cursor = await execute(self, sql, parameters)
            print("move-written", flush=True)
            await asyncio.sleep(seconds)
            return cursor

        return slowly()

    aiosqlite.Connection.execute = patched  # type: ignore[method-assign]


if __name__ == "__main__":
    _point_at_fake_discord()
    if "SLOW_MOVE_SECONDS" in os.environ:
        _slow_moves(float(os.environ["SLOW_MOVE_SECONDS"]))
    sys.exit(main(sys.argv[1:], limits=_limits()))
