"""The game service on the real engine and a real SQLite file (no Discord)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.models import PanelRecord, Source, Status
from bot.service import GameService, ServiceError, Snapshot
from bot.service import core as service_module
from bot.storage import Storage
from engine import allfours
from tests.bot.support import CHANNEL, GUILD, advance, play_until, refused, seated_table

FOUR = [11, 12, 13, 14]


def _user_at(snap: Snapshot, seat: int) -> int:
    user = snap.seats[seat].user_id
    assert user is not None
    return user


async def test_complete_game_matches_a_replay_of_its_log(
    service: GameService, storage: Storage
) -> None:
    """A whole Caribbean game ends with a winner, and replaying the stored log gives the
    stored snapshot exactly."""
    snap = await seated_table(service, "caribbean", FOUR, options={"target": 7})
    final = await play_until(service, snap.id, FOUR)
    assert final.status is Status.FINISHED and final.result is not None
    log = [(a.seat, allfours.decode_action(a.code)) for a in await storage.actions(snap.id)]
    assert len(log) == final.record.version - 1
    replayed = allfours.replay(final.rules, final.record.seed, log)
    assert allfours.dump(replayed) == final.record.snapshot
    matches = await storage.matches("allfours")
    assert [m.game_id for m in matches] == [snap.id]
    winners = {p.side for p in matches[0].players if p.rank == 1}
    assert matches[0].rated and winners == set(final.result.winners)
    changes = {c.user_id: c for c in final.ratings}  # what the game-over message shows
    assert set(changes) == set(FOUR) and all(c.before == 1000 for c in changes.values())
    assert {c.after > 1000 for c in changes.values()} == {True, False}


async def test_only_the_player_to_act_may_act(service: GameService) -> None:
    """Another seat, a spectator and an illegal action are all refused with a reason."""
    snap = await seated_table(service, "caribbean", FOUR)
    version = snap.record.version
    mover = snap.state.to_act
    other = _user_at(snap, (mover + 1) % 4)
    with refused("act.not_your_turn"):
        await service.act(snap.id, other, "S", version)
    with refused("act.not_seated"):
        await service.act(snap.id, 999, "S", version)
    with refused("act.illegal"):
        await service.act(snap.id, _user_at(snap, mover), "R", version)
    with refused("act.unknown_action"):
        await service.act(snap.id, _user_at(snap, mover), "P:Zz", version)


async def test_double_click_applies_exactly_once(service: GameService, storage: Storage) -> None:
    """Two simultaneous clicks on the same button: one applies, the other is stale."""
    snap = await seated_table(service, "caribbean", FOUR)
    user = _user_at(snap, snap.state.to_act)
    results = await asyncio.gather(
        service.act(snap.id, user, "S", snap.record.version),
        service.act(snap.id, user, "S", snap.record.version),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], ServiceError)
    assert errors[0].key == "act.stale"
    assert [a.code for a in await storage.actions(snap.id)] == ["S"]


async def _to_discards(service: GameService, game_id: int) -> None:
    """English for two: the elder begs, the dealer runs the pack, the elder then stands."""
    for _ in range(50):
        snap = await service.snapshot(game_id)
        state = snap.state
        if state.phase is allfours.Phase.DISCARD:
            return
        seat = state.to_act
        code = {
            "declare": "B"
            if state.phase is allfours.Phase.DECLARE
            and state.hand_number == 1
            and len(state.turned_cards) == 1
            else "S",
            "reply": "R",
        }[state.phase.value]
        await service.act(game_id, _user_at(snap, seat), code, snap.record.version)
    raise AssertionError("no discard phase")


async def test_simultaneous_discards_do_not_stale_each_other(service: GameService) -> None:
    """One player's discard leaves the other discarding player's panel usable, while a
    player's own second click on an outdated panel is still refused."""
    snap = await seated_table(service, "english", [21, 22])
    await _to_discards(service, snap.id)
    snap = await service.snapshot(snap.id)
    assert len(allfours.legal_actions(snap.state, 0)) > 0
    assert len(allfours.legal_actions(snap.state, 1)) > 0
    version = snap.record.version
    first, second = _user_at(snap, 0), _user_at(snap, 1)
    first_cards = [str(c) for c in snap.state.hand(0)]
    second_cards = [str(c) for c in snap.state.hand(1)]
    await service.act(snap.id, first, f"D:{first_cards[0]}", version)
    await service.act(snap.id, second, f"D:{second_cards[0]}", version)  # drawn before: fine
    with refused("act.stale"):
        await service.act(snap.id, first, f"D:{first_cards[1]}", version)
    now = await service.snapshot(snap.id)
    assert now.record.version == version + 2
    await service.act(snap.id, first, f"D:{first_cards[1]}", now.record.version)


