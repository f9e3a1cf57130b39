"""KQJ: six players, a 48-card deck with the Hero, Belote-style play, bonuses, rounded victory
points and a litigation pool; variants 2v2v2, random partners and auction (RULES.md §5-§7).

>>> from engine import kqj
>>> rules = kqj.preset("kqj").replace(target=500)
>>> state = kqj.new_game(rules, seed=7)
>>> seat = state.to_act
>>> action = kqj.legal_actions(state, seat)[0]
>>> t = kqj.apply(state, seat, action)
>>> t.state is not state, kqj.load(kqj.dump(t.state)) == t.state
(True, True)
"""

from engine.core import IllegalActionError, Transition
from engine.hidden import Knowledge
from engine.kqj.actions import (
    Action,
    AuctionEnded,
    Bid,
    BidMade,
    BonusScored,
    Capot,
    CardPlayed,
    Counter,
    Countered,
    Dealt,
    Event,
    GameOver,
    HandEnded,
    Overcounter,
    Overcountered,
    Pass,
    Passed,
    Play,
    PointsAwarded,
    Redeal,
    ReturnTurned,
    RoundEnded,
    Take,
    Took,
    TrickWon,
    TrumpFixed,
)
from engine.kqj.api import apply, deal, legal_actions, new_game, replay
from engine.kqj.codec import decode_action, dump, encode_action, load
from engine.kqj.deck import round10
from engine.kqj.inference import knowledge
from engine.kqj.players import choose_action, choose_interruption
from engine.kqj.rules import PRESET_NAMES, Ruleset, preset
from engine.kqj.state import GameState, Phase
from engine.kqj.view import PlayerView, observe

__all__ = [
    "PRESET_NAMES",
    "Action",
    "AuctionEnded",
    "Bid",
    "BidMade",
    "BonusScored",
    "Capot",
    "CardPlayed",
    "Counter",
    "Countered",
    "Dealt",
    "Event",
    "GameOver",
    "GameState",
    "HandEnded",
    "IllegalActionError",
    "Knowledge",
    "Overcounter",
    "Overcountered",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "PlayerView",
    "PointsAwarded",
    "Redeal",
    "ReturnTurned",
    "RoundEnded",
    "Ruleset",
    "Take",
    "Took",
    "Transition",
    "TrickWon",
    "TrumpFixed",
    "apply",
    "choose_action",
    "choose_interruption",
    "deal",
    "decode_action",
    "dump",
    "encode_action",
    "knowledge",
    "legal_actions",
    "load",
    "new_game",
    "observe",
    "preset",
    "replay",
    "round10",
]
