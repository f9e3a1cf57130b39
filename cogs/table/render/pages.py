"""The pages that are not a table: leaderboards, a player's stats, the server's settings and
a variant's rules, with their pagers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.families import Family
from bot.i18n import t
from bot.models import PlayerMatch, RatingRow
from bot.ratings import displayed
from bot.server_settings import ServerSettings
from cogs.table.components import BoardButton, GameButton, StatsButton
from cogs.table.render.renderer import COLOUR, TableRenderer, buttons_view
from cogs.table.render.table import variant_title
from cogs.table.words import mention


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def stats_text(stats: dict[str, int], names: Sequence[str], locale: str) -> str:
    """A family's statistics in its order: ``hang jacks 2 · kick points 5``."""
    return " · ".join(t(f"stat.{name}", locale, count=stats.get(name, 0)) for name in names)


def board_message(
    rows: Sequence[RatingRow],
    *,
    family: Family[Any, Any, Any, Any],
    pool: str,
    scope: str,
    page: int,
    pages: int,
    offset: int,
    min_games: int,
    locale: str,
    provisional: Sequence[RatingRow] = (),
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of a board: the ranked players (at least ``min_games`` rated games), and on
    the last page the provisional ones below them, so a new board is never empty."""
    scope_text = t("board.scope.global" if scope == "g" else "board.scope.server", locale)
    embed = discord.Embed(
        title=t("board.title", locale, family=t(f"pool.{pool}", locale), scope=scope_text),
        colour=COLOUR,
    )
    if rows:
        embed.description = "\n".join(
            t(
                "board.line",
                locale,
                rank=offset + index + 1,
                player=mention(row.user_id),
                rating=displayed(row),
                games=t("count.games", locale, count=row.games),
                wins=t("count.wins", locale, count=row.wins),
                rate=_percent(row.win_rate),
                stats=stats_text(row.stats, family.stat_names, locale),
            )
            for index, row in enumerate(rows)
        )
    else:
        embed.description = t("board.empty", locale, min=min_games)
    if provisional:
        embed.add_field(
            name=t("board.provisional", locale, min=min_games),
            value="\n".join(
                t(
                    "board.provisional_line",
                    locale,
                    player=mention(row.user_id),
                    rating=displayed(row),
                    games=t("count.games", locale, count=row.games),
                )
                for row in provisional
            ),
            inline=False,
        )
    embed.set_footer(
        text=t("board.footer", locale, min=min_games, page=page + 1, pages=max(pages, 1))
    )
    return embed, _pager(
        lambda p, label, off: BoardButton.make(
            family.prefix, pool, scope, p, label=label, disabled=off
        ),
        page,
        pages,
        locale,
    )


def stats_message(
    *,
    user_id: int,
    family: Family[Any, Any, Any, Any],
    boards: Sequence[tuple[str, str, RatingRow | None, int | None]],
    matches: Sequence[PlayerMatch],
    page: int,
    pages: int,
    min_games: int,
    locale: str,
) -> tuple[discord.Embed, discord.ui.View]:
    """A player's ratings (``boards``: pool, scope, row, rank) and recent tables."""
    embed = discord.Embed(
        title=t("stats.title", locale, family=t(f"family.{family.name}", locale)),
        description=t("stats.player", locale, player=mention(user_id)),
        colour=COLOUR,
    )
    several = len(family.pools) > 1
    for pool, scope, row, rank in boards:
        name = t(f"board.scope.{scope}", locale)
        if several:
            name = f"{t(f'pool.{pool}', locale)} · {name}"
        if row is None:
            embed.add_field(name=name, value=t("stats.unrated", locale), inline=True)
            continue
        place = (
            t("stats.rank", locale, rank=rank)
            if rank is not None
            else t("stats.provisional", locale, min=min_games)
        )
        embed.add_field(
            name=name,
            value=t(
                "stats.block",
                locale,
                rating=displayed(row),
                place=place,
                games=t("count.games", locale, count=row.games),
                wins=t("count.wins", locale, count=row.wins),
                rate=_percent(row.win_rate),
                stats=stats_text(row.stats, family.stat_names, locale),
            ),
            inline=True,
        )
    if matches:
        lines = []
        for match in matches:
            result = (
                "stats.abandoned"
                if match.outcome == "abandoned"
                else ("stats.won" if match.won else "stats.lost")
            )
            lines.append(
                t(
                    "stats.match",
                    locale,
                    variant=variant_title(match.variant, locale),
                    result=t(result, locale),
                    score=match.score,
                    other=match.best_other,
                    when=f"<t:{int(match.ended_at)}:d>",
                    rated="" if match.rated else t("stats.unrated_mark", locale),
                )
            )
        embed.add_field(name=t("stats.recent", locale), value="\n".join(lines), inline=False)
    else:
        embed.add_field(name=t("stats.recent", locale), value=t("stats.none", locale), inline=False)
    history = f"/{t(f'cmdname.{family.name}', locale)} {t('cmdname.history', locale)}"
    embed.add_field(name="\u200b", value=t("stats.history", locale, command=history), inline=False)
    embed.set_footer(text=t("stats.footer", locale, page=page + 1, pages=max(pages, 1)))
    return embed, _pager(
        lambda p, label, off: StatsButton.make(
            family.prefix, family.name, user_id, p, label=label, disabled=off
        ),
        page,
        pages,
        locale,
    )


def _pager(
    make: Callable[[int, str, bool], GameButton], page: int, pages: int, locale: str
) -> discord.ui.View:
    """Previous / next buttons; their targets always differ, so their custom_ids do too."""
    view = buttons_view()
    view.add_item(make(max(page - 1, 0), t("page.previous", locale), page <= 0))
    view.add_item(make(page + 1, t("page.next", locale), page >= pages - 1))
    return view


def settings_embed(
    settings: ServerSettings, renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> discord.Embed:
    """A server's settings, readable: what new tables of this server get."""
    fam = renderer.family
    yes_no = {True: t("settings.on", locale), False: t("settings.off", locale)}
    language = settings.language
    lines = [
        t(
            "settings.language",
            locale,
            language=t(f"settings.language.{language or 'auto'}", locale),
        ),
        t("settings.timer", locale, seconds=settings.turn_seconds)
        if settings.turn_seconds
        else t("settings.no_timer", locale),
        t("settings.nudges", locale, seconds=settings.nudge_seconds)
        if settings.nudge_seconds
        else t("settings.no_nudges", locale),
        t("settings.pace", locale, hours=settings.pace_seconds // 3600)
        if settings.pace_seconds
        else t("settings.live", locale),
        t("settings.computers", locale, value=yes_no[settings.computers]),
        t("settings.pictures", locale, value=yes_no[settings.pictures]),
        t(
            "settings.channels",
            locale,
            channels=" ".join(f"<#{c}>" for c in settings.channels)
            if settings.channels
            else t("settings.all_channels", locale),
        ),
    ]
    embed = discord.Embed(
        title=t("settings.title", locale), description="\n".join(lines), colour=COLOUR
    )
    variant = settings.variants.get(fam.name, fam.variants[0])
    options = settings.options.get(fam.name, {})
    chosen = ", ".join(f"{name} = {value}" for name, value in sorted(options.items()))
    embed.add_field(
        name=t("settings.defaults", locale, family=t(f"family.{fam.name}", locale)),
        value=t(
            "settings.defaults_value",
            locale,
            variant=variant_title(variant, locale),
            options=chosen or t("settings.no_options", locale),
        ),
        inline=False,
    )
    return embed


def rules_embed(
    renderer: TableRenderer[Any, Any, Any, Any], variant: str, locale: str, command: str
) -> discord.Embed:
    """A variant's rules in short, and how a game is played here, with this bot."""
    embed = discord.Embed(
        title=t("rules.title", locale, variant=variant_title(variant, locale)),
        description=renderer.rules_text(variant, locale),
        colour=COLOUR,
    )
    embed.add_field(
        name=t("rules.here_title", locale), value=t("rules.here", locale, command=command)
    )
    return embed
