"""A replay's "Share this hand": one animated picture of a finished game's deal, posted in the
channel once; refused to whoever may not see the replay."""

from __future__ import annotations

import io

import simcord
from PIL import Image

from tests.bot.discord_support import (
    BotFactory,
    Table,
    forge_click,
    open_table,
    service_of,
    text_of,
)

SHARE = "📤 Share this hand"


async def _finish(env: simcord.Env, table: Table) -> None:
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1


async def test_share_posts_one_animated_picture_of_the_deal_once(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """The deal is posted in the channel as a looping GIF (every trick a frame) under 1 MiB;
    the sharer is told privately where; a second click links to that post and posts
    nothing more."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, table)
    kim, lee = table.players
    opened = await kim.slash(table.channel, "allfours replay", table=table.game_id)
    before = len(table.channel.history())
    shared = await kim.click(opened.response, label=SHARE)
    assert shared.ephemeral and "is shared here" in text_of(shared.response)
    posts = table.channel.history()[before:]
    assert len(posts) == 1
    (post,) = posts
    assert f"shares deal 1 of table #{table.game_id}" in text_of(post)
    (attachment,) = post.attachments
    gif = await attachment.read()
    assert attachment.filename == "hand.gif" and len(gif) <= 1024 * 1024
    picture = Image.open(io.BytesIO(gif))
    assert picture.format == "GIF" and picture.n_frames >= 2  # the deal, then its tricks
    again = await kim.click(opened.response, label=SHARE)
    assert "is shared here" in text_of(again.response) and post.jump_url in text_of(again.response)
    other = await lee.slash(table.channel, "allfours replay", table=table.game_id)
    third = await lee.click(other.response, label=SHARE)
    assert post.jump_url in text_of(third.response)
    assert len(table.channel.history()) == before + 1


async def test_share_is_refused_where_the_replay_is(simcord_env: simcord.Env) -> None:
    """An unfinished game is never shared, nor another server's game by someone who did
    not play in it; nothing is posted."""
    env = simcord_env
    live = await open_table(env, names=("ann", "bob"), variant="seven-up", target=2)
    ann = live.players[0]
    page = await ann.slash(live.channel, "allfours history")
    count = len(live.channel.history())
    forged = await forge_click(
        env, ann, page.response, label="Next ▶", custom_id=f"af:e:{live.game_id}:1"
    )
    assert forged.ephemeral and "is not finished" in text_of(forged.response)
    assert len(live.channel.history()) == count

    done = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, done)
    elsewhere = env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("cards")
    stranger = elsewhere.add_member(env.create_user("sam"))
    mine = await stranger.slash(channel, "allfours history")
    forged = await forge_click(
        env, stranger, mine.response, label="Next ▶", custom_id=f"af:e:{done.game_id}:1"
    )
    assert "another server" in text_of(forged.response)
    assert not [m for m in channel.history() if m.attachments]