async def test_lobby_rules(service: GameService) -> None:
    """Host-only buttons, full tables, one table per channel and per player."""
    snap = await seated_table(service, "caribbean", [1, 2], start=False)
    with refused("lobby.host_only"):
        await service.start(snap.id, 2)
    with refused("lobby.not_full"):
        await service.start(snap.id, 1)
    with refused("lobby.already_seated"):
        await service.join(snap.id, 2, "again", None)
    with refused("lobby.channel_busy") as busy:
        await seated_table(service, "english", [3, 4], start=False)
    assert busy.value.params["channel_id"] == CHANNEL
    with refused("lobby.user_busy"):
        await seated_table(service, "english", [2, 5], channel_id=CHANNEL + 1, start=False)
    await service.join(snap.id, 3, "three", 1)
    with refused("lobby.team_full"):
        await service.join(snap.id, 4, "four", 1)
    with refused("lobby.host_cannot_leave"):
        await service.leave_lobby(snap.id, 1)
    await service.leave_lobby(snap.id, 3)
    assert sorted(s.user_id or 0 for s in (await service.snapshot(snap.id)).seats.values()) == [
        1,
        2,
    ]


async def test_a_computer_seat_makes_the_table_unrated_and_plays(service: GameService) -> None:
    """Three computers and one person: the computers answer every turn until the end."""
    snap = await seated_table(service, "caribbean", [7], computers=3, options={"target": 5})
    assert not snap.record.rated
    final = await play_until(service, snap.id, [7])
    assert final.status is Status.FINISHED


async def test_a_hard_computer_plays_a_game_to_the_end(service: GameService) -> None:
    """Level ``hard`` (its search in the workers, on the table's time budget) takes every
    decision of its seat until a short game ends; its moves are logged as the computer's."""
    snap = await seated_table(
        service, "seven-up", [7], options={"players": 2, "target": 2}, start=False
    )
    await service.add_computer(snap.id, 7, "hard")
    await service.start(snap.id, 7)
    final = await play_until(service, snap.id, [7])
    assert final.status is Status.FINISHED
    computer = next(seat for seat, record in final.seats.items() if not record.is_human)
    assert final.seats[computer].level == "hard"
    logged = await service.storage.actions(snap.id)
    assert any(a.seat == computer and a.source is Source.COMPUTER for a in logged)


async def test_options_are_checked_with_translatable_reasons(service: GameService) -> None:
    """Impossible option combinations are refused before a lobby is opened."""
    with refused("options.players"):
        await seated_table(service, "caribbean", [1], options={"players": 3}, start=False)
    with refused("options.kicks_caribbean_only"):
        await seated_table(service, "english", [1], options={"kicks": "tobago"}, start=False)
    with refused("options.low_caribbean"):
        await seated_table(service, "caribbean", [1], options={"low": "captured"}, start=False)
    english = await seated_table(service, "english", [1], options={"low": "captured"}, start=False)
    assert english.rules.low_mode == "captured"
    with refused("options.partnerships_need_four"):
        await seated_table(
            service, "seven-up", [1], options={"players": 3, "partnerships": True}, start=False
        )
    with refused("options.timer"):
        await seated_table(service, "english", [1], turn_seconds=3, start=False)


async def test_turn_timer_lets_the_computer_decide_then_takes_the_seat(
    service: GameService, clock: ManualClock, storage: Storage
) -> None:
    """An expired turn is played by the computer; the third in a row hands the seat over."""
    snap = await seated_table(service, "caribbean", FOUR, turn_seconds=30)
    mover = snap.state.to_act
    assert service.deadlines(snap.id) == {mover: clock.now() + 30}
    await advance(clock, service, 29)
    assert (await service.snapshot(snap.id)).record.version == snap.record.version
    await advance(clock, service, 1)
    after = await service.snapshot(snap.id)
    assert after.record.version > snap.record.version
    log = await storage.actions(snap.id)
    assert (log[0].seat, log[0].source) == (mover, Source.TIMEOUT)
    assert after.seats[mover].timeouts == 1
    for _ in range(200):
        if after.seats[mover].computer or after.status is not Status.PLAYING:
            break
        await advance(clock, service, 30)
        after = await service.snapshot(snap.id)
    assert after.seats[mover].computer and after.seats[mover].timeouts == 3


