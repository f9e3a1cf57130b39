"""Scenes built from real engine positions: seats, direction, marks, scores and turn, and never
a hidden card."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.families.allfours import picture as allfours_picture
from bot.families.kqj import picture as kqj_picture
from bot.i18n import t
from bot.picture.common import clock_label
from bot.picture.scene import Direction, Scene
from engine import allfours, kqj
from engine.cards import Card
from tests.bot.picture.positions import (
    ALLFOURS_TABLES,
    KQJ_TABLES,
    NAMES,
    advance,
    between_tricks,
    mid_trick,
)
from tests.engine.allfours.support import stacked


def allfours_scene(state: allfours.GameState, **options: object) -> Scene:
    names = NAMES[: state.rules.players]
    return allfours_picture.scene_of(allfours.observe(state, None), names, locale="en", **options)


def kqj_scene(state: kqj.GameState, **options: object) -> Scene:
    return kqj_picture.scene_of(kqj.observe(state, None), NAMES, locale="en", **options)


@pytest.mark.parametrize(
    ("rules", "direction"),
    [
        (allfours.preset("caribbean"), Direction.COUNTER_CLOCKWISE),
        (allfours.preset("caribbean-2p"), None),
        (allfours.preset("english"), None),
        (allfours.preset("seven-up"), None),
        (allfours.preset("seven-up").replace(players=3), Direction.CLOCKWISE),
        (allfours.preset("english").replace(players=4, partnerships=True), Direction.CLOCKWISE),
    ],
)
def test_all_fours_direction_follows_the_rule_book(
    rules: allfours.Ruleset, direction: Direction | None
) -> None:
    """Caribbean plays to the right (§2.1), English and Seven Up for 3-4 to the left (§4.2)."""
    assert allfours_scene(allfours.new_game(rules, seed=1)).direction == direction


def test_kqj_plays_clockwise() -> None:
    """KQJ seats A-F go clockwise (§5.2)."""
    assert kqj_scene(kqj.new_game(kqj.preset("kqj"), seed=1)).direction is Direction.CLOCKWISE


def test_builders_refuse_a_players_view() -> None:
    """A public picture is drawn from the spectator's view only: a seat's view holds a hand."""
    af = allfours.new_game(allfours.preset("english"), seed=2)
    with pytest.raises(ValueError, match="observe"):
        allfours_picture.scene_of(allfours.observe(af, 0), NAMES[:2], locale="en")
    game = kqj.new_game(kqj.preset("kqj"), seed=2)
    with pytest.raises(ValueError, match="observe"):
        kqj_picture.scene_of(kqj.observe(game, 3), NAMES, locale="en")


def test_builders_need_one_name_per_seat() -> None:
    af = allfours.new_game(allfours.preset("caribbean"), seed=2)
    with pytest.raises(ValueError, match="4 seats need 4 names"):
        allfours_picture.scene_of(allfours.observe(af, None), NAMES[:3], locale="en")


def _held(state: allfours.GameState | kqj.GameState) -> set[Card]:
    return {card for seat in range(state.rules.players) for card in state.hand(seat)}


@settings(max_examples=40, deadline=None)
@given(
    table=st.sampled_from(sorted(ALLFOURS_TABLES)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 80),
)
def test_an_all_fours_scene_never_shows_a_held_card(table: str, seed: int, steps: int) -> None:
    """Whatever the moment of the game, no card in anybody's hand reaches the picture."""
    rng = Random(seed)
    state = allfours.new_game(ALLFOURS_TABLES[table], seed=seed)
    for _ in range(steps):
        scene = allfours_scene(state)
        assert scene.hands == ()  # face up only in a finished game's replay
        assert not set(scene.cards_shown()) & _held(state)
        if state.to_act is None:
            break
        actions = allfours.legal_actions(state, state.to_act)
        state = allfours.apply(state, state.to_act, rng.choice(actions)).state


