"""KQJ through Discord (SimCord drives the real bot): whole games, the auction's selects,
counters out of turn, random partners, restarts, refused clicks and computer seats."""

from __future__ import annotations

import logging
import random
import re

import pytest
import simcord

from bot.models import Status
from bot.notation import card_text
from engine import kqj
from tests.bot.discord_support import (
    BotFactory,
    Table,
    buttons,
    double_click,
    enabled,
    ended,
    forge_click,
    open_table,
    selects,
    service_of,
    text_of,
)

SIX = ("ana", "ben", "cal", "dee", "eve", "fay")


async def click_code(env: simcord.Env, table: Table, player: simcord.MemberActor, code: str) -> str:
    """Take the decision ``code`` in the player's panel, as a person would: a button, for a
    bid the two selects (contract and range, then the value), for a capot the contract's
    capot in the first select, then the button that confirms it. Returns the panel's text."""
    panel = table.panels[player.id]
    if code.startswith("K:"):
        draft = selects(panel)[0]
        pick = f"{code.split(':')[-1]}:capot"
        assert pick in [o["value"] for o in draft["options"]], draft
        result = await player.select(panel, [pick], custom_id=draft["custom_id"])
        assert result.acknowledged
        (button,) = [b for b in buttons(panel) if str(b.get("custom_id", "")).endswith(f":{code}")]
        result = await player.click(panel, custom_id=button["custom_id"])
    elif code.startswith("B:"):
        contract = code.split(":")[-1]
        value = int(code.split(":")[1])
        draft = selects(panel)[0]
        ranges = [
            int(o["value"].split(":")[1])
            for o in draft["options"]
            if o["value"].startswith(f"{contract}:") and not o["value"].endswith(":capot")
        ]
        pick = f"{contract}:{max(low for low in ranges if low <= value)}"
        result = await player.select(panel, [pick], custom_id=draft["custom_id"])
        assert result.acknowledged
        chooser = selects(panel)[1]
        assert code in [o["value"] for o in chooser["options"]], chooser
        result = await player.select(panel, [code], custom_id=chooser["custom_id"])
    else:
        (button,) = [b for b in buttons(panel) if str(b.get("custom_id", "")).endswith(f":{code}")]
        result = await player.click(panel, custom_id=button["custom_id"])
    assert result.acknowledged and result.response is not None
    return text_of(result.response)


async def waited_for(env: simcord.Env, table: Table) -> simcord.MemberActor:
    """The player the game waits for."""
    for player in table.players:
        if (await service_of(env).panel(table.game_id, player.id)).is_expected:
            return player
    raise AssertionError("the game waits for no person")


async def seat_of(env: simcord.Env, table: Table) -> dict[int, simcord.MemberActor]:
    """The players by seat (with random partners the seats are drawn at the start)."""
    found = {}
    for player in table.players:
        seat = (await service_of(env).panel(table.game_id, player.id)).seat
        assert seat is not None
        found[seat] = player
    return found


def _policy(codes: tuple[str, ...], phase: kqj.Phase, rng: random.Random) -> str:
    if phase is kqj.Phase.PLAY:
        return rng.choice(codes)
    if "T" in codes and rng.random() < 0.5:
        return "T"
    takes = [c for c in codes if c.startswith("T:")]
    if takes:
        return rng.choice(takes)
    bids = [c for c in codes if c.startswith("B:")]
    if bids and rng.random() < 0.3:
        return bids[rng.randrange(min(3, len(bids)))]
    return "N" if "N" in codes else codes[0]


async def play_to_the_end(env: simcord.Env, table: Table, *, seed: int, limit: int = 3000) -> int:
    """Whoever the game waits for clicks in their own panel until the table closes."""
    service = service_of(env)
    rng = random.Random(seed)
    clicks = 0
    while service.cached(table.game_id) is not None:
        assert clicks < limit, "the game should have ended"
        for player in table.players:
            panel = await service.panel(table.game_id, player.id)
            if panel.is_expected:
                snap = panel.snapshot
                assert snap.state is not None
                await click_code(env, table, player, _policy(panel.codes, snap.state.phase, rng))
                clicks += 1
                break
        else:
            await env.settle()
    return clicks


