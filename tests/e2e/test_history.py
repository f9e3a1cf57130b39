"""History pages, face-up replays and game records of finished games, through Discord."""

from __future__ import annotations

import io
from typing import Any

import simcord
from PIL import Image

from bot.families import family
from bot.i18n import t
from bot.notation import card_text
from bot.picture.hands import strip_height
from bot.picture.style import HEIGHT, WIDTH
from engine import records
from tests.bot.discord_support import (
    BotFactory,
    Table,
    buttons,
    enabled,
    forge_click,
    open_table,
    selects,
    service_of,
    text_of,
)


async def _finish(env: simcord.Env, table: Table) -> None:
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1


def _footer(message: Any) -> str:
    return str(message.embeds[0].to_dict()["footer"]["text"])


def _button(message: Any, label: str) -> dict[str, Any]:
    return next(b for b in buttons(message) if b.get("label") == label)


async def test_history_lists_finished_games_and_opens_their_replay(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """A finished game is on both players' history (privately): variant and options, sides
    and final score, the rating change, a Replay button; /stats points to it. The replay
    opens privately on the first deal with every hand face up and the table's picture."""
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, table)
    kim, lee = table.players
    shown = await kim.slash(table.channel, "allfours history")
    assert shown.ephemeral
    page = text_of(shown.response)
    assert f"Table #{table.game_id}" in page and "Seven Up" in page
    assert "First to 2 points wins" in page
    assert f"<@{kim.id}>" in page and f"<@{lee.id}>" in page and "🏆" in page
    assert "Rating 1000 → " in page
    other = await lee.slash(table.channel, "allfours history", scope="g")
    assert f"Table #{table.game_id}" in text_of(other.response)
    stats = await kim.slash(table.channel, "allfours stats")
    assert "/allfours history" in text_of(stats.response)

    opened = await kim.click(shown.response, label=f"Replay #{table.game_id}")
    assert opened.ephemeral
    replay = opened.response
    shown_text = text_of(replay)
    assert "Deal 1 is dealt" in shown_text and "Deal 1 · step 1/" in shown_text
    first = (await service_of(env).replay(table.game_id, kim.id, table.channel.guild.id)).steps[0]
    fam = family("allfours")
    for seat in range(2):
        hand = fam.hand_of(first.state, seat)
        assert len(hand) == 6
        assert all(card_text(card) in shown_text for card in hand)
    (attachment,) = replay.attachments
    assert attachment.filename == "table.png"
    picture = Image.open(io.BytesIO(await attachment.read()))
    assert picture.size == (WIDTH, HEIGHT + strip_height(2))  # the strip of hands face up
    assert text_of(shown.response) == page  # the history page stays as it was


async def test_replay_buttons_and_menu_move_through_the_game(simcord_env: simcord.Env) -> None:
    """▶ and ◀ move one stop, ⏭ and ⏮ a deal, the menu jumps to a deal; each click redraws
    the same private message, and the buttons at either end are disabled."""
    env = simcord_env
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=5)
    await _finish(env, table)
    kim = table.players[0]
    guild_id = table.channel.guild.id
    found = await service_of(env).replay(table.game_id, kim.id, guild_id)
    assert len(found.deals) >= 2
    opened = await kim.slash(table.channel, "allfours replay", table=table.game_id)
    replay = opened.response
    stops = len(found.stops)
    assert _footer(replay) == f"Deal 1 · step 1/{stops}"
    assert [b["label"] for b in enabled(replay)] == [
        "▶",
        "⏭",
        "Download record",
        "📤 Share this hand",
        "💡 Review",
    ]

    moved = await kim.click(replay, label="▶")
    assert moved.response is not None and moved.response.id == replay.id
    assert _footer(replay) == f"Deal 1 · step 2/{stops}"
    assert "**" in replay.embeds[0].to_dict()["description"].splitlines()[1]  # who did what
    await kim.click(replay, label="◀")
    assert _footer(replay) == f"Deal 1 · step 1/{stops}"
    await kim.click(replay, label="⏭")
    second = found.deals[2]
    assert _footer(replay) == f"Deal 2 · step {second + 1}/{stops}"
    assert "Deal 2 is dealt" in text_of(replay)
    await kim.click(replay, label="⏮")
    assert _footer(replay) == f"Deal 1 · step 1/{stops}"
    (menu,) = selects(replay)
    last_deal = max(found.deals)
    await kim.select(replay, [str(found.deals[last_deal])], custom_id=menu["custom_id"])
    assert _footer(replay).startswith(f"Deal {last_deal} · step {found.deals[last_deal] + 1}/")
    for _ in range(stops):
        if _button(replay, "▶").get("disabled"):
            break
        await kim.click(replay, label="▶")
    assert _footer(replay).endswith(f"step {stops}/{stops}")
    assert [b["label"] for b in enabled(replay)] == [
        "⏮",
        "◀",
        "Download record",
        "📤 Share this hand",
        "💡 Review",
    ]
    assert "🏆" in text_of(replay)


