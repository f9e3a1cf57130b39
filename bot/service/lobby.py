"""Lobbies and seats: a new table, who sits where, computers seated by the host, the start,
"Play again", and the database's rule of one live seat per player and server."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Final

from bot.families import OptionsError, add_stats, family
from bot.models import GameRecord, SeatRecord, Status
from bot.server_settings import MAX_TURN_SECONDS, MIN_TURN_SECONDS, PACE_HOURS
from bot.service.core import ServiceCore
from bot.service.model import AnySnapshot, ServiceError, Snapshot, Table, free_seat, table_link
from bot.service.servers import public_language
from bot.storage import IntegrityError, Transaction
from bot.translator import T

log = logging.getLogger("bot.service")


DEFAULT_LEVEL: Final = "normal"
"""The level of a computer seat the host did not choose."""
MAX_COMPUTER_PAUSE: Final = 10.0


class SeatTakenError(Exception):
    """A person's claim of a live seat was refused: they sit at another table of the server."""


class Lobby(ServiceCore):
    """Opening a table, taking and leaving seats, starting, playing again, cancelling."""

    async def open_lobby(
        self,
        *,
        family_name: str,
        variant: str | None,
        options: dict[str, object],
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        turn_seconds: int | None,
        locale: str,
        computer_pause: float | None = None,
        parent_channel_id: int | None = None,
        pictures_allowed: bool = True,
        pace_seconds: int | None = None,
    ) -> AnySnapshot:
        """A new table in the lobby, with the host in the first seat. What the host leaves
        unsaid comes from the server's settings (variant, options, timer, nudges, pictures,
        the language of the public messages; ``locale`` is the server's preferred locale).
        ``pictures_allowed`` False: the channel lets the bot attach no picture, so the table
        is told in text alone. ``pace_seconds``: a turn-based table's time per move, 0 a live
        table, None the server's default pace."""
        fam = family(family_name)
        self._check_owned(guild_id)
        settings = await self.server_settings(guild_id)
        if not settings.allows_channel(channel_id, parent_channel_id):
            raise ServiceError(
                "lobby.channel_not_allowed",
                channels=" ".join(f"<#{channel}>" for channel in settings.channels),
            )
        variant = variant or settings.variants.get(fam.name) or fam.variants[0]
        chosen = {k: v for k, v in options.items() if v is not None}
        options = {**settings.options.get(fam.name, {}), **chosen}
        try:
            rules = fam.build_rules(variant, options)
        except OptionsError as exc:
            raise ServiceError(exc.key, **exc.params) from None
        pace = settings.pace_seconds if pace_seconds is None else pace_seconds or None
        if pace is not None and pace not in {hours * 3600 for hours in PACE_HOURS}:
            raise ServiceError("options.pace", hours=", ".join(map(str, PACE_HOURS)))
        if pace is not None:
            turn_seconds = pace  # the turn clock runs at the table's pace
        elif turn_seconds is None:
            turn_seconds = settings.turn_seconds
        live_timer = pace is None and turn_seconds is not None
        if live_timer and not MIN_TURN_SECONDS <= (turn_seconds or 0) <= MAX_TURN_SECONDS:
            raise ServiceError("options.timer", min=MIN_TURN_SECONDS, max=MAX_TURN_SECONDS)
        if computer_pause is not None and not 0 <= computer_pause <= MAX_COMPUTER_PAUSE:
            raise ServiceError("options.pause", max=int(MAX_COMPUTER_PAUSE))
        await self._check_free(guild_id, channel_id, host_id, live=pace is None)
        now = self.clock.now()
        record = GameRecord(
            id=0,
            family=fam.name,
            variant=variant,
            ruleset=fam.rules_to_json(rules),
            seed=self._seeds(),
            status=Status.LOBBY,
            snapshot=None,
            version=0,
            guild_id=guild_id,
            channel_id=channel_id,
            message_id=None,
            message_deal=None,
            host_id=host_id,
            turn_seconds=turn_seconds,
            rated=True,
            locale=public_language(settings, locale),
            last_deal=None,
            end_reason=None,
            ended_by=None,
            created_at=now,
            updated_at=now,
            seats={0: SeatRecord(seat=0, user_id=host_id, name=host_name)},
            computer_pause=computer_pause,
            # a turn-based table tells people of their turn its own way (clocks.py)
            nudge_seconds=settings.nudge_seconds if pace is None else None,
            pictures=settings.pictures and pictures_allowed,
            pace_seconds=pace,
        )
        try:
            async with self.storage.transaction() as tx:
                game_id = await tx.insert_game(record)
                if pace is None:
                    await self._claim(tx, guild_id, host_id, game_id)
        except (IntegrityError, SeatTakenError):
            # Another /start in this channel, or another seat of the host's, won the race
            # (the database refused this one).
            await self._check_free(guild_id, channel_id, host_id, live=pace is None)
            raise ServiceError("act.busy") from None
        record = replace(record, id=game_id)
        table = Table(family=fam, current=Snapshot(record, rules, None))
        self._tables[game_id] = table
        self._arm_lobby(table)
        log.info("table %s opened in channel %s (%s)", game_id, channel_id, variant)
        return table.current

    @staticmethod
    async def _claim(tx: Transaction, guild_id: int, user_id: int, game_id: int) -> None:
        """Seat a person at a live table: the database refuses a second live seat in one
        server (``SeatTakenError``, and the transaction rolls back)."""
        if not await tx.claim_seat(guild_id, user_id, game_id):
            raise SeatTakenError(user_id)

    async def _check_free(
        self, guild_id: int, channel_id: int, user_id: int, *, live: bool
    ) -> None:
        """One open table per channel; and at a live table, one live seat per player and
        server (turn-based seats are not counted: a player may sit at any number)."""
        here = await self.storage.open_game_in_channel(channel_id)
        if here is not None:
            raise ServiceError(
                "lobby.channel_busy", channel_id=here.channel_id, link=table_link(here)
            )
        if live:
            await self._check_user_free(guild_id, user_id)

    async def _check_user_free(self, guild_id: int, user_id: int) -> None:
        mine = await self.storage.open_game_of_user(guild_id, user_id)
        if mine is not None:
            raise ServiceError(
                "lobby.user_busy",
                channel_id=mine.channel_id,
                link=table_link(mine),
                command=T(f"cmdname.{mine.family}"),
            )

    async def set_message(self, game_id: int, message_id: int | None, deal: int | None) -> None:
        """Record the message that shows the table now (lobby: ``deal`` None)."""
        async with self.storage.transaction() as tx:
            await tx.set_message(game_id, message_id, deal)
        table = self._tables.get(game_id)
        if table is not None:
            table.message_id, table.message_deal = message_id, deal

    async def join(self, game_id: int, user_id: int, name: str, team: int | None) -> AnySnapshot:
        """Take a free seat (of ``team``, an index into the family's lobby teams, if given)."""
        table = await self._open_table(game_id)
        async with self._locked(table):
            snap = self._lobby(table)
            if snap.seat_of(user_id) is not None:
                raise ServiceError("lobby.already_seated")
            live = not snap.record.is_turn_based
            if live:
                await self._check_user_free(snap.record.guild_id, user_id)
            seat = free_seat(table.family, snap, team)
            taken = SeatRecord(seat=seat, user_id=user_id, name=name)
            try:
                await self._put_lobby_seats(table, [taken], claim=user_id if live else None)
            except SeatTakenError:  # they sat down elsewhere in the meantime
                await self._check_user_free(snap.record.guild_id, user_id)
                raise ServiceError("act.busy") from None
        return table.current

    async def leave_lobby(self, game_id: int, user_id: int) -> AnySnapshot:
        table = await self._open_table(game_id)
        async with self._locked(table):
            snap = self._lobby(table)
            seat = snap.seat_of(user_id)
            if seat is None:
                raise ServiceError("lobby.not_seated")
            if user_id == snap.record.host_id:
                raise ServiceError("lobby.host_cannot_leave")
            await self._put_lobby_seats(table, [], remove=seat, release=user_id)
        return table.current

    async def add_computer(
        self, game_id: int, user_id: int, level: str | None = None
    ) -> AnySnapshot:
        """Fill a free seat with the computer at ``level`` (default ``normal``); the table
        becomes unrated. A server may not allow computer players."""
        table = await self._open_table(game_id)
        level = level or DEFAULT_LEVEL
        if level not in table.family.levels:
            raise ServiceError("lobby.unknown_level")
        async with self._locked(table):
            snap = self._lobby(table)
            self._check_host(snap, user_id)
            if not (await self.server_settings(snap.record.guild_id)).computers:
                raise ServiceError("lobby.no_computers")
            seat = free_seat(table.family, snap, None)
            computer = SeatRecord(seat=seat, user_id=None, name="", computer=True, level=level)
            await self._put_lobby_seats(table, [computer], unrated=True)
        return table.current

    async def set_hints(self, game_id: int, user_id: int, on: bool) -> AnySnapshot:
        """The host turns the panels' hints on or off (only unrated tables offer them)."""
        table = await self._open_table(game_id)
        async with self._locked(table):
            snap = self._lobby(table)
            self._check_host(snap, user_id)
            record = replace(snap.record, hints=on, updated_at=self.clock.now())
            async with self.storage.transaction() as tx:
                await tx.update_game(record, expected_version=snap.record.version)
            table.current = replace(snap, record=record)
            self._refresh(table)
        return table.current

    async def _put_lobby_seats(
        self,
        table: Table,
        seats: list[SeatRecord],
        *,
        remove: int | None = None,
        unrated: bool = False,
        claim: int | None = None,
        release: int | None = None,
    ) -> None:
        """Write the lobby's seats: ``seats`` taken (``claim``: by this person, who must be
        free), ``remove`` left (``release``: by this person)."""
        snap = table.current
        all_seats = dict(snap.seats)
        for seat in seats:
            all_seats[seat.seat] = seat
        if remove is not None:
            all_seats.pop(remove, None)
        record = replace(
            snap.record,
            seats=all_seats,
            rated=snap.record.rated and not unrated,
            updated_at=self.clock.now(),
        )
        async with self.storage.transaction() as tx:
            await tx.update_game(record, expected_version=snap.record.version)
            if seats:
                await tx.put_seats(record.id, seats)
            if remove is not None:
                await tx.delete_seat(record.id, remove)
            if claim is not None:
                await self._claim(tx, record.guild_id, claim, record.id)
            if release is not None:
                await tx.release_seat(record.guild_id, release, record.id)
        table.current = replace(snap, record=record)
        self._arm_lobby(table)
        self._refresh(table)

    async def start(self, game_id: int, user_id: int) -> AnySnapshot:
        """Deal the first hand (host only, every seat taken); draw the seating first when the
        family says so (KQJ random partners)."""
        table = await self._open_table(game_id)
        async with self._locked(table):
            snap = self._lobby(table)
            self._check_host(snap, user_id)
            fam = table.family
            players = fam.players(snap.rules)
            if len(snap.seats) < players:
                raise ServiceError("lobby.not_full")
            seats = {s: replace(r) for s, r in snap.seats.items()}
            if fam.seats_drawn_at_start(snap.rules):
                order = list(range(players))
                random.Random(f"seating:{snap.record.seed}").shuffle(order)
                seats = {new: replace(seats[old], seat=new) for new, old in enumerate(order)}
            state = fam.new_game(snap.rules, snap.record.seed)
            for seat, stats in fam.initial_stats(state).items():
                seats[seat].stats = add_stats(seats[seat].stats, stats)
            await self._commit(table, state, seats, actions=(), summary=None)
        if table.lobby_task:
            table.lobby_task.cancel()
        self._after_change(table, None, None)
        log.info("table %s started", game_id)
        return table.current

    async def rematch(self, game_id: int, user_id: int, user_name: str) -> AnySnapshot:
        """ "Play again": a new lobby in the same channel with the same rules and options and
        the same seats — the people who are not at another table by now, and the computers at
        their levels. Whoever asks (a player of the finished game) hosts it."""
        old = await self.snapshot(game_id)
        if old.status is not Status.FINISHED:
            raise ServiceError("rematch.not_finished")
        mine = old.seat_of(user_id)
        if mine is None or old.seats[mine].user_id is None:
            raise ServiceError("act.not_seated")
        record = old.record
        live = not record.is_turn_based
        await self._check_free(record.guild_id, record.channel_id, user_id, live=live)
        seats: dict[int, SeatRecord] = {}
        for seat, previous in old.seats.items():
            if previous.user_id is None:
                seats[seat] = SeatRecord(
                    seat=seat, user_id=None, name="", computer=True, level=previous.level
                )
            elif previous.user_id == user_id:
                seats[seat] = SeatRecord(seat=seat, user_id=user_id, name=user_name)
            elif (
                not live
                or await self.storage.open_game_of_user(record.guild_id, previous.user_id) is None
            ):
                seats[seat] = SeatRecord(seat=seat, user_id=previous.user_id, name=previous.name)
        now = self.clock.now()
        fresh = replace(
            record,
            id=0,
            seed=self._seeds(),
            status=Status.LOBBY,
            snapshot=None,
            version=0,
            message_id=None,
            message_deal=None,
            host_id=user_id,
            rated=all(s.user_id is not None for s in seats.values()),
            last_deal=None,
            end_reason=None,
            ended_by=None,
            created_at=now,
            updated_at=now,
            nudge_message_id=None,
            seats=seats,
        )
        try:
            async with self.storage.transaction() as tx:
                new_id = await tx.insert_game(fresh)
                if live:
                    await self._claim(tx, record.guild_id, user_id, new_id)
                for seat, taken in list(seats.items()) if live else ():
                    others = taken.user_id
                    if others is None or others == user_id:
                        continue
                    if not await tx.claim_seat(record.guild_id, others, new_id):
                        await tx.delete_seat(new_id, seat)  # they sat down elsewhere meanwhile
                        del seats[seat]
        except (IntegrityError, SeatTakenError):
            await self._check_free(record.guild_id, record.channel_id, user_id, live=live)
            raise ServiceError("act.busy") from None
        fresh = replace(fresh, id=new_id, seats=seats)
        table = Table(family=family(fresh.family), current=Snapshot(fresh, old.rules, None))
        self._tables[new_id] = table
        self._arm_lobby(table)
        log.info(
            "table %s opened in channel %s (play again after %s)",
            new_id,
            record.channel_id,
            game_id,
        )
        return table.current

    async def cancel(self, game_id: int, user_id: int) -> AnySnapshot:
        table = await self._open_table(game_id)
        async with self._locked(table):
            snap = self._lobby(table)
            self._check_host(snap, user_id)
            await self._close(table, Status.CANCELLED, "cancelled", user_id)
        return table.current
