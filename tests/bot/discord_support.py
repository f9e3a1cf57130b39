"""SimCord fixtures and helpers shared by tests/cogs and tests/e2e: the real bot, the real
command tree and views, a simulated Discord, and a real SQLite file per test."""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any, cast

import discord
import pytest
import pytest_asyncio
import simcord
from simcord.actors import _dispatch_actor_interaction
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import ComponentType, InteractionType

from bot.app import GameBot
from bot.i18n import t
from bot.service import GameService

BotFactory = Callable[..., GameBot]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest_asyncio.fixture
async def make_bot(db_path: Path) -> AsyncIterator[BotFactory]:
    """Builds bots on one database; SimCord never closes a bot, so this releases them all."""
    bots: list[GameBot] = []
    seeds = count(7001)

    def factory(**options: Any) -> GameBot:
        options.setdefault("seeds", lambda: next(seeds))
        options.setdefault("computer_delay", 0)
        options.setdefault("pictures", False)  # drawn only by the tests about pictures
        # tests click far faster than people: the click limit has tests of its own
        options.setdefault("clicks_per_second", None)
        # opened panels are written with the next move or at shutdown; a timer that falls due
        # within SimCord's settling would make every test wait for it (it has tests of its own)
        options.setdefault("panel_save_seconds", 3600.0)
        bot = GameBot(database=db_path, shard_count=2, **options)
        bots.append(bot)
        return bot

    yield factory
    for bot in bots:
        await bot.release()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> GameBot:
    return make_bot()


@pytest.fixture(autouse=True)
def fail_on_error_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """discord.py logs (and otherwise swallows) exceptions of dynamic items and tasks; any
    ERROR from discord.py or from our code is a failure unless a test clears it on purpose."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [
        r
        for r in caplog.get_records("call")
        if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("discord", "bot", "cogs")
    ]
    assert not bad, [r.getMessage() for r in bad]


def service_of(env: simcord.Env) -> GameService:
    bot = env.bot
    assert isinstance(bot, GameBot)
    return bot.service


def buttons(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """Every button of a message as raw component dicts, in order."""
    rows = message.components
    raw = [row.to_dict() if hasattr(row, "to_dict") else row for row in rows]
    return [c for c in walk_components(raw) if c.get("type") == ComponentType.BUTTON]


def enabled(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    return [b for b in buttons(message) if not b.get("disabled")]


def text_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """Everything a message shows in text: content, embeds, button labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts.append(str(data.get("title", "")))
        parts.append(str(data.get("description", "")))
        for field in data.get("fields", []):
            parts.append(f"{field['name']}\n{field['value']}")
        parts.append(str(data.get("footer", {}).get("text", "")))
    parts.extend(str(b.get("label", "")) for b in buttons(message))
    return "\n".join(parts)


async def forge_click(
    env: simcord.Env,
    actor: simcord.MemberActor,
    message: discord.Message | simcord.ResponseMessage,
    *,
    label: str,
    custom_id: str,
) -> simcord.InteractionResult:
    """Click ``label`` but send ``custom_id`` (the embedded message is rewritten to match, as
    discord.py ignores ids that are not on the message): a stale client or a forged id."""
    channel_id = (
        message.channel_id if isinstance(message, simcord.ResponseMessage) else message.channel.id
    )
    stored = env.backend.get_message(channel_id, message.id)
    payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    found = False
    for component in walk_components(payload["components"]):
        if component.get("type") == ComponentType.BUTTON and component.get("label") == label:
            component["custom_id"] = custom_id
            found = True
    if not found:  # a client still showing a button the message has lost since
        button = {"type": ComponentType.BUTTON, "style": 2, "label": label, "custom_id": custom_id}
        rows = cast(list[Any], payload.get("components") or [])
        payload["components"] = [*rows, {"type": 1, "components": [button]}]
    channel = next(c for c in actor.guild.channels.values() if c.id == stored.channel_id)
    return await _dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        {"custom_id": custom_id, "component_type": ComponentType.BUTTON},
        extra={"message": payload},
        source_message_id=stored.id,
    )


GAME_ID = re.compile(r"#(\d+)")  # "Table #1" in a footer, "table #1" in a title


def game_id_of(message: discord.Message | simcord.ResponseMessage) -> int:
    found = GAME_ID.search(text_of(message))
    assert found, text_of(message)
    return int(found.group(1))


def emit_click(
    env: simcord.Env,
    actor: simcord.MemberActor,
    message: discord.Message | simcord.ResponseMessage,
    custom_id: str,
) -> tuple[int, simcord.InteractionResult]:
    """Send a click to the bot without waiting for it to be handled (``env.settle()`` does);
    returns the interaction id and the result handle."""
    from simcord import interactions as sim_interactions

    channel_id = (
        message.channel_id if isinstance(message, simcord.ResponseMessage) else message.channel.id
    )
    stored = env.backend.get_message(channel_id, message.id)
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=actor.guild.id,
        user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
    )
    payload["message"] = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    record.source_message_id = stored.id
    env.backend.emit("INTERACTION_CREATE", payload)
    return record.id, simcord.InteractionResult(env, record)


async def double_click(
    env: simcord.Env,
    actor: simcord.MemberActor,
    message: discord.Message | simcord.ResponseMessage,
    *,
    custom_id: str,
) -> list[simcord.InteractionResult]:
    """Two clicks on one button that reach the bot before either is handled."""
    results = [emit_click(env, actor, message, custom_id)[1] for _ in range(2)]
    await env.settle()
    return results


async def add_computer(
    actor: simcord.MemberActor,
    lobby: discord.Message | simcord.ResponseMessage,
    level: str = "normal",
) -> simcord.InteractionResult:
    """The host seats a computer of ``level`` with the lobby's menu."""
    (menu,) = [s for s in selects(lobby) if s.get("placeholder") == "Add computer"]
    return await actor.select(lobby, [level], custom_id=menu["custom_id"])


