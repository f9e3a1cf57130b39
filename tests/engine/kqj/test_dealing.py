"""Dealing, the Return with two rounds of taking, completion and redeals (RULES.md §5.2-§5.3,
§6.2, §6.3)."""

from __future__ import annotations

import pytest

from engine import kqj
from engine.cards import Card
from engine.core import DealError, IllegalActionError
from engine.kqj import Pass, Phase, Take
from engine.kqj.deck import DECK

from .support import AUCTION, BASE, act, base_deal, finish_round, names

CARDS = [str(Card.from_index(c)) for c in DECK]
HANDS5 = [CARDS[5 * s : 5 * s + 5] for s in range(6)]
STOCK = CARDS[30:]


def test_new_game_is_reproducible_from_its_seed() -> None:
    """Same seed, same game; the first deal gives 5 cards each and turns the Return (§5.3)."""
    state = kqj.new_game(BASE, seed=11)
    assert state == kqj.new_game(BASE, seed=11)
    assert state != kqj.new_game(BASE, seed=12)
    assert [len(state.hand(s)) for s in range(6)] == [5] * 6
    assert len(state.stock) == 18 and state.return_face == Card.from_index(state.stock[0])
    assert state.phase is Phase.FIRST_ROUND and state.to_act == (state.dealer + 1) % 6


def test_auction_games_deal_eight_cards_and_no_return() -> None:
    """All 48 cards are dealt, 8 each, and the opener bids first (§6.3)."""
    state = kqj.new_game(AUCTION, seed=3)
    assert [len(state.hand(s)) for s in range(6)] == [8] * 6
    assert state.stock == () and state.return_face is None
    assert state.phase is Phase.AUCTION and state.to_act == state.opener


def test_completion_follows_the_stock_from_the_dealers_left() -> None:
    """Declarer gets the Return plus 2, everyone else 3, clockwise from the dealer's left,
    straight off the stock (§5.3 step 6, AMB-K12)."""
    state = kqj.deal(BASE, dealer=2, hands=HANDS5, stock=STOCK)
    assert state.return_face == Card.parse(STOCK[0]) and state.to_act == 3
    state = act(state, Pass(), Take())  # seat 3 passes, seat 4 takes
    packets = {3: STOCK[1:4], 4: STOCK[4:6], 5: STOCK[6:9], 0: STOCK[9:12], 1: STOCK[12:15]}
    packets[2] = STOCK[15:18]
    for seat in range(6):
        extra = packets[seat] + ([STOCK[0]] if seat == 4 else [])
        assert sorted(names(state.hand(seat))) == sorted(HANDS5[seat] + extra)
    assert state.declarer == 4 and state.contract_name == STOCK[0][1]
    assert state.phase is Phase.PLAY and state.to_act == 3  # the opener leads (§5.4)


def test_first_round_take_fixes_the_returns_suit() -> None:
    """Take() makes the Return's suit trumps; events Took, TrumpFixed. Contracts are named
    only in the second round."""
    state = kqj.deal(BASE, dealer=5, hands=HANDS5, stock=STOCK)
    suit = state.return_face.suit  # type: ignore[union-attr]
    t = kqj.apply(state, 0, Take())
    assert [type(e).__name__ for e in t.events] == ["Took", "TrumpFixed"]
    assert t.events[1] == kqj.TrumpFixed(suit)
    for named in (suit, "all"):
        with pytest.raises(IllegalActionError, match=r"in the first round take with Take\(\)"):
            kqj.apply(state, 0, Take(named))


def test_second_round_offers_every_contract_after_six_passes() -> None:
    """After six passes the opener may name a suit (the Return's too), all-trump or no-trump
    (§5.3 step 4, AMB-K11); the taker keeps the Return."""
    state = act(kqj.deal(BASE, dealer=5, hands=HANDS5, stock=STOCK), *[Pass()] * 6)
    assert state.phase is Phase.SECOND_ROUND and state.to_act == 0
    assert kqj.legal_actions(state, 0) == [*(Take(c) for c in kqj.deck.CONTRACTS), Pass()]
    assert kqj.legal_actions(state, 1) == []
    with pytest.raises(IllegalActionError, match="name the contract"):
        kqj.apply(state, 0, Take())
    after = kqj.apply(state, 0, Take("none")).state
    assert after.contract_name == "none" and Card.parse(STOCK[0]) in after.hand(0)


def test_second_round_options() -> None:
    """The Return's suit again, and all-trump / no-trump, can be switched off."""
    strict = BASE.replace(second_round_same_suit_allowed=False, all_trump_no_trump=False)
    state = act(kqj.deal(strict, dealer=5, hands=HANDS5, stock=STOCK), *[Pass()] * 6)
    own = STOCK[0][1]
    offered = [a.contract for a in kqj.legal_actions(state, 0) if isinstance(a, Take)]
    assert offered == [s for s in "shdc" if s != own]
    with pytest.raises(IllegalActionError, match="may not be named again"):
        kqj.apply(state, 0, Take(own))
    with pytest.raises(IllegalActionError, match="not played at this table"):
        kqj.apply(state, 0, Take("all"))


