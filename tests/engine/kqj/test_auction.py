"""The auction (RULES.md §6.3, AMB-K13, AMB-K16, AMB-K17): bids, capot, counters out of turn,
overcounters, the end of the auction and the reasons given for illegal bids."""

from __future__ import annotations

import pytest

from engine import kqj
from engine.core import IllegalActionError
from engine.kqj import Bid, Capot, Counter, Overcounter, Pass, Phase, Take

from .support import AUCTION, act, fill

HANDS = fill({})
AUCTION3 = AUCTION.replace(teams="2v2v2")


def fresh(rules: kqj.Ruleset = AUCTION) -> kqj.GameState:
    """Dealer 5, so seat 0 opens the bidding."""
    return kqj.deal(rules, dealer=5, hands=HANDS)


def test_the_seeds_auction_walk_through() -> None:
    """130♣ by the other team and four passes: the fifth player may pass, bid 140 or more in
    any contract, counter or capot, but not bid 130; passing ends the auction (REPORT EX-002-K)."""
    state = act(fresh(), Pass(), Bid(130, "c"), Pass(), Pass(), Pass(), Pass())
    assert state.to_act == 0 and state.phase is Phase.AUCTION
    legal = kqj.legal_actions(state, 0)
    assert {Pass(), Bid(140, "s"), Bid(140, "none"), Bid(390, "h"), Counter(), Capot("d")} <= set(
        legal
    )
    assert Bid(130, "s") not in legal and Bid(400, "s") not in legal
    t = kqj.apply(state, 0, Pass())
    assert [type(e).__name__ for e in t.events] == ["Passed", "AuctionEnded", "TrumpFixed"]
    assert t.events[1] == kqj.AuctionEnded(1, 130, "c", 1, False)
    after = t.state
    assert (after.declarer, after.contract_name, after.phase) == (1, "c", Phase.PLAY)
    assert after.to_act == 0  # the dealer's left leads (AMB-K24)


def test_a_player_who_passed_may_bid_later() -> None:
    state = act(fresh(), Pass(), Bid(120, "h"), Pass(), Pass(), Pass(), Pass())
    state = act(state, Bid(130, "s"))
    assert (state.bid, state.bidder, state.passes) == (130, 0, 0)


@pytest.mark.parametrize(
    ("before", "action", "message"),
    [
        ([], Bid(110, "h"), "the lowest bid is 120"),
        ([], Bid(125, "h"), "multiple of 10"),
        ([Bid(130, "h")], Bid(130, "s"), "higher than the current bid of 130"),
        ([], Bid(400, "h"), "the highest bid is 390; above it bid a capot"),
        ([], Take(), "no Return to take"),
        ([], Counter(), "there is no bid to counter"),
        ([], Overcounter(), "only a countered bid can be overcountered"),
        ([Bid(130, "h"), Counter()], Bid(140, "s"), "after a counter nobody bids"),
        ([Bid(130, "h"), Counter()], Capot("s"), "a capot is bid only in the auction"),
        ([Bid(130, "h"), Counter()], Counter(), "the bid is already countered"),
        ([], kqj.Play("4s"), "no card is played in the auction phase"),
    ],
)
def test_illegal_bids_are_refused_with_a_reason(
    before: list[kqj.Action], action: kqj.Action, message: str
) -> None:
    """The error says why, and the state is unchanged."""
    state = act(fresh(), *before)
    snapshot = state.clone()
    with pytest.raises(IllegalActionError, match=message):
        kqj.apply(state, state.to_act, action)  # type: ignore[arg-type]
    assert state == snapshot


