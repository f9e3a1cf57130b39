"""What the All Fours tables look like: the table message, the hand's count and the panel.

Public messages are drawn from a ``PublicTable`` (the spectator's view, typed without a hand);
a panel from its owner's ``HandView``. Action codes come from the family's ``encode``, the hand
size and the round of acceptance from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

import discord

from bot.families.allfours import ALL_FOURS, AllFoursPublic, picture
from bot.i18n import t
from bot.models import Status
from bot.notation import card_text
from bot.picture.common import clock_label
from bot.picture.scene import Scene
from bot.service.model import HandView, PublicTable
from cogs.table.render import (
    COLOUR,
    ButtonSpec,
    PanelControls,
    SelectSpec,
    TableMessage,
    TableRenderer,
    add_seat_fields,
    deadline_text,
    hand_text,
    picture_embed,
    seat_names,
    table_buttons,
    turn_ping,
    variant_title,
)
from cogs.table.words import seat_label, suit_text, team_label
from engine import allfours
from engine.allfours.deck import HAND_SIZE
from engine.allfours.trumps import is_round_of_acceptance
from engine.cards import Card

SUIT_ORDER: Final = "shdc"

AllFoursTable = PublicTable[allfours.Ruleset, AllFoursPublic]
AllFoursHand = HandView[allfours.Ruleset, AllFoursPublic, allfours.PlayerView]

_DECISIONS: Final[dict[type, tuple[str, discord.ButtonStyle]]] = {
    allfours.Stand: ("panel.stand", discord.ButtonStyle.success),
    allfours.Beg: ("panel.beg", discord.ButtonStyle.secondary),
    allfours.TakeOne: ("panel.take_one", discord.ButtonStyle.success),
    allfours.RunPack: ("panel.run_pack", discord.ButtonStyle.primary),
}
_ACCEPT_REFUSE: Final[dict[type, tuple[str, discord.ButtonStyle]]] = {
    allfours.Stand: ("panel.accept", discord.ButtonStyle.success),
    allfours.Beg: ("panel.refuse", discord.ButtonStyle.secondary),
}


def suit_order(trump: str | None) -> str:
    """The suits in the order a hand is read: the trumps first, then ♤ ♥ ♦ ♧."""
    return SUIT_ORDER if trump is None else trump + SUIT_ORDER.replace(trump, "")


def sort_cards(cards: Iterable[Card], trump: str | None = None) -> list[Card]:
    """By suit (trumps first), highest rank first."""
    order = suit_order(trump)
    return sorted(cards, key=lambda c: (order.index(c.suit), -c.rank_code))


ENGLISH_WORDS: Final = frozenset(
    {
        "turn.reply",
        "panel.your_turn.reply",
        "panel.take_one",
        "panel.kick",
        "table.kick",
        "table.kicks",
        "award.kick",
    }
)
"""Words that differ in English and Seven Up: the dealer *gives* one (a gift) and the card
is *turned up* (RULES.md §3.3), where Trinidad players *take one* and call it the *kick*."""


def word(rules: allfours.Ruleset, key: str) -> str:
    """The catalog key of a word as the variant's own rules say it."""
    if rules.variant != "caribbean" and key in ENGLISH_WORDS:
        return f"{key}.english"
    return key


def side_label(table: AllFoursTable, side: int, locale: str) -> str:
    if table.rules.partnerships:
        return team_label(side, locale)
    return seat_label(table, side, locale)


def _groups(table: AllFoursTable, locale: str) -> list[tuple[str, list[int]]]:
    """Seats grouped by side, in seat order."""
    rules = table.rules
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


def _award_line(
    table: AllFoursTable, award: dict[str, Any], locale: str, mark: str | None = None
) -> str:
    """One award; ``mark`` is ``"won"`` for the point that reached the target and
    ``"after"`` for points counted after it, which do not change the result (RULES.md §1.7)."""
    side = side_label(table, int(award["side"]), locale)
    seat = award.get("seat")
    player = seat_label(table, int(seat), locale) if seat is not None else side
    card = card_text(Card.parse(award["card"])) if award.get("card") else ""
    line = t(
        word(table.rules, f"award.{award['reason']}"),
        locale,
        side=side,
        player=player,
        card=card,
        points=award["points"],
    )
    return line if mark is None else f"{line} {t(f'award.mark.{mark}', locale)}"


