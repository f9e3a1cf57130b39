"""Every user-facing string goes through ``t(key, locale, **params)``.

Catalogs live in ``bot/locales/<language>.py`` as a ``MESSAGES`` dict of ``key -> text`` with
``str.format`` placeholders. A locale such as ``pt-BR`` falls back to ``pt`` and then to
English, so a language can be added without touching the cogs. A key missing from every
catalog is a programming error and raises ``KeyError`` (tests check every key used exists).

A text that counts something has a singular form where the language has one: with a
``count`` parameter of 1, ``key.one`` is used if the language's catalog has it (English
``"{count} games"`` / ``"{count} game"``; Japanese needs none).

A parameter may itself be a catalog string (a command's ``T(key)``, see ``bot.translator``): it
is written in the message's language, so a Japanese text names ``/オールフォー`` where the
English one names ``/allfours``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Final

from bot.games import games, on_change

DEFAULT_LOCALE: Final = "en"
LANGUAGES: Final = ("en", "ja")
"""Languages with a catalog in ``bot/locales``."""


@cache
def catalog(language: str) -> Mapping[str, str]:
    """The messages of one language (empty when there is no catalog for it): the shared
    catalog (``bot/locales``) and every registered game's own (``<its family>/locales``). A
    key is one game's or shared, never both."""
    if language not in LANGUAGES:
        return {}
    messages = dict(_messages("bot.locales", language))
    for game in games():
        for key, text in _messages(f"{game.family}.locales", language).items():
            if key in messages:
                raise KeyError(f"{game.name} redefines the message {key!r}")
            messages[key] = text
    return messages


on_change(catalog.cache_clear)


def _messages(package: str, language: str) -> Mapping[str, str]:
    try:
        module = importlib.import_module(f"{package}.{language}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.{language}":
            raise
        return {}  # a game without words in this language: English serves
    found: Mapping[str, str] = module.MESSAGES
    return found


@lru_cache(maxsize=64)  # asked for every text drawn: a few locales, asked again and again
def _chain(locale: str | None) -> tuple[str, ...]:
    if not locale:
        return (DEFAULT_LOCALE,)
    text = str(locale)
    base = text.split("-")[0].split("_")[0].lower()
    return tuple(dict.fromkeys((text, base, DEFAULT_LOCALE)))


def lookup(key: str, locale: str | None) -> str | None:
    """The raw text of ``key`` in ``locale`` only (no English fallback); None if untranslated."""
    for language in _chain(locale)[:-1] or _chain(locale):
        text = catalog(language).get(key)
        if text is not None:
            return text
    return None


def _in_language(value: object, locale: str | None) -> object:
    """A catalog string (one with a ``key`` in its ``extras``, as ``bot.translator.T`` makes
    them with discord.py's ``locale_str``) in ``locale``; any other parameter as it is."""
    if isinstance(value, str | int | float):  # nearly every parameter: decided at once
        return value
    extras = getattr(value, "extras", None)
    key = extras.get("key") if isinstance(extras, dict) else None
    if isinstance(extras, dict) and isinstance(key, str):
        return t(key, locale, **(extras.get("params") or {}))
    return value


def t(key: str, locale: str | None = None, /, **params: object) -> str:
    """The text of ``key`` in ``locale`` (falling back to English), formatted with ``params``.

    >>> t("opt.target", "ja", target=14), t("opt.target", "ja-JP", target=7)
    ('先に14点で勝利', '先に7点で勝利')
    >>> t("count.games", "en", count=1), t("count.games", "en", count=3)
    ('1 game', '3 games')
    """
    for language in _chain(locale):
        text = catalog(language).get(key)
        if text is not None:
            if params.get("count") == 1:
                text = catalog(language).get(f"{key}.one", text)
            if not params:
                return text
            return text.format(**{name: _in_language(v, locale) for name, v in params.items()})
    raise KeyError(f"no message {key!r} in any catalog")
