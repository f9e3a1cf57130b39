"""The move log in words: what happened in a deal, one line per decision, per trick (its
cards and who won it) and per award, in the order the engine told it (``Told``). The family
says each of its own events (``TableRenderer.tell``); the tricks, redeals and the end of a
game read alike in every family and are said here.

Engine events are public (a discard is a count), so the log is for everyone: the table
message shows the last lines of the current deal, a finished deal's message its whole story,
and a panel what happened since its owner's last move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import discord

from bot.i18n import t
from bot.notation import card_text
from bot.service.model import PublicTable, Told
from cogs.table.render.renderer import TableRenderer
from cogs.table.words import seat_label
from engine.core import CardPlayed, Redeal, TrickWon

TABLE_LINES: Final = 6
"""Lines of the current deal the table message keeps (the newest last) in its log field."""
RECENT_LINES: Final = 1
"""Lines of the current deal a family's table message folds into its description, more when
the newest move told more (a run of the pack): what just happened. A phone's height (450
pixels at 400 wide, ``benchmarks/phone_pages.py``) holds the picture, the standing facts,
this and the trick on the table, not more: a finished trick of six is three lines there, and
each panel tells its owner what happened since their last move."""
FIELD_LIMIT: Final = 1024
"""Discord's limit of characters in an embed field's value."""

REDEAL_REASONS: Final = {
    "nobody bid": "redeal.nobody_bid",
    "all six players passed twice": "redeal.all_passed",
    "the pack ran out before a new suit was kicked": "redeal.pack_out",
    "the pack ran out before a new suit was turned": "redeal.pack_out",
    "all four suits were refused": "redeal.all_refused",
}
"""The engine's reasons for throwing a deal in (``Redeal.reason``), as catalog keys."""

Teller = Callable[[Told], str | None]


def redeal_text(event: Redeal, locale: str) -> str:
    key = REDEAL_REASONS.get(event.reason)
    reason = t(key, locale) if key is not None else event.reason
    return t("log.redeal", locale, reason=reason)


def trick_won_text(
    table: PublicTable[Any, Any],
    event: TrickWon,
    plays: Sequence[CardPlayed],
    locale: str,
    *,
    forced: bool = False,
) -> str:
    """A trick in playing order with its winner: ``Ann 9♥ · Bob K♥ → Bob (3)``; ``plays``
    are the trick's cards as they were played (fewer when the log starts mid-trick: then
    the cards are named without their players); ``forced``: every card of it played itself
    (the last trick of a hand), which the line says, since nobody clicked them."""
    if len(plays) == len(event.cards):
        cards = " · ".join(
            f"{seat_label(table, play.seat, locale)} {card_text(play.card)}" for play in plays
        )
    else:
        cards = " · ".join(card_text(card) for card in event.cards)
    return t(
        "log.trick.forced" if forced and len(plays) == len(event.cards) else "log.trick",
        locale,
        cards=cards,
        winner=seat_label(table, event.seat, locale),
        points=event.points,
    )


def story(
    table: PublicTable[Any, Any],
    entries: Sequence[Told],
    tell: Teller,
    locale: str,
) -> list[str]:
    """The lines of these log entries: a trick is one line once it is won (the cards of the
    trick in progress are the table's "Trick" line), every other event its family's words."""
    lines = []
    plays: list[CardPlayed] = []
    forced = True
    for entry in entries:
        event = entry.event
        if isinstance(event, CardPlayed):
            plays.append(event)
            forced = forced and entry.forced
        elif isinstance(event, TrickWon):
            lines.append(trick_won_text(table, event, plays, locale, forced=forced))
            plays, forced = [], True
        elif isinstance(event, Redeal):
            lines.append(redeal_text(event, locale))
        else:
            line = tell(entry)
            if line:
                lines.append(line)
    return lines


