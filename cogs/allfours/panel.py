"""The All Fours hand panel: one button per card, the decisions, the discard menu; drawn from its
owner's ``HandView`` (their view and their legal actions), the codes from the family's
``encode``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.families.allfours import ALL_FOURS
from bot.i18n import t
from bot.notation import card_text
from cogs.allfours.words import (
    AllFoursHand,
    sort_cards,
    status_line,
    suit_order,
    trick_text,
    word,
)
from cogs.table.render import (
    ButtonSpec,
    PanelControls,
    SelectSpec,
    TableRenderer,
    hand_text,
)
from cogs.table.words import suit_text
from engine import allfours
from engine.allfours.deck import HAND_SIZE
from engine.allfours.trumps import is_round_of_acceptance
from engine.cards import Card

DECISIONS: Final[dict[type, tuple[str, discord.ButtonStyle]]] = {
    allfours.Stand: ("panel.stand", discord.ButtonStyle.success),
    allfours.Beg: ("panel.beg", discord.ButtonStyle.secondary),
    allfours.TakeOne: ("panel.take_one", discord.ButtonStyle.success),
    allfours.RunPack: ("panel.run_pack", discord.ButtonStyle.primary),
}
ACCEPT_REFUSE: Final[dict[type, tuple[str, discord.ButtonStyle]]] = {
    allfours.Stand: ("panel.accept", discord.ButtonStyle.success),
    allfours.Beg: ("panel.refuse", discord.ButtonStyle.secondary),
}


class AllFoursPanel(
    TableRenderer[allfours.Ruleset, allfours.GameState, allfours.Action, allfours.PlayerView]
):
    """The panel half of the family's renderer (``AllFoursRenderer`` adds the table message)."""

    family = ALL_FOURS

    def your_turn(self, hand: AllFoursHand, locale: str) -> str:
        view = hand.view
        assert view is not None
        if view.phase is allfours.Phase.DISCARD:
            return t("panel.your_turn.discard", locale, count=len(view.hand) - HAND_SIZE)
        if view.phase is allfours.Phase.DECLARE and is_round_of_acceptance(view.rules):
            return t("panel.your_turn.accept", locale)
        return t(word(view.rules, f"panel.your_turn.{view.phase.value}"), locale)

    def panel_lines(self, hand: AllFoursHand, locale: str) -> list[str]:
        """The standing facts in one line — trumps (or the card turned up), the score on the
        owner's turn — and on their turn to play the trick on the table. The last trick is
        in "Since your last move", once.

        A waiting panel shows nothing that changes move by move (the table message does), so
        it is not edited while its owner waits: no score, and the card turned up rather than
        the trumps. The trumps are always the suit of the latest card turned up once fixed
        (``engine.allfours.trumps``), so "kick 6♠" stays true when the elder stands or the
        dealer gives one, and the three waiting panels are not edited then; a run of the pack
        deals them cards, which edits them anyway."""
        view = hand.view
        assert view is not None
        deciding = bool(hand.codes)
        trump = view.trump if deciding or view.kick is None else None
        turned = [view.kick] if trump is None and view.kick is not None else []
        scores = view.scores if deciding else None
        lines = [status_line(hand.table, trump, turned, scores, locale)]
        if deciding and view.phase is allfours.Phase.PLAY and view.trick:
            lines.append(t("table.trick", locale, trick=trick_text(hand.table, view.trick, locale)))
        return [line for line in lines if line]

    def panel_fields(self, hand: AllFoursHand, locale: str) -> list[tuple[str, str, bool]]:
        """The owner's cards in text (left out where the card buttons show them) and their
        discards."""
        view = hand.view
        assert view is not None
        order = suit_order(_sorting_suit(view))
        fields = [
            (
                t("panel.your_cards", locale),
                hand_text(sort_cards(view.hand, _sorting_suit(view)), order, locale),
                False,
            )
        ]
        if view.discards:
            fields.append(
                (
                    t("panel.discarded", locale),
                    hand_text(sort_cards(view.discards, _sorting_suit(view)), order, locale),
                    False,
                )
            )
        return fields

    def panel_controls(self, hand: AllFoursHand, locale: str, draft: str | None) -> PanelControls:
        """One button per card, trumps first, a row per suit when there is room. Cards stay
        clickable (and readable) while the player waits and while they take another decision
        (stand or beg, discards...): that is when the hand is judged, and a disabled button is
        drawn faded (a click says the cards come after the decision). On their turn to play
        only the legal ones are. Discards are chosen together in a menu, then confirmed
        (RULES.md §3.4)."""
        view = hand.view
        assert view is not None
        trump = _sorting_suit(view)
        controls = PanelControls()
        discarding = any(isinstance(action, allfours.Discard) for action in hand.legal)
        playing = any(isinstance(action, allfours.Play) for action in hand.legal)
        encode = self.family.encode
        for card in sort_cards(view.hand, trump):
            code = encode(allfours.Play(card))
            enabled = not playing or code in hand.codes
            style = discord.ButtonStyle.secondary
            # Trumps are green once fixed, on their owner's turn: a waiting panel draws no
            # colour that fixing them would change (it is not edited for that).
            if card.suit == view.trump and hand.codes:
                style = discord.ButtonStyle.success if enabled else discord.ButtonStyle.secondary
            elif playing and enabled:
                style = discord.ButtonStyle.primary
            controls.cards.append(
                ButtonSpec(code, card_text(card), style, enabled, group=card.suit)
            )
        if discarding:
            self._discard_controls(controls, view, hand.legal, locale, draft)
        names = ACCEPT_REFUSE if is_round_of_acceptance(view.rules) else DECISIONS
        suit = trump or "s"  # the sorting suit already falls back to the kick's
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
        allowed = [c for c in sort_cards(view.hand, _sorting_suit(view)) if c in may]
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
        """What the panel shows besides the hand: the trumps or the kick, and while it is the
        owner's turn the score, the last trick and the trick on the table."""
        view = hand.view
        if view is None:
            return ()
        if not hand.codes:
            return (view.trump if view.kick is None else None, str(view.kick))
        trick = tuple(str(c) for c in view.trick)
        return (view.trump, str(view.kick), tuple(view.scores), view.tricks_played, trick)


def _sorting_suit(view: allfours.PlayerView) -> str | None:
    """The suit a hand is sorted by (its cards first): the trumps, or while they are not fixed
    the suit of the card turned up (the trumps unless the pack is run). It is the same before
    and after the trumps are fixed (they are the latest kick's suit), so fixing them reorders
    nothing in a waiting panel."""
    if view.trump is not None:
        return view.trump
    return view.kick.suit if view.kick is not None else None
