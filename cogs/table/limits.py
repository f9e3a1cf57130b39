"""How many clicks a person may make: the click limiter every table's buttons go through."""

from __future__ import annotations

import enum
import time
from typing import Final

from discord.ext import commands

TOLD_MEMORY: Final = 1000
"""How many users over the limit are remembered as told (the list is pruned beyond it)."""


class Admission(enum.Enum):
    """What the click limiter says of one click."""

    ADMIT = "admit"
    SLOW_DOWN = "slow_down"
    """The first click over the limit: its clicker is told, once, to slow down."""
    IGNORE = "ignore"
    """Any further click over the limit: acknowledged without a word, never handled."""


class ClickLimiter:
    """At most ``rate`` clicks per ``per`` seconds per user (discord.py's cooldown buckets):
    a script clicking forged ids as fast as it can gets one private "slow down", and from
    then on, as long as it keeps clicking, its clicks are acknowledged silently and never reach
    a table's lock or the database, so the people playing beside it are answered as fast as
    ever. People do not click five times a second; a player who does by accident is told once
    and admitted again after a pause of ``per`` seconds. The time is the real clock
    (``time.perf_counter``), whatever the loop's is."""

    def __init__(self, rate: int, per: float = 1.0) -> None:
        self._per = per
        self._buckets: commands.CooldownMapping[int] = commands.CooldownMapping.from_cooldown(
            rate, per, lambda user_id: user_id
        )
        self._told: dict[int, float] = {}
        """Users over the limit who were told, and when they last clicked: until they pause
        for ``per`` seconds, every click of theirs is ignored."""

    def admit(self, user_id: int) -> Admission:
        now = time.perf_counter()
        told = self._told.get(user_id)
        if told is not None:
            if now - told < self._per:  # still clicking: nothing until they pause
                self._told[user_id] = now
                return Admission.IGNORE
            del self._told[user_id]
        bucket = self._buckets.get_bucket(user_id, now)
        if bucket is None or bucket.update_rate_limit(now) is None:
            return Admission.ADMIT
        if len(self._told) >= TOLD_MEMORY:  # users who flooded once and left
            self._told = {u: at for u, at in self._told.items() if now - at < self._per}
        self._told[user_id] = now
        return Admission.SLOW_DOWN
