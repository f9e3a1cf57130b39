"""How often ``hard``'s play-outs come back to an information state of the searching seat:
whether a search that makes the seat's later cards one choice per information state (an
information-set search, as OpenSpiel's ISMCTS) has anything to learn from at ``hard``'s budget.

    python benchmarks/information_states.py --variant caribbean [--deals 12] [--seed 100]
        [--simulations 600] [--after 1,16] [--coarse]

Level ``hard`` plays the first hand of ``--deals`` games in every seat. At each of its card
decisions with a choice, the seat's worlds are dealt as ``hard`` deals them
(``players.hard.world_sampler``) and the card it chose is played out ``--simulations`` times,
one world each, by the play-outs' light policy (``simulate.guided_playout``). Each later card of
the seat in a play-out, where it had more than one legal card, is at an information state: the
cards played since the decision (its own hand and what it saw follow from them). The figures
are, for each ``--after`` N, the share of those later cards whose information state had been
reached at least N times in the earlier play-outs of the same decision: the cards that a
search keyed by information state, learning once a state was seen N times, could choose
rather than the policy. ``--coarse`` keys a state more coarsely, as a search sharing choices
across states might: the seat's own cards since the decision, the trick on the table, and which
trumps and cards of Game value the others played since (their low plain cards forgotten).

All the play-outs go to one card, the card chosen; a search shares them among its options and
keys each state by its option too, so its states come back less often than here: the share is
an upper bound. Run from the repository root; a few minutes a variant on the pure-Python engine.

On 12 first hands (``--seed 100``) at 600 play-outs, Caribbean: 10.6% of the seat's later
cards with a choice at a state reached before, 4.7% at one reached 16 times; Seven Up: 51.6%
and 19.2%. The three other hands' cards between two of the seat's rarely come again. On 4 of
those Caribbean hands: 11.3% and 5.2%; with ``--coarse``, 19.1% and 8.0%.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import allfours
from engine.allfours import simulate
from engine.allfours.actions import Play
from engine.allfours.play import legal_play_mask, step_play
from engine.allfours.players import hard
from engine.allfours.rollout import GAME_VALUE
from engine.allfours.state import GameState, Phase
from engine.cards import SUIT_MASKS
from engine.search import Budget

State = tuple[int, ...] | tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]
"""An information state: the cards played since the root (the root's card first), or with
``--coarse`` the seat's own cards since the root, the trick on the table and the set of the
others' cards of Game value or trump since the root."""


def later_choices(
    after_root: GameState, end: GameState, seat: int, coarse: bool = False
) -> list[State]:
    """The information states at which ``seat`` played a later card with a choice, in the
    play-out from ``after_root`` to ``end``."""
    replay = after_root.clone()
    start = len(after_root.plays) - 1
    trumps = SUIT_MASKS[replay.trump]
    own = [after_root.plays[start]]
    counted: set[int] = set()  # the others' cards that a coarse state remembers
    states: list[State] = []
    for card in end.plays[start + 1 :]:
        actor = replay.to_act_
        assert actor is not None
        legal = legal_play_mask(replay, actor)
        if actor == seat and legal & (legal - 1):
            if coarse:
                on_table = replay.plays[len(replay.winners) * replay.players :]
                states.append((tuple(own), on_table, frozenset(counted)))
            else:
                states.append(tuple(replay.plays[start:]))
        if actor == seat:
            own.append(card)
        elif trumps >> card & 1 or GAME_VALUE[card & 15]:
            counted.add(card)
        if step_play(replay, actor, card, None):
            break
    return states


def revisits(
    state: GameState,
    seat: int,
    card: Play,
    simulations: int,
    after: Sequence[int],
    rng: random.Random,
    coarse: bool = False,
) -> tuple[int, list[int]]:
    """The seat's later cards with a choice over the play-outs of ``card``, and how many of them
    were at an information state seen at least N times before, for each N of ``after``."""
    sample_world = hard.world_sampler(allfours.observe(state, seat))
    seen: dict[State, int] = {}
    total = 0
    reached = [0] * len(after)
    for _ in range(simulations):
        transition = allfours.apply(sample_world(rng), seat, card)
        after_root = transition.state
        if after_root.phase is not Phase.PLAY or after_root.hand_number != state.hand_number:
            continue
        end = simulate.guided_playout(after_root, rng)
        for key in later_choices(after_root, end, seat, coarse):
            visits = seen.get(key, 0)
            total += 1
            for at, threshold in enumerate(after):
                reached[at] += visits >= threshold
            seen[key] = visits + 1
    return total, reached


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="caribbean")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=600)
    parser.add_argument("--after", default="1,16")
    parser.add_argument("--coarse", action="store_true", help="forget the others' low cards")
    args = parser.parse_args(argv)
    after = [int(value) for value in args.after.split(",")]
    rules = allfours.preset(args.variant)
    decisions = total = 0
    reached = [0] * len(after)
    for seed in range(args.seed, args.seed + args.deals):
        state = allfours.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while state.winner is None and state.hand_number == 1:
            seat = state.to_act
            assert seat is not None
            legal = allfours.legal_actions(state, seat)
            view = allfours.observe(state, seat)
            action = hard.choose_action(view, legal, rng, Budget(args.simulations))
            if state.phase is Phase.PLAY and len(legal) > 1 and isinstance(action, Play):
                count, hits = revisits(
                    state, seat, action, args.simulations, after, rng, args.coarse
                )
                decisions += 1
                total += count
                reached = [a + b for a, b in zip(reached, hits, strict=True)]
            state = allfours.apply(state, seat, action).state
    print(f"{args.variant}: {args.deals} first hands, {decisions} card decisions of hard with a")
    print(
        f"choice, {args.simulations} play-outs each: {total} later cards of the seat with a choice"
    )
    for threshold, count in zip(after, reached, strict=True):
        share = count / total if total else 0.0
        print(f"  at a state reached {threshold} times or more before: {count} ({share:.1%})")


if __name__ == "__main__":
    main()
