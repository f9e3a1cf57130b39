"""Level ``hard`` (determinized search): budgets, reproducibility, running in a worker process,
and hints whose reasons are clear. Legality over every variant, blindness to hidden cards and
the tactical positions are in ``test_players.py``, shared with the other levels."""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import GameState, Phase, Play, Stand
from engine.allfours.players import REASONS, Budget, Hint, choose, hint

from .support import act, stacked

CARIBBEAN = allfours.preset("caribbean")
ENGLISH = allfours.preset("english")
QUICK = Budget(simulations=60)


def jack_on_partners_ace() -> GameState:
    """Hearts trumps: seat 1 leads the ace of trumps, seat 3 (its partner) holds the jack and
    the two; the king and queen are still out."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh 6s 7s 8s 9s", "Ah 3c 4c 5c 6c 7c", "5h 8d 9d Td Jd Qd", "Jh 2h Kd 2s 3s 4s"],
        "4h",
    )
    return act(state, Stand(), "Ah", "5h")


def trick_deciding_game() -> GameState:
    """English, hearts trumps, second-last trick: the opponent leads the ten of diamonds and
    only the small trump takes it, and Game with it."""
    state = stacked(ENGLISH, ["Js 4s 5s Qs 2h 3c", "2s 3s Ks As Td 7d"], "8h")
    return act(state, Stand(), "2s", "Js", "4s", "3s", "5s", "Ks", "As", "Qs", "Td")


def mid_hand(seed: int = 11) -> GameState:
    rng = random.Random(seed)
    state = allfours.new_game(CARIBBEAN, seed)
    while state.phase is not Phase.PLAY or state.tricks_played < 1:
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state
    return state


def test_the_default_budget_is_a_fixed_number_of_play_outs() -> None:
    """Without a clock the search is a function of the view, the legal actions and the
    generator's state: the bot and the arena get the same move from the same seed."""
    state = mid_hand()
    seat = state.to_act
    assert seat is not None
    view = allfours.observe(state, seat)
    legal = allfours.legal_actions(state, seat)
    moves = {choose("hard", view, legal, random.Random(5)) for _ in range(3)}
    assert len(moves) == 1 and moves <= set(legal)


def test_a_time_budget_stops_the_search_by_the_injected_clock() -> None:
    """The engine reads no clock of its own: a time limit is measured with the clock it is
    given. A clock that jumps past the limit at once allows a single world."""
    ticks = itertools.count()
    state = mid_hand()
    seat = state.to_act
    assert seat is not None
    view = allfours.observe(state, seat)
    legal = allfours.legal_actions(state, seat)
    budget = Budget(simulations=10**6, seconds=0.5, clock=lambda: float(next(ticks)))
    assert choose("hard", view, legal, random.Random(1), budget) in legal
    assert next(ticks) <= 4  # read when starting and after the first world


def test_a_decision_pickles_for_a_worker_process() -> None:
    """The bot runs decisions in a process pool: the view, the legal actions, the generator
    and the budget survive pickling and give the same decision and hint."""
    state = mid_hand()
    seat = state.to_act
    assert seat is not None
    arguments = (allfours.observe(state, seat), allfours.legal_actions(state, seat))
    view, legal = pickle.loads(pickle.dumps(arguments))
    rng = random.Random(9)
    copied_rng = pickle.loads(pickle.dumps(rng))
    budget = pickle.loads(pickle.dumps(QUICK))
    assert choose("hard", view, legal, copied_rng, budget) == choose("hard", *arguments, rng, QUICK)
    advice = hint(view, legal, random.Random(2), budget)
    assert pickle.loads(pickle.dumps(advice)) == advice


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_hint_for_the_jack_on_a_partners_ace_is_to_save_it(seed: int) -> None:
    state = jack_on_partners_ace()
    advice = hint(allfours.observe(state, 3), allfours.legal_actions(state, 3), random.Random(seed))
    assert advice == Hint(Play("Jh"), "saves_jack", ("Jh",))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_hint_for_the_trick_that_decides_game_is_the_game_point(seed: int) -> None:
    state = trick_deciding_game()
    advice = hint(allfours.observe(state, 0), allfours.legal_actions(state, 0), random.Random(seed))
    assert advice == Hint(Play("2h"), "wins_game_point", ("2h",))


def test_the_hint_is_the_move_hard_makes() -> None:
    state = mid_hand(seed=12)
    seat = state.to_act
    assert seat is not None
    view = allfours.observe(state, seat)
    legal = allfours.legal_actions(state, seat)
    advice = hint(view, legal, random.Random(4), QUICK)
    assert advice.action == choose("hard", view, legal, random.Random(4), QUICK)
    assert advice.reason is None or advice.reason in REASONS


