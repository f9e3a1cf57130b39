"""The simulation path: determinize() re-deals only what a seat cannot see, respecting what
the play has revealed; playout() counts the round with the same rules as apply()."""

from __future__ import annotations

import random

from engine import kqj
from engine.cards import cards_in
from engine.kqj import Phase
from engine.kqj.deck import SUIT_CARDS
from engine.kqj.simulate import determinize, known_absent, playout

from .support import VARIANTS, base_deal, card_count_ok, play_cards, random_step
from .test_play import SEED_HANDS


def _names(mask: int) -> set[str]:
    return {str(c) for c in cards_in(mask)}


def test_known_absent_reads_the_seeds_trick() -> None:
    """After the seed's second trick: B, C, D, E are void in clubs; D could not beat H♥ (so has
    none of 9 8 7 A T of hearts); E, whose partner was master, reveals nothing more."""
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    state, _ = play_cards(state, "Ac 4c 5c 6c 7c 8c Tc 6h Hh 4s Ts Hc")
    absent = known_absent(state)
    clubs = _names(SUIT_CARDS[3])
    assert absent[0] == 0 and absent[5] == 0
    assert _names(absent[1]) == clubs and _names(absent[2]) == clubs
    assert _names(absent[3]) == clubs | {"9h", "8h", "7h", "Ah", "Th"}
    assert _names(absent[4]) == clubs  # holds 7h, which beats H♥: nothing else is deduced


def test_determinize_keeps_what_the_seat_knows() -> None:
    """Own hand, hand sizes, the public record and the Return stay; hidden cards move; what the
    play revealed is respected; the input is not changed."""
    for index, rules in enumerate(VARIANTS.values()):
        rng = random.Random(index)
        state = kqj.new_game(rules, seed=index)
        for step in range(160):
            if state.winner is not None:
                break
            if step % 7 == 0:
                seat = step % 6
                snapshot = state.clone()
                guess = determinize(state, seat, random.Random(step))
                assert state == snapshot and card_count_ok(guess)
                assert guess.hands[seat] == state.hands[seat]
                assert [h.bit_count() for h in guess.hands] == [h.bit_count() for h in state.hands]
                assert guess.plays == state.plays and guess.trick == state.trick
                assert len(guess.stock) == len(state.stock)
                assert guess.stock[:1] == state.stock[:1]
                if state.declarer >= 0 and state.return_card >= 0:
                    assert guess.hands[state.declarer] >> state.return_card & 1 == (
                        state.hands[state.declarer] >> state.return_card & 1
                    )
                for other, absent in enumerate(known_absent(state)):
                    assert not guess.hands[other] & absent
                if guess.phase is Phase.PLAY or guess.phase is Phase.OVER:
                    assert playout(guess, random.Random(step)).hand_number >= 1
            seat, action = random_step(state, rng)
            state = kqj.apply(state, seat, action).state


def test_playout_counts_the_round_and_stops() -> None:
    state = kqj.new_game(kqj.preset("kqj"), seed=4)
    end = playout(state, random.Random(1))
    assert end.last_round is not None and end.last_round.hand_number == 1
    assert len(end.winners) == 8 and end.hand_number == 1
    assert sum(end.last_round.card_points) == 236
    assert playout(end, random.Random(2)) == end  # already counted: nothing more to do
