"""Fit the opponent models of inference (``engine/allfours/opponents.py``,
``engine/kqj/opponents.py``) to a computer level's own decisions, and print the fit.

    python benchmarks/opponent_model.py --family allfours --variant caribbean --hands 400
    python benchmarks/opponent_model.py --family kqj [--auction] --hands 300
    options: --level hard (default), --simulations N (hard's play-outs, default 600), --seed S

Every seat plays the level (self-play). At each decision the model weighs — stand or beg,
give or run, accept or refuse; take or pass the Return, bid or pass, counter or not — the
script records the strength the model reads (``opponents.strength`` of the hand held then,
in the suit or contract the decision is about; for a pass in the second round or the auction,
the best contract, less the next bid's rise in the auction) and whether the decision was the
one "above" the threshold (stand, give, accept, take, bid, counter). It then fits
``P(above) = logistic((strength - threshold) / scale)`` to them by maximum likelihood (Newton's
method) and prints, per decision, how many were seen, how often "above", and the fitted
threshold and scale with their standard errors.

For the play of All Fours it also counts what the weights of ``opponents`` are read from:
how often the last player to its partner's trick feeds it the ten and saves the jack there,
and how often the last player to an opponent's trick takes it when it can (``take follow``:
with a higher card of the suit led; ``take trump ...``: with only trumps to take it, by what
the trick holds), and how discards compare with random ones. And how much a lead says: how
often the leader still held a plain card (not a ten) that ``rollout``'s policy would have led
first (``rollout.cheapest``), against a lead drawn at random from the same legal cards
(``lead cheaper held``).
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import allfours, kqj
from engine.allfours import opponents as allfours_model
from engine.allfours import players as allfours_players
from engine.allfours import rollout
from engine.allfours.deck import FULL_DECK_MASK, JACK, TENS
from engine.cards import SUIT_MASKS
from engine.kqj import opponents as kqj_model
from engine.kqj import players as kqj_players
from engine.kqj.deck import CONTRACTS
from engine.search import Budget

Samples = dict[str, list[tuple[float, bool]]]


def fit(points: Sequence[tuple[float, bool]]) -> tuple[float, float, float, float] | None:
    """Threshold, scale and their standard errors of the logistic fit, or None when the
    data cannot fix them (too few, or separated)."""
    if len(points) < 10 or all(y for _, y in points) or not any(y for _, y in points):
        return None
    a, b = 0.0, 0.1
    mean = sum(x for x, _ in points) / len(points)
    a = -b * mean
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in points:
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            r = (1.0 if y else 0.0) - p
            w = p * (1.0 - p)
            ga += r
            gb += r * x
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 0:
            return None
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a += da
        b += db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    if b <= 0:
        return None
    # Standard errors by the delta method from the inverse of the information matrix.
    var_a, var_b, cov = hbb / det, haa / det, -hab / det
    threshold, scale = -a / b, 1.0 / b
    grad_t = (-1.0 / b, a / (b * b))
    se_t = math.sqrt(
        grad_t[0] ** 2 * var_a + 2 * grad_t[0] * grad_t[1] * cov + grad_t[1] ** 2 * var_b
    )
    se_s = math.sqrt(var_b) / (b * b)
    return threshold, scale, se_t, se_s


def _allfours(
    rules: allfours.Ruleset, level: str, hands: int, seed: int, budget: Budget
) -> Samples:
    samples: Samples = defaultdict(list)
    discards: dict[str, float] = defaultdict(float)
    played = 0
    game = seed
    while played < hands:
        state = allfours.new_game(rules, game)
        rng = Random(f"model:{game}")
        game += 1
        while state.winner is None and played < hands:
            seat = state.to_act
            assert seat is not None
            legal = allfours.legal_actions(state, seat)
            action = allfours_players.choose(
                level, allfours.observe(state, seat), legal, rng, budget
            )
            if len(legal) > 1 and state.phase in (allfours.Phase.DECLARE, allfours.Phase.REPLY):
                kick = state.kick
                assert kick is not None
                value = allfours_model.strength(state.hands[seat], kick.suit_index)
                if state.phase is allfours.Phase.REPLY:
                    samples["give"].append((value, isinstance(action, allfours.TakeOne)))
                elif rules.players >= 3 and rules.variant != "caribbean":
                    samples["accept"].append((value, isinstance(action, allfours.Stand)))
                else:
                    samples["stand"].append((value, isinstance(action, allfours.Stand)))
            if isinstance(action, allfours.Discard) and len(legal) > 1:
                _record_discard(discards, state, seat, action)
            if isinstance(action, allfours.Play) and len(legal) > 1:
                _record_feeding(discards, state, seat, action)
                _record_taking(discards, state, seat, action)
                _record_lead(discards, state, seat, legal, action)
            transition = allfours.apply(state, seat, action)
            played += any(isinstance(e, allfours.HandEnded) for e in transition.events)
            state = transition.state
    taking = ("take follow", *(f"take trump {k}" for k in ("nothing", "honours", "ten or jack")))
    for kind in ("feed ten", "save jack", *taking):
        chances, done = discards[f"{kind} chances"], discards[f"{kind} done"]
        if chances:
            print(f"  {kind}: {done:.0f} of {chances:.0f} chances: {done / chances:.3f}")
    for kind in ("trump", "ten or ace"):
        seen, uniform = discards[f"{kind} seen"], discards[f"{kind} uniform"]
        if uniform:
            print(
                f"  discard {kind}: {seen:.0f} discarded where a random discard would throw "
                f"{uniform:.1f}: ratio {seen / uniform:.3f}"
            )
    seen, uniform = discards["lead cheaper held seen"], discards["lead cheaper held uniform"]
    if uniform:
        print(
            f"  lead cheaper held: {seen:.0f} of {discards['leads']:.0f} leads, where random "
            f"leads would give {uniform:.1f}: ratio {seen / uniform:.3f}"
        )
    return samples


def _record_feeding(
    counts: dict[str, float], state: allfours.GameState, seat: int, action: allfours.Play
) -> None:
    """The last player to a trick its partner holds: how often it plays the ten of the suit
    led when it holds it and follows suit, and its jack of trumps when it holds it."""
    rules = state.rules
    trick = state.current_trick
    if rules.sides == rules.players or len(trick) != rules.players - 1:
        return
    if state.side_of(state.master_seat) != state.side_of(seat):
        return
    hand = state.hands[seat]
    led = trick[0][1].suit_index
    trump = state.trump
    card = action.card.index
    ten = led * 16 + 8
    if led != trump and hand >> ten & 1 and card >> 4 == led:
        counts["feed ten chances"] += 1
        counts["feed ten done"] += card == ten
    jack = trump * 16 + 9
    if hand >> jack & 1:
        counts["save jack chances"] += 1
        counts["save jack done"] += card == jack


def _record_taking(
    counts: dict[str, float], state: allfours.GameState, seat: int, action: allfours.Play
) -> None:
    """The last player to a trick an opponent holds, with a card that would take it: how often
    it takes it, by the first tier of ``opponents.takers`` it holds (a higher card of the suit
    led, else a trump, by what the trick holds: ``opponents.stake``)."""
    trick = state.current_trick
    if len(trick) != state.rules.players - 1:
        return
    if state.side_of(state.master_seat) == state.side_of(seat):
        return
    trump = state.trump
    before = [card.index for _, card in trick]
    tiers = allfours_model.takers(before, trump)
    hand = state.hands[seat]
    held = [cards for cards, _ in tiers if hand & cards]
    if not held:
        return
    kind = "take follow"
    if held[0] & SUIT_MASKS[trump]:
        kind = (
            "take trump "
            + ("nothing", "honours", "ten or jack")[allfours_model.stake(before, trump)]
        )
    counts[f"{kind} chances"] += 1
    counts[f"{kind} done"] += not allfours_model.not_taken(before, action.card.index, trump)


def _record_lead(
    counts: dict[str, float],
    state: allfours.GameState,
    seat: int,
    legal: Sequence[allfours.Action],
    action: allfours.Play,
) -> None:
    """A lead: whether the leader held a plain card cheaper than the one it led (not a ten:
    ``rollout``'s light policy leads the cheapest such card, trumps last), against the same
    for a lead drawn at random among its legal cards."""
    if state.current_trick:
        return
    cheaper = _cheaper_plain(state.hands[seat], state.trump)
    counts["leads"] += 1
    counts["lead cheaper held seen"] += cheaper(action.card.index)
    cards = [option.card.index for option in legal if isinstance(option, allfours.Play)]
    counts["lead cheaper held uniform"] += sum(map(cheaper, cards)) / len(cards)


def _cheaper_plain(hand: int, trump: int) -> Callable[[int], bool]:
    """Whether ``hand`` holds a plain card other than a ten that ``rollout``'s policy would
    lead before a given card (``rollout.cheapest``)."""
    trumps = SUIT_MASKS[trump] & FULL_DECK_MASK
    plain = hand & ~trumps & ~TENS

    def cheaper(card: int) -> bool:
        bit = 1 << card
        return rollout.cheapest(plain & ~bit | bit, trumps, trump * 16 + JACK) != card

    return cheaper


def _record_discard(
    discards: dict[str, float], state: allfours.GameState, seat: int, action: allfours.Discard
) -> None:
    """How often a trump (a plain ten or ace) is discarded while a plain card (a plain card
    below a ten) could go instead, against a discard drawn at random from the hand."""
    hand = state.hands[seat]
    trump = state.trump
    assert trump >= 0
    trumps = SUIT_MASKS[trump] & hand
    plain = hand & ~trumps
    card = action.cards[0].index
    size = hand.bit_count()
    if plain:
        discards["trump seen"] += trumps >> card & 1
        discards["trump uniform"] += trumps.bit_count() / size
    valued = plain & sum(1 << (s * 16 + r) for s in range(4) for r in (8, 12))
    if plain & ~valued:
        discards["ten or ace seen"] += valued >> card & 1
        discards["ten or ace uniform"] += valued.bit_count() / size


def _kqj(rules: kqj.Ruleset, level: str, rounds: int, seed: int, budget: Budget) -> Samples:
    samples: Samples = defaultdict(list)
    played = 0
    game = seed
    contracts = range(rules.contract_count)
    while played < rounds:
        state = kqj.new_game(rules, game)
        rngs = [Random(f"model:{game}:{seat}") for seat in range(6)]
        game += 1
        while state.winner is None and played < rounds:
            to_act = state.to_act
            assert to_act is not None
            acted = None
            if state.phase in (kqj.Phase.AUCTION, kqj.Phase.OVERCOUNTER):
                for k in range(1, 6):
                    seat = (to_act + k) % 6
                    legal = kqj.legal_actions(state, seat)
                    if not legal:
                        continue
                    view = kqj.observe(state, seat)
                    action = kqj_players.interrupt(level, view, legal, rngs[seat], budget)
                    if kqj.Counter() in legal and view.bid_contract is not None:
                        value = kqj_model.strength(
                            state.hands[seat], CONTRACTS.index(view.bid_contract)
                        )
                        samples["counter"].append((value, isinstance(action, kqj.Counter)))
                    if action is not None:
                        acted = (seat, action)
                        break
            if acted is None:
                legal = kqj.legal_actions(state, to_act)
                view = kqj.observe(state, to_act)
                action = kqj_players.choose(level, view, legal, rngs[to_act], budget)
                _record_kqj(samples, state, to_act, view, legal, action, contracts)
                acted = (to_act, action)
            transition = kqj.apply(state, *acted)
            played += any(isinstance(e, kqj.HandEnded) for e in transition.events)
            state = transition.state
    return samples


def _record_kqj(
    samples: Samples,
    state: kqj.GameState,
    seat: int,
    view: kqj.PlayerView,
    legal: Sequence[kqj.Action],
    action: kqj.Action,
    contracts: range,
) -> None:
    if len(legal) < 2:
        return
    hand = state.hands[seat]
    phase = state.phase
    if phase in (kqj.Phase.FIRST_ROUND, kqj.Phase.SECOND_ROUND):
        returned = view.return_card
        assert returned is not None
        hand |= returned.bit
        if phase is kqj.Phase.FIRST_ROUND:
            value = kqj_model.strength(hand, returned.suit_index)
            samples["take first"].append((value, isinstance(action, kqj.Take)))
        else:
            value = max(kqj_model.strength(hand, c) for c in contracts)
            samples["take second"].append((value, isinstance(action, kqj.Take)))
    elif phase is kqj.Phase.AUCTION:
        if view.bidder is not None and view.is_partner(seat, view.bidder):
            return
        if isinstance(action, kqj.Counter | kqj.Capot):
            return
        rise = (max(state.rules.min_bid, view.bid + 10) - state.rules.min_bid) / kqj_model.BID_SLOPE
        value = max(kqj_model.strength(hand, c) for c in contracts) - rise
        samples["bid"].append((value, isinstance(action, kqj.Bid)))


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=("allfours", "kqj"), required=True)
    parser.add_argument("--variant", choices=allfours.PRESET_NAMES, default="caribbean")
    parser.add_argument("--players", type=int)
    parser.add_argument("--auction", action="store_true")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--simulations", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    budget = Budget(simulations=args.simulations)
    start = time.perf_counter()
    if args.family == "allfours":
        rules = allfours.preset(args.variant)
        if args.players:
            rules = rules.replace(players=args.players)
        samples = _allfours(rules, args.level, args.hands, args.seed, budget)
    else:
        kqj_rules = kqj.preset("kqj").replace(auction=args.auction)
        samples = _kqj(kqj_rules, args.level, args.hands, args.seed, budget)
    print(f"command: python {shlex.join(['benchmarks/opponent_model.py', *argv])}")
    print(f"{args.level} self-play, {args.hands} hands, {time.perf_counter() - start:.0f} s")
    for name, points in sorted(samples.items()):
        above = sum(1 for _, y in points if y)
        found = fit(points)
        if found is None:
            print(f"  {name:<12} n={len(points):>5}  above {above:>5}  (no fit)")
            continue
        threshold, scale, se_t, se_s = found
        print(
            f"  {name:<12} n={len(points):>5}  above {above:>5}  threshold {threshold:7.2f} "
            f"± {se_t:5.2f}  scale {scale:6.2f} ± {se_s:5.2f}"
        )


if __name__ == "__main__":
    main()
