"""Trick play: what may be played in every lead situation and who wins (RULES.md §1.3)."""

import random

import pytest

from engine import allfours
from engine.allfours import Play, Stand
from engine.allfours.deck import BEATERS, DECK
from engine.allfours.play import trick_winner_offset
from engine.cards import Card
from engine.core import IllegalActionError

from .support import act, cards, stacked

# Caribbean, dealer 0, seat 1 stands on the 8c: clubs are trumps and seat 1 leads.
HANDS = [
    "Ah 2c 5d 9s Th Kd",  # seat 0 (dealer): hearts, one trump
    "3h Qh 4c 6d 7s Jd",  # seat 1 (pone, leads)
    "Kh Ac Tc 2d 3s 4s",  # seat 2: hearts and two trumps
    "5s 6s 8s Js 7d 9d",  # seat 3: no hearts, no trump
]


def playing(rules_name: str = "caribbean", **changes: object) -> allfours.GameState:
    rules = allfours.preset(rules_name).replace(**changes)
    return act(stacked(rules, HANDS, "8c", dealer=0), Stand())


def legal(state: allfours.GameState) -> list[str]:
    seat = state.to_act
    assert seat is not None
    return sorted(str(a.card) for a in allfours.legal_actions(state, seat))  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("played", "expected"),
    [
        # leading: anything
        ([], cards("3h Qh 4c 6d 7s Jd")),
        # plain suit led, holding it: that suit or a trump, free choice (seat 2)
        (["3h"], cards("Kh Ac Tc")),
        # plain suit led, void: anything (seat 3)
        (["3h", "Kh"], cards("5s 6s 8s Js 7d 9d")),
        # plain suit led, holding it and a trump (seat 0)
        (["3h", "Kh", "5s"], cards("Ah Th 2c")),
        # trump led, holding trumps: a trump, any (seat 2)
        (["4c"], cards("Ac Tc")),
        # trump led, no trump: anything (seat 3)
        (["4c", "Ac"], cards("5s 6s 8s Js 7d 9d")),
    ],
)
def test_legal_plays_in_every_lead_situation(played: list[str], expected: list[str]) -> None:
    state = act(playing(), *played)
    assert legal(state) == sorted(expected)


def test_only_the_seat_to_act_may_play() -> None:
    state = playing()
    assert allfours.legal_actions(state, 2) == []
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        allfours.apply(state, 2, Play("Kh"))


def test_illegal_cards_are_refused_with_the_reason_and_nothing_changes() -> None:
    state = act(playing(), "3h")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"hearts were led.*follow suit or play a trump"):
        allfours.apply(state, 2, Play("2d"))
    with pytest.raises(IllegalActionError, match="does not hold As"):
        allfours.apply(state, 2, Play("As"))
    trump_lead = act(playing(), "4c")
    with pytest.raises(IllegalActionError, match=r"trumps \(clubs\) were led"):
        allfours.apply(trump_lead, 2, Play("Kh"))
    assert state.to_json() == before


def test_not_an_action_is_refused() -> None:
    state = playing()
    with pytest.raises(ValueError, match="is not an All Fours action"):
        allfours.apply(state, 1, "Qh")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="there is no seat 4"):
        allfours.apply(state, 4, Play("Qh"))
    with pytest.raises(ValueError, match="no card is played in the declare phase"):
        allfours.apply(stacked(allfours.preset("caribbean"), HANDS, "8c"), 1, Play("Qh"))


def test_forbid_undertrump_bars_a_lower_trump_over_a_trumped_plain_trick() -> None:
    # seat 1 leads 3h, seat 2 trumps with Tc, seat 3 void; seat 0 holds Ah Th (hearts) and 2c
    state = act(playing(forbid_undertrump=True), "3h", "Tc", "5s")
    assert legal(state) == sorted(cards("Ah Th"))
    assert legal(act(playing(), "3h", "Tc", "5s")) == sorted(cards("Ah Th 2c"))


def test_forbid_undertrump_allows_it_when_nothing_else_is_legal() -> None:
    hands = ["2c 3c 4c 5c 6c 7c", "3h Qh 4d 6d 7s Jd", "Kh Ac Tc 2d 3s 4s", "5s 6s 8s Js 7d 9d"]
    rules = allfours.preset("caribbean").replace(forbid_undertrump=True)
    state = act(stacked(rules, hands, "8c", dealer=0), Stand(), "3h", "Ac", "5s")
    # seat 0 has no heart and only trumps below the ace: all of them stay legal
    assert legal(state) == sorted(cards("2c 3c 4c 5c 6c 7c"))


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("3h Kh 5s Ah", "c", 3),  # highest of the led suit
        ("3h Kh 2c Ah", "c", 2),  # any trump beats the led suit
        ("3h Tc 2c Ah", "c", 1),  # the highest trump
        ("3h Kd Qs 2s", "c", 0),  # off-suit cards never win
        ("4c Ac Jc 2c", "c", 1),  # trump lead
        ("9s Ts", "h", 1),  # two players
    ],
)
def test_trick_winner(trick: str, trump: str, winner: int) -> None:
    indices = [Card.parse(c).index for c in trick.split()]
    assert trick_winner_offset(indices, "shdc".index(trump)) == winner


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = act(playing(), "3h", "Kh", "5s", "Ah")
    assert state.to_act == 0
    assert [(seat, str(card)) for seat, card in state.previous_trick] == [
        (1, "3h"),
        (2, "Kh"),
        (3, "5s"),
        (0, "Ah"),
    ]
    assert state.previous_trick_winner == 0


def test_beaters_say_what_the_rule_says() -> None:
    """§1.3 stated independently: a card beats the card winning the trick if it is a higher
    card of the same suit, or a trump over a card that is not a trump."""
    for trump in range(4):
        for master in DECK:
            for card in DECK:
                same_suit_higher = card >> 4 == master >> 4 and card & 15 > master & 15
                trumps_it = card >> 4 == trump and master >> 4 != trump
                assert bool(BEATERS[trump][master] >> card & 1) == (same_suit_higher or trumps_it)


@pytest.mark.parametrize("name", ["caribbean", "caribbean-2p", "english"])
def test_every_trick_of_a_game_is_won_as_trick_winner_offset_says(name: str) -> None:
    """Trick play (the production path) and ``trick_winner_offset`` (the tested function)
    agree on every trick of random games: one source for the trick winner."""
    rng = random.Random(name)
    for seed in range(20):
        state = allfours.new_game(allfours.preset(name), seed)
        while state.winner is None:
            seat = rng.choice([s for s in range(state.players) if allfours.legal_actions(state, s)])
            t = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat)))
            for event in t.events:
                if isinstance(event, allfours.TrickWon):
                    leader = state.leader
                    trick = [card.index for card in event.cards]
                    offset = trick_winner_offset(trick, state.trump)
                    assert event.seat == (leader + offset) % state.players
            state = t.state
