"""Bonuses, round results, rounding, litigation, the three-team outcomes and special bonuses,
the auction's scoring and the end of the game (RULES.md §5.5-§5.9, §6.1-§6.3)."""

from __future__ import annotations

import pytest

from engine import kqj
from engine.cards import Card
from engine.kqj import BonusScored, PointsAwarded, Ruleset
from engine.kqj.deck import ALL_TRUMP, DECK, NO_TRUMP
from engine.kqj.scoring import decide_round, honours, winner_of

from .support import AUCTION, BASE, act, base_deal, fill, finish_round, round_end

THREE = BASE.replace(teams="2v2v2")
AUCTION3 = AUCTION.replace(teams="2v2v2")


def plays_of(tricks: list[str]) -> list[int]:
    """Card indices of whole tricks, each written in playing order from its leader."""
    return [Card.parse(c).index for trick in tricks for c in trick.split()]


# --- KQ / KQJ (§5.5, AMB-K18) ---------------------------------------------------------------

FILLER = ["4s 5s 6s 7s 8s 9s", "4d 5d 6d 7d 8d 9d", "4c 5c 6c 7c 8c 9c"]


@pytest.mark.parametrize(
    ("tricks", "contract", "found"),
    [
        (["Kh 4s 5s 6s 7s 8s", "Qh 4d 5d 6d 7d 8d"], 1, [("kq", 0, 20)]),
        (["Kh 4s 5s 6s 7s 8s", "Qh 4d 5d 6d 7d 8d", "Jh 4c 5c 6c 7c 8c"], 1, [("kqj", 0, 50)]),
        (["Kh 4s 5s 6s 7s 8s", *FILLER[1:2], "Qh 4c 5c 6c 7c 8c"], 1, []),  # not consecutive
        (["Qh 4s 5s 6s 7s 8s", "Kh 4d 5d 6d 7d 8d"], 1, []),  # Q before K
        (["Kh 4s 5s 6s 7s 8s", "4d Qh 5d 6d 7d 8d"], 1, []),  # another player's Q
        (["Ks 4h 5h 6h 7h 8h", "Qs 4d 5d 6d 7d 8d"], 1, []),  # not the trump suit
        (["Kh 4s 5s 6s 7s 8s", "Qh 4d 5d 6d 7d 8d"], NO_TRUMP, []),  # no-trump: none
        (
            ["Kh 4s 5s 6s 7s 8s", "Qh 4d 5d 6d 7d 8d", "Kc 9s 9d 9h Ts Td", "Qc Js Jd Jh As Ad"],
            ALL_TRUMP,
            [("kq", 0, 20), ("kq", 0, 20)],
        ),
    ],
    ids=["kq", "kqj-50-not-70", "gap", "q-first", "two-players", "plain", "no-trump", "all-trump"],
)
def test_honours(tricks: list[str], contract: int, found: list[tuple[str, int, int]]) -> None:
    """Same player, consecutive tricks, K then Q (then J), of a trump suit; any trick winner."""
    result = honours(plays_of(tricks), [0] * len(tricks), opener=0, contract=contract)
    assert [(h.kind, h.seat, h.points) for h in result] == found


def test_a_king_in_the_last_trick_starts_nothing() -> None:
    """A King of trumps in trick 8 has no next trick (AMB-K18)."""
    order = [c for c in DECK if c != Card.parse("Kh").index] + [Card.parse("Kh").index]
    order.remove(Card.parse("Qh").index)
    order.insert(0, Card.parse("Qh").index)
    assert honours(order, [0] * 8, opener=0, contract=1) == []


def test_kqj_through_play_counts_for_the_players_team() -> None:
    """Seat 1 follows 9h 8h 7h with K Q J of trumps in tricks 1-3: KQJ 50 for its team, though
    seat 0 wins those tricks (§5.5, REPORT K-7)."""
    hands = fill({0: "9h 8h 7h", 1: "Kh Qh Jh", 2: "Ah Th", 3: "Hh 6h", 4: "5h", 5: "4h"})
    state = act(kqj.deal(AUCTION, dealer=5, hands=hands), kqj.Bid(120, "h"), *[kqj.Pass()] * 5)
    state, events = finish_round(state, {0: ["9h", "8h", "7h"], 1: ["Kh", "Qh", "Jh"]})
    end = round_end(events)
    assert end.bonuses[0] == BonusScored("kqj", 1, 50, 1, "h")
    assert sum(end.round_points) == 236 + 10 + 50
    assert end.round_points[1] == end.card_points[1] + 50 + (10 if end.bonuses[1].team else 0)


