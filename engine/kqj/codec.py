"""Text forms of KQJ states, rulesets and actions.

Actions have a short, stable text code, used in the stored action log and in Discord button
custom_ids (at most 100 characters, so codes stay tiny): ``T`` take (first round), ``T:h`` /
``T:all`` / ``T:none`` take naming a contract, ``N`` pass, ``B:130:h`` bid, ``K:h`` capot,
``C`` counter, ``O`` overcounter, ``P:Th`` play. Only the exact codes ``encode_action`` makes
are read back: anything else (a forged or mangled id) raises ``ActionFormatError``.

>>> from engine.kqj.actions import Bid, Take
>>> encode_action(Bid(130, "h")), encode_action(Take()), encode_action(Play("Hd"))
('B:130:h', 'T', 'P:Hd')
>>> decode_action("B:130:h") == Bid(130, "h")
True
"""

from __future__ import annotations

import re
from typing import Final

from engine.cards import Card
from engine.core import ActionFormatError, Play, StateFormatError, dumps_compact, loads_object
from engine.kqj.actions import Action, Bid, Capot, Counter, Overcounter, Pass, Take
from engine.kqj.deck import is_kqj_card
from engine.kqj.rules import Ruleset
from engine.kqj.state import GameState

_SIMPLE: Final[dict[str, Action]] = {
    "T": Take(),
    "N": Pass(),
    "C": Counter(),
    "O": Overcounter(),
}
_CONTRACT: Final = r"(s|h|d|c|all|none)"
_PATTERNS: Final = (
    ("take", re.compile(rf"T:{_CONTRACT}")),
    ("bid", re.compile(rf"B:([1-9][0-9]{{1,3}}):{_CONTRACT}")),
    ("capot", re.compile(rf"K:{_CONTRACT}")),
    ("play", re.compile(r"P:([456789TJQKAH][shdc])")),
)


def encode_action(action: Action) -> str:
    """The short text code of an action (see the module docstring)."""
    match action:
        case Play(card=card):
            return f"P:{card}"
        case Take(contract=None):
            return "T"
        case Take(contract=contract):
            return f"T:{contract}"
        case Pass():
            return "N"
        case Bid(value=value, contract=contract):
            return f"B:{value}:{contract}"
        case Capot(contract=contract):
            return f"K:{contract}"
        case Counter():
            return "C"
        case Overcounter():
            return "O"
        case _:
            raise ActionFormatError(f"{action!r} is not a KQJ action")


def decode_action(text: str) -> Action:
    """Read a code made by ``encode_action``; anything else raises ``ActionFormatError``.

    >>> decode_action("P:2h")
    Traceback (most recent call last):
      ...
    engine.core.ActionFormatError: 'P:2h' is not a KQJ action code
    """
    if not isinstance(text, str):
        raise ActionFormatError(f"an action code is text, not {text!r}")
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        if kind == "take":
            return Take(match.group(1))
        if kind == "bid":
            return Bid(int(match.group(1)), match.group(2))
        if kind == "capot":
            return Capot(match.group(1))
        card = Card.parse(match.group(1))
        if is_kqj_card(card.index):
            return Play(card)
    raise ActionFormatError(f"{text!r} is not a KQJ action code")


def dump(obj: GameState | Ruleset) -> str:
    """JSON text of a state or a ruleset; ``load`` reads it back exactly.

    >>> from engine.kqj.rules import preset
    >>> load(dump(preset("kqj"))) == preset("kqj")
    True
    """
    if isinstance(obj, GameState):
        return obj.to_json()
    if isinstance(obj, Ruleset):
        return dumps_compact({"game": "kqj-rules", "rules": obj.to_dict()})
    raise StateFormatError(f"cannot dump {type(obj).__name__}")


def load(text: str | bytes) -> GameState | Ruleset:
    """Read ``dump`` output back into an equal state or ruleset.

    >>> from engine.kqj.dealing import new_game
    >>> from engine.kqj.rules import preset
    >>> state = new_game(preset("kqj"), seed=3)
    >>> load(dump(state)) == state
    True
    """
    data = loads_object(text, "KQJ data")
    if data.get("game") == "kqj-rules":
        rules = data.get("rules")
        if not isinstance(rules, dict):
            raise StateFormatError("KQJ ruleset data must hold an object of options")
        return Ruleset.from_dict(rules)
    return GameState.from_dict(data)
