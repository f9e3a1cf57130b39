"""The presenter forgets a table once it is closed and drawn for the last time: a bot that
has hosted thousands of games holds nothing of them but the last games' "announced" marks."""

from __future__ import annotations

import simcord

from cogs.table.presenter import ANNOUNCED_MEMORY
from tests.bot.discord_support import open_table, service_of


async def test_closed_tables_leave_nothing_in_the_presenter(simcord_env: simcord.Env) -> None:
    env = simcord_env
    presenter = service_of(env).presenter
    assert presenter is not None
    guild = env.create_guild("Memory")
    played = await open_table(env, names=("ana", "ben"), variant="seven-up", target=2, guild=guild)
    while service_of(env).cached(played.game_id) is not None:
        assert await played.play(1) == 1
    ended = await open_table(env, names=("cal", "dee"), variant="english", guild=guild)
    await ended.players[0].slash(ended.channel, "allfours end")
    channel = guild.create_text_channel("lobby")
    lobby = (await played.players[0].slash(channel, "allfours start", variant="english")).response
    assert lobby is not None
    await played.players[0].click(lobby, label="Cancel")
    await env.settle()
    held = presenter.held()
    assert held.pop("games announced") == 1
    assert held == dict.fromkeys(held, 0), held
    assert ANNOUNCED_MEMORY <= 1000
