"""What the table machinery needs from a game family: the typed adapter ``Family``.

A family is one engine package (``engine.allfours``, ``engine.kqj``), one adapter here and one
cog module. The service, the storage, the ratings and the shared cog code reach the rules only
through this adapter, so none of them knows which game a table plays.

The adapter is generic in the engine's four types — ``Family[RulesT, StateT, ActionT, ViewT]``
— so strict mypy checks every adapter method against its engine, and a family's cog sees
its own concrete types. Tables of every family live side by side in the service, which holds
them as ``Family[Any, Any, Any, Any]``.

Vocabulary shared by every family:

- a **seat** is a chair at the table (``0..players-1``, in the direction of play);
- a **side** is what scores: a team, or a single seat in individual games. Sides may change
  from one deal to the next (KQJ random partners), so ``side_of`` takes the state;
- a **deal** is one hand of All Fours or one round of KQJ: each deal gets a fresh public table
  message, so ``deal_number`` must grow by one per deal;
- **expected actors** are the seats the game waits for: they get the turn ping, the turn clock,
  and the computer's decision when the clock runs out. Other seats may have **optional**
  actions (a KQJ counter, out of turn): their panels offer them, nothing waits for them;
- a **result** gives every side its final place (1 = won; shared wins share place 1).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, TypeVar

from engine.cards import Card
from engine.core import IllegalActionError, Play
from engine.reasons import DutyOfPlay
from engine.search import DEFAULT_SIMULATIONS, Budget, Hint

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")

Stats = dict[str, int]
"""Per-family statistics of a seat or a player, by name (``{"hang_jacks": 1}``)."""


class OptionsError(ValueError):
    """Table options that do not fit together; ``key``/``params`` name the translated reason."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: the place of every side (1 = best; equal places are shared).

    >>> result = places_from_scores((1000, 640, 1000), winners=(0, 2))
    >>> result.places, result.winners
    ((1, 3, 1), (0, 2))
    """

    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides in first place (several when the win is shared)."""
        return tuple(side for side, place in enumerate(self.places) if place == 1)


def places_from_scores(scores: Sequence[int], winners: Sequence[int]) -> Result:
    """The winners first, then the other sides by final score, ties sharing a place.

    Scores alone do not always decide: in All Fours the side that first reaches the target
    wins even when the rest of the count takes another side higher (RULES.md §1.7).

    >>> places_from_scores((16, 12), winners=(1,)).places
    (2, 1)
    """
    places = dict.fromkeys(winners, 1)
    others = sorted((s for s in range(len(scores)) if s not in places), key=lambda s: -scores[s])
    place, previous = 0, None
    for index, side in enumerate(others):
        if scores[side] != previous:
            place, previous = len(winners) + index + 1, scores[side]
        places[side] = place
    return Result(tuple(places[side] for side in range(len(scores))))


def add_stats(total: Mapping[str, int], more: Mapping[str, int]) -> Stats:
    """Two sets of statistics added up (names missing from one side count as 0)."""
    merged = dict(total)
    for name, value in more.items():
        merged[name] = merged.get(name, 0) + value
    return {name: value for name, value in merged.items() if value}


