"""What turn-based tables add: a player's list of open tables (``/… tables``), the choice of
table when ``/… hand`` finds several, a turn's direct message, and the notice of a missed
move. Times are Discord timestamps (``<t:…:f>``), which every reader sees in their own time
zone: the players of one table may live hours apart."""

from __future__ import annotations

from typing import Final

import discord

from bot.i18n import t
from bot.service import OpenTable
from bot.service.model import AnySnapshot
from cogs.table.components import HandButton, TablePickSelect
from cogs.table.render.renderer import buttons_view
from cogs.table.words import seat_label

MAX_LISTED: Final = 20
"""Tables listed, each with its button (Discord allows 25 components a message)."""


def when(epoch: float) -> str:
    """A moment as Discord shows it to each reader: their own date and time, and how long
    from now."""
    return f"<t:{int(epoch)}:f> (<t:{int(epoch)}:R>)"


def whose_turn(entry: OpenTable, locale: str) -> str:
    if entry.seat in entry.actors:
        return t("tables.your_turn", locale)
    if not entry.actors:
        return t("tables.nobody", locale)
    snap = entry.snapshot.public()
    return t("tables.turn_of", locale, player=seat_label(snap, entry.actors[0], locale))


def deadline_of(entry: OpenTable) -> float | None:
    """When the turn it waits for runs out (None: no clock)."""
    dues = [turn.due for turn in entry.turns.values()] or list(entry.deadlines.values())
    return min(dues) if dues else None


def tables_message(
    entries: list[OpenTable], prefix: str, command: str, locale: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """``/… tables``: one line per open table (whose turn, since when, the deadline), and a
    button opening the player's hand at each."""
    embed = discord.Embed(title=t("tables.title", locale))
    if not entries:
        embed.description = t("tables.none", locale, command=command)
        return embed, None
    lines = []
    view = buttons_view()
    for entry in entries[:MAX_LISTED]:
        record = entry.snapshot.record
        due = deadline_of(entry)
        pace = (
            t("opt.pace", locale, hours=record.pace_seconds // 3600)
            if record.pace_seconds
            else t("tables.live", locale)
        )
        line = t(
            "tables.line",
            locale,
            game=record.id,
            channel_id=record.channel_id,
            pace=pace,
            whose=whose_turn(entry, locale),
            since=f"<t:{int(entry.since)}:R>",
        )
        if due is not None:
            line += "\n" + t("tables.deadline", locale, deadline=when(due))
        lines.append(line)
        style = (
            discord.ButtonStyle.primary
            if entry.seat in entry.actors
            else discord.ButtonStyle.secondary
        )
        view.add_item(
            HandButton.make(
                prefix, record.id, label=t("tables.open", locale, game=record.id), style=style
            )
        )
    embed.description = "\n\n".join(lines)
    return embed, view


def pick_message(entries: list[OpenTable], prefix: str, locale: str) -> tuple[str, discord.ui.View]:
    """``/… hand`` at several tables: which one (newest turn first)."""
    options = []
    for entry in entries[:MAX_LISTED]:
        record = entry.snapshot.record
        options.append(
            discord.SelectOption(
                label=t("tables.option", locale, game=record.id, whose=_plain_whose(entry, locale)),
                value=str(record.id),
            )
        )
    view = buttons_view()
    view.add_item(
        TablePickSelect.make(prefix, options=options, placeholder=t("tables.pick", locale))
    )
    return t("tables.which", locale), view


def _plain_whose(entry: OpenTable, locale: str) -> str:
    """Whose turn, in words a select option can show (it renders no mention)."""
    if entry.seat in entry.actors:
        return t("tables.your_turn", locale)
    if not entry.actors:
        return t("tables.nobody", locale)
    record = entry.snapshot.seats[entry.actors[0]]
    name = record.name or t("seat.computer", locale, number=entry.actors[0] + 1)
    return t("tables.turn_of", locale, player=name)


def turn_mail(
    snap: AnySnapshot, prefix: str, due: float | None, locale: str
) -> tuple[str, discord.ui.View]:
    """A turn's direct message (for players who asked with ``/… notify``): where, until
    when, and a button opening their hand."""
    record = snap.record
    content = t(
        "turn.mail",
        locale,
        game=record.id,
        channel_id=record.channel_id,
        deadline=when(due) if due is not None else "—",
    )
    view = buttons_view()
    view.add_item(
        HandButton.make(
            prefix, record.id, label=t("table.my_hand", locale), style=discord.ButtonStyle.primary
        )
    )
    return content, view


def missed_move(
    snap: AnySnapshot, user_id: int, handed_over: bool, command: str, locale: str
) -> str:
    """The notice of a missed move: the computer played it; after two in a row it keeps the
    seat until its player takes it back."""
    key = "turn.handed_over" if handed_over else "turn.timed_out"
    return t(key, locale, player=f"<@{user_id}>", game=snap.record.id, command=command)
