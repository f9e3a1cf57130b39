"""Every button and select of the game tables, as ``DynamicItem``s that survive restarts.

A custom_id starts with the two-letter prefix of its game family (``af`` All Fours, ``kq``
KQJ), so a click finds the family's cog through the registry of the ``Tables`` cog, and
carries what the click needs and nothing secret (at most 100 characters):

- ``<fam>:l:<game>:<op>``             lobby: ``j`` join, ``j0``..``j2`` join a team, ``x`` leave,
                                      ``c`` add computer, ``s`` start, ``q`` cancel, ``h1`` /
                                      ``h0`` hints on / off, ``r`` the rules
- ``<fam>:k:<game>``                  lobby: seat a computer (each option's value is a level)
- ``<fam>:h:<game>``                  "My hand" on the table message (and in a turn's direct
                                      message, and under ``/… tables``)
- ``<fam>:t``                         ``/… hand`` at several tables: which one (each option's
                                      value is a table's id)
- ``<fam>:r:<game>``                  refresh button of a hand panel
- ``<fam>:i:<game>:<version>``        "Hint" in a hand panel (unrated tables): what level
                                      ``hard`` would do, answered privately
- ``<fam>:p:<game>``                  "Play again" on a game-over message
- ``<fam>:a:<game>:<version>:<code>`` a decision in a hand panel; ``code`` is the engine's action
                                      code (``S``, ``P:Th``, ``B:130:h``...), only ever in the
                                      ephemeral panel of the card's owner
- ``<fam>:v:<game>:<version>:<n>``    a select of decisions (each option's value is a code)
- ``<fam>:d:<game>:<version>:<n>``    a select that prepares a decision in the panel (KQJ: the
                                      contract and range of a bid) without playing anything
- ``<fam>:b:<pool>:<scope>:<page>``   leaderboard pages (``scope``: ``g`` global, ``s`` server)
- ``<fam>:s:<family>:<user>:<page>``  stats pages
- ``<fam>:o:<family>:<user>:<scope>:<page>``  history pages (``scope``: ``g`` every server,
                                      ``s`` this one)
- ``<fam>:y:<game>:<stop>:<how>``     a finished game's replay at a stop: ``o`` opens it (a
                                      history page's Replay), ``p`` / ``n`` the stop before /
                                      after, ``f`` / ``l`` a deal back / on (several buttons
                                      may lead to one stop: ``how`` keeps their ids apart),
                                      ``h`` turns review hints off, ``H`` on; capitals keep
                                      them on while moving
- ``<fam>:z:<game>[:r]``              a replay's menu of deals (each option's value is a stop;
                                      ``:r``: review hints on)
- ``<fam>:g:<game>``                  a replay's "Download record"
- ``<fam>:e:<game>:<deal>``           a replay's "Share this hand": the deal, posted in the
                                      channel as an animated picture

discord.py swallows exceptions raised in a dynamic item's callback, so every item's callback
catches everything and always answers, ephemerally and in the user's language: refusals from
the service in their own words, anything unexpected as a short apology (the error itself goes
to ``client.on_error`` for the logs). discord.py also ignores a click whose custom_id is not
on the clicked message (a forged or outdated client): ``route`` lets the ``Tables`` cog answer
those itself, through the same handlers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.i18n import t
from cogs.table.clicks import Controller, answer, handle

MAX_CUSTOM_ID: Final = 100
_NEVER: Final = r"(?!)"
_FAM: Final = r"(?P<fam>[a-z]{2})"
_GAME: Final = r"(?P<game>[0-9]{1,18})"
_VERSION: Final = r"(?P<version>[0-9]{1,9})"
PAGER_BUTTONS: Final = 2
"""A page of a leaderboard or of a player's stats carries exactly two buttons: ◀ and ▶."""


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_NEVER):
    """Base of every button: parses nothing in ``from_custom_id`` (which must not raise) and
    answers every click whatever happens."""

    def __init__(
        self,
        custom_id: str,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        assert len(custom_id) <= MAX_CUSTOM_ID, custom_id
        super().__init__(
            discord.ui.Button(
                custom_id=custom_id, label=label, style=style, disabled=disabled, row=row
            )
        )
        self.match: re.Match[str] | None = None

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        if not isinstance(item, discord.ui.Button):
            # A button's id on a menu: forged. This must not raise (discord.py would leave
            # the click unanswered): an item without a match refuses the click instead.
            return cls(str(getattr(item, "custom_id", "")), label="")
        button = cls(
            item.custom_id or "", label=item.label or "", style=item.style, disabled=item.disabled
        )
        button.match = match
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.match is None:  # made from a component of the wrong kind
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        await handle(interaction, self.match, self.dispatch)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        """What a click does; every concrete item overrides this. An item kind with no
        handler still answers, so a click never ends in "This interaction failed"."""
        await answer(interaction, t("error.unavailable", interaction.locale.value))


class LobbyButton(GameButton, template=rf"{_FAM}:l:{_GAME}:(?P<op>j[0-9]?|x|c|s|q|h[01]|r)"):
    @classmethod
    def make(cls, prefix: str, game_id: int, op: str, **kwargs: Any) -> LobbyButton:
        return cls(f"{prefix}:l:{game_id}:{op}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_lobby(interaction, int(match["game"]), match["op"])


class HandButton(GameButton, template=rf"{_FAM}:h:{_GAME}"):
    @classmethod
    def make(cls, prefix: str, game_id: int, **kwargs: Any) -> HandButton:
        return cls(f"{prefix}:h:{game_id}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_hand(interaction, int(match["game"]), edit=False)


class PlayAgainButton(GameButton, template=rf"{_FAM}:p:{_GAME}"):
    """On a game-over message: a new lobby with the same seats and options."""

    @classmethod
    def make(cls, prefix: str, game_id: int, **kwargs: Any) -> PlayAgainButton:
        return cls(f"{prefix}:p:{game_id}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_play_again(interaction, int(match["game"]))


class RefreshButton(GameButton, template=rf"{_FAM}:r:{_GAME}"):
    @classmethod
    def make(cls, prefix: str, game_id: int, **kwargs: Any) -> RefreshButton:
        return cls(f"{prefix}:r:{game_id}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_hand(interaction, int(match["game"]), edit=True)


class HintButton(GameButton, template=rf"{_FAM}:i:{_GAME}:{_VERSION}"):
    """In a hand panel at an unrated table: what level ``hard`` would do, and why."""

    @classmethod
    def make(cls, prefix: str, game_id: int, version: int, **kwargs: Any) -> HintButton:
        return cls(f"{prefix}:i:{game_id}:{version}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_hint(interaction, int(match["game"]), int(match["version"]))


class ActionButton(
    GameButton, template=rf"{_FAM}:a:{_GAME}:{_VERSION}:(?P<code>[A-Za-z0-9:.]{{1,60}})"
):
    @classmethod
    def make(
        cls, prefix: str, game_id: int, version: int, code: str, **kwargs: Any
    ) -> ActionButton:
        return cls(f"{prefix}:a:{game_id}:{version}:{code}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_action(interaction, int(match["game"]), int(match["version"]), match["code"])


class BoardButton(
    GameButton,
    template=rf"{_FAM}:b:(?P<pool>[a-z0-9-]{{1,20}}):(?P<scope>[gs]):(?P<page>[0-9]{{1,6}})",
):
    @classmethod
    def make(cls, prefix: str, pool: str, scope: str, page: int, **kwargs: Any) -> BoardButton:
        return cls(f"{prefix}:b:{pool}:{scope}:{page}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_board(interaction, match["pool"], match["scope"], int(match["page"]))


class StatsButton(
    GameButton,
    template=rf"{_FAM}:s:(?P<family>[a-z]{{1,20}}):(?P<user>[0-9]{{1,20}}):(?P<page>[0-9]{{1,6}})",
):
    @classmethod
    def make(cls, prefix: str, family: str, user_id: int, page: int, **kwargs: Any) -> StatsButton:
        return cls(f"{prefix}:s:{family}:{user_id}:{page}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_stats(interaction, match["family"], int(match["user"]), int(match["page"]))


class HistoryButton(
    GameButton,
    template=(
        rf"{_FAM}:o:(?P<family>[a-z]{{1,20}}):(?P<user>[0-9]{{1,20}}):(?P<scope>[gs])"
        r":(?P<page>[0-9]{1,6})"
    ),
):
    @classmethod
    def make(
        cls, prefix: str, family: str, user_id: int, scope: str, page: int, **kwargs: Any
    ) -> HistoryButton:
        return cls(f"{prefix}:o:{family}:{user_id}:{scope}:{page}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_history(
            interaction, match["family"], int(match["user"]), match["scope"], int(match["page"])
        )


class ReplayButton(
    GameButton, template=rf"{_FAM}:y:{_GAME}:(?P<stop>[0-9]{{1,6}}):(?P<how>[opnflhOPNFLH])"
):
    """Opens a finished game's replay at a stop, or moves it there (``how`` in capitals:
    with review hints)."""

    @classmethod
    def make(cls, prefix: str, game_id: int, stop: int, how: str, **kwargs: Any) -> ReplayButton:
        return cls(f"{prefix}:y:{game_id}:{stop}:{how}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_replay(
            interaction, int(match["game"]), int(match["stop"]), match["how"].isupper()
        )


class ShareButton(GameButton, template=rf"{_FAM}:e:{_GAME}:(?P<deal>[0-9]{{1,6}})"):
    """A replay's "Share this hand": the deal as an animated picture, posted in the channel."""

    @classmethod
    def make(cls, prefix: str, game_id: int, deal: int, **kwargs: Any) -> ShareButton:
        return cls(f"{prefix}:e:{game_id}:{deal}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_share(interaction, int(match["game"]), int(match["deal"]))


class RecordButton(GameButton, template=rf"{_FAM}:g:{_GAME}"):
    """A replay's "Download record": the game's record as a text file."""

    @classmethod
    def make(cls, prefix: str, game_id: int, **kwargs: Any) -> RecordButton:
        return cls(f"{prefix}:g:{game_id}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_record(interaction, int(match["game"]))


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_NEVER):
    """Base of every select: each option's value completes what the custom_id starts."""

    def __init__(
        self,
        custom_id: str,
        *,
        options: Sequence[discord.SelectOption],
        placeholder: str,
        row: int | None = None,
    ) -> None:
        assert len(custom_id) <= MAX_CUSTOM_ID, custom_id
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id, options=list(options), placeholder=placeholder, row=row
            )
        )
        self.match: re.Match[str] | None = None

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameSelect:
        if not isinstance(item, discord.ui.Select):
            # A menu's id on a button: forged (see GameButton.from_custom_id).
            return cls(str(getattr(item, "custom_id", "")), options=[], placeholder="")
        select = cls(item.custom_id or "", options=item.options, placeholder=item.placeholder or "")
        select.item.min_values, select.item.max_values = item.min_values, item.max_values
        select.match = match
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.match is None:  # made from a component of the wrong kind
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        await handle(interaction, self.match, self.dispatch)

    @staticmethod
    def chosen(interaction: discord.Interaction) -> str:
        """The value(s) the user picked, joined with dots ('' if a forged interaction carries
        none)."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        return ".".join(str(value) for value in values)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await answer(interaction, t("error.unavailable", interaction.locale.value))


class ActionSelect(GameSelect, template=rf"{_FAM}:v:{_GAME}:{_VERSION}:(?P<n>[0-9])"):
    """A choice among many decisions (KQJ bids): each option's value is an action code."""

    @classmethod
    def make(cls, prefix: str, game_id: int, version: int, n: int, **kwargs: Any) -> ActionSelect:
        return cls(f"{prefix}:v:{game_id}:{version}:{n}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        code = GameSelect.chosen(interaction)
        await cog.on_action(interaction, int(match["game"]), int(match["version"]), code)


class LobbySelect(GameSelect, template=rf"{_FAM}:k:{_GAME}"):
    """The lobby's "seat a computer" menu: each option's value is a computer level."""

    @classmethod
    def make(cls, prefix: str, game_id: int, **kwargs: Any) -> LobbySelect:
        return cls(f"{prefix}:k:{game_id}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        level = GameSelect.chosen(interaction)
        await cog.on_lobby(interaction, int(match["game"]), f"c:{level}")


class DraftSelect(GameSelect, template=rf"{_FAM}:d:{_GAME}:{_VERSION}:(?P<n>[0-9])"):
    """Prepares a decision inside the panel (nothing is played): the panel is drawn again with
    the choice, offering the decisions it narrows down to."""

    @classmethod
    def make(cls, prefix: str, game_id: int, version: int, n: int, **kwargs: Any) -> DraftSelect:
        return cls(f"{prefix}:d:{game_id}:{version}:{n}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        draft = GameSelect.chosen(interaction)
        await cog.on_draft(interaction, int(match["game"]), int(match["version"]), draft)


class ReplaySelect(GameSelect, template=rf"{_FAM}:z:{_GAME}(?P<review>:r)?"):
    """A replay's menu of deals: each option's value is the stop where a deal starts
    (``:r``: with review hints)."""

    @classmethod
    def make(cls, prefix: str, game_id: int, review: bool = False, **kwargs: Any) -> ReplaySelect:
        return cls(f"{prefix}:z:{game_id}{':r' if review else ''}", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        chosen = GameSelect.chosen(interaction)
        if not chosen.isdigit():  # a forged menu: nothing chosen, or not a stop
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        await cog.on_replay(interaction, int(match["game"]), int(chosen), bool(match["review"]))


class TablePickSelect(GameSelect, template=rf"{_FAM}:t"):
    """``/… hand`` for a player at several tables: each option's value is a game id, and
    choosing one opens that table's hand panel."""

    @classmethod
    def make(cls, prefix: str, **kwargs: Any) -> TablePickSelect:
        return cls(f"{prefix}:t", **kwargs)

    @staticmethod
    async def dispatch(
        cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        chosen = GameSelect.chosen(interaction)
        if not chosen.isdigit():  # forged
            await answer(interaction, t("error.unknown_button", interaction.locale.value))
            return
        await cog.on_hand(interaction, int(chosen), edit=False)


ITEMS: Final = (
    LobbyButton,
    HandButton,
    RefreshButton,
    HintButton,
    PlayAgainButton,
    ActionButton,
    BoardButton,
    StatsButton,
    HistoryButton,
    ReplayButton,
    RecordButton,
    ShareButton,
    ActionSelect,
    DraftSelect,
    LobbySelect,
    ReplaySelect,
    TablePickSelect,
)


PANEL_ITEMS: Final = frozenset({ActionButton, ActionSelect, DraftSelect, HintButton, RefreshButton})
"""The items a hand panel carries (and nothing else does)."""

REPLAY_ITEMS: Final = frozenset({ReplayButton, ReplaySelect, RecordButton, ShareButton})
"""The items a replay carries: all of them name its game."""


def route(custom_id: str) -> tuple[type[GameButton] | type[GameSelect], re.Match[str]] | None:
    """The item kind a custom_id belongs to and what it says, or None if no item reads it."""
    for item in ITEMS:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            return item, match
    return None
