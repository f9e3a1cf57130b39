"""Turn nudges: the message that mentions the people a table waits for (at most one live per
table: the previous one is deleted before the next is posted), and at turn-based tables the
reminders, the direct messages of those who asked for them and the missed-move notices. Mixed
into the ``TablePresenter``, whose drawing loop runs them after the table message."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.i18n import t
from bot.models import Status
from bot.service import GameService
from bot.service.model import table_link
from cogs.table import render, words
from cogs.table.render import TableRenderer, turns

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

MENTIONS: Final = discord.AllowedMentions(everyone=False, roles=False, users=True)


class TurnNudges:
    """The nudges and turn notices of every table."""

    if TYPE_CHECKING:
        bot: GameBot
        _nudges_wanted: dict[int, tuple[int, ...]]
        _nudges_live: dict[int, int | None]
        _missed: dict[int, list[tuple[int, bool]]]
        _renderers: Callable[[str], TableRenderer[Any, Any, Any, Any] | None]
        _answers_first: Callable[[], Awaitable[None]]

        @property
        def service(self) -> GameService: ...

        def _renderer(self, family: str) -> TableRenderer[Any, Any, Any, Any]: ...

    def _due(self, snap: Any, users: tuple[int, ...]) -> float | None:
        """When the earliest turn of these people runs out (None: no clock)."""
        deadlines = self.service.deadlines(snap.id)
        dues = [deadlines[s] for s in deadlines if snap.seats[s].user_id in users]
        return min(dues) if dues else None

    async def _mail_turns(self, snap: Any, users: tuple[int, ...]) -> tuple[int, ...]:
        """Tell the players who asked for it by direct message (in their own language, as
        Discord last told it for their panel, else the table's); the others, who are to be
        mentioned in the channel, are returned. A player whose messages are closed to the
        bot is mentioned instead."""
        record = snap.record
        mentioned = []
        for user_id in users:
            if not await self.service.wants_turn_mail(user_id):
                mentioned.append(user_id)
                continue
            renderer = self._renderers(record.family)
            if renderer is None:
                mentioned.append(user_id)
                continue
            prefix = renderer.family.prefix
            content, view = turns.turn_mail(
                snap, prefix, self._due(snap, (user_id,)), record.locale
            )
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(content=content, view=view)
            except discord.HTTPException as exc:
                log.info("table %s: no direct message to a player (%s)", record.id, exc.status)
                mentioned.append(user_id)
        return tuple(mentioned)

    async def _tell_missed(self, game_id: int) -> None:
        """A missed move at a turn-based table is told in the channel, without a ping (the
        turn's mentions were the two a move allows)."""
        missed = self._missed.pop(game_id, None)
        if not missed:
            return
        snap = await self.service.snapshot(game_id)
        record = snap.record
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        command = t(f"cmdname.{record.family}", record.locale)
        for user_id, handed_over in missed:
            content = turns.missed_move(snap, user_id, handed_over, command, record.locale)
            await channel.send(content=content, allowed_mentions=discord.AllowedMentions.none())

    async def _sync_nudge(self, game_id: int) -> None:
        """At most one live nudge per table: the previous one is deleted before a new one is
        posted, and as soon as the people it mentions have acted."""
        if game_id not in self._nudges_wanted:
            return
        await self._answers_first()
        users = self._nudges_wanted.pop(game_id)
        snap = await self.service.snapshot(game_id)
        record = snap.record
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        live = self._nudges_live.get(game_id, record.nudge_message_id)
        if live is not None:
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(live).delete()
            self._nudges_live[game_id] = None
            await self.service.set_nudge_message(game_id, None)
        if not users or snap.status is not Status.PLAYING:
            self._nudges_live.pop(game_id, None)
            return
        message_id, _ = await self.service.message_of(game_id)
        link = table_link(replace(record, message_id=message_id))
        if record.is_turn_based:
            users = await self._mail_turns(snap, users)
            if not users:
                self._nudges_live.pop(game_id, None)
                return
        mentions = " ".join(words.mention(user) for user in users)
        content = t("table.nudge", record.locale, players=mentions, game=record.id, link=link)
        if record.is_turn_based:
            due = self._due(snap, users)
            deadline = turns.when(due) if due is not None else "—"
            content = t(
                "table.turn_due", record.locale, players=mentions, game=record.id, deadline=deadline
            )
            content += f"\n{link}"
        # The reminder carries "My hand": a panel older than Discord's 15 minutes is paused,
        # and this opens a fresh one from the message that notified the player.
        buttons = render.table_buttons(
            snap.public(), self._renderer(record.family).family.prefix, record.locale
        )
        message = await channel.send(content=content, view=buttons, allowed_mentions=MENTIONS)
        self._nudges_live[game_id] = message.id
        await self.service.set_nudge_message(game_id, message.id)
