"""Computer players by level: always legal, reproducible, blind to hidden cards, better than
random play, and right in tactical positions where the right play is clear."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import Beg, GameState, Phase, Play, Ruleset, RunPack, Stand, TakeOne
from engine.allfours.players import LEVELS, choose
from engine.allfours.simulate import determinize
from engine.search import Budget

from .support import act, stacked

RULESETS: dict[str, Ruleset] = {name: allfours.preset(name) for name in allfours.PRESET_NAMES}
RULESETS["english-3p"] = allfours.preset("english").replace(players=3)
RULESETS["seven-up-4p-partners"] = allfours.preset("seven-up").replace(players=4, partnerships=True)
RULESETS["english-4p"] = allfours.preset("english").replace(players=4, partnerships=False)
RULESETS["caribbean-house"] = allfours.preset("caribbean").replace(
    forbid_undertrump=True, allow_take_one_to_win=False, game_tie="non_dealer"
)

TACTICAL_LEVELS = [level for level in LEVELS if level != "easy"]
"""The levels held to the tactical positions (``easy`` is the baseline that fails some)."""
QUICK = Budget(simulations=24)
"""A search budget that keeps ``hard`` fast where only legality and reproducibility count."""


def acting_seats(state: GameState) -> list[int]:
    """Seats with a decision now: the seat to act, or every seat still discarding."""
    if state.phase is Phase.DISCARD:
        return [s for s in range(state.rules.players) if allfours.legal_actions(state, s)]
    return [] if state.to_act is None else [state.to_act]


def random_position(rules: Ruleset, seed: int, steps: int) -> GameState:
    """The position after ``steps`` random legal actions of a game with this seed."""
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    for _ in range(steps):
        if state.winner is not None:
            break
        seat = rng.choice(acting_seats(state))
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state
    return state


def decide(
    level: str,
    state: GameState,
    seat: int | None = None,
    seed: int = 0,
    budget: Budget | None = None,
) -> object:
    """``level``'s decision for ``seat`` (default: the seat to act); ``hard`` searches with
    ``budget`` (default: its own)."""
    seat = state.to_act if seat is None else seat
    assert seat is not None
    view = allfours.observe(state, seat)
    return choose(level, view, allfours.legal_actions(state, seat), random.Random(seed), budget)


positions = st.builds(
    random_position,
    st.sampled_from(list(RULESETS.values())),
    st.integers(0, 10**6),
    st.integers(0, 120),
)


@settings(max_examples=120, deadline=None)
@given(state=positions, level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32))
def test_every_level_returns_a_legal_action(state: GameState, level: str, seed: int) -> None:
    """For random positions of every variant, every seat with a decision gets a legal one,
    and the same view, legal actions and seed give the same decision."""
    for seat in acting_seats(state):
        legal = allfours.legal_actions(state, seat)
        view = allfours.observe(state, seat)
        action = choose(level, view, legal, random.Random(seed), QUICK)
        assert action in legal
        assert choose(level, view, legal, random.Random(seed), QUICK) == action


@settings(max_examples=60, deadline=None)
@given(state=positions, level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32))
def test_decisions_never_depend_on_hidden_cards(state: GameState, level: str, seed: int) -> None:
    """Dealing every card the seat cannot see again changes nothing it decides: a player is
    given only the view, and the view of the redealt state is the same."""
    for seat in acting_seats(state):
        redealt = determinize(state, seat, random.Random(seed))
        assert allfours.observe(redealt, seat) == allfours.observe(state, seat)
        assert decide(level, redealt, seat, seed, QUICK) == decide(level, state, seat, seed, QUICK)


def test_an_unknown_level_is_a_value_error_naming_it() -> None:
    state = allfours.new_game(allfours.preset("caribbean"), seed=1)
    with pytest.raises(ValueError, match="'expert'"):
        decide("expert", state)


def test_the_levels_are_named_weakest_first() -> None:
    assert LEVELS[:2] == ("easy", "normal")


def test_choose_action_is_the_easy_level() -> None:
    state = random_position(allfours.preset("english"), seed=4, steps=9)
    seat = state.to_act
    assert seat is not None
    view = allfours.observe(state, seat)
    legal = allfours.legal_actions(state, seat)
    assert allfours.choose_action(view, legal, random.Random(3)) == choose(
        "easy", view, legal, random.Random(3)
    )


@pytest.mark.parametrize("level", LEVELS)
def test_choosing_needs_a_legal_action(level: str) -> None:
    state = allfours.new_game(allfours.preset("caribbean"), 1)
    with pytest.raises(ValueError, match="at least one legal action"):
        choose(level, allfours.observe(state, 0), [], random.Random(0))


# --- against random play ------------------------------------------------------------------------


def play_match(name: str, level: str, seed: int, smart_side: int) -> int:
    rules = allfours.preset(name)
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    while state.winner is None:
        seat = acting_seats(state)[0]
        legal = allfours.legal_actions(state, seat)
        if state.side_of(seat) == smart_side:
            action = choose(level, allfours.observe(state, seat), legal, rng, QUICK)
        else:
            action = rng.choice(legal)
        state = allfours.apply(state, seat, action).state
    assert state.winner is not None
    return state.winner


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["caribbean", "english", "seven-up"])
def test_every_level_beats_random_play(name: str, level: str) -> None:
    """A search is slow even on a small budget: ``hard`` plays 12 games (its strength is
    measured in the arena, ``benchmarks/arena.py``)."""
    games = 12 if level == "hard" else 60
    wins = sum(play_match(name, level, seed, seed % 2) == seed % 2 for seed in range(games))
    # easy, measured over seeds 0-199: caribbean 82%, english 97%, seven-up 84% of games won;
    # a random player wins about half.
    assert wins >= games * 0.65, f"{wins}/{games}"


# --- tactical positions (the list, and the habits it measured) ------------------------

CARIBBEAN = allfours.preset("caribbean")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_saves_its_jack_on_a_partners_unbeatable_trick(level: str) -> None:
    """Hearts trumps. Seat 1 leads the ace of trumps, seat 2 follows; seat 3, its partner,
    must play a trump: the jack goes on the ace (1 point) instead of waiting to be hanged by
    the king or queen still out (easy plays the two, keeping the jack only when last)."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh 6s 7s 8s 9s", "Ah 3c 4c 5c 6c 7c", "5h 8d 9d Td Jd Qd", "Jh 2h Kd 2s 3s 4s"],
        "4h",
    )
    state = act(state, Stand(), "Ah", "5h")
    assert state.to_act == 3
    assert decide(level, state) == Play("Jh")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_saves_its_jack_by_winning_the_trick_last(level: str) -> None:
    """Last to play on a trick of plain cards, the jack of trumps wins it for sure."""
    state = stacked(
        CARIBBEAN,
        ["Jh 3h 6s 7s 8s 9s", "9c Ah 4c 5c 6c 7c", "Kc 8d 9d Td Jd Qd", "2c 2h Kd 2s 3s 4s"],
        "4h",
    )
    state = act(state, Stand(), "9c", "Kc", "2c")
    assert decide(level, state) == Play("Jh")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_hunts_the_jack_when_the_holder_has_no_other_trump(level: str) -> None:
    """English, two cards left each, hearts trumps: the ace of trumps is the leader's only
    trump; leading it forces out the jack if the opponent holds it with no other trump, where
    a club lead would let the jack win a trick (easy leads the club)."""
    state = stacked(allfours.preset("english"), ["Jh 9c 2s 3s 4s 5s", "Ah 5c Ks Qs Js Ts"], "9h")
    state = act(state, Stand(), "Ks", "2s", "Qs", "3s", "Js", "4s", "Ts", "5s")
    assert state.to_act == 1
    assert decide(level, state) == Play("Ah")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_does_not_feed_a_ten_while_an_opponent_can_still_trump(level: str) -> None:
    """First trick: partner's ace of clubs is winning but the last player, an opponent with
    six unknown cards, may trump: the small club goes, not the ten (easy feeds the ten)."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh 6s 7s 8s 9s", "Ac 3h 4h 5d 6d 7d", "4c 8d 9d Td Jd Qd", "Tc 2c Kd 2s 3s 4s"],
        "5h",
    )
    state = act(state, Stand(), "Ac", "4c")
    assert decide(level, state) == Play("2c")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_wins_the_trick_that_decides_game(level: str) -> None:
    """English, hearts trumps, second-last trick: Game values 1 to 9 so far, the opponent
    leads the ten of diamonds and only small cards are left: the small trump takes the ten and
    Game with it; throwing the club would hand Game over."""
    state = stacked(allfours.preset("english"), ["Js 4s 5s Qs 2h 3c", "2s 3s Ks As Td 7d"], "8h")
    state = act(state, Stand(), "2s", "Js", "4s", "3s", "5s", "Ks", "As", "Qs", "Td")
    assert state.to_act == 0
    assert decide(level, state) == Play("2h")


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
@pytest.mark.parametrize(
    ("hand", "wanted"),
    [
        ("Ah Jh Th 5d 6d 7d", Stand()),  # the top trump, the jack and the ten of trumps
        ("2c 3c 4d 5d 6d 7d", Beg()),  # nothing in hearts, nothing anywhere
    ],
)
def test_stands_on_a_good_trump_holding_and_begs_on_a_bad_one(
    level: str, hand: str, wanted: object
) -> None:
    state = stacked(
        CARIBBEAN,
        ["Kh Qh 6s 7s 8s 9s", hand, "4c 8d 9d Td Jd Qd", "Tc 9c Kd 2s 3s 4s"],
        "5h",
    )
    assert decide(level, state) == wanted


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_the_dealer_never_takes_one_that_gives_the_game(level: str) -> None:
    """The beggars are on 13 of 14: the dealer runs the pack even with the top trumps."""
    state = stacked(
        CARIBBEAN,
        ["Kh Qh Ah 7s 8s 9s", "2c 3c 4d 5d 6d 7d", "4c 8d 9d Td Jd Qd", "Tc 9c Kd 2s 3s 4s"],
        "5h",
        scores=(5, 13),
    )
    state = act(state, Beg())
    assert allfours.legal_actions(state, 0) == [TakeOne(), RunPack()]
    assert decide(level, state) == RunPack()


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_the_dealer_takes_one_with_the_top_trumps(level: str) -> None:
    state = stacked(
        CARIBBEAN,
        ["Kh Qh Ah 7s 8s 9s", "2c 3c 4d 5d 6d 7d", "4c 8d 9d Td Jd Qd", "Tc 9c Kd 2s 3s 4s"],
        "5h",
    )
    state = act(state, Beg())
    assert decide(level, state) == TakeOne()


@pytest.mark.parametrize("level", TACTICAL_LEVELS)
def test_discards_plain_small_cards_before_trumps(level: str) -> None:
    """English: the elder begs, the dealer runs, spades come up and the elder stands; nine
    cards each. The elder keeps its ace, king and two of trumps (High and Low) and discards
    small plain cards."""
    english = allfours.preset("english")
    elder = "As Ks 2s 7c 8c 3d"
    dealer = "4h 5h 6h 7h 8h 9h"
    # stock: the candidate, then three cards each (elder first), then the next turn-up
    state = stacked(english, [dealer, elder], "9d 4d 3h 2c 3c 4c 5c 4s")
    state = act(state, Beg(), RunPack(), Stand())
    assert state.trump_suit == "s" and state.phase is Phase.DISCARD
    discards = []
    while state.phase is Phase.DISCARD and allfours.legal_actions(state, 1):
        action = decide(level, state, seat=1)
        discards.extend(str(c) for c in action.cards)  # type: ignore[attr-defined]
        state = allfours.apply(state, 1, action).state
    assert len(discards) == 3
    assert not {"As", "Ks", "2s"} & set(discards)
