"""Every SQL statement of the application, written once for SQLite and PostgreSQL.

A write that must be atomic (a move: new snapshot + action-log row + seat counters + match
record + ratings) runs inside ``async with storage.transaction() as tx``; it commits on
leaving the block and rolls back on any exception, so nothing is shown to a player before it
is durable. Statements use ``?`` placeholders (PostgreSQL gets them numbered), ``ON
CONFLICT`` upserts and ``RETURNING``, which both databases run alike.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Collection, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any, Final

from bot.models import (
    ActionRecord,
    GameRecord,
    MatchPlayer,
    MatchRecord,
    PanelRecord,
    PlayerMatch,
    RatingRow,
    SeatRecord,
    Source,
    Status,
)
from bot.settings import redact
from bot.shards import Shards
from bot.storage.backend import Backend, Column, Connection
from bot.storage.errors import SchemaTooNewError, VersionConflictError
from bot.storage.postgres import PostgresBackend, is_postgres_url
from bot.storage.schema import latest_version, migrations
from bot.storage.sqlite import SQLiteBackend

OPEN_STATUSES: Final = (Status.LOBBY.value, Status.PLAYING.value)

_GAME_FIELDS: Final = tuple(f.name for f in fields(GameRecord) if f.name != "seats")
"""The columns of ``games``, named and ordered as the fields of ``GameRecord``."""
_GAME_COLUMNS: Final = ", ".join(_GAME_FIELDS)
_RATING_COLUMNS: Final = "pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats"
_GAME_FLAGS: Final = ("rated", "pictures")


def _stats_text(stats: dict[str, int]) -> str:
    """Statistics as stored: compact JSON with sorted names (zeros left out)."""
    return json.dumps(
        {name: value for name, value in sorted(stats.items()) if value}, separators=(",", ":")
    )


def _stats(text: str) -> dict[str, int]:
    return {str(name): int(value) for name, value in json.loads(text).items() if value}


def _game(row: Sequence[Any]) -> GameRecord:
    data = dict(zip(_GAME_FIELDS, row, strict=True))
    data["status"] = Status(data["status"])
    for flag in _GAME_FLAGS:
        data[flag] = bool(data[flag])
    data["hints"] = None if data["hints"] is None else bool(data["hints"])
    return GameRecord(**data)


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=row[0],
        user_id=row[1],
        name=row[2],
        computer=bool(row[3]),
        timeouts=row[4],
        stats=_stats(row[5]),
        level=row[6],
    )


def _rating(row: Sequence[Any]) -> RatingRow:
    pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats = row
    return RatingRow(pool, guild_id, user_id, mu, sigma, ordinal, games, wins, _stats(stats))


def _seat_values(game_id: int, s: SeatRecord) -> tuple[Any, ...]:
    return (
        game_id,
        s.seat,
        s.user_id,
        s.name,
        int(s.computer),
        s.timeouts,
        _stats_text(s.stats),
        s.level,
    )


async def _read_matches(conn: Connection, pool: str) -> list[MatchRecord]:
    heads = await conn.fetch(
        "SELECT id, game_id, family, pool, variant, guild_id, outcome, rated, deals, "
        "ended_at FROM matches WHERE pool = ? ORDER BY id",
        (pool,),
    )
    rows = await conn.fetch(
        "SELECT mp.match_id, mp.seat, mp.side, mp.user_id, mp.computer, mp.rank, "
        "mp.score, mp.stats FROM match_players mp "
        "JOIN matches m ON m.id = mp.match_id WHERE m.pool = ? "
        "ORDER BY mp.match_id, mp.seat",
        (pool,),
    )
    players: dict[int, list[MatchPlayer]] = {}
    for r in rows:
        players.setdefault(r[0], []).append(
            MatchPlayer(r[1], r[2], r[3], bool(r[4]), r[5], r[6], _stats(r[7]))
        )
    return [
        MatchRecord(
            id=h[0],
            game_id=h[1],
            family=h[2],
            pool=h[3],
            variant=h[4],
            guild_id=h[5],
            outcome=h[6],
            rated=bool(h[7]),
            deals=h[8],
            ended_at=h[9],
            players=tuple(players.get(h[0], ())),
        )
        for h in heads
    ]


class Transaction:
    """The writes (and the reads they depend on) of one atomic change."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def insert_game(self, game: GameRecord) -> int:
        columns = _GAME_FIELDS[1:]  # the id is the database's to choose
        values = [getattr(game, name) for name in columns]
        values[columns.index("status")] = game.status.value
        for flag in _GAME_FLAGS:
            values[columns.index(flag)] = int(getattr(game, flag))
        if game.hints is not None:
            values[columns.index("hints")] = int(game.hints)
        row = await self._conn.fetchone(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
            "RETURNING id",
            values,
        )
        assert row is not None
        game_id = int(row[0])
        await self.put_seats(game_id, game.seats.values())
        return game_id

    async def update_game(self, game: GameRecord, *, expected_version: int) -> None:
        """Write the game's state (not its message ids, which ``set_message`` owns); raises
        ``VersionConflictError`` if the stored version is not ``expected_version``."""
        changed = await self._conn.execute(
            "UPDATE games SET status = ?, snapshot = ?, version = ?, rated = ?, last_deal = ?, "
            "hints = ?, end_reason = ?, ended_by = ?, updated_at = ? "
            "WHERE id = ? AND version = ?",
            (
                game.status.value,
                game.snapshot,
                game.version,
                int(game.rated),
                game.last_deal,
                None if game.hints is None else int(game.hints),
                game.end_reason,
                game.ended_by,
                game.updated_at,
                game.id,
                expected_version,
            ),
        )
        if changed != 1:
            raise VersionConflictError(f"game {game.id} is no longer at version {expected_version}")

    async def set_message(self, game_id: int, message_id: int | None, deal: int | None) -> None:
        """Remember which message shows the table now (and which deal it shows)."""
        await self._conn.execute(
            "UPDATE games SET message_id = ?, message_deal = ? WHERE id = ?",
            (message_id, deal, game_id),
        )

    async def put_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        await self._conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, computer, timeouts, stats, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, computer = excluded.computer, timeouts = excluded.timeouts, "
            "stats = excluded.stats, level = excluded.level",
            [_seat_values(game_id, s) for s in seats],
        )

    async def claim_seat(self, guild_id: int, user_id: int, game_id: int) -> bool:
        """Record that a player sits at this live table; False (nothing written) if they
        already sit at another unfinished table of the server — the database's own rule
        (``live_seats``' primary key), so two claims at once cannot both win."""
        row = await self._conn.fetchone(
            "INSERT INTO live_seats (guild_id, user_id, game_id) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id, user_id) DO NOTHING RETURNING game_id",
            (guild_id, user_id, game_id),
        )
        if row is not None:
            return True
        held = await self._conn.fetchone(
            "SELECT game_id FROM live_seats WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return held is not None and int(held[0]) == game_id

    async def release_seat(self, guild_id: int, user_id: int, game_id: int) -> None:
        """The player no longer plays a seat at this table (left it, or handed it over)."""
        await self._conn.execute(
            "DELETE FROM live_seats WHERE guild_id = ? AND user_id = ? AND game_id = ?",
            (guild_id, user_id, game_id),
        )

    async def release_table(self, game_id: int) -> None:
        """A table closed: its players are free to sit elsewhere."""
        await self._conn.execute("DELETE FROM live_seats WHERE game_id = ?", (game_id,))

    async def delete_seat(self, game_id: int, seat: int) -> None:
        await self._conn.execute(
            "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
        )

    async def insert_action(self, game_id: int, action: ActionRecord) -> None:
        await self._conn.execute(
            "INSERT INTO actions (game_id, version, seat, code, source, user_id, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                action.version,
                action.seat,
                action.code,
                action.source.value,
                action.user_id,
                action.at,
            ),
        )

    async def insert_match(self, match: MatchRecord) -> int:
        # Matches of one pool are numbered and rated one at a time across every bot process,
        # so the ratings always equal a replay of the records in id order (ratings.rebuild).
        await self._conn.serialize(f"ratings:{match.pool}")
        row = await self._conn.fetchone(
            "INSERT INTO matches (game_id, family, pool, variant, guild_id, outcome, rated, "
            "deals, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                match.game_id,
                match.family,
                match.pool,
                match.variant,
                match.guild_id,
                match.outcome,
                int(match.rated),
                match.deals,
                match.ended_at,
            ),
        )
        assert row is not None
        match_id = int(row[0])
        await self._conn.executemany(
            "INSERT INTO match_players (match_id, seat, side, user_id, computer, rank, score, "
            "stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match_id,
                    p.seat,
                    p.side,
                    p.user_id,
                    int(p.computer),
                    p.rank,
                    p.score,
                    _stats_text(p.stats),
                )
                for p in match.players
            ],
        )
        return match_id

    async def ratings_of(
        self, pool: str, guild_id: int, user_ids: Iterable[int]
    ) -> dict[int, RatingRow]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = await self._conn.fetch(
            f"SELECT {_RATING_COLUMNS} FROM ratings "
            f"WHERE pool = ? AND guild_id = ? AND user_id IN ({marks})",
            (pool, guild_id, *ids),
        )
        return {row[2]: _rating(row) for row in rows}

    async def put_ratings(self, rows: Iterable[RatingRow]) -> None:
        await self._conn.executemany(
            f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (pool, guild_id, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
            "wins = excluded.wins, stats = excluded.stats",
            [
                (
                    r.pool,
                    r.guild_id,
                    r.user_id,
                    float(r.mu),
                    float(r.sigma),
                    float(r.ordinal),
                    r.games,
                    r.wins,
                    _stats_text(r.stats),
                )
                for r in rows
            ],
        )

    async def clear_ratings(self, pool: str) -> None:
        await self._conn.serialize(f"ratings:{pool}")
        await self._conn.execute("DELETE FROM ratings WHERE pool = ?", (pool,))

    async def put_panel(self, panel: PanelRecord) -> None:
        await self._conn.execute(
            "INSERT INTO panels (game_id, user_id, message_id, token, opened, locale, signature) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
            "message_id = excluded.message_id, token = excluded.token, "
            "opened = excluded.opened, locale = excluded.locale, signature = excluded.signature",
            (
                panel.game_id,
                panel.user_id,
                panel.message_id,
                panel.token,
                float(panel.opened),
                panel.locale,
                panel.signature,
            ),
        )

    async def set_panel_signature(self, game_id: int, user_id: int, signature: str) -> None:
        await self._conn.execute(
            "UPDATE panels SET signature = ? WHERE game_id = ? AND user_id = ?",
            (signature, game_id, user_id),
        )

    async def delete_panels(self, game_id: int, user_id: int | None = None) -> None:
        """Forget a game's open panels (one player's, or everyone's)."""
        if user_id is None:
            await self._conn.execute("DELETE FROM panels WHERE game_id = ?", (game_id,))
        else:
            await self._conn.execute(
                "DELETE FROM panels WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )

    async def set_nudge_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the table's live turn nudge (None: there is none)."""
        await self._conn.execute(
            "UPDATE games SET nudge_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    async def put_server_settings(self, guild_id: int, settings: str) -> None:
        """Store a server's settings (JSON of ``ServerSettings``)."""
        await self._conn.execute(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, settings),
        )

    # --- deleting data on request (python -m bot.delete_data) ------------------------------------

    async def matches(self, pool: str) -> list[MatchRecord]:
        """``Storage.matches`` as this transaction sees them (its own deletions included)."""
        return await _read_matches(self._conn, pool)

    async def delete_server(
        self, guild_id: int, columns: Mapping[str, Collection[str]]
    ) -> dict[str, int]:
        """Delete every row about a server: the rows of its matches and games in every table
        that refers to them, then every row that names the server; the rows deleted per table.
        ``columns``: each table's column names (``Storage.columns``), so a table a later
        migration adds is covered as long as it names its game, match or server."""
        deleted: dict[str, int] = {}

        def count(table: str, rows: int) -> None:
            deleted[table] = deleted.get(table, 0) + rows

        # Children first: a match refers to its game, and both have rows that refer to them.
        for key, owner in (("match_id", "matches"), ("game_id", "games")):
            for table, names in columns.items():
                if key in names:
                    rows = await self._conn.execute(
                        f"DELETE FROM {table} WHERE {key} IN "
                        f"(SELECT id FROM {owner} WHERE guild_id = ?)",
                        (guild_id,),
                    )
                    count(table, rows)
        for table, names in columns.items():
            if "guild_id" in names:
                count(
                    table,
                    await self._conn.execute(
                        f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,)
                    ),
                )
        return deleted

    async def open_tables_of_player(self, user_id: int) -> list[tuple[int, int, int]]:
        """The unfinished tables a player hosts or sits at: ``(game id, server, channel)``."""
        rows = await self._conn.fetch(
            "SELECT id, guild_id, channel_id FROM games WHERE status IN (?, ?) AND "
            "(host_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?)) ORDER BY id",
            (*OPEN_STATUSES, user_id, user_id),
        )
        return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def forget_player(self, user_id: int) -> dict[str, int]:
        """Remove a player from every finished table and record (call it only when
        ``open_tables_of_player`` is empty): their ratings and open panels are deleted; their
        seats and match results stay for the other players' records, without their id, name
        or statistics; their moves and the tables they hosted or ended no longer name them.
        The rows changed per ``table.column``."""
        changed = {
            "ratings": await self._conn.execute(
                "DELETE FROM ratings WHERE user_id = ?", (user_id,)
            ),
            "panels": await self._conn.execute("DELETE FROM panels WHERE user_id = ?", (user_id,)),
            "live_seats": await self._conn.execute(
                "DELETE FROM live_seats WHERE user_id = ?", (user_id,)
            ),
            "seats": await self._conn.execute(
                "UPDATE seats SET user_id = NULL, name = '', stats = '{}' WHERE user_id = ?",
                (user_id,),
            ),
            "match_players": await self._conn.execute(
                "UPDATE match_players SET user_id = NULL, stats = '{}' WHERE user_id = ?",
                (user_id,),
            ),
            "actions": await self._conn.execute(
                "UPDATE actions SET user_id = NULL WHERE user_id = ?", (user_id,)
            ),
            # host_id is required: 0 is no Discord id, so it names nobody.
            "games.host_id": await self._conn.execute(
                "UPDATE games SET host_id = 0 WHERE host_id = ?", (user_id,)
            ),
            "games.ended_by": await self._conn.execute(
                "UPDATE games SET ended_by = NULL WHERE ended_by = ?", (user_id,)
            ),
        }
        return changed


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
                f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
            )
            games = [_game(row) for row in rows]
            for game in games:
                seats = await conn.fetch(
                    "SELECT seat, user_id, name, computer, timeouts, stats, level "
                    "FROM seats WHERE game_id = ? ORDER BY seat",
                    (game.id,),
                )
                game.seats = {row[0]: _seat(row) for row in seats}
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
            return await _read_matches(conn, pool)

    async def leaderboard(
        self, pool: str, guild_id: int, *, min_games: int, limit: int, offset: int
    ) -> tuple[list[RatingRow], int]:
        """One page of a board ranked by the conservative rating, and the number of entries
        with at least ``min_games`` rated games."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games >= ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ? OFFSET ?",
                (pool, guild_id, min_games, limit, offset),
            )
            count = await conn.fetchone(
                "SELECT COUNT(*) FROM ratings WHERE pool = ? AND guild_id = ? AND games >= ?",
                (pool, guild_id, min_games),
            )
        return [_rating(row) for row in rows], int(count[0]) if count else 0

    async def provisional(
        self, pool: str, guild_id: int, *, below: int, limit: int
    ) -> list[RatingRow]:
        """Players of a board with fewer than ``below`` rated games, best first."""
        async with self._backend.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games < ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
                (pool, guild_id, below, limit),
            )
        return [_rating(row) for row in rows]

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
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND user_id = ?",
                (pool, guild_id, user_id),
            )
        return _rating(row) if row else None

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
