"""A click may edit the clicked message only if that message is of the click's own kind: a
board page turns only a board page, stats only stats, a hand panel's buttons redraw only that
player's panel. Every kind of our id is clicked on every kind of our message — forged onto it
(in place of one of its buttons) and sent from it without being on it — and each message is
unchanged unless the click is legitimately its own; every click is answered."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import pytest
import simcord
from simcord.actors import _dispatch_actor_interaction
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from tests.bot.discord_support import (
    buttons,
    forge_click,
    game_id_of,
    open_table,
    service_of,
    text_of,
)

OWN: frozenset[tuple[str, str]] = frozenset(
    {
        ("action", "panel"),
        ("draft", "panel"),
        ("refresh", "panel"),
        ("board", "board"),
        ("stats", "stats"),
    }
)
"""(id kind, message kind) pairs where the click may redraw the message it came from."""


async def _click_from(
    env: simcord.Env, actor: simcord.MemberActor, message: Any, custom_id: str
) -> simcord.InteractionResult:
    """A click carrying ``custom_id`` from ``message`` as it is, without that id on it (a
    forged or outdated client): discord.py leaves it to the Tables cog."""
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    stored = env.backend.get_message(channel_id, message.id)
    payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    channel = next(c for c in actor.guild.channels.values() if c.id == stored.channel_id)
    return await _dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        {"custom_id": custom_id, "component_type": ComponentType.BUTTON},
        extra={"message": payload},
        source_message_id=stored.id,
    )


@dataclass
class World:
    env: simcord.Env
    clicker: simcord.MemberActor
    messages: dict[str, Any]
    ids: dict[str, str]


def _stored(env: simcord.Env, message: Any) -> str:
    """What the message shows now, as Discord stores it (content, embeds, components...)."""
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    stored = env.backend.get_message(channel_id, message.id)
    payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    shown = {k: payload.get(k) for k in ("content", "embeds", "components", "attachments")}
    return json.dumps(shown, sort_keys=True, default=str)


@pytest.fixture
async def world(simcord_env: simcord.Env) -> World:
    """One server with a message of every kind, all visible to (or owned by) ``ana``."""
    env = simcord_env
    guild = env.create_guild("Every kind")
    # a finished game (its game-over message), ana and ben
    finished = await open_table(
        env,
        names=("ana", "ben"),
        variant="seven-up",
        target=2,
        guild=guild,
        channel=guild.create_text_channel("finished"),
    )
    while service_of(env).cached(finished.game_id) is not None:
        assert await finished.play(1) == 1
    await env.settle()
    over = next(
        m for m in finished.channel.history() if any(b["label"] == "Play again" for b in buttons(m))
    )
    ana, ben = finished.players
    # a live table, ana at it with three others; a nudge there
    live_channel = guild.create_text_channel("live")
    lobby = (await ana.slash(live_channel, "allfours start", variant="caribbean")).response
    assert lobby is not None
    players = [ana, ben, *(guild.add_member(env.create_user(n)) for n in ("cal", "dee"))]
    for index, player in enumerate(players[1:], start=1):
        await player.click(lobby, label=f"Join Team {'AB'[index % 2]}")
    await ana.click(lobby, label="Start")
    game = game_id_of(lobby)
    panel = (await ana.click(live_channel.last_message, label="My hand")).response
    assert panel is not None
    await env.advance_time(25)
    nudge = next(m for m in live_channel.history() if "your turn at table" in m.content)
    table_id, _ = await service_of(env).message_of(game)
    table = next(m for m in live_channel.history() if m.id == table_id)
    # a lobby of someone else
    eve = guild.add_member(env.create_user("eve"))
    waiting = guild.create_text_channel("waiting")
    other_lobby = (await eve.slash(waiting, "allfours start", variant="english")).response
    assert other_lobby is not None
    # a board page (public) and a stats page (private) of ana's
    board = (await ana.slash(live_channel, "allfours leaderboard")).response
    stats = await ana.slash(live_channel, "allfours stats")
    assert board is not None and stats.ephemeral and stats.response is not None
    version = (await service_of(env).snapshot(game)).record.version
    ids = {
        "lobby": f"af:l:{game_id_of(other_lobby)}:r",
        "action": f"af:a:{game}:{version - 1}:S",
        "draft": f"af:d:{game}:{version}:0",
        "hint": f"af:i:{game}:{version}",
        "refresh": f"af:r:{game}",
        "board": "af:b:allfours:s:0",
        "stats": f"af:s:allfours:{ana.id}:0",
        "rematch": f"af:p:{finished.game_id}",
        "other family": f"kq:r:{game}",
        "other family's board": "kq:b:kqj-3v3:s:0",
    }
    messages = {
        "lobby": other_lobby,
        "table": table,
        "panel": panel,
        "game over": over,
        "board": board,
        "stats": stats.response,
        "nudge": nudge,
    }
    return World(env, ana, messages, ids)


@pytest.mark.parametrize("placement", ["forged onto it", "not on it"])
async def test_a_click_edits_only_a_message_of_its_own_kind(world: World, placement: str) -> None:
    env, ana = world.env, world.clicker
    changed: dict[tuple[str, str], bool] = {}
    for message_kind, message in world.messages.items():
        for id_kind, custom_id in world.ids.items():
            before = _stored(env, message)
            drawn = [b["label"] for b in buttons(message)]
            if placement == "forged onto it":
                label = drawn[-1] if drawn else "Added"  # no button: one is added
                result = await forge_click(env, ana, message, label=label, custom_id=custom_id)
            else:
                result = await _click_from(env, ana, message, custom_id)
            await env.settle()
            assert result.acknowledged, (id_kind, message_kind)
            after = _stored(env, message)
            if after != before and message_kind == "panel" and "moved below" in after:
                # A panel click from elsewhere answered with a fresh panel: the older panel
                # of that player is closed, as whenever they open a new one.
                assert (id_kind, message_kind) in OWN and placement == "not on it"
                continue
            changed[(id_kind, message_kind)] = after != before
    wrongly = [pair for pair, edited in changed.items() if edited and pair not in OWN]
    assert wrongly == []
    if placement == "not on it":  # an id not on a message never edits it
        assert [pair for pair, edited in changed.items() if edited] == []


async def test_a_board_click_on_the_table_answers_with_a_private_page(world: World) -> None:
    """The case seen from outside: ◀ / ▶ of a leaderboard forged onto the live table message.
    The table stays; the clicker gets the page privately."""
    env, ana = world.env, world.clicker
    table = world.messages["table"]
    before = _stored(env, table)
    result = await forge_click(env, ana, table, label="My hand", custom_id=world.ids["board"])
    assert result.ephemeral and result.response is not None
    assert "leaderboard" in text_of(result.response)
    assert _stored(env, table) == before
    assert "My hand" in text_of(table)


async def test_a_stats_click_on_a_panel_leaves_the_panel(world: World) -> None:
    env, ana = world.env, world.clicker
    panel = world.messages["panel"]
    before = _stored(env, panel)
    label = buttons(panel)[0]["label"]
    result = await forge_click(env, ana, panel, label=label, custom_id=world.ids["stats"])
    assert result.ephemeral and result.response is not None
    assert result.response.id != panel.id
    assert _stored(env, panel) == before
