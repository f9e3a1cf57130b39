"""The lobby message: the table's options, its seats, and the buttons to join, seat a
computer, start or cancel."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.models import Status
from bot.service.model import PublicTable
from cogs.table.components import LobbyButton, LobbySelect
from cogs.table.render.renderer import COLOUR, TableRenderer, buttons_view
from cogs.table.render.table import add_seat_fields, variant_title
from cogs.table.words import team_label


def lobby_embed(
    table: PublicTable[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> discord.Embed:
    record = table.record
    embed = discord.Embed(
        title=t("lobby.title", locale, variant=variant_title(record.variant, locale)),
        colour=COLOUR,
    )
    options = [*renderer.options_lines(table, locale), *table_lines(table, locale)]
    lines = "\n".join(f"• {line}" for line in options)
    if record.status is Status.LOBBY:
        embed.description = f"{lines}\n\n{t('lobby.help', locale)}"
    elif record.status is Status.CANCELLED:
        reason = record.end_reason or "cancelled"
        embed.description = t(f"lobby.closed.{reason}", locale)
    else:
        embed.description = f"{lines}\n\n{t('lobby.started', locale)}"
    add_seat_fields(embed, table, renderer.lobby_groups(table, locale), locale)
    embed.set_footer(text=t("table.footer", locale, game=record.id))
    return embed


def table_lines(table: PublicTable[Any, Any], locale: str) -> list[str]:
    """The options every table has: the turn timer, the computers' pause, whether it is rated."""
    record = table.record
    seconds = record.turn_seconds
    if record.pace_seconds:
        lines = [t("opt.pace", locale, hours=record.pace_seconds // 3600)]
    elif seconds:
        lines = [t("opt.timer", locale, seconds=seconds)]
    else:
        lines = [t("opt.no_timer", locale)]
    if record.computer_pause is not None or any(s.user_id is None for s in table.seats.values()):
        if record.computer_pause is None:
            lines.append(t("opt.pause_default", locale))
        else:
            lines.append(t("opt.pause", locale, seconds=f"{record.computer_pause:g}"))
    lines.append(t("opt.rated" if record.rated else "opt.unrated", locale))
    return lines


def lobby_view(
    table: PublicTable[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> discord.ui.View | None:
    """Join (by team, a full team's button disabled), leave, seat a computer at a level,
    start, cancel, hints on or off (unrated tables), and the rules."""
    if table.status is not Status.LOBBY:
        return None
    fam = renderer.family
    prefix, game = fam.prefix, table.id
    view = buttons_view()
    full = len(table.seats) >= fam.players(table.rules)
    teams = fam.lobby_teams(table.rules)
    join = discord.ButtonStyle.primary
    if teams is not None:
        for team, seats in enumerate(teams):
            label = t("lobby.join_team", locale, team=team_label(team, locale))
            taken = all(seat in table.seats for seat in seats)
            view.add_item(
                LobbyButton.make(
                    prefix, game, f"j{team}", label=label, style=join, disabled=taken, row=0
                )
            )
    else:
        label = t("lobby.join", locale)
        view.add_item(
            LobbyButton.make(prefix, game, "j", label=label, style=join, disabled=full, row=0)
        )
    view.add_item(LobbyButton.make(prefix, game, "x", label=t("lobby.leave", locale), row=0))
    if not full:
        levels = [(level, t(f"level.{level}", locale)) for level in fam.levels]
        options = [
            discord.SelectOption(value=level, label=t("lobby.computer_at", locale, level=name))
            for level, name in levels
        ]
        view.add_item(
            LobbySelect.make(
                prefix, game, options=options, placeholder=t("lobby.add_computer", locale), row=1
            )
        )
    start = discord.ButtonStyle.success
    view.add_item(
        LobbyButton.make(
            prefix, game, "s", label=t("lobby.start", locale), style=start, disabled=not full, row=2
        )
    )
    view.add_item(
        LobbyButton.make(
            prefix,
            game,
            "q",
            label=t("lobby.cancel", locale),
            style=discord.ButtonStyle.danger,
            row=2,
        )
    )
    if not table.record.rated:
        on = table.record.offers_hints
        key = "lobby.hints_on" if on else "lobby.hints_off"
        view.add_item(
            LobbyButton.make(prefix, game, "h0" if on else "h1", label=t(key, locale), row=2)
        )
    view.add_item(LobbyButton.make(prefix, game, "r", label=t("lobby.rules", locale), row=2))
    return view
