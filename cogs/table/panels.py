"""The open hand panels of every table, kept in step with their games.

Hand panels are ephemeral, so only the interaction that created (or last updated) a panel can
edit it, for 15 minutes. The keeper holds the latest such interaction per player and table
(in memory and with the game, so a restart keeps them), and edits the panel whenever what it
shows changes — most importantly when the turn comes back to its owner — until Discord's
window closes (a little before, to be safe), when it says it is paused. A click may redraw
only a message known here as the clicker's panel of that table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.i18n import t
from bot.models import PanelRecord, Status
from bot.service import GameService, Panel
from cogs.table import render
from cogs.table.render import TableRenderer

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

PANEL_EDIT_WINDOW: Final = 14 * 60
"""Discord lets an interaction edit its message for 15 minutes; stop a minute early."""


@dataclass(slots=True)
class PanelHandle:
    """What it takes to edit an open hand panel: the token of the interaction that last drew
    it (never logged), when that was, its owner's language and what it shows."""

    message_id: int
    token: str = field(repr=False)
    opened: float
    locale: str
    signature: str
    deal: int | None = None
    """The deal the panel last showed (to say "hand 3 is over" when the next one starts)."""
    decides: bool = True
    """Whether it last showed its owner a decision to take (a handle read back after a
    restart is assumed to)."""


