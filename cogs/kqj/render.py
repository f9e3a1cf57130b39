"""What the KQJ tables look like: the table message, the round's count and the panel.

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

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.families.kqj import KQJ, KQJPublic, picture
from bot.i18n import t
from bot.models import Status
from bot.notation import SUIT_SYMBOLS, card_text
from bot.picture.common import clock_label
from bot.picture.scene import Scene
from bot.service.model import HandView, PublicTable
from cogs.table.render import (
    COLOUR,
    MAX_OPTIONS,
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
from cogs.table.words import mention, seat_label, suit_text, team_label
from engine import kqj
from engine.cards import Card
from engine.kqj.deck import CONTRACTS, PLAIN_STRENGTH, TRUMP_STRENGTH
from engine.kqj.scoring import honours
from engine.kqj.state import master_of

KQJTable = PublicTable[kqj.Ruleset, KQJPublic]
KQJHand = HandView[kqj.Ruleset, KQJPublic, kqj.PlayerView]

RANGE_SIZE: Final = MAX_OPTIONS - 1
"""Bid values per range of the draft select (one option is left for the capot)."""


# --- contracts and cards -------------------------------------------------------------------


def contract_text(contract: str, locale: str) -> str:
    """``h`` -> ``♥ hearts``; ``all`` / ``none`` -> all trumps / no trumps."""
    if contract in SUIT_SYMBOLS:
        return suit_text(contract, locale)
    return t(f"kqj.contract.{contract}", locale)


def _is_trump(card: Card, contract: str | None) -> bool:
    return contract == "all" or card.suit == contract


def sort_hand(cards: Sequence[Card], contract: str | None) -> list[Card]:
    """Trumps first in trump order (§5.1), then the other suits ♠ ♥ ♦ ♣ in plain order."""

    def key(card: Card) -> tuple[int, int, int]:
        trump = _is_trump(card, contract)
        strength = TRUMP_STRENGTH if trump or contract == "all" else PLAIN_STRENGTH
        return (
            0 if trump and contract != "all" else 1,
            "shdc".index(card.suit),
            -strength[card.rank_code],
        )

    return sorted(cards, key=key)


def suit_order(contract: str | None) -> str:
    """Suits in the order a hand is read: the trump suit first."""
    if contract in SUIT_SYMBOLS:
        assert contract is not None
        return contract + "shdc".replace(contract, "")
    return "shdc"


def _contract_of(view: KQJPublic) -> str | None:
    """The trumps the player should read the hand by: the contract, else the Return's suit
    in the first round, else the bid's contract in the auction."""
    if view.contract is not None:
        return view.contract
    if view.phase is kqj.Phase.FIRST_ROUND and view.return_card is not None:
        return view.return_card.suit
    return view.bid_contract


# --- names ---------------------------------------------------------------------------------


def side_label(table: KQJTable, side: int, locale: str) -> str:
    """A scoring side: a team (fixed partners), or a player (random partners, §6.2)."""
    if table.rules.random_partners:
        return seat_label(table, side, locale)
    return team_label(side, locale)


def _scores_text(table: KQJTable, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(table, side, locale)} {points}" for side, points in enumerate(scores)
    )


def _team_groups(table: KQJTable, view: KQJPublic, locale: str) -> list[tuple[str, list[int]]]:
    """The seats of each team of this round, headed by the team's victory points (fixed
    teams) or by the round's team name (random partners)."""
    groups = []
    for team, seats in enumerate(view.teams):
        name = team_label(team, locale)
        if not table.rules.random_partners:
            name = t("table.side_score", locale, side=name, points=view.scores[team])
        groups.append((name, list(seats)))
    return groups


def _bid_text(table: KQJTable, value: int, contract: str, capot: bool, locale: str) -> str:
    if capot:
        return t("kqj.capot_bid", locale, contract=contract_text(contract, locale))
    return t("kqj.bid_value", locale, value=value, contract=contract_text(contract, locale))


def _team_of_seat(view: KQJPublic, seat: int, locale: str) -> str:
    return team_label(view.team_of[seat], locale)


