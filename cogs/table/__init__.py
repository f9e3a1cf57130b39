"""The table machinery shared by every game: items, registry, presenter, rendering frame.

Load this extension before the game extensions (``cogs.allfours``, ``cogs.kqj``), which
register their cogs with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.table.hub import TableHub

if TYPE_CHECKING:
    from bot.app import GameBot


async def setup(bot: GameBot) -> None:
    await bot.add_cog(TableHub(bot))