async def test_six_people_play_a_3v3_game_to_500(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    """Six people take their seats by team, play every decision in their panels, and the game
    ends with a rated result; panels are private and hands never reach a public message."""
    env = simcord_env
    caplog.set_level(logging.INFO)
    table = await open_table(env, names=SIX, game="kqj", target=500)
    lobby = table.channel.history()[0]
    shown = text_of(lobby)
    assert "two teams of three" in shown and "Team A" in shown and "Team C" not in shown
    for player in table.players:
        panel = table.panels[player.id]
        seen = {m.id for m in table.channel.history(viewer=player)}
        assert panel.id in seen
        cards = [b for b in buttons(panel) if ":P:" in str(b.get("custom_id", ""))]
        view = kqj.observe((await service_of(env).snapshot(table.game_id)).state, None)
        del view
        state = (await service_of(env).snapshot(table.game_id)).state
        seat = (await service_of(env).panel(table.game_id, player.id)).seat
        assert seat is not None
        assert sorted(b["label"] for b in cards) == sorted(card_text(c) for c in state.hand(seat))
    clicks = await play_to_the_end(env, table, seed=3)
    assert clicks > 40
    final = await service_of(env).snapshot(table.game_id)
    assert final.status is Status.FINISHED and final.record.rated
    last = ended(table.channel)
    assert "wins the game" in last or "share the win" in last
    assert " · round A " not in last and "Team A" in last
    for record in caplog.records:
        line = record.getMessage()
        assert not re.search(r"\bP:[4-9TJQKAH][shdc]\b|[0-9AKQJH][♠♥♦♣♤♧]", line), line


async def test_the_public_table_shows_the_round(simcord_env: simcord.Env) -> None:
    """Dealer, the Return, the contract and the trick with its master card, round points,
    victory points and whose turn it is, with a mention."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", target=500)
    service = service_of(env)
    shown = text_of(table.message)
    assert "The Return:" in shown and "dealer" in shown and "to take the Return or pass" in shown
    snap = await service.snapshot(table.game_id)
    state = snap.state
    assert state is not None
    taker = await waited_for(env, table)
    await click_code(env, table, taker, "T")
    await env.settle()
    shown = text_of(table.message)
    assert "** · <@" in shown and ") took " in shown and "Trick 1" in shown
    leader = await waited_for(env, table)
    code = (await service.panel(table.game_id, leader.id)).codes[0]
    await click_code(env, table, leader, code)
    await env.settle()
    shown = text_of(table.message)
    assert "★" in shown and " · round A " in shown and "**Score**" in shown


async def test_an_auction_with_counters_out_of_turn(simcord_env: simcord.Env) -> None:
    """2v2v2 auction: a bid in two selects; the panels of the players who may counter it
    refresh with a Counter button; one counters out of turn, a bidder overcounters."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", teams="2v2v2", auction=True, target=500)
    service = service_of(env)
    by_seat = await seat_of(env, table)
    snap = await service.snapshot(table.game_id)
    state = snap.state
    assert state is not None and state.to_act is not None
    bidder_seat = state.to_act
    bidder = by_seat[bidder_seat]
    draft = selects(table.panels[bidder.id])[0]
    # six contracts, two ranges each (80-230, 240-390), and each contract's capot
    assert len(draft["options"]) == 18
    await click_code(env, table, bidder, "B:100:h")
    await env.settle()
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.bid == 100
    defenders = [s for s in range(6) if state.team_of[s] != state.team_of[bidder_seat]]
    for seat in defenders:  # their open panels were refreshed in the background
        labels = [b["label"] for b in enabled(table.panels[by_seat[seat].id])]
        assert "Counter ×2" in labels, (seat, labels)
    counterer = next(s for s in defenders if s != state.to_act)
    shown = await click_code(env, table, by_seat[counterer], "C")
    assert "Counter" not in shown
    await env.settle()
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.phase is kqj.Phase.OVERCOUNTER
    partner = next(
        s for s in range(6) if s != bidder_seat and state.team_of[s] == state.team_of[bidder_seat]
    )
    await click_code(env, table, by_seat[partner], "O")
    await env.settle()
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.phase is kqj.Phase.PLAY and state.multiplier == 4
    assert "overcountered ×4" in text_of(table.message)


