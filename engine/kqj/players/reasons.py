"""Why level ``hard`` chose what it did, in a word a player reads (the hint's reason): what
each search outcome is worth per feature, and which feature decided between the best choice
and the runner-up (``engine.search.deciding_feature``)."""

from __future__ import annotations

from typing import Final

from engine.core import Play
from engine.kqj.actions import Action, Counter, Overcounter
from engine.kqj.state import GameState, Phase
from engine.kqj.view import PlayerView
from engine.search import SearchResult, deciding_feature

REASONS: Final = (
    "wins_game",
    "makes_contract",
    "breaks_contract",
    "counter_breaks_bid",
    "kq",
    "dix_de_der",
    "capot",
    "takes_points",
)
"""The reason codes of KQJ hints:

- ``wins_game``: the choice wins the game (reaches the target) more often;
- ``makes_contract`` / ``breaks_contract``: the seat's team makes its contract, or the
  contract of another team fails, more often (§5.7, §6.1, §6.3);
- ``counter_breaks_bid``: a counter (or staying silent) pays because the bid fails (§6.3);
- ``kq``: a KQ or KQJ bonus (§5.5) comes with it; ``dix_de_der``: the last trick (§5.5);
  ``capot``: every trick (§5.5);
- ``takes_points``: the team simply takes more round points.
"""


FEATURES: Final = ("won", "vp", "contract", "kq", "dix_de_der", "capot", "round_points")
"""What hints compare, for the seat's side, ours minus theirs: the game won (1 or -1), victory
points of the round, the contract (1 made by our team or failed by another, -1 the other
way round), KQ / KQJ points, the last trick, a capot, round points."""
_REASON_WEIGHTS: Final = (300.0, 1.0, 60.0, 1.0, 1.0, 1.0, 0.25)
"""What each feature is worth when explaining a choice, in victory points."""
REASON_THRESHOLD: Final = 4.0
"""The least difference, in victory points, that a hint names as the reason."""


def features(end: GameState, seat: int) -> tuple[float, ...]:
    summary = end.last_round
    values = [0.0] * len(FEATURES)
    side = end.side_of(seat)
    winner = end.winner
    if winner is not None:
        won = winner if isinstance(winner, tuple) else (winner,)
        values[0] = 1.0 if side in won else -1.0
    if summary is None:
        return tuple(values)
    # The round's teams: once a round is over ``apply`` has drawn the next round's (§6.2).
    team = next(t for t, seats in enumerate(summary.teams) if seat in seats)
    others = len(summary.teams) - 1
    for award in summary.awards:
        mine = award.side == side
        values[1] += award.points if mine else -award.points / max(others, 1)
    ours_contract = summary.contract_team == team
    made = summary.outcome in ("made", "won")
    if summary.outcome != "litigation":
        values[2] = 1.0 if made == ours_contract else -1.0
    for bonus in summary.bonuses:
        sign = 1.0 if bonus.team == team else -1.0 / max(others, 1)
        at = {"kq": 3, "kqj": 3, "dix_de_der": 4, "capot": 5}[bonus.kind]
        values[at] += sign * bonus.points
    mine_points = summary.round_points[team]
    values[6] = mine_points - max(p for t, p in enumerate(summary.round_points) if t != team)
    return tuple(values)


def explain(
    view: PlayerView, result: SearchResult[Action | None]
) -> tuple[str | None, tuple[str, ...]]:
    runner_up = result.runner_up()
    if runner_up is None:
        return None, ()
    chosen = result.stats_of(result.best)
    feature = deciding_feature(chosen, runner_up, _REASON_WEIGHTS, REASON_THRESHOLD)
    if feature is None:
        return None, ()
    name = FEATURES[feature]
    best = result.best
    details = (str(best.card),) if isinstance(best, Play) else ()
    if name == "won":
        return "wins_game", details
    if best is None:
        return None, ()  # staying silent needs no reason
    if isinstance(best, Counter | Overcounter) and name in ("vp", "contract"):
        return "counter_breaks_bid", ()
    if name == "contract":
        seat = view.seat
        assert seat is not None
        ours = view.declarer is not None and view.team_of[view.declarer] == view.team_of[seat]
        if view.phase is not Phase.PLAY or ours:
            return "makes_contract", details
        return "breaks_contract", details
    reason = {"kq": "kq", "dix_de_der": "dix_de_der", "capot": "capot"}.get(name, "takes_points")
    return reason, details
