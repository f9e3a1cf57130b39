"""Finished games looked back at: ``/… history`` and ``/… replay``, the history pages' ◀ ▶
and Replay buttons, a replay's ⏮ ◀ ▶ ⏭, its menu of deals, "Download record" and its 💡
Review toggle (review hints).

Everything here is private (ephemeral). A click moves only a message of its own kind: a
history page of the same player and scope, a replay of the same game; clicked anywhere else
(a forged id on another message), it answers with a fresh private message instead, so no
other message ever changes. The service refuses what may not be shown (a game not finished,
another server's game the clicker did not play in).
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, ClassVar, Final

import discord

from bot.i18n import t
from bot.picture import draw
from bot.picture.animate import animate
from bot.service import GameService, ServiceError
from bot.service.history import GameReplay
from bot.workers import WorkerFault
from cogs.table.checks import can_attach, locale_of
from cogs.table.clicks import answer
from cogs.table.messages import is_history_of, is_replay_of
from cogs.table.render import PICTURE, TableRenderer
from cogs.table.render.replay import history_message, replay_message
from cogs.table.render.share import hand_scenes
from cogs.table.render.table import variant_title
from cogs.table.words import refusal

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

PICTURE_SECONDS: Final = 5.0
"""How long a replay's picture may take in the picture worker before it goes without."""
SHARE_SECONDS: Final = 10.0
"""How long a shared hand's animation may take in the picture worker (about 60 ms warm:
``benchmarks/share_bench.py``) before the share is given up."""
SHARED_FILE: Final = "hand.gif"


class HistoryHandlers:
    """The history and replay commands and buttons of a game's cog (mixed into ``TableCog``)."""

    renderer: ClassVar[TableRenderer[Any, Any, Any, Any]]
    if TYPE_CHECKING:
        bot: GameBot

        @property
        def service(self) -> GameService: ...

        async def public_locale(self, interaction: discord.Interaction) -> str: ...

    async def show_history(
        self, interaction: discord.Interaction, user_id: int, scope: str
    ) -> None:
        """``/… history``: the first page, privately."""
        embed, view = await self.history_page(interaction, user_id, scope, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def open_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        """``/… replay``: a finished game's replay from its first deal, privately."""
        try:
            await self.on_replay(interaction, game_id, 0)
        except ServiceError as exc:
            await answer(interaction, refusal(exc, locale_of(interaction)))

    async def history_page(
        self, interaction: discord.Interaction, user_id: int, scope: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        guild_id = None if scope == "g" else interaction.guild_id
        found = await self.service.history(self.renderer.family.name, user_id, guild_id, page)
        return history_message(found, self.renderer, locale_of(interaction))

    async def on_history(
        self, interaction: discord.Interaction, family: str, user_id: int, scope: str, page: int
    ) -> None:
        if family != self.renderer.family.name:
            raise ServiceError("board.unknown_family")
        embed, view = await self.history_page(interaction, user_id, scope, page)
        if is_history_of(interaction, (family, str(user_id), scope)):
            await interaction.response.edit_message(embed=embed, view=view)
        else:  # not a page of this history: a fresh page, for the clicker alone
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def _game_replay(self, interaction: discord.Interaction, game_id: int) -> GameReplay:
        found = await self.service.replay(game_id, interaction.user.id, interaction.guild_id)
        if found.record.family != self.renderer.family.name:
            raise ServiceError("table.unknown")
        return found

    async def on_replay(
        self, interaction: discord.Interaction, game_id: int, stop: int, review: bool = False
    ) -> None:
        """Open a finished game's replay at a stop, or move the clicked replay there (with
        ``review``: with review hints). The first time a game's review is asked for, it is
        computed in the workers (seconds): the click is answered at once as deferred, and
        the replay comes when the review is done."""
        found = await self._game_replay(interaction, game_id)
        stop = min(stop, len(found.stops) - 1)
        moves = is_replay_of(interaction, game_id)
        marks = None
        if review:
            marks = self.service.reviewed(game_id)
            if marks is None:
                if moves:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
                marks = await self.service.review(
                    game_id, interaction.user.id, interaction.guild_id
                )
        pictures = self.bot.pictures and found.record.pictures
        embed, view, scene = replay_message(
            found, stop, self.renderer, locale_of(interaction), pictures=pictures, review=marks
        )
        files = []
        if scene is not None:
            try:
                png = await self.bot.workers.draw(draw.render, scene, time_limit=PICTURE_SECONDS)
            except WorkerFault as fault:
                log.warning("a replay picture was not drawn: %s", fault)
                embed.set_image(url=None)
            else:
                description = draw.alt_text(scene)
                files.append(discord.File(io.BytesIO(png), PICTURE, description=description))
        deferred = interaction.response.is_done()
        if moves and deferred:
            await interaction.edit_original_response(embed=embed, view=view, attachments=files)
        elif moves:
            await interaction.response.edit_message(embed=embed, view=view, attachments=files)
        elif deferred:
            await interaction.followup.send(embed=embed, view=view, files=files, ephemeral=True)
        else:  # not this game's replay: a fresh one, for the clicker alone
            await interaction.response.send_message(
                embed=embed, view=view, files=files, ephemeral=True
            )

    async def on_share(self, interaction: discord.Interaction, game_id: int, deal: int) -> None:
        """A replay's "Share this hand": the deal as an animated picture, posted in the
        channel for everyone, once per channel (a second click links to the post). Refused
        to whoever may not see the game's replay; only a finished game is ever replayed."""
        found = await self._game_replay(interaction, game_id)
        if deal not in found.deals:
            raise ServiceError("table.unknown")
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        if not isinstance(channel, discord.abc.Messageable):
            raise ServiceError("replay.share_failed")
        if not can_attach(interaction) or not self.bot.pictures:
            raise ServiceError("replay.share_failed")
        self.service.claim_share(game_id, deal, channel_id)
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            # Public words are in the server's language, as the table's messages are.
            words = await self.public_locale(interaction)
            scenes = hand_scenes(found, deal, self.renderer, words)
            gif = await self.bot.workers.draw(animate, scenes, time_limit=SHARE_SECONDS)
            record = found.record
            params = {"game": game_id, "deal": deal}
            variant = variant_title(record.variant, words)
            posted = await channel.send(
                t(
                    "replay.shared",
                    words,
                    player=interaction.user.mention,
                    variant=variant,
                    **params,
                ),
                file=discord.File(
                    io.BytesIO(gif),
                    SHARED_FILE,
                    description=t("replay.shared_alt", words, **params),
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except (WorkerFault, discord.HTTPException) as exc:
            log.warning("table %s: deal %s was not shared: %s", game_id, deal, exc)
            self.service.share_failed(game_id, deal, channel_id)
            await answer(interaction, t("replay.share_failed", locale))
            return
        except BaseException:
            self.service.share_failed(game_id, deal, channel_id)
            raise
        self.service.shared(game_id, deal, channel_id, posted.jump_url)
        await answer(interaction, t("replay.share_done", locale, link=posted.jump_url, **params))

    async def on_record(self, interaction: discord.Interaction, game_id: int) -> None:
        """A replay's "Download record": the game's record (``engine.records``) as a text
        file, privately."""
        await self._game_replay(interaction, game_id)
        name, text = await self.service.record_text(
            game_id, interaction.user.id, interaction.guild_id
        )
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(text.encode()), name), ephemeral=True
        )
