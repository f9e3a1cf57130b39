"""What the KQJ tables look like: the table message, the round's count; the panel is
``panel.py``, the words both use ``words.py``.

Public messages are drawn from a ``PublicTable`` (the spectator's view, typed without a hand);
a panel from its owner's ``HandView``: its decisions are the engine's legal actions, their
codes the family's ``encode``. Rules are never decided here: legality comes from the engine's
legal actions, the master card from ``engine.kqj.state.master_of`` and KQ / KQJ announcements
from ``engine.kqj.scoring.honours`` — the functions the engine itself scores with.

The panel's auction (RULES.md §6.3) offers every legal bid in two clicks: a first select picks
the contract and a range of values (a select holds at most 25 options, and a bid may take up
to 32 values), a second picks the value or the capot. Counters and overcounters are buttons,
in the panel of every player who may make them, in turn or not.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.families.kqj import KQJ, KQJPublic, picture
from bot.i18n import t
from bot.models import Status
from bot.notation import SUIT_SYMBOLS, card_text
from bot.picture.common import clock_label
from bot.picture.scene import Scene
from bot.service.model import Told
from cogs.kqj import telling
from cogs.kqj.panel import KQJPanel
from cogs.kqj.words import (
    KQJTable,
    bid_text,
    contract_text,
    scores_text,
    short_scores_text,
    side_label,
    side_name,
    team_groups,
    team_of_seat,
    trick_line,
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
    variant_title,
)
from cogs.table.words import mention, seat_label, standing_scores, team_label, team_letter
from engine import kqj
from engine.kqj.deck import CONTRACTS
from engine.kqj.scoring import honours

STORY_LIMIT: Final = 2500
"""Characters of a finished round's story in its message (Discord allows 4096 in all)."""


