"""All Fours: Caribbean (Trinidad and Tobago), English (Parlett) and Seven Up (RULES.md §1-§4).

>>> from engine import allfours
>>> rules = allfours.preset("caribbean").replace(target=7)
>>> state = allfours.new_game(rules, seed=7)
>>> seat = state.to_act
>>> action = allfours.legal_actions(state, seat)[0]
>>> t = allfours.apply(state, seat, action)
>>> t.state is not state
True
"""

from engine.allfours.actions import (
    Action,
    Beg,
    Begged,
    CardPlayed,
    CardTurned,
    Dealt,
    Discard,
    Discarded,
    Event,
    GameOver,
    HandEnded,
    Play,
    PointsAwarded,
    RanPack,
    Redeal,
    RunPack,
    Stand,
    Stood,
    TakeOne,
    TookOne,
    TrickWon,
    TrumpFixed,
)
from engine.allfours.api import apply, deal, legal_actions, new_game, replay
from engine.allfours.codec import decode_action, dump, encode_action, load
from engine.allfours.inference import knowledge
from engine.allfours.kicks import kick_points
from engine.allfours.players import choose_action
from engine.allfours.rules import MAX_TARGET, PRESET_NAMES, Ruleset, preset
from engine.allfours.scoring import game_points
from engine.allfours.state import GameState, Phase, PlayerView
from engine.allfours.view import observe
from engine.core import IllegalActionError, Transition
from engine.hidden import Knowledge

__all__ = [
    "MAX_TARGET",
    "PRESET_NAMES",
    "Action",
    "Beg",
    "Begged",
    "CardPlayed",
    "CardTurned",
    "Dealt",
    "Discard",
    "Discarded",
    "Event",
    "GameOver",
    "GameState",
    "HandEnded",
    "IllegalActionError",
    "Knowledge",
    "Phase",
    "Play",
    "PlayerView",
    "PointsAwarded",
    "RanPack",
    "Redeal",
    "Ruleset",
    "RunPack",
    "Stand",
    "Stood",
    "TakeOne",
    "TookOne",
    "Transition",
    "TrickWon",
    "TrumpFixed",
    "apply",
    "choose_action",
    "deal",
    "decode_action",
    "dump",
    "encode_action",
    "game_points",
    "kick_points",
    "knowledge",
    "legal_actions",
    "load",
    "new_game",
    "observe",
    "preset",
    "replay",
]
