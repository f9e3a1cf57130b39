"""The Discord client: an ``AutoShardedBot`` that owns the storage and the game service.

``setup_hook`` (run once per login, before the gateway connects) opens the database and
applies migrations, builds the service, loads the extensions (which register their buttons
and the presenter), syncs the slash commands, and resumes every open table. The game needs no
privileged intent, nor message content: only the ``guilds`` intent, for channels and threads.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import discord
from discord.ext import commands

from bot.clock import Clock
from bot.service import GameService
from bot.storage import Storage
from bot.translator import CatalogTranslator

log = logging.getLogger(__name__)

EXTENSIONS: Final = ("cogs.table", "cogs.allfours", "cogs.kqj")


def intents() -> discord.Intents:
    """The minimal intents: guild and channel events only (nothing privileged)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class AllFoursBot(commands.AutoShardedBot):
    storage: Storage
    service: GameService

    def __init__(
        self,
        *,
        database: Path | str,
        dev_guild_id: int | None = None,
        shard_count: int | None = None,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        computer_delay: float = 1.0,
        extensions: Sequence[str] = EXTENSIONS,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            shard_count=shard_count,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.database = Path(database)
        self.dev_guild_id = dev_guild_id
        self._clock = clock
        self._seeds = seeds
        self.computer_delay = computer_delay
        self.extension_names = tuple(extensions)
        self._resources_open = False

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database)
        self.service = GameService(
            self.storage, clock=self._clock, seeds=self._seeds, computer_delay=self.computer_delay
        )
        self._resources_open = True
        await self.tree.set_translator(CatalogTranslator())
        for name in self.extension_names:
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
        await self.storage.close()

    async def close(self) -> None:
        """Stop the games' timers first, then Discord (which unloads the cogs), then the
        database, so no late move or drawing finds it closed."""
        if self._resources_open:
            await self.service.close()
        await super().close()
        await self.release()
