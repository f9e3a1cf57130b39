"""Helpers that drive the real service the way the buttons do."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.families import family
from bot.models import ActionRecord, GameRecord, SeatRecord, Source, Status
from bot.service import GameService, ServiceError, Snapshot

GUILD = 1
CHANNEL = 10


async def seated_table(
    service: GameService,
    variant: str,
    users: Sequence[int],
    *,
    options: dict[str, object] | None = None,
    computers: int = 0,
    turn_seconds: int | None = None,
    channel_id: int = CHANNEL,
    start: bool = True,
    family: str = "allfours",
    guild_id: int = GUILD,
    pace_seconds: int | None = None,
) -> Snapshot[Any, Any]:
    """Open a lobby hosted by ``users[0]``, seat everyone (and computers), and start it."""
    snap = await service.open_lobby(
        family_name=family,
        variant=variant,
        options=options or {},
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=users[0],
        host_name=f"user{users[0]}",
        turn_seconds=turn_seconds,
        locale="en",
        pace_seconds=pace_seconds,
    )
    for user in users[1:]:
        await service.join(snap.id, user, f"user{user}", None)
    for _ in range(computers):
        await service.add_computer(snap.id, users[0])
    if start:
        await service.start(snap.id, users[0])
        await service.wait_idle()  # computer seats may act first
        snap = await service.snapshot(snap.id)
    return snap


async def play_one(
    service: GameService, game_id: int, users: Sequence[int], rng: random.Random
) -> bool:
    """One click by whichever seated person may act (a random legal choice); False if none."""
    for user in users:
        panel = await service.panel(game_id, user)
        if panel.codes:
            code = rng.choice(panel.codes)
            await service.act(game_id, user, code, panel.snapshot.record.version)
            await service.wait_idle()  # let computer seats answer
            return True
    return False


async def play_until(
    service: GameService,
    game_id: int,
    users: Sequence[int],
    *,
    stop: Callable[[Snapshot[Any, Any]], bool] = lambda snap: False,
    seed: int = 0,
    limit: int = 5000,
) -> Snapshot[Any, Any]:
    """Click until the table closes, ``stop`` says so, or nobody can act."""
    rng = random.Random(seed)
    for _ in range(limit):
        snap = await service.snapshot(game_id)
        if snap.status is not Status.PLAYING or stop(snap):
            return snap
        if not await play_one(service, game_id, users, rng):
            return snap
    raise AssertionError("the game did not end")


async def finished_game(service: GameService, guild: int, users: list[int]) -> None:
    """A Caribbean game to 3 in its own channel (``guild * 100``) of ``guild``, played to its
    end by ``users`` (the first hosts)."""
    snap = await service.open_lobby(
        family_name="allfours",
        variant="caribbean",
        options={"target": 3},
        guild_id=guild,
        channel_id=guild * 100,
        host_id=users[0],
        host_name=f"user{users[0]}",
        turn_seconds=None,
        locale="en",
    )
    for user in users[1:]:
        await service.join(snap.id, user, f"user{user}", None)
    await service.start(snap.id, users[0])
    final = await play_until(service, snap.id, users, seed=guild)
    assert final.status is Status.FINISHED


async def advance(clock: ManualClock, service: GameService, seconds: float) -> None:
    """Move the clock on, letting every timer that falls due run in order."""
    target = clock.now() + seconds
    await service.wait_idle()
    while (due := clock.next_deadline()) is not None and due <= target:
        clock.wake_due(due)
        await service.wait_idle()
    clock.wake_due(target)
    await service.wait_idle()


@contextmanager
def refused(key: str) -> Iterator[pytest.ExceptionInfo[ServiceError]]:
    """Expect the service to refuse with this message key."""
    with pytest.raises(ServiceError) as info:
        yield info
    assert info.value.key == key, info.value.key


def game_record(**changes: object) -> GameRecord:
    """A lobby record with one seated host; ``changes`` set any field."""
    record = GameRecord(
        id=0,
        family="allfours",
        variant="caribbean",
        ruleset="{}",
        seed=7,
        status=Status.LOBBY,
        snapshot=None,
        version=0,
        guild_id=1,
        channel_id=10,
        message_id=None,
        message_deal=None,
        host_id=100,
        turn_seconds=None,
        rated=True,
        locale="en",
        last_deal=None,
        end_reason=None,
        ended_by=None,
        created_at=1.0,
        updated_at=1.0,
        seats={0: SeatRecord(seat=0, user_id=100, name="host")},
    )
    for name, value in changes.items():
        setattr(record, name, value)
    return record


def random_finished_game(
    family_name: str,
    rules: Any,
    seed: int,
    *,
    variant: str = "test",
    names: Sequence[str] = (),
    sources: tuple[Source, ...] = (Source.PLAYER,),
) -> tuple[GameRecord, list[ActionRecord]]:
    """A finished game of random legal decisions and its action log, as the bot stores them
    (seat ``s`` is user ``100 + s``, named ``names[s]`` or ``p<s>``; the entries' sources are
    taken from ``sources`` in turn). For replays, reviews and the benchmarks of both."""
    fam = family(family_name)
    rng = random.Random(seed)
    state = fam.new_game(rules, seed)
    log: list[ActionRecord] = []
    while fam.result(state) is None:
        seat = fam.expected_actors(state)[0]
        action = rng.choice(fam.legal_actions(state, seat))
        source = sources[len(log) % len(sources)]
        log.append(ActionRecord(len(log) + 1, seat, fam.encode(action), source, None, 0.0))
        state, _ = fam.apply(state, seat, action)
    seats = {
        s: SeatRecord(s, 100 + s, names[s] if s < len(names) else f"p{s}")
        for s in range(fam.players(rules))
    }
    record = GameRecord(
        id=seed,
        family=family_name,
        variant=variant,
        ruleset=fam.rules_to_json(rules),
        seed=seed,
        status=Status.FINISHED,
        snapshot=None,
        version=len(log),
        guild_id=1,
        channel_id=1,
        message_id=None,
        message_deal=None,
        host_id=100,
        turn_seconds=None,
        rated=False,
        locale="en",
        last_deal=None,
        end_reason=None,
        ended_by=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
    )
    return record, log
