"""Turn nudges: a table that waits for someone says so in a new message (which notifies them),
once, and takes it down when they act."""

from __future__ import annotations

import simcord

from tests.bot.discord_support import buttons, open_table, playable, service_of, text_of


def _nudges(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history() if "it's your turn at table" in m.content]


async def test_a_waiting_table_nudges_the_player_once_and_tidies_up(
    simcord_env: simcord.Env,
) -> None:
    env = simcord_env
    table = await open_table(env)
    mover = table.mover()
    assert mover is not None
    await env.advance_time(15)
    assert _nudges(table.channel) == []  # the default delay is 20 seconds
    await env.advance_time(10)
    (nudge,) = _nudges(table.channel)
    assert f"<@{mover.id}>" in nudge and f"#{table.game_id}" in nudge
    await env.advance_time(120)
    assert len(_nudges(table.channel)) == 1  # never more than one live nudge per table
    assert await table.play(1) == 1  # the player acts: the nudge goes
    await env.settle()
    assert _nudges(table.channel) == []
    stored = await service_of(env).snapshot(table.game_id)
    next_mover = table.mover()  # the same player, when they stood and now lead
    assert next_mover is not None
    await env.advance_time(25)
    (again,) = _nudges(table.channel)  # a new countdown from their next decision
    assert f"<@{next_mover.id}>" in again
    assert stored.record.nudge_seconds == 20


async def test_a_server_may_turn_nudges_off(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild("Quiet")
    await service_of(env).update_server_settings(guild.id, nudge_seconds=None)
    table = await open_table(env, guild=guild)
    await env.advance_time(300)
    assert _nudges(table.channel) == []
    assert "to stand or beg" in (table.message.content or "")  # whose turn, still told


async def test_a_panel_says_it_is_paused_and_the_reminder_opens_a_fresh_one(
    simcord_env: simcord.Env,
) -> None:
    """A minute before Discord stops the bot editing a panel (15 minutes after its click), the
    panel loses its buttons and says it is paused; the turn reminder's "My hand" opens a
    fresh panel with the player's decisions."""
    env = simcord_env
    table = await open_table(env)
    mover = table.mover()
    assert mover is not None
    panel = table.panels[mover.id]
    await env.advance_time(13 * 60)
    assert playable(panel) and "Paused" not in text_of(panel)
    await env.advance_time(61)
    assert "Paused" in text_of(panel) and "My hand" in text_of(panel) and not buttons(panel)
    assert all(not buttons(table.panels[p.id]) for p in table.players)
    nudge = next(m for m in table.channel.history() if "it's your turn at table" in m.content)
    opened = await mover.click(nudge, label="My hand")
    assert opened.ephemeral and opened.response is not None and playable(opened.response)
