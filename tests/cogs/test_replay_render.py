"""Every stop of every finished game of a database written by an earlier version (c6fda7c:
All Fours and KQJ) draws as a replay within Discord's limits, in English and Japanese."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord

from bot.clock import ManualClock
from bot.models import Status
from bot.service import GameService
from bot.storage import Storage
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.kqj.render import RENDERER as KQJ
from cogs.table.components import MAX_CUSTOM_ID
from cogs.table.render.replay import replay_message

DUMP = Path(__file__).parents[1] / "bot" / "fixtures" / "schema5_c6fda7c.sql"
RENDERERS = {"allfours": ALL_FOURS, "kqj": KQJ}


def _size(embed: discord.Embed) -> int:
    data = embed.to_dict()
    total = len(data.get("title", "")) + len(data.get("description", ""))
    total += len(data.get("footer", {}).get("text", ""))
    return total + sum(len(f["name"]) + len(f["value"]) for f in data.get("fields", []))


async def test_every_stop_of_old_games_draws_within_discords_limits(tmp_path: Path) -> None:
    """Each stop names who did what and what it made happen in the words of the table's move
    log (trumps, awards, a run of the pack...), shows every hand, and keeps to Discord's limits (an
    embed of at most 6000 characters, a description of 4096, a field of 1024, 25 options
    in a menu, custom_ids of 100); the picture's scene is built for each."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))
    storage = await Storage.open(path)
    service = GameService(storage, clock=ManualClock(), computer_delay=0)
    families = set()
    told: set[str] = set()
    drawn = 0
    try:
        for game_id in range(1, 10):
            record = await storage.game(game_id)
            if record is None or record.status is not Status.FINISHED:
                continue
            families.add(record.family)
            replay = await service.replay(game_id, record.host_id, record.guild_id)
            renderer = RENDERERS[record.family]
            for locale in ("en", "ja"):
                for stop in range(len(replay.stops)):
                    embed, view, scene = replay_message(
                        replay, stop, renderer, locale, pictures=True
                    )
                    data = embed.to_dict()
                    assert _size(embed) <= 6000 and len(data["description"]) <= 4096
                    assert all(len(f["value"]) <= 1024 for f in data["fields"])
                    assert scene is not None and len(scene.seats) == len(record.seats)
                    for item in view.children:
                        custom_id = getattr(item, "custom_id", "")
                        assert len(custom_id) <= MAX_CUSTOM_ID
                        assert len(getattr(item, "options", [])) <= 25
                    drawn += 1
                    if locale == "en" and "↳ Trumps: " in data["description"]:
                        told.add(record.family)  # the move log's words, not only the moves
                    if stop:
                        assert "**" in data["description"]
    finally:
        await service.close()
        await storage.close()
    assert families == {"allfours", "kqj"}
    assert told == families
    assert drawn > 100
