"""A complete four-player Caribbean game through Discord, from /allfours start to the result."""

from __future__ import annotations

import logging
import re

import pytest
import simcord

from bot.notation import card_text
from tests.bot.discord_support import enabled, game_id_of, playable, service_of, text_of


async def assert_no_held_card_in_public(
    env: simcord.Env, channel: simcord.ChannelHandle, game_id: int
) -> None:
    """The public message of the current deal shows no card anybody holds. (Messages of
    earlier deals show that deal's cards, which may be dealt again since.)"""
    service = service_of(env)
    table = service.cached(game_id)
    if table is None or table.current.state is None:
        return
    state = table.current.state
    held = {card_text(card) for seat in range(state.players) for card in state.hand(seat)}
    message_id, hand = await service.message_of(game_id)
    assert hand == state.hand_number
    (message,) = [m for m in channel.history() if m.id == message_id]
    shown = text_of(message)
    leaked = {card for card in held if card in shown}
    assert not leaked, (leaked, shown)


async def test_four_players_play_a_whole_caribbean_game(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    """Four people seat themselves, open their hands and click until a team reaches 14;
    every panel is private to its owner and no public message ever shows a held card."""
    env = simcord_env
    caplog.set_level(logging.INFO)
    guild = env.create_guild("Port of Spain")
    channel = guild.create_text_channel("all-fours")
    players = [guild.add_member(env.create_user(name)) for name in ("ana", "ben", "cal", "dee")]
    host = players[0]

    started = await host.slash(channel, "allfours start", variant="caribbean")
    assert started.acknowledged and not started.ephemeral
    lobby = started.response
    assert lobby is not None and "Caribbean All Fours (Trinidad)" in text_of(lobby)
    await players[1].click(lobby, label="Join Team B")
    await players[2].click(lobby, label="Join Team A")
    await players[3].click(lobby, label="Join Team B")
    await host.click(lobby, label="Start")
    assert "The game has started" in text_of(lobby)

    table = channel.last_message
    assert table is not None and table.id != lobby.id
    game_id = game_id_of(table)
    panels = {}
    for player in players:
        opened = await player.click(table, label="My hand")
        assert opened.ephemeral and opened.response is not None and opened.response.ephemeral
        panels[player.id] = opened.response
    for player in players:  # each panel is visible to its owner only
        seen = {m.id for m in channel.history(viewer=player)}
        assert panels[player.id].id in seen
        assert not seen & {p.id for uid, p in panels.items() if uid != player.id}

    clicks = 0
    hands_seen = set()
    while service_of(env).cached(game_id) is not None:
        assert clicks < 2000, "the game should have ended"
        mover = next(p for p in players if playable(panels[p.id]))
        button = playable(panels[mover.id])[0]
        result = await mover.click(panels[mover.id], custom_id=button["custom_id"])
        assert result.acknowledged and result.response is not None
        assert result.response.id == panels[mover.id].id  # the panel updated itself in place
        clicks += 1
        hands_seen.add(channel.last_message.id)
        await assert_no_held_card_in_public(env, channel, game_id)

    final, over = channel.history()[-2:]
    shown = text_of(final)
    assert "Game over — Team" in text_of(over) and "Play again" in text_of(over)
    assert "<@" not in (over.embeds[0].title or "")  # a title shows a mention raw
    assert all(f"<@{p.id}> 1000 → " in text_of(over) for p in players)  # rating changes
    assert all(f"<@{p.id}>" in over.content for p in players)  # a new message: it notifies
    assert "wins the game" in shown and "The result counts for the ratings." in shown
    assert "High" in shown and "Score:" in shown
    assert len(hands_seen) >= 2  # a fresh table message for every hand
    snap = await service_of(env).snapshot(game_id)
    assert max(snap.state.scores) >= 14
    # No card (code like Th or text like 10♥) in any log line at INFO and above.
    for record in caplog.records:
        line = record.getMessage()
        assert not re.search(r"\b[PD]:[2-9TJQKA][shdc]\b|[0-9AKQJ][♠♥♦♣♤♧]", line), line
    # Older hand messages were turned into their results, without buttons.
    for message in channel.history():
        if message.id in hands_seen and message.id not in (final.id, over.id):
            assert "is over" in text_of(message) and not enabled(message)
