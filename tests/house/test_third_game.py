"""A third game is one folder of its own: Tiny Tricks (``tests/house/tiny``) registers itself
with ``bot.games`` and the real bot hosts it through SimCord — lobby, seats, a computer seat,
a restart (its table rebuilt from the stored action log), the end, the leaderboard, the stats —
with no line of it in any shared file."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
import simcord

from bot import computers
from bot.app import GameBot
from bot.families import family
from bot.games import games, register, unregister
from bot.i18n import t
from bot.workers import Workers
from tests.bot.discord_support import (
    BotFactory,
    Table,
    add_computer,
    game_id_of,
    playable,
    service_of,
    text_of,
)
from tests.house.tiny import GAME, engine
from tests.house.tiny.engine import Rules, replay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def tiny_game() -> Iterator[None]:
    """Tiny Tricks is hosted for the length of one test (before its bot is built)."""
    register(GAME)
    yield
    unregister(GAME.name)


def test_the_game_is_found_by_every_reader_of_the_list() -> None:
    assert GAME in games()
    assert family("tiny").prefix == "tt"
    assert t("family.tiny", "ja") == "タイニートリック"  # its own words, merged
    assert t("over.wins", "en", side="ana", score=3) == "ana wins 3"  # the shared ones stay


def test_no_shared_file_names_the_game() -> None:
    """Everything Tiny Tricks needs is in its folder: no file of the bot, the cogs, the
    engine or the scripts mentions it."""
    words = ["-e", "tiny tricks", "-e", '"tiny"', "-e", "tests.house"]
    found = subprocess.run(
        ["git", "grep", "-l", "-i", *words, "--", "bot", "cogs", "engine", "scripts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.stdout == ""


async def _start(
    channel: simcord.ChannelHandle, players: list[simcord.MemberActor], **options: object
) -> Table:
    host, *others = players
    started = await host.slash(channel, "tiny start", **options)
    lobby = started.response
    assert lobby is not None and "First to" in text_of(lobby), started
    for other in others:
        await other.click(lobby, label="Join")
    return Table(channel=channel, players=list(players), game_id=game_id_of(lobby), panels={})


async def _open_hands(table: Table) -> None:
    for player in table.players:
        opened = await player.click(table.message, label="My hand")
        assert opened.response is not None and opened.ephemeral
        table.panels[player.id] = opened.response


async def test_tiny_tricks_plays_through_the_bot(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild("House")
    channel = guild.create_text_channel("tiny")
    ana, ben = (guild.add_member(env.create_user(name)) for name in ("ana", "ben"))

    rules = await ana.slash(channel, "tiny rules")
    assert rules.response is not None
    assert "follow suit" in text_of(rules.response)

    # Lobby and seats: ben joins, ana starts; each sees only their own cards.
    table = await _start(channel, [ana, ben], target=3)
    await ana.click(channel.history()[-1], label="Start")
    assert channel.last_message is not None and "Tiny Tricks · deal 1" in text_of(table.message)
    await _open_hands(table)
    hands = {p.id: text_of(table.panels[p.id]) for p in table.players}
    assert hands[ana.id] != hands[ben.id]
    assert "Your turn" in hands[ben.id]  # the dealer's opponent leads
    assert await table.play(3) == 3

    # A restart whose stored snapshot is unreadable: the table is rebuilt by replaying the
    # stored seed and action log through the game's own engine, and play goes on.
    service = service_of(env)
    record = await service.storage.game(table.game_id)
    assert record is not None and record.snapshot is not None
    before = family("tiny").load(record.snapshot)
    async with service.storage.transaction() as tx:
        await tx.update_game(replace(record, snapshot="not json"), expected_version=record.version)
    old_bot = env.bot
    assert isinstance(old_bot, GameBot)
    await old_bot.release()
    await env.restart_bot(make_bot())
    again = await service_of(env).snapshot(table.game_id)
    assert again.state == before
    await _open_hands(table)
    while service_of(env).cached(table.game_id) is not None:
        assert await table.play(1) == 1

    # The end: who won, by name, and the rated result; the whole log replays to the end.
    over = text_of(channel.history()[-1])
    assert "wins 3" in over and "Play again" in str(channel.history()[-1].components)
    finished = await service_of(env).storage.game(table.game_id)
    assert finished is not None and finished.snapshot is not None
    fam = family("tiny")
    log = [
        (a.seat, fam.decode(a.code)) for a in await service_of(env).storage.actions(table.game_id)
    ]
    assert replay(fam.rules_from_json(finished.ruleset), finished.seed, log) == fam.load(
        finished.snapshot
    )

    # A computer seat: ana alone against the computer, to the end.
    started = await ana.slash(channel, "tiny start", target=2)
    assert started.response is not None
    await add_computer(ana, started.response)
    await ana.click(started.response, label="Start")
    solo = Table(channel=channel, players=[ana], game_id=game_id_of(started.response), panels={})
    await _open_hands(solo)
    while service_of(env).cached(solo.game_id) is not None:
        if not playable(solo.panels[ana.id]):
            await env.advance_time(1)
            continue
        assert await solo.play(1) == 1
    assert "wins 2" in text_of(channel.history()[-1])

    # The leaderboard and the stats count the game's own statistics.
    board = await ben.slash(channel, "tiny leaderboard")
    assert board.response is not None
    shown = text_of(board.response)
    assert "Tiny Tricks" in shown and (f"<@{ana.id}>" in shown or "provisional" in shown.lower())
    stats = await ben.slash(channel, "tiny stats")
    assert stats.response is not None
    assert "tricks" in text_of(stats.response) and "Tiny Tricks" in text_of(stats.response)


async def test_the_workers_know_a_registered_game() -> None:
    """Computer decisions run in worker processes of their own, which learn the games
    registered at run time from the bot: the game's computer decides there too."""
    fam = family("tiny")
    state = fam.new_game(Rules(), seed=5)
    seat = state.to_act
    assert seat is not None
    legal = fam.legal_actions(state, seat)
    workers = Workers(1)
    workers.start()
    try:
        await workers.ready()
        chosen = await workers.run(
            computers.decide,
            "tiny",
            "normal",
            fam.observe(state, seat),
            legal,
            Random(1),
            time_limit=60,
        )
    finally:
        await workers.aclose()
    assert chosen == engine.choose("normal", fam.observe(state, seat), legal, Random(1))
