"""Whether ``hard`` bids the better line of an All Fours hand: each line of the bidding played
out in the true deal, by ``hard`` in every seat (issue 21: sane bidding).

    python benchmarks/bid_lines.py --variant caribbean --deals 1000 --seed 9000 --jobs 2
    options: --simulations N (play-outs of the choices judged), --rest N (play-outs of every
             later decision), --rows FILE (one JSON line per deal)

For each deal (the first hand of a game, seeds on from ``--seed``) the three lines of the
bidding (RULES.md §2.4, §3.3) are played to the end of the hand from the same generator: the
elder stands; it begs and the dealer takes one; it begs and the dealer runs the pack. A line's
value is the points the elder's side scores in the hand minus the dealer's side's (a run's
kicks included; the first kick, turned before the elder chose, is not). ``hard``'s own
choices are searched as at a table without a clock: the elder's on the deal, the dealer's
after a beg. A beg is worth the line of the dealer's answer.

Printed, in points a hand with 95% intervals: where the elder stood, what begging would have
changed; where it begged, what standing would have; and, on the deals where it begged, what
the dealer's other answer would have changed, for the dealer's side. A choice is sound on
average when the other line would have lost. Last, a rule fitted to these values: least
squares of the beg's gain over the stand on the elder's cards (``FEATURES``), 10-fold
cross-validated, and what begging where it says would have changed against ``hard``'s
choice, deal by deal. The true deal is not what a player knows, so each value is the value of
one deal; only the averages over many are what a choice is worth.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paired import interval

from engine import allfours
from engine.allfours.opponents import strength
from engine.allfours.players import hard
from engine.cards import Card, mask_of
from engine.search import Budget

Result = TypeVar("Result")
LINES = {
    "stand": (allfours.Stand(),),
    "give": (allfours.Beg(), allfours.TakeOne()),
    "run": (allfours.Beg(), allfours.RunPack()),
}
"""The lines of the bidding: the actions that start each, in order."""
FEATURES = (
    "constant",
    "strength",
    "trumps",
    "ace",
    "king",
    "queen",
    "jack",
    "ten",
    "plain tens",
    "plain aces",
    "plain court cards",
    "low trump",
)
"""What the rule reads of the elder's cards, in the kick's suit as trumps: the opponent
model's strength (``opponents.strength``), how many trumps, each honour of trumps, the tens,
aces and kings, queens and jacks of the other suits, and a two or three of trumps."""


def features(hand: Sequence[Card], trump: int) -> list[float]:
    """The elder's cards as the rule reads them (``FEATURES``)."""
    trumps = [card for card in hand if card.suit_index == trump]
    plain = [card for card in hand if card.suit_index != trump]
    honours = [float(any(card.rank == rank for card in trumps)) for rank in "AKQJT"]
    return [
        1.0,
        strength(mask_of(hand), trump),
        float(len(trumps)),
        *honours,
        float(sum(card.rank == "T" for card in plain)),
        float(sum(card.rank == "A" for card in plain)),
        float(sum(card.rank in "KQJ" for card in plain)),
        float(any(card.rank in "23" for card in trumps)),
    ]


def hand_over(transition: allfours.Transition[allfours.GameState]) -> bool:
    """Whether this move ended the hand (its count, or the game won before it)."""
    ended = any(isinstance(event, allfours.HandEnded) for event in transition.events)
    return ended or transition.state.winner is not None


def margin(before: allfours.GameState, after: allfours.GameState, side: int) -> int:
    """The points ``side`` scored from ``before`` to ``after``, minus the other side's."""
    gained = [later - earlier for later, earlier in zip(after.scores, before.scores, strict=True)]
    return 2 * gained[side] - sum(gained)


def play_hand(state: allfours.GameState, rng: Random, budget: int) -> allfours.GameState:
    """Play the hand on from ``state`` to its end, ``hard`` at ``budget`` play-outs in each seat."""
    while True:
        seat = state.to_act
        assert seat is not None
        legal = allfours.legal_actions(state, seat)
        view = allfours.observe(state, seat)
        transition = allfours.apply(
            state, seat, hard.choose_action(view, legal, rng, Budget(budget))
        )
        state = transition.state
        if hand_over(transition):
            return state


