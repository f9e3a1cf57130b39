"""Game families as the service sees them: one adapter per engine family.

The service is family-agnostic: it stores a family name with each game and reaches the rules
only through a ``Family``. All Fours is the only family today; KQJ (``engine.kqj``, the same
API shape) gets an adapter here when its commands are built.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Final, Protocol

from engine import allfours
from engine.allfours import MAX_TARGET
from engine.core import RulesetError

State = Any
Action = Any
View = Any


class OptionsError(ValueError):
    """Table options that do not fit together; ``key``/``params`` name the translated reason."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class SeatStats:
    """What a transition adds to a seat's All Fours statistics."""

    hang_jacks: int = 0
    kick_points: int = 0


class Family(Protocol):
    """What the service needs from a family of games (all pure functions of the engine)."""

    name: str
    variants: tuple[str, ...]

    def build_rules(self, variant: str, options: Mapping[str, object]) -> Any: ...
    def rules_to_json(self, rules: Any) -> str: ...
    def rules_from_json(self, text: str) -> Any: ...
    def players(self, rules: Any) -> int: ...
    def sides(self, rules: Any) -> int: ...
    def side_of(self, rules: Any, seat: int) -> int: ...
    def new_game(self, rules: Any, seed: int) -> State: ...
    def dump(self, state: State) -> str: ...
    def load(self, text: str) -> State: ...
    def legal_actions(self, state: State, seat: int) -> list[Action]: ...
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Any]]: ...
    def observe(self, state: State, seat: int | None) -> View: ...
    def encode(self, action: Action) -> str: ...
    def decode(self, code: str) -> Action: ...
    def choose(self, state: State, seat: int, rng: Random) -> Action: ...
    def winner(self, state: State) -> int | None: ...
    def scores(self, state: State) -> tuple[int, ...]: ...
    def hand_number(self, state: State) -> int: ...
    def is_shared_decision(self, action: Action) -> bool: ...
    def initial_stats(self, state: State) -> dict[int, SeatStats]: ...
    def stats(self, events: Sequence[Any]) -> dict[int, SeatStats]: ...
    def hand_summary(self, before: State, events: Sequence[Any]) -> str | None: ...


_KICKS: Final = {"trinidad": "6", "tobago": "2"}

_OPTIONS: Final[dict[str, tuple[str, Callable[[object], object]]]] = {
    "players": ("players", lambda value: value),
    "partnerships": ("partnerships", bool),
    "target": ("target", lambda value: value),
    "kicks": ("kick_two_rank", lambda value: _KICKS.get(str(value), value)),
    "low": ("low_mode", lambda value: value),
    "gift": ("gift_point", bool),
    "game_tie": ("game_tie", lambda value: value),
    "undertrump": ("forbid_undertrump", lambda value: not value),
    "take_one_to_win": ("allow_take_one_to_win", bool),
}
"""Table option -> (engine Ruleset field, conversion of the command's value)."""


def _refusal(option: str | None, given: Mapping[str, object]) -> OptionsError:
    """The translated reason for a ruleset the engine refused, from the option it names."""
    if option == "players":
        return OptionsError("options.players", players=given.get("players"))
    if option == "partnerships":
        if given.get("partnerships"):
            return OptionsError("options.partnerships_need_four")
        return OptionsError("options.caribbean_partners")
    if option == "target":
        return OptionsError("options.target", max=MAX_TARGET)
    if option == "kick_two_rank":
        return OptionsError("options.kicks_caribbean_only")
    return OptionsError("options.invalid")