def test_all_trump_allows_one_kq_per_suit() -> None:
    """In all-trump a KQ in spades and another in diamonds: 40 (§5.5)."""
    hands = fill({0: "9s 8s 9d 8d", 1: "Ks Qs Kd Qd"})
    state = act(kqj.deal(AUCTION, dealer=5, hands=hands), kqj.Bid(120, "all"), *[kqj.Pass()] * 5)
    script = {0: ["9s", "8s", "9d", "8d"], 1: ["Ks", "Qs", "Kd", "Qd"]}
    state, events = finish_round(state, script)
    end = round_end(events)
    kinds = [(b.kind, b.seat, b.suit, b.points) for b in end.bonuses if b.kind == "kq"]
    assert kinds == [("kq", 1, "s", 20), ("kq", 1, "d", 20)]
    assert sum(end.round_points) == 236 + 10 + 40


# --- capot, dix de der, pool, random partners through real play -----------------------------

TOP_TRUMPS = "9h 8h 7h Ah Th Hh Kh Qh"


def capot_deal(rules: Ruleset = BASE, **kwargs: object) -> kqj.GameState:
    """Seat 0 takes 9h and holds the eight best trumps: it wins every trick."""
    final = fill({0: TOP_TRUMPS})
    return base_deal(final, dealer=5, declarer=0, return_card="9h", rules=rules, **kwargs)


def test_a_capot_round_is_worth_400() -> None:
    """236 cards + 10 dix de der + 154 capot (§5.5, AMB-K22); round10(400) VP."""
    state, events = finish_round(capot_deal())
    end = round_end(events)
    assert end.card_points == (236, 0) and end.tricks == (8, 0)
    assert [(b.kind, b.points) for b in end.bonuses] == [("dix_de_der", 10), ("capot", 154)]
    assert end.round_points == (400, 0) and end.outcome == "won"
    assert end.awards == (PointsAwarded(0, 400, "round"),)
    assert state.scores == (400, 0)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("BonusScored") < kinds.index("PointsAwarded") < kinds.index("HandEnded")


def test_the_pool_is_paid_to_the_next_winner_and_emptied() -> None:
    """A carried pool goes to the round's winner on top of its own VP (§5.8)."""
    state, events = finish_round(capot_deal(pool=120))
    end = round_end(events)
    assert end.awards == (PointsAwarded(0, 400, "round"), PointsAwarded(0, 120, "pool"))
    assert state.scores == (520, 0) and state.pool == 0 and end.pool == 0


def test_random_partners_crossing_the_target_together_share_the_highest_total() -> None:
    """Every member adds the team's VP to his own total; the highest total wins, level highest
    totals share the win, and GameOver follows HandEnded (§6.2, §5.9)."""
    rules = BASE.replace(random_partners=True)
    state = capot_deal(rules, scores=(950, 980, 980, 0, 0, 0), teams=[[0, 1, 2], [3, 4, 5]])
    state, events = finish_round(state)
    assert state.scores == (1350, 1380, 1380, 0, 0, 0)
    assert state.winner == (1, 2) and state.to_act is None
    assert [type(e).__name__ for e in events][-2:] == ["HandEnded", "GameOver"]
    assert events[-1] == kqj.GameOver((1, 2))
    assert [a.side for a in round_end(events).awards] == [0, 1, 2]
    assert all(kqj.legal_actions(state, seat) == [] for seat in range(6))
    with pytest.raises(kqj.IllegalActionError, match="the game is over"):
        kqj.apply(state, 0, kqj.Pass())


def test_a_three_team_capot_scores_the_special_bonuses() -> None:
    """Both other teams took no trick: the capot team gets 60 from each, and each trickless
    team 60 from the other (§6.1, AMB-K09)."""
    state, events = finish_round(capot_deal(THREE))
    end = round_end(events)
    assert end.outcome == "made" and end.round_points == (400, 0, 0)
    assert [(a.side, a.points, a.reason) for a in end.awards] == [
        (0, 400, "round"),
        (0, 60, "special_60"),
        (2, 60, "special_60"),
        (0, 60, "special_60"),
        (1, 60, "special_60"),
    ]
    assert state.scores == (520, 60, 60)


