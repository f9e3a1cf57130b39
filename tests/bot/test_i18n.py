"""Every user-facing string comes from the catalog, every key the code uses exists, and every
language has every key with the same placeholders."""

from __future__ import annotations

import ast
import doctest
import re
import string
from pathlib import Path

import pytest

import bot.i18n
from bot.families import FAMILIES
from bot.families.allfours import ALL_FOURS
from bot.i18n import LANGUAGES, catalog, lookup, t
from bot.translator import T
from cogs.allfours.words import ENGLISH_WORDS
from engine import allfours, kqj
from engine.kqj import Phase

OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]
KANA = re.compile(r"[\u3040-\u30ff]")

KQJ_PHASES = tuple(Phase)

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"[a-z_]+(?:\.[a-z0-9_-]+)+")
# Keys built from a closed set of values.
DYNAMIC = [
    *(f"variant.{v}" for v in ALL_FOURS.variants),
    *(f"variant.short.{v}" for v in ALL_FOURS.variants),
    *(f"rules.{v}" for v in ALL_FOURS.variants),
    *(f"family.{name}" for name in FAMILIES),
    *(f"pool.{pool}" for fam in FAMILIES.values() for pool in fam.pools),
    *(f"stat.{stat}" for fam in FAMILIES.values() for stat in fam.stat_names),
    "variant.kqj",
    "variant.short.kqj",
    *(f"{key}.english" for key in ENGLISH_WORDS),
    *(f"award.mark.{mark}" for mark in ("won", "after")),
    *(f"level.{level}" for fam in FAMILIES.values() for level in fam.levels),
    "level.hard",
    "rules.kqj",
    *(f"kqj.opt.teams.{teams}" for teams in ("3v3", "2v2v2")),
    *(f"kqj.contract.{contract}" for contract in ("all", "none")),
    *(f"kqj.multiplier.{m}" for m in (2, 4)),
    *(f"kqj.announce.{kind}" for kind in ("kq", "kqj")),
    *(f"kqj.bonus.{kind}" for kind in ("dix_de_der", "capot", "kq", "kqj")),
    *(f"kqj.outcome.{outcome}" for outcome in ("won", "made", "failed", "litigation")),
    *(
        f"kqj.award.{reason}"
        for reason in ("round", "contract", "pool", "special_20", "special_60")
    ),
    *(f"kqj.turn.{phase.value}" for phase in KQJ_PHASES),
    *(f"kqj.panel.your_turn.{phase.value}" for phase in KQJ_PHASES),
    *(f"suit.{s}" for s in "shdc"),
    *(f"opt.kicks.{rank}" for rank in "62"),
    *(f"opt.low.{mode}" for mode in ("held", "captured")),
    *(f"lobby.closed.{reason}" for reason in ("cancelled", "idle")),
    *(f"turn.{phase}" for phase in ("declare", "reply", "discard", "play")),
    *(f"panel.your_turn.{phase}" for phase in ("declare", "reply", "discard", "play")),
    *(
        f"award.{r}"
        for r in ("kick", "take_one", "gift", "high", "low", "jack", "hang_jack", "game")
    ),
    *(
        f"perm.{p}"
        for p in (
            "view_channel",
            "send_messages",
            "send_messages_in_threads",
            "embed_links",
            "read_message_history",
        )
    ),
    *(f"board.scope.{s}" for s in ("server", "global")),
    # every reason code a hint may carry, from the engines themselves: each has a text
    *(f"hint.reason.{code}" for code in (*allfours.players.REASONS, *kqj.players.REASONS)),
]


def _keys_in_code() -> set[str]:
    """Every string literal of bot/ and cogs/ shaped like a catalog key."""
    prefixes = {key.split(".")[0] for key in catalog("en")}
    found: set[str] = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.parent.name == "locales":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and KEY.fullmatch(node.value)
                    and node.value.split(".")[0] in prefixes
                    and not node.value.endswith((".png", ".gif"))  # a file name, not a key
                ):
                    found.add(node.value)
    return found


def test_every_key_the_code_uses_is_in_the_english_catalog() -> None:
    """A message key missing from the catalog would be a KeyError in front of a user."""
    used = _keys_in_code() | set(DYNAMIC)
    assert len(used) > 150
    assert sorted(key for key in used if key not in catalog("en")) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_entry_is_used(language: str) -> None:
    """No dead texts: each entry of every catalog is reachable from the code (a singular
    form ``key.one`` through its ``key``, with ``count=1``)."""
    used = _keys_in_code() | set(DYNAMIC)
    used |= {f"{key}.one" for key in used}
    assert sorted(key for key in catalog(language) if key not in used) == []


