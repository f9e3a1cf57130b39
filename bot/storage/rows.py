"""How rows of the database become the bot's records and back: the columns of ``games``,
seats, ratings, statistics as compact JSON, and the matches of a rating pool."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from typing import Any, Final

from bot.models import (
    GameRecord,
    MatchPlayer,
    MatchRecord,
    RatingRow,
    SeatRecord,
    Status,
)
from bot.storage.backend import Connection

OPEN_STATUSES: Final = (Status.LOBBY.value, Status.PLAYING.value)

GAME_FIELDS: Final = tuple(f.name for f in fields(GameRecord) if f.name != "seats")
"""The columns of ``games``, named and ordered as the fields of ``GameRecord``."""
GAME_COLUMNS: Final = ", ".join(GAME_FIELDS)
RATING_COLUMNS: Final = "pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats"
GAME_FLAGS: Final = ("rated", "pictures")


def stats_text(stats: dict[str, int]) -> str:
    """Statistics as stored: compact JSON with sorted names (zeros left out)."""
    return json.dumps(
        {name: value for name, value in sorted(stats.items()) if value}, separators=(",", ":")
    )


def stats_of(text: str) -> dict[str, int]:
    return {str(name): int(value) for name, value in json.loads(text).items() if value}


def game_of(row: Sequence[Any]) -> GameRecord:
    data = dict(zip(GAME_FIELDS, row, strict=True))
    data["status"] = Status(data["status"])
    for flag in GAME_FLAGS:
        data[flag] = bool(data[flag])
    data["hints"] = None if data["hints"] is None else bool(data["hints"])
    return GameRecord(**data)


def seat_of(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(
        seat=row[0],
        user_id=row[1],
        name=row[2],
        computer=bool(row[3]),
        timeouts=row[4],
        stats=stats_of(row[5]),
        level=row[6],
    )


def rating_of(row: Sequence[Any]) -> RatingRow:
    pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats = row
    return RatingRow(pool, guild_id, user_id, mu, sigma, ordinal, games, wins, stats_of(stats))


def seat_values(game_id: int, s: SeatRecord) -> tuple[Any, ...]:
    return (
        game_id,
        s.seat,
        s.user_id,
        s.name,
        int(s.computer),
        s.timeouts,
        stats_text(s.stats),
        s.level,
    )


async def read_matches(conn: Connection, pool: str) -> list[MatchRecord]:
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
            MatchPlayer(r[1], r[2], r[3], bool(r[4]), r[5], r[6], stats_of(r[7]))
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
