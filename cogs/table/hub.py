"""The hub (the ``Tables`` cog): what every game's cog shares at run time.

It registers the dynamic items of every table (their custom_ids name the family), keeps the
registry of family cogs the items dispatch to, owns the one presenter that draws every table,
and answers any component interaction no item claimed — a forged custom_id, an outdated
client, a button that is not on the clicked message — so no click ever ends in "This
interaction failed".
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import discord
from discord.ext import commands

from bot.i18n import t
from cogs.table.clicks import TABLES_COG, Controller, answer, handle
from cogs.table.components import ITEMS, route
from cogs.table.limits import Admission, ClickLimiter
from cogs.table.messages import clicked_id, is_on_message
from cogs.table.presenter import TablePresenter
from cogs.table.render import TableRenderer

if TYPE_CHECKING:
    from bot.app import GameBot


class GameCog(Controller, Protocol):
    """A game's cog as the hub sees it: the handlers its items call, and how it draws."""

    renderer: ClassVar[TableRenderer[Any, Any, Any, Any]]


class TableHub(commands.Cog, name=TABLES_COG):
    """Registers every table's items, routes their clicks to the game's cog, owns the
    presenter that draws every table, and answers what no item claims."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._cogs: dict[str, GameCog] = {}
        self.presenter = TablePresenter(bot, self.renderer)
        rate = bot.clicks_per_second
        self._limiter = ClickLimiter(rate) if rate is not None else None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS)
        self.bot.service.presenter = self.presenter

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        if self.bot.service.presenter is self.presenter:
            self.bot.service.presenter = None
        await self.presenter.close()

    # --- the registry ------------------------------------------------------------------------

    def register(self, cog: GameCog) -> None:
        self._cogs[cog.renderer.family.prefix] = cog

    def unregister(self, cog: GameCog) -> None:
        if self._cogs.get(cog.renderer.family.prefix) is cog:
            del self._cogs[cog.renderer.family.prefix]

    def controller(self, prefix: str) -> GameCog | None:
        """The cog of the family whose custom_ids start with ``prefix``."""
        return self._cogs.get(prefix)

    def renderer(self, family: str) -> TableRenderer[Any, Any, Any, Any] | None:
        """The renderer of a family by name (None if its cog is not loaded)."""
        for cog in self._cogs.values():
            if cog.renderer.family.name == family:
                return cog.renderer
        return None

    def answering(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Around every click: answers go before table drawing (see the presenter)."""
        return self.presenter.answering()

    def admit(self, user_id: int) -> Admission:
        """Whether a user's click is handled (see ``ClickLimiter``)."""
        return Admission.ADMIT if self._limiter is None else self._limiter.admit(user_id)

    # --- clicks no item claims ---------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on one of our custom_ids that discord.py will not hand to an item still
        gets an answer: one that is not on the clicked message (a forged or outdated client)
        goes to its handler, which checks it like any other click and never lets it edit
        the clicked message; one of our families' that no item reads is refused politely.
        Ids of no family of ours belong to other views: they are left alone."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = clicked_id(interaction)
        prefix, _, _ = custom_id.partition(":")
        if prefix not in self._cogs:
            return
        found = route(custom_id)
        if found is None:
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        if is_on_message(interaction):
            return  # discord.py dispatches it to the item
        item, match = found
        await handle(interaction, match, item.dispatch)
