"""Trick play (RULES.md §5.4): legal-move tables for every lead situation, the seed's worked
trick with the partner exception, trick winners, and the reasons given for illegal cards."""

from __future__ import annotations

import random

import pytest

from engine import kqj
from engine.cards import parse_cards
from engine.core import IllegalActionError, Play
from engine.kqj import Phase
from engine.kqj.deck import trick_winner_offset

from .support import (
    BASE,
    VARIANTS,
    base_deal,
    legal_cards,
    names,
    play_cards,
    position,
    random_step,
)

# Seat to play is the one after the trick; in 3v3 seats 0 2 4 and 1 3 5 are partners.
# (contract, leader, trick, hand of the seat to play, legal cards, why)
TABLE = [
    ("h", 0, "", "As 9h 4d", "As 9h 4d", "leading: any card"),
    ("h", 0, "Ks", "4s As 9h", "4s As", "plain led and held: any card of it, no trumping"),
    ("h", 0, "Ks Hs 7h", "4s As 9h", "4s As", "plain led and held: no overtrump duty"),
    ("h", 0, "Kh", "Qh Ah 9s", "Ah", "trumps led: beat the master if you can"),
    ("h", 2, "Th Kh", "Ah Qh 9s", "Ah", "trumps led: beat it even over a partner"),
    ("h", 0, "9h", "Ah Qh 9s", "Ah Qh", "trumps led, cannot beat: any trump"),
    ("h", 0, "Ks", "7h Jh Ad", "7h Jh", "void, opponent master plain: trump"),
    ("h", 0, "Ks 4s Hh", "7h Jh Ad", "7h", "void, opponent trumped: overtrump if you can"),
    (
        "h",
        0,
        "Ks 4s Hh",
        "Jh 4h Ad",
        "Jh 4h Ad",
        "void, cannot overtrump: anything (Belote: Jh 4h)",
    ),
    ("h", 1, "As Ks", "7h Ad", "7h Ad", "void, partner master: anything"),
    ("h", 0, "Ks Hh 4s", "7h Td", "7h Td", "void, partner trumped: anything, a higher trump too"),
    ("h", 0, "Ks", "Ad Qc", "Ad Qc", "void, no trump: anything"),
    ("all", 0, "Ks", "As 4s 9h", "As", "all-trump: beat the master in the led suit"),
    ("all", 0, "9s", "As 4s", "As 4s", "all-trump, cannot beat: any card of the suit"),
    ("all", 2, "Hs Ks", "As 4s", "As", "all-trump: beat it even over a partner"),
    ("all", 0, "Ks", "9h 4d", "9h 4d", "all-trump void: no card of another suit can beat"),
    ("none", 0, "Ks", "As 4s 9h", "As 4s", "no-trump: follow with any card, no duty to beat"),
    ("none", 0, "Ks", "9h 4d", "9h 4d", "no-trump void: anything"),
]


@pytest.mark.parametrize(
    ("contract", "leader", "trick", "hand", "legal", "why"),
    TABLE,
    ids=[row[-1] for row in TABLE],
)
def test_legal_move_table(
    contract: str, leader: int, trick: str, hand: str, legal: str, why: str
) -> None:
    """Each lead situation of §5.4 (AMB-K03..K05)."""
    state = position(contract, leader, trick, hand)
    assert legal_cards(state) == set(legal.split()), why


WHO_IS_MASTER = [row for row in TABLE if "partner" in row[-1] or "opponent" in row[-1]]


@pytest.mark.parametrize(
    ("contract", "leader", "trick", "why"),
    [(row[0], row[1], row[2], row[-1]) for row in WHO_IS_MASTER],
    ids=[row[-1] for row in WHO_IS_MASTER],
)
def test_the_rows_about_a_partner_have_a_partner_as_master(
    contract: str, leader: int, trick: str, why: str
) -> None:
    """A row that names a partner (or an opponent) tests that case: the master card of its
    trick is the partner's (the opponent's) of the seat to play."""
    state = position(contract, leader, trick, "")
    seat = state.to_act
    assert seat is not None
    partner_is_master = state.team(state.master_seat) == state.team(seat)
    assert partner_is_master == ("partner" in why), why


def test_belote_and_kqj_disagree_on_undertrumping() -> None:
    """The one case where Belote would force a lower trump: KQJ lets the void player discard
    (AMB-K03), and the engine accepts the discard."""
    state = position("h", 0, "Ks 4s Hh", "Jh 4h Ad")
    t = kqj.apply(state, 3, Play("Ad"))
    assert t.events[0] == kqj.CardPlayed(3, Play("Ad").card)


def test_partner_logic_follows_the_teams_of_the_game() -> None:
    """Seat 0 is seat 3's opponent in 3v3 but its partner in 2v2v2 and with these random teams."""
    trick = "Ks 4s 5s"  # seat 0 leads Ks and stays master; seat 3 is void in spades
    assert legal_cards(position("h", 0, trick, "7h Ad")) == {"7h"}
    two_two_two = BASE.replace(teams="2v2v2")
    assert legal_cards(position("h", 0, trick, "7h Ad", rules=two_two_two)) == {"7h", "Ad"}
    random_partners = BASE.replace(random_partners=True)
    teams = [[0, 3, 5], [1, 2, 4]]
    state = position("h", 0, trick, "7h Ad", rules=random_partners, teams=teams)
    assert legal_cards(state) == {"7h", "Ad"}


