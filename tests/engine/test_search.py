"""The determinized search shared by the families: budgets, common worlds, rejection, the
preferred option, and the race to the target that scores a play-out."""

from __future__ import annotations

import itertools
import math
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.search import MIN_WORLDS, Budget, Outcome, race_chances, search


def noisy_world(rng: Random) -> float:
    """A world is a shared luck term: it moves every option alike."""
    return rng.gauss(0.0, 1.0)


def worth(edges: dict[str, float], own: float = 0.02):  # type: ignore[no-untyped-def]
    """Options worth ``edges[option]`` above the world's luck, plus a little noise of their own
    (drawn from the play-out's generator, which every option gets in the same state)."""

    def evaluate(world: float, option: str, rng: Random) -> Outcome:
        noise = Random(f"{rng.random()}:{option}").gauss(0.0, own)
        return Outcome(utility=0.5 + 0.1 * world + edges[option] + noise)

    return evaluate


def test_the_best_option_wins_through_common_worlds() -> None:
    """A small edge under a large shared luck is found: options are compared world by world."""
    edges = {"a": 0.0, "b": 0.01, "c": -0.02}
    result = search(list(edges), noisy_world, worth(edges), Random(1), Budget(simulations=600))
    assert result.best == "b"
    assert {s.option for s in result.options} == set(edges)


def test_clearly_worse_options_stop_being_tried_and_the_search_ends_early() -> None:
    edges = {"good": 0.2, "bad": 0.0, "worse": -0.2}
    tight = {"good": 0.005, "bad": 0.0}
    result = search(list(tight), noisy_world, worth(tight), Random(2), Budget(simulations=3000))
    assert result.best == "good" and MIN_WORLDS * 2 < result.simulations < 3000
    result = search(list(edges), noisy_world, worth(edges), Random(2), Budget(simulations=3000))
    assert result.best == "good"
    # both are rejected at the first check, after MIN_WORLDS common worlds
    assert result.simulations == 3 * MIN_WORLDS


def test_the_simulation_budget_is_never_exceeded() -> None:
    edges = {"a": 0.0, "b": 0.0, "c": 0.0}
    result = search(list(edges), noisy_world, worth(edges), Random(3), Budget(simulations=100))
    assert result.simulations <= 100
    assert sum(s.simulations for s in result.options) == result.simulations


def test_the_same_generator_state_gives_the_same_search() -> None:
    edges = {"a": 0.0, "b": 0.001}
    first = search(list(edges), noisy_world, worth(edges), Random(4), Budget(simulations=200))
    second = search(list(edges), noisy_world, worth(edges), Random(4), Budget(simulations=200))
    assert first == second


def test_a_time_budget_reads_the_injected_clock_between_worlds() -> None:
    """A clock that moves 0.1 s per reading stops a 0.35 s search after four worlds."""
    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 0.1

    edges = {"a": 0.0, "b": 0.0}
    budget = Budget(simulations=10**6, seconds=0.35, clock=clock)
    result = search(list(edges), noisy_world, worth(edges), Random(5), budget)
    assert result.worlds == 4
    assert result.simulations == 8


def test_a_single_option_needs_no_search() -> None:
    def never(world: float, option: str, rng: Random) -> Outcome:
        raise AssertionError("nothing to compare")

    result = search(["only"], noisy_world, never, Random(0), Budget())
    assert (result.best, result.simulations) == ("only", 0)


def test_a_budget_smaller_than_the_options_keeps_the_prior_choice() -> None:
    """Five options and three play-outs cannot try each option once: the preferred option
    (else the first) is the answer, and nothing is played out (hypothesis found this with a
    hint's small budget: it used to divide by zero)."""
    edges = {name: 0.1 * n for n, name in enumerate("abcde")}
    options = list(edges)
    preferred = search(options, noisy_world, worth(edges), Random(0), Budget(3), prefer=2)
    assert (preferred.best, preferred.worlds, preferred.simulations) == ("c", 0, 0)
    first = search(options, noisy_world, worth(edges), Random(0), Budget(3))
    assert first.best == "a"


def test_no_option_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one option"):
        search([], noisy_world, worth({}), Random(0), Budget())


def test_the_preferred_option_stands_unless_clearly_beaten() -> None:
    """Options that play-outs cannot tell apart leave the prior choice; a clear edge wins."""
    equal = {"a": 0.0, "b": 0.0, "c": 0.0}
    for prefer in range(3):
        same = worth(equal, own=0.0)
        result = search(list(equal), noisy_world, same, Random(6), Budget(300), prefer)
        assert result.best == list(equal)[prefer]
    better = {"a": 0.0, "b": 0.05}
    result = search(list(better), noisy_world, worth(better), Random(6), Budget(300), prefer=0)
    assert result.best == "b"


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        (lambda: Budget(simulations=0), "at least one simulation"),
        (lambda: Budget(seconds=0.1), "needs the clock"),
        (lambda: Budget(seconds=0.0, clock=lambda: 0.0), "must be positive"),
    ],
)
def test_budgets_are_checked(budget, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        budget()


# --- the race to the target -----------------------------------------------------------------------

scores = st.lists(st.integers(0, 13), min_size=2, max_size=6)


@given(scores=scores)
def test_race_chances_are_chances(scores: list[int]) -> None:
    chances = race_chances(scores, 14, 1.5)
    assert math.isclose(sum(chances), 1.0)
    assert all(0.0 < c < 1.0 for c in chances)


@given(scores=scores, side=st.integers(0, 5))
def test_a_point_more_is_always_worth_having(scores: list[int], side: int) -> None:
    side %= len(scores)
    before = race_chances(scores, 14, 1.5)[side]
    after = race_chances([s + (k == side) for k, s in enumerate(scores)], 14, 1.5)[side]
    assert after > before


def test_a_point_near_the_target_is_worth_more_than_one_early() -> None:
    """13-13 to 14-13 decides far more than 0-0 to 1-0 (§1.7: the first to the target wins)."""
    early = race_chances((1, 0), 14, 1.0)[0] - race_chances((0, 0), 14, 1.0)[0]
    late = race_chances((13, 12), 14, 1.0)[0] - race_chances((12, 12), 14, 1.0)[0]
    assert late > 2 * early


def test_a_decided_game_is_won_or_lost_and_a_shared_win_is_split() -> None:
    assert race_chances((14, 13), 14, 1.0, winner=0) == (1.0, 0.0)
    assert race_chances((500, 500, 400), 500, 150.0, winner=(0, 1)) == (0.5, 0.5, 0.0)