# --- the two-team base game (§5.7, §5.8) ----------------------------------------------------


@pytest.mark.parametrize(
    ("points", "awards"),
    [
        ((232, 14), [(0, 230, "round")]),
        ((124, 122), [(0, 120, "round")]),
        ((125, 121), [(0, 130, "round")]),
        ((14, 232), [(1, 230, "round")]),
    ],
)
def test_the_higher_total_wins_its_rounded_points(
    points: tuple[int, int], awards: list[tuple[int, int, str]]
) -> None:
    """Seed: 232 → 230; the loser scores nothing; the declarer's team is not special (AMB-K23)."""
    decision = decide_round(BASE, points, (4, 4), contract_team=1)
    assert decision.outcome == "won" and decision.awards == awards and decision.pool == 0


@pytest.mark.parametrize(
    ("points", "pool"),
    [((123, 123), 120), ((133, 133), 130), ((148, 148), 150)],
    ids=["123-123", "kq-133", "kqj-148"],
)
def test_litigation_carries_the_rounded_tie(points: tuple[int, int], pool: int) -> None:
    """A tie scores nothing; the pool becomes round10(tied value) (§5.8)."""
    assert decide_round(BASE, points, (4, 4), 0) == (("litigation", [], pool))


def test_litigation_chain() -> None:
    """Pool 120, then a win 232:14 pays 230 + 120 = 350 and empties it; a second tie replaces
    the pool instead of adding to it (§5.8, AMB-K07)."""
    first = decide_round(BASE, (123, 123), (4, 4), 0)
    paid = decide_round(BASE, (232, 14), (7, 1), 0, pool=first.pool)
    assert sum(points for _, points, _ in paid.awards) == 350 and paid.pool == 0
    again = decide_round(BASE, (133, 133), (4, 4), 1, pool=first.pool)
    assert again.pool == 130 and again.awards == []


# --- three teams (§6.1) ---------------------------------------------------------------------


def test_three_team_failure_takes_precedence_over_a_tie() -> None:
    """Contract 78, defences 90 and 78: failed, each defence scores its own rounded points."""
    decision = decide_round(THREE, (78, 90, 78), (3, 3, 2), contract_team=0)
    assert decision.outcome == "failed"
    assert decision.awards == [(1, 90, "round"), (2, 80, "round")]


def test_three_team_failure_rounds_each_defence() -> None:
    """Contract 95, defences 97 and 54: VP 100 and 50 (REPORT K-2: rounding as in §5.7)."""
    decision = decide_round(THREE, (95, 97, 54), (3, 3, 2), contract_team=0)
    assert decision.awards == [(1, 100, "round"), (2, 50, "round")]


def test_three_team_litigation() -> None:
    """Contract level with a defence team, none above: pool = round10(tied value)."""
    decision = decide_round(THREE, (100, 100, 46), (3, 3, 2), contract_team=0, pool=80)
    assert decision == ("litigation", [], 100)


def test_three_team_special_bonuses() -> None:
    """Contract 226 made; a defence with 20 points and a trick gives each other team 20, a
    trickless defence gives each other team 60 (REPORT EX-002-H)."""
    decision = decide_round(THREE, (226, 20, 0), (7, 1, 0), contract_team=0)
    assert decision.outcome == "made"
    assert decision.awards == [
        (0, 230, "round"),
        (0, 20, "special_20"),
        (2, 20, "special_20"),
        (0, 60, "special_60"),
        (1, 60, "special_60"),
    ]


def test_special_bonuses_use_raw_points_and_apply_during_litigation() -> None:
    """21 raw points (rounding to 20) is not ≤ 20; 20 is; bonuses still come on a tie
    (AMB-K09, AMB-K10)."""
    over = decide_round(THREE, (112, 112, 22), (3, 3, 2), contract_team=0)
    assert over.outcome == "litigation" and over.awards == []
    tie = decide_round(THREE, (113, 113, 20), (3, 3, 2), contract_team=0)
    assert tie.awards == [(0, 20, "special_20"), (1, 20, "special_20")]