def test_counter_out_of_turn_and_overcounter_window() -> None:
    """Any opponent may counter at any time while a bid stands; then the bidding team, in turn
    order from the counterer, each get one chance to overcounter (AMB-K16)."""
    state = act(fresh(), Pass(), Bid(140, "d"))
    assert state.to_act == 2
    assert kqj.legal_actions(state, 4) == [Counter()]  # an opponent, out of turn
    assert kqj.legal_actions(state, 3) == []  # the bidder's partner
    assert Counter() in kqj.legal_actions(state, 2)  # to act, and an opponent
    with pytest.raises(IllegalActionError, match="only an opponent can counter"):
        kqj.apply(state, 3, Counter())
    t = kqj.apply(state, 4, Counter())
    assert t.events == [kqj.Countered(4)]
    state = t.state
    assert state.phase is Phase.OVERCOUNTER and state.to_act == 5
    assert kqj.legal_actions(state, 5) == [Overcounter(), Pass()]
    assert kqj.legal_actions(state, 1) == [Overcounter()]  # out of turn
    assert kqj.legal_actions(state, 4) == [] and kqj.legal_actions(state, 0) == []
    state = act(state, Pass())
    with pytest.raises(IllegalActionError, match="already declined"):
        kqj.apply(state, 5, Overcounter())
    assert state.to_act == 1
    state = act(state, Pass())
    t = kqj.apply(state, 3, Pass())
    assert t.events[1] == kqj.AuctionEnded(1, 140, "d", 2, False)
    assert t.state.multiplier == 2 and t.state.phase is Phase.PLAY


def test_an_overcounter_ends_the_auction() -> None:
    state = act(fresh(), Bid(120, "s"), Counter())
    assert state.counterer == 1 and state.to_act == 2
    t = kqj.apply(state, 4, Overcounter())  # out of turn
    assert t.events[:2] == [kqj.Overcountered(4), kqj.AuctionEnded(0, 120, "s", 4, False)]
    with pytest.raises(IllegalActionError, match="the team that made the countered bid"):
        kqj.apply(state, 3, Overcounter())


def test_the_bidder_is_not_on_the_counters_side() -> None:
    """In the base case the to-act seat that is on the bidding team is offered no counter."""
    state = act(fresh(), Bid(120, "s"), Pass())
    assert state.to_act == 2 and Counter() not in kqj.legal_actions(state, 2)
    assert Counter() in kqj.legal_actions(state, 3)


def test_a_capot_ends_the_auction_and_cannot_be_countered() -> None:
    state = act(fresh(), Bid(150, "h"))
    t = kqj.apply(state, 1, Capot("all"))
    assert t.events[0] == kqj.BidMade(1, 400, "all", capot=True)
    assert t.events[1] == kqj.AuctionEnded(1, 400, "all", 1, True)
    assert t.state.phase is Phase.PLAY
    assert all(Counter() not in kqj.legal_actions(t.state, s) for s in range(6))


def test_no_bid_at_all_redeals_with_the_same_dealer() -> None:
    state = act(fresh(), *[Pass()] * 5)
    t = kqj.apply(state, 5, Pass())
    assert [type(e).__name__ for e in t.events] == ["Passed", "Redeal", "Dealt"]
    assert t.events[1] == kqj.Redeal("nobody bid")
    assert t.state.dealer == 5 and t.state.phase is Phase.AUCTION and t.state.to_act == 0


def test_three_teams_bid_from_80_and_either_defence_may_counter() -> None:
    """Minimum 80 with three teams; both defence teams may counter (AMB-K17)."""
    state = act(fresh(AUCTION3), Bid(80, "h"))
    assert min(a.value for a in kqj.legal_actions(state, 1) if isinstance(a, Bid)) == 90
    counters = [s for s in range(6) if Counter() in kqj.legal_actions(state, s)]
    assert counters == [1, 2, 4, 5]
    state = act(state, Pass())
    state = kqj.apply(state, 5, Counter()).state
    assert state.to_act == 0  # bidding team: seats 0 and 3, from the counterer on


def test_bids_are_listed_from_the_lowest_allowed_value() -> None:
    state = fresh()
    bids = [a for a in kqj.legal_actions(state, 0) if isinstance(a, Bid)]
    assert bids[0] == Bid(120, "s") and bids[-1] == Bid(390, "none") and len(bids) == 28 * 6
    suits_only = fresh(AUCTION.replace(all_trump_no_trump=False))
    legal = kqj.legal_actions(suits_only, 0)
    assert Bid(120, "all") not in legal and Capot("none") not in legal
    with pytest.raises(IllegalActionError, match="not played at this table"):
        kqj.apply(suits_only, 0, Capot("none"))
