"""``benchmarks/bidding.py``: how the KQJ auction's counters and overcounters are tallied."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random
from typing import Any

import pytest

from engine import kqj
from engine.kqj import players

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bidding

HANDS = [
    "Kh Qh Jh 6h 5h 4s 5s 6s",
    "9h 8h 7h Ah 4d 5d 6d 7d",
    "Ts Hs Ks Qs Js 9s 8s 7s",
    "As 8d 9d Td Jd Qd Kd Ad",
    "Hd 4c 5c 6c 7c 8c 9c Tc",
    "Jc Qc Kc Ac Hc Th Hh 4h",
]
"""Seat 0 bids 150 in hearts; seat 1, of the other team, holds hearts' top trumps."""


def _round(overcounter: bool) -> bidding.KqjTally:
    """Seat 0 bids, seat 1 counters, seat 2 overcounters or passes (then seat 4 passes), and
    ``easy`` plays the tricks: the round tallied as ``bidding.py`` tallies it."""
    rules = kqj.preset("kqj").replace(auction=True)
    state = kqj.deal(rules, dealer=5, hands=HANDS)
    tally = bidding.KqjTally()
    contract: dict[str, Any] = {}
    auction = [(0, kqj.Bid(150, "h")), (1, kqj.Counter())]
    auction += [(2, kqj.Overcounter())] if overcounter else [(2, kqj.Pass()), (4, kqj.Pass())]
    for seat, action in auction:
        state = bidding._kqj_step(tally, state, seat, action, contract)
    rng = Random(0)
    while tally.rounds == 0:
        to_act = state.to_act
        assert to_act is not None
        legal = kqj.legal_actions(state, to_act)
        action = players.choose("easy", kqj.observe(state, to_act), legal, rng)
        state = bidding._kqj_step(tally, state, to_act, action, contract)
    return tally


@pytest.mark.parametrize("overcounter", [False, True])
def test_every_counter_is_judged_by_the_fate_of_the_bid(overcounter: bool) -> None:
    tally = _round(overcounter)
    made, failed = tally.contracts["suit"][:2]
    assert made + failed == 1
    # The counter succeeds when the bid fails, overcountered or not.
    assert tally.counters == [failed, made]
    assert tally.overcounters == ([made, failed] if overcounter else [0, 0])
