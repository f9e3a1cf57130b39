"""The guided play-outs of level hard's search: a light card policy reading the world's hands
(``rollout``), played through the engine's own trick rules (``simulate.guided_playout``)."""

from __future__ import annotations

import random

from engine import kqj
from engine.cards import Card
from engine.kqj import GameState
from engine.kqj.play import legal_play_mask
from engine.kqj.rollout import choose_card, trump_mask
from engine.kqj.simulate import guided_playout

from .support import AUCTION, VARIANTS, act, card_count_ok, random_step


def policy_card(state: GameState) -> str:
    seat = state.to_act
    assert seat is not None
    legal = legal_play_mask(state, seat)
    return str(Card.from_index(choose_card(state, seat, legal, trump_mask(state.contract))))


def test_a_guided_playout_counts_the_round_and_leaves_its_input_alone() -> None:
    """From random positions of every variant: the round is counted (eight tricks, 236 card
    points in all) and the input is untouched."""
    rng = random.Random(4)
    for rules in VARIANTS.values():
        state = kqj.new_game(rules, 7)
        for _ in range(60):
            if state.winner is not None:
                break
            before = state.clone()
            end = guided_playout(state, rng)
            assert state == before
            assert card_count_ok(end)
            if end.last_round is not None and end.hand_number == state.hand_number:
                assert sum(end.last_round.card_points) == 236
            seat, action = random_step(state, rng)
            state = kqj.apply(state, seat, action).state


HANDS = [
    "9h 8h 7h Ah As 4d 5d 4c",  # seat 0
    "Th Hh 4s 5s Jd Qd Kd Ad",  # seat 1
    "Kh Qh Ks Qs 7d 8d 9d Td",  # seat 2
    "Jh 6h 6s 7s Hd 6d 5c 6c",  # seat 3
    "5h 4h Ts Hs 7c 8c 9c Tc",  # seat 4
    "8s 9s Js Hc Jc Qc Kc Ac",  # seat 5
]


def test_the_declarer_cashes_its_master_trump() -> None:
    """Hearts trumps, seat 0 leads holding the three top trumps: it leads the nine (nobody
    can beat it, and it carries the most points)."""
    state = act(kqj.deal(AUCTION, dealer=5, hands=HANDS), kqj.Bid(160, "h"), *[kqj.Pass()] * 5)
    assert state.to_act == 0
    assert policy_card(state) == "9h"


def test_a_partners_safe_trick_is_loaded_and_a_lost_one_gets_the_cheapest_card() -> None:
    """Seat 0 leads the ace of spades (a master nobody can trump: everyone holds spades).
    Seat 1, an opponent, throws its cheapest spade; seat 2, the partner, loads the safe trick
    with its King of spades (the ten and the Hero are out, so the King is no master to
    keep)."""
    state = act(kqj.deal(AUCTION, dealer=5, hands=HANDS), kqj.Bid(160, "h"), *[kqj.Pass()] * 5)
    state = act(state, "As")
    assert policy_card(state) == "4s"
    state = act(state, "4s")
    assert policy_card(state) == "Ks"


def test_in_a_capot_every_trick_counts_not_its_points() -> None:
    """The same trick in a capot contract: the partner throws its cheapest spade."""
    state = act(kqj.deal(AUCTION, dealer=5, hands=HANDS), kqj.Capot("h"), "As", "4s")
    assert policy_card(state) == "Qs"


def test_the_queen_follows_the_king_of_trumps_for_kq() -> None:
    """Hearts trumps: seat 2 threw the King of trumps into trick 1 and holds the Queen; in
    trick 2, void in the clubs led and unable to beat the opponent's Hero, it may play
    anything: it plays the Queen (KQ, 20 points, §5.5)."""
    state = act(kqj.deal(AUCTION, dealer=5, hands=HANDS), kqj.Bid(160, "h"), *[kqj.Pass()] * 5)
    state = act(state, "9h", "Th", "Kh", "Jh", "4h", "Hc")
    assert state.to_act == 0
    state = act(state, "4c", "Hh")
    assert policy_card(state) == "Qh"
