"""A player's last card plays itself: whenever the seat to act holds one card that it must
play, the service plays it at once (``Source.FORCED``), in every family, and a restart between
a move and the cards it forced plays them on resume."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.clock import ManualClock
from bot.families import family
from bot.models import ActionRecord, Source, Status
from bot.service import GameService, Snapshot
from bot.service.model import last_card
from bot.storage import Storage
from tests.bot.support import play_until, seated_table
from tests.bot.test_kqj_service import SIX, play_kqj

FOUR = [11, 12, 13, 14]


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


async def test_the_seats_computers_take_and_run_out_of_time_also_play_last_cards(
    service: GameService, storage: Storage
) -> None:
    """With three computer seats the last trick still plays itself, whoever leads it."""
    snap = await seated_table(service, "caribbean", FOUR[:1], computers=3, options={"target": 3})
    final = await play_until(service, snap.id, FOUR[:1])
    assert final.status is Status.FINISHED
    assert _check_log(final, await storage.actions(snap.id)) >= 4


async def test_a_stop_between_a_move_and_its_forced_cards_plays_them_on_resume(
    database: Path | str, clock: ManualClock
) -> None:
    """The cards a move forces are committed one by one after it: a kill between the two
    commits leaves a table waiting for a lone card, and the next start plays it."""
    first_storage = await Storage.open(database)
    first = GameService(first_storage, clock=clock, seeds=lambda: 5, computer_delay=0)
    snap = await seated_table(first, "caribbean", FOUR)
    fam = family("allfours")

    def forces_a_card(current: Snapshot[Any, Any]) -> bool:
        seat = fam.expected_actors(current.state)[0]
        after, _ = fam.apply(current.state, seat, fam.legal_actions(current.state, seat)[0])
        return last_card(replace(current, state=after)) is not None

    before = await play_until(first, snap.id, FOUR, stop=forces_a_card)
    assert before.status is Status.PLAYING
    table = await first._table(snap.id)
    seat = fam.expected_actors(before.state)[0]
    action = fam.legal_actions(before.state, seat)[0]
    async with table.lock:  # the move is committed, then the process dies
        await first._apply(table, seat, action, Source.PLAYER, before.seats[seat].user_id)
    pending = table.current
    assert last_card(pending) is not None
    await first.close()
    await first_storage.close()

    storage = await Storage.open(database)
    second = GameService(storage, clock=clock, computer_delay=0)
    try:
        assert await second.resume() == 1
        await second.wait_idle()
        again = await second.snapshot(snap.id)
        assert again.record.version > pending.record.version
        assert last_card(again) is None
        sources = [a.source for a in await storage.actions(snap.id)]
        assert sources[pending.record.version - 1 :] == [Source.FORCED] * (
            again.record.version - pending.record.version
        )
        _check_log(again, await storage.actions(snap.id))
    finally:
        await second.close()
        await storage.close()