def _marks(
    table: AllFoursTable, awards: Sequence[dict[str, Any]], final: Sequence[int]
) -> list[str | None]:
    """Which award won the game and which came after it: the scores are followed from the
    start of the hand (the final scores less the hand's awards), award by award."""
    result = table.result
    if result is None:
        return [None] * len(awards)
    scores = list(final)
    for award in awards:
        scores[int(award["side"])] -= int(award["points"])
    target = table.rules.target
    winner = result.winners[0]
    marks: list[str | None] = []
    done = False
    for award in awards:
        side = int(award["side"])
        scores[side] += int(award["points"])
        if done:
            marks.append("after")
        elif side == winner and scores[side] >= target:
            marks.append("won")
            done = True
        else:
            marks.append(None)
    return marks


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


def _trick_text(table: AllFoursTable, trick: Sequence[tuple[int, Card]], locale: str) -> str:
    return " · ".join(
        f"{seat_label(table, seat, locale)} {card_text(card)}" for seat, card in trick
    )


def _scores_text(table: AllFoursTable, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(table, side, locale)} {points}" for side, points in enumerate(scores)
    )


class AllFoursRenderer(
    TableRenderer[allfours.Ruleset, allfours.GameState, allfours.Action, allfours.PlayerView]
):
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
        return _groups(table, locale)

    def rules_text(self, variant: str, locale: str) -> str:
        return t(f"rules.{variant}", locale)

    # --- the table ---------------------------------------------------------------------------

    def waiting_for(self, table: AllFoursTable, locale: str) -> str:
        assert table.view is not None
        phase = table.view.phase
        if phase is allfours.Phase.DECLARE:
            key = "turn.accept" if is_round_of_acceptance(table.rules) else "turn.declare"
            return t(key, locale)
        return t(f"turn.{phase.value}", locale)

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
                variant=variant_title(record.variant, locale),
                hand=view.hand_number,
            ),
            colour=COLOUR,
        )
        actors = table.actors
        groups = [
            (t("table.side_score", locale, side=name, points=view.scores[side]), seats)
            for side, (name, seats) in enumerate(_groups(table, locale))
        ]
        add_seat_fields(embed, table, groups, locale, dealer=view.dealer, actors=actors)
        lines = []
        if view.trump is not None:
            lines.append(t("table.trump", locale, suit=suit_text(view.trump, locale)))
        if view.turned:
            key = "table.kick" if len(view.turned) == 1 else "table.kicks"
            cards = ", ".join(card_text(c) for c in view.turned)
            lines.append(t(word(table.rules, key), locale, cards=cards))
        for award in _awards(view.awards):
            lines.append(_award_line(table, award, locale))
        if view.phase is allfours.Phase.PLAY:
            trick = (
                _trick_text(table, view.trick, locale) if view.trick else t("table.no_card", locale)
            )
            lines.append(t("table.trick", locale, trick=trick))
            if view.previous_trick and view.previous_trick_winner is not None:
                lines.append(
                    t(
                        "table.last_trick",
                        locale,
                        trick=_trick_text(table, view.previous_trick, locale),
                        winner=seat_label(table, view.previous_trick_winner, locale),
                    )
                )
        embed.description = "\n".join(lines)
        waiting = ", ".join(seat_label(table, s, locale) for s in actors)
        turn = t("table.turn", locale, players=waiting, what=self.waiting_for(table, locale))
        timers = sorted(deadlines[s] for s in actors if s in deadlines)
        if timers:
            turn += " " + deadline_text(timers[0], locale)
        embed.add_field(name=t("table.turn_title", locale), value=turn, inline=False)
        embed.add_field(
            name=t("table.target", locale, target=table.rules.target),
            value=_scores_text(table, view.scores, locale),
            inline=False,
        )
        if summary is not None and summary.get("hand") == view.hand_number - 1:
            embed.add_field(
                name=t("table.previous_hand", locale, hand=summary["hand"]),
                value=_scores_text(table, summary["scores"], locale),
                inline=False,
            )
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        if scene is not None:
            picture_embed(embed, scene)
        return TableMessage(
            content=turn_ping(table, actors, locale),
            embed=embed,
            view=table_buttons(table, self.family.prefix, locale),
        )

    def game_over(self, table: AllFoursTable, locale: str) -> tuple[str, str]:
        assert table.view is not None and table.result is not None
        scores = table.view.scores
        winner = table.result.winners[0]
        others = [p for s, p in enumerate(scores) if s != winner]
        score = "–".join(str(p) for p in (scores[winner], *others))
        headline = t("over.wins", locale, side=side_label(table, winner, locale), score=score)
        return headline, _scores_text(table, scores, locale)

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
                    scores=_scores_text(table, view.scores, locale),
                )
            )
            lines.append(t("table.rated" if record.rated else "table.unrated", locale))
        if record.status is Status.ABANDONED and hand == view.hand_number:
            lines.append(
                t(
                    "table.abandoned",
                    locale,
                    player=f"<@{record.ended_by}>" if record.ended_by else "?",
                    scores=_scores_text(table, view.scores, locale),
                )
            )
        embed.description = "\n".join(lines)
        add_seat_fields(embed, table, _groups(table, locale), locale)
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        return TableMessage(content="", embed=embed, view=None)

    def _count_lines(self, table: AllFoursTable, summary: dict[str, Any], locale: str) -> list[str]:
        """The deal's awards, then the count in scoring order (High, Low, Jack, Game), each
        award marked if it won the game or came after the win. A game that ended during the
        deal (a kick, a gift) has no count."""
        deal = list(summary["deal"])
        count = summary["count"]
        marks = _marks(table, deal + list(count or []), summary["scores"])
        lines = [_award_line(table, a, locale, m) for a, m in zip(deal, marks, strict=False)]
        if count is None:
            lines.append(t("count.ended_at_deal", locale))
        else:
            reasons = {a["reason"] for a in count}
            if "high" not in reasons:
                lines.append(t("count.no_trump", locale))
            later = marks[len(deal) :]
            for award, mark in zip(count, later, strict=True):
                lines.append(_award_line(table, award, locale, mark))
            if "high" in reasons and not reasons & {"jack", "hang_jack"}:
                lines.append(t("count.jack_not_out", locale))
            totals = " · ".join(
                f"{side_label(table, side, locale)} {points}"
                for side, points in enumerate(summary["game_points"])
            )
            key = "count.game_totals" if "game" in reasons else "count.game_tied"
            lines.append(t(key, locale, totals=totals))
        lines.append(
            t("count.scores", locale, scores=_scores_text(table, summary["scores"], locale))
        )
        return lines

    # --- the hand panel ----------------------------------------------------------------------

    def your_turn(self, hand: AllFoursHand, locale: str) -> str:
        view = hand.view
        assert view is not None
        if view.phase is allfours.Phase.DISCARD:
            return t("panel.your_turn.discard", locale, count=len(view.hand) - HAND_SIZE)
        if view.phase is allfours.Phase.DECLARE and is_round_of_acceptance(view.rules):
            return t("panel.your_turn.accept", locale)
        return t(word(view.rules, f"panel.your_turn.{view.phase.value}"), locale)

    def panel_fields(self, hand: AllFoursHand, locale: str) -> list[tuple[str, str, bool]]:
        """The owner's cards, the trumps (or the card turned up), the score, the trick on the
        table and the last trick with who won it: what a player plans with, at every turn."""
        view = hand.view
        assert view is not None
        table = hand.table
        order = suit_order(view.trump)
        fields = [
            (
                t("panel.your_cards", locale),
                hand_text(sort_cards(view.hand, view.trump), order, locale),
                False,
            )
        ]
        if view.trump is not None:
            fields.append((t("panel.trump", locale), suit_text(view.trump, locale), True))
        elif view.kick is not None:
            fields.append((t(word(view.rules, "panel.kick"), locale), card_text(view.kick), True))
        fields.append(
            (
                t("table.target", locale, target=view.rules.target),
                _scores_text(table, view.scores, locale),
                True,
            )
        )
        if view.discards:
            fields.append(
                (
                    t("panel.discarded", locale),
                    hand_text(sort_cards(view.discards, view.trump), order, locale),
                    True,
                )
            )
        if view.phase is allfours.Phase.PLAY and view.trick:
            fields.append((t("panel.trick", locale), _trick_text(table, view.trick, locale), False))
        if view.previous_trick and view.previous_trick_winner is not None:
            fields.append(
                (
                    t("panel.last_trick", locale),
                    t(
                        "panel.won_by",
                        locale,
                        trick=_trick_text(table, view.previous_trick, locale),
                        winner=seat_label(table, view.previous_trick_winner, locale),
                    ),
                    False,
                )
            )
        return fields

    def panel_controls(self, hand: AllFoursHand, locale: str, draft: str | None) -> PanelControls:
        """One button per card, trumps first, a row per suit when there is room. Cards stay
        clickable (and readable) while the player waits; on their turn to play only the legal
        ones are, and while they take another decision (stand or beg...) none is. Discards are
        chosen together in a menu, then confirmed (RULES.md §3.4)."""
        view = hand.view
        assert view is not None
        trump = view.trump
        controls = PanelControls()
        discarding = any(isinstance(action, allfours.Discard) for action in hand.legal)
        playing = any(isinstance(action, allfours.Play) for action in hand.legal)
        deciding = bool(hand.legal) and not playing
        encode = self.family.encode
        for card in sort_cards(view.hand, trump):
            code = encode(allfours.Play(card))
            enabled = code in hand.codes if playing else not deciding
            style = discord.ButtonStyle.secondary
            if card.suit == trump:
                style = discord.ButtonStyle.success if enabled else discord.ButtonStyle.secondary
            elif playing and enabled:
                style = discord.ButtonStyle.primary
            controls.cards.append(
                ButtonSpec(code, card_text(card), style, enabled, group=card.suit)
            )
        if discarding:
            self._discard_controls(controls, view, hand.legal, locale, draft)
        names = _ACCEPT_REFUSE if is_round_of_acceptance(view.rules) else _DECISIONS
        suit = trump or (view.kick.suit if view.kick is not None else "s")
        for action, code in zip(hand.legal, hand.codes, strict=True):
            if type(action) in names:
                key, style = names[type(action)]
                label = t(word(view.rules, key), locale, suit=suit_text(suit, locale))
                controls.decisions.append(
                    ButtonSpec(code=code, label=label, style=style, enabled=True)
                )
        return controls

    def _discard_controls(
        self,
        controls: PanelControls,
        view: allfours.PlayerView,
        legal: Sequence[object],
        locale: str,
        draft: str | None,
    ) -> None:
        """A menu of the cards that may be discarded, picking exactly as many as are owed,
        then one button that discards them all."""
        owed = len(view.hand) - HAND_SIZE
        may = {
            card
            for action in legal
            if isinstance(action, allfours.Discard)
            for card in action.cards
        }
        allowed = [c for c in sort_cards(view.hand, view.trump) if c in may]
        options = tuple((str(card), card_text(card)) for card in allowed)
        chosen = draft.split(".") if draft else []
        valid = len(set(chosen)) == len(chosen) == owed and set(chosen) <= {v for v, _ in options}
        controls.selects.append(
            SelectSpec(
                placeholder=t("panel.choose_discards", locale, count=owed),
                options=options,
                action=False,
                chosen=draft if valid else None,
                picks=owed,
            )
        )
        if valid:
            cards = [Card.parse(text) for text in chosen]
            controls.decisions.append(
                ButtonSpec(
                    code=self.family.encode(allfours.Discard(cards)),
                    label=t(
                        "panel.discard_these", locale, cards=" ".join(card_text(c) for c in cards)
                    ),
                    style=discord.ButtonStyle.danger,
                    enabled=True,
                )
            )

    def action_text(self, hand: AllFoursHand, action: allfours.Action, locale: str) -> str:
        """A discard is chosen in a menu, so it has no button of its own to name it."""
        if isinstance(action, allfours.Discard):
            cards = " ".join(card_text(card) for card in action.cards)
            return t("panel.discard_these", locale, cards=cards)
        return super().action_text(hand, action, locale)

    def panel_signature(self, hand: AllFoursHand) -> tuple[Any, ...]:
        """What the panel shows besides the hand: the trumps, the score, the last trick (once
        per trick) and the trick on the table while it is the owner's turn."""
        view = hand.view
        if view is None:
            return ()
        trick = tuple(str(c) for c in view.trick) if hand.codes else ()
        return (view.trump, tuple(view.scores), view.tricks_played, trick)


RENDERER: Final = AllFoursRenderer()
