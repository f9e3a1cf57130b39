"""SQLite storage: one long-lived aiosqlite connection in WAL mode, numbered migrations, and
every SQL statement of the application.

All access goes through one ``asyncio.Lock``: SQLite serialises writers anyway, and a single
connection would otherwise let one coroutine read another's uncommitted transaction. A write
that must be atomic (a move: new snapshot + action-log row + seat counters + match record +
ratings) runs inside ``async with storage.transaction() as tx``; it commits on leaving the
block and rolls back on any exception, so nothing is shown to a player before it is durable.

Durability: WAL with ``synchronous=NORMAL`` survives the bot process being killed at any
moment (a committed transaction is in the WAL file before COMMIT returns); only an operating
system crash or power loss may lose the last transactions.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import fields
from importlib import resources
from pathlib import Path
from typing import Any, Final

import aiosqlite

from bot.models import (
    GLOBAL,
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

_MIGRATION_NAME: Final = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")
OPEN_STATUSES: Final = (Status.LOBBY.value, Status.PLAYING.value)

_GAME_FIELDS: Final = tuple(f.name for f in fields(GameRecord) if f.name != "seats")
"""The columns of ``games``, named and ordered as the fields of ``GameRecord``."""
_GAME_COLUMNS: Final = ", ".join(_GAME_FIELDS)
_RATING_COLUMNS: Final = "pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats"


class StorageError(Exception):
    """The database is not in the state an operation requires."""


class StorageOpenError(StorageError):
    """The database cannot be created, opened or written; the message names the path."""


class VersionConflictError(StorageError):
    """A game changed under a commit that expected another version (never shown to users)."""


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migration files in order: ``(number, file name, SQL)``."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        match = _MIGRATION_NAME.fullmatch(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StorageError(f"migrations must be numbered 1, 2, 3... without gaps, got {numbers}")
    return found


def _stats_text(stats: dict[str, int]) -> str:
    """Statistics as stored: compact JSON with sorted names (zeros left out)."""
    return json.dumps(
        {name: value for name, value in sorted(stats.items()) if value}, separators=(",", ":")
    )


def _stats(text: str) -> dict[str, int]:
    return {str(name): int(value) for name, value in json.loads(text).items() if value}


_GAME_FLAGS: Final = ("rated", "pictures")


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


class Transaction:
    """The writes (and the reads they depend on) of one atomic change."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def insert_game(self, game: GameRecord) -> int:
        columns = _GAME_FIELDS[1:]  # the id is the database's to choose
        values = [getattr(game, name) for name in columns]
        values[columns.index("status")] = game.status.value
        for flag in _GAME_FLAGS:
            values[columns.index(flag)] = int(getattr(game, flag))
        if game.hints is not None:
            values[columns.index("hints")] = int(game.hints)
        cursor = await self._db.execute(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            values,
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        await self.put_seats(game_id, game.seats.values())
        return game_id

    async def update_game(self, game: GameRecord, *, expected_version: int) -> None:
        """Write the game's state (not its message ids, which ``set_message`` owns); raises
        ``VersionConflictError`` if the stored version is not ``expected_version``."""
        cursor = await self._db.execute(
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
        if cursor.rowcount != 1:
            raise VersionConflictError(f"game {game.id} is no longer at version {expected_version}")

    async def set_message(self, game_id: int, message_id: int | None, deal: int | None) -> None:
        """Remember which message shows the table now (and which deal it shows)."""
        await self._db.execute(
            "UPDATE games SET message_id = ?, message_deal = ? WHERE id = ?",
            (message_id, deal, game_id),
        )

    async def put_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        await self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, computer, timeouts, stats, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            "name = excluded.name, computer = excluded.computer, timeouts = excluded.timeouts, "
            "stats = excluded.stats, level = excluded.level",
            [
                (
                    game_id,
                    s.seat,
                    s.user_id,
                    s.name,
                    int(s.computer),
                    s.timeouts,
                    _stats_text(s.stats),
                    s.level,
                )
                for s in seats
            ],
        )

    async def delete_seat(self, game_id: int, seat: int) -> None:
        await self._db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def insert_action(self, game_id: int, action: ActionRecord) -> None:
        await self._db.execute(
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
        cursor = await self._db.execute(
            "INSERT INTO matches (game_id, family, pool, variant, guild_id, outcome, rated, "
            "deals, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        match_id = cursor.lastrowid
        assert match_id is not None
        await self._db.executemany(
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
        async with self._db.execute(
            f"SELECT {_RATING_COLUMNS} FROM ratings "
            f"WHERE pool = ? AND guild_id = ? AND user_id IN ({marks})",
            (pool, guild_id, *ids),
        ) as cursor:
            return {row[2]: _rating(row) for row in await cursor.fetchall()}

    async def put_ratings(self, rows: Iterable[RatingRow]) -> None:
        await self._db.executemany(
            f"INSERT OR REPLACE INTO ratings ({_RATING_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    r.pool,
                    r.guild_id,
                    r.user_id,
                    r.mu,
                    r.sigma,
                    r.ordinal,
                    r.games,
                    r.wins,
                    _stats_text(r.stats),
                )
                for r in rows
            ],
        )

    async def clear_ratings(self, pool: str) -> None:
        await self._db.execute("DELETE FROM ratings WHERE pool = ?", (pool,))

    async def put_panel(self, panel: PanelRecord) -> None:
        await self._db.execute(
            "INSERT INTO panels (game_id, user_id, message_id, token, opened, locale, signature) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
            "message_id = excluded.message_id, token = excluded.token, "
            "opened = excluded.opened, locale = excluded.locale, signature = excluded.signature",
            (
                panel.game_id,
                panel.user_id,
                panel.message_id,
                panel.token,
                panel.opened,
                panel.locale,
                panel.signature,
            ),
        )

    async def set_panel_signature(self, game_id: int, user_id: int, signature: str) -> None:
        await self._db.execute(
            "UPDATE panels SET signature = ? WHERE game_id = ? AND user_id = ?",
            (signature, game_id, user_id),
        )

    async def delete_panels(self, game_id: int, user_id: int | None = None) -> None:
        """Forget a game's open panels (one player's, or everyone's)."""
        if user_id is None:
            await self._db.execute("DELETE FROM panels WHERE game_id = ?", (game_id,))
        else:
            await self._db.execute(
                "DELETE FROM panels WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )

    async def set_nudge_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the table's live turn nudge (None: there is none)."""
        await self._db.execute(
            "UPDATE games SET nudge_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    async def put_server_settings(self, guild_id: int, settings: str) -> None:
        """Store a server's settings (JSON of ``ServerSettings``)."""
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, settings),
        )


async def _check_writable(db: aiosqlite.Connection) -> None:
    """Write the schema version back unchanged, and undo it: SQLite opens a read-only file
    without complaint and only refuses its first write, which would be a player's move."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        rows = await db.execute_fetchall("PRAGMA user_version")
        await db.execute_fetchall(f"PRAGMA user_version = {int(next(iter(rows))[0])}")
    finally:
        await db.execute("ROLLBACK")


class Storage:
    """The database of the bot. Open with ``await Storage.open(path)``; ``close()`` at exit."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        """Open (creating the file and its folder if needed) and apply pending migrations.

        A folder or file that cannot be created, opened or written raises ``StorageOpenError``
        naming it (a Docker volume owned by another user, a read-only mount...)."""
        path = Path(path)
        try:
            if str(path) != ":memory:":
                path.parent.mkdir(parents=True, exist_ok=True)
                # Try the file in a plain thread first: when connecting fails, aiosqlite leaves
                # its worker thread behind, to print a traceback once the event loop is closed.
                await asyncio.to_thread(lambda: sqlite3.connect(path).close())
            db = await aiosqlite.connect(path, isolation_level=None)
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise StorageOpenError(f"cannot create the folder {path.parent}: {reason}") from exc
        except sqlite3.Error as exc:
            raise StorageOpenError(f"cannot open the database {path}: {exc}") from exc
        try:
            try:
                for pragma in (
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA synchronous = NORMAL",
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA busy_timeout = 5000",
                ):
                    await db.execute_fetchall(pragma)  # fetch: a pending row would block COMMIT
                await _check_writable(db)
            except sqlite3.Error as exc:
                raise StorageOpenError(f"cannot use the database {path}: {exc}") from exc
            storage = cls(db, path)
            await storage.migrate()
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    # --- schema --------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._lock, self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> list[str]:
        """Apply every migration newer than the database, each in its own transaction."""
        applied = []
        current = await self.schema_version()
        for number, name, sql in migrations():
            if number <= current:
                continue
            async with self._lock:
                # executescript runs the script as written: the explicit BEGIN ... COMMIT makes
                # the schema change and the version bump one unit, rolled back on any error.
                try:
                    await self._db.executescript(
                        f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                    )
                except BaseException:
                    if self._db.in_transaction:
                        await self._db.execute("ROLLBACK")
                    raise
            applied.append(name)
        return applied

    async def journal_mode(self) -> str:
        async with self._lock, self._db.execute("PRAGMA journal_mode") as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else ""

    # --- transactions --------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    # --- games ---------------------------------------------------------------------------------

    async def _games(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        async with self._lock:
            async with self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
            ) as cursor:
                games = [_game(row) for row in await cursor.fetchall()]
            for game in games:
                async with self._db.execute(
                    "SELECT seat, user_id, name, computer, timeouts, stats, level "
                    "FROM seats WHERE game_id = ? ORDER BY seat",
                    (game.id,),
                ) as cursor:
                    game.seats = {row[0]: _seat(row) for row in await cursor.fetchall()}
        return games

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games("id = ?", (game_id,))
        return found[0] if found else None

    async def open_games(self) -> list[GameRecord]:
        """Every lobby and game in progress (what a restart must bring back)."""
        return await self._games("status IN (?, ?)", OPEN_STATUSES)

    async def open_game_in_channel(self, channel_id: int) -> GameRecord | None:
        found = await self._games(
            "channel_id = ? AND status IN (?, ?)", (channel_id, *OPEN_STATUSES)
        )
        return found[0] if found else None

    async def open_game_of_user(self, guild_id: int, user_id: int) -> GameRecord | None:
        """The unfinished table of this server where the user holds a seat (not handed over)."""
        found = await self._games(
            "guild_id = ? AND status IN (?, ?) AND id IN "
            "(SELECT game_id FROM seats WHERE user_id = ? AND computer = 0)",
            (guild_id, *OPEN_STATUSES, user_id),
        )
        return found[0] if found else None

    async def actions(self, game_id: int, after_version: int = 0) -> list[ActionRecord]:
        """The action log of a game from ``after_version`` (exclusive), in order."""
        async with (
            self._lock,
            self._db.execute(
                "SELECT version, seat, code, source, user_id, at FROM actions "
                "WHERE game_id = ? AND version > ? ORDER BY version",
                (game_id, after_version),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [ActionRecord(r[0], r[1], r[2], Source(r[3]), r[4], r[5]) for r in rows]

    # --- matches and ratings -------------------------------------------------------------------

    async def matches(self, pool: str) -> list[MatchRecord]:
        """Every match record of a rating pool in the order they ended (ratings are replayed
        so)."""
        async with self._lock:
            async with self._db.execute(
                "SELECT id, game_id, family, pool, variant, guild_id, outcome, rated, deals, "
                "ended_at FROM matches WHERE pool = ? ORDER BY id",
                (pool,),
            ) as cursor:
                heads = await cursor.fetchall()
            async with self._db.execute(
                "SELECT mp.match_id, mp.seat, mp.side, mp.user_id, mp.computer, mp.rank, "
                "mp.score, mp.stats FROM match_players mp "
                "JOIN matches m ON m.id = mp.match_id WHERE m.pool = ? "
                "ORDER BY mp.match_id, mp.seat",
                (pool,),
            ) as cursor:
                rows = await cursor.fetchall()
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

    async def leaderboard(
        self, pool: str, guild_id: int, *, min_games: int, limit: int, offset: int
    ) -> tuple[list[RatingRow], int]:
        """One page of a board ranked by the conservative rating, and the number of entries
        with at least ``min_games`` rated games."""
        async with self._lock:
            async with self._db.execute(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games >= ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ? OFFSET ?",
                (pool, guild_id, min_games, limit, offset),
            ) as cursor:
                rows = [_rating(row) for row in await cursor.fetchall()]
            async with self._db.execute(
                "SELECT COUNT(*) FROM ratings WHERE pool = ? AND guild_id = ? AND games >= ?",
                (pool, guild_id, min_games),
            ) as cursor:
                count = await cursor.fetchone()
        return rows, int(count[0]) if count else 0

    async def provisional(
        self, pool: str, guild_id: int, *, below: int, limit: int
    ) -> list[RatingRow]:
        """Players of a board with fewer than ``below`` rated games, best first."""
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND games < ? "
                "ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
                (pool, guild_id, below, limit),
            ) as cursor,
        ):
            return [_rating(row) for row in await cursor.fetchall()]

    async def rank_of(self, row: RatingRow, *, min_games: int) -> int | None:
        """The 1-based place of a rating on its board, or None below the minimum of games."""
        if row.games < min_games:
            return None
        async with (
            self._lock,
            self._db.execute(
                "SELECT COUNT(*) FROM ratings WHERE pool = ? AND guild_id = ? AND games >= ? "
                "AND (ordinal > ? OR (ordinal = ? AND (wins > ? OR (wins = ? AND user_id < ?))))",
                (
                    row.pool,
                    row.guild_id,
                    min_games,
                    row.ordinal,
                    row.ordinal,
                    row.wins,
                    row.wins,
                    row.user_id,
                ),
            ) as cursor,
        ):
            found = await cursor.fetchone()
        return int(found[0]) + 1 if found else None

    async def rating(self, pool: str, guild_id: int, user_id: int) -> RatingRow | None:
        async with (
            self._lock,
            self._db.execute(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE pool = ? AND guild_id = ? AND user_id = ?",
                (pool, guild_id, user_id),
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return _rating(row) if row else None

    async def player_matches(
        self, family: str, user_id: int, *, limit: int, offset: int
    ) -> tuple[list[PlayerMatch], int]:
        """A player's finished and abandoned matches of a family, newest first, and how many
        there are."""
        async with self._lock:
            async with self._db.execute(
                "SELECT m.id, m.game_id, m.pool, m.variant, m.outcome, m.rated, mp.rank, "
                "mp.score, (SELECT MAX(o.score) FROM match_players o "
                " WHERE o.match_id = m.id AND o.side != mp.side), m.ended_at "
                "FROM match_players mp JOIN matches m ON m.id = mp.match_id "
                "WHERE m.family = ? AND mp.user_id = ? "
                "ORDER BY m.id DESC LIMIT ? OFFSET ?",
                (family, user_id, limit, offset),
            ) as cursor:
                rows = await cursor.fetchall()
            async with self._db.execute(
                "SELECT COUNT(*) FROM match_players mp "
                "JOIN matches m ON m.id = mp.match_id WHERE m.family = ? AND mp.user_id = ?",
                (family, user_id),
            ) as cursor:
                count = await cursor.fetchone()
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
        async with (
            self._lock,
            self._db.execute(
                "SELECT game_id, user_id, message_id, token, opened, locale, signature FROM panels "
                "WHERE game_id = ? ORDER BY user_id",
                (game_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [PanelRecord(*row) for row in rows]

    # --- server settings -----------------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> str | None:
        """A server's settings as stored (JSON), or None if it never set any."""
        async with (
            self._lock,
            self._db.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else str(row[0])


__all__ = [
    "GLOBAL",
    "Storage",
    "StorageError",
    "Transaction",
    "VersionConflictError",
    "migrations",
]
