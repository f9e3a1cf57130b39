"""Every button of the All Fours tables, as ``DynamicItem``s that survive restarts.

A custom_id carries what the click needs and nothing secret (at most 100 characters):

- ``af:l:<game>:<op>``            lobby: ``j`` join, ``j0``/``j1`` join a team, ``x`` leave,
                                  ``c`` add computer, ``s`` start, ``q`` cancel
- ``af:h:<game>``                 "My hand" on the table message
- ``af:r:<game>``                 refresh button of a hand panel
- ``af:a:<game>:<version>:<code>`` a decision in a hand panel; ``code`` is the engine's action
                                  code (``S``, ``B``, ``T``, ``R``, ``P:Th``, ``D:2c``), only ever
                                  in the ephemeral panel of the card's owner
- ``af:b:<family>:<scope>:<page>`` leaderboard pages (``scope``: ``g`` global, ``s`` server)
- ``af:s:<family>:<user>:<page>``  stats pages

discord.py swallows exceptions raised in a dynamic item's callback, so ``GameButton.callback``
catches everything and always answers, ephemerally and in the user's language: refusals from
the service in their own words, anything unexpected as a short apology (the error itself goes
to ``client.on_error`` for the logs).
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any, Final, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import t
from bot.service import ServiceError

log = logging.getLogger(__name__)

COG_NAME: Final = "AllFours"
MAX_CUSTOM_ID: Final = 100
_NEVER: Final = r"(?!)"


@runtime_checkable
class Controller(Protocol):
    """The cog methods the buttons call (implemented by ``AllFoursCog``)."""

    def answering(self) -> contextlib.AbstractAsyncContextManager[None]: ...

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...
    async def on_hand(self, interaction: discord.Interaction, game_id: int, edit: bool) -> None: ...
    async def on_action(
        self, interaction: discord.Interaction, game_id: int, version: int, code: str
    ) -> None: ...
    async def on_board(
        self, interaction: discord.Interaction, family: str, scope: str, page: int
    ) -> None: ...
    async def on_stats(
        self, interaction: discord.Interaction, family: str, user_id: int, page: int
    ) -> None: ...


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the clicker something privately, whether or not the interaction was answered."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # expired or already answered elsewhere
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


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
        assert isinstance(item, discord.ui.Button)
        button = cls(
            item.custom_id or "", label=item.label or "", style=item.style, disabled=item.disabled
        )
        button.match = match
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = interaction.locale.value
        try:
            client = interaction.client
            bots = (commands.Bot, commands.AutoShardedBot)
            cog = client.get_cog(COG_NAME) if isinstance(client, bots) else None
            if not isinstance(cog, Controller) or self.match is None:
                await answer(interaction, t("error.unavailable", locale))
                return
            async with cog.answering():
                await self.dispatch(cog, self.match, interaction)
        except ServiceError as exc:
            await answer(interaction, t(exc.key, locale, **exc.params))
        except Exception:
            await answer(interaction, t("error.unexpected", locale))
            await interaction.client.on_error("dynamic_item", interaction)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        """What a click does; every concrete button overrides this. A button kind with no
        handler still answers, so a click never ends in "This interaction failed"."""
        await answer(interaction, t("error.unavailable", interaction.locale.value))


class LobbyButton(GameButton, template=r"af:l:(?P<game>[0-9]{1,18}):(?P<op>j[01]?|x|c|s|q)"):
    @classmethod
    def make(cls, game_id: int, op: str, **kwargs: Any) -> LobbyButton:
        return cls(f"af:l:{game_id}:{op}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_lobby(interaction, int(match["game"]), match["op"])


class HandButton(GameButton, template=r"af:h:(?P<game>[0-9]{1,18})"):
    @classmethod
    def make(cls, game_id: int, **kwargs: Any) -> HandButton:
        return cls(f"af:h:{game_id}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_hand(interaction, int(match["game"]), edit=False)


class RefreshButton(GameButton, template=r"af:r:(?P<game>[0-9]{1,18})"):
    @classmethod
    def make(cls, game_id: int, **kwargs: Any) -> RefreshButton:
        return cls(f"af:r:{game_id}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_hand(interaction, int(match["game"]), edit=True)


class ActionButton(
    GameButton,
    template=r"af:a:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<code>[A-Za-z0-9:.]{1,60})",
):
    @classmethod
    def make(cls, game_id: int, version: int, code: str, **kwargs: Any) -> ActionButton:
        return cls(f"af:a:{game_id}:{version}:{code}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_action(interaction, int(match["game"]), int(match["version"]), match["code"])


class BoardButton(
    GameButton, template=r"af:b:(?P<family>[a-z]{1,20}):(?P<scope>[gs]):(?P<page>[0-9]{1,6})"
):
    @classmethod
    def make(cls, family: str, scope: str, page: int, **kwargs: Any) -> BoardButton:
        return cls(f"af:b:{family}:{scope}:{page}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_board(interaction, match["family"], match["scope"], int(match["page"]))


class StatsButton(
    GameButton,
    template=r"af:s:(?P<family>[a-z]{1,20}):(?P<user>[0-9]{1,20}):(?P<page>[0-9]{1,6})",
):
    @classmethod
    def make(cls, family: str, user_id: int, page: int, **kwargs: Any) -> StatsButton:
        return cls(f"af:s:{family}:{user_id}:{page}", **kwargs)

    async def dispatch(
        self, cog: Controller, match: re.Match[str], interaction: discord.Interaction
    ) -> None:
        await cog.on_stats(interaction, match["family"], int(match["user"]), int(match["page"]))


ITEMS: Final = (LobbyButton, HandButton, RefreshButton, ActionButton, BoardButton, StatsButton)


def is_ours(custom_id: str) -> bool:
    """Whether a custom_id is one the registered buttons handle."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in ITEMS)
