"""How All Fours is said at the table: the suits in reading order, the words that differ between
Trinidad and England, the sides, the awards of a hand and the tricks, for the table message and
the panel alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from bot.families.allfours import AllFoursPublic
from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.service.model import HandView, PublicTable
from cogs.table.words import seat_label, seat_name, standing_scores, team_label, team_letter
from engine import allfours
from engine.cards import Card

SUIT_ORDER: Final = "shdc"

AllFoursTable = PublicTable[allfours.Ruleset, AllFoursPublic]
AllFoursHand = HandView[allfours.Ruleset, AllFoursPublic, allfours.PlayerView]


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
        "log.turned",
        "log.took_one",
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


def side_name(table: AllFoursTable, side: int, locale: str) -> str:
    """A side by name, for titles (no mention: Discord shows it raw there)."""
    if table.rules.partnerships:
        return team_label(side, locale)
    return seat_name(table, side, locale)


def club_scores(table: AllFoursTable, summary: dict[str, Any] | None) -> list[int]:
    """The final scores as a club player counts them: nothing after the winning point
    (RULES.md §1.7; the count may go on, and the hand's message lists those awards, marked).
    ``summary`` is the last hand's stored count."""
    assert table.view is not None
    scores = list(table.view.scores)
    if summary is None or summary.get("hand") != table.view.hand_number:
        return scores
    awards = list(summary["deal"]) + list(summary["count"] or [])
    for award, mark in zip(awards, award_marks(table, awards, summary["scores"]), strict=True):
        if mark == "after":
            scores[int(award["side"])] -= int(award["points"])
    return scores


def seat_groups(table: AllFoursTable, locale: str) -> list[tuple[str, list[int]]]:
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


def award_line(
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


def award_marks(
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


def award_data(awards: Iterable[allfours.PointsAwarded]) -> list[dict[str, Any]]:
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


def trick_text(table: AllFoursTable, trick: Sequence[tuple[int, Card]], locale: str) -> str:
    return " · ".join(
        f"{seat_label(table, seat, locale)} {card_text(card)}" for seat, card in trick
    )


def scores_text(table: AllFoursTable, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(table, side, locale)} {points}" for side, points in enumerate(scores)
    )


def short_scores_text(table: AllFoursTable, scores: Sequence[int], locale: str) -> str:
    """The score where a phone has one line for it: teams by their letter (``A 0 – B 2``),
    players by name."""
    if table.rules.partnerships:
        sides = [(team_letter(side, locale), points) for side, points in enumerate(scores)]
    else:
        sides = [(seat_label(table, side, locale), points) for side, points in enumerate(scores)]
    return standing_scores(sides)


def status_line(
    table: AllFoursTable,
    trump: str | None,
    turned: Sequence[Card],
    scores: Sequence[int] | None,
    locale: str,
) -> str:
    """The standing facts in one line of a phone, for the table message and the panel alike:
    trumps (or the card turned up while they are not fixed), the kick(s) and the score (if
    given), with the target: ``♠ trumps · kick 6♠ · Score A 0 – B 2 (to 14)``. The log does
    not repeat the trumps (``tells_standing``)."""
    parts = []
    if trump is not None:
        parts.append(t("table.trump", locale, symbol=SUIT_SYMBOLS[trump]))
    if turned:
        key = "table.kick" if len(turned) == 1 else "table.kicks"
        cards = ", ".join(card_text(c) for c in turned)
        parts.append(t(word(table.rules, key), locale, cards=cards))
    if scores is not None:
        scores_line = short_scores_text(table, scores, locale)
        parts.append(t("table.score", locale, scores=scores_line, target=table.rules.target))
    return " · ".join(parts)
