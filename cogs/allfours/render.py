"""What the All Fours tables look like: the table message, the hand's count and the panel.

Public messages are drawn only from ``observe(state, None)``; a panel from its owner's view.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

import discord

from bot.families import ALL_FOURS
from bot.i18n import t
from bot.models import Status
from bot.service import Panel
from bot.tables import Snapshot
from cogs.table.render import (
    COLOUR,
    ButtonSpec,
    PanelControls,
    TableMessage,
    TableRenderer,
    add_seat_fields,
    card_text,
    deadline_text,
    hand_text,
    seat_label,
    suit_text,
    table_buttons,
    team_label,
    turn_ping,
    variant_title,
)
from engine import allfours
from engine.cards import Card

SUIT_ORDER: Final = "shdc"

AllFoursSnapshot = Snapshot[allfours.Ruleset, allfours.GameState]

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


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """By suit (♠ ♥ ♦ ♣), highest rank first."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank_code))


def is_round_of_acceptance(rules: allfours.Ruleset) -> bool:
    """Three or four players of English / Seven Up accept or refuse the suit (RULES.md §4.2)."""
    return rules.players >= 3 and rules.variant != "caribbean"


def side_label(snap: AllFoursSnapshot, side: int, locale: str) -> str:
    if snap.rules.partnerships:
        return team_label(side, locale)
    return seat_label(snap, side, locale)


def _groups(snap: AllFoursSnapshot, locale: str) -> list[tuple[str, list[int]]]:
    """Seats grouped by side, in seat order."""
    rules = snap.rules
    groups: list[list[int]] = [[] for _ in range(rules.sides)]
    for seat in range(rules.players):
        groups[rules.side_of(seat)].append(seat)
    return [
        (
            team_label(side, locale)
            if rules.partnerships
            else t("seat.number", locale, number=side + 1),
            seats,
        )
        for side, seats in enumerate(groups)
    ]


def _award_line(snap: AllFoursSnapshot, award: dict[str, Any], locale: str) -> str:
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


def _trick_text(snap: AllFoursSnapshot, trick: Sequence[tuple[int, Card]], locale: str) -> str:
    return " · ".join(f"{seat_label(snap, seat, locale)} {card_text(card)}" for seat, card in trick)


def _scores_text(snap: AllFoursSnapshot, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(snap, side, locale)} {points}" for side, points in enumerate(scores)
    )


