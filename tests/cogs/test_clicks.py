"""Every click is answered, whatever happens: wrong player, stale panel, double click,
forged ids, ended tables, missing permissions."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.families import family
from bot.models import Source
from bot.notation import card_text
from tests.bot.discord_support import (
    buttons,
    double_click,
    emit_click,
    enabled,
    forge_click,
    open_table,
    playable,
    service_of,
    text_of,
)


async def test_spectator_is_told_they_have_no_hand(simcord_env: simcord.Env) -> None:
    """Someone without a seat who clicks "My hand" gets a private explanation."""
    table = await open_table(simcord_env)
    guild = table.players[0].guild
    watcher = guild.add_member(simcord_env.create_user("eve"))
    result = await watcher.click(table.message, label="My hand")
    assert result.ephemeral and result.response is not None
    assert "not playing at this table" in result.response.content


async def test_waiting_players_see_whose_turn_it_is(simcord_env: simcord.Env) -> None:
    """Only the player to act gets decisions; the others keep a readable hand (their cards
    stay clickable) and the table message, not the panel, says whom they wait for: a panel's
    "right now" line would go stale after the next move."""
    table = await open_table(simcord_env)
    movers = [p for p in table.players if playable(table.panels[p.id])]
    assert len(movers) == 1
    (mover,) = movers
    for player in table.players:
        if player is not mover:
            panel = table.panels[player.id]
            shown = text_of(panel)
            assert "Not your turn" in shown and "Right now" not in shown
            cards = [b for b in buttons(panel) if ":P:" in str(b.get("custom_id", ""))]
            assert cards and all(not b.get("disabled") for b in cards)
    assert f"<@{mover.id}> to stand or beg" in text_of(table.message)


async def test_the_hand_is_not_faded_while_its_owner_stands_or_begs(
    simcord_env: simcord.Env,
) -> None:
    """The player to stand or beg judges their hand: its cards are drawn as a hand (enabled,
    not faded like a disabled button) beside Stand and Beg; a card clicked then is answered
    with one line saying the cards come after this decision, and nothing is played."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    panel = table.panels[mover.id]
    assert "stand or beg" in text_of(panel)
    cards = [b for b in buttons(panel) if ":P:" in str(b.get("custom_id", ""))]
    assert len(cards) == 6 and all(not b.get("disabled") for b in cards)
    assert all(b.get("style") == discord.ButtonStyle.secondary.value for b in cards)
    assert [b["label"] for b in playable(panel)] == ["Stand", "Beg"]
    version = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    result = await mover.click(panel, custom_id=cards[0]["custom_id"])
    assert result.acknowledged and result.response is not None
    shown = text_of(result.response)
    assert shown.count("Your cards are played after this decision.") == 1, shown
    assert "can't do that" not in shown and "stand or beg" in shown
    assert (await service_of(simcord_env).snapshot(table.game_id)).record.version == version


async def test_a_stand_edits_no_waiting_panel_and_each_says_the_card_turned_up(
    simcord_env: simcord.Env,
) -> None:
    """The trumps are fixed as the suit of the card turned up, so a waiting panel shows that
    card ("kick 6♠"), with that suit's cards first, before and after the elder stands: the
    stand edits none of the three (the elder's own answer and the table message tell it),
    and the trumps are named on each panel once it is its owner's turn."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    waiting = [p for p in table.players if p is not mover]
    before = {p.id: text_of(table.panels[p.id]) for p in waiting}
    for shown in before.values():
        assert "kick " in shown and "trumps" not in shown, shown
    edits = _panel_edits(simcord_env)
    result = await mover.click(table.panels[mover.id], label="Stand")
    assert result.acknowledged and result.response is not None
    assert _panel_edits(simcord_env) == edits
    assert "trumps" in text_of(result.response) and "trumps" in text_of(table.message)
    assert {p.id: text_of(table.panels[p.id]) for p in waiting} == before
    second = waiting[0]
    while not playable(table.panels[second.id]):
        assert await table.play(1) == 1
    assert "trumps" in text_of(table.panels[second.id])


async def test_stale_panel_click_changes_nothing(simcord_env: simcord.Env) -> None:
    """A button drawn at an older version is refused and the panel redrawn as it is now."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    old_id = playable(table.panels[mover.id])[0]["custom_id"]
    await table.play()
    version = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    panel = table.panels[mover.id]
    label = next(b["label"] for b in enabled(panel))
    result = await forge_click(simcord_env, mover, panel, label=label, custom_id=old_id)
    assert result.acknowledged and result.response is not None
    assert "out of date" in text_of(result.response)
    assert (await service_of(simcord_env).snapshot(table.game_id)).record.version == version


