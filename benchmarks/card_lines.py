"""Whether ``hard`` is right where its search overrides ``normal``'s card: both cards played out
in the true deal, by ``hard`` in every seat (issue 21; ``players.hard.CARD_PREFER_Z``).

    python benchmarks/card_lines.py --variant caribbean --hands 800 --seed 20000 --jobs 2
    options: --simulations N (play-outs of the cards judged), --rest N (play-outs of every
             later decision), --rows FILE (one JSON line per override)

``hard`` plays the first hand of each game (seeds on from ``--seed``) in every seat. At every
card where ``normal`` would play another one, both cards are played to the end of the hand from
the same generator, the way ``bid_lines.py`` plays the lines of the bidding: a card's value is
the points its side scores from there minus the other side's. ``hard``'s card is then played
and the hand goes on.

Printed, in points for the deciding side with 95% intervals: what ``normal``'s card would have
changed, over every override and by the card's place in the trick; then every class (place in
the trick, trick number, the kinds of the two cards: ``kind``) with at least ``MIN_CLASS``
overrides, those where ``normal``'s card did better marked. Each value is that of one deal,
which the player did not see; only the averages over many say what a choice is worth.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bid_lines import arguments, hand_over, margin, play_hand, run
from paired import bounds, interval

from engine import allfours
from engine.allfours.players import hard, normal
from engine.cards import Card
from engine.search import Budget

MIN_CLASS = 100
"""The fewest overrides of a class for it to be listed."""


def kind(card: Card, trump: int) -> str:
    """The kind of a card as the classes read it: the jack or ten of trumps, a high (A, K, Q)
    or low trump, a plain ten, a plain honour (A, K, Q, J) or a low plain card."""
    if card.suit_index == trump:
        names = {"J": "trump jack", "T": "trump ten"}
        return names.get(card.rank, "high trump" if card.rank in "AKQ" else "low trump")
    if card.rank == "T":
        return "plain ten"
    return "plain honour" if card.rank in "AKQJ" else "low plain card"


def _value(state: allfours.GameState, seat: int, card: allfours.Play, seed: int, rest: int) -> int:
    """The points ``seat``'s side scores from ``state`` on, minus the other side's, when it
    plays ``card`` and ``hard`` plays the rest of the hand."""
    transition = allfours.apply(state, seat, card)
    end = (
        transition.state
        if hand_over(transition)
        else play_hand(transition.state, Random(seed), rest)
    )
    return margin(state, end, state.side_of(seat))


def play_overrides(job: tuple[str, int, int, int]) -> list[dict[str, Any]]:
    """The first hand of one game, by ``hard`` in every seat; a row for each card where
    ``normal``'s differs, with both cards' values."""
    variant, seed, simulations, rest = job
    state = allfours.new_game(allfours.preset(variant), seed=seed)
    # The generators of the first measurement (hard.CARD_PREFER_Z cites it), so that a rerun
    # plays the very same hands and play-outs.
    rng = Random(seed * 13 + 5)
    rows: list[dict[str, Any]] = []
    choices = 0
    while True:
        seat = state.to_act
        assert seat is not None
        legal = allfours.legal_actions(state, seat)
        view = allfours.observe(state, seat)
        action = hard.choose_action(view, legal, rng, Budget(simulations))
        if state.phase is allfours.Phase.PLAY and len(legal) > 1:
            other = normal.choose_action(view, legal, Random(seed * 17 + choices))
            if other != action:
                assert isinstance(action, allfours.Play) and isinstance(other, allfours.Play)
                assert state.trump is not None
                at = seed * 1000 + choices
                rows.append(
                    {
                        "seed": seed,
                        "place": len(state.current_trick),
                        "trick": state.tricks_played,
                        "hard": kind(action.card, state.trump),
                        "normal": kind(other.card, state.trump),
                        "hard value": _value(state, seat, action, at, rest),
                        "normal value": _value(state, seat, other, at, rest),
                    }
                )
            choices += 1
        transition = allfours.apply(state, seat, action)
        state = transition.state
        if hand_over(transition):
            return rows


def classes(row: dict[str, Any]) -> list[str]:
    """The classes an override belongs to: its place in the trick (1 leads), with the trick
    number (third and later together) and with each card's kind, and the pair of kinds."""
    place = f"card {row['place'] + 1}"
    return [
        place,
        f"{place}, trick {min(row['trick'], 2) + 1}",
        f"{place}, hard's {row['hard']}",
        f"{place}, normal's {row['normal']}",
        f"hard's {row['hard']}, normal's {row['normal']}",
    ]


def report(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The printed figures (see the module docstring)."""
    change = [float(row["normal value"] - row["hard value"]) for row in rows]
    grouped: dict[str, list[float]] = defaultdict(list)
    for row, value in zip(rows, change, strict=True):
        for name in classes(row):
            grouped[name].append(value)
    lines = [f"normal's card instead of hard's, every override: {interval(change)}"]
    for name in sorted(grouped):
        values = grouped[name]
        if len(values) >= MIN_CLASS:
            better = "  <- normal's card better" if bounds(values)[1] > 0 else ""
            lines.append(f"  {name}: {interval(values)}{better}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments(__doc__, "hands", 800, 20000, "override").parse_args(argv)
    rows = [row for part in run(play_overrides, args, args.hands) for row in part]
    if args.rows:
        Path(args.rows).write_text("".join(json.dumps(row) + "\n" for row in rows))
    print(
        f"{args.variant}: {args.hands} first hands from seed {args.seed}; "
        f"{args.simulations} play-outs for the cards, {args.rest} for the rest of the hand; "
        f"{len(rows)} overrides"
    )
    print("\n".join(report(rows)))


if __name__ == "__main__":
    main()
