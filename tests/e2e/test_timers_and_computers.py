"""Turn timers on SimCord's virtual clock, and computer players at the table."""

from __future__ import annotations

import simcord

from bot.models import Source, Status
from tests.bot.discord_support import ended, open_table, service_of, text_of


async def test_timer_expiry_lets_the_computer_play_then_takes_the_seat(
    simcord_env: simcord.Env,
) -> None:
    """When time runs out the computer takes that decision; after three timeouts in a row
    the seat is handed to the computer and the table message says so."""
    env = simcord_env
    table = await open_table(env, timer=30)
    service = service_of(env)
    mover = table.mover()
    assert mover is not None
    assert "<t:" in text_of(table.message)  # the live countdown
    before = await service.snapshot(table.game_id)
    await env.advance_time(29)
    assert (await service.snapshot(table.game_id)).record.version == before.record.version
    await env.advance_time(1)
    after = await service.snapshot(table.game_id)
    assert after.record.version > before.record.version
    (first, *_) = await service.storage.actions(table.game_id)
    assert first.source is Source.TIMEOUT
    seat = after.seat_of(mover.id)
    assert seat is not None and after.seats[seat].timeouts == 1

    for _ in range(100):
        after = await service.snapshot(table.game_id)
        if after.seats[seat].computer:
            break
        await env.advance_time(30)
    assert after.seats[seat].computer and after.seats[seat].timeouts == 3
    assert f"<@{mover.id}> (the computer plays)" in ended(table.channel)
    assert "computer plays your seat" in text_of(table.panels[mover.id])


async def test_three_computers_and_one_player_finish_a_game(simcord_env: simcord.Env) -> None:
    """The host fills three seats with the computer: the table is unrated and the computers
    answer every turn until the game ends."""
    env = simcord_env
    table = await open_table(env, names=("solo",), computers=3, target=7)
    assert "Unrated" in text_of(table.channel.history()[0])
    clicks = 0
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1
        clicks += 1
    snap = await service_of(env).snapshot(table.game_id)
    assert snap.status is Status.FINISHED and not snap.record.rated
    shown = ended(table.channel)
    assert "wins the game" in shown and "This table was unrated." in shown
    assert "Computer 2" in shown
    assert clicks > 5


async def test_play_again_opens_a_lobby_with_the_same_seats(simcord_env: simcord.Env) -> None:
    """The game-over message is a new message mentioning the players, with "Play again": a
    click opens a lobby in the same channel with the same seats and options."""
    env = simcord_env
    table = await open_table(env, names=("solo",), computers=3, target=3)
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1
    over = table.channel.last_message
    assert "Game over" in text_of(over) and f"<@{table.players[0].id}>" in over.content
    again = await table.players[0].click(over, label="Play again")
    assert again.acknowledged and not again.ephemeral
    lobby = table.channel.last_message
    shown = text_of(lobby)
    assert "New table" in shown and "First to 3 points wins" in shown
    assert shown.count("Computer") == 3 and "(normal)" in shown
    assert f"<@{table.players[0].id}>" in shown
    await table.players[0].click(lobby, label="Start")
    fresh = await service_of(env).table_in_channel(table.channel.id)
    assert fresh is not None and fresh.id != table.game_id and fresh.state is not None
    refused = await table.players[0].click(over, label="Play again")
    assert refused.ephemeral and "already an unfinished table" in refused.response.content
