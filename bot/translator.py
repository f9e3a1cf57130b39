"""Slash-command names, descriptions and choices through the same catalogs as everything else.

Commands are declared with ``T(key)`` — group and command names (``cmdname.*``), option names
through ``app_commands.rename`` (``optname.*``), descriptions and choices: the English text
becomes the default Discord shows (and what players type), and the key travels in the
``locale_str`` extras so this translator can give Discord every other language that has a
catalog entry (Japanese: ``/オールフォー 開始``). A localized command or option name must follow
Discord's rules — lower case, letters, digits, ``-`` and ``_``, at most 32 characters —
which ``tests/bot/test_translator.py`` checks for every language.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import lookup, t


def T(key: str, /, **params: object) -> app_commands.locale_str:
    """A command string: the English text now, other languages at sync time."""
    return app_commands.locale_str(t(key, "en", **params), key=key, params=params)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not isinstance(key, str) or locale.value.startswith("en"):
            return None
        text = lookup(key, locale.value)
        if text is None:
            return None
        params = string.extras.get("params") or {}
        return text.format(**params) if params else text
