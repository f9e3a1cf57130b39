"""The table picture on the public table message, through the real bot."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.bot.discord_support import BotFactory, open_table, service_of, text_of


def _uploads(env: simcord.Env) -> int:
    """Table pictures sent to Discord so far (a new message's or an edit's attachment)."""
    count = 0
    for request in env.http_requests:
        body: Any = request.json
        if isinstance(body, dict):
            files = body.get("attachments") or []
            count += sum(1 for f in files if f.get("filename") == "table.png" and "id" in f)
    return count


async def test_the_table_message_shows_a_picture(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """With pictures on, the table message carries the picture and the whole text but the
    seat lists (trumps, the kick and its points, whose turn it is, the score) with the
    picture's description for screen readers; moves redraw it, a refresh that changes nothing
    does not; whose turn it is is said once, in the content."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    table = await open_table(env)
    message = table.message
    (attachment,) = message.attachments
    assert attachment.filename == "table.png"
    assert "Seats in order of play: ana" in (attachment.description or "")  # the alt text
    embed = message.embeds[0].to_dict()
    assert embed["image"]["url"] == "attachment://table.png"
    assert all(not field.get("inline") for field in embed.get("fields", []))  # no seat lists
    assert "to stand or beg" in (message.content or "") and "Caribbean" in embed["title"]
    assert "Kick" in embed["description"]  # the story is in the text too, not only drawn
    drawn = _uploads(env)
    assert drawn >= 1
    service_of(env).presenter.refresh(table.game_id)  # nothing changed: not drawn again
    await env.settle()
    assert _uploads(env) == drawn
    assert await table.play(1) == 1  # a move: the picture changes
    await env.settle()
    assert _uploads(env) > drawn


async def test_a_server_can_turn_the_pictures_off(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """The server setting: tables opened afterwards carry no picture, only the full text."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    guild = env.create_guild("No pictures")
    await service_of(env).update_server_settings(guild.id, pictures=False)
    table = await open_table(env, guild=guild)
    assert not table.message.attachments
    assert "Team A\n<@" in text_of(table.message)  # the full text, seat lists included
    assert _uploads(env) == 0


async def test_without_attach_files_the_table_plays_in_text_and_the_host_is_told_once(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """A channel where the bot may not attach files: the table opens and plays, told in
    text alone (the seat lists included), and only its host hears why, once."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    guild = env.create_guild("No files")
    me = guild.me
    assert me is not None
    channel = guild.create_text_channel(
        "no-files", overwrites={me: discord.PermissionOverwrite(attach_files=False)}
    )
    table = await open_table(env, guild=guild, channel=channel)
    notices = [r for r in env.http_requests if "Attach Files" in str(r.json) and r.method == "POST"]
    assert len(notices) == 1  # to the host, privately, at /start
    assert not table.message.attachments and _uploads(env) == 0
    assert "Team A\n<@" in text_of(table.message)  # the full text, seat lists included
    assert await table.play(3) == 3
    await env.settle()
    assert _uploads(env) == 0
    assert len([r for r in env.http_requests if "Attach Files" in str(r.json)]) == 1


async def test_a_picture_refused_mid_game_leaves_the_table_in_text(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """Attach Files taken away during a game: Discord refuses the next picture (403); that
    message goes out in text alone, and so do the table's next ones."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    table = await open_table(env)
    assert table.message.attachments
    env.inject_error(
        "PATCH", "/channels/*/messages/*", status=403, code=50013, message="Missing Permissions"
    )
    assert await table.play(1) == 1
    await env.settle()
    drawn = _uploads(env)
    assert not table.message.attachments
    assert "Team A\n<@" in text_of(table.message)  # the full text, seat lists included
    assert await table.play(2) == 2
    await env.settle()
    assert _uploads(env) == drawn and not table.message.attachments
    assert (await service_of(env).snapshot(table.game_id)).status.is_open


async def test_the_picture_always_shows_the_table_as_the_trick_began(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """After every move the table message's picture is the public table as the current trick
    began (``Scene.settled``): a new picture when a trick ends or a decision changes the
    table, the old one kept (not uploaded again) while the cards of a trick are played, and
    never a picture of another moment."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    table = await open_table(env)
    service = service_of(env)
    # the TablePresenter (cog modules are reloaded between tests: not the class imported here)
    presenter: Any = service.presenter
    pictures: dict[int, str] = presenter._pictures
    renderer_of = presenter._renderer
    moves = kept = 0
    while moves < 60 and service.cached(table.game_id) is not None:
        uploads = _uploads(env)
        assert await table.play(1) == 1
        await env.settle()
        moves += 1
        snap = await service.snapshot(table.game_id)
        if snap.state is None or not snap.status.is_open:
            break
        message_id, _ = await service.message_of(table.game_id)
        assert message_id is not None
        renderer = renderer_of(snap.record.family)
        wanted = renderer.scene(snap.public(), snap.record.locale).settled().fingerprint()
        assert pictures.get(message_id) == wanted
        kept += _uploads(env) == uploads
    assert kept >= moves // 2  # most cards of a trick keep the picture as it was
