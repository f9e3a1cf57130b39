"""What the All Fours messages look like: embeds and button layouts, built from snapshots.

Public messages (lobby, table, hand results) are drawn only from ``observe(state, None)``,
the spectator's view, so a hidden card cannot reach them; a hand panel is drawn from its
owner's own view and is only ever sent ephemerally. Every text comes from the catalog.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.i18n import t
from bot.models import PlayerMatch, RatingRow, Status
from bot.service import Panel, Snapshot
from cogs.allfours.components import (
    ActionButton,
    BoardButton,
    GameButton,
    HandButton,
    LobbyButton,
    RefreshButton,
    StatsButton,
)
from engine import allfours
from engine.cards import Card

SUIT_SYMBOLS: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_ORDER: Final = "shdc"
ROWS: Final = 5
PER_ROW: Final = 5
COLOUR: Final = discord.Colour.dark_green()
TEAM_LETTERS: Final = "ABCD"


def buttons_view() -> discord.ui.View:
    """A view that only carries buttons: every button is a ``DynamicItem`` found by its
    custom_id template, so discord.py need not keep the view. A finished view is never
    stored (nor given the 15-minute timeout task discord.py adds to ephemeral views), so
    thousands of panels and table messages cost no memory and no timers."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


# --- small texts ---------------------------------------------------------------------------


