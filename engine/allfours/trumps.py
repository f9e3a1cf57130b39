"""Fixing trumps: stand or beg, take one / the gift, running the pack, redeals, and the discard
down to six (RULES.md §1.8, §2.4, §3.3, §3.4, §4.1, §4.2).

- **Caribbean** (§2.4): the elder stands (the kick's suit is trumps) or begs; the dealer then
  takes one (the begging side scores 1, ``gift_point``; AMB-24) or runs the pack. A run deals
  three more cards each and turns a new kick, which scores (``kicks``); a new suit is trumps
  at once, the same suit again runs once more. A run needs ``3 × players + 1`` stock cards,
  else the same dealer redeals (AMB-04): with four players that is after the third
  same-suit kick, with two up to five runs are possible (§2.8, AMB-27).
- **English** (§3.3): as Caribbean, but the turned card is a candidate: a repeated suit is set
  aside and the pack run again; a new suit goes back to the elder's stand or beg (AMB-05,
  AMB-17); refusing the fourth suit redeals (AMB-18). The dealer's acceptance pays the elder the
  gift point.
- **Seven Up** (§4.1): after a run the first new suit is trumps at once.
- **Three or four players** (§4.2, AMB-19): every seat from the elder, the dealer last,
  accepts (``Stand``) or refuses (``Beg``) in turn; acceptance by a seat outside the elder's
  side pays the elder's side the gift; the dealer's refusal runs the pack.
- ``allow_take_one_to_win = false`` (§1.8, AMB-10): an acceptance whose point would give the
  elder's side the game is not offered.
- **Discards** (§3.4): once trumps are fixed in English and Seven Up, every player holding
  more than six discards face down to six (any cards), in any order; then play begins.

The rule functions change a private copy of the state in place and append events to ``ev``
when it is a list; the simulation path passes ``None``.
"""

from __future__ import annotations

from engine.allfours.actions import Begged, Discarded, Event, RanPack, Stood, TookOne
from engine.allfours.dealing import deal_packets, redeal
from engine.allfours.deck import HAND_SIZE, JACK, PACKET
from engine.allfours.kicks import kick_points, turn
from engine.allfours.play import begin_play
from engine.allfours.rules import Ruleset
from engine.allfours.scoring import award_now
from engine.allfours.state import GameState, Phase
from engine.cards import SUITS
from engine.core import TrumpFixed


def is_gift_forbidden(st: GameState, seat: int) -> bool:
    """``allow_take_one_to_win = false``: an acceptance whose point would win is not offered."""
    rules = st.rules
    if rules.allow_take_one_to_win or not rules.gift_point:
        return False
    elder_side = (st.dealer + 1) % rules.players % rules.sides
    if seat % rules.sides == elder_side:
        return False  # the elder's own side accepts for free (§4.2)
    return st.scores_[elder_side] + 1 >= rules.target


def is_round_of_acceptance(rules: Ruleset) -> bool:
    """Three- and four-player English / Seven Up decide trumps seat by seat (§4.2)."""
    return rules.players >= 3 and rules.variant != "caribbean"


