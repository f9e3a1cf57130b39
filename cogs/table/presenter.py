"""Keeps the Discord side in step with the service: table messages and open hand panels.

``refresh(game_id)`` never blocks the caller: it marks the table dirty and one task per table
renders the *latest* snapshot until nothing changed meanwhile, so bursts of moves coalesce
and an older state can never overwrite a newer one. Rendering is state-driven and therefore
restart-safe: when the hand shown by the table message is over, that message is turned into
the hand's result and a fresh message is posted for the new hand.

After each table message, its open hand panels are brought up to date (``cogs.table.panels``),
then its turn nudge.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.models import Status
from bot.picture import draw
from bot.picture.scene import Scene
from bot.service import GameService, ServiceError
from bot.workers import WorkerFault
from cogs.table import render
from cogs.table.nudges import MENTIONS, TurnNudges
from cogs.table.panels import PanelKeeper
from cogs.table.render import TableMessage, TableRenderer

if TYPE_CHECKING:
    from bot.app import GameBot

Renderers = Callable[[str], TableRenderer[Any, Any, Any, Any] | None]

log = logging.getLogger(__name__)

ANSWERS_FIRST: Final = 0.5
"""Table drawing waits (at most this long) while clicks are being answered: a click must be
answered within Discord's 3 seconds, a table message can be drawn a moment later."""
PICTURE: Final = "table.png"
"""The table picture's file name; the embed shows it as ``attachment://table.png``."""
PICTURE_SECONDS: Final = 2.0
"""The time limit of one table picture in its worker (it takes tens of milliseconds)."""
ANNOUNCED_MEMORY: Final = 1000
"""How many finished games are remembered as announced (only the last drawing of a game
announces its end; this only guards against a second drawing racing the first)."""
RENDERED_MEMORY: Final = 5000
"""How many messages' last drawing is remembered (old hands' messages are never redrawn)."""


