"""The All Fours family: Caribbean (Trinidad / Tobago), English and Seven Up (RULES.md §1-§4)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, Final, Protocol

from bot.families.base import Family, OptionsError, Result, Stats, places_from_scores
from engine import allfours
from engine.allfours import MAX_TARGET
from engine.cards import Card
from engine.core import RulesetError
from engine.search import Budget, Hint

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
    if option == "low_mode":
        return OptionsError("options.low_caribbean")
    return OptionsError("options.invalid")


class AllFoursPublic(Protocol):
    """What everyone may see of an All Fours game: the spectator's ``PlayerView`` without the
    viewer's ``hand`` and ``discards`` (public messages are drawn from this type, so no hand
    is within their reach)."""

    @property
    def seat(self) -> int | None: ...
    @property
    def rules(self) -> allfours.Ruleset: ...
    @property
    def phase(self) -> allfours.Phase: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def elder(self) -> int: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def kick(self) -> Card | None: ...
    @property
    def turned(self) -> tuple[Card, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def pending_discards(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def previous_trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def previous_trick_winner(self) -> int | None: ...
    @property
    def played(self) -> tuple[Card, ...]: ...
    @property
    def captured(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def awards(self) -> tuple[allfours.PointsAwarded, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def plays(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def trick_winners(self) -> tuple[int, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def discard_sizes(self) -> tuple[int, ...]: ...
    @property
    def seen_suits(self) -> tuple[str, ...]: ...
    @property
    def deal_count(self) -> int: ...

    def side_of(self, seat: int) -> int: ...


class AllFoursFamily(
    Family[allfours.Ruleset, allfours.GameState, allfours.Action, allfours.PlayerView]
):
    """All Fours: every seat acts in turn, except English / Seven Up discards, which every
    seat above six cards makes at the same time in any order (RULES.md §3.4)."""

    name = "allfours"
    prefix = "af"
    variants: tuple[str, ...] = allfours.PRESET_NAMES
    stat_names = ("hang_jacks", "kick_points")
    pools = ("allfours",)
    levels: tuple[str, ...] = allfours.players.LEVELS
    table_simulations = allfours.players.hard.TABLE_SIMULATIONS

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

    def lobby_teams(self, rules: allfours.Ruleset) -> tuple[tuple[int, ...], ...] | None:
        if not rules.partnerships:
            return None
        return tuple(
            tuple(seat for seat in range(rules.players) if rules.side_of(seat) == side)
            for side in range(rules.sides)
        )

    def rating_pool(self, rules: allfours.Ruleset) -> str:
        return self.pools[0]

    def new_game(self, rules: allfours.Ruleset, seed: int) -> allfours.GameState:
        return allfours.new_game(rules, seed=seed)

    def replay(
        self,
        rules: allfours.Ruleset,
        seed: int,
        log: Sequence[tuple[int, allfours.Action]],
    ) -> allfours.GameState:
        return allfours.replay(rules, seed, log)

    def deal_started(self, event: Any) -> int | None:
        return event.hand_number if isinstance(event, allfours.Dealt) else None

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

    def expected_actors(self, state: allfours.GameState) -> tuple[int, ...]:
        """Every seat with a decision: All Fours has no optional action."""
        return tuple(s for s in range(state.rules.players) if self.legal_actions(state, s))

    def apply(
        self, state: allfours.GameState, seat: int, action: allfours.Action
    ) -> tuple[allfours.GameState, list[Any]]:
        transition = allfours.apply(state, seat, action)
        return transition.state, list(transition.events)

    def observe(self, state: allfours.GameState, seat: int | None) -> allfours.PlayerView:
        return allfours.observe(state, seat)

    def hand_of(self, state: allfours.GameState, seat: int) -> tuple[Card, ...]:
        return tuple(allfours.observe(state, seat).hand)

    def public_view(self, state: allfours.GameState) -> AllFoursPublic:
        """The spectator's view, as the public type (mypy checks the view fits it)."""
        return allfours.observe(state, None)

    def encode(self, action: allfours.Action) -> str:
        return allfours.encode_action(action)

    def decode(self, code: str) -> allfours.Action:
        return allfours.decode_action(code)

    def choose(
        self,
        level: str,
        view: allfours.PlayerView,
        legal: Sequence[allfours.Action],
        rng: Random,
        budget: Budget | None = None,
    ) -> allfours.Action:
        return allfours.players.choose(level, view, legal, rng, budget)

    def hint(
        self,
        view: allfours.PlayerView,
        legal: Sequence[allfours.Action],
        rng: Random,
        budget: Budget | None = None,
    ) -> Hint[allfours.Action | None]:
        found = allfours.players.hint(view, legal, rng, budget)
        return Hint(found.action, found.reason, found.details)

    def result(self, state: allfours.GameState) -> Result | None:
        if state.winner is None:
            return None
        return places_from_scores(state.scores, (state.winner,))

    def scores(self, state: allfours.GameState) -> tuple[int, ...]:
        return state.scores

    def sides(self, rules: allfours.Ruleset) -> int:
        return rules.sides

    def side_of(self, state: allfours.GameState, seat: int) -> int:
        return state.rules.side_of(seat)

    def deal_number(self, state: allfours.GameState) -> int:
        return state.hand_number

    def still_means_the_same(
        self,
        action: allfours.Action,
        seat: int,
        since: Sequence[tuple[int, allfours.Action]],
    ) -> bool:
        """Discards: several seats discard down to six at the same time, in any order, so
        other seats' discards never make a discard click stale (a seat's own does: that is
        a double click)."""
        if not isinstance(action, allfours.Discard):
            return False
        return all(s != seat and isinstance(a, allfours.Discard) for s, a in since)

    def is_legal(self, state: allfours.GameState, seat: int, action: allfours.Action) -> bool:
        """A discard may also name every card owed at once (the panel's select); the engine
        says whether such a set is allowed."""
        if isinstance(action, allfours.Discard) and len(action.cards) > 1:
            try:
                allfours.apply(state, seat, action)
            except allfours.IllegalActionError:
                return False
            return True
        return action in self.legal_actions(state, seat)

    def is_partial(self, action: allfours.Action) -> bool:
        """A discard is one card of the discard down to six (RULES.md §3.4)."""
        return isinstance(action, allfours.Discard)

    def initial_stats(self, state: allfours.GameState) -> dict[int, Stats]:
        """The first deal's kick is scored inside ``new_game``, whose events are not returned."""
        return self.stats(state, state.hand_awards)

    def stats(self, state: allfours.GameState, events: Sequence[Any]) -> dict[int, Stats]:
        """Hang jacks (captures of the opponents' jack of trumps) and kick points, by seat."""
        found: dict[int, Stats] = {}
        for event in events:
            if not isinstance(event, allfours.PointsAwarded) or event.seat is None:
                continue
            seat = found.setdefault(event.seat, {})
            if event.reason == "hang_jack":
                seat["hang_jacks"] = seat.get("hang_jacks", 0) + 1
            elif event.reason == "kick":
                seat["kick_points"] = seat.get("kick_points", 0) + event.points
        return {seat: stats for seat, stats in found.items() if stats}

    def deal_summary(self, before: allfours.GameState, events: Sequence[Any]) -> str | None:
        """JSON of a finished hand's count (None if no hand ended): the awards of the deal
        (kicks, take one / gift) and of the count (High, Low, Jack or hang jack, Game) in
        order. A game can also end during the deal, on a kick or a gift (RULES.md §1.7): then
        the hand has no count, and the summary says so (``"count": null``)."""
        for event in events:
            if isinstance(event, allfours.HandEnded):
                return _summary(
                    event.hand_number,
                    event.scores,
                    before.hand_awards,
                    count=event.awards,
                    game_points=event.game_points,
                )
        over = next((e for e in events if isinstance(e, allfours.GameOver)), None)
        if over is None:
            return None
        during_deal = [e for e in events if isinstance(e, allfours.PointsAwarded)]
        scores = tuple(before.scores)
        for award in during_deal:
            scores = tuple(p + award.points * (s == award.side) for s, p in enumerate(scores))
        awards = (*before.hand_awards, *during_deal)
        return _summary(before.hand_number, scores, awards, count=None, game_points=None)


def _summary(
    hand: int,
    scores: Sequence[int],
    deal: Sequence[allfours.PointsAwarded],
    *,
    count: Sequence[allfours.PointsAwarded] | None,
    game_points: Sequence[int] | None,
) -> str:
    return json.dumps(
        {
            "hand": hand,
            "game_points": None if game_points is None else list(game_points),
            "scores": list(scores),
            "deal": [award_data(a) for a in deal],
            "count": None if count is None else [award_data(a) for a in count],
        },
        separators=(",", ":"),
    )


def award_data(award: allfours.PointsAwarded) -> dict[str, object]:
    """An award as plain data (stored in summaries, read back by the table messages)."""
    return {
        "side": award.side,
        "points": award.points,
        "reason": award.reason,
        "card": None if award.card is None else str(award.card),
        "seat": award.seat,
    }


ALL_FOURS: Final = AllFoursFamily()
