"""``python -m bot.delete_data`` on SQLite and PostgreSQL, run as the README writes it: a
server's data is gone from every table and a player's id and name from every row, the rest is
untouched, every rating equals a replay of the match records that remain, and the tool says
what it deleted. The privacy list (``PERSONAL_COLUMNS``) covers every table of the schema."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.delete_data import PERSONAL_COLUMNS
from bot.families import rating_pools
from bot.models import RatingRow
from bot.ratings import replay
from bot.service import GameService
from bot.storage import Storage
from bot.storage.schema import application_tables
from tests.bot.process_support import ROOT
from tests.bot.support import finished_game, seated_table

README = (ROOT / "README.md").read_text()
PLAYER = 777000111
"""A player at a table of each server (and with a rating on each board)."""


def readme_commands() -> dict[str, str]:
    section = README.split("**Deleting data on request.**", 1)[1]
    block = section.split("```sh\n", 1)[1].split("\n```", 1)[0]
    commands = block.splitlines()
    assert commands == [
        "python -m bot.delete_data --server SERVER_ID",
        "python -m bot.delete_data --player USER_ID",
    ]
    return {"server": commands[0], "player": commands[1]}


async def run_tool(database: Path | str, command: str, *ids: str) -> tuple[int, str, str]:
    """The README's command, with the id filled in and DATABASE_URL as the bot reads it."""
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    words = command.replace("SERVER_ID", ids[0]).replace("USER_ID", ids[0]).split()
    assert words[:3] == ["python", "-m", "bot.delete_data"]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *words[1:],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "DATABASE_URL": url, "PATH": ""},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode is not None
    return process.returncode, stdout.decode(), stderr.decode()


async def two_servers(storage: Storage) -> None:
    """Server 11 and server 22, each with a finished table PLAYER sat at, server settings,
    and on server 22 an unfinished table PLAYER is not at."""
    seeds = iter(range(50, 500))
    service = GameService(storage, seeds=lambda: next(seeds), computer_delay=0)
    try:
        for guild in (11, 22):
            await service.set_default_turn_seconds(guild, 60)
        await finished_game(service, 11, [PLAYER, 2, 3, 4])
        await finished_game(service, 22, [1, 2, PLAYER, 6])
        await seated_table(service, "caribbean-2p", [1, 6], guild_id=22, channel_id=2201)
    finally:
        await service.close()


