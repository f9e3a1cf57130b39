"""Which servers a bot process owns when the bot runs as several processes.

Discord sends every event of a server to one shard: shard ``(guild_id >> 22) % shard_count``
(the server id's timestamp bits, Discord's "sharding formula"). A process that runs a set of
shards therefore sees every click of the servers on those shards, and of no other server:
it owns their games (their locks live in its memory), resumes them at start, and refuses a
game of another shard (which correct routing never sends it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_RANGE: Final = re.compile(r"(\d+)(?:\s*-\s*(\d+))?")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a server's events.

    >>> shard_of(81384788765712384, 1), shard_of(81384788765712384, 2), shard_of(5 << 22, 4)
    (0, 0, 1)
    """
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs: ``ids`` among ``0 .. count - 1``."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if not self.ids:
            raise ValueError("a process runs at least one shard")
        outside = sorted(i for i in self.ids if not 0 <= i < self.count)
        if outside:
            raise ValueError(
                f"shard {outside[0]} does not exist with {self.count} shard(s) "
                f"(ids run from 0 to {self.count - 1})"
            )

    @classmethod
    def all_of(cls, count: int) -> Shards:
        return cls(count, frozenset(range(count)))

    @property
    def is_all(self) -> bool:
        """This process runs every shard: it owns every server."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        """Whether the server's events come to this process.

        >>> Shards(2, frozenset({1})).owns(81384788765712384)
        False
        """
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"{format_ids(self.ids)} of {self.count}"


def parse_ids(text: str) -> frozenset[int]:
    """``SHARD_IDS`` as written: ids and inclusive ranges, separated by commas.

    >>> sorted(parse_ids("0-3")), sorted(parse_ids("1, 4-5,7"))
    ([0, 1, 2, 3], [1, 4, 5, 7])
    >>> parse_ids("3-1")
    Traceback (most recent call last):
    ...
    ValueError: '3-1' is not a range from a smaller id to a larger one
    """
    ids: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        match = _RANGE.fullmatch(part)
        if match is None:
            raise ValueError(f"{part!r} is not a shard id or a range such as 0-3")
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) is not None else first
        if last < first:
            raise ValueError(f"{part!r} is not a range from a smaller id to a larger one")
        new = set(range(first, last + 1))
        if new & ids:
            raise ValueError(f"shard {min(new & ids)} is named twice")
        ids |= new
    return frozenset(ids)


def format_ids(ids: frozenset[int]) -> str:
    """The shortest ``SHARD_IDS`` spelling of a set of ids.

    >>> format_ids(frozenset({0, 1, 2, 5}))
    '0-2,5'
    """
    ordered = sorted(ids)
    parts = []
    start = previous = ordered[0]
    for current in [*ordered[1:], None]:
        if current is not None and current == previous + 1:
            previous = current
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if current is not None:
            start = previous = current
    return ",".join(parts)
