"""The KQJ hand panel: one button per card, the Return and counter decisions, the auction in two
menus; drawn from its owner's ``HandView`` (their view and their legal actions), the codes
from the family's ``encode``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.families.kqj import KQJ, KQJPublic
from bot.i18n import t
from bot.notation import card_text
from cogs.kqj.words import (
    KQJHand,
    bid_text,
    contract_of,
    contract_text,
    is_trump,
    short_scores_text,
    sort_hand,
    suit_order,
    team_of_seat,
    trick_line,
)
from cogs.table.render import (
    MAX_OPTIONS,
    ButtonSpec,
    PanelControls,
    SelectSpec,
    TableRenderer,
    hand_text,
)
from cogs.table.words import fact, seat_label
from engine import kqj
from engine.kqj.deck import CONTRACTS

RANGE_SIZE: Final = MAX_OPTIONS
"""Bid values per range of the draft select."""
CAPOT: Final = "capot"
"""The draft select's value of a contract's capot (``h:capot``), confirmed by a button."""


class KQJPanel(TableRenderer[kqj.Ruleset, kqj.GameState, kqj.Action, kqj.PlayerView]):
    """The panel half of the family's renderer (``KQJRenderer`` adds the table message)."""

    family = KQJ

    def your_turn(self, hand: KQJHand, locale: str) -> str:
        view = hand.view
        assert view is not None
        if not hand.is_expected:
            return t("kqj.panel.may_interrupt", locale)
        return t(f"kqj.panel.your_turn.{view.phase.value}", locale)

    def panel_lines(self, hand: KQJHand, locale: str) -> list[str]:
        """The standing facts in a line or two: the contract (or the Return), the standing
        bid, the owner's partners; on their turn the score and the trick on the table. The
        last trick is in "Since your last move", once."""
        view = hand.view
        assert view is not None
        table = hand.table
        facts = []
        if view.contract is not None:
            facts.append(
                fact(t("kqj.panel.contract", locale), contract_text(view.contract, locale), locale)
            )
        elif view.return_card is not None:
            facts.append(fact(t("kqj.panel.return", locale), card_text(view.return_card), locale))
        if view.bid_contract is not None and view.bidder is not None and view.contract is None:
            bid = t(
                "kqj.standing_bid",
                locale,
                bid=bid_text(table, view.bid, view.bid_contract, view.capot, locale),
                player=seat_label(table, view.bidder, locale),
                team=team_of_seat(view, view.bidder, locale),
            )
            facts.append(fact(t("kqj.panel.bid", locale), bid, locale))
        if view.seat is not None:
            partners = [
                seat_label(table, s, locale)
                for s in view.teams[view.team_of[view.seat]]
                if s != view.seat
            ]
            facts.append(fact(t("kqj.panel.partners", locale), ", ".join(partners), locale))
        lines = [" · ".join(facts)] if facts else []
        if not hand.codes:  # waiting: nothing that changes card by card (see AllFoursPanel)
            return lines
        scores = short_scores_text(table, view.scores, locale)
        lines.append(t("kqj.score", locale, scores=scores, target=view.rules.target))
        if view.phase is kqj.Phase.PLAY and view.trick:
            lines.append(trick_line(table, view, locale))
        return lines

    def panel_fields(self, hand: KQJHand, locale: str) -> list[tuple[str, str, bool]]:
        """The owner's cards in text (left out where the card buttons show them)."""
        view = hand.view
        assert view is not None
        contract = contract_of(view)
        return [
            (
                t("panel.your_cards", locale),
                hand_text(sort_hand(view.hand, contract), suit_order(contract), locale),
                False,
            )
        ]

    def panel_controls(self, hand: KQJHand, locale: str, draft: str | None) -> PanelControls:
        view = hand.view
        assert view is not None
        controls = PanelControls()
        contract = contract_of(view)
        playing = any(isinstance(action, kqj.Play) for action in hand.legal)
        for card in sort_hand(view.hand, contract):
            code = self.family.encode(kqj.Play(card))
            style = discord.ButtonStyle.secondary
            if code in hand.codes:
                trump = is_trump(card, view.contract)
                style = discord.ButtonStyle.success if trump else discord.ButtonStyle.primary
            # As in All Fours: the cards stay clickable (and readable) while the player waits
            # and while they judge their hand for another decision (the Return, a bid): a
            # disabled button is drawn faded. On their turn to play only the playable ones
            # are (the panel says why the others are not).
            enabled = not playing or code in hand.codes
            controls.cards.append(
                ButtonSpec(code, card_text(card), style, enabled=enabled, group=card.suit)
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
        """Every legal bid in two clicks: contract and range, then the value; or the capot of
        a contract, then a button that confirms it (a capot promises all eight tricks, so it
        is never made by one slip in a menu, like the discards of All Fours)."""
        values: dict[str, list[int]] = {}
        capots: set[str] = set()
        for action in legal:
            if isinstance(action, kqj.Bid):
                values.setdefault(action.contract, []).append(action.value)
            elif isinstance(action, kqj.Capot):
                capots.add(action.contract)
        ranges: list[tuple[str, str, list[int]]] = []
        options = []
        for contract in CONTRACTS:
            found = values.get(contract, [])
            chunks = [found[i : i + RANGE_SIZE] for i in range(0, len(found), RANGE_SIZE)]
            if len(chunks) > 1:  # split evenly rather than leave a stub
                half = -(-len(found) // len(chunks))
                chunks = [found[i : i + half] for i in range(0, len(found), half)]
            name = contract_text(contract, locale)
            for chunk in chunks:
                key = f"{contract}:{chunk[0]}"
                ranges.append((key, contract, chunk))
                label = t("kqj.panel.range", locale, contract=name, low=chunk[0], high=chunk[-1])
                options.append((key, label))
            if contract in capots:
                options.append((f"{contract}:{CAPOT}", t("kqj.panel.capot", locale, contract=name)))
        known = {key for key, _ in options}
        controls.selects.append(
            SelectSpec(
                placeholder=t("kqj.panel.choose_contract", locale),
                options=tuple(options),
                action=False,
                chosen=draft if draft in known else None,
            )
        )
        contract, _, value = (draft or "").partition(":")
        if value == CAPOT and contract in capots:
            name = contract_text(contract, locale)
            controls.decisions.append(
                ButtonSpec(
                    code=self.family.encode(kqj.Capot(contract)),
                    label=t("kqj.panel.bid_capot", locale, contract=name),
                    style=discord.ButtonStyle.danger,
                    enabled=True,
                )
            )
            return
        chosen = next((r for r in ranges if r[0] == draft), None)
        if chosen is None:
            return
        _, contract, chunk = chosen
        name = contract_text(contract, locale)
        encode = self.family.encode
        bids = tuple(
            (
                encode(kqj.Bid(value, contract)),
                t("kqj.bid_value", locale, value=value, contract=name),
            )
            for value in chunk
        )
        controls.selects.append(
            SelectSpec(
                placeholder=t("kqj.panel.choose_bid", locale, contract=name),
                options=bids,
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
        """The contract and the standing bid (the panel shows them), and while the owner has
        something to decide the score, the last trick and the trick."""
        view = hand.view
        if view is None:
            return ()
        shown = (view.contract, view.bid, view.bid_contract, view.multiplier)
        if not hand.codes:
            return shown
        trick = tuple(str(c) for _, c in view.trick) if hand.is_expected else ()
        return (*shown, tuple(view.scores), len(view.trick_winners), trick)
