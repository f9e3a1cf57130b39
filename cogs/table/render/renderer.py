"""What a family draws for its tables (``TableRenderer``) and the small records it draws them
into: the table message, a panel's buttons and menus.

A family's renderer gets only what it may show: public messages are drawn from a
``PublicTable`` (the spectator's view: no hand is within reach of that code), a hand panel from
a ``HandView`` (that seat's own view and its decisions). Action codes come from the family's
``encode``, rule facts from the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

import discord

from bot.families import Family
from bot.i18n import t
from bot.picture.scene import Scene
from bot.service.model import HandView, PublicTable, Told
from cogs.table.words import team_label

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")

ROWS: Final = 5
PER_ROW: Final = 5
MAX_OPTIONS: Final = 25
"""Discord's limit of options in one select menu."""
COLOUR: Final = discord.Colour.dark_green()
PICTURE: Final = "table.png"
"""The file name of the table picture attached to a table message."""


def buttons_view() -> discord.ui.View:
    """A view that only carries dynamic items: every item is a ``DynamicItem`` found by its
    custom_id template, so discord.py need not keep the view. A finished view is never
    stored (nor given the 15-minute timeout task discord.py adds to ephemeral views), so
    thousands of panels and table messages cost no memory and no timers."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


@dataclass(frozen=True, slots=True)
class TableMessage:
    content: str
    embed: discord.Embed
    view: discord.ui.View | None


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button of a hand panel: an action code (or ``REFRESH``)."""

    code: str
    label: str
    style: discord.ButtonStyle
    enabled: bool
    group: str = ""
    """Cards of one group (a suit) share a row when there is room."""


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """One select of a hand panel: ``options`` are (value, label) pairs. An ``action`` select's
    values are action codes; a draft select's values prepare a decision in the panel."""

    placeholder: str
    options: tuple[tuple[str, str], ...]
    action: bool
    chosen: str | None = None
    """The value(s) shown as already picked (a draft the panel was drawn with; several are
    joined with dots)."""
    picks: int = 1
    """How many options are picked together (an English discard of several cards)."""


@dataclass(slots=True)
class PanelControls:
    """What a family puts in a hand panel: the owner's cards, the decisions, the selects."""

    cards: list[ButtonSpec] = field(default_factory=list)
    decisions: list[ButtonSpec] = field(default_factory=list)
    selects: list[SelectSpec] = field(default_factory=list)


REFRESH: Final = "refresh"
HINT: Final = "hint"


class TableRenderer(ABC, Generic[RulesT, StateT, ActionT, ViewT]):
    """How one family's tables and panels look (the rest is drawn by ``cogs.table.render``).

    Public messages get a ``PublicTable``: its view is the family's public view type, which
    has no hand. Panels get a ``HandView``: the owner's own view and decisions (``legal``,
    with their codes from ``family.encode``)."""

    family: Family[RulesT, StateT, ActionT, ViewT]

    @abstractmethod
    def options_lines(self, table: PublicTable[RulesT, Any], locale: str) -> list[str]:
        """The table's options, one short line each (lobby and rules)."""

    @abstractmethod
    def table_message(
        self,
        table: PublicTable[RulesT, Any],
        deadlines: dict[int, float],
        locale: str,
        *,
        deal: int | None = None,
        scene: Scene | None = None,
    ) -> TableMessage:
        """The public message of deal ``deal`` (default: the current one); a deal that is
        over shows its count, and the result when the game ended with it. With the table's
        picture (``scene``), the seats are the picture's; the text is the same with or
        without it, short enough for a phone: whose turn in the content, one line of standing
        facts (trumps, the score), the log's newest lines and the trick on the table."""

    @abstractmethod
    def game_over(self, table: PublicTable[RulesT, Any], locale: str) -> tuple[str, str]:
        """A finished game's headline (``Team A wins 14–11``) and its final scores."""

    @abstractmethod
    def scene(self, table: PublicTable[RulesT, Any], locale: str) -> Scene:
        """What the table picture shows, from the spectator's view only."""

    @abstractmethod
    def panel_fields(
        self, hand: HandView[RulesT, Any, ViewT], locale: str
    ) -> list[tuple[str, str, bool]]:
        """The fields of a seated player's panel: (name, value, inline). A field named
        ``panel.your_cards`` (the hand in text) is left out where the card buttons show the
        whole hand (``panel_message``)."""

    def panel_lines(self, hand: HandView[RulesT, Any, ViewT], locale: str) -> list[str]:
        """Lines under the panel's status line: the standing facts (trumps, the score...) in
        as few lines as a phone allows. None by default."""
        return []

    @abstractmethod
    def panel_controls(
        self, hand: HandView[RulesT, Any, ViewT], locale: str, draft: str | None
    ) -> PanelControls:
        """Card buttons (exactly the owner's hand), decisions and selects; ``draft`` is a
        choice made in a draft select, to draw the decisions it narrows down to."""

    @abstractmethod
    def your_turn(self, hand: HandView[RulesT, Any, ViewT], locale: str) -> str:
        """The panel's first line when its owner has something to decide."""

    @abstractmethod
    def waiting_for(self, table: PublicTable[RulesT, Any], locale: str) -> str:
        """What the expected actors are doing ("to stand or beg")."""

    @abstractmethod
    def tell(self, table: PublicTable[RulesT, Any], entry: Told, locale: str) -> str | None:
        """One event of the move log as a line (None: said by the shared story, or nothing
        to say); see ``cogs.table.render.story``."""

    def tells_standing(self, table: PublicTable[RulesT, Any], entry: Told) -> bool:
        """Whether the standing facts of the current deal say this event (the trumps once
        fixed, the contract and who made it): the table message's log and a panel's leave
        its line out while they do (a phone's height), a finished deal's story tells it."""
        return False

    @abstractmethod
    def rules_text(self, variant: str, locale: str) -> str:
        """The rules of a variant, in short (``/… rules``)."""

    def lobby_groups(
        self, table: PublicTable[RulesT, Any], locale: str
    ) -> list[tuple[str, list[int]]]:
        """The lobby's seat lists: one per fixed team, else one per seat."""
        teams = self.family.lobby_teams(table.rules)
        if teams is None:
            return [
                (t("seat.number", locale, number=seat + 1), [seat])
                for seat in range(self.family.players(table.rules))
            ]
        return [(team_label(team, locale), list(seats)) for team, seats in enumerate(teams)]

    def panel_signature(self, hand: HandView[RulesT, Any, ViewT]) -> tuple[Any, ...]:
        """What else a stored panel shows besides the generic parts (see ``panel_signature``)."""
        return ()

    def action_text(self, hand: HandView[RulesT, Any, ViewT], action: ActionT, locale: str) -> str:
        """How a hint names one of the panel's actions: the label of its button or menu
        option (families override it for actions the panel builds in several steps)."""
        code = self.family.encode(action)
        controls = self.panel_controls(hand, locale, None)
        for spec in (*controls.cards, *controls.decisions):
            if spec.code == code:
                return spec.label
        for select in controls.selects:
            for value, label in select.options:
                if value == code:
                    return label
        return code
