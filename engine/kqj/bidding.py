"""Fixing the contract: taking the Return (base game, RULES.md §5.3) and the auction (§6.3).

The rule functions change a private copy of the state in place and append events to ``ev``
when it is a list (the simulation path passes ``None``). Legality is checked before they are
called (``game._validate``).

The auction's end (AMB-K16): without a counter it ends when the five players after the latest
bidder have all passed in succession; a capot ends it at once and cannot be countered
(AMB-K13); after a counter the players of the bidding team, in turn order from the counterer,
each get one chance to overcounter (a player who declined cannot overcounter later), and an
overcounter ends it at ×4; six passes without a bid throw the deal in (same dealer).
"""

from __future__ import annotations

from engine.cards import card_at
from engine.core import TrumpFixed
from engine.kqj.actions import (
    AuctionEnded,
    BidMade,
    Countered,
    Event,
    Overcountered,
    Passed,
    Took,
)
from engine.kqj.dealing import redeal
from engine.kqj.deck import CONTRACTS, PLAYERS
from engine.kqj.play import begin_play
from engine.kqj.state import GameState, Phase

COMPLETION_PACKET = 3
"""Cards each non-declarer receives when the deal is completed (the declarer gets 2)."""


def next_overcounter_seat(st: GameState, after: int) -> int:
    """The next seat after ``after`` (clockwise) of the bidding team that has not yet declined
    to overcounter, or -1 when none is left (AMB-K16)."""
    team = st.team_of[st.bidder]
    for k in range(1, PLAYERS):
        seat = (after + k) % PLAYERS
        if st.team_of[seat] == team and not st.declined >> seat & 1:
            return seat
    return -1


def step_pass(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """A pass in any phase of the contract (§5.3 steps 3-5, §6.3)."""
    if ev is not None:
        ev.append(Passed(seat))
    phase = st.phase
    if phase is Phase.OVERCOUNTER:
        st.declined |= 1 << seat
        following = next_overcounter_seat(st, seat)
        if following < 0:
            end_auction(st, ev)  # nobody overcountered: the contract stands at ×2
        else:
            st.to_act_ = following
        return
    st.passes += 1
    if phase is Phase.AUCTION:
        if st.bid == 0 and st.passes == PLAYERS:
            redeal(st, "nobody bid", ev)
        elif st.bid and st.passes == PLAYERS - 1:
            end_auction(st, ev)
        else:
            st.to_act_ = (seat + 1) % PLAYERS
        return
    if st.passes < PLAYERS:
        st.to_act_ = (seat + 1) % PLAYERS
    elif phase is Phase.FIRST_ROUND:
        st.phase = Phase.SECOND_ROUND  # everybody left the Return: the second round (§5.3 4.)
        st.passes = 0
        st.to_act_ = (st.dealer + 1) % PLAYERS
    else:
        redeal(st, "all six players passed twice", ev)


def step_take(st: GameState, seat: int, contract: int, ev: list[Event] | None) -> None:
    """``seat`` takes the Return with ``contract`` and the deal is completed to eight cards:
    from the dealer's left, 3 cards each, 2 for the declarer, off the stock in order (§5.3 6.,
    AMB-K12)."""
    hands = st.hands
    hands[seat] |= 1 << st.return_card
    stock = st.stock
    pos = 1
    for k in range(1, PLAYERS + 1):
        receiver = (st.dealer + k) % PLAYERS
        size = COMPLETION_PACKET - 1 if receiver == seat else COMPLETION_PACKET
        for card in stock[pos : pos + size]:
            hands[receiver] |= 1 << card
        pos += size
    st.stock = ()
    st.declarer = seat
    st.contract = contract
    if ev is not None:
        ev.append(Took(seat, CONTRACTS[contract], card_at(st.return_card)))
        ev.append(TrumpFixed(CONTRACTS[contract]))
    begin_play(st)


def step_bid(st: GameState, seat: int, value: int, contract: int, ev: list[Event] | None) -> None:
    """A numeric bid: it becomes the standing bid and the passes start again (§6.3)."""
    if ev is not None:
        ev.append(BidMade(seat, value, CONTRACTS[contract]))
    st.bid = value
    st.bid_contract = contract
    st.bidder = seat
    st.passes = 0
    st.to_act_ = (seat + 1) % PLAYERS


def step_capot(st: GameState, seat: int, contract: int, ev: list[Event] | None) -> None:
    """A capot bid ends the auction at once, valued ``capot_contract_value`` (AMB-K13)."""
    value = st.rules.capot_contract_value
    if ev is not None:
        ev.append(BidMade(seat, value, CONTRACTS[contract], capot=True))
    st.bid = value
    st.bid_contract = contract
    st.bidder = seat
    st.capot = True
    end_auction(st, ev)


def step_counter(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """An opponent doubles the standing bid; now only overcounter or pass (§6.3)."""
    if ev is not None:
        ev.append(Countered(seat))
    st.multiplier = 2
    st.counterer = seat
    st.declined = 0
    st.phase = Phase.OVERCOUNTER
    st.to_act_ = next_overcounter_seat(st, seat)


def step_overcounter(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """The countered team redoubles: ×4, and the auction is over (§6.3)."""
    if ev is not None:
        ev.append(Overcountered(seat))
    st.multiplier = 4
    end_auction(st, ev)


def end_auction(st: GameState, ev: list[Event] | None) -> None:
    """The standing bid is the contract and its bidder the declarer; play begins."""
    st.contract = st.bid_contract
    st.declarer = st.bidder
    if ev is not None:
        text = CONTRACTS[st.contract]
        ev.append(AuctionEnded(st.bidder, st.bid, text, st.multiplier, st.capot))
        ev.append(TrumpFixed(text))
    begin_play(st)