class KQJRenderer(TableRenderer[kqj.Ruleset, kqj.GameState, kqj.Action, kqj.PlayerView]):
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
                variant=variant_title(record.variant, locale),
                round=view.round_number,
            ),
            colour=COLOUR,
        )
        actors = table.actors
        add_seat_fields(
            embed,
            table,
            _team_groups(table, view, locale),
            locale,
            dealer=view.dealer,
            actors=actors,
        )
        lines = self._situation(table, view, locale)
        embed.description = "\n".join(lines)
        waiting = ", ".join(seat_label(table, s, locale) for s in actors)
        turn = t("table.turn", locale, players=waiting, what=self.waiting_for(table, locale))
        timers = sorted(deadlines[s] for s in actors if s in deadlines)
        if timers:
            turn += " " + deadline_text(timers[0], locale)
        if view.phase is kqj.Phase.AUCTION and view.bid:
            turn += "\n" + t("kqj.may_counter", locale)
        embed.add_field(name=t("table.turn_title", locale), value=turn, inline=False)
        embed.add_field(
            name=t("kqj.victory_points", locale, target=table.rules.target),
            value=_scores_text(table, view.scores, locale),
            inline=False,
        )
        if view.last_round is not None and view.last_round.round_number == view.round_number - 1:
            embed.add_field(
                name=t("kqj.previous_round", locale, round=view.last_round.round_number),
                value=self._outcome_line(table, view.last_round, locale),
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

    def game_over(self, table: KQJTable, locale: str) -> tuple[str, str]:
        assert table.view is not None and table.result is not None
        scores = table.view.scores
        winners = table.result.winners
        names = ", ".join(side_label(table, side, locale) for side in winners)
        key = "over.wins" if len(winners) == 1 else "over.share"
        headline = t(key, locale, side=names, score=scores[winners[0]])
        return headline, _scores_text(table, scores, locale)

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
        """The round so far: the Return or the auction, the contract, the trick, the points."""
        lines = []
        if view.return_card is not None:
            if view.declarer is not None:
                lines.append(
                    t(
                        "kqj.return_taken",
                        locale,
                        card=card_text(view.return_card),
                        player=seat_label(table, view.declarer, locale),
                    )
                )
            else:
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
                        bid=_bid_text(table, view.bid, view.bid_contract, view.capot, locale),
                        player=seat_label(table, view.bidder, locale),
                        team=_team_of_seat(view, view.bidder, locale),
                    )
                )
        if view.counterer is not None:
            key = "kqj.overcountered" if view.multiplier == 4 else "kqj.countered"
            lines.append(t(key, locale, player=seat_label(table, view.counterer, locale)))
        if view.contract is not None and view.declarer is not None:
            lines.append(self._contract_line(table, view, locale))
        if view.phase is kqj.Phase.PLAY:
            lines.append(self._trick_line(table, view, locale))
            points = " · ".join(
                t(
                    "kqj.team_points",
                    locale,
                    team=team_label(team, locale),
                    points=view.team_points[team],
                    tricks=t("count.tricks", locale, count=view.team_tricks[team]),
                )
                for team in range(len(view.teams))
            )
            lines.append(t("kqj.round_points", locale, points=points))
            lines.extend(self._announcements(table, view, locale))
        if view.pool:
            lines.append(t("kqj.pool", locale, pool=view.pool))
        return lines

    def _contract_line(self, table: KQJTable, view: KQJPublic, locale: str) -> str:
        assert view.contract is not None and view.declarer is not None
        contract = contract_text(view.contract, locale)
        player = seat_label(table, view.declarer, locale)
        team = _team_of_seat(view, view.declarer, locale)
        if not table.rules.auction:
            return t("kqj.contract_taken", locale, contract=contract, player=player, team=team)
        bid = _bid_text(table, view.bid, view.contract, view.capot, locale)
        line = t("kqj.contract_bid", locale, bid=bid, player=player, team=team)
        if view.multiplier > 1:
            line += " " + t(f"kqj.multiplier.{view.multiplier}", locale)
        return line

    def _trick_line(self, table: KQJTable, view: KQJPublic, locale: str) -> str:
        if not view.trick:
            return t("kqj.trick_empty", locale, number=len(view.trick_winners) + 1)
        assert view.contract is not None
        master_seat, _ = master_of(
            tuple(card.index for _, card in view.trick), view.leader, CONTRACTS.index(view.contract)
        )
        cards = []
        for seat, card in view.trick:
            mark = " ★" if seat == master_seat else ""
            cards.append(f"{seat_label(table, seat, locale)} {card_text(card)}{mark}")
        return t("kqj.trick", locale, number=len(view.trick_winners) + 1, cards=" · ".join(cards))

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
                    scores=_scores_text(table, view.scores, locale),
                )
            )
            lines.append(t("table.rated" if record.rated else "table.unrated", locale))
        if record.status is Status.ABANDONED and number == view.round_number:
            lines.append(
                t(
                    "table.abandoned",
                    locale,
                    player=mention(record.ended_by) if record.ended_by else "?",
                    scores=_scores_text(table, view.scores, locale),
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
        lines.append(t("count.scores", locale, scores=_scores_text(table, summary.scores, locale)))
        return lines

    # --- the hand panel ----------------------------------------------------------------------

    def your_turn(self, hand: KQJHand, locale: str) -> str:
        view = hand.view
        assert view is not None
        if not hand.is_expected:
            return t("kqj.panel.may_interrupt", locale)
        return t(f"kqj.panel.your_turn.{view.phase.value}", locale)

    def panel_fields(self, hand: KQJHand, locale: str) -> list[tuple[str, str, bool]]:
        view = hand.view
        assert view is not None
        table = hand.table
        contract = _contract_of(view)
        fields = [
            (
                t("panel.your_cards", locale),
                hand_text(sort_hand(view.hand, contract), suit_order(contract), locale),
                False,
            )
        ]
        if view.contract is not None:
            fields.append(
                (t("kqj.panel.contract", locale), contract_text(view.contract, locale), True)
            )
        elif view.return_card is not None:
            fields.append((t("kqj.panel.return", locale), card_text(view.return_card), True))
        if view.bid_contract is not None and view.bidder is not None and view.contract is None:
            fields.append(
                (
                    t("kqj.panel.bid", locale),
                    t(
                        "kqj.standing_bid",
                        locale,
                        bid=_bid_text(table, view.bid, view.bid_contract, view.capot, locale),
                        player=seat_label(table, view.bidder, locale),
                        team=_team_of_seat(view, view.bidder, locale),
                    ),
                    True,
                )
            )
        if view.seat is not None:
            partners = [
                seat_label(table, s, locale)
                for s in view.teams[view.team_of[view.seat]]
                if s != view.seat
            ]
            fields.append((t("kqj.panel.partners", locale), ", ".join(partners), True))
        fields.append(
            (
                t("kqj.victory_points", locale, target=view.rules.target),
                _scores_text(table, view.scores, locale),
                False,
            )
        )
        if view.phase is kqj.Phase.PLAY and view.trick:
            fields.append((t("panel.trick", locale), self._trick_line(table, view, locale), False))
        done = len(view.trick_winners)
        if done and view.phase is kqj.Phase.PLAY:
            last = view.played[(done - 1) * 6 : done * 6]
            cards = " · ".join(f"{seat_label(table, s, locale)} {card_text(c)}" for s, c in last)
            winner = seat_label(table, view.trick_winners[-1], locale)
            fields.append(
                (
                    t("panel.last_trick", locale),
                    t("panel.won_by", locale, trick=cards, winner=winner),
                    False,
                )
            )
        return fields

    def panel_controls(self, hand: KQJHand, locale: str, draft: str | None) -> PanelControls:
        view = hand.view
        assert view is not None
        controls = PanelControls()
        contract = _contract_of(view)
        playing = any(isinstance(action, kqj.Play) for action in hand.legal)
        deciding = hand.is_expected and not playing
        for card in sort_hand(view.hand, contract):
            code = self.family.encode(kqj.Play(card))
            style = discord.ButtonStyle.secondary
            if code in hand.codes:
                trump = _is_trump(card, view.contract)
                style = discord.ButtonStyle.success if trump else discord.ButtonStyle.primary
            # The cards stay clickable (and readable) while the player waits; on their turn to
            # play an illegal card says which duty it breaks; only while they take another
            # decision (the Return, a bid) are the cards greyed.
            controls.cards.append(
                ButtonSpec(code, card_text(card), style, enabled=not deciding, group=card.suit)
            )
        if view.phase is kqj.Phase.AUCTION and hand.is_expected:
            self._auction_controls(controls, hand.legal, locale, draft)
        for action, code in zip(hand.legal, hand.codes, strict=True):
            if isinstance(action, kqj.Play | kqj.Bid | kqj.Capot):
                continue  # cards are buttons above, bids and capots are in the selects
            controls.decisions.append(self._decision(action, code, view, locale))
        return controls

    def _decision(self, action: object, code: str, view: KQJPublic, locale: str) -> ButtonSpec:
        match action:
            case kqj.Take(contract=None):
                assert view.return_card is not None
                label = t("kqj.panel.take", locale, card=card_text(view.return_card))
                return ButtonSpec(code, label, discord.ButtonStyle.success, True)
            case kqj.Take(contract=contract):
                assert contract is not None
                label = t("kqj.panel.take_as", locale, contract=contract_text(contract, locale))
                return ButtonSpec(code, label, discord.ButtonStyle.primary, True)
            case kqj.Counter():
                return ButtonSpec(
                    code, t("kqj.panel.counter", locale), discord.ButtonStyle.danger, True
                )
            case kqj.Overcounter():
                return ButtonSpec(
                    code, t("kqj.panel.overcounter", locale), discord.ButtonStyle.danger, True
                )
            case _:
                return ButtonSpec(
                    code, t("kqj.panel.pass", locale), discord.ButtonStyle.secondary, True
                )

    def _auction_controls(
        self, controls: PanelControls, legal: Sequence[Any], locale: str, draft: str | None
    ) -> None:
        """Every legal bid in two clicks: contract and range, then the value or the capot."""
        values: dict[str, list[int]] = {}
        capots: set[str] = set()
        for action in legal:
            if isinstance(action, kqj.Bid):
                values.setdefault(action.contract, []).append(action.value)
            elif isinstance(action, kqj.Capot):
                capots.add(action.contract)
        ranges: list[tuple[str, str, list[int]]] = []
        for contract in CONTRACTS:
            if contract not in values and contract not in capots:
                continue
            found = values.get(contract, [])
            chunks = [found[i : i + RANGE_SIZE] for i in range(0, len(found), RANGE_SIZE)] or [[]]
            if len(chunks) > 1:  # split evenly rather than leave a stub
                half = -(-len(found) // len(chunks))
                chunks = [found[i : i + half] for i in range(0, len(found), half)]
            for chunk in chunks:
                key = f"{contract}:{chunk[0] if chunk else 0}"
                ranges.append((key, contract, chunk))
        chosen = next((r for r in ranges if r[0] == draft), None)
        options = []
        for key, contract, chunk in ranges:
            name = contract_text(contract, locale)
            if chunk:
                label = t("kqj.panel.range", locale, contract=name, low=chunk[0], high=chunk[-1])
            else:
                label = t("kqj.panel.capot_only", locale, contract=name)
            options.append((key, label))
        controls.selects.append(
            SelectSpec(
                placeholder=t("kqj.panel.choose_contract", locale),
                options=tuple(options),
                action=False,
                chosen=draft if chosen is not None else None,
            )
        )
        if chosen is None:
            return
        _, contract, chunk = chosen
        name = contract_text(contract, locale)
        encode = self.family.encode
        bids = [
            (
                encode(kqj.Bid(value, contract)),
                t("kqj.bid_value", locale, value=value, contract=name),
            )
            for value in chunk
        ]
        if contract in capots:
            bids.append((encode(kqj.Capot(contract)), t("kqj.capot_bid", locale, contract=name)))
        controls.selects.append(
            SelectSpec(
                placeholder=t("kqj.panel.choose_bid", locale, contract=name),
                options=tuple(bids),
                action=True,
            )
        )

    def action_text(self, hand: KQJHand, action: kqj.Action, locale: str) -> str:
        """A bid is chosen in two menus, so it has no single button to name it."""
        if isinstance(action, kqj.Bid):
            name = contract_text(action.contract, locale)
            return t("kqj.bid_value", locale, value=action.value, contract=name)
        if isinstance(action, kqj.Capot):
            return t("kqj.capot_bid", locale, contract=contract_text(action.contract, locale))
        return super().action_text(hand, action, locale)

    def panel_signature(self, hand: KQJHand) -> tuple[Any, ...]:
        """The contract and the standing bid (the panel shows them), and the trick while it
        is the owner's turn."""
        view = hand.view
        if view is None:
            return ()
        return (
            view.contract,
            view.bid,
            view.bid_contract,
            view.multiplier,
            tuple(view.scores),
            len(view.trick_winners),
            tuple(str(c) for _, c in view.trick) if hand.is_expected else (),
        )


RENDERER: Final = KQJRenderer()