def card_text(card: Card) -> str:
    """``Th`` -> ``10♥``: how a card is written in every message."""
    rank = "10" if card.rank == "T" else card.rank
    return f"{rank}{SUIT_SYMBOLS[card.suit]}"


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """By suit (♠ ♥ ♦ ♣), highest rank first."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank_code))


def hand_text(cards: Sequence[Card], locale: str) -> str:
    if not cards:
        return t("hand.empty", locale)
    groups = []
    for suit in SUIT_ORDER:
        ranks = [card_text(c)[:-1] for c in sort_cards(cards) if c.suit == suit]
        if ranks:
            groups.append(f"{SUIT_SYMBOLS[suit]} {' '.join(ranks)}")
    return " · ".join(groups)


def suit_text(suit: str, locale: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {t(f'suit.{suit}', locale)}"


def seat_label(snap: Snapshot, seat: int, locale: str) -> str:
    record = snap.seats.get(seat)
    if record is None:
        return t("seat.empty", locale)
    if record.user_id is None:
        return t("seat.computer", locale, number=seat + 1)
    mention = f"<@{record.user_id}>"
    if record.computer:
        return t("seat.handed_over", locale, player=mention)
    return mention


def side_label(snap: Snapshot, side: int, locale: str) -> str:
    if snap.rules.partnerships:
        return t("team.name", locale, letter=TEAM_LETTERS[side])
    return seat_label(snap, side, locale)


def variant_title(variant: str, locale: str) -> str:
    return t(f"variant.{variant}", locale)


def options_lines(snap: Snapshot, locale: str) -> list[str]:
    rules = snap.rules
    lines = [
        t("opt.partners", locale)
        if rules.partnerships
        else t("opt.individual", locale, players=rules.players),
        t("opt.target", locale, target=rules.target),
    ]
    if rules.variant == "caribbean":
        lines.append(t(f"opt.kicks.{rules.kick_two_rank}", locale))
    lines.append(t(f"opt.low.{rules.low_mode}", locale))
    if not rules.gift_point:
        lines.append(t("opt.no_gift", locale))
    if rules.game_tie == "non_dealer":
        lines.append(t("opt.game_tie_non_dealer", locale))
    if rules.forbid_undertrump:
        lines.append(t("opt.no_undertrump", locale))
    if not rules.allow_take_one_to_win:
        lines.append(t("opt.no_take_one_to_win", locale))
    seconds = snap.record.turn_seconds
    lines.append(t("opt.timer", locale, seconds=seconds) if seconds else t("opt.no_timer", locale))
    lines.append(t("opt.rated" if snap.record.rated else "opt.unrated", locale))
    return lines


def _sides(snap: Snapshot) -> list[list[int]]:
    """Seats grouped by side, in seat order."""
    rules = snap.rules
    groups: list[list[int]] = [[] for _ in range(rules.sides)]
    for seat in range(rules.players):
        groups[rules.side_of(seat)].append(seat)
    return groups


# --- the lobby -----------------------------------------------------------------------------


def lobby_embed(snap: Snapshot, locale: str) -> discord.Embed:
    record = snap.record
    embed = discord.Embed(
        title=t("lobby.title", locale, variant=variant_title(record.variant, locale)),
        colour=COLOUR,
    )
    lines = "\n".join(f"• {line}" for line in options_lines(snap, locale))
    if record.status is Status.LOBBY:
        embed.description = f"{lines}\n\n{t('lobby.help', locale)}"
    elif record.status is Status.CANCELLED:
        reason = record.end_reason or "cancelled"
        embed.description = t(f"lobby.closed.{reason}", locale)
    else:
        embed.description = f"{lines}\n\n{t('lobby.started', locale)}"
    _add_seat_fields(embed, snap, locale, scores=None)
    embed.set_footer(text=t("table.footer", locale, game=record.id))
    return embed


def lobby_view(snap: Snapshot, locale: str) -> discord.ui.View | None:
    if snap.status is not Status.LOBBY:
        return None
    game = snap.id
    view = buttons_view()
    full = len(snap.seats) >= snap.rules.players
    if snap.rules.partnerships:
        for side in range(snap.rules.sides):
            label = t("lobby.join_team", locale, team=side_label(snap, side, locale))
            view.add_item(
                LobbyButton.make(
                    game, f"j{side}", label=label, style=discord.ButtonStyle.primary, row=0
                )
            )
    else:
        view.add_item(
            LobbyButton.make(
                game, "j", label=t("lobby.join", locale), style=discord.ButtonStyle.primary, row=0
            )
        )
    view.add_item(LobbyButton.make(game, "x", label=t("lobby.leave", locale), row=0))
    view.add_item(
        LobbyButton.make(game, "c", label=t("lobby.add_computer", locale), disabled=full, row=1)
    )
    view.add_item(
        LobbyButton.make(
            game,
            "s",
            label=t("lobby.start", locale),
            style=discord.ButtonStyle.success,
            disabled=not full,
            row=1,
        )
    )
    view.add_item(
        LobbyButton.make(
            game, "q", label=t("lobby.cancel", locale), style=discord.ButtonStyle.danger, row=1
        )
    )
    return view


def _add_seat_fields(
    embed: discord.Embed,
    snap: Snapshot,
    locale: str,
    *,
    scores: Sequence[int] | None,
    dealer: int | None = None,
    actors: Sequence[int] = (),
) -> None:
    for side, seats in enumerate(_sides(snap)):
        lines = []
        for seat in seats:
            marks = []
            if seat == dealer:
                marks.append(t("seat.dealer", locale))
            if snap.seats.get(seat) and snap.seats[seat].user_id == snap.record.host_id:
                marks.append(t("seat.host", locale))
            suffix = f" · {', '.join(marks)}" if marks else ""
            arrow = "▶ " if seat in actors else ""
            lines.append(f"{arrow}{seat_label(snap, seat, locale)}{suffix}")
        if snap.rules.partnerships:
            name = side_label(snap, side, locale)
        else:
            name = t("seat.number", locale, number=side + 1)
        if scores is not None:
            name = t("table.side_score", locale, side=name, points=scores[side])
        embed.add_field(name=name, value="\n".join(lines), inline=True)


# --- the table -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableMessage:
    content: str
    embed: discord.Embed
    view: discord.ui.View | None


def decision_text(phase: allfours.Phase, rules: allfours.Ruleset, locale: str) -> str:
    if phase is allfours.Phase.DECLARE:
        round_of_acceptance = rules.players >= 3 and rules.variant != "caribbean"
        return t("turn.accept" if round_of_acceptance else "turn.declare", locale)
    return t(f"turn.{phase.value}", locale)


def _award_line(snap: Snapshot, award: dict[str, Any], locale: str) -> str:
    side = side_label(snap, int(award["side"]), locale)
    seat = award.get("seat")
    player = seat_label(snap, int(seat), locale) if seat is not None else side
    card = card_text(Card.parse(award["card"])) if award.get("card") else ""
    return t(
        f"award.{award['reason']}",
        locale,
        side=side,
        player=player,
        card=card,
        points=award["points"],
    )


def _awards(awards: Iterable[allfours.PointsAwarded]) -> list[dict[str, Any]]:
    return [
        {
            "side": a.side,
            "points": a.points,
            "reason": a.reason,
            "card": None if a.card is None else str(a.card),
            "seat": a.seat,
        }
        for a in awards
    ]


def _trick_text(snap: Snapshot, trick: Sequence[tuple[int, Card]], locale: str) -> str:
    return " · ".join(f"{seat_label(snap, seat, locale)} {card_text(card)}" for seat, card in trick)


def _scores_text(snap: Snapshot, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(snap, side, locale)} {points}" for side, points in enumerate(scores)
    )


def table_message(
    snap: Snapshot, deadlines: dict[int, float], locale: str, *, hand: int | None = None
) -> TableMessage:
    """The public table message of the hand ``hand`` (default: the current one)."""
    record = snap.record
    state = snap.state
    assert state is not None
    view = allfours.observe(state, None)
    current = hand is None or hand == view.hand_number
    summary = json.loads(record.last_hand) if record.last_hand else None
    if not current or record.status is not Status.PLAYING:
        return _closed_hand_message(snap, view, summary, hand or view.hand_number, locale)
    embed = discord.Embed(
        title=t(
            "table.title",
            locale,
            variant=variant_title(record.variant, locale),
            hand=view.hand_number,
        ),
        colour=COLOUR,
    )
    actors = [s for s in range(snap.rules.players) if _can_act(snap, s)]
    _add_seat_fields(embed, snap, locale, scores=view.scores, dealer=view.dealer, actors=actors)
    lines = []
    if view.trump is not None:
        lines.append(t("table.trump", locale, suit=suit_text(view.trump, locale)))
    if view.turned:
        key = "table.kick" if len(view.turned) == 1 else "table.kicks"
        cards = ", ".join(card_text(c) for c in view.turned)
        lines.append(t(key, locale, cards=cards))
    for award in _awards(view.awards):
        lines.append(_award_line(snap, award, locale))
    if view.phase is allfours.Phase.PLAY:
        trick = _trick_text(snap, view.trick, locale) if view.trick else t("table.no_card", locale)
        lines.append(t("table.trick", locale, trick=trick))
        if view.previous_trick and view.previous_trick_winner is not None:
            lines.append(
                t(
                    "table.last_trick",
                    locale,
                    trick=_trick_text(snap, view.previous_trick, locale),
                    winner=seat_label(snap, view.previous_trick_winner, locale),
                )
            )
    embed.description = "\n".join(lines)
    waiting = ", ".join(seat_label(snap, s, locale) for s in actors)
    turn = t(
        "table.turn", locale, players=waiting, what=decision_text(view.phase, snap.rules, locale)
    )
    timers = sorted(deadlines[s] for s in actors if s in deadlines)
    if timers:
        turn += " " + t("table.deadline", locale, when=f"<t:{int(timers[0])}:R>")
    embed.add_field(name=t("table.turn_title", locale), value=turn, inline=False)
    if summary is not None and summary.get("hand") == view.hand_number - 1:
        embed.add_field(
            name=t("table.previous_hand", locale, hand=summary["hand"]),
            value=_scores_text(snap, summary["scores"], locale),
            inline=False,
        )
    embed.set_footer(text=t("table.footer", locale, game=record.id))
    buttons = buttons_view()
    buttons.add_item(
        HandButton.make(
            record.id, label=t("table.my_hand", locale), style=discord.ButtonStyle.primary
        )
    )
    mentions = [f"<@{snap.seats[s].user_id}>" for s in actors if snap.seats[s].is_human]
    content = t("table.ping", locale, players=" ".join(mentions)) if mentions else ""
    return TableMessage(content=content, embed=embed, view=buttons)


def _can_act(snap: Snapshot, seat: int) -> bool:
    state = snap.state
    return bool(state is not None and not state.is_over and allfours.legal_actions(state, seat))


def _closed_hand_message(
    snap: Snapshot,
    view: allfours.PlayerView,
    summary: dict[str, Any] | None,
    hand: int,
    locale: str,
) -> TableMessage:
    """A hand that is over: its count in scoring order, and the result if the game ended."""
    record = snap.record
    embed = discord.Embed(
        title=t(
            "table.hand_over", locale, variant=variant_title(record.variant, locale), hand=hand
        ),
        colour=COLOUR,
    )
    lines: list[str] = []
    if summary is not None and summary.get("hand") == hand:
        for award in summary["deal"]:
            lines.append(_award_line(snap, award, locale))
        count = summary["count"]
        if not any(a["reason"] == "high" for a in count):
            lines.append(t("count.no_trump", locale))
        for award in count:
            lines.append(_award_line(snap, award, locale))
        totals = " – ".join(str(p) for p in summary["game_points"])
        if not any(a["reason"] == "game" for a in count):
            lines.append(t("count.game_tied", locale, totals=totals))
        else:
            lines.append(t("count.game_totals", locale, totals=totals))
        lines.append(
            t("count.scores", locale, scores=_scores_text(snap, summary["scores"], locale))
        )
    elif record.status is Status.PLAYING:
        lines.append(t("table.hand_done", locale))
    if record.status is Status.FINISHED and record.winner is not None and hand == view.hand_number:
        lines.append("")
        lines.append(
            t(
                "table.winner",
                locale,
                side=side_label(snap, record.winner, locale),
                scores=_scores_text(snap, view.scores, locale),
            )
        )
        lines.append(t("table.rated" if record.rated else "table.unrated", locale))
    if record.status is Status.ABANDONED and hand == view.hand_number:
        lines.append(
            t(
                "table.abandoned",
                locale,
                player=f"<@{record.ended_by}>" if record.ended_by else "?",
                scores=_scores_text(snap, view.scores, locale),
            )
        )
    embed.description = "\n".join(lines)
    _add_seat_fields(embed, snap, locale, scores=None)
    embed.set_footer(text=t("table.footer", locale, game=record.id))
    return TableMessage(content="", embed=embed, view=None)


# --- the hand panel ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    code: str
    label: str
    style: discord.ButtonStyle
    enabled: bool


def layout(cards: Sequence[ButtonSpec], decisions: Sequence[ButtonSpec]) -> list[list[ButtonSpec]]:
    """Rows of at most five buttons, at most five rows: the cards first (five to a row), then
    the decisions on a row of their own when there is room, else after the last card. A hand
    too big to leave room (only possible with no card to click) is shown in the text only."""
    card_rows = [list(cards[i : i + PER_ROW]) for i in range(0, len(cards), PER_ROW)]
    if len(card_rows) + (1 if decisions else 0) <= ROWS:
        return card_rows + ([list(decisions)] if decisions else [])
    if card_rows and len(card_rows) == ROWS and len(card_rows[-1]) + len(decisions) <= PER_ROW:
        card_rows[-1].extend(decisions)
        return card_rows
    playable = any(spec.enabled for spec in cards)
    if len(card_rows) <= ROWS and playable:
        room = ROWS * PER_ROW - len(cards)
        kept = [d for d in decisions if d.enabled][:room]
        flat = list(cards) + kept
        return [flat[i : i + PER_ROW] for i in range(0, len(flat), PER_ROW)]
    return [list(decisions)] if decisions else []


_DECISIONS: Final = {
    "S": ("panel.stand", discord.ButtonStyle.success),
    "B": ("panel.beg", discord.ButtonStyle.secondary),
    "T": ("panel.take_one", discord.ButtonStyle.success),
    "R": ("panel.run_pack", discord.ButtonStyle.primary),
}
_ACCEPT_REFUSE: Final = {
    "S": ("panel.accept", discord.ButtonStyle.success),
    "B": ("panel.refuse", discord.ButtonStyle.secondary),
}
REFRESH: Final = "refresh"


def panel_message(
    panel: Panel,
    locale: str,
    *,
    deadline: float | None = None,
    notice: str | None = None,
    live: bool = True,
) -> tuple[discord.Embed, discord.ui.View]:
    """A hand panel. ``live``: drawn for its owner's own click, so it may say who plays right
    now; a panel refreshed in the background only changes when its owner's options do, so
    it does not name other players (that would go stale; the table message shows them)."""
    snap = panel.snapshot
    record = snap.record
    embed = discord.Embed(title=t("panel.title", locale, game=record.id), colour=COLOUR)
    view_data = panel.view
    lines = [notice] if notice else []
    lines.append(_panel_status(panel, locale, deadline, live))
    embed.description = "\n".join(lines)
    specs: list[ButtonSpec] = []
    decisions: list[ButtonSpec] = []
    if view_data is not None and panel.seat is not None:
        trump = view_data.trump
        embed.add_field(
            name=t("panel.your_cards", locale),
            value=hand_text(view_data.hand, locale),
            inline=False,
        )
        if trump is not None:
            embed.add_field(name=t("panel.trump", locale), value=suit_text(trump, locale))
        elif view_data.kick is not None:
            embed.add_field(name=t("panel.kick", locale), value=card_text(view_data.kick))
        if view_data.discards:
            embed.add_field(
                name=t("panel.discarded", locale), value=hand_text(view_data.discards, locale)
            )
        if panel.codes and view_data.phase is allfours.Phase.PLAY and view_data.trick:
            embed.add_field(
                name=t("panel.trick", locale),
                value=_trick_text(snap, view_data.trick, locale),
                inline=False,
            )
        verb = "D" if view_data.phase is allfours.Phase.DISCARD else "P"
        for card in sort_cards(view_data.hand):
            code = f"{verb}:{card}"
            specs.append(
                ButtonSpec(
                    code=code,
                    label=card_text(card),
                    style=discord.ButtonStyle.primary
                    if card.suit == trump
                    else discord.ButtonStyle.secondary,
                    enabled=code in panel.codes,
                )
            )
        names = _ACCEPT_REFUSE if _is_round_of_acceptance(snap.rules) else _DECISIONS
        for code in panel.codes:
            if code in names:
                key, style = names[code]
                label = t(key, locale, suit=suit_text(trump or _kick_suit(view_data), locale))
                decisions.append(ButtonSpec(code=code, label=label, style=style, enabled=True))
    if snap.status is Status.PLAYING:
        decisions.append(
            ButtonSpec(
                code=REFRESH,
                label=t("panel.refresh", locale),
                style=discord.ButtonStyle.secondary,
                enabled=True,
            )
        )
    buttons = buttons_view()
    for row, specs_in_row in enumerate(layout(specs, decisions)):
        for spec in specs_in_row:
            if spec.code == REFRESH:
                buttons.add_item(
                    RefreshButton.make(record.id, label=spec.label, style=spec.style, row=row)
                )
            else:
                buttons.add_item(
                    ActionButton.make(
                        record.id,
                        record.version,
                        spec.code,
                        label=spec.label,
                        style=spec.style,
                        disabled=not spec.enabled,
                        row=row,
                    )
                )
    embed.set_footer(text=t("panel.footer", locale))
    return embed, buttons


def _kick_suit(view: allfours.PlayerView) -> str:
    return view.kick.suit if view.kick is not None else "s"


def _is_round_of_acceptance(rules: allfours.Ruleset) -> bool:
    return rules.players >= 3 and rules.variant != "caribbean"


def _panel_status(panel: Panel, locale: str, deadline: float | None, live: bool) -> str:
    snap = panel.snapshot
    if panel.handed_over:
        return t("panel.handed_over", locale)
    if snap.status is Status.LOBBY:
        return t("panel.not_started", locale)
    if snap.status is not Status.PLAYING:
        return t("panel.closed", locale)
    view = panel.view
    assert view is not None
    if panel.seat is not None and panel.codes:
        if view.phase is allfours.Phase.DISCARD:
            status = t("panel.your_turn.discard", locale, count=len(view.hand) - 6)
        else:
            status = t(f"panel.your_turn.{view.phase.value}", locale)
        if deadline is not None:
            status += " " + t("table.deadline", locale, when=f"<t:{int(deadline)}:R>")
        return status
    status = t("panel.spectator" if panel.seat is None else "panel.not_your_turn", locale)
    if not live:
        return status
    waiting = ", ".join(seat_label(snap, s, locale) for s in panel.actors)
    what = decision_text(view.phase, snap.rules, locale)
    return f"{status}\n{t('panel.waiting', locale, players=waiting, what=what)}"


def panel_signature(panel: Panel) -> tuple[Any, ...]:
    """What a stored panel shows; it is refreshed when this changes: when the turn comes to
    its owner or leaves them, and when their cards, the trumps or the table's status change.
    The version only matters while the owner may act (the buttons carry it), the trick only
    while it is their turn. Other players' moves alone never cost a panel edit."""
    view = panel.view
    acting = bool(panel.codes)
    return (
        panel.snapshot.status,
        panel.handed_over,
        panel.snapshot.record.version if acting else None,
        panel.codes,
        tuple(str(c) for c in view.hand) if view is not None else (),
        view.trump if view is not None else None,
        tuple(str(c) for c in view.trick) if view is not None and acting else (),
    )


