"""GameService: tables from lobby to result, one lock per game, durable before shown.

The flow of one click (DESIGN.md): the cog parses and authorises, then ``act(game_id, user,
code, expected_version)`` takes the game's lock, checks the seat and the version, calls the
engine, and commits the new snapshot, the action-log row, the seat counters and (at the end)
the match record and ratings in one transaction. Only then does the in-memory table change
and the presenter (registered by the cog) get asked to render; the cog answers the click
after ``act`` returns, so nothing is acknowledged before it is durable.

The service knows no game: it reaches the rules through the table's family adapter
(``bot.families``), whose statistics, results and actors it stores and schedules.

Versions: a game is at version 0 in the lobby, 1 once dealt, and every engine action adds 1.
A button carries the version it was drawn at. A click on an older version is refused ("that
was already played") unless the family says the actions logged since cannot have changed
what the click meant (``Family.still_means_the_same``) and the action is still legal: English
and Seven Up discards, which several seats make at the same time, and KQJ counters, which
aim at a bid that other players' passes leave standing. A double click is still refused (the
second carries the version the first consumed, and the log shows the clicker's own action).

Expected actors and optional actions: the family names the seats the game waits for. Only
they get a turn clock, and only computers among them are made to act; a computer seat that
merely *may* act out of turn (a KQJ counter) is asked once per version whether it wants to.

Timers use the injected clock. A turn clock runs per seat from the moment that seat is
expected to act until it acts (a player discarding several cards keeps one clock for the
whole decision); when it runs out the computer takes that one decision, and the third
consecutive expiry hands the seat to the computer. After a restart every clock starts
afresh, so nobody is charged for the downtime. Lobbies close after 15 idle minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from bot import computers, ratings
from bot.clock import Clock, SystemClock
from bot.families import OptionsError, add_stats, family
from bot.models import ActionRecord, GameRecord, PanelRecord, SeatRecord, Source, Status
from bot.scheduling import Scheduler
from bot.server_settings import MAX_TURN_SECONDS, MIN_TURN_SECONDS, ServerSettings
from bot.shards import Shards
from bot.storage import IntegrityError, Storage, Transaction
from bot.tables import (
    AnySnapshot,
    IllegalMoveError,
    Panel,
    Presenter,
    ServiceError,
    Snapshot,
    Table,
    computer_to_act,
    computers_with_options,
    expected_actors,
    free_seat,
    match_record,
    snapshot_of,
    table_link,
)
from bot.translator import T
from bot.workers import WorkerFault, Workers

__all__ = ["GameService", "Panel", "Presenter", "ServiceError", "Snapshot", "Table"]

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS: Final = 15 * 60
DEFAULT_LEVEL: Final = "normal"
"""The level of a computer seat the host did not choose, and of a seat handed to the computer."""
TIMEOUT_LEVEL: Final = "normal"
"""Who decides for a player whose clock ran out."""
FALLBACK_LEVEL: Final = "normal"
"""Who decides, in-process, when a computer's worker fails (it decides in milliseconds)."""
TIMEOUTS_TO_HAND_OVER: Final = 3
LOCK_WAIT_SECONDS: Final = 2.0
"""How long a click waits for a busy game before it is told to try again (Discord allows 3 s)."""
MAX_COMPUTER_PAUSE: Final = 10.0


class SeatTakenError(Exception):
    """A person's claim of a live seat was refused: they sit at another table of the server."""


def public_language(settings: ServerSettings, guild_locale: str | None) -> str:
    """The language of a table's public messages: the server's setting, else Japanese for a
    server whose preferred locale is Japanese, else English."""
    if settings.language is not None:
        return settings.language
    return "ja" if (guild_locale or "").startswith("ja") else "en"


def _system_seed() -> int:
    return random.SystemRandom().randrange(1, 2**62)


