"""A hand panel's frame: its status line, its buttons and menus laid out in Discord's five
rows, the hint's answer, and what a stored panel shows (to know when to redraw it).

A panel is drawn from its owner's ``HandView`` only, and only ever sent ephemerally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.i18n import t
from bot.models import Status
from bot.notation import card_text
from bot.service.model import HandView, Panel
from cogs.table.components import (
    ActionButton,
    ActionSelect,
    DraftSelect,
    HintButton,
    RefreshButton,
)
from cogs.table.render.renderer import (
    COLOUR,
    HINT,
    MAX_OPTIONS,
    PER_ROW,
    REFRESH,
    ROWS,
    ButtonSpec,
    PanelControls,
    TableRenderer,
    buttons_view,
)
from cogs.table.render.story import current_teller, last_lines, since_last_move
from cogs.table.render.table import deadline_text
from cogs.table.words import duty_text
from engine.cards import Card
from engine.search import Hint

PANEL_LINES: Final = 4
"""Lines of "since your last move" a panel shows: what fits a phone's screen above the card
buttons and menus (a KQJ auction's select and four rows of cards); the table message tells
the rest."""


def layout(
    cards: Sequence[ButtonSpec], decisions: Sequence[ButtonSpec], rows: int = ROWS
) -> list[list[ButtonSpec]]:
    """Rows of at most five buttons, at most ``rows`` rows, as few as a suit never split allows
    (each row is 40 pixels of a phone's screen): the cards first, whole suits (``group``)
    sharing a row where they fit (♤ 5 ♥ 6 · ♧ Q 8 6 Refresh), the decisions on the last card
    row when they all fit there, else on rows of their own; among the layouts with the fewest
    rows, the one with the fewest rows of several suits, then with the decisions beside the
    cards. A suit of more than five is cut in rows of five; when even that leaves no room,
    five cards to a row, then the decisions after the last card. A hand too big to leave
    room (only possible with no card to click) is shown in the text only."""
    decision_rows = _rows_of(decisions)
    by_suit = [row for group in _groups(cards) for row in _rows_of(group)]
    if by_suit:
        best = min(_suit_layouts(by_suit, decisions), key=_phone_cost)
        if len(best) <= rows:
            return best
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


def _suit_layouts(
    suits: Sequence[list[ButtonSpec]], decisions: Sequence[ButtonSpec]
) -> list[list[list[ButtonSpec]]]:
    """Every way to put neighbouring suits together on rows of five (in the hand's order),
    each with the decisions on its last row or on rows of their own (four suits, cut in
    rows of five: a few dozen ways even for the biggest hand after runs of the pack)."""
    found = []
    for cuts in range(1 << (len(suits) - 1)):
        rows = [list(suits[0])]
        for i, suit in enumerate(suits[1:]):
            if cuts >> i & 1 and len(rows[-1]) + len(suit) <= PER_ROW:
                rows[-1] = rows[-1] + suit
            else:
                rows.append(list(suit))
        if decisions and len(rows[-1]) + len(decisions) <= PER_ROW:
            found.append([*rows[:-1], [*rows[-1], *decisions]])
        found.append(rows + _rows_of(decisions))
    return found


def _phone_cost(rows: list[list[ButtonSpec]]) -> tuple[int, int, int]:
    """Fewest rows; then fewest rows of several suits; then decisions beside the cards."""
    mixed = sum(1 for row in rows if len({spec.group for spec in row if spec.group}) > 1)
    alone = sum(1 for row in rows if not any(spec.group for spec in row))
    return (len(rows), mixed, alone)


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
    hand = panel.hand()
    table = hand.table
    record = table.record
    prefix = renderer.family.prefix
    embed = discord.Embed(title=t("panel.title", locale, game=record.id), colour=COLOUR)
    lines = [notice] if notice else []
    lines.append(_panel_status(hand, renderer, locale, deadline))
    if hand.duty is not None and table.status is Status.PLAYING:
        lines.append(t("panel.why_not", locale, reason=duty_text(hand.duty, table, locale)))
    controls = PanelControls()
    fields: list[tuple[str, str, bool]] = []
    if hand.view is not None and hand.seat is not None:
        lines.extend(renderer.panel_lines(hand, locale))
        fields = renderer.panel_fields(hand, locale)
        if table.status is Status.PLAYING:
            controls = renderer.panel_controls(hand, locale, draft)
    embed.description = "\n".join(lines)
    rows = ROWS - len(controls.selects)
    laid_out = layout(controls.cards, _decisions(hand, controls, renderer, locale), rows=rows)
    shown = {spec.code for row in laid_out for spec in row}
    in_buttons = bool(controls.cards) and all(spec.code in shown for spec in controls.cards)
    for name, value, inline in fields:
        if in_buttons and name == t("panel.your_cards", locale):
            continue  # the card buttons are the hand, on a phone's screen (one place)
        embed.add_field(name=name, value=value, inline=inline)
    if hand.view is not None and hand.seat is not None and table.status is Status.PLAYING:
        tell = current_teller(renderer, table, locale)
        story = since_last_move(table, hand.seat, tell, locale)
        if story:
            embed.add_field(
                name=t("log.since", locale),
                value=last_lines(story, PANEL_LINES),
                inline=False,
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
    for specs_in_row in laid_out:
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
    # Said once, where it is news: a panel on its owner's turn has the decisions in it (and
    # a phone's height to spare for the cards), a waiting one says it will wake up.
    if not table.status.is_open:
        embed.set_footer(text=t("panel.footer.closed", locale))
    elif not hand.codes:
        embed.set_footer(text=t("panel.footer", locale))
    return embed, buttons


def _decisions(
    hand: HandView[Any, Any, Any],
    controls: PanelControls,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
) -> list[ButtonSpec]:
    """The panel's decision buttons: the family's, then Hint (where the table offers hints)
    and Refresh while the game is on."""
    table = hand.table
    decisions = list(controls.decisions)
    if table.status is Status.PLAYING and hand.codes and table.record.offers_hints:
        decisions.append(
            ButtonSpec(
                code=HINT,
                label=t("panel.hint", locale),
                style=discord.ButtonStyle.secondary,
                enabled=True,
            )
        )
    if table.status is Status.PLAYING:
        decisions.append(
            ButtonSpec(
                code=REFRESH,
                label=t("panel.refresh", locale),
                style=discord.ButtonStyle.secondary,
                enabled=True,
            )
        )
    return decisions


def hint_text(
    panel: Panel, hint: Hint[Any], renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> str:
    """The private answer to a Hint button: what level ``hard`` would do, and why in a few
    words when the search can tell (the engine's reason code, translated)."""
    played = None
    if hint.action is None:
        text = t("hint.silent", locale)
    else:
        text = t("hint.do", locale, action=renderer.action_text(panel.hand(), hint.action, locale))
        played = renderer.family.card_played(hint.action)
    reason = hint_reason(hint, played, locale)
    if reason is not None:
        text = t("hint.because", locale, hint=text, reason=reason)
    return text


def hint_reason(hint: Hint[Any], played: Card | None, locale: str) -> str | None:
    """Why level ``hard`` chose a hint's action, in words (None: the search cannot tell),
    with the cards the reason is about unless it is only ``played``, the card the hint
    already names."""
    if hint.reason is None:
        return None
    reason = t(f"hint.reason.{hint.reason}", locale)
    others = [card for card in hint.details if played is None or card != str(played)]
    if others:
        cards = " ".join(card_text(Card.parse(card)) for card in others)
        reason = t("hint.with_cards", locale, reason=reason, cards=cards)
    return reason


def closed_panel(locale: str) -> discord.Embed:
    """What an older panel becomes when its owner opens a new one: a stub with no button."""
    return discord.Embed(description=t("panel.moved", locale), colour=COLOUR)


def paused_panel(locale: str) -> discord.Embed:
    """What a panel becomes when Discord stops letting the bot edit it (15 minutes after the
    click that drew it): a stub with no button that says how to go on."""
    return discord.Embed(description=t("panel.paused", locale), colour=COLOUR)


def _panel_status(
    hand: HandView[Any, Any, Any],
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    deadline: float | None,
) -> str:
    status = hand.table.status
    if hand.handed_over:
        return t("panel.handed_over", locale)
    if status is Status.LOBBY:
        return t("panel.not_started", locale)
    if status is not Status.PLAYING:
        return t("panel.closed", locale)
    if hand.seat is None:
        return t("panel.spectator", locale)
    if hand.codes:
        line = renderer.your_turn(hand, locale)
        if deadline is not None and hand.is_expected:
            line += " " + deadline_text(deadline, locale)
        return line
    return t("panel.not_your_turn", locale)


def panel_signature(panel: Panel, renderer: TableRenderer[Any, Any, Any, Any]) -> tuple[Any, ...]:
    """What a stored panel shows; it is refreshed when this changes: when the turn comes to
    its owner or leaves them, when an optional action appears or goes, when their cards or
    the table's status change, and once per completed trick (the panel shows the last trick
    and the score). The version its buttons carry is not part of it: a move that leaves the
    owner's decisions as they were (another player's discard, a pass while a counter is open)
    cannot make those buttons stale (``Family.still_means_the_same``), and redrawing would
    wipe a choice the owner is making in a menu."""
    hand = panel.hand()
    return (
        hand.table.status,
        hand.handed_over,
        hand.codes,
        tuple(str(c) for c in getattr(hand.view, "hand", ())),
        renderer.panel_signature(hand),
    )
