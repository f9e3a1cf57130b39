"""Everything the bot writes reads as words: complete games of every shape, in English and in
Japanese, with the commands and refusals around them, through the real bot. Every catalog text
that takes parameters is rendered with the real values of those games, and none of them shows
a card or suit code, a Python repr, an unfilled placeholder, ``None`` or a catalog key."""

from __future__ import annotations

import importlib
import random
import re
from dataclasses import replace
from typing import Any

import discord
import pytest
import simcord

from bot import ratings
from bot.families import family
from bot.models import Status
from bot.service import ServiceError
from bot.service.history import GameReview
from bot.service.model import match_record
from engine import allfours, kqj
from engine.search import Hint
from tests.bot.discord_support import (
    BotFactory,
    Table,
    buttons,
    enabled,
    forge_click,
    selects,
    service_of,
    text_of,
)
from tests.bot.words_support import (
    Rendered,
    covered,
    parametrized_keys,
    rendered,
    unreadable,
)
from tests.cogs import render_sweep
from tests.cogs.test_duty_words import duty_positions
from tests.e2e.test_japanese import locales

__all__ = ["locales", "rendered"]  # fixtures

SHAPES: list[tuple[str, dict[str, Any], int]] = [
    ("allfours", {"variant": "english", "target": 5, "undertrump": False, "players": 4}, 4),
    ("kqj", {"target": 500, "teams": "2v2v2", "auction": True}, 6),
]
"""Games played through Discord, panels and menus included (the sweep below draws the
texts of every shape; these show the panels' and the clicks' own)."""

SWEEP: list[tuple[str, str, Any]] = [
    ("allfours", "caribbean", allfours.preset("caribbean")),
    ("allfours", "caribbean-2p", allfours.preset("caribbean-2p")),
    ("allfours", "english", allfours.preset("english").replace(players=4, forbid_undertrump=True)),
    ("allfours", "english", allfours.preset("english").replace(players=3)),
    ("allfours", "seven-up", allfours.preset("seven-up").replace(players=4, partnerships=True)),
    ("allfours", "seven-up", allfours.preset("seven-up")),
    ("kqj", "kqj", kqj.preset("kqj").replace(target=500)),
    ("kqj", "kqj", kqj.preset("kqj").replace(target=500, auction=True)),
    ("kqj", "kqj", kqj.preset("kqj").replace(target=500, teams="2v2v2", auction=True)),
    ("kqj", "kqj", kqj.preset("kqj").replace(target=500, random_partners=True)),
]
"""Every shape, played at the engine's speed and drawn with the bot's renderers."""


async def _play_shape(
    env: simcord.Env,
    guild: simcord.GuildHandle,
    game: str,
    options: dict[str, Any],
    players: int,
    rng: random.Random,
    locale: str,
    languages: dict[str, str],
) -> Table:
    """One person and computers play a whole game; the person plays every decision from their
    panel (a random legal one, menus included) and tries one refused card per hand."""
    channel = guild.create_text_channel(f"{game}-{len(guild.channels)}")
    name = f"p{locale}{len(guild.channels)}"
    languages[name] = locale
    person = guild.add_member(env.create_user(name))
    lobby = (await person.slash(channel, f"{game} start", timer=600, **options)).response
    assert lobby is not None
    game_id = int(re.findall(r"#(\d+)", str(lobby.embeds[0].footer.text))[-1])
    prefix = "af" if game == "allfours" else "kq"
    for index in range(players - 1):
        menu = next(m for m in selects(lobby) if ":k:" in str(m["custom_id"]))
        level = ("easy", "normal", "hard")[index % 3]
        await person.select(lobby, [level], custom_id=menu["custom_id"])
    await person.click(lobby, custom_id=f"{prefix}:l:{game_id}:s")
    await env.settle()
    message = channel.last_message
    assert message is not None
    table = Table(channel, [person], game_id, {})
    opened = await person.click(message, custom_id=f"{prefix}:h:{game_id}")
    assert opened.response is not None
    table.panels[person.id] = opened.response
    service = service_of(env)
    refused_at = -1
    for _ in range(3000):
        await env.settle()
        snap = await service.snapshot(table.game_id)
        if snap.status is not Status.PLAYING:
            return table
        panel = table.panels[person.id]
        seen = await service.panel(table.game_id, person.id)
        if not seen.codes:
            continue
        state = snap.state
        deal = snap.family.deal_number(state)
        if refused_at != deal and any(c.startswith("P:") for c in seen.codes):
            hand = [str(c) for c in getattr(seen.view, "hand", ())]
            refusable = [c for c in hand if f"P:{c}" not in seen.codes]
            if refusable:
                refused_at = deal
                version = snap.record.version
                custom_id = f"{snap.family.prefix}:a:{table.game_id}:{version}:P:{refusable[0]}"
                label = buttons(panel)[0]["label"]
                await forge_click(env, person, panel, label=label, custom_id=custom_id)
                continue
        hints = [b for b in enabled(panel) if ":i:" in str(b.get("custom_id"))]
        if hints and rng.random() < 0.1:
            await person.click(panel, custom_id=hints[0]["custom_id"])
        menus = selects(panel)
        if menus:  # a draft menu (KQJ bids, discards) first, then what it offers
            menu = menus[0]
            count = int(menu.get("max_values", 1))
            values = [o["value"] for o in menu["options"]]
            await person.select(panel, rng.sample(values, count), custom_id=menu["custom_id"])
            await env.settle()
            panel = table.panels[person.id]
            if any(":v:" in str(s.get("custom_id")) for s in selects(panel)):
                chooser = next(s for s in selects(panel) if ":v:" in str(s.get("custom_id")))
                value = rng.choice([o["value"] for o in chooser["options"]])
                await person.select(panel, [value], custom_id=chooser["custom_id"])
                continue
        choices = [b for b in enabled(panel) if ":a:" in str(b.get("custom_id", ""))]
        choices = [
            b
            for b in choices
            if (code := str(b["custom_id"]).split(":", 4)[4]) in seen.codes or code.count(".")
        ]  # a legal decision, or the confirm of the discards chosen in the menu
        if choices:
            await person.click(panel, custom_id=rng.choice(choices)["custom_id"])
    raise AssertionError("the game did not end")


