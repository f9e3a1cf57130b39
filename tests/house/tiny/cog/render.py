"""What Tiny Tricks' tables and panels look like, on the shared renderer."""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.i18n import t
from bot.models import Status
from bot.notation import card_text
from bot.picture.scene import Scene
from bot.service.model import HandView, PublicTable, Told
from cogs.table.render import TableRenderer
from cogs.table.render.renderer import COLOUR, ButtonSpec, PanelControls, TableMessage
from cogs.table.render.story import add_story_field
from cogs.table.render.table import (
    add_seat_fields,
    deadline_text,
    hand_text,
    picture_embed,
    seat_names,
    table_buttons,
)
from cogs.table.words import seat_label
from engine.core import Play
from tests.house.tiny import engine
from tests.house.tiny.engine import Rules, State, View
from tests.house.tiny.family import FAMILY
from tests.house.tiny.family.picture import scene_of

TinyTable = PublicTable[Rules, Any]
TinyHand = HandView[Rules, Any, View]


def _plays(table: TinyTable, plays: tuple[tuple[int, Any], ...], locale: str) -> str:
    return ", ".join(f"{seat_label(table, s, locale)} {card_text(c)}" for s, c in plays)


def _scores(table: TinyTable, view: Any, locale: str) -> str:
    return " · ".join(
        f"{seat_label(table, seat, locale)} {score}" for seat, score in enumerate(view.scores)
    )


class TinyRenderer(TableRenderer[Rules, State, Play, View]):
    family = FAMILY

    def options_lines(self, table: TinyTable, locale: str) -> list[str]:
        return [t("tiny.options", locale, target=table.rules.target)]

    def rules_text(self, variant: str, locale: str) -> str:
        return t("rules.tiny", locale)

    def tell(self, table: TinyTable, entry: Told, locale: str) -> str | None:
        """The deals and the end; cards and tricks are said by the shared story."""
        event = entry.event
        if isinstance(event, engine.Dealt):
            dealer = seat_label(table, event.dealer, locale)
            return t("tiny.log.dealt", locale, deal=event.deal, dealer=dealer)
        if isinstance(event, engine.GameWon):
            return t("tiny.log.won", locale, player=seat_label(table, event.seat, locale))
        return None

    def waiting_for(self, table: TinyTable, locale: str) -> str:
        return t("tiny.turn", locale)

    def table_message(
        self,
        table: TinyTable,
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
        scene: Scene | None = None,
    ) -> TableMessage:
        view = table.view
        assert view is not None
        embed = discord.Embed(title=t("tiny.title", locale, deal=deal or view.deal), colour=COLOUR)
        current = deal is None or deal == view.deal
        actors = table.actors if current and table.record.status is Status.PLAYING else ()
        groups = [(seat_label(table, s, locale), [s]) for s in range(engine.PLAYERS)]
        add_seat_fields(embed, table, groups, locale, dealer=view.dealer, actors=actors)
        lines = [
            t("tiny.trick", locale, cards=_plays(table, view.trick, locale))
            if view.trick
            else t("tiny.trick_empty", locale)
        ]
        if view.last_trick:
            winner = seat_label(table, engine.trick_taker(view.last_trick), locale)
            lines.append(
                t(
                    "tiny.last_trick",
                    locale,
                    player=winner,
                    cards=_plays(table, view.last_trick, locale),
                )
            )
        embed.description = "\n".join(lines)
        add_story_field(embed, table, self, locale)
        turn = ""
        if actors:  # whose turn, once: the message's first line, which pings them
            waiting = ", ".join(seat_label(table, s, locale) for s in actors)
            turn = t("table.turn", locale, players=waiting, what=self.waiting_for(table, locale))
            timers = sorted(deadlines[s] for s in actors if s in deadlines)
            if timers:
                turn += " " + deadline_text(timers[0], locale)
        embed.add_field(
            name=t("tiny.scores", locale, target=table.rules.target),
            value=_scores(table, view, locale),
            inline=False,
        )
        embed.set_footer(text=t("table.footer", locale, game=table.record.id))
        if scene is not None:
            picture_embed(embed, scene)
        return TableMessage(
            content=turn,
            embed=embed,
            view=table_buttons(table, self.family.prefix, locale) if actors else None,
        )

    def game_over(self, table: TinyTable, locale: str) -> tuple[str, str]:
        assert table.view is not None and table.result is not None
        (winner,) = table.result.winners
        headline = t(
            "over.wins",
            locale,
            side=seat_label(table, winner, locale),
            score=table.view.scores[winner],
        )
        return headline, _scores(table, table.view, locale)

    def scene(self, table: TinyTable, locale: str) -> Scene:
        assert table.view is not None
        return scene_of(table.view, seat_names(table, locale), locale)

    def panel_fields(self, hand: TinyHand, locale: str) -> list[tuple[str, str, bool]]:
        view = hand.view
        assert view is not None
        return [(t("panel.your_cards", locale), hand_text(view.hand, engine.SUITS, locale), False)]

    def panel_controls(self, hand: TinyHand, locale: str, draft: str | None) -> PanelControls:
        view = hand.view
        assert view is not None
        controls = PanelControls()
        for card in view.hand:
            code = self.family.encode(Play(card))
            playable = code in hand.codes
            style = discord.ButtonStyle.primary if playable else discord.ButtonStyle.secondary
            controls.cards.append(
                ButtonSpec(code, card_text(card), style, enabled=playable, group=card.suit)
            )
        return controls

    def your_turn(self, hand: TinyHand, locale: str) -> str:
        return t("tiny.your_turn", locale)


RENDERER: Final = TinyRenderer()
