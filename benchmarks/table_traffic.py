"""What a table sends to Discord per hand: new public messages (and how many of them notify
someone, by mentioning them), edits and deletions of public messages, and private answers,
over complete four-player Caribbean games played by four people through the real bot on
SimCord's simulated Discord and virtual clock.

    python benchmarks/table_traffic.py [--games 3] [--think 0]

``--think S``: every player waits S virtual seconds before each decision (0: at once; 30: past
the default 20-second nudge, so every turn is nudged). Every HTTP call the bot makes is
recorded at SimCord's router and classified by route: a channel message created, edited or
deleted is public; an interaction answer or follow-up is public unless flagged ephemeral; the
edits of hand panels (webhook message edits) are private. The lobby (before the first deal)
is not counted. The script only uses what every version of the bot has (``open_table``,
``Table.play``), so it runs unchanged on an older checkout for a before/after comparison:
copy it into that checkout's ``benchmarks/`` and run it there.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import simcord
from simcord.http import router

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bot, first

import bot as bot_package
from bot.app import GameBot
from tests.bot.discord_support import open_table, service_of

CHANNEL_MESSAGE = re.compile(r"/channels/\d+/messages$")
CHANNEL_MESSAGE_ID = re.compile(r"/channels/\d+/messages/\d+$")
CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")
FOLLOWUP = re.compile(r"/webhooks/\d+/[^/]+$")
WEBHOOK_EDIT = re.compile(r"/webhooks/\d+/[^/]+/messages/[^/]+$")
EPHEMERAL = 64
REPLY, DEFERRED_REPLY, UPDATE = 4, 5, 7

calls: list[tuple[str, str, Any]] = []


def _record() -> None:
    original = router.dispatch

    def recording(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        calls.append((method, path, kwargs.get("json")))
        return original(backend, method, path, **kwargs)

    router.dispatch = recording


def _mentions(payload: Any) -> bool:
    return isinstance(payload, dict) and "<@" in str(payload.get("content") or "")


def classify(method: str, path: str, payload: Any) -> str | None:
    """One call as a kind of traffic, or None for what is neither (reads, commands)."""
    data = payload if isinstance(payload, dict) else {}
    if method == "POST" and CHANNEL_MESSAGE.search(path):
        return "public new (notifies)" if _mentions(data) else "public new"
    if method == "PATCH" and CHANNEL_MESSAGE_ID.search(path):
        return "public edit"
    if method == "DELETE" and CHANNEL_MESSAGE_ID.search(path):
        return "public delete"
    if method == "POST" and CALLBACK.search(path):
        kind = data.get("type")
        inner = data.get("data") or {}
        private = bool((inner.get("flags") or 0) & EPHEMERAL)
        if kind in (REPLY, DEFERRED_REPLY):
            if private:
                return "private answer"
            return "public new (notifies)" if _mentions(inner) else "public new"
        if kind == UPDATE:
            return "private panel edit"  # clicks in a hand are clicks on private panels
        return None
    if method == "POST" and FOLLOWUP.search(path):
        if (data.get("flags") or 0) & EPHEMERAL:
            return "private answer"
        return "public new (notifies)" if _mentions(data) else "public new"
    if method == "PATCH" and WEBHOOK_EDIT.search(path):
        return "private panel edit"
    return None


async def play(games: int, think: float) -> tuple[Counter[str], int]:
    counts: Counter[str] = Counter()
    hands = 0
    with tempfile.TemporaryDirectory() as folder:
        client = GameBot(database=Path(folder) / "traffic.sqlite3", shard_count=2, computer_delay=0)
        env = simcord.Env(client)
        await env.start()
        try:
            with env.time_context():
                guild = env.create_guild("Traffic")
                for number in range(games):
                    channel = guild.create_text_channel(f"table-{number}")
                    table = await open_table(env, guild=guild, channel=channel)
                    calls.clear()  # from the first deal on
                    service = service_of(env)
                    while service.cached(table.game_id) is not None:
                        if think:
                            await env.advance_time(think)
                        if await table.play(1) != 1:
                            raise RuntimeError("nobody could act at an open table")
                    await env.settle()
                    final = await service.snapshot(table.game_id)
                    assert final.state is not None
                    hands += final.state.hand_number
                    for method, path, payload in calls:
                        kind = classify(method, path, payload)
                        if kind is not None:
                            counts[kind] += 1
        finally:
            await env.shutdown()
            await client.release()
    return counts, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--think", type=float, default=0.0)
    options = parser.parse_args()
    _record()
    counts, hands = asyncio.run(play(options.games, options.think))
    print(f"bot: {Path(bot_package.__file__).resolve().parent.parent}")
    print(f"games: {options.games}; hands: {hands}; think: {options.think:g} s per decision")
    public_new = counts["public new"] + counts["public new (notifies)"]
    rows = [
        ("public messages posted", public_new),
        ("  of which notify (mention)", counts["public new (notifies)"]),
        ("public message edits", counts["public edit"]),
        ("public message deletions", counts["public delete"]),
        ("private answers", counts["private answer"]),
        ("private panel edits", counts["private panel edit"]),
    ]
    for name, value in rows:
        print(f"{name}: {value / hands:.2f} per hand ({value} in all)")


if __name__ == "__main__":
    main()