# --- leaderboards and stats ----------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def board_message(
    rows: Sequence[RatingRow],
    *,
    family: str,
    scope: str,
    page: int,
    pages: int,
    offset: int,
    min_games: int,
    locale: str,
) -> tuple[discord.Embed, discord.ui.View]:
    scope_text = t("board.scope.global" if scope == "g" else "board.scope.server", locale)
    embed = discord.Embed(
        title=t("board.title", locale, family=t(f"family.{family}", locale), scope=scope_text),
        colour=COLOUR,
    )
    if rows:
        embed.description = "\n".join(
            t(
                "board.line",
                locale,
                rank=offset + index + 1,
                player=f"<@{row.user_id}>",
                rating=f"{row.ordinal:.1f}",
                games=row.games,
                wins=row.wins,
                rate=_percent(row.win_rate),
                hang_jacks=row.hang_jacks,
                kicks=row.kick_points,
            )
            for index, row in enumerate(rows)
        )
    else:
        embed.description = t("board.empty", locale, min=min_games)
    embed.set_footer(
        text=t("board.footer", locale, min=min_games, page=page + 1, pages=max(pages, 1))
    )
    return embed, _pager(
        lambda p, label, off: BoardButton.make(family, scope, p, label=label, disabled=off),
        page,
        pages,
        locale,
    )


