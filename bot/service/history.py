"""Finished games, looked back at: a player's history of games, the face-up replay of one
game and its record as text — the service's read API for them.

A replay is rebuilt from what every table stores, its seed and its action log, through the
engine's own ``new_game`` and ``apply`` (no second copy of the rules), so it works for the
games of every earlier version of the bot. Hands are shown face up, so only a finished game
is ever replayed, and only at the server it was played on (its players may look back at it
anywhere): a game in progress, abandoned or cancelled shows nothing hidden.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from bot import computers, ratings
from bot.families import family
from bot.models import GLOBAL, ActionRecord, GameRecord, Source, Status
from bot.service.core import ServiceCore
from bot.service.model import AnySnapshot, ServiceError, Snapshot
from bot.workers import WorkerFault
from engine import records
from engine.core import TrickWon
from engine.search import DEFAULT_SECONDS, DEFAULT_SIMULATIONS, Hint

log = logging.getLogger(__name__)

HISTORY_PAGE: Final = 5
"""Games per page of a player's history."""
REPLAYS_KEPT: Final = 16
"""Replays held in memory (a finished game never changes, so one is built once)."""
SHARES_KEPT: Final = 1024
"""Shared hands remembered (in memory, per process), so a second click links to the post."""
REVIEW_SECONDS: Final = 8.0
"""Worker seconds that reviewing a whole game may take, split evenly over its reviewed
decisions (the target is under 10 s a game: ``benchmarks/review_bench.py``)."""
REVIEW_SIMULATIONS: Final = DEFAULT_SIMULATIONS
"""Play-outs of one review search at most (a short game's decisions get no more than a
table's computer does)."""
REVIEW_SEARCHES: Final = 2.5
"""What one decision's review costs at most, in searches: ``hard``'s choice, then the
explaining search of the two options (one and a half: ``Hint``)."""
REVIEWS_KEPT: Final = 64
"""Reviews held in memory (a finished game never changes, so one is computed once)."""


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game of a player's history: its final snapshot, and the player's
    displayed rating before and after it on the board the history looks at (None: it was
    not rated for them)."""

    snapshot: AnySnapshot
    rating: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a player's finished games of one family, newest first."""

    user_id: int
    games: tuple[PastGame, ...]
    page: int
    pages: int
    everywhere: bool
    """All servers (the global board's ratings), or only this one."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One moment of a replayed game: the state after ``seat`` took ``action`` in the state
    ``before`` (the first step is the first deal, before anyone acted: no seat, no action),
    its events, and whether it dealt a new deal (the last card of a deal deals the next)."""

    seat: int | None
    action: Any | None
    before: Any | None
    state: Any
    events: tuple[Any, ...]
    deal: int
    dealt: bool


@dataclass(frozen=True, slots=True)
class GameReplay:
    """A finished game, step by step. ``stops`` are the steps a replay shows: the deal,
    every decision that is not a card, every trick once it is won, and the end; ``deals``
    maps each deal number to its first stop (an index into ``stops``)."""

    record: GameRecord
    rules: Any
    steps: tuple[ReplayStep, ...]
    stops: tuple[int, ...]
    deals: dict[int, int]

    def snapshot(self, stop: int) -> AnySnapshot:
        """The table as it was at a stop (finished at the last one, in play before it)."""
        step = self.steps[self.stops[stop]]
        last = stop == len(self.stops) - 1
        record = self.record if last else replace(self.record, status=Status.PLAYING)
        return Snapshot(record, self.rules, step.state)

    def deal_steps(self, stop: int) -> Sequence[ReplayStep]:
        """The steps of the current deal up to a stop, in order (the deal first)."""
        end = self.stops[stop]
        deal = self.steps[end].deal
        start = end
        while start > 0 and self.steps[start - 1].deal == deal:
            start -= 1
        return self.steps[start : end + 1]


@dataclass(frozen=True, slots=True)
class Decision:
    """A person's decision that a review weighs: step ``step`` of a replay, where ``seat``
    chose ``played`` among ``legal`` (two or more)."""

    step: int
    seat: int
    played: Any
    legal: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class GameReview:
    """What level ``hard`` says of a finished game's decisions taken by people: ``marks``,
    by step (an index into the replay's ``steps``), where it would have chosen otherwise and
    the search names what that cost (``Hint``: its action and reason); ``reviewed``
    decisions were weighed, ``missed`` were not (their worker failed)."""

    marks: dict[int, Hint[Any]]
    reviewed: int
    missed: int


def review_decisions(replay: GameReplay, log: Sequence[ActionRecord]) -> list[Decision]:
    """The decisions of a game a review weighs: those a person took in turn (not the
    computer, not on a timeout, not out of turn) with a choice of two or more actions."""
    fam = family(replay.record.family)
    found = []
    for index, (step, entry) in enumerate(zip(replay.steps[1:], log, strict=False), start=1):
        seat, before = step.seat, step.before
        if entry.source is not Source.PLAYER or seat is None or before is None:
            continue
        if seat not in fam.expected_actors(before):
            continue
        legal = tuple(fam.legal_actions(before, seat))
        if len(legal) > 1:
            found.append(Decision(index, seat, step.action, legal))
    return found