async def test_a_capot_is_confirmed_by_a_button(simcord_env: simcord.Env) -> None:
    """Choosing a contract's capot in the auction's menu bids nothing yet (as the discards of
    All Fours): the panel offers one button that confirms it, and only that click bids."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", auction=True, target=500)
    service = service_of(env)
    by_seat = await seat_of(env, table)
    snap = await service.snapshot(table.game_id)
    assert snap.state is not None and snap.state.to_act is not None
    bidder = by_seat[snap.state.to_act]
    panel = table.panels[bidder.id]
    draft = selects(panel)[0]
    assert "♥ hearts: capot" in [o["label"] for o in draft["options"]]
    result = await bidder.select(panel, ["h:capot"], custom_id=draft["custom_id"])
    assert result.acknowledged
    after = await service.snapshot(table.game_id)
    assert after.record.version == snap.record.version and not after.state.capot
    assert len(selects(panel)) == 1  # no menu of values: the capot has none
    (confirm,) = [b for b in enabled(panel) if str(b.get("custom_id", "")).endswith(":K:h")]
    assert confirm["label"] == "Bid capot ♥ hearts: all eight tricks"
    result = await bidder.click(panel, custom_id=confirm["custom_id"])
    assert result.acknowledged
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.capot
    assert kqj.observe(state, None).bid_contract == "h"


async def test_random_partners_show_each_rounds_teams(simcord_env: simcord.Env) -> None:
    """The lobby has one Join button and no teams; the table shows the round's teams."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", random_partners=True, target=500)
    lobby = table.channel.history()[0]
    assert "Join Team" not in " ".join(b["label"] for b in buttons(lobby))
    assert "drawn at the start" in text_of(lobby)
    snap = await service_of(env).snapshot(table.game_id)
    assert snap.state is not None
    shown = text_of(table.message)
    for team, seats in enumerate(snap.state.teams):
        assert f"Team {'ABC'[team]}" in shown
        for seat in seats:
            assert f"<@{snap.seats[seat].user_id}>" in shown


