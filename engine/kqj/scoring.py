"""The count of a KQJ round: bonuses, the round's outcome, victory points, the litigation pool
and the end of the game (RULES.md §5.5-§5.9, §6.1-§6.3).

``round_bonuses`` and ``decide_round`` are pure functions of the round's facts, so every
scoring rule can be checked with plain numbers; ``score_hand`` applies them to a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from engine.cards import SUITS
from engine.core import GameOver, PointsAwarded, seat_of_play
from engine.kqj.actions import BonusScored, Event, HandEnded
from engine.kqj.deck import (
    ALL_TRUMP,
    CAPOT_BONUS,
    CONTRACTS,
    DIX_DE_DER,
    JACK,
    KING,
    KQ_BONUS,
    KQJ_BONUS,
    NO_TRUMP,
    PLAYERS,
    QUEEN,
    TRICKS,
    round10,
)
from engine.kqj.rules import Ruleset
from engine.kqj.state import GameState, Phase, teams_as_lists

SPECIAL_FEW_POINTS: Final = 20
"""Three teams: a team that won a trick but made at most this many raw round points gives each
other team ``SPECIAL_FEW_BONUS`` victory points; a team that won no trick gives each other team
``SPECIAL_NO_TRICK_BONUS`` (§6.1, AMB-K10)."""
SPECIAL_FEW_BONUS: Final = 20
SPECIAL_NO_TRICK_BONUS: Final = 60


class Honours(NamedTuple):
    """A KQ or KQJ made by ``seat`` in trump ``suit`` (a suit index)."""

    kind: str
    seat: int
    suit: int
    points: int


def honours(
    plays: Sequence[int], winners: Sequence[int], opener: int, contract: int
) -> list[Honours]:
    """KQ (20) and KQJ (50) of a round (§5.5, AMB-K18).

    One player plays the King of a trump suit in trick *n*, the Queen of that suit in trick
    *n + 1* (and the Jack in *n + 2* for KQJ, worth 50 in all, never 70). Who wins those
    tricks does not matter. In a suit game only the trump suit counts, in all-trump each suit
    separately, in no-trump none.

    >>> from engine.cards import Card
    >>> cards = [Card.parse(t).index for t in "Kh 4s 5s 6s 7s 8s Qh 4d 5d 6d 7d 8d".split()]
    >>> honours(cards, [0, 0], opener=0, contract=1)
    [Honours(kind='kq', seat=0, suit=1, points=20)]
    """
    if contract == NO_TRUMP:
        return []
    suits = range(4) if contract == ALL_TRUMP else (contract,)
    found: list[Honours] = []
    for suit in suits:
        king = _position(plays, suit * 16 + KING)
        queen = _position(plays, suit * 16 + QUEEN)
        if king < 0 or queen < 0 or queen // PLAYERS != king // PLAYERS + 1:
            continue
        seat = seat_of_play(king, winners, opener, PLAYERS)
        if seat_of_play(queen, winners, opener, PLAYERS) != seat:
            continue
        jack = _position(plays, suit * 16 + JACK)
        if (
            jack >= 0
            and jack // PLAYERS == queen // PLAYERS + 1
            and seat_of_play(jack, winners, opener, PLAYERS) == seat
        ):
            found.append(Honours("kqj", seat, suit, KQJ_BONUS))
        else:
            found.append(Honours("kq", seat, suit, KQ_BONUS))
    return found


def _position(plays: Sequence[int], card: int) -> int:
    """Where ``card`` was played in the round, or -1."""
    try:
        return plays.index(card)
    except ValueError:
        return -1


def round_bonuses(
    plays: Sequence[int],
    winners: Sequence[int],
    opener: int,
    contract: int,
    team_of: Sequence[int],
) -> list[BonusScored]:
    """Every bonus of a complete round, in order: KQ/KQJ by suit, dix de der, capot (§5.5).

    Dix de der (10) goes to the team that wins the eighth trick, a capot (154) to a team that
    wins all eight — which also takes the dix de der, so a capot round is worth 400 before KQ
    bonuses (AMB-K22).

    >>> [(b.kind, b.team, b.points) for b in round_bonuses([], [0] * 8, 1, 5, (0, 1) * 3)]
    [('dix_de_der', 0, 10), ('capot', 0, 154)]
    """
    bonuses = [
        BonusScored(h.kind, team_of[h.seat], h.points, h.seat, SUITS[h.suit])
        for h in honours(plays, winners, opener, contract)
    ]
    last = winners[TRICKS - 1]
    bonuses.append(BonusScored("dix_de_der", team_of[last], DIX_DE_DER, last))
    if len({team_of[w] for w in winners}) == 1:
        bonuses.append(BonusScored("capot", team_of[last], CAPOT_BONUS))
    return bonuses


class Decision(NamedTuple):
    """What a round is worth: ``awards`` as ``(team, victory points, reason)`` in order, the
    ``outcome`` and the litigation ``pool`` carried into the next round."""

    outcome: str
    awards: list[tuple[int, int, str]]
    pool: int


def decide_round(
    rules: Ruleset,
    round_points: Sequence[int],
    tricks: Sequence[int],
    contract_team: int,
    pool: int = 0,
    bid: int = 0,
    multiplier: int = 1,
    capot: bool = False,
    counter_team: int = -1,
) -> Decision:
    """The outcome of a round from each team's round points (cards + bonuses) and tricks.

    - Two teams, base game (§5.7, §5.8, AMB-K23): the higher total wins
      ``round10(own points)`` plus the pool; a tie scores nothing and the pool becomes
      ``round10(tied value)`` (replaced, never accumulated, AMB-K07).
    - Three teams, base game (§6.1, AMB-K08): made if the contract team is strictly above both
      defence teams; failed if a defence team is above it — failure wins over a tie with the
      other defence team — and then each defence team scores ``round10(own points)`` (the
      seed's three-team text does not repeat the rounding; RULES.md applies §5.7's);
      otherwise litigation. The pool goes to the team that makes the contract, or on a failure
      to the defence teams chosen by ``pool_on_failure`` (only teams scoring a positive number
      of points from the outcome).
    - Auction (§6.3, AMB-K14): made iff the contract team's round points reach the bid (a
      capot contract: all eight tricks); made pays ``bid × multiplier`` to the contract team,
      failed pays it to each defence team (with three teams, ``auction_failure_pays`` may keep
      only the best defence). A countered contract (``multiplier`` 2, ``counter_team`` the
      team of the counterer) or an overcountered one (4) is paid as ``countered_contract``
      says (AMB-K25): with ``"switch"`` a counter makes the countering team the contract team,
      so a countered bid that is made pays every team but the countering one, and one that is
      not made pays the countering team alone; an overcounter switches back. No litigation.
    - Three teams, in every mode (§6.1, AMB-K09, AMB-K10): a team with no trick gives each
      other team 60, a team with tricks but at most 20 raw round points gives each other team
      20 (only teams that scored from the outcome with ``special_bonus_to="scoring_teams"``).

    >>> rules = Ruleset()
    >>> decide_round(rules, [123, 123], [4, 4], contract_team=0, pool=150)
    Decision(outcome='litigation', awards=[], pool=120)
    >>> decide_round(rules, [125, 121], [5, 3], contract_team=1, pool=120).awards
    [(0, 130, 'round'), (0, 120, 'pool')]
    """
    teams = range(rules.team_count)
    defence = [t for t in teams if t != contract_team]
    awards: list[tuple[int, int, str]] = []
    mine = round_points[contract_team]
    if rules.auction:
        made = tricks[contract_team] == TRICKS if capot else mine >= bid
        outcome = "made" if made else "failed"
        paid = _contract_payees(
            rules, made, contract_team, defence, round_points, multiplier, counter_team
        )
        awards.extend((team, bid * multiplier, "contract") for team in paid)
        new_pool = 0
    elif rules.team_count == 2:
        other = defence[0]
        theirs = round_points[other]
        if mine == theirs:
            return Decision("litigation", _specials(rules, round_points, tricks, []), round10(mine))
        winner = contract_team if mine > theirs else other
        outcome = "won"
        awards.append((winner, round10(round_points[winner]), "round"))
        if pool:
            awards.append((winner, pool, "pool"))
        new_pool = 0
    elif any(round_points[team] > mine for team in defence):
        outcome = "failed"
        scoring = [team for team in defence if round10(round_points[team]) > 0]
        awards.extend((team, round10(round_points[team]), "round") for team in scoring)
        if pool:
            paid = scoring
            if rules.pool_on_failure == "best_defence":
                paid = [team for team in _best(defence, round_points) if team in scoring]
            awards.extend((team, pool, "pool") for team in paid)
        new_pool = 0
    elif all(mine > round_points[team] for team in defence):
        outcome = "made"
        awards.append((contract_team, round10(mine), "round"))
        if pool:
            awards.append((contract_team, pool, "pool"))
        new_pool = 0
    else:
        outcome = "litigation"
        new_pool = round10(mine)
    return Decision(outcome, awards + _specials(rules, round_points, tricks, awards), new_pool)


def _contract_payees(
    rules: Ruleset,
    made: bool,
    bidders: int,
    defence: list[int],
    round_points: Sequence[int],
    multiplier: int,
    counter_team: int,
) -> list[int]:
    """The teams an auction contract pays (§6.3, AMB-K17, AMB-K25): the bidders if the bid is
    made, each other team if not — except for a countered contract under ``"switch"`` (the
    countering team holds the contract "the bidders cannot make it") and for a countered or
    overcountered one under ``"wager"`` (a failure pays the countering team only). Where a bid
    that is not made pays each other team, ``auction_failure_pays="best_defence"`` keeps only
    the defence team(s) with the most round points."""
    if multiplier > 1 and counter_team < 0:
        if len(defence) != 1:
            raise ValueError("a countered three-team contract needs the countering team")
        counter_team = defence[0]  # with two teams the counter can only come from there
    mode = rules.countered_contract
    if multiplier == 2 and mode == "switch":
        if made:
            return [team for team in (bidders, *defence) if team != counter_team]
        return [counter_team]
    if made:
        return [bidders]
    if multiplier > 1 and mode == "wager":
        return [counter_team]
    if len(defence) == 2 and rules.auction_failure_pays == "best_defence":
        return _best(defence, round_points)
    return defence


def _best(teams: Sequence[int], round_points: Sequence[int]) -> list[int]:
    top = max(round_points[team] for team in teams)
    return [team for team in teams if round_points[team] == top]


def _specials(
    rules: Ruleset,
    round_points: Sequence[int],
    tricks: Sequence[int],
    outcome_awards: Sequence[tuple[int, int, str]],
) -> list[tuple[int, int, str]]:
    """The three-team special bonuses (§6.1): victory points, never used to decide a round."""
    if rules.team_count != 3:
        return []
    scorers = {team for team, points, _ in outcome_awards if points > 0}
    found: list[tuple[int, int, str]] = []
    for team in range(3):
        if tricks[team] == 0:
            points, reason = SPECIAL_NO_TRICK_BONUS, "special_60"
        elif round_points[team] <= SPECIAL_FEW_POINTS:
            points, reason = SPECIAL_FEW_BONUS, "special_20"
        else:
            continue
        for other in range(3):
            if other == team:
                continue
            if rules.special_bonus_to == "scoring_teams" and other not in scorers:
                continue
            found.append((other, points, reason))
    return found


def winner_of(scores: Sequence[int], target: int) -> int | tuple[int, ...] | None:
    """The game's winner once a side has reached the target (§5.9, AMB-K19): the side with
    the highest total, or a tuple of the sides sharing the highest total; else ``None``.

    >>> winner_of([1010, 990], 1000), winner_of([600, 600, 20], 500), winner_of([10, 20], 500)
    (0, (0, 1), None)
    """
    best = max(scores)
    if best < target:
        return None
    leaders = tuple(side for side, score in enumerate(scores) if score == best)
    return leaders[0] if len(leaders) == 1 else leaders


def score_hand(st: GameState, ev: list[Event] | None) -> HandEnded:
    """Count a finished round on ``st``: bonuses, victory points, pool, and the end of the game
    (checked once every award of the round is in, §5.9). Events, if collected, come in the
    order ``BonusScored``…, ``PointsAwarded``…, ``HandEnded``, then ``GameOver``."""
    rules = st.rules
    team_of = st.team_of
    opener = (st.dealer + 1) % PLAYERS
    bonuses = round_bonuses(st.plays, st.winners, opener, st.contract, team_of)
    round_points = list(st.team_points)
    for bonus in bonuses:
        round_points[bonus.team] += bonus.points
    contract_team = team_of[st.declarer]
    decision = decide_round(
        rules,
        round_points,
        st.team_tricks,
        contract_team,
        st.pool,
        st.bid,
        st.multiplier,
        st.capot,
        team_of[st.counterer] if st.counterer >= 0 else -1,
    )
    teams = teams_as_lists(team_of)
    scores = st.scores_
    awards: list[PointsAwarded] = []
    for team, points, reason in decision.awards:
        if points <= 0:
            continue
        if rules.random_partners:
            for seat in teams[team]:
                scores[seat] += points  # every member adds it to his own total (§6.2)
                awards.append(PointsAwarded(seat, points, reason, None, seat))
        else:
            scores[team] += points
            awards.append(PointsAwarded(team, points, reason))
    st.pool = decision.pool
    summary = HandEnded(
        hand_number=st.hand_number,
        contract=CONTRACTS[st.contract],
        declarer=st.declarer,
        contract_team=contract_team,
        teams=teams,
        card_points=tuple(st.team_points),
        bonuses=tuple(bonuses),
        round_points=tuple(round_points),
        tricks=tuple(st.team_tricks),
        outcome=decision.outcome,
        bid=st.bid,
        multiplier=st.multiplier,
        awards=tuple(awards),
        pool=st.pool,
        scores=tuple(scores),
    )
    st.last_round = summary
    winner = winner_of(scores, rules.target)
    if ev is not None:
        ev.extend(bonuses)
        ev.extend(awards)
        ev.append(summary)
    if winner is not None:
        st.winner_ = winner
        st.phase = Phase.OVER
        st.to_act_ = None
        if ev is not None:
            ev.append(GameOver(winner))
    return summary