class GameService:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        computer_delay: float = 1.0,
        lobby_idle: float = LOBBY_IDLE_SECONDS,
        workers: Workers | None = None,
        shards: Shards | None = None,
    ) -> None:
        self.storage = storage
        self.shards = shards
        """The shards of this process (None: all): it owns the games of their servers."""
        self.clock: Clock = clock or SystemClock()
        self.presenter: Presenter | None = None
        self._seeds = seeds or _system_seed
        self.computer_delay = computer_delay
        self.workers = workers or Workers()
        self.lobby_idle = lobby_idle
        self._tables: dict[int, Table] = {}
        self._loading: dict[int, asyncio.Future[Table]] = {}
        """Tables being loaded from the database (see ``_table``)."""
        self.scheduler = Scheduler(self.clock)

    # --- reading --------------------------------------------------------------------------

    def cached(self, game_id: int) -> Table | None:
        return self._tables.get(game_id)

    async def snapshot(self, game_id: int) -> AnySnapshot:
        """The latest snapshot of any table, open or closed; unknown ids raise ServiceError."""
        table = self._tables.get(game_id)
        if table is not None:
            return table.current
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("table.unknown")
        return await self._load(record)

    async def table_in_channel(self, channel_id: int) -> AnySnapshot | None:
        record = await self.storage.open_game_in_channel(channel_id)
        return None if record is None else await self.snapshot(record.id)

    async def table_of_user(self, guild_id: int, user_id: int) -> AnySnapshot | None:
        record = await self.storage.open_game_of_user(guild_id, user_id)
        return None if record is None else await self.snapshot(record.id)

    def deadlines(self, game_id: int) -> dict[int, float]:
        """Seat -> epoch second its turn clock runs out (empty without a timer)."""
        table = self._tables.get(game_id)
        return dict(table.deadlines) if table else {}

    async def message_of(self, game_id: int) -> tuple[int | None, int | None]:
        """The message that shows a table now, and the deal it shows (None: the lobby)."""
        table = self._tables.get(game_id)
        if table is not None:
            return table.message_id, table.message_deal
        record = await self.storage.game(game_id)
        return (record.message_id, record.message_deal) if record else (None, None)

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """What ``user_id`` may see and do at the table now."""
        return self._panel(await self.snapshot(game_id), user_id)

    @staticmethod
    def _panel(snap: AnySnapshot, user_id: int) -> Panel:
        fam = snap.family
        seat = snap.seat_of(user_id)
        state = snap.state
        if state is None:
            return Panel(snap, seat, None, (), (), False)
        record = snap.seats.get(seat) if seat is not None else None
        handed_over = record is not None and record.computer
        view = fam.observe(state, None if handed_over else seat)
        legal: tuple[Any, ...] = ()
        if seat is not None and not handed_over and snap.status is Status.PLAYING:
            legal = tuple(fam.legal_actions(state, seat))
        return Panel(
            snapshot=snap,
            seat=None if handed_over else seat,
            view=view,
            legal=legal,
            codes=tuple(fam.encode(a) for a in legal),
            handed_over=handed_over,
        )

    # --- lobby ----------------------------------------------------------------------------

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
    ) -> AnySnapshot:
        """A new table in the lobby, with the host in the first seat. What the host leaves
        unsaid comes from the server's settings (variant, options, timer, nudges, pictures,
        the language of the public messages; ``locale`` is the server's preferred locale).
        ``pictures_allowed`` False: the channel lets the bot attach no picture, so the table
        is told in text alone."""
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
        if turn_seconds is None:
            turn_seconds = settings.turn_seconds
        if turn_seconds is not None and not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
            raise ServiceError("options.timer", min=MIN_TURN_SECONDS, max=MAX_TURN_SECONDS)
        if computer_pause is not None and not 0 <= computer_pause <= MAX_COMPUTER_PAUSE:
            raise ServiceError("options.pause", max=int(MAX_COMPUTER_PAUSE))
        await self._check_free(guild_id, channel_id, host_id)
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
            nudge_seconds=settings.nudge_seconds,
            pictures=settings.pictures and pictures_allowed,
        )
        try:
            async with self.storage.transaction() as tx:
                game_id = await tx.insert_game(record)
                await self._claim(tx, guild_id, host_id, game_id)
        except (IntegrityError, SeatTakenError):
            # Another /start in this channel, or another seat of the host's, won the race
            # (the database refused this one).
            await self._check_free(guild_id, channel_id, host_id)
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

    async def _check_free(self, guild_id: int, channel_id: int, user_id: int) -> None:
        here = await self.storage.open_game_in_channel(channel_id)
        if here is not None:
            raise ServiceError(
                "lobby.channel_busy", channel_id=here.channel_id, link=table_link(here)
            )
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
            await self._check_user_free(snap.record.guild_id, user_id)
            seat = free_seat(table.family, snap, team)
            taken = SeatRecord(seat=seat, user_id=user_id, name=name)
            try:
                await self._put_lobby_seats(table, [taken], claim=user_id)
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
            await self._commit(table, state, seats, action=None, summary=None)
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
        await self._check_free(record.guild_id, record.channel_id, user_id)
        seats: dict[int, SeatRecord] = {}
        for seat, previous in old.seats.items():
            if previous.user_id is None:
                seats[seat] = SeatRecord(
                    seat=seat, user_id=None, name="", computer=True, level=previous.level
                )
            elif previous.user_id == user_id:
                seats[seat] = SeatRecord(seat=seat, user_id=user_id, name=user_name)
            elif await self.storage.open_game_of_user(record.guild_id, previous.user_id) is None:
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
                await self._claim(tx, record.guild_id, user_id, new_id)
                for seat, taken in list(seats.items()):
                    others = taken.user_id
                    if others is None or others == user_id:
                        continue
                    if not await tx.claim_seat(record.guild_id, others, new_id):
                        await tx.delete_seat(new_id, seat)  # they sat down elsewhere meanwhile
                        del seats[seat]
        except (IntegrityError, SeatTakenError):
            await self._check_free(record.guild_id, record.channel_id, user_id)
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

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """A server's settings (the defaults if it never set any)."""
        stored = await self.storage.server_settings(guild_id)
        return ServerSettings() if stored is None else ServerSettings.from_json(stored)

    async def update_server_settings(self, guild_id: int, **changes: object) -> ServerSettings:
        """Change some of a server's settings (applied to tables opened from now on); a bad
        value is refused with the setting it concerns."""
        current = await self.server_settings(guild_id)
        try:
            updated = current.replace(**changes)
        except ValueError:
            raise ServiceError("settings.invalid") from None
        async with self.storage.transaction() as tx:
            await tx.put_server_settings(guild_id, updated.to_json())
        return updated

    def check_options(
        self, family_name: str, variant: str | None, options: Mapping[str, object]
    ) -> None:
        """Refuse default table options that the family's rules would refuse at ``start``."""
        fam = family(family_name)
        try:
            fam.build_rules(variant or fam.variants[0], options)
        except OptionsError as exc:
            raise ServiceError(exc.key, **exc.params) from None

    async def reset_server_settings(self, guild_id: int) -> ServerSettings:
        """Back to the bot's defaults."""
        async with self.storage.transaction() as tx:
            await tx.put_server_settings(guild_id, ServerSettings().to_json())
        return ServerSettings()

    async def set_default_turn_seconds(self, guild_id: int, seconds: int | None) -> None:
        """A server's turn timer for tables started without one (None: no timer)."""
        if seconds is not None and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
            raise ServiceError("options.timer", min=MIN_TURN_SECONDS, max=MAX_TURN_SECONDS)
        await self.update_server_settings(guild_id, turn_seconds=seconds)

    # --- play -----------------------------------------------------------------------------

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
                    raise IllegalMoveError(duty, snap)
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

    async def leave(self, guild_id: int, user_id: int) -> AnySnapshot:
        """``/leave``: out of a lobby, or hand the seat of a game in progress to the computer."""
        snap = await self.table_of_user(guild_id, user_id)
        if snap is None:
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

    # --- open hand panels --------------------------------------------------------------------

    async def open_panels(self, game_id: int) -> list[PanelRecord]:
        """The stored handles of a game's open hand panels (they outlive a restart)."""
        return await self.storage.panels(game_id)

    async def keep_panel(self, panel: PanelRecord) -> None:
        """Store the newest handle able to edit a player's panel (only while the game is open:
        a closed table forgets its panels)."""
        table = self._tables.get(panel.game_id)
        if table is None or not table.current.status.is_open:
            return
        async with self.storage.transaction() as tx:
            await tx.put_panel(panel)

    async def panel_drawn(self, game_id: int, user_id: int, signature: str) -> None:
        async with self.storage.transaction() as tx:
            await tx.set_panel_signature(game_id, user_id, signature)

    async def forget_panel(self, game_id: int, user_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.delete_panels(game_id, user_id)

    # --- committing -----------------------------------------------------------------------

    async def _move(
        self, table: Table, seat: int, action: Any, source: Source, user_id: int | None
    ) -> None:
        """Apply one engine action and commit it with its log row (the lock is held)."""
        snap = table.current
        fam = table.family
        state, events = fam.apply(snap.state, seat, action)
        seats = {s: replace(r) for s, r in snap.seats.items()}
        mover = seats[seat]
        if source is Source.PLAYER:
            mover.timeouts = 0
        elif source is Source.TIMEOUT:
            mover.timeouts += 1
            if mover.timeouts >= TIMEOUTS_TO_HAND_OVER:
                mover.computer = True  # and the player is free to sit elsewhere (_commit)
        for s, stats in fam.stats(state, events).items():
            seats[s].stats = add_stats(seats[s].stats, stats)
        action_record = ActionRecord(
            version=snap.record.version + 1,
            seat=seat,
            code=fam.encode(action),
            source=source,
            user_id=user_id,
            at=self.clock.now(),
        )
        summary = fam.deal_summary(snap.state, events)
        await self._commit(table, state, seats, action=action_record, summary=summary)

    async def _commit(
        self,
        table: Table,
        state: Any,
        seats: dict[int, SeatRecord],
        *,
        action: ActionRecord | None,
        summary: str | None,
    ) -> None:
        snap = table.current
        fam = table.family
        finished = fam.result(state) is not None
        record = replace(
            snap.record,
            status=Status.FINISHED if finished else Status.PLAYING,
            snapshot=fam.dump(state),
            version=snap.record.version + 1,
            last_deal=summary if summary is not None else snap.record.last_deal,
            end_reason="finished" if finished else None,
            seats=seats,
            updated_at=self.clock.now(),
        )
        changed = [r for s, r in seats.items() if r != snap.seats.get(s)]
        match = match_record(fam, record, state, "finished") if finished else None
        async with self.storage.transaction() as tx:
            await tx.update_game(record, expected_version=snap.record.version)
            if action is not None:
                await tx.insert_action(record.id, action)
            if changed:
                await tx.put_seats(record.id, changed)
            for seat in changed:
                if (
                    seat.computer
                    and seat.user_id is not None
                    and not snap.seats[seat.seat].computer
                ):
                    await tx.release_seat(record.guild_id, seat.user_id, record.id)
            if match is not None:
                await tx.insert_match(match)
                await ratings.record(tx, match)
                await tx.delete_panels(record.id)
                await tx.release_table(record.id)
        table.current = Snapshot(record, snap.rules, state)

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

    # --- after a change: render, clocks, computers ----------------------------------------

    def _after_change(self, table: Table, seat: int | None, action: Any | None) -> None:
        """Render, re-arm the clocks and let the computers play; ``seat`` is an expected actor
        that just took ``action``."""
        snap = table.current
        if snap.status is not Status.PLAYING:
            self._retire(table)
            self._refresh(table)
            return
        partial = action is not None and table.family.is_partial(action)
        if seat is not None and not partial:
            table.deadlines.pop(seat, None)  # the seat took its decision: its clock stops
        self._rearm_turn_clock(table)
        self._rearm_nudge(table)
        self._schedule_computers(table)
        self._refresh(table)

    def _rearm_nudge(self, table: Table) -> None:
        """After every move the live nudge (if any) goes, and if the game waits for people a
        new countdown starts: if they have not acted when it runs out, one new message
        mentions them (an edited message notifies nobody)."""
        snap = table.current
        waiting = frozenset(s for s in expected_actors(snap) if snap.seats[s].is_human)
        version = snap.record.version
        if (waiting, version) == (table.waiting, table.waiting_version):
            return
        if table.nudged and self.presenter is not None:
            self.presenter.nudge(table.id, ())
        table.waiting, table.waiting_version, table.nudged = waiting, version, False
        delay = snap.record.nudge_seconds if waiting else None
        self.scheduler.nudge(table, self._nudge, delay)

    async def _nudge(self, table: Table) -> None:
        snap = table.current
        if snap.status is not Status.PLAYING or self.presenter is None:
            return
        users = tuple(
            user
            for seat in sorted(table.waiting)
            if (user := snap.seats[seat].user_id) is not None and snap.seats[seat].is_human
        )
        if users:
            table.nudged = True
            self.presenter.nudge(table.id, users)

    async def set_nudge_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the table's live nudge message (None: there is none)."""
        async with self.storage.transaction() as tx:
            await tx.set_nudge_message(game_id, message_id)

    def _refresh(self, table: Table) -> None:
        if self.presenter is not None:
            self.presenter.refresh(table.id)

    def _retire(self, table: Table) -> None:
        """A closed table: stop its tasks, take its nudge down, drop it from memory."""
        self.scheduler.stop(table)
        if table.nudged and self.presenter is not None:
            self.presenter.nudge(table.id, ())
        table.nudged = False
        self._tables.pop(table.id, None)

    def _rearm_turn_clock(self, table: Table) -> None:
        """Each human seat the game waits for has a deadline from the moment it was expected
        (optional actions, such as a KQJ counter, have no clock)."""
        snap = table.current
        seconds = snap.record.turn_seconds
        if seconds is None:
            return
        now = self.clock.now()
        acting = {s for s in expected_actors(snap) if snap.seats[s].is_human}
        for seat in list(table.deadlines):
            if seat not in acting:
                del table.deadlines[seat]
        for seat in acting:
            table.deadlines.setdefault(seat, now + seconds)
        self.scheduler.turn_clock(table, self._expire_turns)

    async def wait_idle(self) -> None:
        """Wait until no background work runs (only timers wait for their time)."""
        await self.scheduler.wait_idle()

    async def _expire_turns(self, table: Table) -> None:
        async with table.lock:
            now = self.clock.now()
            for seat, deadline in sorted(table.deadlines.items()):
                snap = table.current
                if deadline > now or snap.status is not Status.PLAYING:
                    continue
                if not snap.seats[seat].is_human or seat not in expected_actors(snap):
                    continue
                del table.deadlines[seat]
                log.info("table %s: seat %s ran out of time", table.id, seat)
                await self._computer_decision(table, seat, Source.TIMEOUT)
        self._after_change(table, None, None)

    async def _computer_decision(self, table: Table, seat: int, source: Source) -> None:
        """The computer takes one decision for ``seat``: one action, or all the steps of a
        decision made of several (every discard it owes)."""
        fam = table.family
        while True:
            snap = table.current
            legal = fam.legal_actions(snap.state, seat) if snap.status is Status.PLAYING else []
            if not legal:
                return
            level = TIMEOUT_LEVEL if source is Source.TIMEOUT else self._level(snap, seat)
            view = fam.observe(snap.state, seat)
            rng = self._rng(snap, seat)
            action = await self._decide(table, computers.decide, level, view, legal, rng)
            await self._move(table, seat, action, source, None)
            source = Source.COMPUTER
            if not fam.is_partial(action):
                return

    @staticmethod
    def _level(snap: AnySnapshot, seat: int) -> str:
        return snap.seats[seat].level or DEFAULT_LEVEL

    @staticmethod
    def _rng(snap: AnySnapshot, seat: int) -> random.Random:
        """The computer's randomness for one decision: replayable from the game's seed."""
        return random.Random(f"{snap.record.seed}:{snap.record.version}:{seat}")

    def _unasked_options(self, table: Table) -> list[int]:
        """Computer seats with an optional action not yet considered at this version."""
        version = table.current.record.version
        table.asked = {key for key in table.asked if key[0] == version}
        return [s for s in computers_with_options(table.current) if (version, s) not in table.asked]

    async def _computer_interruption(self, table: Table) -> bool:
        """Offer each computer seat its optional action once per version; True if one took
        it (the situation changed, so the others are asked again at the new version)."""
        fam = table.family
        for seat in self._unasked_options(table):
            snap = table.current
            table.asked.add((snap.record.version, seat))
            legal = fam.legal_actions(snap.state, seat)
            view = fam.observe(snap.state, seat)
            level = self._level(snap, seat)
            rng = self._rng(snap, seat)
            action = await self._decide(table, computers.interrupt, level, view, legal, rng)
            if action is not None:
                await self._move(table, seat, action, Source.COMPUTER, None)
                return True
        return False

    async def _decide(
        self,
        table: Table,
        decision: Callable[[str, str, Any, Sequence[Any], random.Random], Any],
        level: str,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
    ) -> Any:
        """A computer's decision, taken in a worker; if the worker dies, hangs past the
        decision's budget or the search fails, level ``normal`` takes it here instead (it is
        quick), so a worker fault costs one decision, never the table."""
        name = table.family.name
        try:
            return await self.workers.run(
                decision, name, level, view, legal, rng, time_limit=computers.DECISION_SECONDS
            )
        except WorkerFault as fault:
            log.warning("table %s: %s; level %s decides instead", table.id, fault, FALLBACK_LEVEL)
        except Exception:
            log.exception("table %s: a computer's decision failed", table.id)
        return await asyncio.to_thread(decision, name, FALLBACK_LEVEL, view, legal, rng)

    def _schedule_computers(self, table: Table) -> None:
        if computer_to_act(table.current) is not None or self._unasked_options(table):
            self.scheduler.computers(table, self._run_computers, self._pause(table))

    async def _run_computers(self, table: Table) -> None:
        """The computer seats play, one decision at a time, while it is their turn; before
        each, computer seats that may act out of turn say whether they do."""
        while True:
            async with table.lock:
                snap = table.current
                if snap.status is not Status.PLAYING:
                    return
                if not await self._computer_interruption(table):
                    seat = computer_to_act(snap)
                    if seat is None:
                        return
                    await self._computer_decision(table, seat, Source.COMPUTER)
            if table.current.status is not Status.PLAYING:
                self._after_change(table, None, None)
                return
            self._rearm_turn_clock(table)
            self._rearm_nudge(table)
            self._refresh(table)
            pause = self._pause(table)
            if pause > 0:
                await self.scheduler.sleep(pause)

    def _pause(self, table: Table) -> float:
        """How long this table's computers wait before each move, so people can follow."""
        pause = table.current.record.computer_pause
        return self.computer_delay if pause is None else pause

    def _arm_lobby(self, table: Table) -> None:
        self.scheduler.lobby(table, self._close_idle_lobby, self.lobby_idle)

    async def _close_idle_lobby(self, table: Table) -> None:
        async with table.lock:
            if table.current.status is Status.LOBBY:
                await self._close(table, Status.CANCELLED, "idle", None)

    # --- startup and shutdown ---------------------------------------------------------------

    async def resume(self) -> int:
        """Bring back every open table after a (re)start; returns how many were resumed."""
        resumed = 0
        for record in await self.storage.open_games(self.shards):
            try:
                table = Table(family=family(record.family), current=await self._load(record))
            except (KeyError, ValueError):
                log.exception("table %s cannot be loaded; left as it is", record.id)
                continue
            table.message_id, table.message_deal = record.message_id, record.message_deal
            self._tables[record.id] = table
            if record.status is Status.LOBBY:
                self._arm_lobby(table)
                self._refresh(table)
            else:
                self._after_change(table, None, None)  # fresh clocks: downtime is not charged
            resumed += 1
        log.info("resumed %d open table(s)", resumed)
        return resumed

    async def close(self) -> None:
        """Stop every background task (the tables stay as stored) and the computers' workers."""
        await self.scheduler.close()
        self._tables.clear()

    # --- helpers --------------------------------------------------------------------------

    async def _table(self, game_id: int) -> Table:
        """The table of an open game, loaded once: requests that arrive while it is being
        loaded (its snapshot may need rebuilding) wait for the same load, so there is never
        more than one ``Table`` — one lock — per game."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        loading = self._loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_table(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load_table(self, game_id: int) -> Table:
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("table.unknown")
        if not record.status.is_open:
            raise ServiceError("act.table_closed")
        self._check_owned(record.guild_id)
        table = Table(family=family(record.family), current=await self._load(record))
        table.message_id, table.message_deal = record.message_id, record.message_deal
        return self._tables.setdefault(game_id, table)

    def _check_owned(self, guild_id: int) -> None:
        """Refuse a server of another process's shards: its games' locks live there, and
        Discord routes all of its clicks there (so this never happens unless the processes
        are started with inconsistent SHARD_COUNT / SHARD_IDS)."""
        if self.shards is not None and not self.shards.owns(guild_id):
            log.warning("server %s is on another process's shard (%s here)", guild_id, self.shards)
            raise ServiceError("table.unknown")

    async def _load(self, record: GameRecord) -> AnySnapshot:
        """A stored game as a snapshot. A snapshot the engine no longer reads (written by an
        older engine that kept less) is rebuilt from the game's seed and action log — the
        stored record of every game — and written back, once."""
        fam = family(record.family)
        try:
            return snapshot_of(fam, record)
        except ValueError:
            if record.snapshot is None:
                raise
        rules = fam.rules_from_json(record.ruleset)
        actions = [(a.seat, fam.decode(a.code)) for a in await self.storage.actions(record.id)]
        state = fam.replay(rules, record.seed, actions)
        rebuilt = replace(record, snapshot=fam.dump(state))
        async with self.storage.transaction() as tx:
            await tx.update_game(rebuilt, expected_version=record.version)
        log.info("table %s: snapshot rebuilt from its %d actions", record.id, len(actions))
        return Snapshot(rebuilt, rules, state)

    async def _open_table(self, game_id: int) -> Table:
        table = await self._table(game_id)
        if not table.current.status.is_open:
            raise ServiceError("act.table_closed")
        return table

    @contextlib.asynccontextmanager
    async def _locked(self, table: Table) -> AsyncIterator[None]:
        try:
            async with asyncio.timeout(LOCK_WAIT_SECONDS):
                await table.lock.acquire()
        except TimeoutError:
            raise ServiceError("act.busy") from None
        try:
            yield
        finally:
            table.lock.release()

    def _lobby(self, table: Table) -> AnySnapshot:
        snap = table.current
        if snap.status is not Status.LOBBY:
            key = "lobby.already_started" if snap.status.is_open else "act.table_closed"
            raise ServiceError(key)
        return snap

    @staticmethod
    def _check_host(snap: AnySnapshot, user_id: int) -> None:
        if user_id != snap.record.host_id:
            raise ServiceError("lobby.host_only")
