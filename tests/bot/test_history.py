"""Finished games looked back at, on databases written by earlier versions of the bot (fbf50c9:
schema 1; c6fda7c: schema 5): every finished game replays through today's engine to its
stored result, its record reads back and replays to the same state, and what may not be
shown is refused."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.clock import ManualClock
from bot.families import family
from bot.models import Status
from bot.service import GameService, ServiceError
from bot.storage import Storage
from engine import records
from tests.bot.support import GUILD, play_until, seated_table

FIXTURES = Path(__file__).parent / "fixtures"
DUMPS = ("schema1_fbf50c9.sql", "schema5_c6fda7c.sql")


@pytest_asyncio.fixture(params=DUMPS)
async def old_service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameService]:
    """Today's service on a database an earlier version wrote (rebuilt from its dump)."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.executescript((FIXTURES / request.param).read_text(encoding="utf-8"))
    storage = await Storage.open(path)
    service = GameService(storage, clock=ManualClock(), computer_delay=0)
    try:
        yield service
    finally:
        await service.close()
        await storage.close()


async def _games(service: GameService, status: Status) -> list[int]:
    found = []
    for game_id in range(1, 50):
        record = await service.storage.game(game_id)
        if record is not None and record.status is status:
            found.append(game_id)
    return found


async def test_every_finished_game_replays_to_its_stored_result(old_service: GameService) -> None:
    """Replayed step by step through the engine, each finished game ends where the stored
    game ended: over, with the stored scores; its record is read back by the engine and
    replays to that same state."""
    finished = await _games(old_service, Status.FINISHED)
    assert finished
    for game_id in finished:
        record = await old_service.storage.game(game_id)
        assert record is not None
        player = next(s.user_id for s in record.seats.values() if s.user_id is not None)
        replay = await old_service.replay(game_id, player, record.guild_id)
        fam = family(record.family)
        final = replay.steps[-1].state
        stored = (await old_service.snapshot(game_id)).state
        assert fam.result(final) is not None and fam.result(final) == fam.result(stored)
        assert fam.scores(final) == fam.scores(stored)
        assert len(replay.steps) == len(await old_service.storage.actions(game_id)) + 1
        assert replay.stops[0] == 0 and replay.stops[-1] == len(replay.steps) - 1
        name, text = await old_service.record_text(game_id, player, record.guild_id)
        assert name == f"{record.family}-{game_id}.txt"
        game, state = records.check(text)
        assert state == final
        assert records.read(records.write(game)) == game


async def test_history_lists_a_players_finished_games_newest_first(
    old_service: GameService,
) -> None:
    """Every finished game of a player is on their history, newest first; a rated one says
    what it did to their rating on the global board."""
    finished = await _games(old_service, Status.FINISHED)
    record = await old_service.storage.game(finished[0])
    assert record is not None
    player = next(s.user_id for s in record.seats.values() if s.user_id is not None)
    assert player is not None
    page = await old_service.history(record.family, player, None, 0)
    ids = [game.snapshot.id for game in page.games]
    assert finished[0] in ids or page.pages > 1
    assert ids == sorted(ids, reverse=True)
    assert all(game.snapshot.status is Status.FINISHED for game in page.games)
    rated = [game for game in page.games if game.snapshot.record.rated]
    assert rated and all(game.rating is not None for game in rated)


async def test_what_may_not_be_replayed_is_refused(old_service: GameService) -> None:
    """A game not finished shows nothing hidden; another server's game is refused to someone
    who did not play in it, and shown to one of its players."""
    refused = [*await _games(old_service, Status.PLAYING)]
    refused += await _games(old_service, Status.ABANDONED)
    assert refused
    for game_id in refused:
        record = await old_service.storage.game(game_id)
        assert record is not None
        with pytest.raises(ServiceError) as caught:
            await old_service.replay(game_id, record.host_id, record.guild_id)
        assert caught.value.key == "replay.unfinished"
        with pytest.raises(ServiceError):
            await old_service.record_text(game_id, record.host_id, record.guild_id)
    game_id = (await _games(old_service, Status.FINISHED))[0]
    record = await old_service.storage.game(game_id)
    assert record is not None
    elsewhere = record.guild_id + 1
    with pytest.raises(ServiceError) as caught:
        await old_service.replay(game_id, 999_999, elsewhere)
    assert caught.value.key == "replay.elsewhere"
    player = next(s.user_id for s in record.seats.values() if s.user_id is not None)
    assert player is not None
    assert (await old_service.replay(game_id, player, elsewhere)).record.id == game_id


async def test_a_forgotten_player_is_not_named_by_replays_or_records(
    old_service: GameService,
) -> None:
    """After ``delete_data --player``, the games they played still replay for the others,
    and neither the replay nor the record names them (nothing about them is kept apart)."""
    game_id = (await _games(old_service, Status.FINISHED))[0]
    record = await old_service.storage.game(game_id)
    assert record is not None
    seat = next(s for s in record.seats.values() if s.user_id is not None)
    assert seat.user_id is not None and seat.name
    async with old_service.storage.transaction() as tx:
        await tx.forget_player(seat.user_id)
    with pytest.raises(ServiceError):  # no longer theirs: another server refuses them
        await old_service.replay(game_id, seat.user_id, record.guild_id + 1)
    replay = await old_service.replay(game_id, 0, record.guild_id)
    assert all(s.name != seat.name for s in replay.record.seats.values())
    _, text = await old_service.record_text(game_id, 0, record.guild_id)
    assert f'"{seat.name}"' not in text and str(seat.user_id) not in text
    records.check(text)
    page = await old_service.history(record.family, seat.user_id, None, 0)
    assert page.games == ()


async def test_history_reads_alike_on_both_databases(service: GameService) -> None:
    """On SQLite and PostgreSQL: a finished game is on its players' history of its server
    and of every server, not on another server's; the pool's mark moves with the match."""
    before = await service.storage.matches_mark("allfours")
    snap = await seated_table(service, "seven-up", [11, 12], options={"target": 2})
    await play_until(service, snap.id, [11, 12])
    assert (await service.snapshot(snap.id)).status is Status.FINISHED
    count, newest = await service.storage.matches_mark("allfours")
    assert count == before[0] + 1 and newest > before[1]
    for guild_id in (GUILD, None):
        found, total = await service.storage.finished_games_of(
            "allfours", 12, guild_id, limit=5, offset=0
        )
        assert total == 1 and found[0][0] == snap.id
    assert await service.storage.finished_games_of(
        "allfours", 12, GUILD + 1, limit=5, offset=0
    ) == ([], 0)
    page = await service.history("allfours", 11, GUILD, 0)
    (game,) = page.games
    assert game.snapshot.id == snap.id and game.rating is not None
    assert game.rating[0] == 1000 and game.rating[1] != 1000
