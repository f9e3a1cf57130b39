"""Turn-based tables through SimCord with a fake clock: games of each family that last days,
people answering hours apart from their own ``/… hand``, the bot restarted in between, a
player at several tables, one who asked for direct messages, and one who stops answering."""

from __future__ import annotations

import re

import simcord

from bot.models import Status
from tests.bot.discord_support import (
    BotFactory,
    discard,
    discard_menu,
    enabled,
    game_id_of,
    playable,
    selects,
    service_of,
    text_of,
)

HOUR = 3600


async def start_turn_based(
    env: simcord.Env,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    players: list[simcord.MemberActor],
    game: str,
    **options: object,
) -> int:
    """/<game> start with a pace, everyone joins, the host starts; the table's id."""
    started = await players[0].slash(channel, f"{game} start", **options)
    lobby = started.response
    assert lobby is not None, started
    assert "hours per move" in text_of(lobby)
    for index, player in enumerate(players[1:], start=1):
        labels = [b["label"] for b in enabled(lobby) if str(b["label"]).startswith("Join")]
        result = await player.click(lobby, label=labels[index % len(labels)])
        assert result.acknowledged
    await players[0].click(lobby, label="Start")
    return game_id_of(lobby)


async def waited_for(
    env: simcord.Env, game_id: int, players: list[simcord.MemberActor]
) -> simcord.MemberActor | None:
    """The person the table waits for (None: the computer, or nobody)."""
    for player in players:
        if (await service_of(env).panel(game_id, player.id)).is_expected:
            return player
    return None


def turn_messages(channel: simcord.ChannelHandle, game_id: int) -> list[str]:
    return [m.content for m in channel.history() if f"your turn at table #{game_id}:" in m.content]


async def move_from_hand(
    env: simcord.Env, player: simcord.MemberActor, channel: simcord.ChannelHandle, game: str
) -> None:
    """The player opens their hand with ``/… hand`` (their old panel cannot be edited after
    hours) and takes the first legal decision it offers (KQJ leaves every card clickable and
    refuses the ones a duty of play forbids, with the reason)."""
    opened = await player.slash(channel, f"{game} hand")
    panel = opened.response
    assert panel is not None and opened.ephemeral, opened
    await decide(env, player, panel)


async def decide(
    env: simcord.Env, player: simcord.MemberActor | simcord.UserHandle, panel: object
) -> None:
    """Take the first legal decision of a hand panel (wherever it was opened)."""
    if discard_menu(panel):  # type: ignore[arg-type]
        assert isinstance(player, simcord.MemberActor)
        await discard(player, panel)  # type: ignore[arg-type]
        return
    offered = playable(panel)  # type: ignore[arg-type]
    assert offered, text_of(panel)  # type: ignore[arg-type]
    game_id = int(str(offered[0]["custom_id"]).split(":")[2])
    legal = set((await service_of(env).panel(game_id, player.id)).codes)
    choices = [
        b
        for b in playable(panel)
        if str(b["custom_id"]).split(":", 4)[-1] in legal  # type: ignore[arg-type]
    ]
    assert choices, text_of(panel)  # type: ignore[arg-type]
    result = await player.click(panel, custom_id=choices[0]["custom_id"])
    assert result.acknowledged


async def restart(env: simcord.Env, make_bot: BotFactory, hours: float) -> None:
    """The bot goes down for ``hours`` and comes back on the same database."""
    await env.bot.release()
    await env.advance_time(hours * HOUR)
    await env.restart_bot(make_bot())


