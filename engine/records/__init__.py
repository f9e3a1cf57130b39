"""Game records: a whole game as plain text, read and written by the engine, and replayed
through it to check every fact it states (docs/records.md documents the format).

Modelled on bridge's PBN (and Trickster Cards' PBN-derived PTN): tag pairs for the game
(event, server, date, seats and names, the result, the seed and every ruleset option), then
each deal (dealer, scores, every hand, the stock as far as it was used, the kick or the
Return), each decision and each trick in order with the engine's action codes, and what the
deal scored.

- ``from_log(rules, seed, log, ...)``: the record of a game from what a table stores.
- ``write(game)`` / ``read(text)``: the text, and back (``read(write(game)) == game``).
- ``replay(game)``: the engine's state after the record, every fact checked on the way
  (with a seed: the game's stored state); ``check(text)`` reads and replays, naming the
  line of a fact the engine disagrees with. ``python -m engine.records FILE`` does that from
  the command line (a bug report's format).

>>> from engine import allfours, records
>>> rules = allfours.preset("english")
>>> state = allfours.new_game(rules, seed=3)
>>> game = records.from_log(rules, 3, [(state.to_act, "S")], names=["Ann", "Bo"])
>>> records.read(records.write(game)) == game
True
>>> records.replay(game) == allfours.replay(rules, 3, [(state.to_act, allfours.Stand())])
True
"""

from engine.records.model import (
    Action,
    Contract,
    DealRecord,
    GameRecord,
    Move,
    RecordError,
    Rules,
    Trick,
)
from engine.records.reading import read
from engine.records.replay import State, check, from_log, replay
from engine.records.text import FORMAT, write

__all__ = [
    "FORMAT",
    "Action",
    "Contract",
    "DealRecord",
    "GameRecord",
    "Move",
    "RecordError",
    "Rules",
    "State",
    "Trick",
    "check",
    "from_log",
    "read",
    "replay",
    "write",
]