async def test_a_restart_in_the_middle_of_an_auction(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    """The bot dies during the auction; after the restart the old panels' selects and buttons
    still work, and the out-of-turn counter too."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", auction=True, target=500)
    service = service_of(env)
    by_seat = await seat_of(env, table)
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.to_act is not None
    first = state.to_act
    await click_code(env, table, by_seat[first], "B:120:s")
    await env.settle()
    await env.bot.release()
    await env.restart_bot(make_bot())
    service = service_of(env)
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.bid == 120 and state.to_act is not None
    await click_code(env, table, by_seat[state.to_act], "B:130:d")
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.bid == 130
    defender = next(
        s for s in range(6) if state.team_of[s] != state.team_of[state.bidder] and s != state.to_act
    )
    await env.settle()
    await click_code(env, table, by_seat[defender], "C")
    state = (await service.snapshot(table.game_id)).state
    assert state is not None and state.multiplier == 2


async def test_refused_clicks_are_answered_and_change_nothing(simcord_env: simcord.Env) -> None:
    """Wrong user, stale version, double click, forged id, an illegal card: every click gets a
    private answer and only legal, current clicks change the game."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", target=500)
    service = service_of(env)
    snap = await service.snapshot(table.game_id)
    state = snap.state
    assert state is not None
    by_seat = await seat_of(env, table)
    mover = by_seat[state.to_act]
    other = by_seat[(state.to_act + 1) % 6]
    version = snap.record.version
    panel = table.panels[mover.id]
    pass_id = f"kq:a:{table.game_id}:{version}:N"
    wrong = await forge_click(env, other, panel, label="Pass", custom_id=pass_id)
    assert "not your turn" in text_of(wrong.response).lower() or wrong.ephemeral
    assert (await service.snapshot(table.game_id)).record.version == version
    forged = await forge_click(
        env, mover, panel, label="Pass", custom_id=f"kq:a:{table.game_id}:{version}:B:999:h"
    )
    assert forged.acknowledged and (await service.snapshot(table.game_id)).record.version == version
    results = await double_click(env, mover, panel, custom_id=pass_id)
    assert all(r.acknowledged for r in results)
    assert (await service.snapshot(table.game_id)).record.version == version + 1
    stale = await forge_click(env, mover, panel, label="Pass", custom_id=pass_id)
    assert stale.acknowledged
    assert (await service.snapshot(table.game_id)).record.version == version + 1
    unknown = await forge_click(env, mover, panel, label="Pass", custom_id="kq:zz:1")
    assert "not one of mine" in text_of(unknown.response)


async def test_only_playable_cards_are_enabled_and_the_panel_says_why(
    simcord_env: simcord.Env,
) -> None:
    """As in All Fours: on a player's turn to play only the playable cards can be clicked, and
    the panel says in one line why the others cannot (follow suit, beat the master card); a
    forged click on one answers with the same duty and plays nothing."""
    env = simcord_env
    table = await open_table(env, names=SIX, game="kqj", target=500)
    service = service_of(env)
    rng = random.Random(5)
    for _ in range(400):
        snap = await service.snapshot(table.game_id)
        state = snap.state
        assert state is not None
        if state.phase is kqj.Phase.PLAY and state.current_trick:
            seat = state.to_act
            legal = {kqj.encode_action(a) for a in kqj.legal_actions(state, seat)}
            illegal = [c for c in state.hand(seat) if f"P:{c}" not in legal]
            if illegal:
                player = (await seat_of(env, table))[seat]
                panel = table.panels[player.id]
                clickable = {str(b["custom_id"]).rsplit(":", 1)[-1] for b in enabled(panel)}
                assert not {str(c) for c in illegal} & clickable
                assert {code.split(":")[1] for code in legal} <= clickable
                shown = text_of(panel)
                duty = ("follow suit.", "can beat", "have none: beat")
                assert "Greyed cards:" in shown and any(words in shown for words in duty)
                custom_id = f"kq:a:{table.game_id}:{snap.record.version}:P:{illegal[0]}"
                label = str(enabled(panel)[0]["label"])
                forged = await forge_click(env, player, panel, label=label, custom_id=custom_id)
                assert any(words in text_of(forged.response) for words in duty)
                assert (await service.snapshot(table.game_id)).record.version == snap.record.version
                return
        for player in table.players:
            panel = await service.panel(table.game_id, player.id)
            if panel.is_expected:
                await click_code(env, table, player, _policy(panel.codes, state.phase, rng))
                break
        await env.settle()
    raise AssertionError("no position with an illegal card came up")


async def test_one_person_and_five_computers_play_to_the_end(simcord_env: simcord.Env) -> None:
    """Practice: the host fills five seats with the computer; the table is unrated and the
    computers answer every turn until the game ends."""
    env = simcord_env
    table = await open_table(env, names=SIX[:1], game="kqj", computers=5, target=500)
    assert "Unrated" in text_of(table.channel.history()[0])
    clicks = await play_to_the_end(env, table, seed=8)
    assert clicks > 5
    snap = await service_of(env).snapshot(table.game_id)
    assert snap.status is Status.FINISHED and not snap.record.rated
    assert "Computer" in ended(table.channel)