def test_a_singular_form_is_a_count_text() -> None:
    """``key.one`` exists only beside a ``key`` that takes a ``count``."""
    for key, text in catalog("en").items():
        if key.endswith(".one"):
            assert "{count}" in catalog("en")[key.removesuffix(".one")], key
            assert set(_placeholders(text)) <= _placeholders(catalog("en")[key[:-4]]), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_placeholders_are_well_formed(language: str) -> None:
    """Every catalog text parses as a format string."""
    for key, text in catalog(language).items():
        fields = [name for _, name, _, _ in string.Formatter().parse(text) if name]
        assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), key


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_japanese_is_one_of_the_languages() -> None:
    """The issue asks for a complete Japanese catalog beside English."""
    assert LANGUAGES == ("en", "ja")


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_english_key_is_translated(language: str) -> None:
    """A key the lead adds to English fails here until it has a text in every language (the
    English fallback would otherwise show English in the middle of a Japanese table). A
    singular form (``key.one``) is only for languages that have one: without it, ``key``
    serves every count."""
    wanted = {key for key in catalog("en") if not key.endswith(".one")}
    missing = sorted(wanted - set(catalog(language)))
    assert missing == [], f"{language} lacks {len(missing)} key(s): {missing}"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_no_key_exists_only_in_a_translation(language: str) -> None:
    """A translated key without an English text is a leftover (renamed or removed in English)."""
    assert sorted(set(catalog(language)) - set(catalog("en"))) == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_placeholders_are_the_same_in_every_language(language: str) -> None:
    """A placeholder missing from a translation loses a value, an extra one is a KeyError in
    front of a user: each key has the same fields in every language (order may differ)."""
    english = catalog("en")
    differ = {
        key: (sorted(_placeholders(english[key])), sorted(_placeholders(text)))
        for key, text in catalog(language).items()
        if key in english and _placeholders(text) != _placeholders(english[key])
    }
    assert differ == {}


def test_every_japanese_text_is_japanese() -> None:
    """No English left in the Japanese catalog: every text that has words has kana, except
    names that are the same in both (KQJ, stat labels, markup-only texts)."""
    english = catalog("en")
    same = {key for key, text in catalog("ja").items() if text == english[key]}
    assert same <= {
        "cmdname.kqj",
        "family.kqj",
        "variant.kqj",
        "variant.short.kqj",
        "team.short",  # a team's letter
        "picture.title.kqj",
        "picture.computer",
        "stat.kq",
        "stat.kqj",
        "stats.player",
        "stats.match",
        "kqj.bonus.kq",
        "kqj.bonus.kqj",
        "kqj.award.round",
        "kqj.award.contract",
        "picture.turn",
        "settings.language.ja",  # a language's own name
        "settings.defaults_value",  # markup only
        "board.provisional_line",  # markup only
        "over.rating",  # markup only: who, before → after
        "panel.fact",  # markup only: a name in bold, its value
    }
    words = re.compile(r"[A-Za-z]{4,}")
    for key, text in catalog("ja").items():
        bare = re.sub(r"\{[a-z_]+\}", "", text)
        assert not words.search(bare) or KANA.search(bare), (key, text)


def test_japanese_texts_in_use() -> None:
    """A Japanese locale (and a regional one) gets Japanese; lookup finds it without English."""
    assert t("panel.stand", "ja") == "スタンド"
    assert t("opt.target", "ja-JP", target=14) == "先に14点で勝利"
    assert lookup("kqj.panel.counter", "ja") == "カウンター ×2"
    assert t("panel.stand", "en-US") == "Stand"


def test_a_command_named_in_a_message_is_named_in_the_message_language() -> None:
    """A parameter that is itself a catalog string (a command's name) is translated too: the
    Japanese answer names the Japanese command a Japanese client shows."""
    group = T("cmdname.allfours")
    assert t("table.none_here", "en", command=group).endswith("/allfours start.")
    assert "/オールフォー 開始" in t("table.none_here", "ja", command=group)
    assert "/kqj 開始" in t("table.none_here", "ja", command=T("cmdname.kqj"))
    assert t("table.none_here", "pt-BR", command=group).endswith("/allfours start.")


def test_the_examples_in_the_i18n_docstrings_hold() -> None:
    result = doctest.testmod(bot.i18n)
    assert result.attempted > 0
    assert result.failed == 0


def test_other_locales_fall_back_to_english() -> None:
    """A language without a catalog still gets English, formatted."""
    assert t("opt.target", "pt-BR", target=11) == "First to 11 points wins"
    assert t("opt.target", None, target=7) == "First to 7 points wins"
    assert lookup("opt.target", "pt-BR") is None


def test_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        t("no.such.key", "en")