def deal_story(table: PublicTable[Any, Any], deal: int, tell: Teller, locale: str) -> list[str]:
    """Every line of one deal's log."""
    return story(table, [e for e in table.log if e.deal == deal], tell, locale)


def since_last_move(
    table: PublicTable[Any, Any], seat: int, tell: Teller, locale: str
) -> list[str]:
    """What happened since ``seat`` last moved, that move included (the trick it played
    to is told from its first card); before any move, the current deal's story."""
    entries = table.log
    last = max((e.version for e in entries if e.seat == seat), default=None)
    if last is None:
        return deal_story(table, table.deal or 0, tell, locale)
    first = next(index for index, e in enumerate(entries) if e.version >= last)
    while first > 0 and isinstance(entries[first - 1].event, CardPlayed):
        first -= 1
    return story(table, entries[first:], tell, locale)


def last_lines(lines: Sequence[str], count: int, limit: int = FIELD_LIMIT) -> str:
    """The newest ``count`` lines that fit in ``limit`` characters, newest last."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines[-count:]):
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    return "\n".join(reversed(kept))


def teller(
    renderer: TableRenderer[Any, Any, Any, Any], table: PublicTable[Any, Any], locale: str
) -> Teller:
    return lambda entry: renderer.tell(table, entry, locale)


def current_teller(
    renderer: TableRenderer[Any, Any, Any, Any], table: PublicTable[Any, Any], locale: str
) -> Teller:
    """The log of the deal in progress: the events its standing facts say (the trumps, the
    contract) are told there, once, not in a line of the log too."""

    def tell(entry: Told) -> str | None:
        if renderer.tells_standing(table, entry):
            return None
        return renderer.tell(table, entry, locale)

    return tell


def tells_deal_start(table: PublicTable[Any, Any], deal: int) -> bool:
    """Whether the log holds the deal's beginning (the first deal's is before any move, and
    a table loaded from an older bot may not have it): then its awards are in the log."""
    fam = table.family
    return any(e.deal == deal and fam.deal_started(e.event) == deal for e in table.log)


def add_story_field(
    embed: discord.Embed,
    table: PublicTable[Any, Any],
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
) -> None:
    """The table message's log: the last lines of the current deal, newest last."""
    lines = deal_story(table, table.deal or 0, teller(renderer, table, locale), locale)
    if lines:
        embed.add_field(
            name=t("log.title", locale), value=last_lines(lines, TABLE_LINES), inline=False
        )


def recent_lines(
    table: PublicTable[Any, Any],
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    count: int = RECENT_LINES,
) -> list[str]:
    """The newest ``count`` lines of the current deal, newest last, and never fewer than
    every line of the newest move (a run of the pack tells several): each event is told at
    least once, in the message that follows it (here, or in the standing facts above)."""
    deal = table.deal or 0
    entries = [e for e in table.log if e.deal == deal]
    tell = current_teller(renderer, table, locale)
    if not entries:
        return []
    newest = entries[-1].version
    count = max(count, len(story(table, [e for e in entries if e.version == newest], tell, locale)))
    # The deal's last lines, told from the last won trick before them on (a trick's line
    # needs its cards, and the story starts afresh after each trick): drawn at every move,
    # so not the whole deal's story each time.
    start = len(entries)
    while start > 0:
        start -= 1
        if isinstance(entries[start].event, TrickWon) and start < len(entries) - 1:
            lines = story(table, entries[start + 1 :], tell, locale)
            if len(lines) >= count:
                return lines[-count:]
    return story(table, entries, tell, locale)[-count:]


def deal_story_text(
    table: PublicTable[Any, Any],
    renderer: TableRenderer[Any, Any, Any, Any],
    deal: int,
    locale: str,
    limit: int,
) -> str:
    """A finished deal's whole story (its newest lines, if it is longer than ``limit``)."""
    lines = deal_story(table, deal, teller(renderer, table, locale), locale)
    return last_lines(lines, len(lines), limit)
