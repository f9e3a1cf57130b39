"""The KQJ family: six players, the Return or an auction, counters out of turn (RULES.md §5-§6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Final, Protocol

from bot.families.base import Family, OptionsError, Result, Stats, places_from_scores
from engine import kqj
from engine.cards import Card
from engine.core import RulesetError
from engine.search import Budget, Hint

_OPTIONS: Final = ("teams", "random_partners", "auction", "target")
"""Table options, named as the engine's Ruleset fields."""
_OUT_OF_TURN: Final = (kqj.Counter, kqj.Overcounter)


class KQJPublic(Protocol):
    """What everyone may see of a KQJ game: the spectator's ``PlayerView`` without the
    viewer's ``hand`` (public messages are drawn from this type, so no hand is within their
    reach)."""

    @property
    def seat(self) -> int | None: ...
    @property
    def rules(self) -> kqj.Ruleset: ...
    @property
    def phase(self) -> kqj.Phase: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def team_of(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def return_card(self) -> Card | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def passes(self) -> int: ...
    @property
    def bid(self) -> int: ...
    @property
    def bid_contract(self) -> str | None: ...
    @property
    def bidder(self) -> int | None: ...
    @property
    def capot(self) -> bool: ...
    @property
    def multiplier(self) -> int: ...
    @property
    def counterer(self) -> int | None: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def played(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def trick_winners(self) -> tuple[int, ...]: ...
    @property
    def team_points(self) -> tuple[int, ...]: ...
    @property
    def team_tricks(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def pool(self) -> int: ...
    @property
    def winner(self) -> int | tuple[int, ...] | None: ...
    @property
    def last_round(self) -> kqj.HandEnded | None: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def declined(self) -> tuple[int, ...]: ...
    @property
    def deal_count(self) -> int: ...

    @property
    def elder(self) -> int: ...

    @property
    def round_number(self) -> int: ...

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...

    def side_of(self, seat: int) -> int: ...

    def is_partner(self, seat: int, other: int) -> bool: ...


class KQJFamily(Family[kqj.Ruleset, kqj.GameState, kqj.Action, kqj.PlayerView]):
    """KQJ: one seat is expected to act at a time (``state.to_act``); while a bid stands in the
    auction, the other teams may counter it out of turn, and after a counter the bidding team
    may overcounter out of turn (RULES.md §6.3): those are optional actions."""

    name = "kqj"
    prefix = "kq"
    variants: tuple[str, ...] = kqj.PRESET_NAMES
    stat_names = ("declared", "made", "kq", "kqj", "capots")
    pools = ("kqj-3v3", "kqj-2v2v2", "kqj-random")
    levels: tuple[str, ...] = kqj.players.LEVELS
    table_simulations = kqj.players.hard.TABLE_SIMULATIONS

    def build_rules(self, variant: str, options: Mapping[str, object]) -> kqj.Ruleset:
        """Options: ``teams`` (3v3 / 2v2v2), ``random_partners``, ``auction``, ``target``
        (500 / 1000 / 2000); ``None`` values keep the preset's default."""
        if variant not in self.variants:
            raise OptionsError("options.unknown_variant", variant=variant)
        changes = {k: v for k, v in options.items() if k in _OPTIONS and v is not None}
        try:
            return kqj.preset(variant).replace(**changes)
        except RulesetError as exc:
            if exc.option == "target":
                raise OptionsError("options.kqj_target") from None
            raise OptionsError("options.invalid") from None

    def rules_to_json(self, rules: kqj.Ruleset) -> str:
        return kqj.dump(rules)

    def rules_from_json(self, text: str) -> kqj.Ruleset:
        rules = kqj.load(text)
        assert isinstance(rules, kqj.Ruleset)
        return rules

    def players(self, rules: kqj.Ruleset) -> int:
        return rules.players

    def lobby_teams(self, rules: kqj.Ruleset) -> tuple[tuple[int, ...], ...] | None:
        """3v3: seats 0 2 4 against 1 3 5; 2v2v2: opposite seats (§5.2, §6.1). With random
        partners there is nothing to choose: seats and teams are drawn (§6.2)."""
        if rules.random_partners:
            return None
        team_of = rules.fixed_teams()
        return tuple(
            tuple(seat for seat in range(rules.players) if team_of[seat] == team)
            for team in range(rules.team_count)
        )

    def rating_pool(self, rules: kqj.Ruleset) -> str:
        """Random-partner games are rated individually, by final place; fixed teams of three
        and of two play different games, so each mode has its own pool."""
        if rules.random_partners:
            return f"{self.name}-random"
        return f"{self.name}-{rules.teams}"

    def seats_drawn_at_start(self, rules: kqj.Ruleset) -> bool:
        """With random partners the seating is random at the start (§6.2, seed 002)."""
        return rules.random_partners

    def new_game(self, rules: kqj.Ruleset, seed: int) -> kqj.GameState:
        return kqj.new_game(rules, seed=seed)

    def replay(
        self, rules: kqj.Ruleset, seed: int, log: Sequence[tuple[int, kqj.Action]]
    ) -> kqj.GameState:
        return kqj.replay(rules, seed, log)

    def deal_started(self, event: Any) -> int | None:
        return event.hand_number if isinstance(event, kqj.Dealt) else None

    def dump(self, state: kqj.GameState) -> str:
        return kqj.dump(state)

    def load(self, text: str) -> kqj.GameState:
        state = kqj.load(text)
        assert isinstance(state, kqj.GameState)
        return state

    def legal_actions(self, state: kqj.GameState, seat: int) -> list[kqj.Action]:
        if state.is_over:
            return []
        return kqj.legal_actions(state, seat)

    def expected_actors(self, state: kqj.GameState) -> tuple[int, ...]:
        """Only ``to_act``: counters and overcounters out of turn are optional."""
        seat = state.to_act
        return () if seat is None or state.is_over else (seat,)

    def apply(
        self, state: kqj.GameState, seat: int, action: kqj.Action
    ) -> tuple[kqj.GameState, list[Any]]:
        transition = kqj.apply(state, seat, action)
        return transition.state, list(transition.events)

    def observe(self, state: kqj.GameState, seat: int | None) -> kqj.PlayerView:
        return kqj.observe(state, seat)

    def hand_of(self, state: kqj.GameState, seat: int) -> tuple[Card, ...]:
        return tuple(kqj.observe(state, seat).hand)

    def public_view(self, state: kqj.GameState) -> KQJPublic:
        """The spectator's view, as the public type (mypy checks the view fits it)."""
        return kqj.observe(state, None)

    def encode(self, action: kqj.Action) -> str:
        return kqj.encode_action(action)

    def decode(self, code: str) -> kqj.Action:
        return kqj.decode_action(code)

    def choose(
        self,
        level: str,
        view: kqj.PlayerView,
        legal: Sequence[kqj.Action],
        rng: Random,
        budget: Budget | None = None,
    ) -> kqj.Action:
        return kqj.players.choose(level, view, legal, rng, budget)

    def interrupt(
        self,
        level: str,
        view: kqj.PlayerView,
        legal: Sequence[kqj.Action],
        rng: Random,
        budget: Budget | None = None,
    ) -> kqj.Action | None:
        out_of_turn = [a for a in legal if isinstance(a, _OUT_OF_TURN)]
        if not out_of_turn:
            return None
        return kqj.players.interrupt(level, view, out_of_turn, rng, budget)

    def hint(
        self,
        view: kqj.PlayerView,
        legal: Sequence[kqj.Action],
        rng: Random,
        budget: Budget | None = None,
    ) -> Hint[kqj.Action | None]:
        """In turn, the action to take; out of turn (a counter open to the seat), the counter
        or overcounter, or None to stay silent."""
        return kqj.players.hint(view, legal, rng, budget)

    def result(self, state: kqj.GameState) -> Result | None:
        winner = state.winner
        if winner is None:
            return None
        winners = winner if isinstance(winner, tuple) else (winner,)
        return places_from_scores(state.scores, winners)

    def scores(self, state: kqj.GameState) -> tuple[int, ...]:
        return state.scores

    def sides(self, rules: kqj.Ruleset) -> int:
        return rules.sides

    def side_of(self, state: kqj.GameState, seat: int) -> int:
        return state.side_of(seat)

    def deal_number(self, state: kqj.GameState) -> int:
        return state.round_number

    def still_means_the_same(
        self, action: kqj.Action, seat: int, since: Sequence[tuple[int, kqj.Action]]
    ) -> bool:
        """A counter (or overcounter) aims at the standing bid (or counter); passes leave it
        standing, so a counter drawn before other players passed still counters the same bid.
        Whether it is still allowed (the auction may have ended) is the engine's to say."""
        if not isinstance(action, _OUT_OF_TURN):
            return False
        return all(isinstance(a, kqj.Pass) for _, a in since)

    def stats(self, state: kqj.GameState, events: Sequence[Any]) -> dict[int, Stats]:
        """Per seat: rounds declared (took the Return or won the auction) and made (the
        declarer's side scored from the round), KQ and KQJ announcements, and capots (won all
        eight tricks with the team)."""
        found: dict[int, Stats] = {}

        def add(seat: int, name: str) -> None:
            found.setdefault(seat, {})
            found[seat][name] = found[seat].get(name, 0) + 1

        for event in events:
            if isinstance(event, kqj.BonusScored) and event.kind in ("kq", "kqj"):
                assert event.seat is not None
                add(event.seat, event.kind)
            elif isinstance(event, kqj.RoundEnded):
                declarer = event.declarer
                add(declarer, "declared")
                team = next(i for i, seats in enumerate(event.teams) if declarer in seats)
                scored = {a.side for a in event.awards if a.reason in ("round", "contract")}
                declarer_side = declarer if state.rules.random_partners else team
                if declarer_side in scored:
                    add(declarer, "made")
                for bonus in event.bonuses:
                    if bonus.kind == "capot":
                        for seat in event.teams[bonus.team]:
                            add(seat, "capots")
        return found


KQJ: Final = KQJFamily()
