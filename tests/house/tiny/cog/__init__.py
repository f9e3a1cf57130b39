"""Tiny Tricks' Discord extension: the ``/tiny`` command group on the shared table cog."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import GameBot


async def setup(bot: GameBot) -> None:
    # Imported when the bot loads the extension: the commands' names are the game's own
    # words, which the catalogs hold only once the game is registered.
    from tests.house.tiny.cog.cog import TinyCog

    await bot.add_cog(TinyCog(bot))
