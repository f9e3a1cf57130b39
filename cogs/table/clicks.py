"""How every click of a table is answered, whatever happens: the family cog's handlers it
may call (``Controller``), the hub that routes it (``Registry``), and ``handle``, which runs
a handler and turns a refusal or a failure into a private answer in the clicker's language
(discord.py swallows exceptions raised in a dynamic item's callback)."""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Final, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import t
from bot.service import ServiceError
from cogs.table.limits import Admission
from cogs.table.words import refusal

log = logging.getLogger(__name__)

TABLES_COG: Final = "Tables"


@runtime_checkable
class Controller(Protocol):
    """The family cog methods the buttons call (implemented by ``TableCog``)."""

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...
    async def on_hand(self, interaction: discord.Interaction, game_id: int, edit: bool) -> None: ...
    async def on_play_again(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def on_hint(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None: ...
    async def on_action(
        self, interaction: discord.Interaction, game_id: int, version: int, code: str
    ) -> None: ...
    async def on_draft(
        self, interaction: discord.Interaction, game_id: int, version: int, draft: str
    ) -> None: ...
    async def on_board(
        self, interaction: discord.Interaction, pool: str, scope: str, page: int
    ) -> None: ...
    async def on_stats(
        self, interaction: discord.Interaction, family: str, user_id: int, page: int
    ) -> None: ...
    async def on_history(
        self, interaction: discord.Interaction, family: str, user_id: int, scope: str, page: int
    ) -> None: ...
    async def on_replay(
        self, interaction: discord.Interaction, game_id: int, stop: int, review: bool = False
    ) -> None: ...
    async def on_record(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def on_share(self, interaction: discord.Interaction, game_id: int, deal: int) -> None: ...


@runtime_checkable
class Registry(Protocol):
    """The ``Tables`` cog as the buttons see it: the family cogs by prefix, the guard that
    lets clicks be answered before tables are drawn, and the click limiter."""

    def controller(self, prefix: str) -> Controller | None: ...
    def answering(self) -> contextlib.AbstractAsyncContextManager[None]: ...
    def admit(self, user_id: int) -> Admission: ...


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the clicker something privately, whether or not the interaction was answered."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # expired or already answered elsewhere
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


async def _acknowledge(interaction: discord.Interaction) -> None:
    """Acknowledge a click without answering anything (it changes nothing on screen)."""
    try:
        if not interaction.response.is_done():
            await interaction.response.defer()
    except discord.HTTPException as exc:
        log.debug("could not acknowledge interaction %s: %s", interaction.id, exc)


async def handle(
    interaction: discord.Interaction,
    match: re.Match[str],
    dispatch: Dispatch,
) -> None:
    """Run one click's handler on its family's cog, answering whatever happens."""
    locale = interaction.locale.value
    try:
        client = interaction.client
        bots = (commands.Bot, commands.AutoShardedBot)
        tables = client.get_cog(TABLES_COG) if isinstance(client, bots) else None
        if not isinstance(tables, Registry):
            await answer(interaction, t("error.unavailable", locale))
            return
        admission = tables.admit(interaction.user.id)
        if admission is Admission.SLOW_DOWN:
            await answer(interaction, t("error.slow_down", locale))
            return
        if admission is Admission.IGNORE:
            await _acknowledge(interaction)
            return
        cog = tables.controller(match["fam"])
        if cog is None:
            await answer(interaction, t("error.unavailable", locale))
            return
        async with tables.answering():
            await dispatch(cog, match, interaction)
    except ServiceError as exc:
        await answer(interaction, refusal(exc, locale))
    except Exception:
        await answer(interaction, t("error.unexpected", locale))
        await interaction.client.on_error("dynamic_item", interaction)


class Dispatch(Protocol):
    async def __call__(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction, /
    ) -> None: ...