def test_special_bonuses_only_for_scoring_teams_option() -> None:
    rules = THREE.replace(special_bonus_to="scoring_teams")
    assert decide_round(rules, (113, 113, 20), (3, 3, 2), 0).awards == []
    assert decide_round(rules, (226, 20, 0), (7, 1, 0), 0).awards == [
        (0, 230, "round"),
        (0, 20, "special_20"),
        (0, 60, "special_60"),
    ]


def test_three_team_pool_on_failure() -> None:
    """Each scoring defence team gets the whole pool (AMB-K07), or only the best defence; a
    defence team whose rounded VP is 0 gets no pool (REPORT K-8)."""
    each = decide_round(THREE, (80, 100, 66), (3, 3, 2), contract_team=0, pool=120)
    assert each.awards == [(1, 100, "round"), (2, 70, "round"), (1, 120, "pool"), (2, 120, "pool")]
    best_rules = THREE.replace(pool_on_failure="best_defence")
    best = decide_round(best_rules, (80, 100, 66), (3, 3, 2), contract_team=0, pool=120)
    assert best.awards == [(1, 100, "round"), (2, 70, "round"), (1, 120, "pool")]
    tiny = decide_round(THREE, (100, 142, 4), (3, 4, 1), contract_team=0, pool=120)
    assert tiny.awards[:2] == [(1, 140, "round"), (1, 120, "pool")]


# --- auction (§6.3) -------------------------------------------------------------------------


def test_auction_made_pays_the_bid_only() -> None:
    """Bid 130, the contract team makes 174: 130 VP, points above the bid ignored (seed)."""
    decision = decide_round(AUCTION, (72, 174), (2, 6), contract_team=1, bid=130)
    assert decision.awards == [(1, 130, "contract")] and decision.outcome == "made"


def test_auction_made_means_at_least_the_bid() -> None:
    assert decide_round(AUCTION, (130, 116), (4, 4), 0, bid=130).outcome == "made"
    failed = decide_round(AUCTION, (129, 117), (4, 4), 0, bid=130)
    assert failed.outcome == "failed" and failed.awards == [(1, 130, "contract")]


@pytest.mark.parametrize(
    ("bidders", "multiplier", "awards"),
    [
        (170, 2, [(0, 320, "contract")]),
        (150, 2, [(1, 320, "contract")]),
        (170, 4, [(0, 640, "contract")]),
        (150, 4, [(1, 640, "contract")]),
    ],
)
def test_counter_and_overcounter(
    bidders: int, multiplier: int, awards: list[tuple[int, int, str]]
) -> None:
    """160 in clubs countered: ×2 to whoever wins the bet; overcountered: ×4 (seed)."""
    decision = decide_round(
        AUCTION, (bidders, 246 - bidders), (4, 4), 0, bid=160, multiplier=multiplier
    )
    assert decision.awards == awards


def test_capot_contract() -> None:
    """A capot contract is made only with all eight tricks, and is worth 400 (AMB-K13)."""
    made = decide_round(AUCTION, (400, 0), (8, 0), 0, bid=400, capot=True)
    assert made.awards == [(0, 400, "contract")]
    failed = decide_round(AUCTION, (236, 10), (7, 1), 0, bid=400, capot=True)
    assert failed.awards == [(1, 400, "contract")]


def test_three_team_auction_failure() -> None:
    """Not countered, a bid that is not made pays each defence team (§6.3, AMB-K17), or with
    ``auction_failure_pays="best_defence"`` only the best one; special bonuses still apply."""
    each = decide_round(AUCTION3, (70, 100, 76), (2, 3, 3), 0, bid=90)
    assert each.awards == [(1, 90, "contract"), (2, 90, "contract")]
    best = decide_round(
        AUCTION3.replace(auction_failure_pays="best_defence"), (70, 100, 76), (2, 3, 3), 0, bid=90
    )
    assert best.awards == [(1, 90, "contract")]
    special = decide_round(AUCTION3, (226, 20, 0), (7, 1, 0), 0, bid=200)
    assert special.awards[0] == (0, 200, "contract") and len(special.awards) == 5


MADE = (100, 76, 70)
FAILED = (70, 100, 76)


