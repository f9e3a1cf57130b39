"""/allfours settings and /kqj settings: who may change them, and what new tables get."""

from __future__ import annotations

import simcord

from bot.i18n import t
from bot.server_settings import ServerSettings
from tests.bot.discord_support import add_computer, service_of, text_of


def _server(env: simcord.Env) -> tuple[simcord.GuildHandle, simcord.MemberActor]:
    guild = env.create_guild("Club")
    return guild, guild.add_member(guild.owner)


async def test_only_managers_change_settings_and_a_refusal_changes_nothing(
    simcord_env: simcord.Env,
) -> None:
    env = simcord_env
    guild, _ = _server(env)
    channel = guild.create_text_channel("cards")
    player = guild.add_member(env.create_user("player"))
    refused = await player.slash(channel, "allfours settings", timer=45, pictures=False)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await service_of(env).server_settings(guild.id) == ServerSettings()


async def test_settings_apply_to_new_tables(simcord_env: simcord.Env) -> None:
    """Default variant and options, timer, nudges, computers, language: a new lobby gets them;
    the answer is a readable summary."""
    env = simcord_env
    guild, owner = _server(env)
    channel = guild.create_text_channel("cards")
    done = await owner.slash(
        channel,
        "allfours settings",
        variant="seven-up",
        target=5,
        timer=30,
        nudge=0,
        computers=False,
    )
    shown = text_of(done.response)
    assert done.ephemeral and "Seven Up" in shown and "target = 5" in shown
    assert "Turn timer: 30 s" in shown and "No reminders" in shown
    assert "Computer players: off" in shown
    player = guild.add_member(env.create_user("player"))
    lobby = await player.slash(channel, "allfours start")  # no variant named
    text = text_of(lobby.response)
    assert "Seven Up" in text and "First to 5 points wins" in text and "30 seconds" in text
    refused = await add_computer(player, lobby.response)
    assert refused.ephemeral and "does not allow computer players" in refused.response.content
    snap = await service_of(env).table_in_channel(channel.id)
    assert snap is not None and snap.record.nudge_seconds is None
    await owner.slash(channel, "kqj settings", language="ja", reset=True)
    assert (await service_of(env).server_settings(guild.id)).language == "ja"
    ja_lobby = await owner.slash(guild.create_text_channel("kqj"), "kqj start")
    title = t("lobby.title", "ja", variant=t("variant.kqj", "ja"))
    assert title in text_of(ja_lobby.response)  # the public lobby speaks the server's language


async def test_tables_open_only_in_allowed_channels(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild, owner = _server(env)
    cards = guild.create_text_channel("cards")
    lounge = guild.create_text_channel("lounge")
    await owner.slash(cards, "allfours settings", allow_channel=cards)
    player = guild.add_member(env.create_user("player"))
    refused = await player.slash(lounge, "kqj start")
    assert refused.ephemeral and f"<#{cards.id}>" in refused.response.content
    assert await service_of(env).table_in_channel(lounge.id) is None
    opened = await player.slash(cards, "kqj start")
    assert not opened.ephemeral
    await owner.slash(cards, "allfours settings", forbid_channel=cards)
    assert (await service_of(env).server_settings(guild.id)).channels == ()