def stats_message(
    *,
    user_id: int,
    family: str,
    global_row: RatingRow | None,
    server_row: RatingRow | None,
    global_rank: int | None,
    server_rank: int | None,
    matches: Sequence[PlayerMatch],
    page: int,
    pages: int,
    min_games: int,
    locale: str,
) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(
        title=t("stats.title", locale, family=t(f"family.{family}", locale)),
        description=t("stats.player", locale, player=f"<@{user_id}>"),
        colour=COLOUR,
    )
    for scope, row, rank in (
        ("global", global_row, global_rank),
        ("server", server_row, server_rank),
    ):
        name = t(f"board.scope.{scope}", locale)
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
                rating=f"{row.ordinal:.1f}",
                place=place,
                games=row.games,
                wins=row.wins,
                rate=_percent(row.win_rate),
                hang_jacks=row.hang_jacks,
                kicks=row.kick_points,
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
    embed.set_footer(text=t("stats.footer", locale, page=page + 1, pages=max(pages, 1)))
    return embed, _pager(
        lambda p, label, off: StatsButton.make(family, user_id, p, label=label, disabled=off),
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


def rules_embed(variant: str, locale: str) -> discord.Embed:
    return discord.Embed(
        title=t("rules.title", locale, variant=variant_title(variant, locale)),
        description=t(f"rules.{variant}", locale),
        colour=COLOUR,
    )