def review_budget(
    decisions: int, seconds: float | None, simulations: int
) -> tuple[int, float | None]:
    """The budget of one review search (play-outs, seconds) when ``seconds`` of worker time
    are split over ``decisions`` (``seconds`` None: play-outs only, the same every time)."""
    if seconds is None:
        return simulations, None
    return simulations, seconds / max(decisions, 1) / REVIEW_SEARCHES


class History(ServiceCore):
    """Finished games: history pages, replays and records, read."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._replays: OrderedDict[int, GameReplay] = OrderedDict()
        self._rating_changes: dict[str, tuple[tuple[int, int], ratings.RatingChanges]] = {}
        self._shares: OrderedDict[tuple[int, int, int], str | None] = OrderedDict()
        self._reviews: OrderedDict[int, GameReview] = OrderedDict()
        self._reviewing: dict[int, asyncio.Task[GameReview]] = {}
        self.review_seconds: float | None = REVIEW_SECONDS
        """Worker seconds a game's review may take (None: ``review_simulations`` alone
        bound it, so that a review is the same every time: for tests)."""
        self.review_simulations = REVIEW_SIMULATIONS

    async def history(
        self, family_name: str, user_id: int, guild_id: int | None, page: int
    ) -> HistoryPage:
        """Page ``page`` of a player's finished games of a family, newest first: those of
        this server (``guild_id``), or of every server (None), with the rating each moved
        on that server's board or on the global one."""
        found, total = await self.storage.finished_games_of(
            family_name, user_id, guild_id, limit=HISTORY_PAGE, offset=page * HISTORY_PAGE
        )
        board = GLOBAL if guild_id is None else guild_id
        games = []
        for game_id, match_id in found:
            record = await self.storage.game(game_id)
            if record is None:
                continue
            snap = await self._load(record)
            moved = await self._changes(snap.family.rating_pool(snap.rules))
            games.append(PastGame(snap, moved.get(match_id, {}).get((board, user_id))))
        pages = max(1, -(-total // HISTORY_PAGE))
        return HistoryPage(user_id, tuple(games), page, pages, guild_id is None)

    async def _changes(self, pool: str) -> ratings.RatingChanges:
        """What every match of a pool did to its players' ratings, recomputed from the match
        records when a match was recorded (or deleted) since the last time."""
        mark = await self.storage.matches_mark(pool)
        kept = self._rating_changes.get(pool)
        if kept is not None and kept[0] == mark:
            return kept[1]
        found = ratings.changes(await self.storage.matches(pool))
        self._rating_changes[pool] = (mark, found)
        return found

    async def replay(self, game_id: int, viewer_id: int, guild_id: int | None) -> GameReplay:
        """A finished game, step by step, for ``viewer_id`` in server ``guild_id``: refused
        for a game not finished (its hands are still hidden) and for another server's game
        the viewer did not play in."""
        found = self._replays.get(game_id)
        if found is not None:
            self._check_viewer(found.record, viewer_id, guild_id)
            self._replays.move_to_end(game_id)
            return found
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("table.unknown")
        self._check_viewer(record, viewer_id, guild_id)
        built = await self._build_replay(record)
        self._replays[game_id] = built
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return built

    @staticmethod
    def _check_viewer(record: GameRecord, viewer_id: int, guild_id: int | None) -> None:
        if record.status is not Status.FINISHED:
            raise ServiceError("replay.unfinished", game=record.id)
        played = any(seat.user_id == viewer_id for seat in record.seats.values())
        if record.guild_id != guild_id and not played:
            raise ServiceError("replay.elsewhere", game=record.id)

    async def _build_replay(self, record: GameRecord) -> GameReplay:
        log = await self.storage.actions(record.id)
        return replay_of(record, [(entry.seat, entry.code) for entry in log])

    def reviewed(self, game_id: int) -> GameReview | None:
        """A game's review if it is already computed (held in memory), else None."""
        return self._reviews.get(game_id)

    async def review(self, game_id: int, viewer_id: int, guild_id: int | None) -> GameReview:
        """Review hints of a finished game, under the same conditions as its replay: every
        decision a person took is weighed in the workers by level ``hard`` within
        ``review_seconds`` for the whole game. Computed once per game, when first asked for
        (a second ask meanwhile waits for the same), then held in memory
        (``REVIEWS_KEPT`` games; after a restart a review is computed again)."""
        found = await self.replay(game_id, viewer_id, guild_id)
        known = self._reviews.get(game_id)
        if known is not None:
            self._reviews.move_to_end(game_id)
            return known
        task = self._reviewing.get(game_id)
        if task is None:
            task = asyncio.ensure_future(self._review(found))
            self._reviewing[game_id] = task
            task.add_done_callback(lambda _: self._reviewing.pop(game_id, None))
        return await asyncio.shield(task)

    async def _review(self, found: GameReplay) -> GameReview:
        record = found.record
        decisions = review_decisions(found, await self.storage.actions(record.id))
        simulations, seconds = review_budget(
            len(decisions), self.review_seconds, self.review_simulations
        )
        time_limit = (seconds or DEFAULT_SECONDS) * REVIEW_SEARCHES
        marks: dict[int, Hint[Any]] = {}
        missed = 0
        for decision in decisions:
            before = found.steps[decision.step].before
            rng = random.Random(f"{record.seed}:{decision.step}:review")
            try:
                mark = await self.workers.run(
                    computers.review,
                    record.family,
                    family(record.family).observe(before, decision.seat),
                    list(decision.legal),
                    decision.played,
                    rng,
                    simulations,
                    seconds,
                    time_limit=time_limit + computers.FAULT_GRACE,
                )
            except WorkerFault as fault:
                log.warning("table %s: step %s not reviewed: %s", record.id, decision.step, fault)
                missed += 1
                continue
            if mark is not None:
                marks[decision.step] = mark
        review = GameReview(marks, len(decisions) - missed, missed)
        if missed:  # a worker failed: the next ask tries the whole game again
            return review
        self._reviews[record.id] = review
        while len(self._reviews) > REVIEWS_KEPT:
            self._reviews.popitem(last=False)
        return review

    def claim_share(self, game_id: int, deal: int, channel_id: int) -> None:
        """Take the right to post a deal of a game in a channel, once: refused while the
        post is being made (``replay.share_busy``) and once it is posted
        (``replay.share_done``, with a link to it). Call ``shared`` or ``share_failed`` after.
        Remembered in memory only: after a restart a hand may be shared once more."""
        key = (game_id, deal, channel_id)
        if key in self._shares:
            link = self._shares[key]
            if link is None:
                raise ServiceError("replay.share_busy")
            raise ServiceError("replay.share_done", game=game_id, deal=deal, link=link)
        self._shares[key] = None
        while len(self._shares) > SHARES_KEPT:
            self._shares.popitem(last=False)

    def shared(self, game_id: int, deal: int, channel_id: int, link: str) -> None:
        """The claimed deal is posted, at ``link``."""
        self._shares[(game_id, deal, channel_id)] = link

    def share_failed(self, game_id: int, deal: int, channel_id: int) -> None:
        """The claimed deal could not be posted: it may be tried again."""
        self._shares.pop((game_id, deal, channel_id), None)

    async def record_text(
        self, game_id: int, viewer_id: int, guild_id: int | None
    ) -> tuple[str, str]:
        """A finished game's record (``engine.records``: every deal, hand, decision and
        trick) and a file name for it, under the same conditions as its replay."""
        found = await self.replay(game_id, viewer_id, guild_id)
        record = found.record
        fam = family(record.family)
        seats = range(fam.players(found.rules))
        names = [record.seats[s].name if s in record.seats else "" for s in seats]
        log = [(step.seat, fam.encode(step.action)) for step in found.steps[1:]]
        game = records.from_log(
            found.rules,
            record.seed,
            [(seat, code) for seat, code in log if seat is not None],
            event=f"{record.family} #{record.id}",
            server=str(record.guild_id),
            date=datetime.datetime.fromtimestamp(record.created_at, tz=datetime.UTC).date(),
            names=names,
        )
        return f"{record.family}-{record.id}.txt", records.write(game)


def replay_of(record: GameRecord, log: Sequence[tuple[int, str]]) -> GameReplay:
    """A game, step by step, from its record and its action log (seat, code) through the
    engine's ``new_game`` and ``apply``."""
    fam = family(record.family)
    rules = fam.rules_from_json(record.ruleset)
    state = fam.new_game(rules, record.seed)
    steps = [ReplayStep(None, None, None, state, (), fam.deal_number(state), True)]
    stops = [0]
    for at, (seat, code) in enumerate(log, start=1):
        action = fam.decode(code)
        before = state
        state, events = fam.apply(before, seat, action)
        deal = fam.deal_number(state)
        dealt = deal != steps[-1].deal
        steps.append(ReplayStep(seat, action, before, state, tuple(events), deal, dealt))
        trick_won = any(isinstance(event, TrickWon) for event in events)
        if fam.card_played(action) is None or trick_won or at == len(log):
            stops.append(at)
    deals: dict[int, int] = {}
    for index, step in enumerate(stops):
        deals.setdefault(steps[step].deal, index)
    return GameReplay(record, rules, tuple(steps), tuple(stops), deals)
