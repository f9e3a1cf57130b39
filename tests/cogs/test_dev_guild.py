"""DEV_GUILD_ID: the slash commands are synced to one server, at once."""

from __future__ import annotations

import pytest
import simcord

from bot.app import GameBot
from tests.bot.discord_support import BotFactory

DEV_GUILD = 123456789012345678


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> GameBot:
    return make_bot(dev_guild_id=DEV_GUILD)


async def test_dev_guild_gets_the_commands_at_once(simcord_env: simcord.Env) -> None:
    """With DEV_GUILD_ID the commands are synced to that server only."""
    dev = simcord_env.create_guild("Dev", id=DEV_GUILD)
    other = simcord_env.create_guild("Elsewhere")
    here = dev.create_text_channel("cards")
    there = other.create_text_channel("cards")
    tester = dev.add_member(simcord_env.create_user("tester"))
    stranger = other.add_member(simcord_env.create_user("stranger"))
    assert "allfours start" in tester.available_commands(here)
    assert stranger.available_commands(there) == ()
    result = await tester.slash(here, "allfours rules", variant="seven-up")
    assert result.ephemeral
