"""Text forms of All Fours states, rulesets and actions.

Actions have a short, stable text code used in the stored action log and in button ids:
``S`` stand, ``B`` beg, ``T`` take one, ``R`` run the pack, ``P:Th`` play, ``D:2c.3d`` discard.

>>> from engine.allfours.actions import Play, Stand
>>> encode_action(Play("Th")), decode_action("P:Th") == Play("Th")
('P:Th', True)
>>> decode_action(encode_action(Stand()))
Stand()
"""

from __future__ import annotations

from typing import Final

from engine.allfours.actions import Action, Beg, Discard, Play, RunPack, Stand, TakeOne
from engine.allfours.rules import Ruleset
from engine.allfours.state import GameState
from engine.cards import CardError, parse_cards
from engine.core import ActionFormatError, StateFormatError, dumps_compact, loads_object

_SIMPLE: Final[dict[str, Action]] = {"S": Stand(), "B": Beg(), "T": TakeOne(), "R": RunPack()}
_CODES: Final = {type(action): code for code, action in _SIMPLE.items()}


def encode_action(action: Action) -> str:
    """The short text code of an action (see the module docstring)."""
    match action:
        case Play(card=card):
            return f"P:{card}"
        case Discard(cards=cards):
            return "D:" + ".".join(str(c) for c in cards)
        case Stand() | Beg() | TakeOne() | RunPack():
            return _CODES[type(action)]
        case _:
            raise ActionFormatError(f"{action!r} is not an All Fours action")


def decode_action(text: str) -> Action:
    """Read a code made by ``encode_action``; anything else raises ``ActionFormatError``."""
    if not isinstance(text, str):
        raise ActionFormatError(f"an action code is text, not {text!r}")
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple
    kind, _, rest = text.partition(":")
    try:
        if kind == "P" and rest:
            (card,) = parse_cards([rest])
            return Play(card)
        if kind == "D" and rest:
            return Discard(parse_cards(rest.split(".")))
    except (CardError, ValueError):
        pass
    raise ActionFormatError(f"{text!r} is not an All Fours action code")


def dump(obj: GameState | Ruleset) -> str:
    """JSON text of a state or a ruleset; ``load`` reads it back exactly."""
    if isinstance(obj, GameState):
        return obj.to_json()
    if isinstance(obj, Ruleset):
        return dumps_compact({"game": "allfours-rules", "rules": obj.to_dict()})
    raise StateFormatError(f"cannot dump {type(obj).__name__}")


def load(text: str | bytes) -> GameState | Ruleset:
    """Read ``dump`` output back into an equal state or ruleset."""
    data = loads_object(text, "All Fours data")
    if data.get("game") == "allfours-rules":
        return Ruleset.from_dict(data["rules"])
    return GameState.from_dict(data)
