"""Killing the bot in the middle of a hand loses nothing: a new bot on the same database
reloads the table, refreshes its message, and the old buttons keep working."""

from __future__ import annotations

import re

import simcord

from engine import allfours
from tests.bot.discord_support import BotFactory, ended, open_table, playable, service_of, text_of


async def test_restart_in_the_middle_of_a_hand(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    env = simcord_env
    table = await open_table(env, timer=60)
    assert await table.play(7) == 7
    before = await service_of(env).snapshot(table.game_id)
    assert before.state.tricks_played >= 1 or before.state.trick  # mid-hand
    message_id = table.message.id
    old_deadline = re.search(r"<t:(\d+):R>", text_of(table.message))
    assert old_deadline is not None

    old_bot = env.bot
    await old_bot.release()  # the process dies: no more timers, no more connection
    await env.advance_time(600)  # ten minutes of downtime
    await env.restart_bot(make_bot())
    assert env.bot is not old_bot

    again = await service_of(env).snapshot(table.game_id)
    assert again.record.version == before.record.version
    assert allfours.dump(again.state) == allfours.dump(before.state)  # reloaded from SQLite
    refreshed = table.message
    assert refreshed.id == message_id
    new_deadline = re.search(r"<t:(\d+):R>", text_of(refreshed))
    assert new_deadline is not None
    # The clock restarted in full: the downtime is charged to nobody.
    assert int(new_deadline.group(1)) == int(old_deadline.group(1)) + 600

    # The panels drawn by the old bot still work (their buttons are DynamicItems).
    mover = table.mover()
    assert mover is not None
    result = await mover.click(
        table.panels[mover.id], custom_id=playable(table.panels[mover.id])[0]["custom_id"]
    )
    assert result.acknowledged and "out of date" not in text_of(result.response)
    after = await service_of(env).snapshot(table.game_id)
    assert after.record.version == before.record.version + 1

    # "My hand" on the old table message opens a fresh panel, and play goes on to the end.
    for player in table.players:
        opened = await player.click(table.message, label="My hand")
        table.panels[player.id] = opened.response
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1
    assert "wins the game" in ended(table.channel)


async def test_open_panels_follow_the_game_after_a_restart(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """The panel handles are stored with the game: after a restart, a turn that comes to a
    waiting player edits the panel they already have open (no "My hand" needed)."""
    env = simcord_env
    table = await open_table(env)
    waiting = next(p for p in table.players if not playable(table.panels[p.id]))
    await env.bot.release()
    await env.restart_bot(make_bot())
    watched = table.panels[waiting.id]
    assert "Not your turn" in text_of(watched)
    for _ in range(12):
        if playable(watched):
            break
        assert await table.play(1) == 1
    assert playable(watched), text_of(watched)
    assert "Your turn" in text_of(watched)