class KQJRenderer(KQJPanel):
    family = KQJ

    # --- lobby and rules ---------------------------------------------------------------------

    def options_lines(self, table: KQJTable, locale: str) -> list[str]:
        rules = table.rules
        lines = [
            t(f"kqj.opt.teams.{rules.teams}", locale),
            t("kqj.opt.random_partners" if rules.random_partners else "kqj.opt.fixed", locale),
            t("kqj.opt.auction" if rules.auction else "kqj.opt.return", locale),
            t("kqj.opt.target", locale, target=rules.target),
        ]
        if not rules.all_trump_no_trump:
            lines.append(t("kqj.opt.no_all_none", locale))
        return lines

    def lobby_groups(self, table: KQJTable, locale: str) -> list[tuple[str, list[int]]]:
        """Six seats around the table with each seat's team (random partners: drawn later)."""
        teams = self.family.lobby_teams(table.rules)
        if teams is None:
            return [(t("kqj.seats_drawn", locale), list(range(6)))]
        return [(team_label(team, locale), list(seats)) for team, seats in enumerate(teams)]

    def rules_text(self, variant: str, locale: str) -> str:
        return t("rules.kqj", locale)

    def tell(self, table: KQJTable, entry: Told, locale: str) -> str | None:
        return telling.tell(table, entry, locale)

    def tells_standing(self, table: KQJTable, entry: Told) -> bool:
        """Once the round's contract is fixed, its line says the contract, who took or bid
        it and any counter (``_contract_line``): the Return taken, the auction's end and the
        trumps are not told again in the log."""
        view = table.view
        if view is None or view.contract is None or entry.deal != view.round_number:
            return False
        return isinstance(entry.event, kqj.Took | kqj.AuctionEnded | kqj.TrumpFixed)

    # --- the table ---------------------------------------------------------------------------

    def waiting_for(self, table: KQJTable, locale: str) -> str:
        assert table.view is not None
        return t(f"kqj.turn.{table.view.phase.value}", locale)

    def table_message(
        self,
        table: KQJTable,
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
        scene: Scene | None = None,
    ) -> TableMessage:
        record = table.record
        view = table.view
        assert view is not None
        current = deal is None or deal == view.round_number
        if not current or record.status is not Status.PLAYING:
            return self._closed_round_message(table, view, deal or view.round_number, locale)
        embed = discord.Embed(
            title=t(
                "kqj.title",
                locale,
                variant=short_variant_title(record.variant, locale),
                round=view.round_number,
                game=record.id,
            ),
            colour=COLOUR,
        )
        actors = table.actors
        add_seat_fields(
            embed,
            table,
            team_groups(table, view, locale),
            locale,
            dealer=view.dealer,
            actors=actors,
        )
        # The standing facts in a line or two, then the log's newest lines and the trick on
        # the table: the score and whose turn once each (a phone's height).
        lines = self._situation(table, view, locale)
        lines.extend(recent_lines(table, self, locale))
        if view.phase is kqj.Phase.PLAY:  # its number, and its cards with the master card
            lines.append(trick_line(table, view, locale))
        embed.description = "\n".join(lines)
        waiting = ", ".join(seat_label(table, s, locale) for s in actors)
        turn = t("table.turn", locale, players=waiting, what=self.waiting_for(table, locale))
        timers = sorted(deadlines[s] for s in actors if s in deadlines)
        if timers:
            turn += " " + deadline_text(timers[0], locale)
        if view.phase is kqj.Phase.AUCTION and view.bid:
            turn += "\n" + t("kqj.may_counter", locale)
        if scene is not None:
            picture_embed(embed, scene)
        return TableMessage(
            content=turn,  # whose turn, once: the first line a phone shows, and a ping
            embed=embed,
            view=table_buttons(table, self.family.prefix, locale),
        )

    def game_over(self, table: KQJTable, locale: str) -> tuple[str, str]:
        assert table.view is not None and table.result is not None
        scores = table.view.scores
        winners = table.result.winners
        names = ", ".join(side_name(table, side, locale) for side in winners)
        others = [p for s, p in enumerate(scores) if s not in winners]
        score = "–".join(str(p) for p in (scores[winners[0]], *others))
        if len(winners) > 1:
            score = str(scores[winners[0]])
        key = "over.wins" if len(winners) == 1 else "over.share"
        headline = t(key, locale, side=names, score=score)
        return headline, scores_text(table, scores, locale)

    def scene(self, table: KQJTable, locale: str) -> Scene:
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

    def _situation(self, table: KQJTable, view: KQJPublic, locale: str) -> list[str]:
        """The round so far in as few lines as a phone allows: the Return or the auction (or
        the contract once fixed, with its declarer), the points of the round and the score,
        the announcements made, the pool."""
        lines = []
        if view.contract is not None and view.declarer is not None:
            lines.append(self._contract_line(table, view, locale))
        elif view.return_card is not None:
            key = "kqj.return_second" if view.phase is kqj.Phase.SECOND_ROUND else "kqj.return"
            lines.append(t(key, locale, card=card_text(view.return_card), passes=view.passes))
        if view.phase in (kqj.Phase.AUCTION, kqj.Phase.OVERCOUNTER):
            if view.bid_contract is None or view.bidder is None:
                lines.append(t("kqj.no_bid", locale))
            else:
                lines.append(
                    t(
                        "kqj.standing_bid",
                        locale,
                        bid=bid_text(table, view.bid, view.bid_contract, view.capot, locale),
                        player=seat_label(table, view.bidder, locale),
                        team=team_of_seat(view, view.bidder, locale),
                    )
                )
        if view.counterer is not None:  # who countered: the contract line says only ×2 or ×4
            key = "kqj.overcountered" if view.multiplier == 4 else "kqj.countered"
            lines.append(t(key, locale, player=seat_label(table, view.counterer, locale)))
        score = t(
            "kqj.score",
            locale,
            scores=short_scores_text(table, view.scores, locale),
            target=table.rules.target,
        )
        if view.phase is kqj.Phase.PLAY:  # the card points of the round so far, on the same line
            points = standing_scores(
                [(team_letter(team, locale), p) for team, p in enumerate(view.team_points)]
            )
            score += " · " + t("kqj.round_points", locale, points=points)
        lines.append(score)
        if view.phase is kqj.Phase.PLAY:
            lines.extend(self._announcements(table, view, locale))
        if view.pool:
            lines.append(t("kqj.pool", locale, pool=view.pool))
        return lines

    def _contract_line(self, table: KQJTable, view: KQJPublic, locale: str) -> str:
        assert view.contract is not None and view.declarer is not None
        contract = contract_text(view.contract, locale)
        player = seat_label(table, view.declarer, locale)
        team = team_of_seat(view, view.declarer, locale)
        if not table.rules.auction:
            assert view.return_card is not None  # the Return stays turned up all round
            card = card_text(view.return_card)
            return t(
                "kqj.contract_taken", locale, contract=contract, player=player, team=team, card=card
            )
        bid = bid_text(table, view.bid, view.contract, view.capot, locale)
        line = t("kqj.contract_bid", locale, bid=bid, player=player, team=team)
        if view.multiplier > 1:
            line += " " + t(f"kqj.multiplier.{view.multiplier}", locale)
        return line

    def _announcements(self, table: KQJTable, view: KQJPublic, locale: str) -> list[str]:
        """KQ / KQJ made so far this round (the engine's own count, §5.5)."""
        if view.contract is None:
            return []
        plays = [card.index for _, card in view.played]
        opener = view.elder
        return [
            t(
                f"kqj.announce.{found.kind}",
                locale,
                player=seat_label(table, found.seat, locale),
                suit=SUIT_SYMBOLS["shdc"[found.suit]],
            )
            for found in honours(plays, view.trick_winners, opener, CONTRACTS.index(view.contract))
        ]

    def _outcome_line(self, table: KQJTable, summary: kqj.RoundEnded, locale: str) -> str:
        """One line: the outcome and the victory points it gave."""
        awards = " · ".join(
            t(
                f"kqj.award.{award.reason}",
                locale,
                side=side_label(table, award.side, locale),
                points=award.points,
            )
            for award in summary.awards
        )
        outcome = t(f"kqj.outcome.{summary.outcome}", locale)
        return f"{outcome}{' — ' + awards if awards else ''}"

    def _closed_round_message(
        self, table: KQJTable, view: KQJPublic, number: int, locale: str
    ) -> TableMessage:
        """A round that is over: its count (§5.6-§5.8, §6.1-§6.3) and, at the end, the result."""
        record = table.record
        embed = discord.Embed(
            title=t(
                "kqj.round_over",
                locale,
                variant=variant_title(record.variant, locale),
                round=number,
            ),
            colour=COLOUR,
        )
        lines: list[str] = []
        story = deal_story_text(table, self, number, locale, STORY_LIMIT)
        if story:
            lines.extend([story, ""])
        summary = view.last_round
        if summary is not None and summary.round_number == number:
            lines.extend(self._count_lines(table, summary, locale))
        elif record.status is Status.PLAYING:
            lines.append(t("kqj.round_done", locale))
        result = table.result
        if result is not None and number == view.round_number:
            lines.append("")
            winners = [side_label(table, side, locale) for side in result.winners]
            key = "kqj.winner" if len(winners) == 1 else "kqj.shared_win"
            lines.append(
                t(
                    key,
                    locale,
                    sides=", ".join(winners),
                    scores=scores_text(table, view.scores, locale),
                )
            )
            lines.append(t("table.rated" if record.rated else "table.unrated", locale))
        if record.status is Status.ABANDONED and number == view.round_number:
            lines.append(
                t(
                    "table.abandoned",
                    locale,
                    player=mention(record.ended_by) if record.ended_by else "?",
                    scores=scores_text(table, view.scores, locale),
                )
            )
        embed.description = "\n".join(lines)
        groups = (
            [(team_label(i, locale), list(seats)) for i, seats in enumerate(summary.teams)]
            if summary is not None and summary.round_number == number
            else self.lobby_groups(table, locale)
        )
        add_seat_fields(embed, table, groups, locale)
        embed.set_footer(text=t("table.footer", locale, game=record.id))
        return TableMessage(content="", embed=embed, view=None)

    def _count_lines(self, table: KQJTable, summary: kqj.RoundEnded, locale: str) -> list[str]:
        contract = contract_text(summary.contract, locale)
        declarer = seat_label(table, summary.declarer, locale)
        lines = []
        if summary.bid:
            bid = t("kqj.bid_value", locale, value=summary.bid, contract=contract)
            line = t("kqj.count_contract_bid", locale, bid=bid, player=declarer)
            if summary.multiplier > 1:
                line += " " + t(f"kqj.multiplier.{summary.multiplier}", locale)
            lines.append(line)
        else:
            lines.append(t("kqj.count_contract", locale, contract=contract, player=declarer))
        for team, seats in enumerate(summary.teams):
            bonuses = [
                t(f"kqj.bonus.{b.kind}", locale, points=b.points)
                for b in summary.bonuses
                if b.team == team
            ]
            lines.append(
                t(
                    "kqj.count_team",
                    locale,
                    team=team_label(team, locale),
                    players=", ".join(seat_label(table, s, locale) for s in seats),
                    cards=summary.card_points[team],
                    tricks=t("count.tricks", locale, count=summary.tricks[team]),
                    bonuses=" + ".join(bonuses) if bonuses else t("kqj.no_bonus", locale),
                    total=summary.round_points[team],
                    rounded=kqj.round10(summary.round_points[team]),
                )
            )
        lines.append(self._outcome_line(table, summary, locale))
        if summary.outcome == "litigation":
            lines.append(t("kqj.pool_carried", locale, pool=summary.pool))
        lines.append(t("count.scores", locale, scores=scores_text(table, summary.scores, locale)))
        return lines


RENDERER: Final = KQJRenderer()