class AllFoursFamily:
    """All Fours: Caribbean (Trinidad / Tobago), English and Seven Up (RULES.md §1-§4)."""

    name = "allfours"
    variants: tuple[str, ...] = allfours.PRESET_NAMES

    def build_rules(self, variant: str, options: Mapping[str, object]) -> allfours.Ruleset:
        """The preset with the table's options. The engine checks them (the one source of the
        rules); a refusal is translated from the option it names.

        Options: ``players``, ``partnerships``, ``target``, ``kicks`` (trinidad / tobago),
        ``low`` (held / captured), ``gift``, ``game_tie`` (none / non_dealer), ``undertrump``
        (true: allowed), ``take_one_to_win``. ``None`` values mean "the preset's default".
        """
        if variant not in self.variants:
            raise OptionsError("options.unknown_variant", variant=variant)
        given = {k: v for k, v in options.items() if v is not None}
        changes: dict[str, object] = {}
        for name, value in given.items():
            field, convert = _OPTIONS[name]
            changes[field] = convert(value)
        try:
            return allfours.preset(variant).replace(**changes)
        except RulesetError as exc:
            raise _refusal(exc.option, given) from None

    def rules_to_json(self, rules: allfours.Ruleset) -> str:
        return allfours.dump(rules)

    def rules_from_json(self, text: str) -> allfours.Ruleset:
        rules = allfours.load(text)
        assert isinstance(rules, allfours.Ruleset)
        return rules

    def players(self, rules: allfours.Ruleset) -> int:
        return rules.players

    def sides(self, rules: allfours.Ruleset) -> int:
        return rules.sides

    def side_of(self, rules: allfours.Ruleset, seat: int) -> int:
        return rules.side_of(seat)

    def new_game(self, rules: allfours.Ruleset, seed: int) -> allfours.GameState:
        return allfours.new_game(rules, seed=seed)

    def dump(self, state: allfours.GameState) -> str:
        return allfours.dump(state)

    def load(self, text: str) -> allfours.GameState:
        state = allfours.load(text)
        assert isinstance(state, allfours.GameState)
        return state

    def legal_actions(self, state: allfours.GameState, seat: int) -> list[allfours.Action]:
        if state.winner is not None:
            return []
        return allfours.legal_actions(state, seat)

    def apply(
        self, state: allfours.GameState, seat: int, action: allfours.Action
    ) -> tuple[allfours.GameState, list[Any]]:
        transition = allfours.apply(state, seat, action)
        return transition.state, list(transition.events)

    def observe(self, state: allfours.GameState, seat: int | None) -> allfours.PlayerView:
        return allfours.observe(state, seat)

    def encode(self, action: allfours.Action) -> str:
        return allfours.encode_action(action)

    def decode(self, code: str) -> allfours.Action:
        return allfours.decode_action(code)

    def choose(self, state: allfours.GameState, seat: int, rng: Random) -> allfours.Action:
        legal = allfours.legal_actions(state, seat)
        return allfours.choose_action(allfours.observe(state, seat), legal, rng)

    def winner(self, state: allfours.GameState) -> int | None:
        return state.winner

    def scores(self, state: allfours.GameState) -> tuple[int, ...]:
        return state.scores

    def hand_number(self, state: allfours.GameState) -> int:
        return state.hand_number

    def is_shared_decision(self, action: allfours.Action) -> bool:
        """Discards: several seats discard down to six at the same time, in any order."""
        return isinstance(action, allfours.Discard)

    def initial_stats(self, state: allfours.GameState) -> dict[int, SeatStats]:
        """The first deal's kick is scored inside ``new_game``, whose events are not returned."""
        return self.stats(state.hand_awards)

    def stats(self, events: Sequence[Any]) -> dict[int, SeatStats]:
        hang: dict[int, int] = {}
        kicks: dict[int, int] = {}
        for event in events:
            if not isinstance(event, allfours.PointsAwarded) or event.seat is None:
                continue
            if event.reason == "hang_jack":
                hang[event.seat] = hang.get(event.seat, 0) + 1
            elif event.reason == "kick":
                kicks[event.seat] = kicks.get(event.seat, 0) + event.points
        return {
            seat: SeatStats(hang_jacks=hang.get(seat, 0), kick_points=kicks.get(seat, 0))
            for seat in hang.keys() | kicks.keys()
        }

    def hand_summary(self, before: allfours.GameState, events: Sequence[Any]) -> str | None:
        """JSON of a finished hand's count (None if no hand ended): the awards of the deal
        (kicks, take one) and of the count (High, Low, Jack or hang jack, Game) in order."""
        for event in events:
            if isinstance(event, allfours.HandEnded):
                return json.dumps(
                    {
                        "hand": event.hand_number,
                        "game_points": list(event.game_points),
                        "scores": list(event.scores),
                        "deal": [_award(a) for a in before.hand_awards],
                        "count": [_award(a) for a in event.awards],
                    },
                    separators=(",", ":"),
                )
        return None


def _award(award: allfours.PointsAwarded) -> dict[str, object]:
    return {
        "side": award.side,
        "points": award.points,
        "reason": award.reason,
        "card": None if award.card is None else str(award.card),
        "seat": award.seat,
    }


ALL_FOURS: Final = AllFoursFamily()
FAMILIES: Final[dict[str, Family]] = {ALL_FOURS.name: ALL_FOURS}


def family(name: str) -> Family:
    """The family adapter of a stored game (``KeyError`` for a family this build lacks)."""
    return FAMILIES[name]
