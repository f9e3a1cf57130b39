"""The ``Tables`` cog: what every game family's cog shares at run time.

It registers the dynamic items of every table (their custom_ids name the family), keeps the
registry of family cogs the items dispatch to, owns the one presenter that draws every table,
and answers any component interaction no item claimed — a forged custom_id, an outdated
client, a button that is not on the clicked message — so no click ever ends in "This
interaction failed".
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.i18n import t
from cogs.table.components import ITEMS, TABLES_COG, answer, handle, route
from cogs.table.presenter import TablePresenter
from cogs.table.render import TableRenderer

if TYPE_CHECKING:
    from bot.app import AllFoursBot
    from cogs.table.base import TableCog


class TablesCog(commands.Cog, name=TABLES_COG):
    def __init__(self, bot: AllFoursBot) -> None:
        self.bot = bot
        self._cogs: dict[str, TableCog] = {}
        self.presenter = TablePresenter(bot, self.renderer)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS)
        self.bot.service.presenter = self.presenter

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        if self.bot.service.presenter is self.presenter:
            self.bot.service.presenter = None
        await self.presenter.close()

    # --- the registry ------------------------------------------------------------------------

    def register(self, cog: TableCog) -> None:
        self._cogs[cog.renderer.family.prefix] = cog

    def unregister(self, cog: TableCog) -> None:
        if self._cogs.get(cog.renderer.family.prefix) is cog:
            del self._cogs[cog.renderer.family.prefix]

    def controller(self, prefix: str) -> TableCog | None:
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

    # --- clicks no item claims ---------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component click that discord.py will not hand to an item still gets an answer:
        one of our custom_ids that is not on the clicked message goes to its handler (which
        checks it like any other click); anything else is politely refused."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        found = route(custom_id)
        if found is None:
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        if _is_on_message(interaction, custom_id):
            return  # discord.py dispatches it to the item
        item, match = found
        await handle(interaction, match, item.dispatch)


def _is_on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether discord.py will find this custom_id on the clicked message (it ignores clicks
    whose id is not there)."""
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for component in getattr(row, "children", [row]):
            if getattr(component, "custom_id", None) == custom_id:
                return True
    return False
