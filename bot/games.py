"""The games the bot hosts: one registration list, read by everything that needs the games —
the bot (their families, their commands, their words), the engine's compile script, and the
tests.

A game lives in one folder per layer, named after it, and nowhere else:

- ``engine/<game>/``: its rules, pure (``COMPILED`` names its modules worth compiling);
- ``bot/families/<game>/``: its adapter (``FAMILY``, a ``bot.families.base.Family``), its
  picture, and its words (``locales/en.py``, ``locales/ja.py``);
- ``cogs/<game>/``: its commands and what its tables look like (a Discord extension).

A game of the project is one line of ``GAMES``; a game that lives elsewhere (the tests'
own) is added with ``register`` before the bot starts.

>>> [game.name for game in games()][:2]
['allfours', 'kqj']
>>> GAMES[1].family, GAMES[1].cog
('bot.families.kqj', 'cogs.kqj')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Game:
    """Where one game lives, by module: its engine package, its family (the module that
    defines ``FAMILY`` and holds ``locales``) and its Discord extension."""

    name: str
    engine: str
    family: str
    cog: str

    @classmethod
    def of(cls, name: str) -> Game:
        """A game of the project, in the folders named after it."""
        return cls(name, f"engine.{name}", f"bot.families.{name}", f"cogs.{name}")


GAMES: Final = (Game.of("allfours"), Game.of("kqj"))
"""The games of the project, in the order the bot shows them."""

_registered: list[Game] = list(GAMES)
_listeners: list[Callable[[], None]] = []
"""What is read from the list once and must be read again when it changes (caches)."""


def games() -> tuple[Game, ...]:
    """Every game the bot hosts now."""
    return tuple(_registered)


def register(game: Game) -> None:
    """Host one more game (before the bot starts; a name can be registered once)."""
    if any(known.name == game.name for known in _registered):
        raise ValueError(f"a game named {game.name!r} is registered already")
    _registered.append(game)
    _changed()


def unregister(name: str) -> None:
    """Stop hosting a game that ``register`` added (the project's own stay)."""
    if any(game.name == name for game in GAMES):
        raise ValueError(f"{name!r} is one of the project's games")
    _registered[:] = [game for game in _registered if game.name != name]
    _changed()


def on_change(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever a game is registered or unregistered: the modules that read
    the list once (the families, the catalogs) drop what they made of it."""
    _listeners.append(forget)


def _changed() -> None:
    for forget in _listeners:
        forget()