def payload_hash(shown: TableMessage, picture: str | None = None) -> str:
    """A fingerprint of a message's look (``picture``: the fingerprint of its picture's
    scene, computed once per drawing), to skip edits that would change nothing."""
    view = shown.view
    data = [
        shown.content,
        shown.embed.to_dict(),
        view.to_components() if view else [],
        picture,
    ]
    return hashlib.sha1(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


class TablePresenter(TurnNudges):
    """Draws the tables of every family, each with its family's renderer."""

    def __init__(self, bot: GameBot, renderers: Renderers) -> None:
        self.bot = bot
        self._renderers = renderers
        self._dirty: set[int] = set()
        self._running: dict[int, asyncio.Task[None]] = {}
        self.panels = PanelKeeper(bot, self._renderer, self._answers_first)
        """The open hand panels, kept in step with their tables."""
        self._rendered: OrderedDict[int, str] = OrderedDict()
        self._pictures: dict[int, str] = {}
        self._announced: OrderedDict[int, None] = OrderedDict()
        """The latest finished games whose game-over message is posted (never twice)."""
        self._messages: dict[int, set[int]] = {}
        """Game id -> the messages of it whose drawing is remembered (forgotten with it)."""
        self._closing: set[int] = set()
        """Closed games being drawn for the last time."""
        self._no_pictures: set[int] = set()
        """Games whose channel refused their picture (no Attach Files any more)."""
        self._nudges_wanted: dict[int, tuple[int, ...]] = {}
        """Game id -> the people its next nudge mentions (``()``: take the live one down)."""
        self._nudges_live: dict[int, int | None] = {}
        """Game id -> its live nudge message, once known (it is also stored with the game)."""
        self._missed: dict[int, list[tuple[int, bool]]] = {}
        """Game id -> the players who just missed a move there (and whether it cost the seat)."""
        """Message id -> fingerprint of the scene its picture shows."""
        self._answering = 0
        self._quiet = asyncio.Event()
        self._quiet.set()

    @property
    def service(self) -> GameService:
        return self.bot.service

    # --- the service's hook ------------------------------------------------------------------

    def refresh(self, game_id: int) -> None:
        self._dirty.add(game_id)
        task = self._running.get(game_id)
        if task is None or task.done():
            self._running[game_id] = asyncio.get_running_loop().create_task(
                self._run(game_id), name=f"render-{game_id}"
            )

    def nudge(self, game_id: int, user_ids: tuple[int, ...]) -> None:
        self._nudges_wanted[game_id] = user_ids
        self.refresh(game_id)

    def timed_out(self, game_id: int, user_id: int, handed_over: bool) -> None:
        self._missed.setdefault(game_id, []).append((user_id, handed_over))
        self.refresh(game_id)

    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """Mark a click being answered: drawing tables waits until no click is."""
        self._answering += 1
        self._quiet.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if not self._answering:
                self._quiet.set()

    async def _run(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                steps = (self._render, self.panels.refresh, self._sync_nudge, self._tell_missed)
                for step in steps:
                    try:
                        await step(game_id)
                    except (discord.HTTPException, ServiceError) as exc:
                        log.warning("table %s: %s failed: %s", game_id, step.__name__, exc)
                    except Exception:  # a drawing bug must not stop the next drawings
                        log.exception("table %s: %s failed", game_id, step.__name__)
        finally:
            if self._running.get(game_id) is asyncio.current_task():
                del self._running[game_id]
                if game_id in self._closing and game_id not in self._dirty:
                    self._forget(game_id)

    async def _answers_first(self) -> None:
        """Before a drawing goes to Discord, let the clicks being answered go first (at most
        ``ANSWERS_FIRST``): pictures are drawn meanwhile, in their worker."""
        if not self._quiet.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(ANSWERS_FIRST):
                    await self._quiet.wait()

    def held(self) -> dict[str, int]:
        """How many entries each of the presenter's memories holds (for tests and the memory
        benchmark): per open table, at most a few; per closed table, nothing."""
        return {
            "games with messages": len(self._messages),
            "message drawings": len(self._rendered),
            "pictures": len(self._pictures),
            **self.panels.held(),
            "nudges": len(self._nudges_wanted) + len(self._nudges_live) + len(self._missed),
            "games being drawn": len(self._running) + len(self._dirty) + len(self._closing),
            "games announced": len(self._announced),
            "games without pictures": len(self._no_pictures),
        }

    def _forget(self, game_id: int) -> None:
        """A closed table is drawn for the last time: nothing of it stays in memory (but that
        its end was announced), so thousands of games played leave no trace here."""
        self._closing.discard(game_id)
        for message_id in self._messages.pop(game_id, ()):
            self._rendered.pop(message_id, None)
            self._pictures.pop(message_id, None)
        self.panels.forget(game_id)
        self._no_pictures.discard(game_id)
        self._nudges_wanted.pop(game_id, None)
        self._nudges_live.pop(game_id, None)
        self._missed.pop(game_id, None)

    async def close(self) -> None:
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()
        self.panels.clear()

    # --- table messages ----------------------------------------------------------------------

    def note_rendered(
        self,
        game_id: int,
        message_id: int,
        content: str,
        embed: discord.Embed,
        view: discord.ui.View | None,
    ) -> None:
        """A click already drew this message of a table in its response: no need to edit it
        again (a table closed meanwhile is not drawn again: nothing to remember)."""
        if self.service.cached(game_id) is None:
            return
        self._remember(game_id, message_id, payload_hash(TableMessage(content, embed, view)))

    def _remember(self, game_id: int, message_id: int, fingerprint: str) -> None:
        self._rendered[message_id] = fingerprint
        self._rendered.move_to_end(message_id)
        self._messages.setdefault(game_id, set()).add(message_id)
        while len(self._rendered) > RENDERED_MEMORY:
            gone, _ = self._rendered.popitem(last=False)
            self._pictures.pop(gone, None)

    def _renderer(self, family: str) -> TableRenderer[Any, Any, Any, Any]:
        renderer = self._renderers(family)
        if renderer is None:
            raise ServiceError("error.unavailable")  # that family's cog is not loaded
        return renderer

    async def _render(self, game_id: int) -> None:
        table = (await self.service.snapshot(game_id)).public()
        record = table.record
        locale = record.locale
        renderer = self._renderer(record.family)
        message_id, message_deal = await self.service.message_of(game_id)
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        if table.view is None:
            if not table.status.is_open:
                self._closing.add(game_id)  # a cancelled lobby
            embed = render.lobby_embed(table, renderer, locale)
            view = render.lobby_view(table, renderer, locale)
            waiting = TableMessage("", embed, view)
            await self._show(game_id, channel, message_id, None, lambda _: waiting)
            return
        deadlines = self.service.deadlines(game_id)
        deal = table.deal
        if message_deal is None:
            # The lobby message is still the current one: mark it started, open deal 1.
            if message_id is not None:
                lobby = render.lobby_embed(table, renderer, locale)
                await self._edit(game_id, channel, message_id, TableMessage("", lobby, None))
            message_id = None
        elif message_deal != deal:
            done = renderer.table_message(table, deadlines, locale, deal=message_deal)
            if message_id is not None:
                await self._edit(game_id, channel, message_id, done)
            message_id = None
        if not table.status.is_open:
            self._closing.add(game_id)  # drawn for the last time: forgotten afterwards
        if table.status is Status.FINISHED:
            shown = renderer.table_message(table, deadlines, locale)
            await self._show(game_id, channel, message_id, deal, lambda _: shown)
            if game_id not in self._announced:
                self._announced[game_id] = None
                while len(self._announced) > ANNOUNCED_MEMORY:
                    self._announced.popitem(last=False)
                over = render.game_over_message(table, renderer, locale)
                await channel.send(
                    content=over.content,
                    embed=over.embed,
                    view=over.view or discord.utils.MISSING,
                    allowed_mentions=MENTIONS,
                )
            return
        drawn = self.bot.pictures and record.pictures and game_id not in self._no_pictures
        # The picture shows the table as the trick began (``Scene.settled``): it is uploaded
        # again when a trick ends or a decision changes the table, and the words say each card.
        scene = renderer.scene(table, locale).settled() if drawn else None

        def table_message(scene: Scene | None) -> TableMessage:
            return renderer.table_message(table, deadlines, locale, scene=scene)

        await self._show(game_id, channel, message_id, deal, table_message, scene)

    def _without_pictures(self, game_id: int) -> None:
        """Discord refused a picture (the channel no longer lets the bot attach files): the
        message went out in text alone, and so do the table's next ones."""
        log.warning("table %s: may not attach its picture here: told in text alone", game_id)
        self._no_pictures.add(game_id)

    async def _picture(self, scene: Scene) -> discord.File | None:
        """The table picture as an attachment, drawn by the picture worker (never on the
        event loop); None if the worker failed: the table then goes out without it and the
        picture is drawn again at the next change."""
        try:
            png = await self.bot.workers.draw(draw.render, scene, time_limit=PICTURE_SECONDS)
        except WorkerFault as fault:
            log.warning("a table picture was not drawn: %s", fault)
            return None
        return discord.File(io.BytesIO(png), filename=PICTURE, description=draw.alt_text(scene))

    def _table_mentions(self, game_id: int) -> discord.AllowedMentions:
        """Who a new table message may notify: the people it names, but at a turn-based
        table nobody (its turns are told by their own message, twice a move at most)."""
        table = self.service.cached(game_id)
        if table is not None and table.current.record.is_turn_based:
            return discord.AllowedMentions.none()
        return MENTIONS

    async def _show(
        self,
        game_id: int,
        channel: discord.PartialMessageable,
        message_id: int | None,
        deal: int | None,
        message: Callable[[Scene | None], TableMessage],
        scene: Scene | None = None,
    ) -> None:
        """Edit the table's message, or post a new one (new deal, or the old one is gone);
        ``message(scene)`` draws it, with the picture of ``scene`` or in text alone."""
        if message_id is not None:
            try:
                await self._edit(game_id, channel, message_id, message, scene)
                return
            except discord.NotFound:
                log.info("table %s: message %s is gone, posting a new one", game_id, message_id)
        picture = await self._picture(scene) if scene is not None else None
        if picture is None:
            scene = None
        await self._answers_first()
        shown = message(scene)
        try:
            sent = await channel.send(
                content=shown.content,
                embed=shown.embed,
                view=shown.view or discord.utils.MISSING,
                files=[picture] if picture is not None else [],
                allowed_mentions=self._table_mentions(game_id),
            )
        except discord.Forbidden:
            if picture is None:
                raise
            self._without_pictures(game_id)
            scene, shown = None, message(None)
            sent = await channel.send(
                content=shown.content,
                embed=shown.embed,
                view=shown.view or discord.utils.MISSING,
                allowed_mentions=self._table_mentions(game_id),
            )
        picture_id = scene.fingerprint() if scene is not None else None
        self._remember(game_id, sent.id, payload_hash(shown, picture_id))
        if picture_id is not None:
            self._pictures[sent.id] = picture_id
        await self.service.set_message(game_id, sent.id, deal)

    async def _edit(
        self,
        game_id: int,
        channel: discord.PartialMessageable,
        message_id: int,
        message: TableMessage | Callable[[Scene | None], TableMessage],
        scene: Scene | None = None,
    ) -> None:
        """Edit a table message unless it would change nothing; the picture is drawn and sent
        again only when the table it shows changed (an unchanged table is not redrawn)."""
        draw_message = message if callable(message) else (lambda _: message)
        kept = self._pictures.get(message_id)
        wanted = scene.fingerprint() if scene is not None else None
        picture = None
        if scene is not None and wanted != kept:
            picture = await self._picture(scene)  # drawn while the clicks are answered
            if picture is None:  # said in text alone, drawn again next time
                scene = wanted = None
        await self._answers_first()
        shown = draw_message(scene)
        fingerprint = payload_hash(shown, wanted)
        if self._rendered.get(message_id) == fingerprint:
            return
        partial = channel.get_partial_message(message_id)
        if wanted == kept:  # the picture stays as it is: Discord keeps it across edits
            await partial.edit(
                content=shown.content, embed=shown.embed, view=shown.view, allowed_mentions=MENTIONS
            )
        else:
            try:
                await partial.edit(
                    content=shown.content,
                    embed=shown.embed,
                    view=shown.view,
                    attachments=[picture] if picture is not None else [],
                    allowed_mentions=MENTIONS,
                )
            except discord.Forbidden:
                if picture is None:
                    raise
                self._without_pictures(game_id)
                wanted, shown = None, draw_message(None)
                fingerprint = payload_hash(shown, None)
                await partial.edit(
                    content=shown.content,
                    embed=shown.embed,
                    view=shown.view,
                    attachments=[],
                    allowed_mentions=MENTIONS,
                )
            if wanted is None:
                self._pictures.pop(message_id, None)
            else:
                self._pictures[message_id] = wanted
        self._remember(game_id, message_id, fingerprint)