class PanelKeeper:
    """Every open hand panel known to this process, by (game, user)."""

    def __init__(
        self,
        bot: GameBot,
        renderer: Callable[[str], TableRenderer[Any, Any, Any, Any]],
        answers_first: Callable[[], Awaitable[None]],
    ) -> None:
        self.bot = bot
        self._renderer = renderer
        self._answers_first = answers_first
        self._panels: dict[tuple[int, int], PanelHandle] = {}
        self._panel_messages: dict[tuple[int, int], set[int]] = {}
        """(game, user) -> every hand panel message of theirs known here (their clicks may
        redraw those, and no other message, as their panel)."""
        self._loaded: set[int] = set()
        self._pauser: asyncio.Task[None] | None = None
        """The countdown that pauses open panels before Discord's window closes."""

    @property
    def service(self) -> GameService:
        return self.bot.service

    def held(self) -> dict[str, int]:
        """How many entries each memory holds (see ``TablePresenter.held``)."""
        return {
            "panels": len(self._panels),
            "panel messages": len(self._panel_messages),
            "games with panels loaded": len(self._loaded),
        }

    def forget(self, game_id: int) -> None:
        """A closed table: nothing of its panels stays in memory."""
        for key in [key for key in self._panels if key[0] == game_id]:
            del self._panels[key]
        for key in [key for key in self._panel_messages if key[0] == game_id]:
            del self._panel_messages[key]
        self._loaded.discard(game_id)

    def clear(self) -> None:
        self._panels.clear()
        self._loaded.clear()
        if self._pauser is not None:
            self._pauser.cancel()
            self._pauser = None

    def _arm_pause(self) -> None:
        """Make sure the one countdown of this process runs: it pauses each open panel at
        the end of its edit window (one task for all panels, not one per panel)."""
        if self._pauser is None or self._pauser.done():
            self._pauser = asyncio.create_task(self._pause_due(), name="panel pauses")

    async def _pause_due(self) -> None:
        """Until no panel is open: sleep until the oldest panel's edit window ends (a minute
        before Discord's 15 minutes), then pause every panel whose window has ended."""
        clock = self.service.clock
        while self._panels:
            oldest = min(handle.opened for handle in self._panels.values())
            await clock.sleep(oldest + PANEL_EDIT_WINDOW - clock.now())
            now = clock.now()
            for key, handle in list(self._panels.items()):
                if now - handle.opened >= PANEL_EDIT_WINDOW:
                    await self._pause(key, handle)

    async def _pause(self, key: tuple[int, int], handle: PanelHandle) -> None:
        """A panel that is still the player's latest becomes "paused": its buttons go, and it
        says how to go on (the "My hand" button of the table or of the turn reminder opens a
        fresh one). Without this, it would stop changing with no word while still promising
        updates."""
        if self._panels.get(key) is not handle:
            return  # replaced by a newer panel, or the table closed
        del self._panels[key]  # its stored handle is dropped as expired when next read
        webhook = discord.Webhook.partial(self._application_id(), handle.token, client=self.bot)
        with contextlib.suppress(discord.HTTPException):
            await webhook.edit_message(
                handle.message_id, embed=render.paused_panel(handle.locale), view=None
            )

    async def register(
        self,
        game_id: int,
        user_id: int,
        interaction: discord.Interaction,
        message_id: int,
        panel: Panel,
        locale: str,
    ) -> None:
        """Remember (in memory and with the game) the newest interaction able to edit this
        player's panel (the message ``message_id``), and what it shows."""
        key = (game_id, user_id)
        if panel.snapshot.status is not Status.PLAYING:
            self._panels.pop(key, None)
            return
        renderer = self._renderer(panel.snapshot.record.family)
        state = panel.snapshot.state
        handle = PanelHandle(
            message_id=message_id,
            token=interaction.token,
            opened=self.service.clock.now(),
            locale=locale,
            signature=_fingerprint(render.panel_signature(panel, renderer)),
            deal=None if state is None else renderer.family.deal_number(state),
            decides=panel.is_expected,
        )
        await self._load(game_id)
        older = self._panels.get(key)
        self._panels[key] = handle
        self._arm_pause()
        self._panel_messages.setdefault(key, set()).add(message_id)
        if older is not None and older.message_id != message_id and older.decides:
            await self._close(older)
        await self.service.keep_panel(
            PanelRecord(
                game_id,
                user_id,
                message_id,
                handle.token,
                handle.opened,
                locale,
                handle.signature,
            )
        )

    async def is_panel(self, game_id: int, user_id: int, message_id: int) -> bool:
        """Whether ``message_id`` is a hand panel of this user at this table (only such a
        message may be redrawn as their panel): one drawn by this process, or the latest one,
        stored with the game, after a restart."""
        await self._load(game_id)
        return message_id in self._panel_messages.get((game_id, user_id), ())

    def deadline(self, panel: Panel) -> float | None:
        if panel.seat is None:
            return None
        deadline: float | None = self.service.deadlines(panel.snapshot.id).get(panel.seat)
        return deadline

    async def _close(self, handle: PanelHandle) -> None:
        """A player opened a new panel while the older one still offered them a decision: the
        older one becomes a stub without buttons, so it cannot mislead. An older panel that
        showed a waiting hand is left as it is (an edit saved per opening, and the usual case:
        people open "My hand" when the turn comes, after a move taken in the older panel);
        a click on it is answered like any click on an outdated panel."""
        if self.service.clock.now() - handle.opened > PANEL_EDIT_WINDOW:
            return  # Discord no longer lets us edit it
        webhook = discord.Webhook.partial(self._application_id(), handle.token, client=self.bot)
        try:
            await webhook.edit_message(
                handle.message_id, embed=render.closed_panel(handle.locale), view=None
            )
        except discord.HTTPException as exc:
            log.info("an older panel was not closed: %s", exc)

    async def _load(self, game_id: int) -> None:
        """After a restart, the handles of a game's open panels come back from the database."""
        if game_id in self._loaded:
            return
        self._loaded.add(game_id)
        for record in await self.service.open_panels(game_id):
            key = (game_id, record.user_id)
            self._panel_messages.setdefault(key, set()).add(record.message_id)
            if key not in self._panels:
                handle = PanelHandle(
                    record.message_id, record.token, record.opened, record.locale, record.signature
                )
                self._panels[key] = handle
                self._arm_pause()

    async def refresh(self, game_id: int) -> None:
        """Redraw every open panel of this table whose owner's situation changed."""
        await self._answers_first()
        await self._load(game_id)
        now = self.service.clock.now()
        for key, handle in list(self._panels.items()):
            if key[0] != game_id or self._panels.get(key) is not handle:
                continue  # another table's, or paused or replaced while we drew the others
            if now - handle.opened > PANEL_EDIT_WINDOW:
                del self._panels[key]  # Discord no longer lets us edit it
                await self.service.forget_panel(*key)
                continue
            panel = await self.service.panel(game_id, key[1])
            renderer = self._renderer(panel.snapshot.record.family)
            signature = _fingerprint(render.panel_signature(panel, renderer))
            if signature == handle.signature:
                continue
            state = panel.snapshot.state
            deal = None if state is None else renderer.family.deal_number(state)
            notice = None
            if handle.deal is not None and deal is not None and deal > handle.deal:
                notice = t("panel.deal_over", handle.locale, deal=handle.deal)
            embed, view = render.panel_message(
                panel,
                renderer,
                handle.locale,
                deadline=self.deadline(panel),
                notice=notice,
            )
            webhook = discord.Webhook.partial(self._application_id(), handle.token, client=self.bot)
            try:
                await webhook.edit_message(handle.message_id, embed=embed, view=view)
            except discord.HTTPException as exc:
                log.info("panel of user %s at table %s not refreshed: %s", key[1], game_id, exc)
                self._panels.pop(key, None)
                await self.service.forget_panel(*key)
                continue
            handle.signature = signature
            handle.deal = deal
            handle.decides = panel.is_expected
            if panel.snapshot.status is not Status.PLAYING:
                self._panels.pop(key, None)

    def _application_id(self) -> int:
        application_id = self.bot.application_id
        assert application_id is not None, "panels are refreshed only once logged in"
        return application_id


def _fingerprint(signature: tuple[Any, ...]) -> str:
    """A stable, storable fingerprint of what a panel shows."""
    return hashlib.sha1(repr(signature).encode()).hexdigest()
