"""What the messages of every game table look like, from snapshots: the shared frame.

Each family draws its own table message and the inside of its hand panel through a
``TableRenderer``; everything else — the lobby, seat lists, the panel's frame and button
layout, leaderboards, stats, pagers — is drawn here once for every game.

Public messages (lobby, table, deal results) are drawn only from ``observe(state, None)``,
the spectator's view, so a hidden card cannot reach them; a hand panel is drawn from its
owner's own view and is only ever sent ephemerally. Every text comes from the catalog.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

import discord

from bot.families import Family
from bot.i18n import t
from bot.models import PlayerMatch, RatingRow, Status
from bot.notation import SUIT_SYMBOLS, card_text
from bot.picture.draw import summary_line
from bot.picture.scene import Scene
from bot.ratings import displayed
from bot.server_settings import ServerSettings
from bot.service import Panel
from bot.service.model import Snapshot
from cogs.table.components import (
    ActionButton,
    ActionSelect,
    BoardButton,
    DraftSelect,
    GameButton,
    HandButton,
    HintButton,
    LobbyButton,
    LobbySelect,
    PlayAgainButton,
    RefreshButton,
    StatsButton,
)
from cogs.table.words import mention, seat_label, team_label
from engine.cards import Card
from engine.search import Hint

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")

ROWS: Final = 5
PER_ROW: Final = 5
MAX_OPTIONS: Final = 25
"""Discord's limit of options in one select menu."""
COLOUR: Final = discord.Colour.dark_green()
PICTURE: Final = "table.png"
"""The file name of the table picture attached to a table message."""


def buttons_view() -> discord.ui.View:
    """A view that only carries dynamic items: every item is a ``DynamicItem`` found by its
    custom_id template, so discord.py need not keep the view. A finished view is never
    stored (nor given the 15-minute timeout task discord.py adds to ephemeral views), so
    thousands of panels and table messages cost no memory and no timers."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


# --- small texts ---------------------------------------------------------------------------


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


def deadline_text(deadline: float, locale: str) -> str:
    return t("table.deadline", locale, when=f"<t:{int(deadline)}:R>")


# --- messages and specs --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableMessage:
    content: str
    embed: discord.Embed
    view: discord.ui.View | None


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button of a hand panel: an action code (or ``REFRESH``)."""

    code: str
    label: str
    style: discord.ButtonStyle
    enabled: bool
    group: str = ""
    """Cards of one group (a suit) share a row when there is room."""


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """One select of a hand panel: ``options`` are (value, label) pairs. An ``action`` select's
    values are action codes; a draft select's values prepare a decision in the panel."""

    placeholder: str
    options: tuple[tuple[str, str], ...]
    action: bool
    chosen: str | None = None
    """The value(s) shown as already picked (a draft the panel was drawn with; several are
    joined with dots)."""
    picks: int = 1
    """How many options are picked together (an English discard of several cards)."""


@dataclass(slots=True)
class PanelControls:
    """What a family puts in a hand panel: the owner's cards, the decisions, the selects."""

    cards: list[ButtonSpec] = field(default_factory=list)
    decisions: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)


REFRESH: Final = "refresh"
HINT: Final = "hint"


