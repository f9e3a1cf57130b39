"""What the All Fours tables look like: the table message, the hand's count; the panel is
``panel.py``, the words both use ``words.py``.

Public messages are drawn from a ``PublicTable`` (the spectator's view, typed without a hand);
a panel from its owner's ``HandView``. Action codes come from the family's ``encode``, the hand
size and the round of acceptance from the engine.
"""

from __future__ import annotations

import json
from typing import Any, Final

import discord

from bot.families.allfours import ALL_FOURS, AllFoursPublic, picture
from bot.i18n import t
from bot.models import Status
from bot.picture.common import clock_label
from bot.picture.scene import Scene
from bot.service.model import Told
from cogs.allfours import telling
from cogs.allfours.panel import AllFoursPanel
from cogs.allfours.words import (
    AllFoursTable,
    award_data,
    award_line,
    award_marks,
    club_scores,
    scores_text,
    seat_groups,
    side_label,
    side_name,
    status_line,
    trick_text,
)
from cogs.table.render import (
    COLOUR,
    TableMessage,
    add_seat_fields,
    deadline_text,
    deal_story_text,
    picture_embed,
    recent_lines,
    seat_names,
    short_variant_title,
    table_buttons,
    tells_deal_start,
    variant_title,
)
from cogs.table.words import seat_label
from engine import allfours

STORY_LIMIT: Final = 2500
"""Characters of a finished hand's story in its message (Discord allows 4096 in all)."""