def step_stand(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """Stand (or, seat by seat, accept): the candidate's suit is trumps."""
    if ev is not None:
        ev.append(Stood(seat))
    rules = st.rules
    elder = (st.dealer + 1) % rules.players
    elder_side = elder % rules.sides
    if (
        rules.gift_point
        and seat % rules.sides != elder_side
        and award_now(st, elder_side, 1, "gift", -1, elder, ev)
    ):
        return
    fix_trump(st, ev)


def step_beg(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """Beg (or, seat by seat, refuse): the dealer answers, or the next seat decides; the
    dealer's own refusal runs the pack."""
    if ev is not None:
        ev.append(Begged(seat))
    if not is_round_of_acceptance(st.rules):
        st.phase = Phase.REPLY
        st.to_act_ = st.dealer
    elif seat == st.dealer:
        if ev is not None:
            ev.append(RanPack(seat))
        run_pack(st, ev)
    else:
        st.to_act_ = (seat + 1) % st.rules.players


def step_take_one(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """The dealer keeps the suit and pays the begging side its point (take one / gift)."""
    if ev is not None:
        ev.append(TookOne(seat))
    rules = st.rules
    elder = (st.dealer + 1) % rules.players
    reason = "take_one" if rules.variant == "caribbean" else "gift"
    if rules.gift_point and award_now(st, elder % rules.sides, 1, reason, -1, elder, ev):
        return
    fix_trump(st, ev)


def step_run_pack(st: GameState, seat: int, ev: list[Event] | None) -> None:
    """The dealer refuses: run the pack."""
    if ev is not None:
        ev.append(RanPack(seat))
    run_pack(st, ev)


def run_pack(st: GameState, ev: list[Event] | None) -> None:
    """Deal three more each and turn again until trumps are fixed, a new candidate is proposed,
    the game is won by a kick, or the stock runs short and the same dealer redeals.

    A run needs ``3 x players + 1`` stock cards (AMB-04): with four players that is seed 000's
    "redeal after the third same-suit kick"; with two (seed 001, §2.8) up to five runs are
    possible, so a two-player Caribbean hand can hold up to 21 cards."""
    rules = st.rules
    need = PACKET * rules.players + 1
    dealer_side = st.dealer % rules.sides
    if rules.variant == "caribbean":
        first_suit = st.turned[0] >> 4
        while True:
            if len(st.stock) - st.stock_pos < need:
                redeal(st, "the pack ran out before a new suit was kicked", ev)
                return
            deal_packets(st)
            card = st.stock[st.stock_pos]
            same_suit = card >> 4 == first_suit
            turn(st, same_suit, ev)
            # Every kick scores, the same suit again included (§2.3, AMB-03), and a win by a
            # kick ends the game there (AMB-25).
            points = kick_points(rules, card)
            if points and award_now(st, dealer_side, points, "kick", card, st.dealer, ev):
                return
            if not same_suit:
                st.candidate = card
                fix_trump(st, ev)
                return
    # English and Seven Up: refusing the fourth different suit throws the deal in (AMB-18).
    if st.seen_suits.bit_count() == 4:
        redeal(st, "all four suits were refused", ev)
        return
    while True:
        if len(st.stock) - st.stock_pos < need:
            redeal(st, "the pack ran out before a new suit was turned", ev)
            return
        deal_packets(st)
        card = st.stock[st.stock_pos]
        suit_bit = 1 << (card >> 4)
        if st.seen_suits & suit_bit:
            turn(st, True, ev)  # a suit already proposed: set aside, never scores (AMB-03)
            continue
        turn(st, False, ev)
        st.seen_suits |= suit_bit
        st.candidate = card
        if card & 15 == JACK and award_now(st, dealer_side, 1, "kick", card, st.dealer, ev):
            return
        if rules.variant == "sevenup":
            fix_trump(st, ev)  # automatic trumps after a run (§4.1, AMB-05)
        else:
            st.phase = Phase.DECLARE  # English: the elder stands or begs again (§3.3)
            st.to_act_ = (st.dealer + 1) % rules.players
        return


def fix_trump(st: GameState, ev: list[Event] | None) -> None:
    """The candidate's suit is trumps; discards (§3.4) or trick play follow."""
    st.trump = st.candidate >> 4
    if ev is not None:
        ev.append(TrumpFixed(SUITS[st.trump]))
    if st.rules.has_discards:
        pending = first_to_discard(st)
        if pending is not None:
            st.phase = Phase.DISCARD
            st.to_act_ = pending
            return
    begin_play(st)


def first_to_discard(st: GameState) -> int | None:
    """The first seat from the elder still holding more than six cards (§3.4), or None."""
    n = st.players
    elder = (st.dealer + 1) % n
    for k in range(n):
        seat = (elder + k) % n
        if st.hands[seat].bit_count() > HAND_SIZE:
            return seat
    return None


def step_discard(st: GameState, seat: int, mask: int, ev: list[Event] | None) -> None:
    """``seat`` puts the cards of ``mask`` face down, out of play (§3.4, AMB-14)."""
    st.hands[seat] &= ~mask
    st.discards[seat] |= mask
    if ev is not None:
        ev.append(Discarded(seat, mask.bit_count()))
    pending = first_to_discard(st)
    if pending is None:
        begin_play(st)
    else:
        st.to_act_ = pending
