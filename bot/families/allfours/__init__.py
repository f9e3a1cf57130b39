"""All Fours in the bot: its adapter (``FAMILY``), its picture (``picture``) and its words
(``locales``). Registered in ``bot.games``."""

from __future__ import annotations

from bot.families.allfours.adapter import ALL_FOURS, AllFoursFamily, AllFoursPublic, award_data

FAMILY = ALL_FOURS

__all__ = ["ALL_FOURS", "FAMILY", "AllFoursFamily", "AllFoursPublic", "award_data"]