SEED_HANDS = [
    "Ac Tc Kc Qc Th Qh As Ad",
    "4c 6h 9h 8h Ks Qs Kd Qd",
    "5c Hh Kh Js 9s Jd 9d 8d",
    "6c 5h 4s Hs 8s Hd 7d 6d",
    "7c 7h Ah Ts 7s 6s Td 5d",
    "Hc 8c Jc 9c Jh 4h 5s 4d",
]


def test_the_seeds_worked_trick_with_the_partner_exception() -> None:
    """Seed 002's example: F deals, B takes hearts; A wins trick 1 with A♣; in trick 2 D may
    discard 4♠ (no undertrump), E holds 7♥ but partner C is master with H♥ and discards 10♠,
    F must follow with H♣; C wins 34 points (REPORT EX-002-D)."""
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    state, events = play_cards(state, "Ac 4c 5c 6c 7c 8c")
    assert events[-1] == kqj.TrickWon(0, tuple(parse_cards("Ac 4c 5c 6c 7c 8c")), 13)
    assert state.to_act == 0
    expected = {
        1: {"6h", "9h", "8h"},  # void, opponent master with a plain card: trump
        2: {"Hh", "Kh"},  # void, opponent master with 6h: overtrump
        3: {"5h", "4s", "Hs", "8s", "Hd", "7d", "6d"},  # cannot beat Hh: anything
        4: {"7h", "Ah", "Ts", "7s", "6s", "Td", "5d"},  # partner C master: anything
        5: {"Hc", "Jc", "9c"},  # follows clubs
    }
    state, _ = play_cards(state, "Tc")
    for card in names(parse_cards("6h Hh 4s Ts Hc")):
        seat = state.to_act
        assert seat is not None
        assert legal_cards(state) == expected[seat], seat
        state, events = play_cards(state, card)
    trick = tuple(parse_cards("Tc 6h Hh 4s Ts Hc"))
    assert events[-1] == kqj.TrickWon(2, trick, 34)
    assert state.to_act == 2 and state.team_points == [13 + 34, 0]


@pytest.mark.parametrize(
    ("contract", "cards", "winner"),
    [
        ("h", "Ks As 4h 9s Ts Hs", 2),  # a low trump beats the plain ace
        ("h", "Ks As 4h 9h Ts Hs", 3),  # the nine is the highest trump
        ("h", "Ks As Td 9s Ts Hs", 1),  # no trump: highest spade in plain order (A)
        ("all", "Ks As 9h 9s Ts Hs", 3),  # all-trump: only spades count, 9 is top
        ("none", "Ks As 9h 9s Ts Ad", 1),  # no-trump: the ace of the led suit
    ],
)
def test_trick_winner(contract: str, cards: str, winner: int) -> None:
    """Highest trump, else highest of the led suit; in all-trump / no-trump only the led suit
    wins (§5.4, AMB-K04)."""
    state = position(contract, 0, cards, "")
    assert state.master_seat == winner


@pytest.mark.parametrize(
    ("trick", "hand", "card", "message"),
    [
        ("Ks", "4s As 9h", "9h", "spades were led and you hold spades: follow suit"),
        (
            "Kh",
            "Qh Ah 9s",
            "Qh",
            "trumps were led and you can beat the master card Kh: play one of Ah",
        ),
        ("Ks", "7h Jh Ad", "Ad", "an opponent is master with Ks: beat it with one of 7h Jh"),
        ("Ks", "7h Jh Ad", "9d", "does not hold 9d"),
    ],
)
def test_illegal_cards_are_refused_with_a_reason(
    trick: str, hand: str, card: str, message: str
) -> None:
    """The error says why, and the state is unchanged."""
    state = position("h", 0, trick, hand)
    before = state.clone()
    with pytest.raises(IllegalActionError, match=message):
        kqj.apply(state, state.to_act, Play(card))  # type: ignore[arg-type]
    assert state == before


def test_only_the_seat_to_act_may_play() -> None:
    state = position("h", 0, "Ks", "4s As")
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        kqj.apply(state, 2, Play("4s"))
    assert kqj.legal_actions(state, 2) == []
    with pytest.raises(IllegalActionError, match="no card is played in the first_round phase"):
        kqj.apply(kqj.new_game(BASE, seed=1), 0, Play("4s"))
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize("name", ["3v3", "2v2v2", "auction"])
def test_every_trick_of_a_game_is_won_as_trick_winner_offset_says(name: str) -> None:
    """Trick play (the production path) and ``deck.trick_winner_offset`` agree on every
    trick of random games: one source for the trick winner (``deck.BEATERS``)."""
    rules = VARIANTS[name]
    rng = random.Random(name)
    for seed in range(6):
        state = kqj.new_game(rules, seed)
        while state.winner is None:
            seat, action = random_step(state, rng)
            t = kqj.apply(state, seat, action)
            for event in t.events:
                if isinstance(event, kqj.TrickWon):
                    trick = [card.index for card in event.cards]
                    offset = trick_winner_offset(trick, state.contract)
                    assert event.seat == (state.leader + offset) % 6
            state = t.state