def play_deal(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """One deal's row: the elder's cards, ``hard``'s two choices and each line's value."""
    variant, seed, simulations, rest = job
    start = allfours.new_game(allfours.preset(variant), seed=seed)
    elder, dealer = start.to_act, start.dealer
    assert elder is not None and start.trump is not None
    rng = Random(seed)
    choice = hard.choose_action(
        allfours.observe(start, elder),
        allfours.legal_actions(start, elder),
        rng,
        Budget(simulations),
    )
    begged = allfours.apply(start, elder, allfours.Beg()).state
    answer = hard.choose_action(
        allfours.observe(begged, dealer),
        allfours.legal_actions(begged, dealer),
        rng,
        Budget(simulations),
    )
    row: dict[str, Any] = {
        "seed": seed,
        "features": features(start.hand(elder), start.trump),
        "elder begs": isinstance(choice, allfours.Beg),
        "dealer gives": isinstance(answer, allfours.TakeOne),
    }
    ours = start.rules.side_of(elder)
    for name, actions in LINES.items():
        state = start
        for action in actions:
            actor = state.to_act
            assert actor is not None
            state = allfours.apply(state, actor, action).state
        end = play_hand(state, Random(seed + 1), rest)
        row[name] = margin(start, end, ours)
    return row


def beg_value(row: dict[str, Any]) -> float:
    """What the elder's beg scores: the line of ``hard``'s dealer's answer."""
    return float(row["give"] if row["dealer gives"] else row["run"])


def least_squares(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """The weights that best predict ``targets`` from ``rows`` (normal equations, solved by
    Gaussian elimination; a tiny ridge keeps a feature that never varies from breaking it)."""
    size = len(rows[0])
    matrix = [[sum(r[i] * r[j] for r in rows) for j in range(size)] for i in range(size)]
    vector = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(size)]
    for i in range(size):
        matrix[i][i] += 1e-6
    for column in range(size):
        pivot = max(range(column, size), key=lambda at: abs(matrix[at][column]))
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        vector[column], vector[pivot] = vector[pivot], vector[column]
        for other in range(size):
            if other != column:
                factor = matrix[other][column] / matrix[column][column]
                for j in range(column, size):
                    matrix[other][j] -= factor * matrix[column][j]
                vector[other] -= factor * vector[column]
    return [vector[i] / matrix[i][i] for i in range(size)]


def rule_gains(rows: Sequence[dict[str, Any]], folds: int = 10) -> tuple[list[float], int]:
    """What begging where the fitted rule says (``FEATURES``, ``folds``-fold cross-validated)
    changes against ``hard``'s choice, deal by deal; and how many deals the rule begs."""
    gains: list[float] = []
    begs = 0
    for fold in range(folds):
        train = [row for at, row in enumerate(rows) if at % folds != fold]
        weights = least_squares(
            [row["features"] for row in train],
            [beg_value(row) - row["stand"] for row in train],
        )
        for row in rows[fold::folds]:
            gain = beg_value(row) - row["stand"]
            rule_begs = sum(w * x for w, x in zip(weights, row["features"], strict=True)) > 0
            begs += rule_begs
            gains.append((gain if rule_begs else 0.0) - (gain if row["elder begs"] else 0.0))
    return gains, begs


def report(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The printed figures (see the module docstring)."""
    stood = [row for row in rows if not row["elder begs"]]
    begged = [row for row in rows if row["elder begs"]]
    gave = [row for row in begged if row["dealer gives"]]
    ran = [row for row in begged if not row["dealer gives"]]
    gains, rule_begs = rule_gains(rows) if len(rows) >= 20 else ([], 0)
    return [
        f"{len(rows)} deals; hard's elder begged in {len(begged)}, its dealer gave to "
        f"{len(gave)} of those begs",
        f"  elder stood ({len(stood)}): begging instead, points a hand for its side: "
        + interval([beg_value(row) - row["stand"] for row in stood]),
        f"  elder begged ({len(begged)}): standing instead: "
        + interval([row["stand"] - beg_value(row) for row in begged]),
        f"  dealer gave ({len(gave)}): running instead, for the dealer's side: "
        + interval([row["give"] - row["run"] for row in gave]),
        f"  dealer ran ({len(ran)}): giving instead, for the dealer's side: "
        + interval([row["run"] - row["give"] for row in ran]),
        f"  rule on the elder's cards (begs {rule_begs}), against hard's choice: "
        + interval(gains),
    ]


def arguments(
    doc: str, count: str, default_count: int, seed: int, row: str
) -> argparse.ArgumentParser:
    """The options of ``bid_lines`` and ``card_lines``: ``--COUNT`` deals or hands of a
    variant from a seed, the play-outs, the jobs and a file for the rows (one per ``row``)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--variant", default="caribbean", choices=allfours.PRESET_NAMES)
    parser.add_argument(f"--{count}", type=int, default=default_count)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--simulations", type=int, default=600)
    parser.add_argument("--rest", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rows", help=f"write one JSON line per {row} to this file")
    return parser


def run(
    play: Callable[[tuple[str, int, int, int]], Result], args: argparse.Namespace, count: int
) -> list[Result]:
    """``play`` for ``count`` games from ``args.seed`` on, in ``args.jobs`` processes."""
    jobs = [(args.variant, args.seed + game, args.simulations, args.rest) for game in range(count)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            return list(pool.imap(play, jobs, chunksize=2))
    return [play(job) for job in jobs]


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments(__doc__, "deals", 1000, 9000, "deal").parse_args(argv)
    rows = run(play_deal, args, args.deals)
    if args.rows:
        Path(args.rows).write_text("".join(json.dumps(row) + "\n" for row in rows))
    print(
        f"{args.variant}: {args.simulations} play-outs for the choices, {args.rest} for the "
        f"rest of the hand, seeds {args.seed}..{args.seed + args.deals - 1}"
    )
    print("\n".join(report(rows)))


if __name__ == "__main__":
    main()
