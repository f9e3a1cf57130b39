"""The bot as a whole: intents, extension loading, shutdown."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import GameBot, intents
from cogs.table.components import ITEMS
from tests.bot.discord_support import open_table, service_of


def test_only_the_guilds_intent_is_asked_for() -> None:
    """No privileged intent, no message content: the game needs none."""
    wanted = intents()
    assert wanted.guilds
    assert wanted.value == discord.Intents(guilds=True).value
    assert not (wanted.members or wanted.presences or wanted.message_content)


async def test_setup_hook_loads_the_extension(simcord_env: simcord.Env) -> None:
    """The cog and its command group are there at startup (the buttons' registration is
    proven by every click test, and across a restart by test_restart)."""
    bot = simcord_env.bot
    assert isinstance(bot, GameBot) and isinstance(bot, discord.AutoShardedClient)
    assert all(bot.get_cog(name) is not None for name in ("Tables", "AllFours", "KQJ"))
    assert [c.name for c in bot.tree.get_commands()] == ["allfours", "kqj"]
    assert all(issubclass(item, discord.ui.DynamicItem) for item in ITEMS)


async def test_close_stops_the_clocks_then_closes_the_database(
    simcord_env: simcord.Env,
) -> None:
    """Shutting down cancels every turn clock and closes SQLite; the table stays stored."""
    table = await open_table(simcord_env, timer=30)
    service = service_of(simcord_env)
    assert service.deadlines(table.game_id)
    bot = simcord_env.bot
    await bot.close()
    assert bot.is_closed()
    assert not service.scheduler.busy()
    with pytest.raises(ValueError, match="no active connection"):  # aiosqlite, once closed
        await service.storage.game(table.game_id)