@pytest.mark.parametrize(
    ("mode", "multiplier", "points", "paid"),
    [
        # Team 0 bids 90, team 1 counters, team 2 is the third team (§6.3, AMB-K25).
        ("switch", 2, MADE, [0, 2]),
        ("switch", 2, FAILED, [1]),
        ("switch", 4, MADE, [0]),
        ("switch", 4, FAILED, [1, 2]),
        ("multiplier", 2, MADE, [0]),
        ("multiplier", 2, FAILED, [1, 2]),
        ("multiplier", 4, MADE, [0]),
        ("multiplier", 4, FAILED, [1, 2]),
        ("wager", 2, MADE, [0]),
        ("wager", 2, FAILED, [1]),
        ("wager", 4, MADE, [0]),
        ("wager", 4, FAILED, [1]),
    ],
)
def test_three_team_countered_contract(
    mode: str, multiplier: int, points: tuple[int, int, int], paid: list[int]
) -> None:
    """Who scores a countered (×2) or overcountered (×4) three-team bid of 90: the switch of
    seed 002 (the default), a plain multiplier, or a wager of the countering team."""
    rules = AUCTION3.replace(countered_contract=mode)
    decision = decide_round(
        rules, points, (3, 3, 2), 0, bid=90, multiplier=multiplier, counter_team=1
    )
    assert decision.outcome == ("made" if points is MADE else "failed")
    assert decision.awards == [(team, 90 * multiplier, "contract") for team in paid]


def test_switch_is_the_default_and_the_two_team_readings_agree() -> None:
    """``countered_contract="switch"`` by default; with two teams every reading pays the
    bidders when the bid is made and their opponents when it is not."""
    assert AUCTION.countered_contract == "switch"
    for mode in ("switch", "multiplier", "wager"):
        rules = AUCTION.replace(countered_contract=mode)
        for multiplier in (2, 4):
            made = decide_round(rules, (160, 86), (5, 3), 0, bid=160, multiplier=multiplier)
            failed = decide_round(rules, (150, 96), (5, 3), 0, bid=160, multiplier=multiplier)
            assert made.awards == [(0, 160 * multiplier, "contract")]
            assert failed.awards == [(1, 160 * multiplier, "contract")]


def test_best_defence_keeps_to_bids_that_are_not_made() -> None:
    """``best_defence`` narrows a failure that pays each other team, never the switch's
    payment of a countered bid that was made."""
    rules = AUCTION3.replace(auction_failure_pays="best_defence")
    over = decide_round(rules, FAILED, (3, 3, 2), 0, bid=90, multiplier=4, counter_team=1)
    assert over.awards == [(1, 360, "contract")]
    made = decide_round(rules, MADE, (3, 3, 2), 0, bid=90, multiplier=2, counter_team=1)
    assert made.awards == [(0, 180, "contract"), (2, 180, "contract")]


def test_the_retired_counter_option_loads_with_its_meaning() -> None:
    """A stored ruleset written with ``counter_failure_pays`` keeps its rules; new rulesets
    name the option ``countered_contract``."""
    for old, new in (("each_defence", "multiplier"), ("countering_team", "wager")):
        stored = kqj.dump(AUCTION3).replace(
            '"countered_contract":"switch"', f'"counter_failure_pays":"{old}"'
        )
        rules = kqj.load(stored)
        assert isinstance(rules, Ruleset) and rules.countered_contract == new
    with pytest.raises(ValueError, match="unknown KQJ option"):
        AUCTION3.replace(counter_failure_pays="each_defence")


def test_counter_and_overcounter_through_play() -> None:
    """Seat 0 bids 160♥, seat 1 counters, seat 2 overcounters: ×4, made with a capot."""
    hands = fill({0: TOP_TRUMPS})
    state = kqj.deal(AUCTION, dealer=5, hands=hands)
    state = act(state, kqj.Bid(160, "h"), kqj.Counter(), kqj.Overcounter())
    assert (state.contract_name, state.declarer, state.multiplier) == ("h", 0, 4)
    state, events = finish_round(state)
    end = round_end(events)
    assert end.outcome == "made" and end.awards == (PointsAwarded(0, 640, "contract"),)


# --- end of the game (§5.9, AMB-K19) --------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((999, 0), None),
        ((1000, 0), 0),
        ((1100, 1200), 1),
        ((1040, 1040), (0, 1)),
        ((600, 610, 610), (1, 2)),
        ((10, 20, 500, 30, 40, 50), 2),
    ],
)
def test_game_end(scores: tuple[int, ...], winner: int | tuple[int, ...] | None) -> None:
    target = 500 if len(scores) != 2 else 1000
    assert winner_of(scores, target) == winner
