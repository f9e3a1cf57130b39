"""The Hint button of hand panels: at unrated tables only, what level ``hard`` would do in
the clicker's seat and why, answered privately; it never changes the game."""

from __future__ import annotations

import simcord

from tests.bot.discord_support import (
    add_computer,
    buttons,
    forge_click,
    is_my_turn,
    open_table,
    playable,
    service_of,
    text_of,
)


def labels(message: simcord.ResponseMessage) -> list[str]:
    return [str(b.get("label", "")) for b in buttons(message)]


async def test_a_hint_names_a_legal_decision_privately_and_changes_nothing(
    simcord_env: simcord.Env,
) -> None:
    """With computers at the table (unrated), the player's panel offers Hint on their turn:
    the answer is ephemeral, names one of the decisions the panel offers, and the game's
    version does not move. A second click gives the same hint."""
    env = simcord_env
    table = await open_table(env, names=("solo",), computers=3, target=7)
    solo = table.players[0]
    service = service_of(env)
    for _ in range(40):
        panel = table.panels[solo.id]
        if is_my_turn(panel):
            break
        await env.advance_time(1)
    panel = table.panels[solo.id]
    assert is_my_turn(panel) and "Hint" in labels(panel)
    before = await service.snapshot(table.game_id)
    offered = [str(b["label"]) for b in playable(panel)]
    first = await solo.click(panel, label="Hint")
    assert first.acknowledged and first.ephemeral
    answer = text_of(first.response) if first.response is not None else ""
    assert "Hint:" in answer, answer
    assert any(label in answer for label in offered), (answer, offered)
    after = await service.snapshot(table.game_id)
    assert after.record.version == before.record.version
    again = await solo.click(panel, label="Hint")
    assert again.response is not None and text_of(again.response) == answer


async def test_no_hint_at_a_rated_table(simcord_env: simcord.Env) -> None:
    """Four people: the table is rated, no panel shows Hint, and a forged hint click is
    refused with the reason and changes nothing."""
    env = simcord_env
    table = await open_table(env)
    mover = table.mover()
    assert mover is not None
    panel = table.panels[mover.id]
    assert all("Hint" not in labels(p) for p in table.panels.values())
    service = service_of(env)
    before = await service.snapshot(table.game_id)
    custom_id = f"af:i:{table.game_id}:{before.record.version}"
    forged = await forge_click(env, mover, panel, label="Hint", custom_id=custom_id)
    assert forged.ephemeral and forged.response is not None
    assert "Hints are off" in text_of(forged.response)
    assert (await service.snapshot(table.game_id)).record.version == before.record.version


async def test_a_hint_from_an_outdated_panel_is_refused(simcord_env: simcord.Env) -> None:
    """A Hint button drawn before a move names the old version: the answer says the panel
    was out of date instead of advising on a position that is gone."""
    env = simcord_env
    table = await open_table(env, names=("solo",), computers=3, target=7)
    solo = table.players[0]
    service = service_of(env)
    snap = await service.snapshot(table.game_id)
    custom_id = f"af:i:{table.game_id}:{snap.record.version - 1}"
    stale = await forge_click(env, solo, table.panels[solo.id], label="Hint", custom_id=custom_id)
    assert stale.ephemeral and stale.response is not None
    assert "out of date" in text_of(stale.response)
    # someone without a seat gets no advice either
    guild = table.players[0].guild
    watcher = guild.add_member(env.create_user("watcher"))
    current = f"af:i:{table.game_id}:{snap.record.version}"
    outsider = await forge_click(env, watcher, table.message, label="Hint", custom_id=current)
    assert outsider.ephemeral and outsider.response is not None
    assert "no seat at this table" in text_of(outsider.response)
    assert (await service.snapshot(table.game_id)).record.version == snap.record.version


async def test_the_host_can_turn_hints_off_in_the_lobby(simcord_env: simcord.Env) -> None:
    """An unrated lobby shows "Hints: on"; the host turns them off and no panel offers Hint."""
    env = simcord_env
    guild = env.create_guild("Hints server")
    channel = guild.create_text_channel("allfours")
    host = guild.add_member(env.create_user("host"))
    started = await host.slash(channel, "allfours start", variant="seven-up", players=2)
    lobby = started.response
    assert lobby is not None
    await add_computer(host, lobby)
    hint_toggle = next(label for label in labels(lobby) if label.startswith("Hints"))
    assert hint_toggle == "Hints: on"
    await host.click(lobby, label=hint_toggle)
    assert "Hints: off" in labels(lobby)
    await host.click(lobby, label="Start")
    message = channel.last_message
    assert message is not None
    opened = await host.click(message, label="My hand")
    assert opened.response is not None and "Hint" not in labels(opened.response)


async def test_a_kqj_hint_names_a_bid_or_a_card(simcord_env: simcord.Env) -> None:
    """KQJ with five computers: the player's hint names a decision in the panel's words
    (a bid is named by its value and contract, not by a code)."""
    env = simcord_env
    table = await open_table(env, names=("solo",), computers=5, game="kqj")
    solo = table.players[0]
    for _ in range(60):
        if is_my_turn(table.panels[solo.id]):
            break
        await env.advance_time(1)
    panel = table.panels[solo.id]
    assert is_my_turn(panel) and "Hint" in labels(panel)
    result = await solo.click(panel, label="Hint")
    assert result.ephemeral and result.response is not None
    answer = text_of(result.response)
    assert "Hint:" in answer and "B:" not in answer and "P:" not in answer, answer
