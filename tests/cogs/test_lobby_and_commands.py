"""The lobby buttons and the other /allfours commands."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.bot.discord_support import (
    add_computer,
    buttons,
    enabled,
    forge_click,
    game_id_of,
    open_table,
    selects,
    service_of,
    text_of,
)


def _world(
    env: simcord.Env, *names: str
) -> tuple[simcord.ChannelHandle, list[simcord.MemberActor]]:
    guild = env.create_guild("Lobby server")
    channel = guild.create_text_channel("cards")
    return channel, [guild.add_member(env.create_user(name)) for name in names]


async def test_lobby_seats_by_team_and_host_only_buttons(simcord_env: simcord.Env) -> None:
    """Players sit by team; only the host starts or cancels; Start waits for a full table."""
    channel, (host, ben, cal) = _world(simcord_env, "host", "ben", "cal")
    started = await host.slash(channel, "allfours start", variant="caribbean-tobago", target=10)
    lobby = started.response
    shown = text_of(lobby)
    assert "Caribbean All Fours (Tobago)" in shown and "Tobago kicks: ace 1, two 2, jack 3" in shown
    assert "First to 10 points wins" in shown
    assert [b["label"] for b in enabled(lobby)] == [
        "Join Team A",
        "Join Team B",
        "Leave",
        "Cancel",
        "Rules",
    ]  # Start stays disabled until every seat is taken
    assert [s["placeholder"] for s in selects(lobby)] == ["Add computer"]
    await ben.click(lobby, label="Join Team A")
    assert "Join Team A" not in [b["label"] for b in enabled(lobby)]  # Team A is full
    refused = await forge_click(
        simcord_env, cal, lobby, label="Join Team A", custom_id=f"af:l:{game_id_of(lobby)}:j0"
    )
    assert refused.ephemeral and "That team is full" in refused.response.content
    await cal.click(lobby, label="Join Team B")
    assert f"<@{ben.id}>" in text_of(lobby) and f"<@{cal.id}>" in text_of(lobby)
    not_host = await ben.click(lobby, label="Cancel")
    assert "Only the host" in not_host.response.content
    left = await cal.click(lobby, label="Leave")
    assert left.acknowledged and not left.ephemeral  # the lobby itself was redrawn
    assert left.response.id == lobby.id and f"<@{cal.id}>" not in text_of(lobby)
    await add_computer(host, lobby, "easy")
    await add_computer(host, lobby, "normal")
    shown = text_of(lobby)
    assert "Unrated" in shown and "(easy)" in shown and "(normal)" in shown
    assert "Hints: on" in [b["label"] for b in enabled(lobby)]  # an unrated table offers hints
    await host.click(lobby, label="Cancel")
    assert "The host cancelled this table." in text_of(lobby) and not enabled(lobby)
    assert await service_of(simcord_env).table_in_channel(channel.id) is None


async def test_one_table_per_channel_and_per_player(simcord_env: simcord.Env) -> None:
    """Both refusals say where the other table is."""
    env = simcord_env
    guild = env.create_guild("Busy server")
    first = guild.create_text_channel("first")
    second = guild.create_text_channel("second")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    await ann.slash(first, "allfours start", variant="english")
    busy = await bob.slash(first, "allfours start", variant="seven-up")
    assert busy.ephemeral and f"<#{first.id}>" in busy.response.content
    again = await ann.slash(second, "allfours start", variant="seven-up")
    assert again.ephemeral and "You already sit" in again.response.content
    assert f"<#{first.id}>" in again.response.content


async def test_lobby_closes_after_fifteen_idle_minutes(simcord_env: simcord.Env) -> None:
    """A lobby nobody touches closes itself and says why."""
    channel, (host,) = _world(simcord_env, "host")
    lobby = (await host.slash(channel, "allfours start", variant="english")).response
    await simcord_env.advance_time(14 * 60)
    assert enabled(lobby)
    await simcord_env.advance_time(60)
    assert "closed after 15 minutes" in text_of(lobby) and not enabled(lobby)


async def test_leave_hands_the_seat_to_the_computer(simcord_env: simcord.Env) -> None:
    """/allfours leave during a game: the computer plays on and the table says so."""
    table = await open_table(simcord_env)
    leaver = table.players[2]
    result = await leaver.slash(table.channel, "allfours leave")
    assert result.ephemeral and "computer now plays your seat" in result.response.content
    assert f"<@{leaver.id}> (the computer plays)" in text_of(table.message)
    hand = await leaver.slash(table.channel, "allfours hand")
    assert "computer plays your seat" in text_of(hand.response)


async def test_hand_command_opens_the_panel(simcord_env: simcord.Env) -> None:
    """/allfours hand shows the same private panel as the button."""
    table = await open_table(simcord_env)
    result = await table.players[1].slash(table.channel, "allfours hand")
    assert result.ephemeral and _card_buttons(result.response)  # the hand, as its buttons


def _card_buttons(message: Any) -> list[dict[str, Any]]:
    return [b for b in buttons(message) if ":P:" in str(b.get("custom_id", ""))]


@pytest.mark.parametrize(
    ("variant", "facts"),
    [
        ("caribbean", ["ace 1, six 2, jack 3", "hang jack", "14", "takes one"]),
        ("caribbean-tobago", ["ace 1, two 2, jack 3", "hang jack"]),
        ("caribbean-2p", ["2, each for themselves", "hang jack", "14"]),
        ("english", ["**11**", "discards down to 6", "stands or begs again"]),
        ("english-7", ["**7**", "discards down to 6"]),
        ("seven-up", ["**7**", "becomes trumps at once", "Three or four players"]),
    ],
)
async def test_rules_summaries(simcord_env: simcord.Env, variant: str, facts: list[str]) -> None:
    """/allfours rules answers privately with the summary of the chosen variant."""
    channel, (reader,) = _world(simcord_env, "reader")
    result = await reader.slash(channel, "allfours rules", variant=variant)
    assert result.ephemeral
    shown = text_of(result.response)
    for fact in facts:
        assert fact in shown, fact


async def test_stats_without_games(simcord_env: simcord.Env) -> None:
    """A newcomer's statistics say there is nothing yet, privately."""
    channel, (newcomer,) = _world(simcord_env, "new")
    result = await newcomer.slash(channel, "allfours stats")
    assert result.ephemeral and "No rated games yet" in text_of(result.response)


async def test_server_default_timer(simcord_env: simcord.Env) -> None:
    """A member with Manage Server sets the timer new tables get; others may not."""
    env = simcord_env
    guild = env.create_guild("Timed server")
    channel = guild.create_text_channel("cards")
    player = guild.add_member(env.create_user("player"))
    refused = await player.slash(channel, "allfours settings", timer=45)
    assert "Manage Server" in refused.response.content
    owner = guild.add_member(guild.owner)
    done = await owner.slash(channel, "allfours settings", timer=45)
    assert done.ephemeral and "Turn timer: 45 s per decision" in text_of(done.response)
    lobby = await player.slash(channel, "allfours start", variant="english")
    assert "45 seconds per decision" in text_of(lobby.response)


async def test_unexpected_errors_are_answered_not_swallowed(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failure inside a button still gets an answer, and reaches the error handler."""
    table = await open_table(simcord_env)
    service = service_of(simcord_env)

    async def broken(game_id: int, user_id: int) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service, "panel", broken)
    result = await table.players[0].click(table.message, label="My hand")
    assert result.ephemeral and "something went wrong" in result.response.content
    errors = simcord_env.errors
    assert any(isinstance(e, RuntimeError) for e in errors)
    caplog.clear()