async def test_double_click_applies_exactly_once(simcord_env: simcord.Env) -> None:
    """Two clicks on one button arriving together: one applies, the other is answered."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    before = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    custom_id = playable(table.panels[mover.id])[0]["custom_id"]
    first, second = await double_click(
        simcord_env, mover, table.panels[mover.id], custom_id=custom_id
    )
    assert first.acknowledged and second.acknowledged
    answers = [
        str(r.json)
        for r in simcord_env.http_requests
        if r.method == "POST" and r.path.endswith("/callback") and custom_id not in str(r.json)
    ][-2:]
    assert sum("out of date" in text for text in answers) == 1
    after = await service_of(simcord_env).snapshot(table.game_id)
    assert after.record.version == before + 1
    log = await service_of(simcord_env).storage.actions(table.game_id)
    assert len(log) == 1


@pytest.mark.parametrize(
    ("custom_id", "expected"),
    [
        ("af:zz:1", "not one of mine"),
        ("kq:", "not one of mine"),
        ("af:a:999:1:S", "no such table"),
        ("af:h:999", "no such table"),
        ("af:b:kqj:g:0", "no such game"),
    ],
)
async def test_forged_ids_are_answered(
    simcord_env: simcord.Env, custom_id: str, expected: str
) -> None:
    """Ids no button of ours could have made still get a private answer."""
    table = await open_table(simcord_env)
    player = table.players[1]
    result = await forge_click(
        simcord_env, player, table.message, label="My hand", custom_id=custom_id
    )
    assert result.acknowledged and result.ephemeral and result.response is not None
    assert expected in result.response.content


async def test_forged_code_in_a_panel_is_refused(simcord_env: simcord.Env) -> None:
    """An action code the engine cannot read changes nothing."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    version = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    panel = table.panels[mover.id]
    label = playable(panel)[0]["label"]
    result = await forge_click(
        simcord_env, mover, panel, label=label, custom_id=f"af:a:{table.game_id}:{version}:P:Zz"
    )
    assert result.response is not None and "don't understand" in result.response.content
    assert (await service_of(simcord_env).snapshot(table.game_id)).record.version == version


async def test_action_forged_onto_the_public_message_never_draws_a_hand(
    simcord_env: simcord.Env,
) -> None:
    """Even the right action sent from the public table message is answered privately, with a
    fresh panel of its own, and the public message is never turned into a hand."""
    table = await open_table(simcord_env)
    mover = table.mover()
    assert mover is not None
    before = text_of(table.message)
    version = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    result = await forge_click(
        simcord_env,
        mover,
        table.message,
        label="My hand",
        custom_id=f"af:a:{table.game_id}:{version}:S",
    )
    assert result.ephemeral and result.response is not None
    assert result.response.id != table.message.id
    cards = [b for b in buttons(result.response) if ":P:" in str(b.get("custom_id", ""))]
    assert cards  # the clicker's own hand, as its buttons, privately
    assert not [b for b in buttons(table.message) if ":P:" in str(b.get("custom_id", ""))]
    assert before != ""


