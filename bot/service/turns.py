"""A player's open tables, and how they want to hear of their turns: what ``/… tables``,
``/… hand`` with several tables and ``/… notify`` read and change."""

from __future__ import annotations

from dataclasses import dataclass

from bot.models import Turn
from bot.service.core import ServiceCore
from bot.service.model import AnySnapshot, expected_actors


@dataclass(frozen=True, slots=True)
class OpenTable:
    """One of a player's open tables: the table, their seat, the seats it waits for, and
    each waiting person's turn (turn-based tables) or deadline (live tables with a timer)."""

    snapshot: AnySnapshot
    seat: int
    actors: tuple[int, ...]
    turns: dict[int, Turn]
    deadlines: dict[int, float]

    @property
    def since(self) -> float:
        """When the turn it waits for came (the last change, without a stored turn)."""
        known = [turn.since for turn in self.turns.values()]
        return max(known) if known else self.snapshot.record.updated_at


class Turns(ServiceCore):
    """A player's tables and their turn messages."""

    async def open_tables(
        self, guild_id: int | None, user_id: int, family_name: str | None = None
    ) -> list[OpenTable]:
        """The unfinished tables where a player holds a seat (of one server, of one game, if
        given), the newest turn first: where a move of theirs is awaited, the table whose
        turn came to them last comes first, then the others by their last change."""
        found = []
        for record in await self.storage.open_games_of_user(guild_id, user_id):
            if family_name is not None and record.family != family_name:
                continue
            if self.shards is not None and not self.shards.owns(record.guild_id):
                continue
            snap = await self.snapshot(record.id)
            seat = snap.seat_of(user_id)
            if seat is None:
                continue
            table = self.cached(record.id)
            turns = dict(table.turns) if table is not None else {}
            found.append(
                OpenTable(snap, seat, expected_actors(snap), turns, self.deadlines(record.id))
            )

        def newest_turn_first(entry: OpenTable) -> tuple[bool, float]:
            return entry.seat in entry.actors, entry.since

        return sorted(found, key=newest_turn_first, reverse=True)

    async def wants_turn_mail(self, user_id: int) -> bool:
        return await self.storage.wants_turn_mail(user_id)

    async def set_turn_mail(self, user_id: int, on: bool) -> None:
        """``/… notify``: the player's turns at turn-based tables come as direct messages
        (``on``) or as mentions in the table's channel."""
        async with self.storage.transaction() as tx:
            await tx.set_turn_mail(user_id, on)
