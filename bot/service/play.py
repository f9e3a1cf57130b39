"""Play: a person's move, a hint, leaving a game, ending a table, and what commits every change
(a move's snapshot, its log row, the seats, the match and the ratings, in one transaction)."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from bot import computers, ratings
from bot.families import add_stats
from bot.models import ActionRecord, SeatRecord, Source, Status
from bot.service.core import ServiceCore
from bot.service.model import (
    AnySnapshot,
    IllegalMoveError,
    Panel,
    RatingChange,
    ServiceError,
    Snapshot,
    Table,
    Told,
    last_card,
    match_record,
    next_turns,
    told,
)
from bot.workers import WorkerFault

log = logging.getLogger("bot.service")


TIMEOUTS_TO_HAND_OVER: Final = 3
"""Consecutive turn-clock expiries after which the computer keeps a person's seat."""
MISSED_TO_HAND_OVER: Final = 2
"""The same at a turn-based table, where a missed move costs everyone hours (BGA's rule)."""


class Play(ServiceCore):
    """Moves, hints, leaving and ending, and committing them."""

    async def hint(self, game_id: int, user_id: int, version: int) -> tuple[Panel, Any]:
        """What level ``hard`` would do in the user's seat now, and why: the panel it was
        asked from and the engine's ``Hint``. Only unrated tables offer hints; the search sees
        the seat's own view and runs in the workers, outside the table's lock, and changes
        nothing. A second click at the same version gets the same hint; a click while the
        seat's hint is being searched is told to wait."""
        table = await self._table(game_id)
        panel = self._panel(table.current, user_id)
        snap = panel.snapshot
        if snap.status is Status.LOBBY:
            raise ServiceError("act.not_started")
        if snap.status is not Status.PLAYING:
            raise ServiceError("act.table_closed")
        if panel.handed_over:
            raise ServiceError("act.handed_over")
        if panel.seat is None or panel.view is None:
            raise ServiceError("act.not_seated")
        if not snap.record.offers_hints:
            raise ServiceError("hint.off")
        if snap.record.version != version:
            raise ServiceError("act.stale")
        if not panel.legal:
            raise ServiceError("act.not_your_turn")
        seat = panel.seat
        known = table.hints.get(seat)
        if known is not None and known[0] == version:
            return panel, known[1]
        if seat in table.hinting:
            raise ServiceError("hint.busy")
        table.hinting.add(seat)
        try:
            rng = random.Random(f"{snap.record.seed}:{version}:{seat}:hint")
            found = await self.workers.run(
                computers.hint,
                table.family.name,
                panel.view,
                list(panel.legal),
                rng,
                time_limit=computers.DECISION_SECONDS,
            )
        except WorkerFault as fault:
            log.warning("table %s: no hint for seat %s: %s", table.id, seat, fault)
            raise ServiceError("hint.unavailable") from None
        finally:
            table.hinting.discard(seat)
        table.hints[seat] = (version, found)
        return panel, found

    async def act(self, game_id: int, user_id: int, code: str, expected_version: int) -> Panel:
        """Apply a player's click and return their panel as it is now (what the click is
        answered with); every refusal is a ServiceError naming why."""
        table = await self._table(game_id)
        # Refusals that need no lock come first: clicks of people who do not play here (a
        # script clicking forged ids, say) never queue behind the table's lock.
        self._seat_of_player(table.current, user_id)
        async with self._locked(table):
            snap = table.current
            seat = self._seat_of_player(snap, user_id)
            fam = table.family
            try:
                action = fam.decode(code)
            except ValueError:
                raise ServiceError("act.unknown_action") from None
            if expected_version != snap.record.version and not await self._still_valid(
                table, seat, action, expected_version
            ):
                raise ServiceError("act.stale")
            legal = fam.legal_actions(snap.state, seat)
            if not legal:
                raise ServiceError("act.not_your_turn")
            if not fam.is_legal(snap.state, seat, action):
                duty = fam.why_illegal(snap.state, seat, action)
                if duty is not None:
                    raise IllegalMoveError(duty, snap.public())
                if (
                    fam.card_played(action) is not None
                    and seat in fam.expected_actors(snap.state)
                    and not any(fam.card_played(other) is not None for other in legal)
                ):  # the hand is shown while its owner stands or begs, bids...: cards come later
                    raise ServiceError("act.card_later")
                raise ServiceError("act.illegal")
            expected = seat in fam.expected_actors(snap.state)
            await self._move(table, seat, action, Source.PLAYER, user_id)
        self._after_change(table, seat if expected else None, action)
        return self._panel(table.current, user_id)

    @staticmethod
    def _seat_of_player(snap: AnySnapshot, user_id: int) -> int:
        """The seat this person plays at a table in play; refused otherwise."""
        if snap.status is Status.LOBBY:
            raise ServiceError("act.not_started")
        if not snap.status.is_open:
            raise ServiceError("act.table_closed")
        seat = snap.seat_of(user_id)
        if seat is None:
            raise ServiceError("act.not_seated")
        if snap.seats[seat].computer:
            raise ServiceError("act.handed_over")
        return seat

    async def _still_valid(
        self, table: Table, seat: int, action: Any, expected_version: int
    ) -> bool:
        """Whether a click drawn at an older version still means what it meant then."""
        if expected_version > table.current.record.version:
            return False
        fam = table.family
        since = []
        for record in await self.storage.actions(table.id, after_version=expected_version):
            try:
                since.append((record.seat, fam.decode(record.code)))
            except ValueError:
                return False
        return fam.still_means_the_same(action, seat, since)

    async def leave(self, guild_id: int, user_id: int, game_id: int | None = None) -> AnySnapshot:
        """``/leave``: out of a lobby, or hand the seat of a game in progress to the computer;
        at ``game_id`` (a turn-based table, say), else at the player's live table."""
        if game_id is not None:
            snap: AnySnapshot | None = await self.snapshot(game_id)
            if snap is not None and snap.seat_of(user_id) is None:
                snap = None
        else:
            snap = await self.table_of_user(guild_id, user_id)
        if snap is None or not snap.status.is_open:
            raise ServiceError("leave.no_table")
        if snap.status is Status.LOBBY:
            return await self.leave_lobby(snap.id, user_id)
        table = await self._table(snap.id)
        async with self._locked(table):
            snap = table.current
            seat = snap.seat_of(user_id)
            if snap.status is not Status.PLAYING or seat is None or snap.seats[seat].computer:
                raise ServiceError("leave.no_table")
            record = replace(snap.seats[seat], computer=True)
            seats = {**snap.seats, seat: record}
            new = replace(snap.record, seats=seats, updated_at=self.clock.now())
            async with self.storage.transaction() as tx:
                await tx.put_seats(new.id, [record])
                await tx.release_seat(new.guild_id, user_id, new.id)
            table.current = replace(snap, record=new)
            table.deadlines.pop(seat, None)
        self._after_change(table, None, None)
        return table.current

    async def take_back(self, game_id: int, user_id: int) -> AnySnapshot:
        """A player takes back the seat the computer played for them at a turn-based table
        (after missed moves, or ``/… leave``); their next turn starts a full clock."""
        table = await self._table(game_id)
        async with self._locked(table):
            snap = table.current
            seat = snap.seat_of(user_id)
            if seat is None or snap.status is not Status.PLAYING:
                raise ServiceError("act.not_seated")
            if not snap.record.is_turn_based:
                raise ServiceError("act.handed_over")
            if not snap.seats[seat].computer:
                return snap
            record = replace(snap.seats[seat], computer=False, timeouts=0)
            seats = {**snap.seats, seat: record}
            new = replace(snap.record, seats=seats, updated_at=self.clock.now())
            fresh = Snapshot(new, snap.rules, snap.state)
            turns = next_turns(table.turns, fresh, self.clock.now(), seat)
            async with self.storage.transaction() as tx:
                await tx.put_seats(new.id, [record])
                await tx.put_turns(new.id, turns)
            table.current, table.turns = fresh, turns
            log.info("table %s: seat %s taken back by its player", table.id, seat)
        self._after_change(table, None, None)
        return table.current

    async def end(self, game_id: int, user_id: int, *, can_manage: bool) -> AnySnapshot:
        """``/end``: the host or a server manager closes the table (abandoned, unrated)."""
        table = await self._table(game_id)
        async with self._locked(table):
            snap = table.current
            if not snap.status.is_open:
                raise ServiceError("act.table_closed")
            if user_id != snap.record.host_id and not can_manage:
                raise ServiceError("end.not_allowed", host=f"<@{snap.record.host_id}>")
            if snap.status is Status.LOBBY:
                await self._close(table, Status.CANCELLED, "cancelled", user_id)
            else:
                await self._close(table, Status.ABANDONED, "ended", user_id)
        return table.current

    async def _move(
        self, table: Table, seat: int, action: Any, source: Source, user_id: int | None
    ) -> None:
        """Apply one engine action, then the last cards that play themselves after it
        (``last_card``), and commit them together with their log rows (the lock is held).

        A forced card is a move of its own in the log (``Source.FORCED``), but it shares the
        move's transaction: the answer to a click waits for one commit, as for any move, and
        a stop never falls between a move and the cards it forced."""
        snap = table.current
        fam = table.family
        state, log, version = snap.state, snap.log, snap.record.version
        seats = {s: replace(r) for s, r in snap.seats.items()}
        actions: list[ActionRecord] = []
        summary: str | None = None
        while True:
            before = state
            state, events = fam.apply(before, seat, action)
            mover = seats[seat]
            if source is Source.PLAYER:
                mover.timeouts = 0
            elif source is Source.TIMEOUT:
                mover.timeouts += 1
                paced = snap.record.is_turn_based
                if mover.timeouts >= (MISSED_TO_HAND_OVER if paced else TIMEOUTS_TO_HAND_OVER):
                    mover.computer = True  # and the player is free to sit elsewhere (_commit)
            for s, stats in fam.stats(state, events).items():
                seats[s].stats = add_stats(seats[s].stats, stats)
            version += 1
            actions.append(
                ActionRecord(
                    version=version,
                    seat=seat,
                    code=fam.encode(action),
                    source=source,
                    user_id=user_id,
                    at=self.clock.now(),
                )
            )
            summary = fam.deal_summary(before, events) or summary
            forced_card = source is Source.FORCED
            log = told(fam, log, fam.deal_number(before), version, seat, events, forced=forced_card)
            forced = last_card(fam, state)
            if forced is None:
                break
            seat, action = forced
            source, user_id = Source.FORCED, None
        await self._commit(table, state, seats, actions=actions, summary=summary, log=log)

    async def _play_last_cards(self, table: Table) -> None:
        """A lone card left waiting, in a table stored by a bot that did not play it (one
        from before this rule): it plays itself now (the lock is held)."""
        snap = table.current
        forced = last_card(snap.family, snap.state) if snap.status is Status.PLAYING else None
        if forced is not None:
            seat, action = forced
            await self._move(table, seat, action, Source.FORCED, None)

    async def _commit(
        self,
        table: Table,
        state: Any,
        seats: dict[int, SeatRecord],
        *,
        actions: Sequence[ActionRecord],
        summary: str | None,
        log: tuple[Told, ...] = (),
    ) -> None:
        snap = table.current
        fam = table.family
        finished = fam.result(state) is not None
        record = replace(
            snap.record,
            status=Status.FINISHED if finished else Status.PLAYING,
            snapshot=fam.dump(state),
            version=snap.record.version + max(1, len(actions)),
            last_deal=summary if summary is not None else snap.record.last_deal,
            end_reason="finished" if finished else None,
            seats=seats,
            updated_at=self.clock.now(),
        )
        changed = [r for s, r in seats.items() if r != snap.seats.get(s)]
        match = match_record(fam, record, state, "finished") if finished else None
        new = Snapshot(record, snap.rules, state)
        turns = table.turns
        if record.is_turn_based:
            moved = None
            if actions and not fam.is_partial(fam.decode(actions[0].code)):
                moved = actions[0].seat
            turns = next_turns(table.turns, new, self.clock.now(), moved)
        async with self.storage.transaction() as tx:
            await tx.update_game(record, expected_version=snap.record.version)
            for action in actions:
                await tx.insert_action(record.id, action)
            if match is None:  # the panels opened since the last write go with the move
                for panel in table.unsaved_panels.values():
                    await tx.put_panel(panel)
            if changed:
                await tx.put_seats(record.id, changed)
            for seat in changed:
                if (
                    seat.computer
                    and seat.user_id is not None
                    and not snap.seats[seat.seat].computer
                ):
                    await tx.release_seat(record.guild_id, seat.user_id, record.id)
            if turns != table.turns:
                await tx.put_turns(record.id, turns)
            changes: tuple[RatingChange, ...] = ()
            if match is not None:
                await tx.insert_match(match)
                users = [p.user_id for p in match.players if p.user_id is not None]
                before = await tx.ratings_of(match.pool, match.guild_id, users)
                after = await ratings.record(tx, match)
                changes = tuple(
                    RatingChange(
                        row.user_id,
                        ratings.displayed(before[row.user_id])
                        if row.user_id in before
                        else ratings.SCALE_BASE,
                        ratings.displayed(row),
                    )
                    for row in after
                    if row.guild_id == match.guild_id
                )
                await tx.delete_panels(record.id)
                await tx.release_table(record.id)
        table.unsaved_panels.clear()
        table.current = replace(new, log=log, ratings=changes)
        table.turns = turns

    async def _close(self, table: Table, status: Status, reason: str, user_id: int | None) -> None:
        """Cancel a lobby or abandon a game (the lock is held)."""
        snap = table.current
        record = replace(
            snap.record,
            status=status,
            rated=False if status is Status.ABANDONED else snap.record.rated,
            end_reason=reason,
            ended_by=user_id,
            updated_at=self.clock.now(),
        )
        match = (
            match_record(table.family, record, snap.state, "abandoned")
            if status is Status.ABANDONED and snap.state is not None
            else None
        )
        async with self.storage.transaction() as tx:
            await tx.update_game(record, expected_version=snap.record.version)
            if match is not None:
                await tx.insert_match(match)
            await tx.delete_panels(record.id)
            await tx.release_table(record.id)
        table.current = replace(snap, record=record)
        self._retire(table)
        self._refresh(table)
        log.info("table %s closed (%s)", record.id, reason)