class Family(ABC, Generic[RulesT, StateT, ActionT, ViewT]):
    """The rules of one family of games, as the table machinery uses them (pure functions)."""

    name: str
    """Stored with every game and rating pool (``"allfours"``, ``"kqj"``)."""
    prefix: str
    """Starts every custom_id of this family's buttons (``"af"``, ``"kq"``): two letters."""
    variants: tuple[str, ...]
    """What ``/<family> start`` offers, by name."""
    stat_names: tuple[str, ...]
    """The statistics this family counts per seat and per rated player, in display order."""
    pools: tuple[str, ...]
    """Every rating pool ``rating_pool`` may name, in display order."""
    levels: tuple[str, ...]
    """The computer-player levels, weakest first (the engine's ``players.LEVELS``)."""
    table_simulations: int = DEFAULT_SIMULATIONS
    """Level ``hard``'s play-outs per decision at a table, within the time budget: the
    engine's default, unless the family measured better (``players.hard.TABLE_SIMULATIONS``)."""

    # --- rules and options -------------------------------------------------------------------

    @abstractmethod
    def build_rules(self, variant: str, options: Mapping[str, object]) -> RulesT:
        """The variant's rules with the table's options (``None`` values: the default);
        raises ``OptionsError`` naming the translated reason of a refusal."""

    @abstractmethod
    def rules_to_json(self, rules: RulesT) -> str: ...

    @abstractmethod
    def rules_from_json(self, text: str) -> RulesT: ...

    @abstractmethod
    def players(self, rules: RulesT) -> int:
        """How many seats a table has."""

    @abstractmethod
    def lobby_teams(self, rules: RulesT) -> tuple[tuple[int, ...], ...] | None:
        """The seats of each fixed team, for the lobby's "Join team" buttons; ``None`` when
        players do not choose a team (individual games, partners drawn at random)."""

    @abstractmethod
    def rating_pool(self, rules: RulesT) -> str:
        """The rating pool a rated game of these rules counts in (``"allfours"``,
        ``"kqj-3v3"``...): games rated together must be comparable."""

    def seats_drawn_at_start(self, rules: RulesT) -> bool:
        """Whether the seating is drawn at random when the game starts (players then sit
        where the draw puts them, whatever seat they took in the lobby)."""
        return False

    # --- the game ----------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, rules: RulesT, seed: int) -> StateT: ...

    @abstractmethod
    def replay(self, rules: RulesT, seed: int, log: Sequence[tuple[int, ActionT]]) -> StateT:
        """The game rebuilt from its seed and action log (the engine's ``replay``)."""

    @abstractmethod
    def dump(self, state: StateT) -> str: ...

    @abstractmethod
    def load(self, text: str) -> StateT: ...

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Everything ``seat`` may do now, expected or optional ([] once the game is over)."""

    def is_legal(self, state: StateT, seat: int, action: ActionT) -> bool:
        """Whether ``seat`` may take ``action`` now (by default: it is one of the legal
        actions listed; a family may accept more, such as several discards at once)."""
        return action in self.legal_actions(state, seat)

    def why_illegal(self, state: StateT, seat: int, action: ActionT) -> DutyOfPlay | None:
        """Why an action the seat may not take now is refused, when the player needs to know
        to play on: the duty of play it breaks (follow suit, beat the master card...), as the
        engine says it; None for other refusals."""
        try:
            self.apply(state, seat, action)
        except IllegalActionError as exc:
            return exc.why
        return None

    @abstractmethod
    def expected_actors(self, state: StateT) -> tuple[int, ...]:
        """The seats the game waits for now (see the module docstring); () once it is over."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Any]]:
        """The new state and the events of one action (the engine's ``apply``)."""

    @abstractmethod
    def observe(self, state: StateT, seat: int | None) -> ViewT:
        """What ``seat`` may know (``None``: a spectator, who sees no hand)."""

    def hand_of(self, state: StateT, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds: only for the face-up replay of a finished game, where
        every hand is shown. A family that does not say shows no hand there."""
        return ()

    def public_view(self, state: StateT) -> Any:
        """What everyone may see of the game: the spectator's view, which has no hand. Its
        type for the code that draws public messages is the family's public view (a
        protocol without the hand), so no hand is within reach there."""
        return self.observe(state, None)

    @abstractmethod
    def encode(self, action: ActionT) -> str:
        """The action's short code, for the action log and custom_ids."""

    @abstractmethod
    def decode(self, code: str) -> ActionT:
        """Read ``encode``'s code back; anything else raises ``ValueError``."""

    @abstractmethod
    def choose(
        self,
        level: str,
        view: ViewT,
        legal: Sequence[ActionT],
        rng: Random,
        budget: Budget | None = None,
    ) -> ActionT:
        """The computer's decision at ``level`` for an expected actor, from that seat's view
        and legal actions only (the engine's ``players.choose``; a pure, picklable call).
        ``budget`` bounds level ``hard``'s search; the other levels ignore it."""

    def interrupt(
        self,
        level: str,
        view: ViewT,
        legal: Sequence[ActionT],
        rng: Random,
        budget: Budget | None = None,
    ) -> ActionT | None:
        """The computer's optional out-of-turn action (None: it stays silent). Families
        without out-of-turn actions keep this default."""
        return None

    @abstractmethod
    def hint(
        self, view: ViewT, legal: Sequence[ActionT], rng: Random, budget: Budget | None = None
    ) -> Hint[ActionT | None]:
        """What level ``hard`` would do for the seat of ``view`` and why (the engine's
        ``players.hint``): for a Hint button. ``action`` None: stay silent (an optional
        out-of-turn action not worth taking)."""

    @abstractmethod
    def result(self, state: StateT) -> Result | None:
        """The places of a finished game, None while it goes on."""

    @abstractmethod
    def scores(self, state: StateT) -> tuple[int, ...]:
        """The running totals, by side."""

    @abstractmethod
    def sides(self, rules: RulesT) -> int:
        """How many sides score."""

    @abstractmethod
    def side_of(self, state: StateT, seat: int) -> int:
        """The side ``seat`` scores for in this state."""

    @abstractmethod
    def deal_number(self, state: StateT) -> int:
        """The current deal (All Fours hand, KQJ round), from 1."""

    def still_means_the_same(
        self, action: ActionT, seat: int, since: Sequence[tuple[int, ActionT]]
    ) -> bool:
        """Whether a click drawn before the actions ``since`` (seat, action) may still be
        applied: it is if those actions cannot have changed what the click meant. By default
        any action in between makes a click stale ("that was already played")."""
        return False

    def deal_started(self, event: Any) -> int | None:
        """The deal an event starts (its number), if it is the event of a deal or a redeal:
        what splits a table's move log into deals."""
        return None

    def card_played(self, action: ActionT) -> Card | None:
        """The card an action plays, if it plays one (a hint names the other cards its
        reason is about)."""
        return action.card if isinstance(action, Play) else None

    def is_partial(self, action: ActionT) -> bool:
        """Whether ``action`` is one step of a decision made of several (an English discard
        of one card among several): the seat keeps one turn clock for the whole decision,
        and the computer takes all its steps at once."""
        return False

    # --- statistics and summaries ------------------------------------------------------------

    def initial_stats(self, state: StateT) -> dict[int, Stats]:
        """Statistics already earned when the game is created (before any action)."""
        return {}

    def stats(self, state: StateT, events: Sequence[Any]) -> dict[int, Stats]:
        """What the events of one action (which led to ``state``) add to each seat's
        statistics."""
        return {}

    def deal_summary(self, before: StateT, events: Sequence[Any]) -> str | None:
        """JSON describing a deal that these events finished (None if none did), kept with
        the game so the finished deal's message can show its count after a restart; families
        whose state keeps the last deal's count need not store it."""
        return None
