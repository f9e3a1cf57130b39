"""Several bot processes on one PostgreSQL database, each running its own shards: every
process plays the games of its servers, resumes only those, refuses the others', and all of
them share the ratings and boards. (Two services with their own storage pools stand for two
processes.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from bot import ratings
from bot.clock import ManualClock
from bot.models import GLOBAL, Status
from bot.service import GameService
from bot.shards import Shards, shard_of
from bot.storage import Storage
from tests.bot.support import game_record, play_until, refused, seated_table

COUNT = 2
SERVER_OF_SHARD = (2 << 22, 3 << 22)  # Discord routes server (n << 22) to shard n % count
PLAYERS = [21, 22, 23, 24]


@dataclass
class Process:
    storage: Storage
    service: GameService


@pytest_asyncio.fixture
async def processes(postgres_url: str) -> AsyncIterator[list[Process]]:
    """One process per shard on one database."""
    running = []
    for shard in range(COUNT):
        storage = await Storage.open(postgres_url)
        seeds = iter(range(5000 + 1000 * shard, 6000 + 1000 * shard))
        service = GameService(
            storage,
            clock=ManualClock(),
            seeds=lambda seeds=seeds: next(seeds),
            computer_delay=0,
            shards=Shards(COUNT, frozenset({shard})),
        )
        running.append(Process(storage, service))
    yield running
    for process in running:
        await process.service.close()
        await process.storage.close()


def test_the_servers_of_the_tests_are_on_their_shards() -> None:
    assert [shard_of(guild, COUNT) for guild in SERVER_OF_SHARD] == [0, 1]


async def test_each_process_plays_its_servers_and_all_share_one_board(
    processes: list[Process],
) -> None:
    """Both processes play a whole game at the same time in their own server, with the same
    four people; the global board counts both games, each server's board its own, and the
    ratings equal a rebuild from the shared match records."""
    tables = [
        await seated_table(
            p.service,
            "caribbean",
            PLAYERS,
            options={"target": 7},
            guild_id=guild,
            channel_id=guild + 1,
        )
        for p, guild in zip(processes, SERVER_OF_SHARD, strict=True)
    ]
    finals = await asyncio.gather(
        *(
            play_until(p.service, table.id, PLAYERS, seed=shard)
            for shard, (p, table) in enumerate(zip(processes, tables, strict=True))
        )
    )
    assert [final.status for final in finals] == [Status.FINISHED] * COUNT
    for p in processes:  # either process reads the same boards
        board, total = await p.storage.leaderboard(
            "allfours", GLOBAL, min_games=0, limit=10, offset=0
        )
        assert total == 4 and {row.games for row in board} == {2}
        for guild in SERVER_OF_SHARD:
            board, total = await p.storage.leaderboard(
                "allfours", guild, min_games=0, limit=10, offset=0
            )
            assert total == 4 and {row.games for row in board} == {1}
    before, _ = await processes[0].storage.leaderboard(
        "allfours", GLOBAL, min_games=0, limit=10, offset=0
    )
    await ratings.rebuild(processes[1].storage, "allfours")
    after, _ = await processes[0].storage.leaderboard(
        "allfours", GLOBAL, min_games=0, limit=10, offset=0
    )
    assert [(r.user_id, r.mu, r.sigma) for r in before] == [
        (r.user_id, r.mu, r.sigma) for r in after
    ]


async def test_a_process_refuses_the_games_of_another_shard(processes: list[Process]) -> None:
    """A click or a new table for a server of the other shard is refused (correct routing
    never sends one), and the game is untouched."""
    mine, other = processes
    table = await seated_table(other.service, "caribbean", PLAYERS, guild_id=SERVER_OF_SHARD[1])
    mover = table.seats[table.state.to_act].user_id
    assert mover is not None
    with refused("table.unknown"):
        await mine.service.act(table.id, mover, "S", table.record.version)
    with refused("table.unknown"):
        await mine.service.join(table.id, 99, "late", None)
    with refused("table.unknown"):
        await seated_table(mine.service, "caribbean", [31, 32, 33, 34], guild_id=SERVER_OF_SHARD[1])
    stored = await mine.storage.game(table.id)
    assert stored is not None and stored.version == table.record.version


async def test_a_restarted_process_resumes_only_its_own_servers(
    processes: list[Process], postgres_url: str
) -> None:
    """Open tables in both servers; a process started again brings back its shard's table
    only."""
    opened = [
        await seated_table(p.service, "caribbean", PLAYERS, guild_id=guild, channel_id=guild + 1)
        for p, guild in zip(processes, SERVER_OF_SHARD, strict=True)
    ]
    for shard in range(COUNT):
        storage = await Storage.open(postgres_url)
        restarted = GameService(
            storage, clock=ManualClock(), shards=Shards(COUNT, frozenset({shard}))
        )
        try:
            assert await restarted.resume() == 1
            assert restarted.cached(opened[shard].id) is not None
            assert restarted.cached(opened[1 - shard].id) is None
        finally:
            await restarted.close()
            await storage.close()


async def test_open_games_filtered_by_shards(database: Path | str) -> None:
    """The storage lists the open games of some shards' servers (on either database)."""
    storage = await Storage.open(database)
    try:
        guilds = [n << 22 for n in range(6)]
        async with storage.transaction() as tx:
            ids = [
                await tx.insert_game(game_record(guild_id=guild, channel_id=guild + 1))
                for guild in guilds
            ]
            await tx.insert_game(
                game_record(guild_id=guilds[0], channel_id=7, status=Status.FINISHED)
            )
        assert [g.id for g in await storage.open_games()] == ids
        assert [g.id for g in await storage.open_games(Shards(3, frozenset({1})))] == [
            ids[1],
            ids[4],
        ]
        assert [g.id for g in await storage.open_games(Shards(3, frozenset({0, 2})))] == [
            ids[0],
            ids[2],
            ids[3],
            ids[5],
        ]
        assert len(await storage.open_games(Shards.all_of(3))) == 6
    finally:
        await storage.close()
