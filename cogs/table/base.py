"""The shared table cog: every game's command group and click handlers, written once.

A family's cog subclasses ``TableCog`` with its group name (``/allfours``, ``/kqj``), its
renderer, and the commands whose options are its own (``start``, ``rules``,
``leaderboard``); ``hand``, ``leave``, ``end``, ``stats`` and ``settings`` and every button
handler live here (``history`` and ``replay`` in ``cogs.table.history``). Thin by design
(DESIGN.md): parse, check the bot's channel permissions, call the service, draw the answer
with the renderer. Every refusal of the service arrives as a
``ServiceError`` whose key and parameters are translated for the user who clicked.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.models import Status
from bot.service import GameService, Panel, ServiceError
from bot.service.model import AnySnapshot, IllegalMoveError
from bot.translator import T
from cogs.table import render
from cogs.table.checks import can_attach, locale_of, missing_permissions
from cogs.table.clicks import TABLES_COG, answer
from cogs.table.history import HistoryHandlers
from cogs.table.hub import TableHub
from cogs.table.messages import is_on_message, is_panel_of
from cogs.table.options import SCOPES, pace_seconds
from cogs.table.pages import PageHandlers
from cogs.table.render import TableRenderer, turns
from cogs.table.settings import SettingsHandler
from cogs.table.words import refusal

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

# Keys a hand panel answers by showing itself again, with the reason on top (so does a card
# refused for a duty of play, IllegalMoveError).
PANEL_NOTICES: Final = frozenset(
    {"act.stale", "act.not_your_turn", "act.illegal", "act.card_later"}
)


class TableCog(SettingsHandler, PageHandlers, HistoryHandlers, commands.GroupCog):
    """The commands and click handlers every game family shares."""

    renderer: ClassVar[TableRenderer[Any, Any, Any, Any]]

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    @property
    def tables(self) -> TableHub:
        cog = self.bot.get_cog(TABLES_COG)
        assert isinstance(cog, TableHub), "load cogs.table before the game extensions"
        return cog

    async def cog_load(self) -> None:
        self.tables.register(self)

    async def cog_unload(self) -> None:
        cog = self.bot.get_cog(TABLES_COG)
        if isinstance(cog, TableHub):
            cog.unregister(self)

    # --- helpers -----------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def replying(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Turn a service refusal into a private answer in the user's language."""
        try:
            yield
        except ServiceError as exc:
            await answer(interaction, refusal(exc, locale_of(interaction)))

    async def check_permissions(self, interaction: discord.Interaction) -> bool:
        """Whether the bot may post in the channel clicked in (told to the user if not). A
        click in a direct message (a hand opened from a turn's message) posts nothing there:
        the table's own channel was checked when it started."""
        if interaction.guild_id is None:
            return True
        missing = missing_permissions(interaction)
        if not missing:
            return True
        locale = locale_of(interaction)
        names = ", ".join(t(f"perm.{name}", locale) for name in missing)
        await answer(interaction, t("error.permissions", locale, permissions=names))
        return False

    def panel_message(
        self,
        panel: Panel,
        locale: str,
        *,
        notice: str | None = None,
        draft: str | None = None,
    ) -> tuple[discord.Embed, discord.ui.View]:
        return render.panel_message(
            panel,
            self.renderer,
            locale,
            deadline=self.tables.presenter.panels.deadline(panel),
            notice=notice,
            draft=draft,
        )

    async def send_panel(
        self,
        interaction: discord.Interaction,
        panel: Panel,
        *,
        edit: bool,
        notice: str | None = None,
        draft: str | None = None,
    ) -> None:
        locale = locale_of(interaction)
        embed, view = self.panel_message(panel, locale, notice=notice, draft=draft)
        if edit and await self.is_own_panel(interaction, panel.snapshot.id):
            assert interaction.message is not None
            message_id: int | None = interaction.message.id
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            sent = await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            message_id = sent.message_id
        if message_id is not None:
            await self.tables.presenter.panels.register(
                panel.snapshot.id, interaction.user.id, interaction, message_id, panel, locale
            )

    async def is_own_panel(self, interaction: discord.Interaction, game_id: int) -> bool:
        """Whether the click came from the clicker's own hand panel of this table, with an id
        that is on it: only such a message may be redrawn as their panel (any other message,
        public or private, gets a fresh panel of its own instead). A private message can only
        be clicked by the one who received it."""
        message = interaction.message
        if message is None or not message.flags.ephemeral or not is_on_message(interaction):
            return False
        if is_panel_of(interaction, game_id):
            return True
        # a panel this process drew whose buttons are gone (moved below, or closed)
        presenter = self.tables.presenter
        return await presenter.panels.is_panel(game_id, interaction.user.id, message.id)

    async def table_for(self, interaction: discord.Interaction) -> AnySnapshot:
        """This family's table in this channel, else the user's table of it in this server."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        fam = self.renderer.family.name
        snap = await self.service.table_in_channel(interaction.channel_id)
        if snap is None or snap.record.family != fam:
            snap = await self.service.table_of_user(interaction.guild_id, interaction.user.id)
        if snap is None or snap.record.family != fam:
            raise ServiceError("table.none_here", command=self.__cog_group_name__)
        return snap

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        variant: str | None,
        options: Mapping[str, object],
        timer: int | None,
        pause: float | None,
        pace: str | None = None,
    ) -> None:
        """``/<family> start``: a lobby with the host in the first seat, posted publicly;
        ``pace`` a ``PACE_CHOICES`` value (None: the server's default pace)."""
        if not await self.check_permissions(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        async with self.replying(interaction):
            snap = await self.service.open_lobby(
                family_name=self.renderer.family.name,
                variant=variant,
                options=dict(options),
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                turn_seconds=timer,
                locale=(interaction.guild_locale or interaction.locale).value,
                computer_pause=pause,
                pictures_allowed=can_attach(interaction),
                pace_seconds=pace_seconds(pace),
            )
            locale = snap.record.locale
            embed = render.lobby_embed(snap.public(), self.renderer, locale)
            view = render.lobby_view(snap.public(), self.renderer, locale)
            await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
            message = await interaction.original_response()
            self.tables.presenter.note_rendered(snap.id, message.id, "", embed, view)
            await self.service.set_message(snap.id, message.id, None)
            if not can_attach(interaction):  # once, to the host: why the table has no picture
                await answer(interaction, t("perm.no_pictures", locale_of(interaction)))

    async def show_rules(self, interaction: discord.Interaction, variant: str | None) -> None:
        """``/<family> rules``: the variant named, else the one played here, else the first."""
        fam = self.renderer.family
        if variant is None:
            here = (
                await self.service.table_in_channel(interaction.channel_id)
                if interaction.channel_id is not None
                else None
            )
            same = here is not None and here.record.family == fam.name
            variant = here.record.variant if here is not None and same else fam.variants[0]
        locale = locale_of(interaction)
        command = t("rules.start", locale, command=self.__cog_group_name__)
        embed = render.rules_embed(self.renderer, variant, locale, command)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # --- commands every family shares --------------------------------------------------------

    @app_commands.command(name=T("cmdname.hand"), description=T("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """The hand at this channel's table if the player sits there; else at their table of
        this game in the server; at several, a menu asks which (newest turn first). A seat
        the computer took over at a turn-based table is taken back."""
        assert interaction.guild_id is not None
        user_id = interaction.user.id
        async with self.replying(interaction):
            fam = self.renderer.family
            here = (
                await self.service.table_in_channel(interaction.channel_id)
                if interaction.channel_id is not None
                else None
            )
            if (
                here is not None
                and here.record.family == fam.name
                and here.seat_of(user_id) is not None
            ):
                await self.on_hand(interaction, here.id, edit=False, take_back=True)
                return
            mine = await self.service.open_tables(interaction.guild_id, user_id, fam.name)
            if len(mine) == 1:
                await self.on_hand(interaction, mine[0].snapshot.id, edit=False, take_back=True)
                return
            if len(mine) > 1:
                content, view = turns.pick_message(mine, fam.prefix, locale_of(interaction))
                await interaction.response.send_message(content=content, view=view, ephemeral=True)
                return
            snap = await self.table_for(interaction)  # a spectator here, or no table at all
            await self.on_hand(interaction, snap.id, edit=False)

    @app_commands.command(name=T("cmdname.tables"), description=T("cmd.tables"))
    async def tables_list(self, interaction: discord.Interaction) -> None:
        """Every open table of this game where the player sits, in this server: whose turn,
        since when, the deadline, and a button to open the hand there."""
        assert interaction.guild_id is not None
        fam = self.renderer.family
        mine = await self.service.open_tables(interaction.guild_id, interaction.user.id, fam.name)
        locale = locale_of(interaction)
        command = t(f"cmdname.{fam.name}", locale)
        embed, view = turns.tables_message(mine, fam.prefix, command, locale)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    @app_commands.command(name=T("cmdname.notify"), description=T("cmd.notify"))
    @app_commands.describe(dm=T("cmd.notify.dm"))
    @app_commands.rename(dm=T("optname.dm"))
    async def notify(self, interaction: discord.Interaction, dm: bool) -> None:
        """Turns at turn-based tables told by direct message (with a button to the hand)
        instead of a mention in the channel: opt in, or back out."""
        await self.service.set_turn_mail(interaction.user.id, dm)
        key = "notify.dm" if dm else "notify.channel"
        await answer(interaction, t(key, locale_of(interaction)))

    @app_commands.command(name=T("cmdname.leave"), description=T("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        async with self.replying(interaction):
            here = (
                await self.service.table_in_channel(interaction.channel_id)
                if interaction.channel_id is not None
                else None
            )
            at = here.id if here is not None and here.seat_of(interaction.user.id) else None
            snap = await self.service.leave(interaction.guild_id, interaction.user.id, at)
            key = "leave.lobby" if snap.status is Status.LOBBY else "leave.game"
            await answer(
                interaction, t(key, locale_of(interaction), channel_id=snap.record.channel_id)
            )

    @app_commands.command(name=T("cmdname.end"), description=T("cmd.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with self.replying(interaction):
            assert interaction.channel_id is not None
            snap = await self.service.table_in_channel(interaction.channel_id)
            if snap is None:
                raise ServiceError("table.none_in_channel")
            can_manage = interaction.permissions.manage_guild
            await self.service.end(snap.id, interaction.user.id, can_manage=can_manage)
            await answer(interaction, t("end.done", locale_of(interaction), game=snap.id))

    @app_commands.command(name=T("cmdname.stats"), description=T("cmd.stats"))
    @app_commands.describe(user=T("cmd.stats.user"))
    @app_commands.rename(user=T("optname.user"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        embed, view = await self.stats_page(interaction, target.id, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name=T("cmdname.history"), description=T("cmd.history"))
    @app_commands.describe(user=T("cmd.history.user"), scope=T("cmd.history.scope"))
    @app_commands.rename(user=T("optname.user"), scope=T("optname.scope"))
    @app_commands.choices(scope=SCOPES)
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        scope: str = "s",
    ) -> None:
        await self.show_history(interaction, (user or interaction.user).id, scope)

    @app_commands.command(name=T("cmdname.replay"), description=T("cmd.replay"))
    @app_commands.describe(table=T("cmd.replay.table"))
    @app_commands.rename(table=T("optname.table"))
    async def replay(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1]
    ) -> None:
        await self.open_replay(interaction, table)

    # --- buttons (called by cogs.table.components) -------------------------------------------

    async def _check_family(self, game_id: int) -> None:
        """A custom_id names its family: one that names another game's table (forged, or a
        mangled client) is refused like an unknown table, before anything is drawn."""
        snap = await self.service.snapshot(game_id)
        if snap.record.family != self.renderer.family.name:
            raise ServiceError("table.unknown")

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        await self._check_family(game_id)
        if not await self.check_permissions(interaction):
            return
        user = interaction.user
        if op == "r":
            snap = await self.service.snapshot(game_id)
            await self.show_rules(interaction, snap.record.variant)
            return
        if op.startswith("j"):
            team = int(op[1:]) if len(op) > 1 else None
            await self.service.join(game_id, user.id, user.display_name, team)
        elif op == "x":
            await self.service.leave_lobby(game_id, user.id)
        elif op.startswith("c"):
            await self.service.add_computer(game_id, user.id, op[2:] or None)
        elif op.startswith("h"):
            await self.service.set_hints(game_id, user.id, op == "h1")
        elif op == "s":
            await self.service.start(game_id, user.id)
        else:
            await self.service.cancel(game_id, user.id)
        snap = await self.service.snapshot(game_id)
        embed = render.lobby_embed(snap.public(), self.renderer, snap.record.locale)
        view = render.lobby_view(snap.public(), self.renderer, snap.record.locale)
        message = interaction.message
        lobby_id, deal = await self.service.message_of(game_id)
        is_lobby = message is not None and message.id == lobby_id and deal is None
        if message is not None and is_lobby and is_on_message(interaction):
            await interaction.response.edit_message(embed=embed, view=view)
            self.tables.presenter.note_rendered(snap.id, message.id, "", embed, view)
        else:
            await answer(interaction, t("lobby.updated", locale_of(interaction)))

    async def on_hand(
        self,
        interaction: discord.Interaction,
        game_id: int,
        edit: bool,
        *,
        take_back: bool = False,
    ) -> None:
        """ "My hand", ``/… hand`` and the panel's refresh button; ``take_back`` (``/… hand``):
        a seat the computer took over at a turn-based table comes back to its player."""
        await self._check_family(game_id)
        panel = await self.service.panel(game_id, interaction.user.id)
        record = panel.snapshot.record
        if take_back and panel.handed_over and record.is_turn_based:
            await self.service.take_back(game_id, interaction.user.id)
            panel = await self.service.panel(game_id, interaction.user.id)
        locale = locale_of(interaction)
        snap = panel.snapshot
        if snap.status is Status.LOBBY:
            raise ServiceError("act.not_started")
        if not snap.status.is_open:
            raise ServiceError("act.table_closed")
        if panel.seat is None and not panel.handed_over:
            command = self.__cog_group_name__
            await answer(interaction, t("panel.spectator_reply", locale, command=command))
            return
        await self.send_panel(interaction, panel, edit=edit)

    async def on_play_again(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby with the same seats, posted in the channel for everyone to see."""
        await self._check_family(game_id)
        if not await self.check_permissions(interaction):
            return
        user = interaction.user
        snap = await self.service.rematch(game_id, user.id, user.display_name)
        locale = snap.record.locale
        embed = render.lobby_embed(snap.public(), self.renderer, locale)
        view = render.lobby_view(snap.public(), self.renderer, locale)
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
        message = await interaction.original_response()
        self.tables.presenter.note_rendered(snap.id, message.id, "", embed, view)
        await self.service.set_message(snap.id, message.id, None)

    async def on_hint(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """The panel's Hint button: what level ``hard`` would do in the clicker's seat, and
        why, answered privately (the search may take a moment, so the answer is deferred)."""
        await self._check_family(game_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel, found = await self.service.hint(game_id, interaction.user.id, version)
        await answer(
            interaction, render.hint_text(panel, found, self.renderer, locale_of(interaction))
        )

    async def on_action(
        self, interaction: discord.Interaction, game_id: int, version: int, code: str
    ) -> None:
        await self._check_family(game_id)
        if not await self.check_permissions(interaction):
            return
        user_id = interaction.user.id
        notice = None
        try:
            panel = await self.service.act(game_id, user_id, code, version)
        except ServiceError as exc:
            if exc.key not in PANEL_NOTICES and not isinstance(exc, IllegalMoveError):
                raise
            panel = await self.service.panel(game_id, user_id)
            # The panel itself says "Not your turn: …": the refusal would say it twice.
            if not (exc.key == "act.not_your_turn" and not panel.codes):
                notice = refusal(exc, locale_of(interaction))
        # Drawn over the clicked message only if that is the clicker's own panel of this
        # table; from anywhere else (a forged id), the answer is a fresh panel of its own.
        await self.send_panel(interaction, panel, edit=True, notice=notice)

    async def on_draft(
        self, interaction: discord.Interaction, game_id: int, version: int, draft: str
    ) -> None:
        """A choice that prepares a decision: draw the panel again with it (nothing is played)."""
        await self._check_family(game_id)
        panel = await self.service.panel(game_id, interaction.user.id)
        if panel.seat is None or not await self.is_own_panel(interaction, game_id):
            await answer(interaction, t("act.unknown_action", locale_of(interaction)))
            return
        stale = panel.snapshot.record.version != version
        notice = t("act.stale", locale_of(interaction)) if stale else None
        await self.send_panel(
            interaction, panel, edit=True, notice=notice, draft=None if stale else draft
        )
