"""The All Fours move log in words: each event of the engine as one line (the tricks, the
redeals and the end of the game are said by ``cogs.table.render.story``)."""

from __future__ import annotations

from typing import assert_never

from bot.i18n import t
from bot.notation import card_text
from bot.service.model import Told
from cogs.allfours.words import AllFoursTable, award_data, award_line, scores_text, side_label, word
from cogs.table.words import seat_label, suit_text
from engine import allfours
from engine.allfours.trumps import is_round_of_acceptance


def tell(table: AllFoursTable, entry: Told, locale: str) -> str | None:
    """One event as a line of the log (None: said elsewhere, or nothing to say)."""
    event: allfours.Event = entry.event
    rules = table.rules
    accepting = is_round_of_acceptance(rules)
    match event:
        case allfours.Dealt(dealer=dealer, hand_number=hand):
            return t("log.dealt", locale, hand=hand, dealer=seat_label(table, dealer, locale))
        case allfours.CardTurned(card=card, set_aside=set_aside):
            key = "log.turned_aside" if set_aside else word(rules, "log.turned")
            return t(key, locale, card=card_text(card))
        case allfours.TrumpFixed(suit=suit):
            return t("log.trump", locale, suit=suit_text(suit, locale))
        case allfours.Stood(seat=seat):
            key = "log.accepted" if accepting else "log.stood"
            return t(key, locale, player=seat_label(table, seat, locale))
        case allfours.Begged(seat=seat):
            key = "log.refused" if accepting else "log.begged"
            return t(key, locale, player=seat_label(table, seat, locale))
        case allfours.TookOne(seat=seat):
            return t(word(rules, "log.took_one"), locale, player=seat_label(table, seat, locale))
        case allfours.RanPack(seat=seat):
            return t("log.ran_pack", locale, player=seat_label(table, seat, locale))
        case allfours.Discarded(seat=seat, count=count):
            return t("log.discarded", locale, player=seat_label(table, seat, locale), count=count)
        case allfours.PointsAwarded():
            return award_line(table, award_data([event])[0], locale)
        case allfours.HandEnded(hand_number=hand, scores=scores):
            return t("log.hand_ended", locale, hand=hand, scores=scores_text(table, scores, locale))
        case allfours.GameOver(winner=winner):
            assert isinstance(winner, int)
            return t("log.game_over", locale, side=side_label(table, winner, locale))
        case allfours.CardPlayed() | allfours.TrickWon() | allfours.Redeal():
            return None
        case _:
            assert_never(event)