@settings(max_examples=25, deadline=None)
@given(
    table=st.sampled_from(sorted(KQJ_TABLES)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
)
def test_a_kqj_scene_never_shows_a_held_card(table: str, seed: int, steps: int) -> None:
    """No held card reaches the picture, except the Return: it was turned face up and taken in
    full view, so it is public while the declarer holds it (engine/kqj/view.py)."""
    rng = Random(seed)
    state = kqj.new_game(KQJ_TABLES[table], seed=seed)
    for _ in range(steps):
        scene = kqj_scene(state)
        assert scene.hands == ()  # face up only in a finished game's replay
        public_return = {state.return_face} if state.return_face is not None else set()
        assert not (set(scene.cards_shown()) & _held(state)) - public_return
        assert set(scene.turned) <= public_return
        if state.to_act is None:
            break
        actions = kqj.legal_actions(state, state.to_act)
        state = kqj.apply(state, state.to_act, rng.choice(actions)).state


def _winner_after(module: object, state: object, seat: int, action: object) -> int:
    events = module.apply(state, seat, action).events
    won = [event for event in events if type(event).__name__ == "TrickWon"]
    assert len(won) == 1
    return int(won[0].seat)


@pytest.mark.parametrize("table", sorted(ALLFOURS_TABLES))
def test_all_fours_marks_the_card_that_wins_the_trick_so_far(table: str) -> None:
    """Before the last card of a trick, the card marked winning is the one that takes the
    trick whenever the last card does not (the engine's own TrickWon decides)."""
    rules = ALLFOURS_TABLES[table]
    checked = 0
    for seed in range(6):
        state = mid_trick(allfours, allfours.new_game(rules, seed=seed), seed, rules.players - 1)
        scene = allfours_scene(state)
        marked = [index for index, seat in enumerate(scene.seats) if seat.is_winning]
        led = [index for index, seat in enumerate(scene.seats) if seat.is_led]
        assert led == [state.current_trick[0][0]]
        last = state.to_act
        for action in allfours.legal_actions(state, last):
            winner = _winner_after(allfours, state, last, action)
            if winner != last:
                assert marked == [winner]
                checked += 1
    assert checked


@pytest.mark.parametrize("table", sorted(KQJ_TABLES))
def test_kqj_marks_the_master_card(table: str) -> None:
    """The same property with KQJ's master card (§5.4)."""
    rules = KQJ_TABLES[table]
    checked = 0
    for seed in range(4):
        state = mid_trick(kqj, kqj.new_game(rules, seed=seed), seed, 5)
        scene = kqj_scene(state)
        marked = [index for index, seat in enumerate(scene.seats) if seat.is_winning]
        last = state.to_act
        for action in kqj.legal_actions(state, last):
            if not isinstance(action, kqj.Play):
                continue
            winner = _winner_after(kqj, state, last, action)
            if winner != last:
                assert marked == [winner]
                checked += 1
    assert checked


def test_partners_share_a_colour() -> None:
    """Teams: seats 0 and 2 in four-player All Fours (§2.1); KQJ 3v3 alternates (§5.2), 2v2v2
    pairs opposite seats (§6.1), random partners follow the round's draw (§6.2)."""
    caribbean = allfours_scene(allfours.new_game(allfours.preset("caribbean"), seed=4))
    assert [seat.team for seat in caribbean.seats] == [0, 1, 0, 1]
    alone = allfours_scene(allfours.new_game(ALLFOURS_TABLES["seven-up-4-alone"], seed=4))
    assert [seat.team for seat in alone.seats] == [0, 1, 2, 3]
    three = kqj_scene(kqj.new_game(KQJ_TABLES["kqj-2v2v2"], seed=4))
    assert [seat.team for seat in three.seats] == [0, 1, 2, 0, 1, 2]
    state = kqj.new_game(KQJ_TABLES["kqj-random-2v2v2-auction"], seed=4)
    drawn = kqj_scene(state)
    assert [seat.team for seat in drawn.seats] == list(kqj.observe(state, None).team_of)


def test_all_fours_panel_shows_trumps_kicks_scores_and_the_last_trick() -> None:
    """A Caribbean table after two tricks: trumps, the kick(s), Team A / Team B to 14, the
    last trick in playing order and its winner."""
    state = between_tricks(allfours, allfours.new_game(allfours.preset("caribbean"), seed=8), 8)
    view = allfours.observe(state, None)
    scene = allfours_scene(state)
    assert scene.trump == view.trump
    assert scene.turned == view.turned
    assert scene.turned_label == ("Kick" if len(view.turned) == 1 else "Kicks")
    assert [line.label for line in scene.scores] == ["Team A", "Team B"]
    assert [line.points for line in scene.scores] == [str(p) for p in view.scores]
    assert scene.target == "to 14"
    assert scene.last_trick == tuple(card for _, card in view.previous_trick)
    assert scene.last_trick_winner == f"won by {NAMES[view.previous_trick_winner]}"
    tricks = view.tricks_played + max(view.hand_sizes)
    assert tricks in (6, 9, 12)
    assert scene.progress == f"Hand 1 · trick {view.tricks_played + 1} of {tricks}"
    assert all(seat.card is None for seat in scene.seats)
    assert [seat.cards_held for seat in scene.seats] == list(view.hand_sizes)


def test_individual_scores_carry_the_players_names_and_the_leader() -> None:
    state = stacked(
        allfours.preset("seven-up").replace(players=3),
        ["2s 3s 4s 5s 6s 7s", "2h 3h 4h 5h 6h 7h", "2d 3d 4d 5d 6d 7d"],
        scores=(2, 5, 1),
    )
    scene = allfours_scene(state)
    assert [line.label for line in scene.scores] == list(NAMES[:3])
    assert [line.points for line in scene.scores] == ["2", "5", "1"]
    assert [line.is_leading for line in scene.scores] == [False, True, False]


def test_every_seat_still_to_discard_is_waited_for() -> None:
    """English: after a run, both players discard; the picture waits for both."""
    for seed in range(200):
        state = advance(
            allfours,
            allfours.new_game(allfours.preset("english"), seed=seed),
            seed,
            lambda s: s.phase is allfours.Phase.DISCARD or s.phase is allfours.Phase.PLAY,
        )
        view = allfours.observe(state, None)
        if state.phase is allfours.Phase.DISCARD and len(view.pending_discards) == 2:
            break
    else:
        pytest.fail("no deal with two players discarding in 200 seeds")
    scene = allfours_scene(state, clock=clock_label(30, "en"))
    assert [seat.is_to_act for seat in scene.seats] == [True, True]
    assert (
        scene.turn == f"{NAMES[view.pending_discards[0]]}, {NAMES[view.pending_discards[1]]}: "
        "to discard down to six cards"
    )
    assert scene.clock == "30 s"


def test_a_finished_game_names_its_winner_and_waits_for_nobody() -> None:
    state = advance(
        allfours, allfours.new_game(allfours.preset("seven-up"), seed=5), 5, lambda s: False
    )
    assert state.winner is not None
    scene = allfours_scene(state, clock=clock_label(30, "en"))
    assert scene.notes == (f"{NAMES[state.winner]} wins the game",)
    assert scene.turn is None
    assert scene.clock is None
    assert not any(seat.is_to_act for seat in scene.seats)


def test_kqj_base_game_shows_the_return_and_who_took_it() -> None:
    state = mid_trick(kqj, kqj.new_game(kqj.preset("kqj"), seed=6), 6, 2)
    view = kqj.observe(state, None)
    scene = kqj_scene(state)
    assert scene.turned == (view.return_card,)
    assert scene.turned_label == "Return"
    assert scene.turned_note == f"Taken by {NAMES[view.declarer]}"
    assert scene.seats[view.declarer].note == "Declarer"
    assert [line.label for line in scene.round_scores] == ["Team A", "Team B"]
    assert [line.points for line in scene.round_scores] == [str(p) for p in view.team_points]
    assert scene.progress == f"Round 1 · trick {len(view.trick_winners) + 1} of 8"
    assert scene.target == "to 1000"


@pytest.mark.parametrize(("contract", "text"), [("all", "All trumps"), ("none", "No trumps")])
def test_kqj_all_trumps_and_no_trumps_are_named(contract: str, text: str) -> None:
    """Everybody passes the Return, then the opener takes it naming all trumps / no trumps
    (§5.3 step 4): the scene says which, and names it."""
    state = kqj.new_game(kqj.preset("kqj"), seed=12)
    for _ in range(6):
        state = kqj.apply(state, state.to_act, kqj.Pass()).state
    state = kqj.apply(state, state.to_act, kqj.Take(contract)).state
    scene = kqj_scene(state)
    assert scene.trump == contract
    assert scene.trump_text == text


def test_kqj_auction_shows_the_bid_the_counter_and_the_team() -> None:
    """§6.3: a counter doubles the bid; the contract line says ×2 and the team that bid."""
    rules = KQJ_TABLES["kqj-auction"]
    for seed in range(100):
        state = advance(
            kqj,
            kqj.new_game(rules, seed=seed),
            seed,
            lambda s: s.phase is not kqj.Phase.AUCTION,
        )
        if state.phase is kqj.Phase.OVERCOUNTER:
            break
    else:
        pytest.fail("no counter in 100 random auctions")
    view = kqj.observe(state, None)
    scene = kqj_scene(state)
    team = "AB"[view.team_of[view.bidder]]
    assert scene.contract is not None
    assert scene.contract.endswith(f"×2 by Team {team}")
    assert scene.seats[view.counterer].note == "Counter ×2"
    assert scene.turned == ()


def test_kqj_random_partners_put_victory_points_on_the_seats() -> None:
    """§6.2: every player scores alone, so each seat carries its own victory points."""
    state = mid_trick(kqj, kqj.new_game(KQJ_TABLES["kqj-random-2v2v2-auction"], seed=3), 3, 1)
    scene = kqj_scene(state)
    assert scene.scores == ()
    assert all(seat.note is not None and seat.note.endswith("0 VP") for seat in scene.seats)


def test_a_scene_pickles_and_keeps_its_fingerprint() -> None:
    """The bot renders in a worker process: the scene must travel there unchanged."""
    import pickle

    state = mid_trick(kqj, kqj.new_game(kqj.preset("kqj"), seed=9), 9, 3)
    scene = kqj_scene(state, clock=clock_label(45, "en"), computers={2})
    copy = pickle.loads(pickle.dumps(scene))
    assert copy == scene
    assert copy.fingerprint() == scene.fingerprint()
    assert copy.seats[2].is_computer


@pytest.mark.parametrize(
    ("variant", "phase", "words"),
    [
        ("caribbean", allfours.Phase.DECLARE, "to stand or beg"),
        ("caribbean", allfours.Phase.REPLY, "to take one or run the pack"),
        ("english", allfours.Phase.REPLY, "to give one or run the pack"),
        ("seven-up", allfours.Phase.REPLY, "to give one or run the pack"),
    ],
)
def test_the_picture_names_the_decision_as_the_table_does(
    variant: str, phase: allfours.Phase, words: str
) -> None:
    """One set of words for whose turn it is (issue 19: the picture said "to choose trumps"
    where the table said "to stand or beg", and "take one" in English)."""
    key = allfours_picture.turn_key(allfours.preset(variant), phase)
    assert key is not None and t(key, "en") == words
