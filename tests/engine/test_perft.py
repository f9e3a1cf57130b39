"""Perft counts (after python-chess's ``perft``): the number of legal action sequences of a
fixed length from stacked deals, one pinned integer per position. Any change to who may do
what, to what an action leads, or to the deals that follow moves a count.

How a count is made: at every node each seat of the table is asked for its legal actions, and
every ``(seat, action)`` is one branch. Out-of-turn actions are therefore branches from every
seat that may take them: All Fours discards by any seat still above six cards (§3.4), KQJ
counters by every opponent of the bidder and overcounters by every player of the bidding team
who has not declined (§6.3). What the engine does by itself within one ``apply`` is not a
branch: the completion of a KQJ deal, a run of the pack that turns the same suit again, a
redeal, the next hand's deal drawn from the seed. ``perft(state, 0)`` is 1, and a line that
ends the game before the depth counts 0 (as a mate does in chess).

A count that moves on purpose: check the position by hand against the rule that changed,
then pin the new number.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from engine import allfours, kqj

from .allfours.support import stacked
from .kqj.support import base_deal, stack_base


def perft(family: ModuleType, state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal ``(seat, action)`` from ``state``."""
    if depth == 0:
        return 1
    return sum(
        perft(family, family.apply(state, seat, action).state, depth - 1)
        for seat in range(state.rules.players)
        for action in family.legal_actions(state, seat)
    )


# --- All Fours ---------------------------------------------------------------------------------

CARIBBEAN = allfours.preset("caribbean")
FOUR_HANDS = ["Ah Td 7c 3s 5h Qd", "Jh 2h Ks 9c 8d 4s", "Kh 6c Ts 2d Jd 5s", "Th 8h Qs 3d 7s Ac"]
FIRST_RUN = "2c 3c 4c 5c 6s 8s 9s Js As Kc Qc Jc"
RUN_TO_A_NEW_SUIT = f"9h {FIRST_RUN} 4h 3h 6h 7h Qh 2s Tc 8c 4d 5d 6d 7d 9d Kd"
"""Kick 9h; the first run's packets, kick 4h; the second run's packets, kick Kd."""
RUN_TO_A_REDEAL = f"9h {FIRST_RUN} 4h 3h 7h Qh 2s Tc 8c 4d 5d 6d 7d 9d Kd 6h"
"""Kick 9h; the first run's packets, kick 4h; the second run's packets, kick 6h."""


def caribbean_runs() -> allfours.GameState:
    """Seat 1 stands or begs on 9h (§2.4); the dealer gives one or runs the pack: 4h is the
    same suit, so it runs again and Kd makes diamonds trumps, twelve cards each."""
    return stacked(CARIBBEAN, FOUR_HANDS, RUN_TO_A_NEW_SUIT)


def caribbean_redeal() -> allfours.GameState:
    """As above, but the third kick is 6h, hearts again: its two kick points stay and the
    dealer deals again from the seed (§1.6, §2.4)."""
    return stacked(CARIBBEAN, FOUR_HANDS, RUN_TO_A_REDEAL)


def english_discards() -> allfours.GameState:
    """English for two (§3.3, §3.4): the elder stands or begs on 9h; the dealer gives the
    gift or runs the pack to Kd, a new suit, offered again; once trumps are fixed both
    players, now holding nine, discard down to six, one card at a time in any order."""
    hands = ["Ah Td 7c 3s 5h Qd", "Jh 2h Ks 9c 8d 4s"]
    return stacked(allfours.preset("english"), hands, "9h 2c 3c 4c 5c 6s 8s Kd")


def caribbean_undertrump_play() -> allfours.GameState:
    """Two tricks of hearts-trump play with ``forbid_undertrump`` (§1.3): seat 2 may follow
    the spade lead or trump; seat 3, void, may not undertrump a trump in the trick while it
    holds clubs; seat 0 may follow with Js or overtrump with Ah, but not play Th under Jh."""
    hands = ["Js Th Ah 6c 7c 2d", "As Ks 2h 9c 3d 4d", "Qs 3h Jh 8c 5d 6d", "7h 9h 2c 3c 4c 5c"]
    state = stacked(CARIBBEAN.replace(forbid_undertrump=True), hands, "8h")
    return allfours.apply(state, 1, allfours.Stand()).state


# --- KQJ -----------------------------------------------------------------------------------------

KQJ = kqj.preset("kqj")
SEED_002 = [
    "Ac Tc Kc Qc Th Qh As Ad",
    "4c 6h 9h 8h Ks Qs Kd Qd",
    "5c Hh Kh Js 9s Jd 9d 8d",
    "6c 5h 4s Hs 8s Hd 7d 6d",
    "7c 7h Ah Ts 7s 6s Td 5d",
    "Hc 8c Jc 9c Jh 4h 5s 4d",
]
"""The hands of the rule book's worked example once seat 1 has taken the Return, 9h."""


def kqj_return() -> kqj.GameState:
    """The Return 9h offered in the first round (take or pass, §5.3); after six passes the
    second round (any suit, all-trump or no-trump, or pass); a take completes the deal and
    trick play begins."""
    hands, stock = stack_base(SEED_002, dealer=5, declarer=1, return_card="9h")
    return kqj.deal(KQJ, dealer=5, hands=hands, stock=stock)


def kqj_trick_play() -> kqj.GameState:
    """Hearts are trumps: two tricks of §5.4's duties (follow, beat the master even over a
    partner when trumps are led, trump or overtrump an opponent's master when void, anything
    when a partner is master)."""
    return base_deal(SEED_002, dealer=5, declarer=1, return_card="9h")


def kqj_auction() -> kqj.GameState:
    """3v3 auction (§6.3): seat 2 has bid 330 in hearts; seat 3 may pass, bid higher or bid a
    capot, and every opponent of the bidder (seats 1, 3, 5) may counter out of turn; after a
    counter, every player of the bidding team who has not declined may overcounter, and the
    one whose turn it is may pass instead."""
    hands = [
        "5s 7s 8s Js Hh 9d Jd Kc",
        "6s Hs 6d Hd 4c 8c Jc Hc",
        "9s Ts As 8h Ah 5d Kd Qc",
        "4s Qs Ks 5h 6h Th Qh 7c",
        "7h Kh 7d 8d Qd 5c Tc Ac",
        "4h 9h Jh 4d Td Ad 6c 9c",
    ]
    state = kqj.deal(KQJ.replace(auction=True), dealer=1, hands=hands)
    return kqj.apply(state, 2, kqj.Bid(330, "h")).state


CASES: list[tuple[str, ModuleType, Callable[[], Any], int, int]] = [
    ("caribbean-runs", allfours, caribbean_runs, 8, 118_858),
    ("caribbean-redeal", allfours, caribbean_redeal, 9, 37_309),
    ("english-discards", allfours, english_discards, 7, 76_265),
    ("caribbean-undertrump-play", allfours, caribbean_undertrump_play, 8, 37_178),
    ("kqj-return", kqj, kqj_return, 12, 38_289),
    ("kqj-trick-play", kqj, kqj_trick_play, 12, 123_872),
    ("kqj-auction", kqj, kqj_auction, 4, 141_657),
]


@pytest.mark.parametrize(
    ("name", "family", "position", "depth", "count"), CASES, ids=[case[0] for case in CASES]
)
def test_perft(
    name: str, family: ModuleType, position: Callable[[], Any], depth: int, count: int
) -> None:
    assert perft(family, position(), depth) == count, name