@dataclass
class Table:
    """A started table: its channel, players (host first), public message and panels."""

    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    game_id: int
    panels: dict[int, simcord.ResponseMessage]

    @property
    def message(self) -> discord.Message:
        message = self.channel.last_message
        assert message is not None
        return message

    def mover(self) -> simcord.MemberActor | None:
        """The first player whose panel says it is their turn and offers a decision."""
        for player in self.players:
            panel = self.panels.get(player.id)
            if panel is not None and (playable(panel) or discard_menu(panel)):
                return player
        return None

    async def play(self, clicks: int = 1) -> int:
        """Take the first decision of whoever may act, ``clicks`` times (discards through the
        menu and its confirm button); returns how many decisions were taken."""
        done = 0
        for _ in range(clicks):
            player = self.mover()
            if player is None:
                break
            panel = self.panels[player.id]
            if discard_menu(panel):
                await discard(player, panel)
            else:
                result = await player.click(panel, custom_id=playable(panel)[0]["custom_id"])
                assert result.acknowledged
            done += 1
        return done


def ended(channel: simcord.ChannelHandle) -> str:
    """What the end of a game shows: the last hand's count and the game-over message after it."""
    return "\n".join(text_of(message) for message in channel.history()[-2:])


def is_my_turn(message: discord.Message | simcord.ResponseMessage) -> bool:
    """Whether a hand panel says its owner has something to decide (as a person reads it, in
    English or in Japanese)."""
    shown = text_of(message)
    return any(mark in shown for mark in YOUR_TURN)


YOUR_TURN = tuple(
    t(key, language).split("**")[1]
    for language in ("en", "ja")
    for key in ("panel.your_turn.play", "panel.your_turn.discard", "kqj.panel.may_interrupt")
)
"""How a panel's first line says that its owner has something to decide."""


TO_PLAY = tuple(
    t(key, language)
    for language in ("en", "ja")
    for key in ("panel.your_turn.play", "kqj.panel.your_turn.play")
)
"""How a panel's first line says that its owner is to play a card."""


def playable(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """The enabled decision buttons of a hand panel whose owner's turn it is (cards and
    choices, not Refresh); the cards of a waiting player, or of one who stands or begs or
    bids, stay clickable but decide nothing."""
    if not is_my_turn(message):
        return []
    shown = text_of(message)
    to_play = any(line in shown for line in TO_PLAY)
    return [
        b
        for b in enabled(message)
        if str(b.get("custom_id", ""))[2:5] == ":a:"
        and (to_play or ":P:" not in str(b.get("custom_id", "")))
    ]


def discard_menu(message: discord.Message | simcord.ResponseMessage) -> dict[str, Any] | None:
    """The panel's menu of cards to discard, if its owner has to discard."""
    if not is_my_turn(message):
        return None
    found = [s for s in selects(message) if str(s.get("placeholder", "")).startswith("Choose")]
    return found[0] if found else None


async def discard(
    actor: simcord.MemberActor,
    panel: discord.Message | simcord.ResponseMessage,
    cards: Sequence[str] | None = None,
    *,
    confirm: bool = True,
) -> dict[str, Any]:
    """Pick the cards to discard in the menu (default: the first ones offered), then press
    the confirm button unless told not to; returns that button as it was drawn."""
    menu = discard_menu(panel)
    assert menu is not None, text_of(panel)
    count = int(menu.get("max_values", 1))
    chosen = list(cards) if cards is not None else [o["value"] for o in menu["options"][:count]]
    picked = await actor.select(panel, chosen, custom_id=menu["custom_id"])
    assert picked.acknowledged
    (button,) = [b for b in enabled(panel) if str(b.get("custom_id", "")).count(":D:") == 1]
    if confirm:
        result = await actor.click(panel, custom_id=button["custom_id"])
        assert result.acknowledged
    return button


def selects(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """Every select menu of a message as raw component dicts, in order."""
    rows = message.components
    raw = [row.to_dict() if hasattr(row, "to_dict") else row for row in rows]
    return [c for c in walk_components(raw) if c.get("type") == ComponentType.SELECT]


async def open_table(
    env: simcord.Env,
    *,
    names: Sequence[str] = ("ana", "ben", "cal", "dee"),
    variant: str = "caribbean",
    computers: int = 0,
    guild: simcord.GuildHandle | None = None,
    channel: simcord.ChannelHandle | None = None,
    game: str = "allfours",
    **options: Any,
) -> Table:
    """/<game> start, everyone joins (teams alternate), the host starts, all open hands."""
    guild = guild or env.create_guild("Table server")
    channel = channel or guild.create_text_channel(game)
    players = [guild.add_member(env.create_user(name)) for name in names]
    if game == "allfours":
        options["variant"] = variant
    started = await players[0].slash(channel, f"{game} start", **options)
    lobby = started.response
    assert lobby is not None, started
    for index, player in enumerate(players[1:], start=1):
        labels = [b["label"] for b in enabled(lobby) if str(b["label"]).startswith("Join")]
        label = labels[index % len(labels)] if len(labels) > 1 else labels[0]
        await player.click(lobby, label=label)
    for _ in range(computers):
        await add_computer(players[0], lobby)
    await players[0].click(lobby, label="Start")
    message = channel.last_message
    assert message is not None and message.id != lobby.id
    panels = {}
    for player in players:
        opened = await player.click(message, label="My hand")
        assert opened.response is not None and opened.ephemeral
        panels[player.id] = opened.response
    return Table(channel=channel, players=players, game_id=game_id_of(message), panels=panels)