class TableRenderer(ABC, Generic[RulesT, StateT, ActionT, ViewT]):
    """How one family's tables and panels look (the rest is drawn by this module)."""

    family: Family[RulesT, StateT, ActionT, ViewT]

    @abstractmethod
    def options_lines(self, snap: Snapshot[RulesT, StateT], locale: str) -> list[str]:
        """The table's options, one short line each (lobby and rules)."""

    @abstractmethod
    def table_message(
        self,
        snap: Snapshot[RulesT, StateT],
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
        scene: Scene | None = None,
    ) -> TableMessage:
        """The public message of deal ``deal`` (default: the current one); a deal that is
        over shows its count, and the result when the game ended with it. With the table's
        picture (``scene``), the message is compact: the picture shows the seats, the trick
        and the scores; the text keeps a one-line summary and whose turn it is."""

    @abstractmethod
    def game_over(self, snap: Snapshot[RulesT, StateT], locale: str) -> tuple[str, str]:
        """A finished game's headline (``Team A wins 14–11``) and its final scores."""

    @abstractmethod
    def scene(self, snap: Snapshot[RulesT, StateT], locale: str) -> Scene:
        """What the table picture shows, from the spectator's view only."""

    @abstractmethod
    def panel_fields(self, panel: Panel, locale: str) -> list[tuple[str, str, bool]]:
        """The fields of a seated player's panel: (name, value, inline)."""

    @abstractmethod
    def panel_controls(self, panel: Panel, locale: str, draft: str | None) -> PanelControls:
        """Card buttons (exactly the owner's hand), decisions and selects; ``draft`` is a
        choice made in a draft select, to draw the decisions it narrows down to."""

    @abstractmethod
    def your_turn(self, panel: Panel, locale: str) -> str:
        """The panel's first line when its owner has something to decide."""

    @abstractmethod
    def waiting_for(self, snap: Snapshot[RulesT, StateT], locale: str) -> str:
        """What the expected actors are doing ("to stand or beg")."""

    @abstractmethod
    def rules_text(self, variant: str, locale: str) -> str:
        """The rules of a variant, in short (``/… rules``)."""

    def lobby_groups(
        self, snap: Snapshot[RulesT, StateT], locale: str
    ) -> list[tuple[str, list[int]]]:
        """The lobby's seat lists: one per fixed team, else one per seat."""
        teams = self.family.lobby_teams(snap.rules)
        if teams is None:
            return [
                (t("seat.number", locale, number=seat + 1), [seat])
                for seat in range(self.family.players(snap.rules))
            ]
        return [(team_label(team, locale), list(seats)) for team, seats in enumerate(teams)]

    def panel_signature(self, panel: Panel) -> tuple[Any, ...]:
        """What else a stored panel shows besides the generic parts (see ``panel_signature``)."""
        return ()

    def action_text(self, panel: Panel, action: ActionT, locale: str) -> str:
        """How a hint names one of the panel's actions: the label of its button or menu
        option (families override it for actions the panel builds in several steps)."""
        code = self.family.encode(action)
        controls = self.panel_controls(panel, locale, None)
        for spec in (*controls.cards, *controls.decisions):
            if spec.code == code:
                return spec.label
        for select in controls.selects:
            for value, label in select.options:
                if value == code:
                    return label
        return code


# --- the lobby -----------------------------------------------------------------------------


