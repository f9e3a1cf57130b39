"""The KQJ move log in words: each event of the engine as one line (the tricks, the redeals
and the end of the game are said by ``cogs.table.render.story``)."""

from __future__ import annotations

from typing import assert_never

from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.service.model import Told
from cogs.kqj.words import KQJTable, bid_text, contract_text, scores_text, side_label
from cogs.table.words import seat_label, team_label
from engine import kqj


def tell(table: KQJTable, entry: Told, locale: str) -> str | None:
    """One event as a line of the log (None: said elsewhere, or nothing to say)."""
    event: kqj.Event = entry.event
    match event:
        case kqj.Dealt(dealer=dealer, hand_number=number):
            return t(
                "kqj.log.dealt", locale, round=number, dealer=seat_label(table, dealer, locale)
            )
        case kqj.ReturnTurned(card=card):
            return t("kqj.log.return", locale, card=card_text(card))
        case kqj.Passed():
            passers = _passes_ending_at(table, entry)
            if not passers:
                return None  # told with the passes that follow it, in one line
            if len(set(passers)) == len(table.record.seats) > 1:
                return t("kqj.log.all_passed", locale)  # the redeal that follows says why
            passing = [seat_label(table, s, locale) for s in passers]
            if len(passing) == 1:
                return t("kqj.log.passed", locale, player=passing[0])
            separator = t("log.name_separator", locale)
            return t("kqj.log.passed_many", locale, players=separator.join(passing))
        case kqj.Took(seat=seat, contract=contract):
            return t(
                "kqj.log.took",
                locale,
                player=seat_label(table, seat, locale),
                contract=contract_text(contract, locale),
            )
        case kqj.BidMade(seat=seat, value=value, contract=contract, capot=capot):
            return t(
                "kqj.log.bid",
                locale,
                player=seat_label(table, seat, locale),
                bid=bid_text(table, value, contract, capot, locale),
            )
        case kqj.Countered(seat=seat):
            return t("kqj.log.countered", locale, player=seat_label(table, seat, locale))
        case kqj.Overcountered(seat=seat):
            return t("kqj.log.overcountered", locale, player=seat_label(table, seat, locale))
        case kqj.AuctionEnded(declarer=declarer, value=value, contract=contract) as ended:
            line = t(
                "kqj.log.auction_ended",
                locale,
                player=seat_label(table, declarer, locale),
                bid=bid_text(table, value, contract, ended.capot, locale),
            )
            if ended.multiplier > 1:
                line += " " + t(f"kqj.multiplier.{ended.multiplier}", locale)
            return line
        case kqj.TrumpFixed(suit=contract):
            return t("kqj.log.contract", locale, contract=contract_text(contract, locale))
        case kqj.BonusScored(kind=kind, team=team, points=points, seat=seat, suit=suit):
            bonus = t(f"kqj.bonus.{kind}", locale, points=points)
            who = team_label(team, locale)
            if seat is not None:
                who = t("kqj.log.of_team", locale, player=seat_label(table, seat, locale), team=who)
            if suit is not None:
                bonus += f" {SUIT_SYMBOLS[suit]}"
            return t("kqj.log.bonus", locale, bonus=bonus, who=who)
        case kqj.PointsAwarded(side=side, points=points, reason=reason):
            return t(
                f"kqj.award.{reason}", locale, side=side_label(table, side, locale), points=points
            )
        case kqj.HandEnded(hand_number=number, outcome=outcome, pool=pool, scores=scores):
            line = t(
                "kqj.log.round_ended",
                locale,
                round=number,
                outcome=t(f"kqj.outcome.{outcome}", locale),
                scores=scores_text(table, scores, locale),
            )
            if pool:
                line += " " + t("kqj.pool", locale, pool=pool)
            return line
        case kqj.GameOver(winner=winner):
            winners = winner if isinstance(winner, tuple) else (winner,)
            separator = t("log.name_separator", locale)
            names = separator.join(side_label(table, side, locale) for side in winners)
            return t("log.game_over", locale, side=names)
        case kqj.CardPlayed() | kqj.TrickWon() | kqj.Redeal():
            return None
        case _:
            assert_never(event)


def _passes_ending_at(table: KQJTable, entry: Told) -> tuple[int, ...]:
    """The seats of the run of passes (one after another in the same round) that this pass
    ends, oldest first; empty if another pass follows it. "@B, @C, @D pass." is one line
    where six players pass round an auction: a panel's few lines of what happened since its
    owner's last move hold a whole round of bids that way."""
    log = table.log
    index = next((i for i in range(len(log) - 1, -1, -1) if log[i] is entry), None)
    if index is None:  # told on its own (a replay's step)
        return (entry.event.seat,)

    def is_pass(i: int) -> bool:
        return isinstance(log[i].event, kqj.Passed) and log[i].deal == entry.deal

    if index + 1 < len(log) and is_pass(index + 1):
        return ()
    first = index
    while first > 0 and is_pass(first - 1):
        first -= 1
    return tuple(log[i].event.seat for i in range(first, index + 1))