async def test_all_fours_by_the_day(simcord_env: simcord.Env, make_bot: BotFactory) -> None:
    env = simcord_env
    guild = env.create_guild("Port of Spain, Toronto, London, New York")
    here, there, lounge = (guild.create_text_channel(n) for n in ("a", "b", "lounge"))
    ana, ben, cal, dee, eve = (
        guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cal", "dee", "eve")
    )
    four = [ana, ben, cal, dee]
    # cal prefers a direct message to a mention
    notified = await cal.slash(lounge, "allfours notify", dm=True)
    assert "direct message" in text_of(notified.response)

    game_id = await start_turn_based(
        env, guild, here, four, "allfours", variant="caribbean", target=5, pace="4"
    )
    # ana sits at a second turn-based table (and could still sit at one live table)
    other_id = await start_turn_based(
        env, guild, there, [eve, ana, ben, cal], "allfours", variant="caribbean", pace="24"
    )

    listed = await ana.slash(lounge, "allfours tables")
    shown = text_of(listed.response)
    assert f"#{game_id}" in shown and f"#{other_id}" in shown and "Deadline:" in shown
    asked = await ana.slash(lounge, "allfours hand")  # at two tables: which one?
    (menu,) = selects(asked.response)
    values = [o["value"] for o in menu["options"]]
    assert sorted(values) == sorted([str(game_id), str(other_id)])
    picked = await ana.select(asked.response, [str(other_id)], custom_id=menu["custom_id"])
    assert picked.ephemeral and f"#{other_id}" in text_of(picked.response)

    answered = missed = mentions_seen = 0
    restarted = False
    dm = cal.user.dm_channel
    for step in range(2000):
        snap = await service_of(env).snapshot(game_id)
        if snap.status is not Status.PLAYING:
            break
        player = await waited_for(env, game_id, four)
        assert player is not None
        # the turn came: one mention in the channel, or cal's direct message
        if player is cal:
            assert any(f"table #{game_id}" in m.content for m in dm.history())
        else:
            live = turn_messages(here, game_id)
            assert len(live) == 1 and f"<@{player.id}>" in live[0]
            mentions_seen += 1
        if player is dee:  # dee stopped answering: their 4 hours run out
            before = snap.record.version
            await env.advance_time(4 * HOUR)
            missed += 1
            assert (await service_of(env).snapshot(game_id)).record.version > before
            if missed == 2:  # handed to the computer: dee takes the seat back, once
                seat = (await service_of(env).snapshot(game_id)).seat_of(dee.id)
                assert seat is not None
                assert (await service_of(env).snapshot(game_id)).seats[seat].computer
                back = await dee.slash(here, "allfours hand")
                assert back.ephemeral and "The computer plays your seat" not in text_of(
                    back.response
                )
                assert not (await service_of(env).snapshot(game_id)).seats[seat].computer
            continue
        # people answer hours apart (but within the 4 hours: 2 of them went in the restart)
        await env.advance_time((1 if restarted else 1 + step % 3) * HOUR)
        restarted = False
        if player is cal and step % 2:
            mail = [m for m in dm.history() if f"table #{game_id}" in m.content][-1]
            opened = await cal.user.click(mail, label="My hand")
            assert opened.ephemeral and "Your hand" in text_of(opened.response)
            if playable(opened.response):
                await decide(env, cal.user, opened.response)
            else:
                await move_from_hand(env, player, here, "allfours")
        else:
            await move_from_hand(env, player, here, "allfours")
        answered += 1
        if answered % 15 == 0:
            await restart(env, make_bot, hours=2)  # the downtime counts on the clocks
            restarted = True
    else:
        raise AssertionError("the game did not end")

    final = await service_of(env).snapshot(game_id)
    assert final.status is Status.FINISHED and final.record.rated
    seat = final.seat_of(dee.id)
    assert seat is not None and final.seats[seat].computer  # handed over after two misses
    notices = [m.content for m in here.history() if f"table #{game_id}" in m.content]
    assert any("ran out of time" in n for n in notices)
    assert any("missed two moves in a row" in n for n in notices)
    assert missed == 4 and mentions_seen > 0  # two, the seat taken back, two more
    rating = await service_of(env).storage.rating("allfours", guild.id, dee.id)
    assert rating is not None and rating.games == 1  # the absent player's game counts
    # the other table is still open, its deadline a day after its last turn began
    still = await service_of(env).open_tables(guild.id, ana.id, "allfours")
    assert [t.snapshot.id for t in still] == [other_id]


async def test_kqj_by_the_half_day(simcord_env: simcord.Env, make_bot: BotFactory) -> None:
    env = simcord_env
    guild = env.create_guild("Six time zones")
    channel = guild.create_text_channel("kqj")
    six = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cal", "dee", "eve", "fay")]
    game_id = await start_turn_based(env, guild, channel, six, "kqj", target=500, pace="12")
    silent = None
    moves = 0
    for step in range(5000):
        snap = await service_of(env).snapshot(game_id)
        if snap.status is not Status.PLAYING:
            break
        player = await waited_for(env, game_id, six)
        if player is None:  # the computer plays the silent player's seat
            await env.advance_time(1)
            continue
        if silent is None and moves >= 20:
            silent = player  # from now on, this player never answers
        if player is silent:
            await env.advance_time(12 * HOUR)
            continue
        await env.advance_time((step % 5 + 1) * HOUR)
        await move_from_hand(env, player, channel, "kqj")
        moves += 1
        if moves % 40 == 0:
            await restart(env, make_bot, hours=3)
    else:
        raise AssertionError("the game did not end")
    final = await service_of(env).snapshot(game_id)
    assert final.status is Status.FINISHED and final.record.rated
    assert silent is not None
    seat = final.seat_of(silent.id)
    assert seat is not None and final.seats[seat].computer
    ended = "\n".join(text_of(m) for m in channel.history()[-3:])
    assert re.search(r"win", ended), ended


async def test_a_server_plays_turn_based_by_default(simcord_env: simcord.Env) -> None:
    """``/… settings pace`` makes new tables turn-based; ``pace:live`` at start overrides it."""
    env = simcord_env
    guild = env.create_guild("Club")
    owner = guild.add_member(guild.owner)
    channel, other = guild.create_text_channel("cards"), guild.create_text_channel("live")
    done = await owner.slash(channel, "kqj settings", pace="24")
    assert "Pace: turn-based, 24 hours per move" in text_of(done.response)
    started = await owner.slash(channel, "kqj start")
    assert "Turn-based: 24 hours per move" in text_of(started.response)
    live = await owner.slash(other, "kqj start", pace="live")
    assert "hours per move" not in text_of(live.response)
    assert (await service_of(env).snapshot(game_id_of(live.response))).record.pace_seconds is None
