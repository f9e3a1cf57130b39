"""Turn-based tables on the real service and database: a move every few hours, stored
deadlines, several tables per player, two notices per move, and absence handed to the
computer (no Discord here; tests/e2e/test_turn_based.py plays them through SimCord)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bot.clock import ManualClock
from bot.models import Source, Status
from bot.service import GameService
from bot.storage import Storage
from tests.bot.support import GUILD, advance, play_until, refused, seated_table

DAY = 24 * 3600
FOUR = [11, 12, 13, 14]


@dataclass
class Told:
    """A presenter that writes down what the service asks it to tell people."""

    nudges: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    timeouts: list[tuple[int, int, bool]] = field(default_factory=list)

    def refresh(self, game_id: int) -> None:
        pass

    def nudge(self, game_id: int, user_ids: tuple[int, ...]) -> None:
        self.nudges.append((game_id, user_ids))

    def timed_out(self, game_id: int, user_id: int, handed_over: bool) -> None:
        self.timeouts.append((game_id, user_id, handed_over))

    def mentions_of(self, user_id: int) -> int:
        return sum(user_id in users for _, users in self.nudges)


def _mover(snap: object) -> int:
    state = snap.state  # type: ignore[attr-defined]
    return int(snap.seats[state.to_act].user_id)  # type: ignore[attr-defined]


async def test_a_player_sits_at_many_turn_based_tables_and_one_live_one(
    service: GameService,
) -> None:
    """Turn-based seats are not counted by the rule of one live seat per server."""
    for channel in (21, 22, 23):
        await seated_table(service, "caribbean", FOUR, channel_id=channel, pace_seconds=DAY)
    live = await seated_table(service, "caribbean", FOUR, channel_id=24)
    with refused("lobby.user_busy"):
        await seated_table(service, "caribbean", [11, 15, 16, 17], channel_id=25)
    tables = await service.open_tables(GUILD, 11)
    assert len(tables) == 4
    assert {t.snapshot.id for t in tables if not t.snapshot.record.is_turn_based} == {live.id}
    assert (await service.table_of_user(GUILD, 11)) is not None  # the live one


async def test_the_server_default_pace_and_the_choices(service: GameService) -> None:
    """A server may make its tables turn-based by default; a pace off the list is refused,
    and 0 asks for a live table anyway."""
    await service.update_server_settings(GUILD, pace_seconds=12 * 3600)
    snap = await seated_table(service, "caribbean", FOUR, start=False)
    assert snap.record.pace_seconds == 12 * 3600 and snap.record.turn_seconds == 12 * 3600
    assert snap.record.nudge_seconds is None  # turns are told their own way
    live = await seated_table(
        service, "caribbean", [21, 22, 23, 24], channel_id=11, start=False, pace_seconds=0
    )
    assert live.record.pace_seconds is None
    with refused("options.pace"):
        await seated_table(service, "caribbean", [31], channel_id=12, pace_seconds=3600)


async def test_deadlines_survive_a_restart_and_downtime_counts(
    database: Path | str, clock: ManualClock
) -> None:
    """A turn's deadline is stored: after ten hours of downtime a new service finds the same
    deadline (the downtime counts), and the turn runs out when it says."""
    first_storage = await Storage.open(database)
    first = GameService(first_storage, clock=clock, seeds=lambda: 5, computer_delay=0)
    snap = await seated_table(first, "caribbean", FOUR, pace_seconds=DAY)
    (seat,) = first.deadlines(snap.id)
    due = first.deadlines(snap.id)[seat]
    assert due == clock.now() + DAY
    await first.close()
    await first_storage.close()

    clock.wake_due(clock.now() + 10 * 3600)
    storage = await Storage.open(database)
    second = GameService(storage, clock=clock, computer_delay=0)
    second.presenter = told = Told()
    try:
        assert await second.resume() == 1
        assert second.deadlines(snap.id) == {seat: due}
        await advance(clock, second, 14 * 3600 - 1)
        assert (await second.snapshot(snap.id)).record.version == snap.record.version
        await advance(clock, second, 1)
        after = await second.snapshot(snap.id)
        assert after.record.version == snap.record.version + 1
        (last,) = await storage.actions(snap.id, after_version=snap.record.version)
        assert last.source is Source.TIMEOUT and last.seat == seat
        user = snap.seats[seat].user_id
        assert told.timeouts == [(snap.id, user, False)]
        assert after.seats[seat].timeouts == 1 and not after.seats[seat].computer
    finally:
        await second.close()
        await storage.close()


async def test_each_turn_is_told_twice_at_most(service: GameService, clock: ManualClock) -> None:
    """One mention when the turn comes, one when a quarter of the time is left, none more;
    the mention goes when they act, and the next turn is told afresh."""
    service.presenter = told = Told()
    snap = await seated_table(service, "caribbean", FOUR, pace_seconds=DAY)
    await service.wait_idle()
    mover = _mover(snap)
    assert told.nudges == [(snap.id, (mover,))]
    await advance(clock, service, DAY * 3 / 4 - 60)
    assert told.mentions_of(mover) == 1
    await advance(clock, service, 60)
    assert told.nudges[-1] == (snap.id, (mover,)) and told.mentions_of(mover) == 2
    await advance(clock, service, DAY / 4 - 10)
    assert told.mentions_of(mover) == 2
    panel = await service.panel(snap.id, mover)
    await service.act(snap.id, mover, panel.codes[0], panel.snapshot.record.version)
    await service.wait_idle()
    assert (snap.id, ()) in told.nudges  # the mention is taken down
    nxt = _mover(await service.snapshot(snap.id))
    assert told.nudges[-1] == (snap.id, (nxt,))


async def test_two_missed_moves_hand_the_seat_over_and_it_can_be_taken_back(
    service: GameService, clock: ManualClock, storage: Storage
) -> None:
    """The computer (level normal) plays a missed move; a second miss in a row hands the seat
    over; ``take_back`` returns it with a fresh turn. The table stays rated, and the absent
    player's rating counts the game."""
    service.presenter = told = Told()
    snap = await seated_table(service, "caribbean", FOUR, pace_seconds=4 * 3600)
    absent = _mover(snap)
    seat = snap.seat_of(absent)
    assert seat is not None
    others = [u for u in FOUR if u != absent]
    for _ in range(200):
        current = await service.snapshot(snap.id)
        if current.seats[seat].computer or current.status is not Status.PLAYING:
            break
        if _mover_or_none(current) == absent:
            await advance(clock, service, 4 * 3600)
        else:
            await play_until(
                service, snap.id, others, stop=lambda s: _mover_or_none(s) in (absent, None)
            )
    handed = await service.snapshot(snap.id)
    assert handed.seats[seat].computer and handed.record.rated
    assert [t for t in told.timeouts if t[1] == absent][-2:] == [
        (snap.id, absent, False),
        (snap.id, absent, True),
    ]
    back = await service.take_back(snap.id, absent)
    assert not back.seats[seat].computer and back.seats[seat].timeouts == 0
    await service.leave(GUILD, absent, snap.id)  # and away again: the computer plays to the end
    final = await play_until(service, snap.id, others)
    assert final.status is Status.FINISHED and final.record.rated
    rating = await storage.rating("allfours", GUILD, absent)
    assert rating is not None and rating.games == 1