async def everything(storage: Storage) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, as column -> value maps, in a fixed order (a recomputed
    table's rows come back in another physical order)."""
    columns = await storage.columns()
    found = {}
    async with storage.transaction() as tx:
        conn = tx._conn  # the test reads the raw rows through the storage's own connection
        for table, cols in columns.items():
            names = [c.name for c in cols]
            rows = await conn.fetch(f"SELECT {', '.join(names)} FROM {table}")
            found[table] = sorted((dict(zip(names, row, strict=True)) for row in rows), key=repr)
    return found


def mentions(rows: dict[str, list[dict[str, Any]]], value: int | str) -> list[str]:
    """``table.column`` of every cell that holds ``value``, or text containing it."""
    found = []
    for table, table_rows in rows.items():
        for row in table_rows:
            for column, cell in row.items():
                if cell == value or (isinstance(cell, str) and str(value) in cell):
                    found.append(f"{table}.{column}")
    return sorted(set(found))


async def ratings_are_a_replay(storage: Storage) -> None:
    """Every stored rating, on every board of every pool, is what the match records give."""
    stored = await everything(storage)
    have = {
        (r["pool"], r["guild_id"], r["user_id"], round(r["mu"], 9), r["games"], r["wins"])
        for r in stored["ratings"]
    }
    want: set[tuple[Any, ...]] = set()
    for pool in rating_pools():
        rows: list[RatingRow] = replay(await storage.matches(pool))
        want |= {(r.pool, r.guild_id, r.user_id, round(r.mu, 9), r.games, r.wins) for r in rows}
    assert have == want


def test_the_privacy_list_covers_every_table() -> None:
    """A table a migration adds must say what it holds about a player (PERSONAL_COLUMNS,
    and the README's privacy section) before this passes."""
    assert set(PERSONAL_COLUMNS) == set(application_tables())


async def test_the_privacy_list_names_real_columns(storage: Storage) -> None:
    columns = {t: {c.name for c in cs} for t, cs in (await storage.columns()).items()}
    for table, personal in PERSONAL_COLUMNS.items():
        assert set(personal) <= columns[table], table


async def test_deleting_a_server_leaves_nothing_of_it(
    database: Path | str, storage: Storage
) -> None:
    await two_servers(storage)
    before = await everything(storage)
    ours = {table: [r for r in rows if r.get("guild_id") == 11] for table, rows in before.items()}
    games = {r["id"] for r in ours["games"]}
    matches = {r["id"] for r in ours["matches"]}
    assert games and matches and ours["guild_settings"] and ours["ratings"]

    status, stdout, stderr = await run_tool(database, readme_commands()["server"], "11")
    assert status == 0, stderr
    lines = stdout.splitlines()
    assert lines[0].startswith("deleted everything about server 11 from ")
    assert "  games: 1 row(s) deleted" in lines and "  guild_settings: 1 row(s) deleted" in lines
    assert lines[-1].startswith("ratings recomputed from the remaining match records: 4 pool(s)")

    after = await everything(storage)
    for table, rows in after.items():
        for row in rows:
            assert row.get("guild_id") != 11, (table, row)
            assert row.get("game_id") not in games, (table, row)
            assert row.get("match_id") not in matches, (table, row)
    for table in set(before) - {"ratings"}:  # ratings are recomputed, checked below
        kept = [r for r in before[table] if r.get("guild_id") == 22]
        assert [r for r in after[table] if r.get("guild_id") == 22] == kept, table
    await ratings_are_a_replay(storage)
    assert {r["user_id"] for r in after["ratings"] if r["guild_id"] == 0} == {1, 2, PLAYER, 6}


async def test_deleting_a_player_leaves_no_id_and_no_name(
    database: Path | str, storage: Storage
) -> None:
    await two_servers(storage)
    before = await everything(storage)
    name = f"user{PLAYER}"
    assert "ratings.user_id" in mentions(before, PLAYER)
    assert "seats.name" in mentions(before, name)

    status, stdout, stderr = await run_tool(database, readme_commands()["player"], str(PLAYER))
    assert status == 0, stderr
    lines = stdout.splitlines()
    assert lines[0].startswith(f"removed player {PLAYER} from ")
    assert "  seats: 2 seat(s) at finished tables cleared of their id, name and statistics" in lines
    assert "  match_players: 2 match result(s) cleared of their id and statistics" in lines
    assert "  games.host_id: 1 table(s) they hosted no longer naming them" in lines

    after = await everything(storage)
    assert mentions(after, PLAYER) == []
    assert mentions(after, name) == []
    # The other players' records stay whole: the same tables, matches and seats.
    for table in ("games", "matches", "seats", "match_players", "actions", "guild_settings"):
        assert len(after[table]) == len(before[table]), table
    await ratings_are_a_replay(storage)


async def test_a_player_at_an_unfinished_table_is_refused(
    database: Path | str, storage: Storage
) -> None:
    """A live game cannot lose a seat: nothing changes, and the table is named."""
    await two_servers(storage)
    before = await everything(storage)
    status, stdout, stderr = await run_tool(database, readme_commands()["player"], "6")
    assert status == 2 and stdout == ""
    assert re.fullmatch(
        r"error: player 6 sits at or hosts 1 unfinished table\(s\): #\d+ \(server 22, channel "
        r"2201\); they can leave \(/allfours leave, /kqj leave\) or the table can be ended "
        r"\(/allfours end, /kqj end\), then run this again\n",
        stderr,
    ), stderr
    assert await everything(storage) == before


async def test_a_server_nobody_knows_deletes_nothing(
    database: Path | str, storage: Storage
) -> None:
    await two_servers(storage)
    before = await everything(storage)
    status, stdout, _ = await run_tool(database, readme_commands()["server"], "99")
    assert status == 0
    assert "  nothing: the database holds nothing about this server" in stdout.splitlines()
    assert await everything(storage) == before


@pytest.mark.parametrize("argument", ["--server abc", "--server 0", "--player -5", ""])
async def test_a_bad_id_is_refused(tmp_path: Path, argument: str) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.delete_data",
        *argument.split(),
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    assert b"usage: python -m bot.delete_data" in stderr
