"""A user clicking faster than a person can is told once to slow down and is not handled
meanwhile; the people at the table beside them are not affected."""

from __future__ import annotations

import asyncio

import simcord

from tests.bot.discord_support import BotFactory, emit_click, open_table, service_of


async def test_a_flood_of_clicks_gets_one_slow_down_and_nothing_else(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    env = simcord_env
    await env.restart_bot(make_bot(clicks_per_second=5))
    table = await open_table(env)
    spammer = table.players[1]
    await asyncio.sleep(1.1)  # the setup's own clicks (a join, a panel) are a second old now
    custom_id = f"af:h:{table.game_id}"  # "My hand": each one handled opens a panel
    results = [emit_click(env, spammer, table.message, custom_id)[1] for _ in range(20)]
    await env.settle()
    assert all(result.acknowledged for result in results)
    answered = [r.response for r in results if r.ephemeral and r.response is not None]
    slow = [r for r in answered if "Slow down" in (r.content or "")]
    panels = [r for r in answered if r.embeds]
    assert len(slow) == 1  # told once
    assert len(panels) == 5  # the first five were handled
    assert len(answered) == 6  # the other fourteen: acknowledged, never handled

    mover = table.mover()  # the others play on, unaffected
    assert mover is not None and mover is not spammer
    version = (await service_of(env).snapshot(table.game_id)).record.version
    assert await table.play(1) == 1
    assert (await service_of(env).snapshot(table.game_id)).record.version == version + 1

    await asyncio.sleep(1.1)  # the limit runs on the real clock: a second later, admitted again
    again = await spammer.click(table.message, label="My hand")
    assert again.response is not None and again.response.embeds