async def test_ids_of_other_views_are_left_to_them(simcord_env: simcord.Env) -> None:
    """A button of a plain view that is not ours is answered by that view alone: the tables
    do not answer it a second time."""
    env = simcord_env
    clicks: list[str] = []

    class Other(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Ping", custom_id="someone-else:ping")
        async def ping(
            self, interaction: discord.Interaction, button: discord.ui.Button[Other]
        ) -> None:
            clicks.append("ping")
            await interaction.response.send_message("pong", ephemeral=True)

    env.bot.add_view(Other())
    table = await open_table(env)
    player = table.players[1]
    result = await forge_click(
        env, player, table.message, label="My hand", custom_id="someone-else:ping"
    )
    assert clicks == ["ping"]
    assert result.response is not None and result.response.content == "pong"
    answers = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/callback")]
    assert not any("not one of mine" in str(r.json) for r in answers)


async def test_wrong_player_cannot_act_for_another(simcord_env: simcord.Env) -> None:
    """A seated player sending another player's decision is told it is not their turn, once
    (the panel's own line says it; the refusal is not stacked on it)."""
    table = await open_table(simcord_env)
    mover = table.mover()
    other = next(p for p in table.players if p is not mover)
    version = (await service_of(simcord_env).snapshot(table.game_id)).record.version
    panel = table.panels[other.id]
    label = next(b["label"] for b in enabled(panel))
    result = await forge_click(
        simcord_env, other, panel, label=label, custom_id=f"af:a:{table.game_id}:{version}:S"
    )
    assert result.response is not None and "not your turn" in text_of(result.response).lower()
    assert text_of(result.response).lower().count("not your turn") == 1
    assert (await service_of(simcord_env).snapshot(table.game_id)).record.version == version


async def test_clicks_on_an_ended_table(simcord_env: simcord.Env) -> None:
    """After /allfours end, the table's buttons say the table is over."""
    table = await open_table(simcord_env)
    host = table.players[0]
    ended = await host.slash(table.channel, "allfours end")
    assert ended.ephemeral and "abandoned and unrated" in ended.response.content
    public = [m for m in table.channel.history() if "Ended by" in text_of(m)]
    assert public and not enabled(public[-1])
    player = table.players[1]
    result = await forge_click(
        simcord_env, player, public[-1], label="My hand", custom_id=f"af:h:{table.game_id}"
    )
    assert result.response is not None and "table is over" in result.response.content
    panel = table.panels[player.id]
    assert "This table is over" in text_of(panel) and not enabled(panel)  # redrawn at the end
    result = await forge_click(
        simcord_env, player, panel, label="Stand", custom_id=f"af:a:{table.game_id}:1:S"
    )
    assert result.response is not None and "table is over" in result.response.content


async def test_only_host_or_manager_may_end(simcord_env: simcord.Env) -> None:
    """/allfours end by an ordinary player is refused."""
    table = await open_table(simcord_env)
    result = await table.players[1].slash(table.channel, "allfours end")
    assert result.ephemeral and "Only the host" in result.response.content
    assert service_of(simcord_env).cached(table.game_id) is not None


async def test_start_says_which_permission_is_missing(simcord_env: simcord.Env) -> None:
    """In a channel where the bot may not embed links, /allfours start names the permission."""
    guild = simcord_env.create_guild()
    me = guild.me
    assert me is not None
    channel = guild.create_text_channel(
        "no-embeds", overwrites={me: discord.PermissionOverwrite(embed_links=False)}
    )
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "allfours start", variant="english")
    assert result.ephemeral and "Embed Links" in result.response.content
    assert await service_of(simcord_env).table_in_channel(channel.id) is None


async def test_click_says_which_permission_is_missing(simcord_env: simcord.Env) -> None:
    """When the bot loses Send Messages mid-game, a click is answered with what it needs."""
    table = await open_table(simcord_env)
    guild = table.players[0].guild
    me = guild.me
    assert me is not None
    deny = discord.Permissions(send_messages=True).value
    simcord_env.backend.set_overwrite(
        table.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, allow=0, deny=deny)
    )
    mover = table.mover()
    assert mover is not None
    result = await mover.click(
        table.panels[mover.id], custom_id=playable(table.panels[mover.id])[0]["custom_id"]
    )
    assert result.ephemeral and result.response is not None
    assert "Send Messages" in result.response.content


async def test_panels_are_not_edited_after_discords_window(simcord_env: simcord.Env) -> None:
    """Discord lets an interaction edit its message for 15 minutes: after that the panel is
    left alone (no failing edit), and "My hand" opens a fresh one that updates again."""
    table = await open_table(simcord_env)
    waiting = [p for p in table.players if not playable(table.panels[p.id])]
    await simcord_env.advance_time(15 * 60)
    edits_before = _panel_edits(simcord_env)
    await table.play(1)
    assert _panel_edits(simcord_env) == edits_before
    for player in table.players:  # the table message asks them to open their hand again
        fresh = await player.click(table.message, label="My hand")
        table.panels[player.id] = fresh.response
    watched = table.panels[waiting[0].id]
    while not playable(watched):
        assert await table.play(1) == 1
    assert _panel_edits(simcord_env) > edits_before  # the new panels update themselves


def _panel_edits(env: simcord.Env) -> int:
    """Edits of ephemeral panels: PATCHes of a message through an interaction's webhook."""
    return len(
        [
            r
            for r in env.http_requests
            if r.method == "PATCH" and r.path.startswith("/webhooks/") and "/messages/" in r.path
        ]
    )


async def test_our_ids_missing_from_the_clicked_message_are_still_answered(
    simcord_env: simcord.Env,
) -> None:
    """discord.py ignores a click whose custom_id is not on the clicked message; a stale or
    forged client can send one in our own format. Each is answered privately and changes
    nothing: another table's id, an old version, another player's button, a lobby button on a
    table message, a select on a button's message."""
    env = simcord_env
    table = await open_table(env)
    other = await open_table(env, names=("eve", "fin", "gus", "hal"))
    service = service_of(env)
    version = (await service.snapshot(table.game_id)).record.version
    mover = table.mover()
    assert mover is not None
    waiting = next(p for p in table.players if p is not mover)
    panel = table.panels[mover.id]
    code = playable(panel)[0]["custom_id"].split(":", 4)[-1]
    ids = [
        f"af:a:{other.game_id}:{version}:{code}",  # another table's game
        f"af:a:{table.game_id}:{version - 1}:{code}",  # an old version
        f"af:l:{table.game_id}:s",  # a lobby button, long gone
        f"af:v:{table.game_id}:{version}:0",  # a select that was never drawn
        f"kq:h:{table.game_id}",  # the other game's prefix
    ]
    for custom_id in ids:
        _, result = emit_click(env, waiting, table.panels[waiting.id], custom_id)
        await env.settle()
        answered_privately = result.ephemeral or (result.response and result.response.ephemeral)
        assert result.acknowledged and answered_privately, custom_id
    own = playable(panel)[0]["custom_id"]  # another player's button, sent by someone else
    _, result = emit_click(env, waiting, table.message, own)
    await env.settle()
    assert result.acknowledged and result.ephemeral
    assert (await service.snapshot(table.game_id)).record.version == version
    assert (await service.snapshot(other.game_id)).record.version == 1


