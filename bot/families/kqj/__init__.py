"""KQJ in the bot: its adapter (``FAMILY``), its picture (``picture``) and its words
(``locales``). Registered in ``bot.games``."""

from __future__ import annotations

from bot.families.kqj.adapter import KQJ, KQJFamily, KQJPublic

FAMILY = KQJ

__all__ = ["FAMILY", "KQJ", "KQJFamily", "KQJPublic"]
