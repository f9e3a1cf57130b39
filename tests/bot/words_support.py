"""What a person may read: a check that finds codes and program text in a message, and a
recorder of every text the bot renders through ``t()`` while a test runs."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Any, Final

import pytest

from bot import i18n
from bot.i18n import LANGUAGES, catalog

_MARKUP: Final = re.compile(
    r"<@!?\d+>|<#\d+>|<t:\d+(?::[tTdDfFR])?>|<a?:\w+:\d+>|https?://\S+|\*\*|__|`"
)
"""Discord markup a client renders (mentions, channels, timestamps, emoji, links, bold)."""
_PROBLEMS: Final = (
    # (the English word "As" before another word is not the ace of spades)
    ("a card code", re.compile(r"(?<![\w'’])(?:10|[2-9TJQKAH])[shdc](?![\w'’])(?<!As(?= \w))")),
    # (a number of seconds is "20 s", not a suit)
    ("a suit code", re.compile(r"(?<![\w'’&])(?<!\d )[shdc](?![\w'’])")),
    ("a placeholder", re.compile(r"\{\w*\}")),
    ("a repr", re.compile(r"\b(?:Card|Suit|Phase|Status)\(|\bobject at 0x|<[a-z_.]+ |\(\s*'")),
    ("None", re.compile(r"\bNone\b")),
    ("a container", re.compile(r"[\[\]{}]")),
)


def _keys() -> frozenset[str]:
    return frozenset(key for language in LANGUAGES for key in catalog(language))


KEY_PATTERN: Final = re.compile(
    r"(?<![\w.])(?:"
    + "|".join(re.escape(k) for k in sorted(_keys(), key=len, reverse=True))
    + r")(?![\w.])"
)


def unreadable(text: str) -> list[str]:
    """What in ``text`` a person should never read (empty when it reads as words)."""
    plain = _MARKUP.sub(" ", text)
    found = [
        f"{what}: {match.group(0)!r}"
        for what, pattern in _PROBLEMS
        for match in pattern.finditer(plain)
    ]
    found += [
        f"a catalog key: {m.group(0)!r}" for m in KEY_PATTERN.finditer(plain) if "." in m.group(0)
    ]
    return found


def parametrized_keys() -> frozenset[str]:
    """Every catalog key whose text takes parameters (a singular form ``key.one`` counts as
    its own key: see ``covered``)."""
    return frozenset(key for key, text in catalog("en").items() if re.search(r"\{\w+\}", text))


def covered(rendered: list[Rendered]) -> frozenset[str]:
    """The parametrized keys these renderings used (``key.one`` when ``count`` was 1)."""
    found = set()
    for r in rendered:
        if r.params:
            found.add(r.key)
            if r.params.get("count") == 1:
                found.add(f"{r.key}.one")
    return frozenset(found)


@dataclass(frozen=True)
class Rendered:
    key: str
    locale: str | None
    params: dict[str, Any]
    text: str


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[Rendered]:
    """Every distinct text ``t()`` rendered while the test runs, with the parameters of its
    first rendering. A text rendered again is kept again only when it tells ``covered``
    something new (parameters where there were none, or ``count`` of one): a sweep of whole
    games renders the same texts a million times, and each is checked once."""
    found: list[Rendered] = []
    seen: set[tuple[str, str | None, str, bool, bool]] = set()
    original = i18n.t

    def recording(key: str, locale: str | None = None, /, **params: object) -> str:
        text = original(key, locale, **params)
        marks = (key, locale, text, bool(params), params.get("count") == 1)
        if marks not in seen:
            seen.add(marks)
            found.append(Rendered(key, locale, dict(params), text))
        return text

    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        found_t = getattr(module, "t", None)
        is_t = getattr(found_t, "__module__", None) == "bot.i18n" and found_t.__name__ == "t"
        if name.split(".")[0] in ("bot", "cogs") and is_t:
            monkeypatch.setattr(module, "t", recording)
    return found
