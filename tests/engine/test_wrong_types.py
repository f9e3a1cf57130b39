"""Values of the wrong type at the public API get the engine's own errors, in the pure engine
and in the compiled one (scripts/compile_engine.py; CI runs these tests on both): mypyc checks
annotated types before a function runs, so the functions that check a value themselves take
it as ``object``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import allfours, kqj
from engine.cards import standard_deck
from engine.core import DealError, IllegalActionError

DECK = [str(card) for card in standard_deck()]
ENGLISH = allfours.preset("english")
HANDS = [DECK[0:6], DECK[6:12]]
KQJ_HANDS = ["9h 8h 7h Ah Th", "Hh Kh Qh Jh 6h", "5h 4h 9s 8s 7s", "As Ts Hs Ks Qs",
             "Js 6s 5s 4s 9d", "8d 7d Ad Td Hd"]  # fmt: skip
KQJ_STOCK = "Kd Qd Jd 6d 5d 4d 9c 8c 7c Ac Tc Hc Kc Qc Jc 6c 5c 4c"
ALL_FOURS = allfours.new_game(allfours.preset("caribbean"), seed=1)
KQJ = kqj.new_game(kqj.preset("kqj"), seed=1)
NOT_SEATS = ["0", None, 1.0, True]


@pytest.mark.parametrize("seat", NOT_SEATS)
@pytest.mark.parametrize(
    "call",
    [
        lambda seat: allfours.legal_actions(ALL_FOURS, seat),
        lambda seat: allfours.apply(ALL_FOURS, seat, allfours.Stand()),
        lambda seat: allfours.replay(ALL_FOURS.rules, 1, [(seat, allfours.Stand())]),
        lambda seat: kqj.legal_actions(KQJ, seat),
        lambda seat: kqj.apply(KQJ, seat, kqj.legal_actions(KQJ, KQJ.to_act)[0]),
        lambda seat: kqj.replay(KQJ.rules, 1, [(seat, kqj.legal_actions(KQJ, KQJ.to_act)[0])]),
    ],
    ids=["af-legal", "af-apply", "af-replay", "kqj-legal", "kqj-apply", "kqj-replay"],
)
def test_a_seat_that_is_not_a_seat_is_an_illegal_action(
    call: Callable[[object], object], seat: object
) -> None:
    with pytest.raises(IllegalActionError, match="whole number"):
        call(seat)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: allfours.new_game(ENGLISH, seed="x"), "seed must be a whole number"),
        (lambda: allfours.replay(ENGLISH, "x", []), "seed must be a whole number"),
        (lambda: kqj.replay(kqj.preset("kqj"), "x", []), "seed must be a whole number"),
        (lambda: kqj.new_game(kqj.preset("kqj"), seed=None), "seed must be a whole number"),
        (
            lambda: allfours.deal(ENGLISH, dealer="0", hands=HANDS, stock=DECK[12:]),
            "dealer must be a seat",
        ),
        (
            lambda: allfours.deal(ENGLISH, hands=HANDS, stock=DECK[12:], scores=("a", 0)),
            "scores must be whole numbers",
        ),
        (
            lambda: allfours.deal(ENGLISH, hands=HANDS, stock=DECK[12:], seed=2.5),
            "seed must be a whole number",
        ),
        (
            lambda: kqj.deal(kqj.preset("kqj"), dealer="1", hands=KQJ_HANDS, stock=KQJ_STOCK),
            "dealer must be a seat",
        ),
        (
            lambda: kqj.deal(kqj.preset("kqj"), hands=KQJ_HANDS, stock=KQJ_STOCK, pool="10"),
            "the pool must be a multiple of 10",
        ),
        (
            lambda: kqj.deal(kqj.preset("kqj"), hands=KQJ_HANDS, stock=KQJ_STOCK, scores=[0, "5"]),
            "scores must be whole numbers",
        ),
    ],
)
def test_deal_values_of_the_wrong_type_are_deal_errors(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(DealError, match=message):
        call()


def test_the_stacked_deals_used_here_are_valid() -> None:
    """The refusals above are about the one wrong value, not the rest of the deal."""
    assert allfours.deal(ENGLISH, hands=HANDS, stock=DECK[12:], scores=(3, 4)).scores == (3, 4)
    assert kqj.deal(kqj.preset("kqj"), hands=KQJ_HANDS, stock=KQJ_STOCK).to_act is not None