async def test_a_player_who_acts_resets_the_timeout_count(
    service: GameService, clock: ManualClock
) -> None:
    """Timeouts only hand a seat over when they are consecutive."""
    snap = await seated_table(service, "caribbean", FOUR, turn_seconds=30)
    mover = snap.state.to_act
    await advance(clock, service, 30)
    snap = await service.snapshot(snap.id)
    assert snap.seats[mover].timeouts == 1
    for _ in range(100):
        panel = await service.panel(snap.id, _user_at(snap, mover))
        if panel.codes:
            await service.act(
                snap.id, _user_at(snap, mover), panel.codes[0], panel.snapshot.record.version
            )
            break
        await advance(clock, service, 30)
    assert (await service.snapshot(snap.id)).seats[mover].timeouts == 0


async def test_lobby_closes_after_fifteen_idle_minutes(
    service: GameService, clock: ManualClock
) -> None:
    """A lobby nobody touches is cancelled; touching it restarts the quarter hour."""
    snap = await seated_table(service, "caribbean", [1], start=False)
    await advance(clock, service, 10 * 60)
    await service.join(snap.id, 2, "two", None)
    await advance(clock, service, 10 * 60)
    assert (await service.snapshot(snap.id)).status is Status.LOBBY
    await advance(clock, service, 5 * 60)
    closed = await service.snapshot(snap.id)
    assert closed.status is Status.CANCELLED and closed.record.end_reason == "idle"


async def test_end_records_an_abandoned_unrated_match(
    service: GameService, storage: Storage
) -> None:
    """/end by someone else is refused; by the host it abandons the game, unrated."""
    snap = await seated_table(service, "caribbean", FOUR)
    with refused("end.not_allowed"):
        await service.end(snap.id, 12, can_manage=False)
    ended = await service.end(snap.id, 12, can_manage=True)
    assert ended.status is Status.ABANDONED and not ended.record.rated
    (match,) = await storage.matches("allfours")
    assert match.outcome == "abandoned" and not match.rated
    assert all(p.rank is None for p in match.players)
    with refused("act.table_closed"):
        await service.act(snap.id, 11, "S", ended.record.version)


async def test_leave_hands_the_seat_to_the_computer(service: GameService) -> None:
    """/leave during a game: the computer plays that seat and the player is free again."""
    snap = await seated_table(service, "caribbean", FOUR)
    await service.leave(GUILD, 13)
    await service.wait_idle()
    after = await service.snapshot(snap.id)
    seat = after.seat_of(13)
    assert seat is not None and after.seats[seat].computer
    assert await service.table_of_user(GUILD, 13) is None
    with refused("act.handed_over"):
        await service.act(snap.id, 13, "S", after.record.version)


async def test_restart_resumes_the_game_from_the_database(
    database: Path | str, clock: ManualClock
) -> None:
    """A new service on the same database resumes open games, with the move log the first
    one kept (rebuilt from the action log), and play continues."""
    first_storage = await Storage.open(database)
    first = GameService(first_storage, clock=clock, seeds=lambda: 5, computer_delay=0)
    snap = await seated_table(first, "caribbean", FOUR, turn_seconds=60)
    mid = await play_until(first, snap.id, FOUR, stop=lambda s: s.record.version >= 8)
    await first.close()
    await first_storage.close()

    clock.wake_due(clock.now() + 3600)  # an hour of downtime
    storage = await Storage.open(database)
    second = GameService(storage, clock=clock, computer_delay=0)
    try:
        assert await second.resume() == 1
        again = await second.snapshot(snap.id)
        assert again.record.version == mid.record.version
        assert allfours.dump(again.state) == allfours.dump(mid.state)
        assert mid.log and again.log == mid.log
        (seat,) = second.deadlines(snap.id)
        assert second.deadlines(snap.id)[seat] == clock.now() + 60  # a fresh clock
        final = await play_until(second, snap.id, FOUR)
        assert final.status is Status.FINISHED
    finally:
        await second.close()
        await storage.close()


