"""The KQJ extension: the ``/kqj`` command group on the shared table machinery."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.kqj.cog import KQJCog

if TYPE_CHECKING:
    from bot.app import GameBot


async def setup(bot: GameBot) -> None:
    await bot.add_cog(KQJCog(bot))
