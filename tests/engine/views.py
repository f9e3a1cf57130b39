"""Every seat's view in the golden transcripts, after OpenSpiel's playthroughs (which record
each player's observation at every step): an engine-level leak of a hidden card, or a public
fact that stops being shown, is a diff of the transcript.

Views are written as changes, so that the files stay readable:

- ``view -:`` the spectator's view (``observe(state, None)``): each field that changed since
  the last step (every field at the first);
- ``view <seat>:`` that seat's view where it differs from the spectator's (its own hand, and
  in All Fours its discards): each such field that changed since the last step, or that is
  now the same as the spectator's again (written in full then);
- a tuple that only grew at its end is written as ``field+=(the new items)``.

The ruleset is left out: it never changes and the transcript's first line holds it. Nothing
is written for a view with no change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from enum import Enum
from typing import Any

from engine.cards import Card

SKIPPED = frozenset({"rules"})
UNSEEN = object()
"""The value of a field before the first step."""


def text(value: object) -> str:
    """Short, stable text of a view field: cards as ``Ah``, ``(seat, card)`` as ``2:Ah``."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        if len(value) == 2 and type(value[0]) is int and isinstance(value[1], Card):
            return f"{value[0]}:{value[1]}"
        return "(" + " ".join(text(item) for item in value) + ")"
    return repr(value)


def change(name: str, before: object, after: object) -> str:
    if isinstance(before, tuple) and isinstance(after, tuple) and after[: len(before)] == before:
        return f"{name}+={text(after[len(before) :])}"
    return f"{name}={text(after)}"


class ViewLog:
    """The view lines of one transcript, step after step."""

    def __init__(self, observe: Callable[[Any, int | None], Any], players: int) -> None:
        self._observe = observe
        self._players = players
        self._public: dict[str, object] = {}
        self._private: list[dict[str, object]] = [{} for _ in range(players)]

    def lines(self, state: Any) -> list[str]:
        """The changes of every view since the last call, one line per view that changed."""
        public = self._fields(self._observe(state, None))
        found: list[str] = []
        changed = [
            change(name, self._public.get(name, UNSEEN), value)
            for name, value in public.items()
            if self._public.get(name, UNSEEN) != value
        ]
        if changed:
            found.append("  view -: " + " ".join(changed))
        for seat in range(self._players):
            view = self._fields(self._observe(state, seat))
            own = {name: value for name, value in view.items() if value != public[name]}
            before = self._private[seat]
            changed = []
            for name, value in view.items():
                if name in own:
                    old = before[name] if name in before else self._public.get(name, UNSEEN)
                    if before.get(name, UNSEEN) != value:
                        changed.append(change(name, old, value))
                elif name in before:
                    changed.append(f"{name}={text(value)}")
            if changed:
                found.append(f"  view {seat}: " + " ".join(changed))
            self._private[seat] = own
        self._public = public
        return found

    @staticmethod
    def _fields(view: Any) -> dict[str, object]:
        return {f.name: getattr(view, f.name) for f in fields(view) if f.name not in SKIPPED}
