"""A player's last card plays itself: whenever the seat to act holds one card that it must
play, the service plays it at once (``Source.FORCED``), in every family, in the transaction of
the move that forced it; a lone card left waiting by an older bot plays itself on resume."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.families import family
from bot.models import ActionRecord, Source, Status
from bot.service import GameService, Snapshot
from bot.service import play as play_module
from bot.service.model import last_card
from bot.storage import Storage
from engine.core import CardPlayed
from tests.bot.support import play_until, seated_table
from tests.bot.test_kqj_service import SIX, play_kqj

FOUR = [11, 12, 13, 14]


@contextlib.asynccontextmanager
async def _service_on(
    database: Path | str, clock: ManualClock, **options: Any
) -> AsyncIterator[tuple[GameService, Storage]]:
    """A bot's service on ``database``, stopped at the end of the block (a restart is two)."""
    storage = await Storage.open(database)
    service = GameService(storage, clock=clock, computer_delay=0, **options)
    try:
        yield service, storage
    finally:
        await service.close()
        await storage.close()


def _check_log(snap: Snapshot[Any, Any], actions: list[ActionRecord]) -> int:
    """Replay the log move by move: a move is forced exactly when its seat held one card and
    had no other legal action. Returns how many were forced."""
    fam = family(snap.record.family)
    state = fam.new_game(snap.rules, snap.record.seed)
    forced = 0
    for record in actions:
        action = fam.decode(record.code)
        legal = fam.legal_actions(state, record.seat)
        lone = (
            record.seat in fam.expected_actors(state)
            and len(legal) == 1
            and fam.card_played(legal[0]) is not None
            and len(fam.hand_of(state, record.seat)) == 1
        )
        assert (record.source is Source.FORCED) == lone, (record, legal)
        if lone:
            assert action == legal[0] and record.user_id is None
            forced += 1
        state, _ = fam.apply(state, record.seat, action)
    assert fam.dump(state) == snap.record.snapshot
    return forced


async def test_every_last_card_of_an_all_fours_game_played_itself(
    service: GameService, storage: Storage
) -> None:
    """A whole Caribbean game: every hand's last trick (four cards) was played by nobody, and
    no player was ever asked to play a lone card."""
    snap = await seated_table(service, "caribbean", FOUR, options={"target": 7})
    final = await play_until(service, snap.id, FOUR)
    assert final.status is Status.FINISHED
    forced = _check_log(final, await storage.actions(snap.id))
    hands = family("allfours").deal_number(final.state)
    assert forced >= 4 * (hands - 1)  # the last hand may end at the target before its last trick


async def test_every_last_card_of_a_kqj_game_played_itself(
    service: GameService, storage: Storage
) -> None:
    """A whole KQJ 3v3 game, counters out of turn included: six forced cards a round."""
    snap = await seated_table(service, "kqj", SIX, options={"target": 500}, family="kqj")
    final = await play_kqj(service, snap.id, SIX, seed=3)
    assert final.status is Status.FINISHED
    forced = _check_log(final, await storage.actions(snap.id))
    assert forced >= 6 and forced % 6 == 0


async def test_computer_seats_leave_their_last_cards_to_play_themselves(
    service: GameService, storage: Storage
) -> None:
    """With three computer seats the last trick still plays itself, whoever leads it."""
    snap = await seated_table(service, "caribbean", FOUR[:1], computers=3, options={"target": 3})
    final = await play_until(service, snap.id, FOUR[:1])
    assert final.status is Status.FINISHED
    assert _check_log(final, await storage.actions(snap.id)) >= 4


async def test_a_lone_card_left_by_an_older_bot_plays_itself_on_resume(
    database: Path | str, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move and the cards it forces are one transaction, so no stop falls between them;
    but a table stored by a bot from before this rule may wait for a lone card. The next
    start plays it, and the game goes on."""
    fam = family("allfours")
    async with _service_on(database, clock, seeds=lambda: 5) as (first, _):
        snap = await seated_table(first, "caribbean", FOUR)
        with monkeypatch.context() as older_bot:
            older_bot.setattr(play_module, "last_card", lambda fam, state: None)
            pending = await play_until(
                first, snap.id, FOUR, stop=lambda s: last_card(fam, s.state) is not None
            )
        assert pending.status is Status.PLAYING

    async with _service_on(database, clock) as (second, storage):
        assert await second.resume() == 1
        await second.wait_idle()
        again = await second.snapshot(snap.id)
        assert again.record.version > pending.record.version
        assert last_card(fam, again.state) is None
        sources = [a.source for a in await storage.actions(snap.id)]
        assert sources[pending.record.version - 1 :] == [Source.FORCED] * (
            again.record.version - pending.record.version
        )
        final = await play_until(second, snap.id, FOUR)
        assert final.status is Status.FINISHED
        assert _check_log(final, await storage.actions(snap.id)) >= 4


async def test_a_move_and_the_cards_it_forces_are_one_commit(
    service: GameService, storage: Storage
) -> None:
    """The click that ends the fifth trick: its row and the four forced rows are written by
    one transaction (their versions follow each other, the game's version is the last)."""
    snap = await seated_table(service, "caribbean", FOUR)
    fam = family("allfours")

    def before_the_last_trick(current: Snapshot[Any, Any]) -> bool:
        sizes = sorted(len(fam.hand_of(current.state, seat)) for seat in range(4))
        return sizes == [1, 1, 1, 2]

    before = await play_until(service, snap.id, FOUR, stop=before_the_last_trick)
    writes = 0
    transaction = storage.transaction

    def counted() -> Any:
        nonlocal writes
        writes += 1
        return transaction()

    storage.transaction = counted  # type: ignore[method-assign]
    try:
        (user,) = [u for u in FOUR if (await service.panel(snap.id, u)).codes]
        panel = await service.panel(snap.id, user)
        await service.act(snap.id, user, panel.codes[0], before.record.version)
    finally:
        del storage.transaction
    after = await service.snapshot(snap.id)
    assert writes == 1 and after.record.version == before.record.version + 5
    rows = (await storage.actions(snap.id))[-5:]
    assert [a.source for a in rows] == [Source.PLAYER] + [Source.FORCED] * 4
    assert [a.version for a in rows] == list(
        range(before.record.version + 1, after.record.version + 1)
    )


async def test_the_log_rebuilt_after_a_restart_still_knows_the_cards_that_played_themselves(
    database: Path | str, clock: ManualClock
) -> None:
    """The move log is rebuilt from the stored actions when a table is loaded: the forced
    cards are marked there as in the log kept in memory, so the finished hand's message says
    the same after a restart."""
    fam = family("allfours")
    async with _service_on(database, clock, seeds=lambda: 5) as (first, _):
        snap = await seated_table(first, "caribbean", FOUR)
        live = await play_until(first, snap.id, FOUR, stop=lambda s: fam.deal_number(s.state) >= 2)
        forced = [e for e in live.log if e.forced and isinstance(e.event, CardPlayed)]
        assert live.status is Status.PLAYING and len(forced) == 4

    async with _service_on(database, clock) as (second, _):
        assert await second.resume() == 1
        assert (await second.snapshot(snap.id)).log == live.log
