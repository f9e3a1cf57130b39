"""``python -m bot.delete_data --server ID`` or ``--player ID``: delete what the bot stores about
one Discord server or one player (README: Privacy), on SQLite or PostgreSQL, in one
transaction, then recompute every rating from the match records that remain.

- ``--server``: every table, move, seat, open panel and match record of the server's games,
  its ratings (its own boards) and its settings. Rows that name the server's games or
  matches are found by their columns, so a table added later is covered too.
- ``--player``: their ratings (every board) and open hand panels are deleted; the finished
  tables and match records they took part in stay for the other players, without the
  player's id, display name or statistics; their moves and the tables they hosted or ended no
  longer name them. A player who still sits at or hosts an unfinished table is refused (they
  can leave it, or it can be ended), since a live game cannot lose a seat.

Ratings are a function of the match records (``bot.ratings``): once the rows are gone, every
pool is replayed from what remains, as the bot itself would compute it. Stop the bot first (a
SQLite database a bot still runs on is refused). The tool prints what it deleted or changed,
per table. Exit status: 0 done, 1 failed (nothing changed), 2 refused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from bot.families import rating_pools
from bot.ratings import replay
from bot.settings import redact
from bot.storage import (
    MigrationError,
    ProcessLock,
    Storage,
    StorageError,
    StorageInUseError,
    StorageOpenError,
    StorageUnreachableError,
    Transaction,
)
from bot.tool import DONE, FAILED, ToolError, add_database_option, database_of, fail, secrets_of

PERSONAL_COLUMNS: Final[Mapping[str, tuple[str, ...]]] = {
    "games": ("host_id", "ended_by"),
    "seats": ("user_id", "name", "stats"),
    "actions": ("user_id",),
    "matches": (),
    "match_players": ("user_id", "stats"),
    "ratings": ("user_id", "stats"),
    "guild_settings": (),
    "panels": ("user_id", "token", "locale"),
    "live_seats": ("user_id",),
    "turn_deadlines": (),
    "turn_mail": ("user_id",),
}
"""Every table of the schema and its columns that say something about a player: what
``--player`` deletes or clears (``Transaction.forget_player``) and the README's privacy
section lists. A table a migration adds must be added here (a test holds the two equal)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.delete_data",
        description="Delete what the bot stores about one server or one player, then "
        "recompute the ratings (stop the bot first).",
    )
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--server", type=_discord_id, metavar="ID", help="a server's id")
    target.add_argument("--player", type=_discord_id, metavar="ID", help="a player's user id")
    add_database_option(parser)
    options = parser.parse_args(argv)
    try:
        database = database_of(options.database)
        if isinstance(database, Path) and not database.is_file():
            raise ToolError(f"there is no database at {database}")
        lines = asyncio.run(_delete(database, server=options.server, player=options.player))
    except ToolError as exc:
        return fail(exc, secrets_of(options.database))
    for line in lines:
        print(line, flush=True)
    return DONE


def _discord_id(text: str) -> int:
    if not text.strip().isdigit() or int(text) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord id (digits only)")
    return int(text)


async def _delete(database: Path | str, *, server: int | None, player: int | None) -> list[str]:
    with contextlib.ExitStack() as held:
        if isinstance(database, Path):
            try:
                held.enter_context(ProcessLock(database))
            except StorageInUseError:
                raise ToolError(f"a bot process is running on {database}: stop it first") from None
            except StorageOpenError as exc:
                raise ToolError(str(exc)) from None
        storage = await _open(database)
        try:
            if server is not None:
                return await delete_server(storage, server)
            assert player is not None
            return await forget_player(storage, player)
        except StorageError as exc:
            raise ToolError(f"nothing was deleted: {exc}", FAILED) from None
        finally:
            await storage.close()


async def _open(database: Path | str) -> Storage:
    try:
        return await Storage.open(database)
    except StorageUnreachableError as exc:
        raise ToolError(str(exc), FAILED) from None
    except (StorageOpenError, MigrationError) as exc:
        raise ToolError(str(exc)) from None


async def delete_server(storage: Storage, guild_id: int) -> list[str]:
    """Delete everything about a server and recompute the ratings; the lines to print."""
    columns = {table: {c.name for c in found} for table, found in (await storage.columns()).items()}
    async with storage.transaction() as tx:
        deleted = await tx.delete_server(guild_id, columns)
        rebuilt = await _recompute_ratings(tx)
    lines = [f"deleted everything about server {guild_id} from {_name(storage)}:"]
    lines += [f"  {table}: {rows} row(s) deleted" for table, rows in deleted.items() if rows]
    if not any(deleted.values()):
        lines.append("  nothing: the database holds nothing about this server")
    return [*lines, rebuilt]


async def forget_player(storage: Storage, user_id: int) -> list[str]:
    """Remove a player from the database and recompute the ratings; the lines to print."""
    async with storage.transaction() as tx:
        tables = await tx.open_tables_of_player(user_id)
        if tables:
            where = ", ".join(
                f"#{game} (server {guild}, channel {channel})" for game, guild, channel in tables
            )
            raise ToolError(
                f"player {user_id} sits at or hosts {len(tables)} unfinished table(s): {where}; "
                "they can leave (/allfours leave, /kqj leave) or the table can be ended "
                "(/allfours end, /kqj end), then run this again"
            )
        changed = await tx.forget_player(user_id)
        rebuilt = await _recompute_ratings(tx)
    described = {
        "ratings": "rating row(s) deleted",
        "panels": "open hand panel(s) deleted",
        "live_seats": "seat(s) at unfinished tables released",
        "seats": "seat(s) at finished tables cleared of their id, name and statistics",
        "match_players": "match result(s) cleared of their id and statistics",
        "actions": "move(s) no longer naming them",
        "games.host_id": "table(s) they hosted no longer naming them",
        "games.ended_by": "table(s) they ended no longer naming them",
    }
    lines = [f"removed player {user_id} from {_name(storage)}:"]
    lines += [f"  {place}: {changed[place]} {what}" for place, what in described.items()]
    return [*lines, rebuilt]


async def _recompute_ratings(tx: Transaction) -> str:
    """Every pool's ratings replayed from the match records this transaction leaves."""
    rows = 0
    pools = sorted(rating_pools())
    for pool in pools:
        ratings = replay(await tx.matches(pool))
        await tx.clear_ratings(pool)
        await tx.put_ratings(ratings)
        rows += len(ratings)
    return (
        f"ratings recomputed from the remaining match records: {len(pools)} pool(s), {rows} row(s)"
    )


def _name(storage: Storage) -> str:
    return redact(storage.name)


if __name__ == "__main__":
    sys.exit(main())
