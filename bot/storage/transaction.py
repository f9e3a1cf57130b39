"""Every write of the application (``Transaction``): a move, a seat, a match, ratings, panels,
settings, and what ``/privacy`` and a server's removal delete. Each runs inside
``async with storage.transaction() as tx`` and commits or rolls back as one."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from bot.models import (
    ActionRecord,
    GameRecord,
    MatchRecord,
    PanelRecord,
    RatingRow,
    SeatRecord,
    Turn,
)
from bot.storage.backend import Connection
from bot.storage.errors import VersionConflictError
from bot.storage.rows import (
    GAME_FIELDS,
    GAME_FLAGS,
    OPEN_STATUSES,
    RATING_COLUMNS,
    rating_of,
    read_matches,
    seat_values,
    stats_text,
)


class Transaction:
    """The writes (and the reads they depend on) of one atomic change."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def insert_game(self, game: GameRecord) -> int:
        columns = GAME_FIELDS[1:]  # the id is the database's to choose
        values = [getattr(game, name) for name in columns]
        values[columns.index("status")] = game.status.value
        for flag in GAME_FLAGS:
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
            [seat_values(game_id, s) for s in seats],
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
                    stats_text(p.stats),
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
            f"SELECT {RATING_COLUMNS} FROM ratings "
            f"WHERE pool = ? AND guild_id = ? AND user_id IN ({marks})",
            (pool, guild_id, *ids),
        )
        return {row[2]: rating_of(row) for row in rows}

    async def put_ratings(self, rows: Iterable[RatingRow]) -> None:
        await self._conn.executemany(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
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
                    stats_text(r.stats),
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

    async def put_turns(self, game_id: int, turns: Mapping[int, Turn]) -> None:
        """The turns a turn-based table waits for now (every other stored turn goes)."""
        await self._conn.execute("DELETE FROM turn_deadlines WHERE game_id = ?", (game_id,))
        await self._conn.executemany(
            "INSERT INTO turn_deadlines (game_id, seat, since, due, mentions) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, seat, float(turn.since), float(turn.due), turn.mentions)
                for seat, turn in sorted(turns.items())
            ],
        )

    async def set_turn_mail(self, user_id: int, on: bool) -> None:
        """A player opts into (or out of) direct messages for their turns."""
        if on:
            await self._conn.execute(
                "INSERT INTO turn_mail (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING",
                (user_id,),
            )
        else:
            await self._conn.execute("DELETE FROM turn_mail WHERE user_id = ?", (user_id,))

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
        return await read_matches(self._conn, pool)

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
            "turn_mail": await self._conn.execute(
                "DELETE FROM turn_mail WHERE user_id = ?", (user_id,)
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