async def test_a_click_is_answered_only_after_its_move_is_committed(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is acknowledged before it is durable: the answer to a move reaches Discord
    after the transaction holding it committed (the real SQLite file; the commit is only
    watched)."""
    env = simcord_env
    table = await open_table(env)
    storage = service_of(env).storage
    committed_at: list[int] = []
    real = storage.transaction

    @contextlib.asynccontextmanager
    async def watched() -> AsyncIterator[Any]:
        async with real() as tx:
            yield tx
        committed_at.append(len(env.http_requests))

    monkeypatch.setattr(storage, "transaction", watched)
    mover = table.mover()
    assert mover is not None
    button = playable(table.panels[mover.id])[0]
    interaction_id, result = emit_click(env, mover, table.panels[mover.id], button["custom_id"])
    await env.settle()
    assert result.acknowledged
    answers = [
        index
        for index, request in enumerate(env.http_requests)
        if request.path.startswith(f"/interactions/{interaction_id}/")
    ]
    assert committed_at and answers
    assert min(answers) >= committed_at[0]  # the first commit is the move itself


async def test_start_asks_for_read_message_history(simcord_env: simcord.Env) -> None:
    """The bot edits and deletes its earlier messages of the channel: without Read Message
    History, /allfours start names the permission and opens nothing."""
    guild = simcord_env.create_guild()
    me = guild.me
    assert me is not None
    channel = guild.create_text_channel(
        "no-history", overwrites={me: discord.PermissionOverwrite(read_message_history=False)}
    )
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "allfours start", variant="english")
    assert result.ephemeral and "Read Message History" in result.response.content
    assert await service_of(simcord_env).table_in_channel(channel.id) is None


async def test_the_last_trick_plays_itself_and_the_finished_hand_tells_it(
    simcord_env: simcord.Env,
) -> None:
    """The click that ends the fifth trick leaves one card in every hand: the four cards play
    themselves at once, the finished hand's message tells each of them, and that they played
    themselves, and the next deal has its own message. It costs what one move costs plus the
    new hand (its message and the new cards of the two waiting players): no answers, turn
    edits or waits for the four."""
    table = await open_table(simcord_env)
    service = service_of(simcord_env)
    fam = family("allfours")
    while True:
        snap = await service.snapshot(table.game_id)
        sizes = sorted(len(fam.hand_of(snap.state, seat)) for seat in range(4))
        if sizes == [1, 1, 1, 2]:
            break
        assert await table.play(1) == 1
    mover = table.mover()
    assert mover is not None
    finished = table.message
    calls = len(simcord_env.http_requests)
    assert await table.play(1) == 1
    after = await service.snapshot(table.game_id)
    assert after.record.version == snap.record.version + 5
    assert fam.deal_number(after.state) == fam.deal_number(snap.state) + 1
    made = [(r.method, r.path.split("/")[1]) for r in simcord_env.http_requests[calls:]]
    assert sorted(made) == sorted(
        [
            ("POST", "interactions"),  # the answer to the click
            ("PATCH", "channels"),  # the finished hand's message, told to its end
            ("POST", "channels"),  # the new hand's message
            *[("PATCH", "webhooks")] * 3,  # three panels: the elder's turn, two waiting hands
        ]
    )
    forced = (await service.storage.actions(table.game_id))[-4:]
    assert [a.source for a in forced] == [Source.FORCED] * 4
    shown = text_of(next(m for m in table.channel.history() if m.id == finished.id))
    last_trick = [line for line in shown.splitlines() if "→" in line][-1]
    for action in forced:
        card = fam.card_played(fam.decode(action.code))
        assert card is not None and f"<@{after.seats[action.seat].user_id}> {card_text(card)}" in (
            last_trick
        )
    assert "is over" in shown and "is over" not in text_of(table.message)
    tricks = [line for line in shown.splitlines() if "→" in line]
    said = "the last cards played themselves"
    assert said in tricks[-1] and not any(said in line for line in tricks[:-1])
