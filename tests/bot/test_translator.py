"""The slash commands Discord is given: English by default, every other catalog language as
localizations that satisfy Discord's rules for names, descriptions and choices."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.i18n import LANGUAGES, t
from bot.translator import CatalogTranslator, T
from cogs.allfours.cog import AllFoursCog
from cogs.kqj.cog import KQJCog
from cogs.table.base import TableCog

OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]
SUBCOMMAND_TYPES = (
    discord.AppCommandOptionType.subcommand.value,
    discord.AppCommandOptionType.subcommand_group.value,
)

ENGLISH_NAMES = {
    "allfours": {
        "start": [
            "variant",
            "players",
            "partnerships",
            "target",
            "timer",
            "pace",
            "pause",
            "kicks",
            "low",
            "gift",
            "game_tie",
            "undertrump",
            "take_one_to_win",
        ],
        "hand": [],
        "tables": [],
        "notify": ["dm"],
        "leave": [],
        "end": [],
        "history": ["user", "scope"],
        "replay": ["table"],
        "rules": ["variant"],
        "leaderboard": ["scope"],
        "stats": ["user"],
        "settings": [
            "language",
            "timer",
            "nudge",
            "computers",
            "pictures",
            "pace",
            "allow_channel",
            "forbid_channel",
            "reset",
            "variant",
            "target",
        ],
    },
    "kqj": {
        "start": ["teams", "random_partners", "auction", "target", "timer", "pace", "pause"],
        "hand": [],
        "tables": [],
        "notify": ["dm"],
        "leave": [],
        "end": [],
        "history": ["user", "scope"],
        "replay": ["table"],
        "rules": [],
        "leaderboard": ["mode", "scope"],
        "stats": ["user"],
        "settings": [
            "language",
            "timer",
            "nudge",
            "computers",
            "pictures",
            "pace",
            "allow_channel",
            "forbid_channel",
            "reset",
            "teams",
            "random_partners",
            "auction",
            "target",
        ],
    },
}
"""What players type today: a localized name is added beside these, never instead."""


async def _payloads() -> list[dict[str, Any]]:
    """What ``tree.sync()`` sends Discord for both groups, built from the cogs themselves."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    translator = CatalogTranslator()
    payloads = []
    for cog_class in (AllFoursCog, KQJCog):
        cog: TableCog = cog_class(None)  # a stand-in bot: no command runs here
        group = cog.__cog_app_commands_group__
        assert group is not None
        payloads.append(await group.get_translated_payload(tree, translator))
    return payloads


def _walk(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(kind, path, payload) for every command, option and choice under ``node``."""
    here = f"{path} {node['name']}".strip()
    kind = "command" if not path or node.get("type") in SUBCOMMAND_TYPES else "option"
    yield kind, here, node
    for choice in node.get("choices") or []:
        yield "choice", f"{here}={choice['name']}", choice
    for option in node.get("options") or []:
        yield from _walk(option, here)


def is_valid_command_name(name: str) -> bool:
    """Discord's rule for slash command and option names (localized ones included): 1-32 of
    ``-``, ``_``, ``'``, letters and digits of any script (Devanagari and Thai marks too), and
    the lower-case form of any letter that has one."""
    allowed = all(
        char in "-_'"
        or unicodedata.category(char)[0] in "LN"
        or unicodedata.name(char, "").startswith(("DEVANAGARI", "THAI"))
        for char in name
    )
    return 1 <= len(name) <= 32 and allowed and name == name.lower()


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("allfours", True),
        ("take_one_to_win", True),
        ("オールフォー", True),
        ("勝ちのテイクワン", True),
        ("Start", False),
        ("テイク・ワン", False),
        ("two words", False),
        ("", False),
        ("x" * 33, False),
    ],
)
def test_the_name_rule(name: str, valid: bool) -> None:
    assert is_valid_command_name(name) is valid


async def test_the_english_names_stay_exactly_as_they_were() -> None:
    """Commands and options keep their English names, so nothing players type changes."""
    found = {
        group["name"]: {
            command["name"]: [option["name"] for option in command["options"]]
            for command in group["options"]
        }
        for group in await _payloads()
    }
    assert found == ENGLISH_NAMES


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
async def test_every_command_option_and_choice_is_localized(language: str) -> None:
    """Discord gets a name (and a description) in every catalog language for each group,
    subcommand, option and choice; only number choices (KQJ's 500, 1000, 2000) stay as
    they are."""
    missing = []
    for payload in await _payloads():
        for kind, path, node in _walk(payload):
            if kind == "choice" and str(node["name"]).isdigit():
                assert not node.get("name_localizations")
                continue
            if language not in (node.get("name_localizations") or {}):
                missing.append(f"{kind} {path}: name")
            if kind != "choice" and language not in (node.get("description_localizations") or {}):
                missing.append(f"{kind} {path}: description")
    assert missing == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
async def test_localized_texts_fit_discords_rules(language: str) -> None:
    """Names: lower case, letters, digits, - and _ only, 1-32 characters, unique among their
    siblings; descriptions and choice names: 1-100 characters."""
    problems = []
    for payload in await _payloads():
        for kind, path, node in _walk(payload):
            name = (node.get("name_localizations") or {}).get(language)
            description = (node.get("description_localizations") or {}).get(language)
            if name is not None:
                ok = 1 <= len(name) <= 100 if kind == "choice" else is_valid_command_name(name)
                if not ok:
                    problems.append(f"{path}: name {name!r}")
            if description is not None and not 1 <= len(description) <= 100:
                problems.append(f"{path}: description of {len(description)} characters")
            for field in ("options", "choices"):
                siblings = [
                    (child.get("name_localizations") or {}).get(language, child["name"])
                    for child in node.get(field) or []
                ]
                if len(set(siblings)) != len(siblings):
                    problems.append(f"{path}: {field} share a name {siblings}")
    assert problems == []


async def test_the_japanese_names() -> None:
    """Spot checks of what a Japanese client shows: /オールフォー 開始 with 種類 and 目標点."""
    allfours, kqj = await _payloads()
    assert allfours["name_localizations"] == {"ja": "オールフォー"}
    start = next(c for c in allfours["options"] if c["name"] == "start")
    assert start["name_localizations"] == {"ja": "開始"}
    options = {o["name"]: o for o in start["options"]}
    assert options["variant"]["name_localizations"] == {"ja": "種類"}
    assert options["target"]["name_localizations"] == {"ja": "目標点"}
    seven_up = next(c for c in options["variant"]["choices"] if c["value"] == "seven-up")
    assert seven_up == {
        "name": "Seven Up",
        "value": "seven-up",
        "name_localizations": {"ja": "セブンアップ"},
    }
    assert kqj["description_localizations"] == {"ja": t("cmd.kqj.group", "ja")}


@pytest.mark.parametrize(
    "locale", [discord.Locale.american_english, discord.Locale.british_english]
)
async def test_english_clients_get_the_default_text(locale: discord.Locale) -> None:
    """English is the default Discord shows: no English localization is sent."""
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    assert await CatalogTranslator().translate(T("cmdname.start"), locale, context) is None


async def test_languages_without_a_catalog_get_the_default_text() -> None:
    """French has no catalog: Discord falls back to the English default."""
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_description, data=None
    )
    translator = CatalogTranslator()
    assert await translator.translate(T("cmd.start"), discord.Locale.french, context) is None
    japanese = await translator.translate(T("cmd.start"), discord.Locale.japanese, context)
    assert japanese == t("cmd.start", "ja")
