"""How much the presenter (the part of the bot that keeps Discord in step with the tables)
holds after many games: thousands of games are played to their end through the real bot in
process (SimCord), and the size of everything the presenter keeps is printed every so often.

    python benchmarks/presenter_memory.py [--games 10000] [--every 1000]

Each game is a short one a person starts against a computer and then leaves to the computer
(Seven Up for two, to 1 point): the lobby, the table messages, a hand panel and the game-over
message are drawn as for any game. The size is the deep size (``sys.getsizeof`` of every
container and what it holds) of the presenter's own memories; a closed table should leave
nothing but its "announced" mark, and those are capped (``ANNOUNCED_MEMORY``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from bot.app import GameBot
from cogs.table.presenter import TablePresenter
from tests.bot.discord_support import service_of


def deep_size(value: Any, seen: set[int] | None = None) -> int:
    """Bytes of ``value`` and of every container and object it holds (once each)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in value.items())
    elif isinstance(value, list | tuple | set | frozenset):
        size += sum(deep_size(item, seen) for item in value)
    elif hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        size += sum(deep_size(v, seen) for v in _fields(value))
    return size


def _fields(value: Any) -> Iterable[Any]:
    for name in getattr(value, "__slots__", ()):
        if hasattr(value, name):
            yield getattr(value, name)
    yield from getattr(value, "__dict__", {}).values()


MEMORIES = (
    "_dirty",
    "_running",
    "_rendered",
    "_pictures",
    "_announced",
    "_messages",
    "_closing",
    "_no_pictures",
    "_nudges_wanted",
    "_nudges_live",
)


CHANNEL_GAMES = 50
"""Games played in one channel before the next opens."""

PANEL_MEMORIES = ("_panels", "_panel_messages", "_loaded")
"""What the presenter's panel keeper holds."""


def held_bytes(presenter: TablePresenter) -> int:
    seen: set[int] = set()
    held = sum(deep_size(getattr(presenter, name), seen) for name in MEMORIES)
    return held + sum(deep_size(getattr(presenter.panels, name), seen) for name in PANEL_MEMORIES)


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = GameBot(
            database=Path(folder) / "memory.sqlite3",
            shard_count=1,
            computer_delay=0,
            clicks_per_second=None,  # one person plays thousands of games as fast as it goes
        )
        async with simcord.run(bot, settle_timeout=60) as env:
            try:
                await _play(env, args)
            finally:
                await bot.release()


async def _play(env: simcord.Env, args: argparse.Namespace) -> None:
    service = service_of(env)
    presenter = service.presenter
    assert isinstance(presenter, TablePresenter)
    guild = env.create_guild("Memory")
    await service.update_server_settings(guild.id, nudge_seconds=None)
    person = guild.add_member(env.create_user("ana"))
    channel = guild.create_text_channel("cards")
    began = time.perf_counter()
    print(f"before any game: {held_bytes(presenter)} bytes")
    for number in range(1, args.games + 1):
        if number % CHANNEL_GAMES == 0:
            # SimCord keeps every message of a channel in a list it scans: a fresh channel now
            # and then keeps the simulator's own cost flat (the bot's memories are per table).
            channel = guild.create_text_channel(f"cards-{number}")
        started = await person.slash(channel, "allfours start", variant="seven-up", target=1)
        lobby = started.response
        assert lobby is not None and not started.ephemeral, lobby
        game_id = int(str(lobby.embeds[0].footer.text).split("#")[-1])
        await person.select(lobby, ["easy"], custom_id=f"af:k:{game_id}")
        await person.click(lobby, custom_id=f"af:l:{game_id}:s")
        await env.settle()
        if service.cached(game_id) is not None:
            shown, _ = await service.message_of(game_id)
            table = next(m for m in reversed(channel.history()) if m.id == shown)
            await person.click(table, custom_id=f"af:h:{game_id}")  # a panel
            await person.slash(channel, "allfours leave")  # the computer plays on
        await env.settle()
        assert service.cached(game_id) is None, "the game should be over"
        if number % args.every == 0:
            held = presenter.held()
            print(
                f"after {number} games ({time.perf_counter() - began:.0f} s): "
                f"{held_bytes(presenter)} bytes; entries: "
                + ", ".join(f"{name} {count}" for name, count in held.items() if count)
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1000)
    asyncio.run(main(parser.parse_args()))
