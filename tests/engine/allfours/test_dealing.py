"""New games and stacked deals: determinism, dealing order and validation (DESIGN.md)."""

import pytest

from engine import allfours
from engine.allfours import Phase
from engine.cards import standard_deck
from engine.core import DealError

from .support import act, cards, stacked

DECK = [str(c) for c in standard_deck()]


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    rules = allfours.preset("caribbean")
    assert allfours.new_game(rules, seed=7) == allfours.new_game(rules, seed=7)
    assert allfours.new_game(rules, seed=7) != allfours.new_game(rules, seed=8)


@pytest.mark.parametrize("name", allfours.PRESET_NAMES)
def test_a_new_game_deals_six_each_and_turns_one_card(name: str) -> None:
    state = allfours.new_game(allfours.preset(name), seed=11)
    sizes = [len(state.hand(s)) for s in range(state.players)]
    assert sizes == [6] * state.players
    assert len(state.turned_cards) == 1
    assert state.to_act == (state.dealer + 1) % state.players or state.winner is not None


def test_deal_gives_the_hands_and_turns_the_top_of_the_stock() -> None:
    state = allfours.deal(
        allfours.preset("caribbean"),
        dealer=2,
        hands=[DECK[0:6], DECK[6:12], DECK[12:18], DECK[18:24]],
        stock=DECK[24:],
    )
    assert [str(c) for c in state.hand(1)] == DECK[6:12]
    assert str(state.kick) == DECK[24]
    assert (state.dealer, state.to_act, state.phase) == (2, 3, Phase.DECLARE)


def test_a_run_deals_one_packet_of_three_to_each_player_from_the_dealers_next() -> None:
    state = stacked(
        allfours.preset("caribbean"),
        ["2s 3s 4s 5s 6s 7s", "8s 9s Ts Js Qs Ks", "As 2h 3h 4h 5h 6h", "7h 8h 9h Th Jh Qh"],
        "8c 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Kh",
        dealer=0,
    )
    assert state.kick is not None and str(state.kick) == "8c"
    after = act(state, allfours.Beg(), allfours.RunPack())
    assert set(cards("2d 3d 4d")) <= {str(c) for c in after.hand(1)}
    assert set(cards("5d 6d 7d")) <= {str(c) for c in after.hand(2)}
    assert set(cards("8d 9d Td")) <= {str(c) for c in after.hand(3)}
    assert set(cards("Jd Qd Kd")) <= {str(c) for c in after.hand(0)}


@pytest.mark.parametrize(
    ("hands", "stock", "message"),
    [
        ([DECK[0:6], DECK[0:6]], DECK[12:], "dealt twice"),
        ([DECK[0:6], DECK[6:12]], DECK[13:], "missing: "),
        ([DECK[0:5], DECK[6:12]], DECK[12:], "must hold 6 cards"),
        ([DECK[0:6]], DECK[6:], "seats 2 players"),
        ([DECK[0:6], DECK[6:12]], [*DECK[12:], "Hs"], "Hero"),
        ([DECK[0:6], DECK[6:12]], [*DECK[12:], "Zz"], "is not a card"),
        (["As Ks", DECK[6:12]], DECK[12:], "list of cards"),
    ],
)
def test_bad_deals_raise_value_errors(
    hands: list[list[str]], stock: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        allfours.deal(allfours.preset("english"), hands=hands, stock=stock)


def test_deal_rejects_a_score_already_at_the_target_and_bad_dealers() -> None:
    rules = allfours.preset("english")
    hands = [DECK[0:6], DECK[6:12]]
    with pytest.raises(DealError, match="already reached the target"):
        allfours.deal(rules, hands=hands, stock=DECK[12:], scores=(11, 0))
    with pytest.raises(DealError, match="dealer must be a seat"):
        allfours.deal(rules, dealer=2, hands=hands, stock=DECK[12:])
    with pytest.raises(DealError, match="scores must give 2 sides"):
        allfours.deal(rules, hands=hands, stock=DECK[12:], scores=(1, 2, 3))
    with pytest.raises(DealError, match="seed must be a whole number"):
        allfours.new_game(rules, seed="x")  # type: ignore[arg-type]


def test_after_a_hand_the_deal_passes_to_the_next_seat() -> None:
    rules = allfours.preset("caribbean")
    state = allfours.new_game(rules, seed=3)
    first_dealer = state.dealer
    while state.hand_number == 1 and state.winner is None:
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state
    if state.winner is None:
        assert state.dealer == (first_dealer + 1) % 4
