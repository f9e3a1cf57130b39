"""The database as the bot reads it (``Storage``): opening, migrating, and every query;
the writes are ``Transaction``'s (``bot.storage.transaction``). Written once for SQLite and
PostgreSQL.

A write that must be atomic (a move: new snapshot + action-log row + seat counters + match
record + ratings) runs inside ``async with storage.transaction() as tx``; it commits on
leaving the block and rolls back on any exception, so nothing is shown to a player before it
is durable. Statements use ``?`` placeholders (PostgreSQL gets them numbered), ``ON
CONFLICT`` upserts and ``RETURNING``, which both databases run alike.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.models import (
    ActionRecord,
    GameRecord,
    MatchRecord,
    PanelRecord,
    PlayerMatch,
    RatingRow,
    Source,
    Turn,
)
from bot.settings import redact
from bot.shards import Shards
from bot.storage.backend import Backend, Column
from bot.storage.errors import SchemaTooNewError
from bot.storage.postgres import PostgresBackend, is_postgres_url
from bot.storage.rows import (
    GAME_COLUMNS,
    OPEN_STATUSES,
    RATING_COLUMNS,
    game_of,
    rating_of,
    read_matches,
    seat_of,
)
from bot.storage.schema import latest_version, migrations
from bot.storage.sqlite import SQLiteBackend
from bot.storage.transaction import Transaction


class Storage:
    """The database of the bot. Open with ``await Storage.open(database)``: a SQLite file's
    path (the default), or a ``postgresql://`` URL; ``close()`` at exit."""

    def __init__(self, backend: Backend, path: Path | None = None) -> None:
        self._backend = backend
        self.path = path
        """The SQLite file (None on PostgreSQL)."""

    @classmethod
    async def open(cls, database: Path | str, *, migrate: bool = True) -> Storage:
        """Open (creating a SQLite file and its folder if needed) and, unless told otherwise,
        apply pending migrations.

        A database that cannot be created, opened or written raises ``StorageOpenError``
        naming it (``SchemaTooNewError`` if a newer version of the bot wrote it); a PostgreSQL
        server that does not answer, ``StorageUnreachableError``; a
        failed migration, ``MigrationError`` (rolled back whole)."""
        backend: Backend
        path: Path | None = None
        if is_postgres_url(database):
            assert isinstance(database, str)
            backend = await PostgresBackend.open(database, redact(database))
        else:
            path = Path(database)
            backend = await SQLiteBackend.open(path)
        storage = cls(backend, path)
        if migrate:
            try:
                await storage.migrate()
            except BaseException:
                await backend.close()
                raise
        return storage

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._backend.kind

    @property
    def name(self) -> str:
        """The database in words: its file, or its URL without the password."""
        return self._backend.name

    async def close(self) -> None:
        await self._backend.close()

    # --- schema --------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        return await self._backend.schema_version()

    async def ping(self) -> None:
        """Answer one trivial query: whether the database answers at all."""
        await self._backend.ping()

    async def check_schema(self) -> int:
        """The schema version, refusing one newer than this build knows
        (``SchemaTooNewError``): a newer version of the bot wrote it."""
        current = await self.schema_version()
        latest = latest_version()
        if current > latest:
            raise SchemaTooNewError(
                f"the database {self.name} has schema version {current}, newer than this "
                f"version of the bot knows ({latest}): a newer version of the bot wrote it; "
                "run that version, or restore the backup taken before it"
            )
        return current

    async def migrate(self, *, until: int | None = None) -> list[str]:
        """Apply every migration newer than the database (up to number ``until``), each in its
        own transaction; the names of those applied. A schema newer than this build raises
        ``SchemaTooNewError`` and changes nothing."""
        current = await self.check_schema()
        pending = [
            (number, name, sql)
            for number, name, sql in migrations()
            if number > current and (until is None or number <= until)
        ]
        return await self._backend.migrate(pending)

    async def journal_mode(self) -> str:
        return await self._backend.journal_mode()

    async def columns(self) -> dict[str, list[Column]]:
        """Every table of the schema and its columns (the same on both databases)."""
        return await self._backend.columns()

    # --- transactions --------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._backend.writing() as conn:
            yield Transaction(conn)

    # --- games ---------------------------------------------------------------------------------

    async def _games(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
            )
            games = [game_of(row) for row in rows]
            for game in games:
                seats = await conn.fetch(
                    "SELECT seat, user_id, name, computer, timeouts, stats, level "
                    "FROM seats WHERE game_id = ? ORDER BY seat",
                    (game.id,),
                )
                game.seats = {row[0]: seat_of(row) for row in seats}
        return games

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games("id = ?", (game_id,))
        return found[0] if found else None

    async def open_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Every lobby and game in progress (what a restart must bring back); with ``shards``,
        only those of the servers on these shards (what this process owns)."""
        if shards is None or shards.is_all:
            return await self._games("status IN (?, ?)", OPEN_STATUSES)
        ids = sorted(shards.ids)
        marks = ", ".join("?" * len(ids))
        return await self._games(
            f"status IN (?, ?) AND ((guild_id >> 22) % ?) IN ({marks})",
            (*OPEN_STATUSES, shards.count, *ids),
        )

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        found = await self._games(
            "channel_id = ? AND status IN (?, ?)", (channel_id, *OPEN_STATUSES)
        )
        return found[0] if found else None

    async def open_game_of_user(self, guild_id: int, user_id: int) -> GameRecord | None:
        """The unfinished table of this server where the user holds a seat (not handed over)."""
        found = await self._games(
            "id = (SELECT game_id FROM live_seats WHERE guild_id = ? AND user_id = ?)",
            (guild_id, user_id),
        )
        return found[0] if found else None

    async def open_games_of_user(self, guild_id: int | None, user_id: int) -> list[GameRecord]:
        """Every unfinished table (of one server, or of all with None) where the user holds a
        seat, handed to the computer or not: live and turn-based alike."""
        where = "status IN (?, ?) AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
        params: tuple[Any, ...] = (*OPEN_STATUSES, user_id)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params = (*params, guild_id)
        return await self._games(where, params)

    async def turns(self, game_id: int) -> dict[int, Turn]:
        """The stored turns of a turn-based table: seat -> when it came and runs out."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                "SELECT seat, since, due, mentions FROM turn_deadlines WHERE game_id = ?",
                (game_id,),
            )
        return {int(r[0]): Turn(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def wants_turn_mail(self, user_id: int) -> bool:
        """Whether a player asked to be told of their turns by direct message."""
        async with self._backend.reading() as conn:
            row = await conn.fetchone("SELECT 1 FROM turn_mail WHERE user_id = ?", (user_id,))
        return row is not None

    async def actions(self, game_id: int, after_version: int = 0) -> list[ActionRecord]:
        """The action log of a game from ``after_version`` (exclusive), in order."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                "SELECT version, seat, code, source, user_id, at FROM actions "
                "WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, after_version),
            )
        return [ActionRecord(r[0], r[1], r[2], Source(r[3]), r[4], r[5]) for r in rows]

    # --- matches and ratings -------------------------------------------------------------------

    async def matches(self, pool: str) -> list[MatchRecord]:
        """Every match record of a rating pool in the order they ended (ratings are replayed
        so)."""
        async with self._backend.reading() as conn:
            return await read_matches(conn, pool)

    async def leaderboard(
        self, pool: str, guild_id: int, *, min_games: int, limit: int, offset: int
    ) -> tuple[list[RatingRow], int]:
        """One page of a board ranked by the conservative rating, and the number of entries
        with at least ``min_games`` rated games."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games >= ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ? OFFSET ?",
                (pool, guild_id, min_games, limit, offset),
            )
            count = await conn.fetchone(
                "SELECT COUNT(*) FROM ratings WHERE pool = ? AND guild_id = ? AND games >= ?",
                (pool, guild_id, min_games),
            )
        return [rating_of(row) for row in rows], int(count[0]) if count else 0

    async def provisional(
        self, pool: str, guild_id: int, *, below: int, limit: int
    ) -> list[RatingRow]:
        """Players of a board with fewer than ``below`` rated games, best first."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games < ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
                (pool, guild_id, below, limit),
            )
        return [rating_of(row) for row in rows]

    async def rank_of(self, row: RatingRow, *, min_games: int) -> int | None:
        """The 1-based place of a rating on its board, or None below the minimum of games."""
        if row.games < min_games:
            return None
        async with self._backend.reading() as conn:
            found = await conn.fetchone(
                "SELECT COUNT(*) FROM ratings WHERE pool = ? AND guild_id = ? AND games >= ? "
                "AND (ordinal > ? OR (ordinal = ? AND (wins > ? OR (wins = ? AND user_id < ?))))",
                (
                    row.pool,
                    row.guild_id,
                    min_games,
                    float(row.ordinal),
                    float(row.ordinal),
                    row.wins,
                    row.wins,
                    row.user_id,
                ),
            )
        return int(found[0]) + 1 if found else None

    async def rating(self, pool: str, guild_id: int, user_id: int) -> RatingRow | None:
        async with self._backend.reading() as conn:
            row = await conn.fetchone(
                f"SELECT {RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND user_id = ?",
                (pool, guild_id, user_id),
            )
        return rating_of(row) if row else None

    async def player_matches(
        self, family: str, user_id: int, *, limit: int, offset: int
    ) -> tuple[list[PlayerMatch], int]:
        """A player's finished and abandoned matches of a family, newest first, and how many
        there are."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                "SELECT m.id, m.game_id, m.pool, m.variant, m.outcome, m.rated, mp.rank, "
                "mp.score, (SELECT MAX(o.score) FROM match_players o "
                " WHERE o.match_id = m.id AND o.side != mp.side), m.ended_at "
                "FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                "WHERE m.family = ? AND mp.user_id = ? "
                "ORDER BY m.id DESC LIMIT ? OFFSET ?",
                (family, user_id, limit, offset),
            )
            count = await conn.fetchone(
                "SELECT COUNT(*) FROM match_players mp "
                "JOIN matches m ON m.id = mp.match_id WHERE m.family = ? AND mp.user_id = ?",
                (family, user_id),
            )
        matches = [
            PlayerMatch(
                match_id=r[0],
                game_id=r[1],
                pool=r[2],
                variant=r[3],
                outcome=r[4],
                rated=bool(r[5]),
                rank=r[6],
                score=r[7],
                best_other=r[8] or 0,
                ended_at=r[9],
            )
            for r in rows
        ]
        return matches, int(count[0]) if count else 0

    async def finished_games_of(
        self, family: str, user_id: int, guild_id: int | None, *, limit: int, offset: int
    ) -> tuple[list[tuple[int, int]], int]:
        """The finished games of a family a player took part in (only those of one server,
        unless ``guild_id`` is None) as (game id, match id), newest first, and how many
        there are."""
        where = "m.family = ? AND mp.user_id = ? AND m.outcome = 'finished'"
        params: tuple[Any, ...] = (family, user_id)
        if guild_id is not None:
            where += " AND m.guild_id = ?"
            params += (guild_id,)
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                "SELECT m.game_id, m.id FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                f"WHERE {where} ORDER BY m.id DESC LIMIT ? OFFSET ?",
                (*params, limit, offset),
            )
            count = await conn.fetchone(
                "SELECT COUNT(*) FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                f"WHERE {where}",
                params,
            )
        return [(int(r[0]), int(r[1])) for r in rows], int(count[0]) if count else 0

    async def matches_mark(self, pool: str) -> tuple[int, int]:
        """How many match records a pool has and the newest one's id: what changes when a
        match is recorded or deleted (a cache of what the records give is then stale)."""
        async with self._backend.reading() as conn:
            row = await conn.fetchone(
                "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM matches WHERE pool = ?", (pool,)
            )
        return (int(row[0]), int(row[1])) if row else (0, 0)

    # --- open hand panels ----------------------------------------------------------------------

    async def panels(self, game_id: int) -> list[PanelRecord]:
        """The open hand panels of a game (their tokens may have expired since)."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                "SELECT game_id, user_id, message_id, token, opened, locale, signature FROM panels "
                "WHERE game_id = ? ORDER BY user_id",
                (game_id,),
            )
        return [PanelRecord(*row) for row in rows]

    # --- server settings -----------------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> str | None:
        """A server's settings as stored (JSON), or None if it never set any."""
        async with self._backend.reading() as conn:
            row = await conn.fetchone(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return None if row is None else str(row[0])