def _review_mark_words(env: simcord.Env, game: str, locale: str) -> None:
    """A review mark drawn as the replay draws it, on a step of a replay the service holds
    (hard's choice named, with a reason of the family's), for a tour whose game got none."""
    service = service_of(env)
    (found,) = [r for r in service._replays.values() if r.record.family == game][-1:]
    fam = family(game)
    step = next(
        i
        for i, s in enumerate(found.steps)
        if s.before is not None and len(fam.legal_actions(s.before, s.seat)) > 1
    )
    other = next(a for a in fam.legal_actions(found.steps[step].before, found.steps[step].seat))
    reason = (allfours.players.REASONS if game == "allfours" else kqj.players.REASONS)[0]
    review = GameReview({step: Hint(other, reason)}, 1, 0)
    replay = importlib.import_module("cogs.table.render.replay")  # as the bot loaded it
    renderer = importlib.import_module(f"cogs.{game}.render").RENDERER
    stop = next(i for i, at in enumerate(found.stops) if at >= step)
    replay.replay_message(found, stop, renderer, locale, pictures=False, review=review)


async def _tour(
    env: simcord.Env,
    guild: simcord.GuildHandle,
    table: Table,
    locale: str,
    languages: dict[str, str],
) -> None:
    """The commands and refusals around the games: boards, stats, settings, rules, a lobby
    and its refusals, leaving, ending."""
    host, other = (
        guild.add_member(env.create_user(name)) for name in (f"host{locale}", f"other{locale}")
    )
    languages[f"host{locale}"] = languages[f"other{locale}"] = locale
    person = table.players[0]
    for game in ("allfours", "kqj"):
        await person.slash(table.channel, f"{game} leaderboard")
        await person.slash(table.channel, f"{game} leaderboard", scope="g")
        await person.slash(table.channel, f"{game} stats")
        await person.slash(table.channel, f"{game} rules")
        await person.slash(table.channel, f"{game} hand")  # none here
        await person.slash(table.channel, f"{game} history")
        shown = (await person.slash(table.channel, f"{game} history", scope="g")).response
        replays = [b for b in buttons(shown) if ":y:" in str(b.get("custom_id"))]
        if replays:  # the person's own finished game, face up, a few steps on
            replay = (await person.click(shown, custom_id=replays[0]["custom_id"])).response
            for label in ("▶", "▶", "▶", "▶", "▶", "⏭"):
                await person.click(replay, label=label)
            (menu,) = selects(replay)
            chosen = [menu["options"][-1]["value"]]
            await person.select(replay, chosen, custom_id=menu["custom_id"])
            await person.click(
                replay, label="Download record" if locale != "ja" else "棋譜をダウンロード"
            )
            service_of(env).review_simulations = 20  # play-outs alone: quick and the same
            service_of(env).review_seconds = None
            await person.click(replay, label="💡 Review" if locale != "ja" else "💡 検討")
            for _ in range(200):  # on to the first step review marks, if any
                if "💡 *hard*" in text_of(replay) or "▶" not in [
                    b["label"] for b in enabled(replay)
                ]:
                    break
                await person.click(replay, label="▶")
            if "💡 *hard*" not in text_of(replay):  # no mark in this game: the words still
                _review_mark_words(env, game, locale)
            share = "📤 " + ("Share this hand" if locale != "ja" else "このディールを共有")
            await person.click(replay, label=share)  # posted in the channel
            await person.click(replay, label=share)  # already shared: a link to it
    await host.slash(table.channel, "allfours rules", variant="seven-up")
    # settings (the owner manages the server), and a channel not allowed then
    owner = guild.add_member(guild.owner)
    await owner.slash(table.channel, "allfours settings", timer=120, computers=False)
    await owner.slash(table.channel, "kqj settings", language="ja", target=1000)
    closed = guild.create_text_channel("closed")
    await owner.slash(table.channel, "allfours settings", allow_channel=table.channel)
    await host.slash(closed, "allfours start", variant="caribbean")
    await owner.slash(table.channel, "allfours settings", reset=True)
    # option refusals
    await host.slash(table.channel, "allfours start", variant="caribbean", players=3)
    # refusals Discord's own option limits keep from its users: the service's words still
    service = service_of(env)
    for options, bad in (
        ({"target": 100}, {}),
        ({"variant": "nonsense"}, {}),
        ({}, {"turn_seconds": 3}),
        ({}, {"computer_pause": 60.0}),
        ({}, {"pace_seconds": 3600}),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.open_lobby(
                family_name="allfours",
                variant=str(options.pop("variant", "english")),
                options=options,
                guild_id=guild.id,
                channel_id=table.channel.id,
                host_id=host.id,
                host_name="host",
                locale=locale,
                **{"turn_seconds": None, **bad},  # type: ignore[arg-type]
            )
        importlib.import_module("cogs.table.words").refusal(refused.value, locale)
    # a lobby, a second one where the first player sits, joins, leaving, ending
    lobby_channel = guild.create_text_channel("lobby")
    lobby = (
        await host.slash(lobby_channel, "allfours start", variant="seven-up", pause=2.0)
    ).response
    assert lobby is not None and not lobby.flags.ephemeral, lobby.content
    await host.slash(lobby_channel, "allfours start", variant="english")  # channel busy
    await host.slash(guild.create_text_channel("second"), "allfours start")  # user busy
    lobby_id = int(re.findall(r"#(\d+)", str(lobby.embeds[0].footer.text))[-1])
    await other.click(lobby, custom_id=f"af:l:{lobby_id}:j")
    await other.slash(lobby_channel, "allfours leave")
    await other.click(lobby, custom_id=f"af:l:{lobby_id}:j")
    await host.click(lobby, custom_id=f"af:l:{lobby_id}:s")
    await env.settle()
    watcher = guild.add_member(env.create_user(f"watcher{locale}"))
    languages[f"watcher{locale}"] = locale
    await watcher.click(lobby_channel.last_message, custom_id=f"af:h:{lobby_id}")  # no seat
    await other.slash(lobby_channel, "allfours end")  # not the host
    await other.slash(lobby_channel, "allfours replay", table=lobby_id)  # not finished
    refusal = importlib.import_module("cogs.table.words").refusal
    refusal(ServiceError("replay.elsewhere", game=lobby_id), locale)
    await other.slash(lobby_channel, "allfours leave")  # hands the seat over
    await host.slash(lobby_channel, "allfours end")
    await other.slash(guild.create_text_channel("teams"), "kqj start")


async def _rated_history(env: simcord.Env, guild: simcord.GuildHandle, people: list[Any]) -> None:
    """Five rated games of each game between the first six people, as the service records a
    finished game (``match_record``, ``ratings.record``), so the boards rank them and list
    their stats; then one more where two newcomers (the last two) play on opposite sides, so
    one of them has one game and one win, still provisional."""
    storage = service_of(env).storage
    for game, variant, rules in (SWEEP[0], SWEEP[6]):
        fam = family(game)
        finals = list(render_sweep.games(game, variant, rules, 6, "en", seed=40))
        seatings = [people[:6]] * 5 + [[*people[-2:], *people[2:6]]]
        for snap, seated in zip(finals, seatings, strict=False):
            seats = {
                seat: replace(record, user_id=seated[seat].id, computer=False, level=None)
                for seat, record in snap.seats.items()
            }
            record = replace(
                snap.record,
                guild_id=guild.id,
                rated=True,
                seats=seats,
                snapshot=fam.dump(snap.state),
            )
            async with storage.transaction() as tx:
                game_id = await tx.insert_game(record)
                match = replace(
                    match_record(fam, replace(record, id=game_id), snap.state, "finished"),
                    game_id=game_id,
                )
                await tx.insert_match(match)
                await ratings.record(tx, match)


@pytest.mark.timeout(900)
async def test_every_text_reads_as_words(
    simcord_env: simcord.Env,
    make_bot: BotFactory,
    rendered: list[Rendered],
    locales: dict[str, str],
) -> None:
    env = simcord_env
    await env.restart_bot(make_bot(pictures=True))
    rng = random.Random(3)
    for language, locale in (("en", "en-US"), ("ja", "ja")):
        guild = env.create_guild(f"Words {language}", preferred_locale=locale)
        last: Table | None = None
        for game, options, players in SHAPES:
            last = await _play_shape(env, guild, game, dict(options), players, rng, locale, locales)
        assert last is not None
        await _tour(env, guild, last, locale, locales)
        await _turn_based_tour(env, guild, locale, locales)
        # a nudge, then a table in a channel where the bot may not post
        nudged = await _open_waiting_table(env, guild, locale, locales)
        await env.advance_time(30)
        me = guild.me
        assert me is not None
        closed = guild.create_text_channel(
            "no-embeds", overwrites={me: discord.PermissionOverwrite(embed_links=False)}
        )
        await nudged.slash(closed, "allfours start", variant="english")
        for game, variant, rules in SWEEP:
            count = 12 if game == "kqj" else 6  # rare rounds: capots, KQJ, a ≤ 20 point team
            for snap in render_sweep.games(game, variant, rules, count, language, with_hints=True):
                render_sweep.game_over(snap, language)
        words = importlib.import_module("cogs.table.words")  # as the bot loaded it
        for _state, duty, snap in duty_positions():
            words.duty_text(duty, snap, language)
    people = [guild.add_member(env.create_user(f"rated{n}")) for n in range(8)]
    await _rated_history(env, guild, people)
    for game in ("allfours", "kqj"):
        await people[0].slash(last.channel, f"{game} leaderboard")
        for person in (people[0], people[-1], people[-2]):
            await person.slash(last.channel, f"{game} stats")
        await people[0].slash(last.channel, f"{game} history")  # rated: the rating moved
    await env.settle()

    problems = {(r.key, r.locale, r.text): found for r in rendered if (found := unreadable(r.text))}
    assert not problems, "\n".join(
        f"{key} [{locale}] {text!r}: {found}" for (key, locale, text), found in problems.items()
    )
    missing = parametrized_keys() - covered(rendered)
    assert missing == set(), " ".join(sorted(missing))


async def _turn_based_tour(
    env: simcord.Env, guild: simcord.GuildHandle, locale: str, languages: dict[str, str]
) -> None:
    """Two turn-based tables of two people (one of whom gets direct messages): the lobby, the
    turn's mention, its message, the reminder, two missed moves, the list of tables, the
    choice of table, and the server's default pace."""
    names = [f"turns{locale}{n}" for n in range(2)]
    for name in names:
        languages[name] = locale
    first, second = (guild.add_member(env.create_user(name)) for name in names)
    lounge = guild.create_text_channel("lounge")
    await second.slash(lounge, "allfours notify", dm=True)
    for variant in ("seven-up", "english"):
        channel = guild.create_text_channel(f"turns-{variant}")
        lobby = (await first.slash(channel, "allfours start", variant=variant, pace="4")).response
        assert lobby is not None
        game_id = int(re.findall(r"#(\d+)", str(lobby.embeds[0].footer.text))[-1])
        await second.click(lobby, custom_id=f"af:l:{game_id}:j")
        await first.click(lobby, custom_id=f"af:l:{game_id}:s")
    for person in (first, second):
        await person.slash(lounge, "allfours tables")
        await person.slash(lounge, "allfours hand")  # which table?
    await env.advance_time(3 * 3600 + 60)  # the reminder
    await env.advance_time(3600)  # a missed move
    await env.advance_time(4 * 3600)  # the next ones: twice in a row, the computer keeps a seat
    await env.advance_time(4 * 3600)
    await second.slash(lounge, "allfours notify", dm=False)
    await first.slash(lounge, "kqj tables")  # none
    owner = guild.add_member(guild.owner)  # already a member: the same actor again
    await owner.slash(lounge, "allfours settings", pace="24")
    await owner.slash(lounge, "allfours settings", reset=True)
    await env.settle()


async def _open_waiting_table(
    env: simcord.Env, guild: simcord.GuildHandle, locale: str, languages: dict[str, str]
) -> simcord.MemberActor:
    """Two people at a table whose turn waits: the nudge comes after 20 seconds."""
    names = [f"w{locale}{n}" for n in range(2)]
    for name in names:
        languages[name] = locale
    host, guest = (guild.add_member(env.create_user(name)) for name in names)
    channel = guild.create_text_channel("waiting-table")
    lobby = (await host.slash(channel, "allfours start", variant="seven-up")).response
    assert lobby is not None
    game_id = int(re.findall(r"#(\d+)", str(lobby.embeds[0].footer.text))[-1])
    await guest.click(lobby, custom_id=f"af:l:{game_id}:j")
    await host.click(lobby, custom_id=f"af:l:{game_id}:s")
    await env.settle()
    return guest