class AllFoursRenderer(AllFoursPanel):
    family = ALL_FOURS

    # --- lobby and rules ---------------------------------------------------------------------

    def options_lines(self, table: AllFoursTable, locale: str) -> list[str]:
        rules = table.rules
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

    def lobby_groups(self, table: AllFoursTable, locale: str) -> list[tuple[str, list[int]]]:
        return seat_groups(table, locale)

    def rules_text(self, variant: str, locale: str) -> str:
        return t(f"rules.{variant}", locale)

    def tell(self, table: AllFoursTable, entry: Told, locale: str) -> str | None:
        return telling.tell(table, entry, locale)

    def tells_standing(self, table: AllFoursTable, entry: Told) -> bool:
        """The trumps of the deal in progress are its standing facts' first word."""
        event = entry.event
        view = table.view
        return (
            isinstance(event, allfours.TrumpFixed)
            and view is not None
            and entry.deal == view.hand_number
            and event.suit == view.trump
        )

    # --- the table ---------------------------------------------------------------------------

    def waiting_for(self, table: AllFoursTable, locale: str) -> str:
        assert table.view is not None
        key = picture.turn_key(table.rules, table.view.phase)
        return t(key, locale) if key is not None else ""

    def table_message(
        self,
        table: AllFoursTable,
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
        scene: Scene | None = None,
    ) -> TableMessage:
        record = table.record
        view = table.view
        assert view is not None
        current = deal is None or deal == view.hand_number
        summary = json.loads(record.last_deal) if record.last_deal else None
        if not current or record.status is not Status.PLAYING:
            return self._closed_hand_message(table, view, summary, deal or view.hand_number, locale)
        embed = discord.Embed(
            title=t(
                "table.title",
                locale,
                variant=short_variant_title(record.variant, locale),
                hand=view.hand_number,
                game=record.id,
            ),
            colour=COLOUR,
        )
        actors = table.actors
        # The seats without their score: the Score field says it, once (a phone's height).
        groups = seat_groups(table, locale)
        add_seat_fields(embed, table, groups, locale, dealer=view.dealer, actors=actors)
        # One line of standing facts, then the log's newest lines and the trick on the table:
        # the score and whose turn once each, the last trick once (a phone's height).
        lines = [status_line(table, view.trump, view.turned, view.scores, locale)]
        if not tells_deal_start(table, view.hand_number):
            # the first deal's kick came before any move: not in the log
            lines.extend(award_line(table, award, locale) for award in award_data(view.awards))
        lines.extend(recent_lines(table, self, locale))
        if view.phase is allfours.Phase.PLAY and view.trick:
            lines.append(t("table.trick", locale, trick=trick_text(table, view.trick, locale)))
        embed.description = "\n".join(lines)
        waiting = ", ".join(seat_label(table, s, locale) for s in actors)
        turn = t("table.turn", locale, players=waiting, what=self.waiting_for(table, locale))
        timers = sorted(deadlines[s] for s in actors if s in deadlines)
        if timers:
            turn += " " + deadline_text(timers[0], locale)
        if scene is not None:
            picture_embed(embed, scene)
        return TableMessage(
            content=turn,  # whose turn, once: the first line a phone shows, and a ping
            embed=embed,
            view=table_buttons(table, self.family.prefix, locale),
        )

    def game_over(self, table: AllFoursTable, locale: str) -> tuple[str, str]:
        assert table.view is not None and table.result is not None
        summary = json.loads(table.record.last_deal) if table.record.last_deal else None
        scores = club_scores(table, summary)
        winner = table.result.winners[0]
        others = [p for s, p in enumerate(scores) if s != winner]
        score = "–".join(str(p) for p in (scores[winner], *others))
        headline = t("over.wins", locale, side=side_name(table, winner, locale), score=score)
        return headline, scores_text(table, scores, locale)

    def scene(self, table: AllFoursTable, locale: str) -> Scene:
        assert table.view is not None
        record = table.record
        computers = [s for s, r in table.seats.items() if not r.is_human]
        return picture.scene_of(
            table.view,
            seat_names(table, locale),
            locale=locale,
            clock=clock_label(record.turn_seconds, locale) if record.turn_seconds else None,
            computers=computers,
            title=variant_title(record.variant, locale),
        )

    def _closed_hand_message(
        self,
        table: AllFoursTable,
        view: AllFoursPublic,
        summary: dict[str, Any] | None,
        hand: int,
        locale: str,
    ) -> TableMessage:
        """A hand that is over: its count in scoring order, and the result if the game ended."""
        record = table.record
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
        story = deal_story_text(table, self, hand, locale, STORY_LIMIT)
        if story:
            lines.extend([story, ""])
        if summary is not None and summary.get("hand") == hand:
            lines.extend(self._count_lines(table, summary, locale))
        elif record.status is Status.PLAYING:
            lines.append(t("table.hand_done", locale))
        result = table.result
        if result is not None and hand == view.hand_number:
            lines.append("")
            lines.append(
                t(
                    "table.winner",
                    locale,
                    side=side_label(table, result.winners[0], locale),
                    scores=scores_text(table, view.scores, locale),
                )
            )
            lines.append(t("table.rated" if record.rated else "table.unrated", locale))
        if record.status is Status.ABANDONED and hand == view.hand_number:
            lines.append(
                t(
                    "table.abandoned",
                    locale,
                    player=f"<@{record.ended_by}>" if record.ended_by else "?",
                    scores=scores_text(table, view.scores, locale),
                )
            )
        embed.description = "\n".join(lines)
        add_seat_fields(embed, table, seat_groups(table, locale), locale)
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        return TableMessage(content="", embed=embed, view=None)

    def _count_lines(self, table: AllFoursTable, summary: dict[str, Any], locale: str) -> list[str]:
        """The deal's awards, then the count in scoring order (High, Low, Jack, Game), each
        award marked if it won the game or came after the win. A game that ended during the
        deal (a kick, a gift) has no count."""
        deal = list(summary["deal"])
        count = summary["count"]
        marks = award_marks(table, deal + list(count or []), summary["scores"])
        lines = [award_line(table, a, locale, m) for a, m in zip(deal, marks, strict=False)]
        if count is None:
            lines.append(t("count.ended_at_deal", locale))
        else:
            reasons = {a["reason"] for a in count}
            if "high" not in reasons:
                lines.append(t("count.no_trump", locale))
            later = marks[len(deal) :]
            for award, mark in zip(count, later, strict=True):
                lines.append(award_line(table, award, locale, mark))
            if "high" in reasons and not reasons & {"jack", "hang_jack"}:
                lines.append(t("count.jack_not_out", locale))
            totals = " · ".join(
                f"{side_label(table, side, locale)} {points}"
                for side, points in enumerate(summary["game_points"])
            )
            key = "count.game_totals" if "game" in reasons else "count.game_tied"
            lines.append(t(key, locale, totals=totals))
        lines.append(
            t("count.scores", locale, scores=scores_text(table, summary["scores"], locale))
        )
        return lines


RENDERER: Final = AllFoursRenderer()
