"""The parts every table message shares: the seats, the hand written by suit,
the "My hand" button, the picture, and the message that ends a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.picture.scene import Scene
from bot.service.model import PublicTable
from cogs.table.components import HandButton, PlayAgainButton
from cogs.table.render.renderer import (
    COLOUR,
    PICTURE,
    TableMessage,
    TableRenderer,
    buttons_view,
)
from cogs.table.words import mention, seat_label
from engine.cards import Card


def hand_text(cards: Sequence[Card], suits: str, locale: str) -> str:
    """A hand grouped by suit in the order ``suits``, each suit written once:
    ``♠ A 10 3 · ♥ K``. The cards come in the order they should be read."""
    if not cards:
        return t("hand.empty", locale)
    groups = []
    for suit in suits:
        ranks = [card_text(c)[:-1] for c in cards if c.suit == suit]
        if ranks:
            groups.append(f"{SUIT_SYMBOLS[suit]} {' '.join(ranks)}")
    return " · ".join(groups)


def variant_title(variant: str, locale: str) -> str:
    """A variant's name as a title (``Seven Up``, ``KQJ``)."""
    return t(f"variant.{variant}", locale)


def short_variant_title(variant: str, locale: str) -> str:
    """A variant's name where a phone has one line for the title and the table's number
    (``Caribbean``; the lobby and ``/… rules`` give the full name)."""
    return t(f"variant.short.{variant}", locale)


def deadline_text(deadline: float, locale: str) -> str:
    return t("table.deadline", locale, when=f"<t:{int(deadline)}:R>")


def add_seat_fields(
    embed: discord.Embed,
    table: PublicTable[Any, Any],
    groups: Sequence[tuple[str, Sequence[int]]],
    locale: str,
    *,
    dealer: int | None = None,
    actors: Sequence[int] = (),
) -> None:
    """One inline field per group of seats (a team, or a single seat)."""
    for name, seats in groups:
        lines = []
        for seat in seats:
            marks = []
            if seat == dealer:
                marks.append(t("seat.dealer", locale))
            record = table.seats.get(seat)
            if record and record.user_id == table.record.host_id:
                marks.append(t("seat.host", locale))
            suffix = f" · {', '.join(marks)}" if marks else ""
            arrow = "▶ " if seat in actors else ""
            lines.append(f"{arrow}{seat_label(table, seat, locale)}{suffix}")
        embed.add_field(name=name, value="\n".join(lines), inline=True)


def game_over_message(
    table: PublicTable[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> TableMessage:
    """The new message that ends a game: it mentions the players (a new message notifies
    them; an edited one would not), says who won by name in its title (a title shows a
    mention raw), every side's final score, each player's rating change, and offers to play
    again."""
    headline, scores = renderer.game_over(table, locale)
    people = [mention(r.user_id) for r in table.seats.values() if r.user_id is not None]
    embed = discord.Embed(title=t("over.title", locale, headline=headline), colour=COLOUR)
    lines = [scores]
    if table.ratings:
        changes = " · ".join(
            t("over.rating", locale, player=mention(c.user_id), before=c.before, after=c.after)
            for c in table.ratings
        )
        lines.append(t("over.ratings", locale, changes=changes))
    lines.append(t("table.rated" if table.record.rated else "table.unrated", locale))
    embed.description = "\n".join(lines)
    embed.set_footer(text=t("table.footer", locale, game=table.id))
    view = buttons_view()
    view.add_item(
        PlayAgainButton.make(
            renderer.family.prefix,
            table.id,
            label=t("over.play_again", locale),
            style=discord.ButtonStyle.success,
        )
    )
    return TableMessage(content=" ".join(people), embed=embed, view=view)


def picture_embed(embed: discord.Embed, scene: Scene) -> None:
    """Put the picture in a table embed: the text stays whole (trumps, the kick, the trick,
    the move log, whose turn, the scores: a server may turn pictures off, and a reader may
    not see them), only the seat fields go, as the picture seats everyone around the table
    and the log and the turn name who did what."""
    kept = [f for f in embed.fields if not f.inline]
    embed.clear_fields()
    for field_ in kept:
        embed.add_field(name=field_.name, value=field_.value, inline=False)
    embed.set_image(url=f"attachment://{PICTURE}")


def seat_names(table: PublicTable[Any, Any], locale: str) -> list[str]:
    """The name of every seat as the picture writes it (no mention markup in an image)."""
    names = []
    for seat in range(len(table.seats)):
        record = table.seats.get(seat)
        if record is None:
            names.append(t("seat.empty", locale))
        elif record.user_id is None:
            level = t(f"level.{record.level}", locale) if record.level else None
            key = "seat.computer_level" if level else "seat.computer"
            names.append(t(key, locale, number=seat + 1, level=level))
        else:
            names.append(record.name)
    return names


def table_buttons(table: PublicTable[Any, Any], prefix: str, locale: str) -> discord.ui.View:
    """The public table message's only button: "My hand"."""
    buttons = buttons_view()
    buttons.add_item(
        HandButton.make(
            prefix, table.id, label=t("table.my_hand", locale), style=discord.ButtonStyle.primary
        )
    )
    return buttons
