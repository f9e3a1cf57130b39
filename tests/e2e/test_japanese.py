"""Japanese through Discord: a player's own answers follow the player's Discord locale, the
public table follows the server's language (the server's preferred locale by default).

SimCord 3.2 writes ``locale`` and ``guild_locale`` as ``en-US`` into every interaction, so the
``locales`` fixture gives each interaction what Discord would send: the clicking user's locale,
and the guild's preferred locale (which SimCord does store, ``create_guild(preferred_locale=)``).
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord
from simcord import interactions as sim_interactions

from bot.i18n import t
from tests.bot.discord_support import enabled, open_table, playable, text_of

KANA = re.compile(r"[\u3040-\u30ff]")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
TABLE_NUMBER = re.compile(r"#(\d+)")


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """User name -> Discord locale of that user's interactions (default ``en-US``)."""
    by_name: dict[str, str] = {}
    original = sim_interactions.base_payload

    def with_locales(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **kwargs)
        payload["locale"] = by_name.get(backend.get_user(kwargs["user_id"]).name, "en-US")
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locales)
    return by_name


def title(message: discord.Message | simcord.ResponseMessage) -> str:
    return str(message.embeds[0].title)


def is_japanese(text: str) -> bool:
    """Japanese words and no English ones (player names here are short lower-case ASCII, so
    a capitalised or long English word would stand out; card ranks are single letters)."""
    return bool(KANA.search(text)) and not ENGLISH_WORD.search(_without_names(text))


def is_english(text: str) -> bool:
    return not KANA.search(text) and bool(ENGLISH_WORD.search(text))


def _without_names(text: str) -> str:
    return re.sub(r"<[@#]!?\d+>|<t:\d+:\w>|\b(ana|ben|cal|dee|eri)\b", "", text)


async def play_until_moved(table: Any, player: simcord.MemberActor, extra: int) -> list[str]:
    """Click the first decision of whoever may act until ``player`` has moved, then ``extra``
    more clicks; returns the labels ``player`` clicked."""
    clicked: list[str] = []
    after = 0
    for _ in range(200):
        mover = table.mover()
        if mover is None or after >= extra:
            break
        panel = table.panels[mover.id]
        button = playable(panel)[0]
        result = await mover.click(panel, custom_id=button["custom_id"])
        assert result.acknowledged
        if mover.id == player.id:
            clicked.append(str(button["label"]))
        if clicked:
            after += 1
    assert clicked, "the player never had a decision"
    return clicked


async def test_a_japanese_player_at_an_english_server_gets_japanese_panels(
    simcord_env: simcord.Env, locales: dict[str, str]
) -> None:
    """ana's Discord speaks Japanese, the server English: the lobby and the table are English
    for everyone, ana's panel and private answers Japanese, the others' panels English."""
    env = simcord_env
    locales["ana"] = locales["eri"] = "ja"
    guild = env.create_guild("English server", preferred_locale="en-US")
    # open_table clicks the English labels "Join", "Start" and "My hand": the public lobby
    # and table are English although the host's Discord is Japanese.
    table = await open_table(env, guild=guild)
    ana, ben = table.players[0], table.players[1]
    assert title(table.panels[ana.id]) == t("panel.title", "ja", game=table.game_id)
    assert is_japanese(text_of(table.panels[ana.id]))
    assert title(table.panels[ben.id]) == t("panel.title", "en", game=table.game_id)
    assert is_english(text_of(table.panels[ben.id]))

    clicked = await play_until_moved(table, ana, extra=4)
    japanese_decisions = {t(f"panel.{key}", "ja") for key in ("stand", "beg", "take_one")}
    japanese_decisions.add(t("panel.run_pack", "ja"))
    assert all(label in japanese_decisions or len(label) <= 3 for label in clicked), clicked
    panel = text_of(table.panels[ana.id])
    assert is_japanese(panel), panel
    assert is_english(text_of(table.panels[ben.id]))
    public = text_of(table.message)
    assert is_english(public), public
    assert f"· table #{table.game_id}" in public  # the title, with the table's number

    rules = await ana.slash(table.channel, "allfours rules")
    assert rules.ephemeral and rules.response is not None
    assert title(rules.response) == t("rules.title", "ja", variant=t("variant.caribbean", "ja"))
    assert is_japanese(str(rules.response.embeds[0].description))

    nothing = await ana.slash(table.channel, "kqj hand")
    assert nothing.ephemeral and nothing.response is not None
    assert nothing.response.content == t("table.none_here", "ja", command="kqj")
    assert "/kqj 開始" in str(nothing.response.content)

    eri = guild.add_member(env.create_user("eri"))
    watching = await eri.click(table.message, label="My hand")
    assert watching.ephemeral and watching.response is not None
    assert watching.response.content == t("panel.spectator_reply", "ja", command="オールフォー")
    assert "/オールフォー 開始" in str(watching.response.content)


async def test_a_japanese_server_gets_a_japanese_public_table(
    simcord_env: simcord.Env, locales: dict[str, str]
) -> None:
    """The server's preferred locale is Japanese: lobby and table are Japanese; ben's Discord
    speaks Japanese too, ana's English, and each panel follows its owner."""
    env = simcord_env
    locales["ben"] = "ja"
    guild = env.create_guild("日本のサーバー", preferred_locale="ja")
    channel = guild.create_text_channel("allfours")
    ana, ben = (guild.add_member(env.create_user(name)) for name in ("ana", "ben"))

    started = await ana.slash(channel, "allfours start", variant="english")
    lobby = started.response
    assert lobby is not None and not started.ephemeral
    assert title(lobby) == t("lobby.title", "ja", variant=t("variant.english", "ja"))
    assert is_japanese(text_of(lobby)), text_of(lobby)
    await ben.click(lobby, label=t("lobby.join", "ja"))
    await ana.click(lobby, label=t("lobby.start", "ja"))

    message = channel.last_message
    assert message is not None and message.id != lobby.id
    found = TABLE_NUMBER.search(title(message))
    assert found is not None
    game = int(found.group(1))
    variant = t("variant.short.english", "ja")
    assert title(message) == t("table.title", "ja", variant=variant, hand=1, game=game)
    assert is_japanese(text_of(message)), text_of(message)
    labels = [b["label"] for b in enabled(message)]
    assert labels == [t("table.my_hand", "ja")]

    panels: dict[int, Any] = {}
    for player in (ana, ben):
        opened = await player.click(message, label=t("table.my_hand", "ja"))
        assert opened.ephemeral and opened.response is not None
        panels[player.id] = opened.response
    assert title(panels[ana.id]) == t("panel.title", "en", game=game)
    assert is_english(text_of(panels[ana.id]))
    assert title(panels[ben.id]) == t("panel.title", "ja", game=game)
    assert is_japanese(text_of(panels[ben.id]))

    for _ in range(6):
        mover = next((p for p in (ana, ben) if playable(panels[p.id])), None)
        if mover is None:
            break
        await mover.click(panels[mover.id], custom_id=playable(panels[mover.id])[0]["custom_id"])
    public = channel.last_message
    assert public is not None
    assert is_japanese(text_of(public)), text_of(public)
    assert f"ラウンド · #{game}" in text_of(public)  # the title, with the table's number
    assert is_english(text_of(panels[ana.id]))
    assert is_japanese(text_of(panels[ben.id]))
