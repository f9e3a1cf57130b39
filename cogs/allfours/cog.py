"""The ``/allfours`` commands and the handlers of every All Fours button.

Thin by design (DESIGN.md): parse, check the bot's channel permissions, call the service,
draw the answer with ``render``. Every refusal of the service arrives as a ``ServiceError``
whose key and parameters are translated for the user who clicked.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice, Range
from discord.ext import commands

from bot.families import ALL_FOURS, FAMILIES
from bot.i18n import t
from bot.models import GLOBAL, Status
from bot.ratings import MIN_GAMES
from bot.service import GameService, Panel, ServiceError, Snapshot
from bot.translator import T
from cogs.allfours import render
from cogs.allfours.components import COG_NAME, ITEMS, answer, is_ours
from cogs.allfours.presenter import TablePresenter

if TYPE_CHECKING:
    from bot.app import AllFoursBot

log = logging.getLogger(__name__)

BOARD_PAGE: Final = 10
STATS_PAGE: Final = 5
# Keys a hand panel answers by showing itself again, with the reason on top.
PANEL_NOTICES: Final = frozenset({"act.stale", "act.not_your_turn", "act.illegal"})


def required_permissions(channel: object) -> tuple[str, ...]:
    """What the bot needs where a table is played: see it, post the table, embed it."""
    send = "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"
    return ("view_channel", send, "embed_links")


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    perms = interaction.app_permissions
    return [name for name in required_permissions(interaction.channel) if not getattr(perms, name)]


def locale_of(interaction: discord.Interaction) -> str:
    return interaction.locale.value


class AllFoursCog(commands.Cog, name=COG_NAME):
    allfours = app_commands.Group(name="allfours", description=T("cmd.group"), guild_only=True)

    def __init__(self, bot: AllFoursBot) -> None:
        self.bot = bot
        self.presenter = TablePresenter(bot)

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS)
        self.service.presenter = self.presenter

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        if self.service.presenter is self.presenter:
            self.service.presenter = None
        await self.presenter.close()

    def answering(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Around every click: answers go before table drawing (see the presenter)."""
        return self.presenter.answering()

    # --- helpers -----------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def replying(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Turn a service refusal into a private answer in the user's language."""
        try:
            yield
        except ServiceError as exc:
            await answer(interaction, t(exc.key, locale_of(interaction), **exc.params))

    async def check_permissions(self, interaction: discord.Interaction) -> bool:
        missing = missing_permissions(interaction)
        if not missing:
            return True
        locale = locale_of(interaction)
        names = ", ".join(t(f"perm.{name}", locale) for name in missing)
        await answer(interaction, t("error.permissions", locale, permissions=names))
        return False

    async def send_panel(
        self, interaction: discord.Interaction, panel: Panel, *, edit: bool
    ) -> None:
        locale = locale_of(interaction)
        embed, view = render.panel_message(
            panel, locale, deadline=self.presenter.panel_deadline(panel)
        )
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        self.presenter.register_panel(
            panel.snapshot.id, interaction.user.id, interaction, panel, locale
        )

    async def table_for(self, interaction: discord.Interaction) -> Snapshot:
        """The table in this channel, else the user's table in this server."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        snap = await self.service.table_in_channel(interaction.channel_id)
        if snap is None:
            snap = await self.service.table_of_user(interaction.guild_id, interaction.user.id)
        if snap is None:
            raise ServiceError("table.none_here")
        return snap

    # --- commands ----------------------------------------------------------------------------

    @allfours.command(name="start", description=T("cmd.start"))
    @app_commands.describe(
        variant=T("cmd.start.variant"),
        players=T("cmd.start.players"),
        partnerships=T("cmd.start.partnerships"),
        target=T("cmd.start.target"),
        timer=T("cmd.start.timer"),
        kicks=T("cmd.start.kicks"),
        low=T("cmd.start.low"),
        gift=T("cmd.start.gift"),
        game_tie=T("cmd.start.game_tie"),
        undertrump=T("cmd.start.undertrump"),
        take_one_to_win=T("cmd.start.take_one_to_win"),
    )
    @app_commands.choices(
        variant=[Choice(name=T(f"variant.{v}"), value=v) for v in ALL_FOURS.variants],
        kicks=[
            Choice(name=T("choice.kicks.trinidad"), value="trinidad"),
            Choice(name=T("choice.kicks.tobago"), value="tobago"),
        ],
        low=[
            Choice(name=T("choice.low.held"), value="held"),
            Choice(name=T("choice.low.captured"), value="captured"),
        ],
        game_tie=[
            Choice(name=T("choice.game_tie.none"), value="none"),
            Choice(name=T("choice.game_tie.non_dealer"), value="non_dealer"),
        ],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        variant: str,
        players: Range[int, 2, 4] | None = None,
        partnerships: bool | None = None,
        target: Range[int, 1, 99] | None = None,
        timer: Range[int, 10, 3600] | None = None,
        kicks: str | None = None,
        low: str | None = None,
        gift: bool | None = None,
        game_tie: str | None = None,
        undertrump: bool | None = None,
        take_one_to_win: bool | None = None,
    ) -> None:
        if not await self.check_permissions(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        async with self.replying(interaction):
            snap = await self.service.open_lobby(
                family_name=ALL_FOURS.name,
                variant=variant,
                options={
                    "players": players,
                    "partnerships": partnerships,
                    "target": target,
                    "kicks": kicks,
                    "low": low,
                    "gift": gift,
                    "game_tie": game_tie,
                    "undertrump": undertrump,
                    "take_one_to_win": take_one_to_win,
                },
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                turn_seconds=timer,
                locale=(interaction.guild_locale or interaction.locale).value,
            )
            locale = snap.record.locale
            embed = render.lobby_embed(snap, locale)
            view = render.lobby_view(snap, locale)
            await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
            message = await interaction.original_response()
            self.presenter.note_rendered(message.id, "", embed, view)
            await self.service.set_message(snap.id, message.id, None)

    @allfours.command(name="hand", description=T("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        async with self.replying(interaction):
            snap = await self.table_for(interaction)
            await self.on_hand(interaction, snap.id, edit=False)

    @allfours.command(name="leave", description=T("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        async with self.replying(interaction):
            snap = await self.service.leave(interaction.guild_id, interaction.user.id)
            key = "leave.lobby" if snap.status is Status.LOBBY else "leave.game"
            await answer(
                interaction, t(key, locale_of(interaction), channel_id=snap.record.channel_id)
            )

    @allfours.command(name="end", description=T("cmd.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with self.replying(interaction):
            assert interaction.channel_id is not None
            snap = await self.service.table_in_channel(interaction.channel_id)
            if snap is None:
                raise ServiceError("table.none_in_channel")
            can_manage = interaction.permissions.manage_guild
            await self.service.end(snap.id, interaction.user.id, can_manage=can_manage)
            await answer(interaction, t("end.done", locale_of(interaction), game=snap.id))

    @allfours.command(name="rules", description=T("cmd.rules"))
    @app_commands.describe(variant=T("cmd.rules.variant"))
    @app_commands.choices(
        variant=[Choice(name=T(f"variant.{v}"), value=v) for v in ALL_FOURS.variants]
    )
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        if variant is None:
            here = (
                await self.service.table_in_channel(interaction.channel_id)
                if interaction.channel_id is not None
                else None
            )
            variant = here.record.variant if here is not None else ALL_FOURS.variants[0]
        embed = render.rules_embed(variant, locale_of(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @allfours.command(name="leaderboard", description=T("cmd.leaderboard"))
    @app_commands.describe(family=T("cmd.leaderboard.family"), scope=T("cmd.leaderboard.scope"))
    @app_commands.choices(
        family=[Choice(name=T(f"family.{name}"), value=name) for name in FAMILIES],
        scope=[
            Choice(name=T("board.scope.server"), value="s"),
            Choice(name=T("board.scope.global"), value="g"),
        ],
    )
    async def leaderboard(
        self, interaction: discord.Interaction, family: str = ALL_FOURS.name, scope: str = "s"
    ) -> None:
        embed, view = await self.board_page(interaction, family, scope, 0)
        await interaction.response.send_message(embed=embed, view=view)

    @allfours.command(name="stats", description=T("cmd.stats"))
    @app_commands.describe(user=T("cmd.stats.user"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        embed, view = await self.stats_page(interaction, ALL_FOURS.name, target.id, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @allfours.command(name="settings", description=T("cmd.settings"))
    @app_commands.describe(timer=T("cmd.settings.timer"))
    async def settings(self, interaction: discord.Interaction, timer: Range[int, 0, 3600]) -> None:
        assert interaction.guild_id is not None
        async with self.replying(interaction):
            if not interaction.permissions.manage_guild:
                raise ServiceError("settings.not_allowed")
            await self.service.set_default_turn_seconds(interaction.guild_id, timer or None)
            key = "settings.timer_set" if timer else "settings.timer_off"
            await answer(interaction, t(key, locale_of(interaction), seconds=timer))

    # --- pages -------------------------------------------------------------------------------

    async def board_page(
        self, interaction: discord.Interaction, family: str, scope: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        pool = GLOBAL if scope == "g" or interaction.guild_id is None else interaction.guild_id
        rows, total = await self.service.storage.leaderboard(
            family, pool, min_games=MIN_GAMES, limit=BOARD_PAGE, offset=page * BOARD_PAGE
        )
        pages = max(1, -(-total // BOARD_PAGE))
        return render.board_message(
            rows,
            family=family,
            scope="g" if pool == GLOBAL else "s",
            page=page,
            pages=pages,
            offset=page * BOARD_PAGE,
            min_games=MIN_GAMES,
            locale=locale_of(interaction),
        )

    async def stats_page(
        self, interaction: discord.Interaction, family: str, user_id: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        storage = self.service.storage
        global_row = await storage.rating(family, GLOBAL, user_id)
        server_row = (
            await storage.rating(family, interaction.guild_id, user_id)
            if interaction.guild_id is not None
            else None
        )
        matches, total = await storage.player_matches(
            family, user_id, limit=STATS_PAGE, offset=page * STATS_PAGE
        )
        return render.stats_message(
            user_id=user_id,
            family=family,
            global_row=global_row,
            server_row=server_row,
            global_rank=await storage.rank_of(global_row, min_games=MIN_GAMES)
            if global_row
            else None,
            server_rank=await storage.rank_of(server_row, min_games=MIN_GAMES)
            if server_row
            else None,
            matches=matches,
            page=page,
            pages=max(1, -(-total // STATS_PAGE)),
            min_games=MIN_GAMES,
            locale=locale_of(interaction),
        )

    # --- buttons (called by cogs.allfours.components) ----------------------------------------

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        if not await self.check_permissions(interaction):
            return
        user = interaction.user
        if op.startswith("j"):
            side = int(op[1:]) if len(op) > 1 else None
            await self.service.join(game_id, user.id, user.display_name, side)
        elif op == "x":
            await self.service.leave_lobby(game_id, user.id)
        elif op == "c":
            await self.service.add_computer(game_id, user.id)
        elif op == "s":
            await self.service.start(game_id, user.id)
        else:
            await self.service.cancel(game_id, user.id)
        snap = await self.service.snapshot(game_id)
        embed = render.lobby_embed(snap, snap.record.locale)
        view = render.lobby_view(snap, snap.record.locale)
        message = interaction.message
        lobby_id, _ = await self.service.message_of(game_id)
        if message is not None and message.id == lobby_id:
            await interaction.response.edit_message(embed=embed, view=view)
            self.presenter.note_rendered(message.id, "", embed, view)
        else:
            await answer(interaction, t("lobby.updated", locale_of(interaction)))

    async def on_hand(self, interaction: discord.Interaction, game_id: int, edit: bool) -> None:
        """ "My hand", ``/allfours hand`` and the panel's refresh button."""
        panel = await self.service.panel(game_id, interaction.user.id)
        locale = locale_of(interaction)
        snap = panel.snapshot
        if snap.status is Status.LOBBY:
            raise ServiceError("act.not_started")
        if not snap.status.is_open:
            raise ServiceError("act.table_closed")
        if panel.seat is None and not panel.handed_over:
            await answer(interaction, t("panel.spectator_reply", locale))
            return
        in_panel = interaction.message is not None and interaction.message.flags.ephemeral
        await self.send_panel(interaction, panel, edit=edit and in_panel)

    async def on_action(
        self, interaction: discord.Interaction, game_id: int, version: int, code: str
    ) -> None:
        if not await self.check_permissions(interaction):
            return
        user_id = interaction.user.id
        notice = None
        try:
            await self.service.act(game_id, user_id, code, version)
        except ServiceError as exc:
            if exc.key not in PANEL_NOTICES:
                raise
            notice = t(exc.key, locale_of(interaction), **exc.params)
        panel = await self.service.panel(game_id, user_id)
        in_panel = interaction.message is not None and interaction.message.flags.ephemeral
        if not in_panel:  # only a hand panel may show a hand: never draw one anywhere else
            await answer(interaction, notice or t("act.done", locale_of(interaction)))
            return
        locale = locale_of(interaction)
        embed, view = render.panel_message(
            panel, locale, deadline=self.presenter.panel_deadline(panel), notice=notice
        )
        await interaction.response.edit_message(embed=embed, view=view)
        self.presenter.register_panel(game_id, user_id, interaction, panel, locale)

    async def on_board(
        self, interaction: discord.Interaction, family: str, scope: str, page: int
    ) -> None:
        if family not in FAMILIES:
            raise ServiceError("board.unknown_family")
        embed, view = await self.board_page(interaction, family, scope, page)
        await interaction.response.edit_message(embed=embed, view=view)

    async def on_stats(
        self, interaction: discord.Interaction, family: str, user_id: int, page: int
    ) -> None:
        if family not in FAMILIES:
            raise ServiceError("board.unknown_family")
        embed, view = await self.stats_page(interaction, family, user_id, page)
        await interaction.response.edit_message(embed=embed, view=view)

    # --- clicks no button claims -------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component click whose custom_id none of our buttons knows still gets an answer."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if is_ours(custom_id):
            return
        await answer(interaction, t("error.unknown_button", locale_of(interaction)))