class AllFoursRenderer(
    TableRenderer[allfours.Ruleset, allfours.GameState, allfours.Action, allfours.PlayerView]
):
    family = ALL_FOURS

    # --- lobby and rules ---------------------------------------------------------------------

    def options_lines(self, snap: AllFoursSnapshot, locale: str) -> list[str]:
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
        return lines

    def lobby_groups(self, snap: AllFoursSnapshot, locale: str) -> list[tuple[str, list[int]]]:
        return _groups(snap, locale)

    def rules_text(self, variant: str, locale: str) -> str:
        return t(f"rules.{variant}", locale)

    # --- the table ---------------------------------------------------------------------------

    def waiting_for(self, snap: AllFoursSnapshot, locale: str) -> str:
        assert snap.state is not None
        phase = snap.state.phase
        if phase is allfours.Phase.DECLARE:
            key = "turn.accept" if is_round_of_acceptance(snap.rules) else "turn.declare"
            return t(key, locale)
        return t(f"turn.{phase.value}", locale)

    def table_message(
        self,
        snap: AllFoursSnapshot,
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
    ) -> TableMessage:
        record = snap.record
        state = snap.state
        assert state is not None
        view = allfours.observe(state, None)
        current = deal is None or deal == view.hand_number
        summary = json.loads(record.last_deal) if record.last_deal else None
        if not current or record.status is not Status.PLAYING:
            return self._closed_hand_message(snap, view, summary, deal or view.hand_number, locale)
        embed = discord.Embed(
            title=t(
                "table.title",
                locale,
                variant=variant_title(record.variant, locale),
                hand=view.hand_number,
            ),
            colour=COLOUR,
        )
        actors = self.family.expected_actors(state)
        groups = [
            (t("table.side_score", locale, side=name, points=view.scores[side]), seats)
            for side, (name, seats) in enumerate(_groups(snap, locale))
        ]
        add_seat_fields(embed, snap, groups, locale, dealer=view.dealer, actors=actors)
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
            trick = (
                _trick_text(snap, view.trick, locale) if view.trick else t("table.no_card", locale)
            )
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
        turn = t("table.turn", locale, players=waiting, what=self.waiting_for(snap, locale))
        timers = sorted(deadlines[s] for s in actors if s in deadlines)
        if timers:
            turn += " " + deadline_text(timers[0], locale)
        embed.add_field(name=t("table.turn_title", locale), value=turn, inline=False)
        if summary is not None and summary.get("hand") == view.hand_number - 1:
            embed.add_field(
                name=t("table.previous_hand", locale, hand=summary["hand"]),
                value=_scores_text(snap, summary["scores"], locale),
                inline=False,
            )
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        return TableMessage(
            content=turn_ping(snap, actors, locale),
            embed=embed,
            view=table_buttons(snap, self.family.prefix, locale),
        )

    def _closed_hand_message(
        self,
        snap: AllFoursSnapshot,
        view: allfours.PlayerView,
        summary: dict[str, Any] | None,
        hand: int,
        locale: str,
    ) -> TableMessage:
        """A hand that is over: its count in scoring order, and the result if the game ended."""
        record = snap.record
        embed = discord.Embed(
            title=t(
                "table.hand_over",
                locale,
                variant=variant_title(record.variant, locale),
                hand=hand,
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
        result = snap.result
        if result is not None and hand == view.hand_number:
            lines.append("")
            lines.append(
                t(
                    "table.winner",
                    locale,
                    side=side_label(snap, result.winners[0], locale),
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
        add_seat_fields(embed, snap, _groups(snap, locale), locale)
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        return TableMessage(content="", embed=embed, view=None)

    # --- the hand panel ----------------------------------------------------------------------

    def your_turn(self, panel: Panel, locale: str) -> str:
        view = panel.view
        assert isinstance(view, allfours.PlayerView)
        if view.phase is allfours.Phase.DISCARD:
            return t("panel.your_turn.discard", locale, count=len(view.hand) - 6)
        return t(f"panel.your_turn.{view.phase.value}", locale)

    def panel_fields(self, panel: Panel, locale: str) -> list[tuple[str, str, bool]]:
        view = panel.view
        assert isinstance(view, allfours.PlayerView)
        fields = [
            (
                t("panel.your_cards", locale),
                hand_text(sort_cards(view.hand), SUIT_ORDER, locale),
                False,
            )
        ]
        if view.trump is not None:
            fields.append((t("panel.trump", locale), suit_text(view.trump, locale), True))
        elif view.kick is not None:
            fields.append((t("panel.kick", locale), card_text(view.kick), True))
        if view.discards:
            fields.append(
                (
                    t("panel.discarded", locale),
                    hand_text(sort_cards(view.discards), SUIT_ORDER, locale),
                    True,
                )
            )
        if panel.codes and view.phase is allfours.Phase.PLAY and view.trick:
            fields.append(
                (
                    t("panel.trick", locale),
                    _trick_text(panel.snapshot, view.trick, locale),
                    False,
                )
            )
        return fields

    def panel_controls(self, panel: Panel, locale: str, draft: str | None) -> PanelControls:
        view = panel.view
        assert isinstance(view, allfours.PlayerView)
        trump = view.trump
        controls = PanelControls()
        verb = "D" if view.phase is allfours.Phase.DISCARD else "P"
        for card in sort_cards(view.hand):
            code = f"{verb}:{card}"
            controls.cards.append(
                ButtonSpec(
                    code=code,
                    label=card_text(card),
                    style=discord.ButtonStyle.primary
                    if card.suit == trump
                    else discord.ButtonStyle.secondary,
                    enabled=code in panel.codes,
                )
            )
        names = _ACCEPT_REFUSE if is_round_of_acceptance(panel.snapshot.rules) else _DECISIONS
        suit = trump or (view.kick.suit if view.kick is not None else "s")
        for code in panel.codes:
            if code in names:
                key, style = names[code]
                label = t(key, locale, suit=suit_text(suit, locale))
                controls.decisions.append(
                    ButtonSpec(code=code, label=label, style=style, enabled=True)
                )
        return controls

    def panel_signature(self, panel: Panel) -> tuple[Any, ...]:
        """The trumps, and the trick while it is the owner's turn (the panel shows it)."""
        view = panel.view
        if not isinstance(view, allfours.PlayerView):
            return ()
        trick = tuple(str(c) for c in view.trick) if panel.codes else ()
        return (view.trump, trick)


RENDERER: Final = AllFoursRenderer()
