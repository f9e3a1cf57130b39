"""Tiny Tricks' adapter for the table machinery: ``FAMILY``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Final

from bot.families.base import Family, OptionsError, Result, Stats, places_from_scores
from engine.cards import Card
from engine.core import Play, TrickWon
from engine.search import Budget, Hint
from tests.house.tiny import engine
from tests.house.tiny.engine import Rules, State, View


class TinyFamily(Family[Rules, State, Play, View]):
    name = "tiny"
    prefix = "tt"
    variants = ("tiny",)
    stat_names = ("tricks",)
    pools = ("tiny",)
    levels = engine.LEVELS

    def build_rules(self, variant: str, options: Mapping[str, object]) -> Rules:
        if variant not in self.variants:
            raise OptionsError("options.unknown_variant", variant=variant)
        target = options.get("target")
        try:
            return Rules() if target is None else Rules(int(str(target)))
        except ValueError:
            raise OptionsError("options.invalid") from None

    def rules_to_json(self, rules: Rules) -> str:
        return json.dumps({"target": rules.target})

    def rules_from_json(self, text: str) -> Rules:
        return Rules(json.loads(text)["target"])

    def players(self, rules: Rules) -> int:
        return engine.PLAYERS

    def lobby_teams(self, rules: Rules) -> tuple[tuple[int, ...], ...] | None:
        return None

    def rating_pool(self, rules: Rules) -> str:
        return "tiny"

    def new_game(self, rules: Rules, seed: int) -> State:
        return engine.new_game(rules, seed)

    def replay(self, rules: Rules, seed: int, log: Sequence[tuple[int, Play]]) -> State:
        return engine.replay(rules, seed, log)

    def dump(self, state: State) -> str:
        return engine.dump(state)

    def load(self, text: str) -> State:
        return engine.load(text)

    def legal_actions(self, state: State, seat: int) -> list[Play]:
        return engine.legal_actions(state, seat)

    def expected_actors(self, state: State) -> tuple[int, ...]:
        return () if state.to_act is None else (state.to_act,)

    def apply(self, state: State, seat: int, action: Play) -> tuple[State, list[Any]]:
        return engine.apply(state, seat, action)

    def observe(self, state: State, seat: int | None) -> View:
        return engine.observe(state, seat)

    def encode(self, action: Play) -> str:
        return f"P:{action.card}"

    def decode(self, code: str) -> Play:
        kind, _, card = code.partition(":")
        if kind != "P":
            raise ValueError(code)
        return Play(card)

    def choose(
        self,
        level: str,
        view: View,
        legal: Sequence[Play],
        rng: Random,
        budget: Budget | None = None,
    ) -> Play:
        return engine.choose(level, view, legal, rng)

    def hint(
        self, view: View, legal: Sequence[Play], rng: Random, budget: Budget | None = None
    ) -> Hint[Play | None]:
        found = engine.hint(view, legal, rng, budget)
        return Hint(found.action, found.reason, found.details)

    def result(self, state: State) -> Result | None:
        if state.winner is None:
            return None
        return places_from_scores(state.scores, (state.winner,))

    def scores(self, state: State) -> tuple[int, ...]:
        return state.scores

    def sides(self, rules: Rules) -> int:
        return engine.PLAYERS

    def side_of(self, state: State, seat: int) -> int:
        return seat

    def deal_number(self, state: State) -> int:
        return state.deal

    def deal_started(self, event: Any) -> int | None:
        return event.deal if isinstance(event, engine.Dealt) else None

    def hand_of(self, state: State, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def stats(self, state: State, events: Sequence[Any]) -> dict[int, Stats]:
        return {e.seat: {"tricks": 1} for e in events if isinstance(e, TrickWon)}


FAMILY: Final = TinyFamily()
