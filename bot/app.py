"""The Discord client: an ``AutoShardedBot`` that owns the storage and the game service.

When the bot runs as several processes, each runs its own shards (``shards``: ``SHARD_COUNT``
and ``SHARD_IDS``), and its game service owns the games of those shards' servers.

``setup_hook`` (run once per login, before the gateway connects) opens the database and
applies migrations, builds the service, loads the extensions (which register their buttons
and the presenter), syncs the slash commands, and resumes every open table. The game needs no
privileged intent, nor message content: only the ``guilds`` intent, for channels and threads.

``close`` is a graceful stop (``python -m bot`` calls it on SIGTERM and SIGINT): the gateway is
closed first, so no new click is read, then the clicks already received and the moves being
committed are given ``SHUTDOWN_GRACE`` seconds to finish and answer, and only then are the
timers, Discord's HTTP session and the database closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import discord
from discord.ext import commands

from bot.clock import Clock
from bot.games import games
from bot.service import GameService
from bot.service.core import PANEL_SAVE_SECONDS
from bot.shards import Shards
from bot.storage import Storage, is_postgres_url
from bot.translator import CatalogTranslator
from bot.workers import Workers

log = logging.getLogger(__name__)

SHARED_EXTENSION: Final = "cogs.table"
"""The table machinery every game's extension plugs into (loaded first)."""


def extensions() -> tuple[str, ...]:
    """The Discord extensions to load: the shared table machinery, then every registered
    game's own (``bot.games``)."""
    return (SHARED_EXTENSION, *(game.cog for game in games()))


CLICKS_PER_SECOND: Final = 5
"""The default limit of clicks per user and second (a person never clicks this fast)."""
SHUTDOWN_GRACE: Final = 1.0
"""Seconds a stop waits for received clicks and running moves; they take milliseconds unless
Discord is slow, and ``docker stop`` should finish well within its 10 seconds."""
GATEWAY_CLOSE_WAIT: Final = 0.5
"""Seconds to wait for Discord to acknowledge the gateway's close (it may never answer)."""
INTERACTION_TASKS: Final = (
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "CommandTree-invoker",
)
"""Name prefixes of the tasks discord.py starts to handle one received interaction."""


def intents() -> discord.Intents:
    """The minimal intents: guild and channel events only (nothing privileged)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class GameBot(commands.AutoShardedBot):
    storage: Storage
    service: GameService
    workers: Workers

    def __init__(
        self,
        *,
        database: Path | str,
        dev_guild_id: int | None = None,
        shard_count: int | None = None,
        shards: Shards | None = None,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        computer_delay: float = 1.0,
        panel_save_seconds: float = PANEL_SAVE_SECONDS,
        extensions: Sequence[str] | None = None,
        workers: int = 0,
        pictures: bool = True,
        clicks_per_second: int | None = CLICKS_PER_SECOND,
    ) -> None:
        """``shards``: the shards this process runs, of how many (``SHARD_COUNT`` and
        ``SHARD_IDS``); None runs every shard, ``shard_count`` of them (None: as many as
        Discord advises)."""
        sharding: dict[str, Any] = {"shard_count": shard_count}
        if shards is not None:
            sharding = {"shard_count": shards.count, "shard_ids": sorted(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            **sharding,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.database: Path | str = database if is_postgres_url(database) else Path(database)
        self.owned_shards = shards
        self.dev_guild_id = dev_guild_id
        self._clock = clock
        self._seeds = seeds
        self.computer_delay = computer_delay
        self.panel_save_seconds = panel_save_seconds
        self.worker_count = workers
        self.pictures = pictures
        """Whether tables may be drawn at all (each server may also turn them off)."""
        self.clicks_per_second = clicks_per_second
        """How many clicks a second one user may make before they are not handled (None: no
        limit); see ``cogs.table.components.ClickLimiter``."""
        self.extension_names = tuple(extensions) if extensions is not None else None
        """The extensions to load (None: ``extensions()`` when the bot starts)."""
        self._resources_open = False
        self._stopping: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database)
        self.workers = Workers(self.worker_count)
        self.workers.start()  # in the background: ready before the first decision
        self.service = GameService(
            self.storage,
            clock=self._clock,
            seeds=self._seeds,
            computer_delay=self.computer_delay,
            panel_save_seconds=self.panel_save_seconds,
            workers=self.workers,
            shards=self.owned_shards,
        )
        self._resources_open = True
        await self.tree.set_translator(CatalogTranslator())
        for name in self.extension_names or extensions():
            await self.load_extension(name)
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await self.service.resume()

    async def release(self) -> None:
        """Stop the game service and close the database (idempotent)."""
        if not self._resources_open:
            return
        self._resources_open = False
        await self.service.close()
        await self.workers.aclose()
        await self.storage.close()

    async def close(self) -> None:
        """Stop gracefully (idempotent: a second call waits for the first): read no more
        clicks, let those received and the moves being committed finish, stop the games'
        timers, then close Discord (which unloads the cogs) and the database last, so no late
        move or drawing finds it closed."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        await self._stop_reading_gateway()
        await self._finish_in_flight(SHUTDOWN_GRACE)
        if self._resources_open:
            await self.service.close()
        await super().close()
        await self.release()

    async def _stop_reading_gateway(self) -> None:
        """Close every shard's gateway connection but not the HTTP session, which the clicks
        already received still need for their answers."""
        shards = [shard for shard in self.shards.values() if not shard.is_closed()]
        if not shards:
            return
        log.info("stopping: gateway closed, no new clicks are read")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(GATEWAY_CLOSE_WAIT):
                await asyncio.gather(
                    *(shard.disconnect() for shard in shards), return_exceptions=True
                )

    async def _finish_in_flight(self, grace: float) -> None:
        """Wait (at most ``grace`` seconds) for the handlers of received interactions, then
        for the background moves that are running (turn timeouts, computer players); what
        still runs after that is cancelled, and its transaction rolls back whole."""
        current = asyncio.current_task()
        handlers = [
            task
            for task in asyncio.all_tasks()
            if task is not current and task.get_name().startswith(INTERACTION_TASKS)
        ]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(grace):
                if handlers:
                    log.info("stopping: finishing %d click(s) already received", len(handlers))
                    await asyncio.wait(handlers)
                if self._resources_open:
                    await self.service.wait_idle()