def _mover_or_none(snap: object) -> int | None:
    state = snap.state  # type: ignore[attr-defined]
    if state is None or state.to_act is None:
        return None
    return snap.seats[state.to_act].user_id  # type: ignore[attr-defined, no-any-return]


async def test_take_back_is_for_turn_based_tables(service: GameService) -> None:
    """A live table's seat handed to the computer stays with it (the live rule is unchanged)."""
    snap = await seated_table(service, "caribbean", FOUR)
    await service.leave(GUILD, 13)
    with refused("act.handed_over"):
        await service.take_back(snap.id, 13)


async def test_open_tables_put_the_newest_turn_first(storage: Storage, clock: ManualClock) -> None:
    """Tables waiting for the player come first, the turn that came last first."""
    # the same seed at every table: the same player is to act first at each
    service = GameService(storage, clock=clock, seeds=lambda: 5, computer_delay=0)
    ids = []
    for channel in (31, 32):
        snap = await seated_table(service, "caribbean", FOUR, channel_id=channel, pace_seconds=DAY)
        ids.append(snap.id)
        await advance(clock, service, 60)
    mover = _mover(await service.snapshot(ids[0]))
    listed = [t.snapshot.id for t in await service.open_tables(GUILD, mover)]
    assert listed == [ids[1], ids[0]]
    other = next(u for u in FOUR if u != mover)
    assert [t.seat in t.actors for t in await service.open_tables(GUILD, other)] == [False, False]
    await service.close()


async def test_turn_mail_is_opt_in(service: GameService) -> None:
    """Nobody gets direct messages unless they ask, and they can stop them."""
    assert not await service.wants_turn_mail(11)
    await service.set_turn_mail(11, True)
    await service.set_turn_mail(11, True)
    assert await service.wants_turn_mail(11)
    await service.set_turn_mail(11, False)
    assert not await service.wants_turn_mail(11)