async def test_a_busy_table_answers_in_time(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click that cannot get the table's lock in time is told to try again, so it is still
    answered within Discord's three seconds."""
    monkeypatch.setattr(service_module, "LOCK_WAIT_SECONDS", 0.01)
    snap = await seated_table(service, "caribbean", FOUR)
    table = service.cached(snap.id)
    assert table is not None
    async with table.lock:  # a long operation holds the table
        with refused("act.busy"):
            await service.act(snap.id, _user_at(snap, snap.state.to_act), "S", snap.record.version)
    await service.act(snap.id, _user_at(snap, snap.state.to_act), "S", snap.record.version)


async def test_panel_handles_wait_together_for_a_moment(
    service: GameService, storage: Storage, clock: ManualClock
) -> None:
    """Panels opened while nobody moves are written together once ``panel_save_seconds``
    have passed (one transaction for all of them), and a stopped service writes what waits."""
    snap = await seated_table(service, "caribbean", FOUR)
    first = PanelRecord(snap.id, 11, 901, "token-1", 5.0, "en", "a")
    second = PanelRecord(snap.id, 12, 902, "token-2", 6.0, "ja", "b")
    await service.keep_panel(first)
    await service.keep_panel(second)
    await advance(clock, service, service.panel_save_seconds / 2)
    assert await storage.panels(snap.id) == []
    await advance(clock, service, service.panel_save_seconds)
    assert sorted(await storage.panels(snap.id), key=lambda p: p.user_id) == [first, second]
    third = PanelRecord(snap.id, 13, 903, "token-3", 7.0, "en", "c")
    await service.keep_panel(third)
    await service.close()
    assert third in await storage.panels(snap.id)


async def test_panel_handles_are_kept_with_the_game_until_it_closes(
    service: GameService, storage: Storage
) -> None:
    """An open panel's handle is stored (it outlives a restart) and forgotten with the table.
    Opening a panel costs no write of its own: the handle goes with the table's next move."""
    snap = await seated_table(service, "caribbean", FOUR)
    handle = PanelRecord(snap.id, 11, 999, "secret-token", 5.0, "en", "abc")
    await service.keep_panel(handle)
    assert await storage.panels(snap.id) == []  # not yet
    await service.act(snap.id, _user_at(snap, snap.state.to_act), "S", snap.record.version)
    assert await storage.panels(snap.id) == [handle]
    assert "secret-token" not in repr(handle)
    await service.end(snap.id, 11, can_manage=True)
    assert await storage.panels(snap.id) == []
    await service.keep_panel(handle)  # a late click on a closed table stores nothing
    await service.save_panels()
    assert await storage.panels(snap.id) == []


async def test_the_computers_pause_is_a_table_option(
    service: GameService, clock: ManualClock
) -> None:
    """Computer seats wait the table's pause before each move, so a person can follow."""
    with refused("options.pause"):
        await service.open_lobby(
            family_name="kqj",
            variant="kqj",
            options={},
            guild_id=1,
            channel_id=77,
            host_id=11,
            host_name="host",
            turn_seconds=None,
            locale="en",
            computer_pause=11.0,
        )
    lobby = await service.open_lobby(
        family_name="kqj",
        variant="kqj",
        options={"target": 500},
        guild_id=1,
        channel_id=77,
        host_id=11,
        host_name="host",
        turn_seconds=None,
        locale="en",
        computer_pause=2.5,
    )
    for _ in range(5):
        await service.add_computer(lobby.id, 11)
    started = await service.start(lobby.id, 11)
    assert started.state is not None and started.state.to_act != 0  # a computer speaks first
    await service.wait_idle()
    assert (await service.snapshot(lobby.id)).record.version == 1  # still waiting
    await advance(clock, service, 2.4)
    assert (await service.snapshot(lobby.id)).record.version == 1
    await advance(clock, service, 0.2)
    assert (await service.snapshot(lobby.id)).record.version == 2


async def test_two_joins_at_once_in_two_channels_seat_the_player_once(
    service: GameService, storage: Storage
) -> None:
    """Both joins pass the service's own check before either commits; the database lets
    only one of them seat the player (on SQLite and on PostgreSQL)."""
    first = await seated_table(service, "english", [1], start=False, channel_id=21)
    second = await seated_table(service, "english", [2], start=False, channel_id=22)
    results = await asyncio.gather(
        service.join(first.id, 3, "cal", None),
        service.join(second.id, 3, "cal", None),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].key == "lobby.user_busy"
    seated = [snap for snap in (first, second) if (await service.snapshot(snap.id)).seat_of(3)]
    assert len(seated) == 1
    mine = await storage.open_game_of_user(GUILD, 3)
    assert mine is not None and mine.id == seated[0].id
    # once that table is cancelled, the player is free again
    await service.cancel(seated[0].id, 1 if seated[0].id == first.id else 2)
    other = second if seated[0].id == first.id else first
    joined = await service.join(other.id, 3, "cal", None)
    assert joined.seat_of(3) is not None