async def test_download_record_is_the_engine_record_of_the_game(
    simcord_env: simcord.Env,
) -> None:
    """ "Download record" sends privately the engine's record of the game as a text file,
    which the engine reads and replays to the game's final state."""
    env = simcord_env
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, table)
    kim = table.players[0]
    opened = await kim.slash(table.channel, "allfours replay", table=table.game_id)
    sent = await kim.click(opened.response, label="Download record")
    assert sent.ephemeral
    (attachment,) = sent.response.attachments
    assert attachment.filename == f"allfours-{table.game_id}.txt"
    text = (await attachment.read()).decode()
    service = service_of(env)
    name, expected = await service.record_text(table.game_id, kim.id, table.channel.guild.id)
    assert (attachment.filename, text) == (name, expected)
    _, state = records.check(text)
    assert state == (await service.snapshot(table.game_id)).state


async def test_unfinished_and_other_servers_games_are_refused(simcord_env: simcord.Env) -> None:
    """A game in progress shows nothing hidden; a game of another server is refused to
    someone who did not play it there, and replayed for one of its players."""
    env = simcord_env
    live = await open_table(env, names=("ann", "bob"), variant="seven-up", target=2)
    asked = await live.players[0].slash(live.channel, "allfours replay", table=live.game_id)
    assert asked.ephemeral and "is not finished" in text_of(asked.response)
    assert not asked.response.attachments and "Hands" not in text_of(asked.response)

    done = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, done)
    elsewhere = env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("cards")
    stranger = elsewhere.add_member(env.create_user("sam"))
    refused = await stranger.slash(channel, "allfours replay", table=done.game_id)
    assert "another server" in text_of(refused.response)
    kim_there = elsewhere.add_member(done.players[0].user)
    allowed = await kim_there.slash(channel, "allfours replay", table=done.game_id)
    assert "Deal 1 · step 1/" in text_of(allowed.response)
    unknown = await stranger.slash(channel, "allfours replay", table=999)
    assert unknown.ephemeral and "Hands" not in text_of(unknown.response)