def test_twelve_passes_redeal_by_the_same_dealer() -> None:
    """All six pass twice: the same dealer shuffles and deals again; the round stays (§5.3)."""
    state = kqj.new_game(BASE, seed=5)
    state = act(state, *[Pass()] * 11)
    t = kqj.apply(state, state.to_act, Pass())  # type: ignore[arg-type]
    kinds = [type(e).__name__ for e in t.events]
    assert kinds == ["Passed", "Redeal", "Dealt", "ReturnTurned"]
    after = t.state
    assert after.dealer == state.dealer and after.hand_number == state.hand_number
    assert after.phase is Phase.FIRST_ROUND and after.deal_count == state.deal_count + 1
    assert after.hands != state.hands


def test_deal_passes_to_the_left_after_a_round() -> None:
    """After a played round the next dealer is the left neighbour (§5.2)."""
    state = kqj.new_game(BASE, seed=2)
    state = act(state, Take())
    after, events = finish_round(state)
    assert after.dealer == (state.dealer + 1) % 6 and after.hand_number == 2
    assert [type(e).__name__ for e in events][-3:] == ["HandEnded", "Dealt", "ReturnTurned"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [*HANDS5[:5], [*HANDS5[5][:4], HANDS5[0][0]]]}, "dealt twice"),
        ({"hands": [*HANDS5[:5], HANDS5[5][:4]]}, "seat 5 must hold 5 cards"),
        ({"stock": STOCK[:-1]}, "stock must hold 18 cards"),
        ({"stock": [*STOCK[:-1], "2h"]}, "2h is not in the KQJ deck"),
        ({"hands": HANDS5[:5]}, "give six hands"),
        ({"scores": (1000, 0)}, "already reached the target 1000"),
        ({"scores": (0, 0, 0)}, "scores must give 2 sides"),
        ({"pool": 125}, "multiple of 10"),
        ({"dealer": 6}, "dealer must be a seat"),
        ({"teams": [[0, 1, 2], [3, 4, 5]]}, "teams are fixed"),
        ({"teams": [[0, 1], [2, 3, 4, 5]]}, "into 2 teams of 3"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"hands": [*HANDS5[:5], ["Zz", *HANDS5[5][1:]]]}, "is not a card"),
    ],
)
def test_bad_deals_raise_deal_errors(kwargs: dict[str, object], message: str) -> None:
    """Duplicated, missing or foreign cards, a finished score, a bad pool or teams (DESIGN.md)."""
    args: dict[str, object] = {"dealer": 0, "hands": HANDS5, "stock": STOCK} | kwargs
    with pytest.raises(DealError, match=message):
        kqj.deal(BASE, **args)  # type: ignore[arg-type]


def test_auction_deals_take_eight_cards_and_no_pool() -> None:
    hands = [CARDS[8 * s : 8 * s + 8] for s in range(6)]
    assert kqj.deal(AUCTION, hands=hands).phase is Phase.AUCTION
    with pytest.raises(DealError, match="no litigation"):
        kqj.deal(AUCTION, hands=hands, pool=120)
    with pytest.raises(DealError, match="stock must hold 0 cards"):
        kqj.deal(AUCTION, hands=hands, stock=["4s"])
    with pytest.raises(DealError, match="Ts is dealt twice"):
        kqj.deal(AUCTION, hands=[*hands[:5], [*hands[5][:7], "Ts"]])


def test_hands_may_be_given_as_strings() -> None:
    state = kqj.deal(BASE, hands=[" ".join(h) for h in HANDS5], stock=" ".join(STOCK))
    assert state == kqj.deal(BASE, hands=HANDS5, stock=STOCK)


RANDOM = BASE.replace(random_partners=True)


def test_random_partners_are_drawn_from_the_seed_each_round() -> None:
    """A random 3 + 3 partition per round, reproducible from the seed (§6.2, AMB-K20)."""
    state = kqj.new_game(RANDOM, seed=9)
    assert state.teams == kqj.new_game(RANDOM, seed=9).teams
    assert sorted(len(t) for t in state.teams) == [3, 3] and len(state.scores) == 6
    seen = {state.teams}
    for seed in range(10, 30):
        seen.add(kqj.new_game(RANDOM, seed=seed).teams)
    assert len(seen) > 3
    three = kqj.new_game(RANDOM.replace(teams="2v2v2"), seed=9)
    assert sorted(len(t) for t in three.teams) == [2, 2, 2]


def test_stacked_teams_are_kept_by_a_redeal_and_redrawn_next_round() -> None:
    """deal(teams=...) sets the round's teams; a redeal keeps them (§6.2)."""
    state = kqj.deal(RANDOM, dealer=5, hands=HANDS5, stock=STOCK, teams=[[3, 4, 5], [2, 1, 0]])
    assert state.teams == ((0, 1, 2), (3, 4, 5))
    redealt = act(state, *[Pass()] * 12)
    assert redealt.deal_count == 2 and redealt.teams == state.teams
    assert state.side_of(4) == 4 and state.team(4) == 1


def test_base_deal_helper_reproduces_the_seed_hands() -> None:
    """The stacked deal of the seed's trick example (REPORT EX-002-D) builds as intended."""
    state = base_deal(
        [
            "Ac Tc Kc Qc Th Qh As Ad",
            "4c 6h 9h 8h Ks Qs Kd Qd",
            "5c Hh Kh Js 9s Jd 9d 8d",
            "6c 5h 4s Hs 8s Hd 7d 6d",
            "7c 7h Ah Ts 7s 6s Td 5d",
            "Hc 8c Jc 9c Jh 4h 5s 4d",
        ],
        dealer=5,
        declarer=1,
        return_card="9h",
    )
    assert state.contract_name == "h" and state.declarer == 1 and state.to_act == 0