def first_hand_choices(
    rules: allfours.Ruleset, seed: int
) -> Iterator[tuple[allfours.PlayerView, list[allfours.Action]]]:
    """Every decision with two options or more of the first hand of game ``seed``, the hand
    played on at random."""
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    while state.winner is None and state.hand_number == 1:
        seat = state.to_act
        assert seat is not None
        legal = list(allfours.legal_actions(state, seat))
        if len(legal) > 1:
            yield allfours.observe(state, seat), legal
        state = allfours.apply(state, seat, rng.choice(legal)).state


@pytest.mark.parametrize("rules", [CARIBBEAN, ENGLISH], ids=["caribbean", "english"])
def test_the_decision_posed_is_the_one_hard_searches(rules: allfours.Ruleset) -> None:
    """``hard.decision`` (what benchmarks/search_regret.py measures) is the very search of
    ``choose``: every legal action, ``normal``'s choice preferred, the same choice when
    solved."""
    from engine.allfours.players import hard, normal

    searched = 0
    for view, legal in first_hand_choices(rules, 8):
        problem = hard.decision(view, legal, random.Random(searched))
        assert problem.options == list(legal)
        usual = normal.choose_action(view, legal, random.Random(searched))
        assert problem.prefer == problem.options.index(usual)
        solver = random.Random(searched)
        solved = hard.decision(view, legal, solver).solve(solver, QUICK).best
        assert solved == choose("hard", view, legal, random.Random(searched), QUICK)
        searched += 1
    assert searched > 3


def test_bid_prefer_z_weighs_the_decisions_before_the_tricks_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hard.BID_PREFER_Z`` (the arena's ``--set BID_PREFER_Z=1e9``) is the confidence asked
    of the search for stand or beg, the answer and the discards; the cards keep
    ``CARD_PREFER_Z``. At 1e9 ``hard`` bids as ``normal`` does."""
    from engine.allfours.players import hard, normal

    monkeypatch.setattr(hard, "BID_PREFER_Z", 1e9)
    phases: set[Phase] = set()
    for view, legal in first_hand_choices(allfours.preset("seven-up"), 3):
        problem = hard.decision(view, legal, random.Random(1))
        if view.phase is Phase.PLAY:
            assert problem.prefer_z == hard.CARD_PREFER_Z
        else:
            assert problem.prefer_z == 1e9
            usual = normal.choose_action(view, legal, random.Random(1))
            assert choose("hard", view, legal, random.Random(1), QUICK) == usual
        phases.add(view.phase)
    assert Phase.DECLARE in phases and Phase.PLAY in phases


@pytest.mark.parametrize("playouts", ["random", "normal"])
def test_every_kind_of_play_out_gives_a_legal_choice(
    playouts: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The play-outs measured against the guided ones (``hard.PLAYOUTS``, as ``arena.py
    --playouts`` sets it) still play whole hands: random cards after ``sensible_card``, or
    ``normal``'s."""
    from engine.allfours.players import hard

    monkeypatch.setattr(hard, "PLAYOUTS", playouts)
    state = mid_hand(seed=12)
    seat = state.to_act
    assert seat is not None
    legal = allfours.legal_actions(state, seat)
    assert choose("hard", allfours.observe(state, seat), legal, random.Random(1), QUICK) in legal


def test_a_forced_move_has_no_reason() -> None:
    state = trick_deciding_game()
    state = act(state, "2h")  # seat 1 now has one card left: nothing to choose
    seat = state.to_act
    assert seat is not None
    legal = allfours.legal_actions(state, seat)
    assert len(legal) == 1
    assert hint(allfours.observe(state, seat), legal, random.Random(0)) == Hint(legal[0])


def test_the_point_that_wins_the_game_outweighs_everything() -> None:
    """13-13 to 14, the dealer's side on 13: after a beg, taking one hands the beggars the
    game; the search sees the game lost at once and runs the pack, even with top trumps."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh Ah 7s 8s 9s", "2c 3c 4d 5d 6d 7d", "4c 8d 9d Td Jd Qd", "Tc 9c Kd 2s 3s 4s"],
        "5h",
        scores=(13, 13),
    )
    state = act(state, allfours.Beg())
    view = allfours.observe(state, 0)
    legal = allfours.legal_actions(state, 0)
    assert choose("hard", view, legal, random.Random(0)) == allfours.RunPack()


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(allfours.PRESET_NAMES),
    players=st.sampled_from([None, 3, 4]),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
)
def test_hints_are_legal_with_known_reasons_in_every_variant(
    name: str, players: int | None, seed: int, steps: int
) -> None:
    rules = allfours.preset(name)
    if players is not None and rules.variant != "caribbean":
        rules = rules.replace(players=players, partnerships=players == 4)
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    for _ in range(steps):
        seat = state.to_act
        if seat is None:
            break
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state
    seat = state.to_act
    if seat is None:
        return
    legal = allfours.legal_actions(state, seat)
    advice = hint(allfours.observe(state, seat), legal, random.Random(seed), Budget(12))
    assert advice.action in legal
    assert advice.reason is None or advice.reason in REASONS