async def test_forged_replay_and_history_ids_change_no_other_message(
    simcord_env: simcord.Env,
) -> None:
    """A replay or history button's id sent from another message (a history page, the public
    table message, another game's replay) changes that message in nothing: the clicker gets
    a fresh private answer instead; a forged id of an unfinished game is refused."""
    env = simcord_env
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=2)
    await _finish(env, table)
    kim, lee = table.players
    game = table.game_id
    page = await kim.slash(table.channel, "allfours history")
    before = text_of(page.response)
    forged = await forge_click(
        env, kim, page.response, label="Next ▶", custom_id=f"af:y:{game}:3:n"
    )
    assert forged.ephemeral and forged.response.id != page.response.id
    assert "step 4/" in text_of(forged.response)
    assert text_of(page.response) == before

    public = table.channel.last_message
    assert public is not None
    shown = text_of(public)
    forged = await forge_click(
        env, lee, public, label="Play again", custom_id=f"af:o:allfours:{kim.id}:s:0"
    )
    assert forged.ephemeral and "finished games" in text_of(forged.response)
    assert text_of(table.channel.last_message) == shown

    opened = await kim.slash(table.channel, "allfours replay", table=game)
    replay_text = text_of(opened.response)
    live = await open_table(env, names=("ann", "bob"), variant="seven-up", target=2)
    ann = live.players[0]
    mine = await ann.slash(live.channel, "allfours history")
    forged = await forge_click(
        env, ann, mine.response, label="Next ▶", custom_id=f"af:y:{live.game_id}:0:n"
    )
    assert "is not finished" in text_of(forged.response)
    forged = await forge_click(env, kim, opened.response, label="▶", custom_id=f"kq:y:{game}:1:n")
    assert forged.ephemeral and forged.response.id != opened.response.id
    assert text_of(opened.response) == replay_text


async def test_review_toggle_marks_hards_choices_for_the_clicker_alone(
    simcord_env: simcord.Env,
) -> None:
    """ "💡 Review" turns review hints on in the replay itself: the steps where level hard
    would have chosen otherwise, at a cost, say what and why, and moving keeps them on;
    turned off they are gone. Another player's click with the replay's id, or a forged id
    from another message, changes that replay in nothing; a forged ``how`` is refused."""
    env = simcord_env
    service = service_of(env)
    service.review_seconds = None  # play-outs alone: the same review every run
    service.review_simulations = 20
    table = await open_table(env, names=("kim", "lee"), variant="seven-up", target=5)
    await _finish(env, table)
    kim, lee = table.players
    game = table.game_id
    found = await service.replay(game, kim.id, table.channel.guild.id)
    opened = await kim.slash(table.channel, "allfours replay", table=game)
    replay = opened.response
    assert "would have chosen" not in text_of(replay)
    on = await kim.click(replay, label="💡 Review")
    assert on.response is not None and on.response.id == replay.id
    review = service.reviewed(game)
    assert review is not None and review.marks and review.reviewed >= len(review.marks)
    assert f"{len(review.marks)} of {review.reviewed}" in text_of(replay)
    assert _button(replay, "💡 Review: on")["custom_id"] == f"af:y:{game}:0:h"
    first = min(review.marks)
    while found.stops[int(_footer(replay).split("step ")[1].split("/")[0]) - 1] < first:
        await kim.click(replay, label="▶")
    assert "*hard* would have chosen" in text_of(replay)
    assert t(f"hint.reason.{review.marks[first].reason}", "en") in text_of(replay)
    marked = text_of(replay)

    stop = found.stops.index(next(s for s in found.stops if s >= first))
    forged = await forge_click(
        env, lee, replay, label="💡 Review: on", custom_id=f"af:y:{game}:{stop}:h"
    )
    assert forged.ephemeral and forged.response.id != replay.id
    assert text_of(replay) == marked
    page = await kim.slash(table.channel, "allfours history")
    forged = await forge_click(
        env, kim, page.response, label="Next ▶", custom_id=f"af:y:{game}:{stop}:N"
    )
    assert forged.response.id != page.response.id and "would have chosen" in text_of(
        forged.response
    )
    bad = await forge_click(env, kim, replay, label="▶", custom_id=f"af:y:{game}:{stop}:x")
    assert bad.response.id != replay.id and text_of(replay) == marked

    off = await kim.click(replay, label="💡 Review: on")
    assert off.response is not None and off.response.id == replay.id
    assert "would have chosen" not in text_of(replay) and "💡 Review: on" not in text_of(replay)
    assert (
        _footer(replay)
        == f"Deal {found.steps[found.stops[stop]].deal} · step {stop + 1}/{len(found.stops)}"
    )