def add_seat_fields(
    embed: discord.Embed,
    snap: Snapshot[Any, Any],
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
            record = snap.seats.get(seat)
            if record and record.user_id == snap.record.host_id:
                marks.append(t("seat.host", locale))
            suffix = f" · {', '.join(marks)}" if marks else ""
            arrow = "▶ " if seat in actors else ""
            lines.append(f"{arrow}{seat_label(snap, seat, locale)}{suffix}")
        embed.add_field(name=name, value="\n".join(lines), inline=True)


def lobby_embed(
    snap: Snapshot[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> discord.Embed:
    record = snap.record
    embed = discord.Embed(
        title=t("lobby.title", locale, variant=variant_title(record.variant, locale)),
        colour=COLOUR,
    )
    options = [*renderer.options_lines(snap, locale), *table_lines(snap, locale)]
    lines = "\n".join(f"• {line}" for line in options)
    if record.status is Status.LOBBY:
        embed.description = f"{lines}\n\n{t('lobby.help', locale)}"
    elif record.status is Status.CANCELLED:
        reason = record.end_reason or "cancelled"
        embed.description = t(f"lobby.closed.{reason}", locale)
    else:
        embed.description = f"{lines}\n\n{t('lobby.started', locale)}"
    add_seat_fields(embed, snap, renderer.lobby_groups(snap, locale), locale)
    embed.set_footer(text=t("table.footer", locale, game=record.id))
    return embed


def table_lines(snap: Snapshot[Any, Any], locale: str) -> list[str]:
    """The options every table has: the turn timer, the computers' pause, whether it is rated."""
    record = snap.record
    seconds = record.turn_seconds
    lines = [t("opt.timer", locale, seconds=seconds) if seconds else t("opt.no_timer", locale)]
    if record.computer_pause is not None or any(s.user_id is None for s in snap.seats.values()):
        if record.computer_pause is None:
            lines.append(t("opt.pause_default", locale))
        else:
            lines.append(t("opt.pause", locale, seconds=f"{record.computer_pause:g}"))
    lines.append(t("opt.rated" if record.rated else "opt.unrated", locale))
    return lines


def lobby_view(
    snap: Snapshot[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> discord.ui.View | None:
    """Join (by team, a full team's button disabled), leave, seat a computer at a level,
    start, cancel, hints on or off (unrated tables), and the rules."""
    if snap.status is not Status.LOBBY:
        return None
    fam = renderer.family
    prefix, game = fam.prefix, snap.id
    view = buttons_view()
    full = len(snap.seats) >= fam.players(snap.rules)
    teams = fam.lobby_teams(snap.rules)
    join = discord.ButtonStyle.primary
    if teams is not None:
        for team, seats in enumerate(teams):
            label = t("lobby.join_team", locale, team=team_label(team, locale))
            taken = all(seat in snap.seats for seat in seats)
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
    if not snap.record.rated:
        on = snap.record.offers_hints
        key = "lobby.hints_on" if on else "lobby.hints_off"
        view.add_item(
            LobbyButton.make(prefix, game, "h0" if on else "h1", label=t(key, locale), row=2)
        )
    view.add_item(LobbyButton.make(prefix, game, "r", label=t("lobby.rules", locale), row=2))
    return view


def game_over_message(
    snap: Snapshot[Any, Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> TableMessage:
    """The new message that ends a game: it mentions the players (a new message notifies
    them; an edited one would not), says who won, and offers to play again."""
    headline, scores = renderer.game_over(snap, locale)
    people = [mention(r.user_id) for r in snap.seats.values() if r.user_id is not None]
    embed = discord.Embed(title=t("over.title", locale, headline=headline), colour=COLOUR)
    embed.description = "\n".join(
        [scores, t("table.rated" if snap.record.rated else "table.unrated", locale)]
    )
    embed.set_footer(text=t("table.footer", locale, game=snap.id))
    view = buttons_view()
    view.add_item(
        PlayAgainButton.make(
            renderer.family.prefix,
            snap.id,
            label=t("over.play_again", locale),
            style=discord.ButtonStyle.success,
        )
    )
    return TableMessage(content=" ".join(people), embed=embed, view=view)


def picture_embed(embed: discord.Embed, scene: Scene) -> None:
    """Make a table embed compact around its picture: the summary line as description, the
    seat fields dropped (the picture shows them), the picture as the embed's image."""
    embed.description = summary_line(scene)
    kept = [f for f in embed.fields if not f.inline]
    embed.clear_fields()
    for field_ in kept:
        embed.add_field(name=field_.name, value=field_.value, inline=False)
    embed.set_image(url=f"attachment://{PICTURE}")


def seat_names(snap: Snapshot[Any, Any], locale: str) -> list[str]:
    """The name of every seat as the picture writes it (no mention markup in an image)."""
    names = []
    for seat in range(len(snap.seats)):
        record = snap.seats.get(seat)
        if record is None:
            names.append(t("seat.empty", locale))
        elif record.user_id is None:
            level = t(f"level.{record.level}", locale) if record.level else None
            key = "seat.computer_level" if level else "seat.computer"
            names.append(t(key, locale, number=seat + 1, level=level))
        else:
            names.append(record.name)
    return names


def table_buttons(snap: Snapshot[Any, Any], prefix: str, locale: str) -> discord.ui.View:
    """The public table message's only button: "My hand"."""
    buttons = buttons_view()
    buttons.add_item(
        HandButton.make(
            prefix, snap.id, label=t("table.my_hand", locale), style=discord.ButtonStyle.primary
        )
    )
    return buttons


def turn_ping(snap: Snapshot[Any, Any], actors: Iterable[int], locale: str) -> str:
    """The message content that mentions the people the game waits for."""
    mentions = [mention(snap.seats[s].user_id or 0) for s in actors if snap.seats[s].is_human]
    return t("table.ping", locale, players=" ".join(mentions)) if mentions else ""


# --- the hand panel ------------------------------------------------------------------------


def layout(
    cards: Sequence[ButtonSpec], decisions: Sequence[ButtonSpec], rows: int = ROWS
) -> list[list[ButtonSpec]]:
    """Rows of at most five buttons, at most ``rows`` rows: the cards first — one row per suit
    (``group``) when there is room, else five to a row — then the decisions on rows of their
    own when there is room, else after the last card. A hand too big to leave room (only
    possible with no card to click) is shown in the text only."""
    decision_rows = _rows_of(decisions)
    by_suit = [row for group in _groups(cards) for row in _rows_of(group)]
    if len(by_suit) + len(decision_rows) <= rows:
        return by_suit + decision_rows
    card_rows = _rows_of(cards)
    if len(card_rows) + len(decision_rows) <= rows:
        return card_rows + decision_rows
    if card_rows and len(card_rows) == rows and len(card_rows[-1]) + len(decisions) <= PER_ROW:
        card_rows[-1].extend(decisions)
        return card_rows
    playable = any(spec.enabled for spec in cards)
    if len(card_rows) <= rows and playable:
        room = rows * PER_ROW - len(cards)
        kept = [d for d in decisions if d.enabled][:room]
        return _rows_of([*cards, *kept])
    return decision_rows[:rows]


def _rows_of(specs: Sequence[ButtonSpec]) -> list[list[ButtonSpec]]:
    return [list(specs[i : i + PER_ROW]) for i in range(0, len(specs), PER_ROW)]


def _groups(specs: Sequence[ButtonSpec]) -> list[list[ButtonSpec]]:
    """Consecutive buttons of the same group (suit), in order."""
    groups: list[list[ButtonSpec]] = []
    for spec in specs:
        if groups and groups[-1][0].group == spec.group:
            groups[-1].append(spec)
        else:
            groups.append([spec])
    return groups


def panel_message(
    panel: Panel,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    *,
    deadline: float | None = None,
    notice: str | None = None,
    draft: str | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    """A hand panel: what its owner may do, their cards, the trumps, the score and the
    tricks. It never names who else is to play (that goes stale after the next move; the
    table message says it), so a panel only changes when its owner's situation does."""
    snap = panel.snapshot
    record = snap.record
    prefix = renderer.family.prefix
    embed = discord.Embed(title=t("panel.title", locale, game=record.id), colour=COLOUR)
    lines = [notice] if notice else []
    lines.append(_panel_status(panel, renderer, locale, deadline))
    embed.description = "\n".join(lines)
    controls = PanelControls()
    if panel.view is not None and panel.seat is not None:
        for name, value, inline in renderer.panel_fields(panel, locale):
            embed.add_field(name=name, value=value, inline=inline)
        if snap.status is Status.PLAYING:
            controls = renderer.panel_controls(panel, locale, draft)
    decisions = list(controls.decisions)
    if snap.status is Status.PLAYING and panel.codes and record.offers_hints:
        decisions.append(
            ButtonSpec(
                code=HINT,
                label=t("panel.hint", locale),
                style=discord.ButtonStyle.secondary,
                enabled=True,
            )
        )
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
    row = 0
    for number, select in enumerate(controls.selects):
        chosen = set(select.chosen.split(".")) if select.chosen else set()
        options = [
            discord.SelectOption(value=value, label=label, default=value in chosen)
            for value, label in select.options
        ]
        make = ActionSelect.make if select.action else DraftSelect.make
        item = make(
            prefix,
            record.id,
            record.version,
            number,
            options=options[:MAX_OPTIONS],
            placeholder=select.placeholder,
            row=row,
        )
        item.item.min_values = item.item.max_values = select.picks
        buttons.add_item(item)
        row += 1
    for specs_in_row in layout(controls.cards, decisions, rows=ROWS - row):
        for spec in specs_in_row:
            if spec.code == REFRESH:
                buttons.add_item(
                    RefreshButton.make(
                        prefix, record.id, label=spec.label, style=spec.style, row=row
                    )
                )
            elif spec.code == HINT:
                buttons.add_item(
                    HintButton.make(
                        prefix,
                        record.id,
                        record.version,
                        label=spec.label,
                        style=spec.style,
                        row=row,
                    )
                )
            else:
                buttons.add_item(
                    ActionButton.make(
                        prefix,
                        record.id,
                        record.version,
                        spec.code,
                        label=spec.label,
                        style=spec.style,
                        disabled=not spec.enabled,
                        row=row,
                    )
                )
        row += 1
    embed.set_footer(text=t("panel.footer", locale))
    return embed, buttons


def hint_text(
    panel: Panel, hint: Hint[Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> str:
    """The private answer to a Hint button: what level ``hard`` would do, and why in a few
    words when the search can tell (the engine's reason code, translated)."""
    played = None
    if hint.action is None:
        text = t("hint.silent", locale)
    else:
        text = t("hint.do", locale, action=renderer.action_text(panel, hint.action, locale))
        played = renderer.family.card_played(hint.action)
    if hint.reason is not None:
        reason = t(f"hint.reason.{hint.reason}", locale)
        # the cards a reason is about, unless it is only the card the hint already names
        others = [card for card in hint.details if played is None or card != str(played)]
        if others:
            cards = " ".join(card_text(Card.parse(card)) for card in others)
            reason = t("hint.with_cards", locale, reason=reason, cards=cards)
        text = t("hint.because", locale, hint=text, reason=reason)
    return text


def closed_panel(locale: str) -> discord.Embed:
    """What an older panel becomes when its owner opens a new one: a stub with no button."""
    return discord.Embed(description=t("panel.moved", locale), colour=COLOUR)


def _panel_status(
    panel: Panel,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    deadline: float | None,
) -> str:
    snap = panel.snapshot
    if panel.handed_over:
        return t("panel.handed_over", locale)
    if snap.status is Status.LOBBY:
        return t("panel.not_started", locale)
    if snap.status is not Status.PLAYING:
        return t("panel.closed", locale)
    if panel.seat is None:
        return t("panel.spectator", locale)
    if panel.codes:
        status = renderer.your_turn(panel, locale)
        if deadline is not None and panel.is_expected:
            status += " " + deadline_text(deadline, locale)
        return status
    return t("panel.not_your_turn", locale)


def panel_signature(panel: Panel, renderer: TableRenderer[Any, Any, Any, Any]) -> tuple[Any, ...]:
    """What a stored panel shows; it is refreshed when this changes: when the turn comes to
    its owner or leaves them, when an optional action appears or goes, when their cards or
    the table's status change, and once per completed trick (the panel shows the last trick
    and the score). The version its buttons carry is not part of it: a move that leaves the
    owner's decisions as they were (another player's discard, a pass while a counter is open)
    cannot make those buttons stale (``Family.still_means_the_same``), and redrawing would
    wipe a choice the owner is making in a menu."""
    view = panel.view
    return (
        panel.snapshot.status,
        panel.handed_over,
        panel.codes,
        tuple(str(c) for c in getattr(view, "hand", ())),
        renderer.panel_signature(panel),
    )


# --- leaderboards and stats ----------------------------------------------------------------


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
