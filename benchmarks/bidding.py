"""Bidding as a club player judges it: how each computer level chooses trumps or contracts, and
what comes of it, over many hands of self-play (every seat at the same level).

    python benchmarks/bidding.py --family allfours --variant caribbean --hands 2000
    python benchmarks/bidding.py --family kqj [--auction] [--mode 3v3|2v2v2] --hands 2000
    options: --levels easy normal hard, --simulations N / --seconds S (hard's budget),
             --seed S (the first game's seed; games follow on until the hands are played),
             --playouts guided|random|normal, --inference on|off and --set NAME=VALUE (hard's
             settings, as in arena.py)

**All Fours** (RULES.md §2.4, §3.3, §4.1-§4.2): of the elder's declarations, how many stand
and how many beg; of the dealer's answers to a beg, how many give (take one: the beggars score
the gift) and how many run the pack (the beg refused); then, for every hand that reached its
count, the points of the count (High, Low, Jack or hang jack, Game) won by the *maker* — the
side that chose to play the suit: the elder's after a stand, the dealer's after a gift — and by
its opponents, and how often the maker out-scored them. Hands whose trumps came from a run
(no one chose them) are listed apart, as the elder's side against the dealer's.

**KQJ** (§5.3, §6.3): the base game's rate of taking the Return (first round, second round),
the auction's rate of bids among the decisions in turn; every contract made or failed by its
kind (a suit, all-trump, no-trump; in the base game the first round's apart) and, in the
auction, by its value; counters and overcounters made or failed (a counter is made when the
bid fails, an overcounter when it is made; a counter is judged by the bid's fate whether or not
the bidding team overcountered it, so an overcountered bid counts once as a counter and once as
an overcounter) and capots. A base-game contract is made when the
declarer's team wins the round (two teams: more round points; three teams: more than both
others, §6.1), failed when it loses, and litigation when level; an auction bid is made when its
team's round points reach the bid (a capot: all eight tricks), whether countered or not.

The last lines check the issue's bar (issue 21): ``hard`` makes at least 60% of its KQJ
contracts and at least half of its counters succeed; no level bids a kind of contract (or a
value band) it makes less than 40% of the time (among those seen at least 20 times).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import allfours, kqj
from engine.allfours import players as allfours_players
from engine.allfours.players import hard as allfours_hard
from engine.kqj import players as kqj_players
from engine.kqj.players import hard as kqj_hard
from engine.search import Budget

COUNT_REASONS = ("high", "low", "jack", "hang_jack", "game")
"""The awards of an All Fours count (§1.4, §2.6, §3.6)."""
MIN_CELL = 20
"""The fewest contracts of one kind for the 40% check."""


@dataclass
class AllFoursTally:
    hands: int = 0
    counted: int = 0
    decisions: Counter[str] = field(default_factory=Counter)
    maker_points: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    """How trumps were fixed -> [maker's (or the elder's) points, the opponents']."""
    maker_ahead: Counter[str] = field(default_factory=Counter)
    hands_by_way: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def _allfours_level(
    rules: allfours.Ruleset, level: str, hands: int, seed: int, budget: Budget | None
) -> AllFoursTally:
    tally = AllFoursTally()
    game_seed = seed
    start = time.perf_counter()
    while tally.hands < hands:
        state = allfours.new_game(rules, game_seed)
        rng = Random(f"bidding:{game_seed}")
        game_seed += 1
        way: tuple[str, int] | None = None  # how this hand's trumps were fixed, and by whom
        while state.winner is None and tally.hands < hands:
            seat = state.to_act
            assert seat is not None
            legal = allfours.legal_actions(state, seat)
            view = allfours.observe(state, seat)
            action = allfours_players.choose(level, view, legal, rng, budget)
            transition = allfours.apply(state, seat, action)
            for event in transition.events:
                match event:
                    case allfours.Stood(seat=who):
                        tally.decisions["stand"] += 1
                        way = ("stood", who)
                    case allfours.Begged():
                        tally.decisions["beg"] += 1
                    case allfours.TookOne(seat=who):
                        tally.decisions["give"] += 1
                        way = ("given", who)
                    case allfours.RanPack():
                        tally.decisions["run"] += 1
                        way = ("ran", state.elder)
                    case allfours.HandEnded(awards=awards):
                        tally.hands += 1
                        if way is not None:
                            _count(tally, state, way, awards)
                        way = None
                    case allfours.Redeal():
                        way = None
                    case _:
                        pass
            state = transition.state
    tally.seconds = time.perf_counter() - start
    return tally


def _count(
    tally: AllFoursTally,
    state: allfours.GameState,
    way: tuple[str, int],
    awards: Sequence[allfours.PointsAwarded],
) -> None:
    kind, maker = way
    side = state.side_of(maker)
    ours = sum(a.points for a in awards if a.reason in COUNT_REASONS and a.side == side)
    theirs = sum(a.points for a in awards if a.reason in COUNT_REASONS and a.side != side)
    tally.counted += 1
    tally.hands_by_way[kind] += 1
    tally.maker_points[kind][0] += ours
    tally.maker_points[kind][1] += theirs
    tally.maker_ahead[kind] += ours > theirs


def _percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def report_allfours(rules: allfours.Ruleset, tallies: dict[str, AllFoursTally]) -> None:
    print(
        f"{'level':<7} {'hands':>6} {'stand':>6} {'beg':>6} {'give':>6} {'run':>6}  "
        "(stand/beg: of the elder's declarations; give/run: of the dealer's answers to a beg; "
        "run = beg refused)"
    )
    for level, t in tallies.items():
        d = t.decisions
        declared = d["stand"] + d["beg"]
        answered = d["give"] + d["run"]
        print(
            f"{level:<7} {t.hands:>6} {_percent(d['stand'], declared)} "
            f"{_percent(d['beg'], declared)}"
            f" {_percent(d['give'], answered)} {_percent(d['run'], answered)}"
            f"  ({declared} declarations, {answered} answers; {t.seconds:.0f} s)"
        )
    print(
        "points of the count per hand, maker : opponents (maker ahead), by how trumps were fixed "
        "(after a run: the elder's side : the dealer's)"
    )
    for level, t in tallies.items():
        cells = []
        for kind in ("stood", "given", "ran"):
            n = t.hands_by_way[kind]
            if not n:
                cells.append(f"{kind} -")
                continue
            ours, theirs = t.maker_points[kind]
            cells.append(
                f"{kind} {n:>4}: {ours / n:4.2f} : {theirs / n:4.2f} "
                f"({_percent(t.maker_ahead[kind], n).strip()})"
            )
        print(f"{level:<7} " + "   ".join(cells))


# --- KQJ ------------------------------------------------------------------------------------


@dataclass
class KqjTally:
    rounds: int = 0
    decisions: Counter[str] = field(default_factory=Counter)
    contracts: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    """Kind (or value band) -> [made, failed, litigation]."""
    counters: list[int] = field(default_factory=lambda: [0, 0])
    overcounters: list[int] = field(default_factory=lambda: [0, 0])
    capots: list[int] = field(default_factory=lambda: [0, 0])
    seconds: float = 0.0


def _band(value: int) -> str:
    if value < 120:
        return "80-110"
    if value < 140:
        return "120-130"
    if value < 160:
        return "140-150"
    if value < 200:
        return "160-190"
    return "200+"


def _kind(contract: str) -> str:
    return {"all": "all-trump", "none": "no-trump"}.get(contract, "suit")


def _kqj_level(
    rules: kqj.Ruleset, level: str, rounds: int, seed: int, budget: Budget | None
) -> KqjTally:
    tally = KqjTally()
    game_seed = seed
    start = time.perf_counter()
    while tally.rounds < rounds:
        state = kqj.new_game(rules, game_seed)
        rngs = [Random(f"bidding:{game_seed}:{seat}") for seat in range(6)]
        game_seed += 1
        contract: dict[str, Any] = {}
        while state.winner is None and tally.rounds < rounds:
            to_act = state.to_act
            assert to_act is not None
            acted = False
            if state.phase in (kqj.Phase.AUCTION, kqj.Phase.OVERCOUNTER):
                for k in range(1, 6):  # out of turn, in turn order from the seat to act
                    seat = (to_act + k) % 6
                    legal = kqj.legal_actions(state, seat)
                    if not legal:
                        continue
                    view = kqj.observe(state, seat)
                    action = kqj_players.interrupt(level, view, legal, rngs[seat], budget)
                    if action is not None:
                        state = _kqj_step(tally, state, seat, action, contract)
                        acted = True
                        break
            if acted:
                continue
            legal = kqj.legal_actions(state, to_act)
            view = kqj.observe(state, to_act)
            action = kqj_players.choose(level, view, legal, rngs[to_act], budget)
            phase = state.phase
            if len(legal) > 1:
                name = type(action).__name__.lower()
                if phase is kqj.Phase.FIRST_ROUND:
                    tally.decisions[f"first {name}"] += 1
                elif phase is kqj.Phase.SECOND_ROUND:
                    tally.decisions[f"second {name}"] += 1
                elif phase is kqj.Phase.AUCTION:
                    tally.decisions[f"auction {name}"] += 1
            state = _kqj_step(tally, state, to_act, action, contract)
    tally.seconds = time.perf_counter() - start
    return tally


def _kqj_step(
    tally: KqjTally, state: kqj.GameState, seat: int, action: Any, contract: dict[str, Any]
) -> kqj.GameState:
    phase = state.phase
    transition = kqj.apply(state, seat, action)
    for event in transition.events:
        match event:
            case kqj.Took(contract=text):
                first = phase is kqj.Phase.FIRST_ROUND
                contract.update(kind=f"{_kind(text)}{' (1st round)' if first else ''}", seat=seat)
            case kqj.AuctionEnded(declarer=who, value=value, contract=text, capot=capot):
                contract.update(kind=_kind(text), seat=who, value=value, capot=capot)
            case kqj.Countered():
                contract["countered"] = True
            case kqj.Overcountered():
                contract["overcountered"] = True
            case kqj.HandEnded() as summary:
                tally.rounds += 1
                _kqj_outcome(tally, state.rules, summary, contract)
                contract.clear()
            case _:
                pass
    return transition.state


def _kqj_outcome(
    tally: KqjTally, rules: kqj.Ruleset, summary: Any, contract: dict[str, Any]
) -> None:
    if "seat" not in contract:
        return
    seat = contract["seat"]
    team = next(t for t, seats in enumerate(summary.teams) if seat in seats)
    points = summary.round_points
    others = [p for t, p in enumerate(points) if t != team]
    if rules.auction:
        if contract["capot"]:
            made = summary.tricks[team] == 8
            tally.capots[0 if made else 1] += 1
            key = "capot"
        else:
            made = points[team] >= contract["value"]
            key = _band(contract["value"])
        outcome = 0 if made else 1
        tally.contracts[contract["kind"]][outcome] += 1
        tally.contracts[key][outcome] += 1
        if contract.get("countered"):
            tally.counters[1 - outcome] += 1  # a counter is made when the bid fails
        if contract.get("overcountered"):
            tally.overcounters[outcome] += 1
        return
    if points[team] > max(others):
        outcome = 0
    elif points[team] < max(others):
        outcome = 1
    else:
        outcome = 2
    tally.contracts[contract["kind"]][outcome] += 1


def report_kqj(rules: kqj.Ruleset, tallies: dict[str, KqjTally]) -> list[str]:
    """Print the tables; return the failures of the issue's bar."""
    failures: list[str] = []
    if rules.auction:
        print(f"{'level':<7} {'rounds':>6} {'bid':>6} {'pass':>6} {'capot':>6} {'counter':>7}")
        for level, t in tallies.items():
            d = t.decisions
            turns = sum(v for k, v in d.items() if k.startswith("auction"))
            print(
                f"{level:<7} {t.rounds:>6} {_percent(d['auction bid'], turns)} "
                f"{_percent(d['auction pass'], turns)} {_percent(d['auction capot'], turns)} "
                f"{_percent(d['auction counter'], turns):>7}  ({turns} auction decisions in turn; "
                f"{t.seconds:.0f} s)"
            )
    else:
        print(f"{'level':<7} {'rounds':>6} {'take 1st':>9} {'take 2nd':>9}")
        for level, t in tallies.items():
            d = t.decisions
            first = d["first take"] + d["first pass"]
            second = d["second take"] + d["second pass"]
            print(
                f"{level:<7} {t.rounds:>6} {_percent(d['first take'], first):>9} "
                f"{_percent(d['second take'], second):>9}  ({first} first-round and {second} "
                f"second-round decisions; {t.seconds:.0f} s)"
            )
    print("contracts: made / failed" + ("" if rules.auction else " / litigation") + " (made %)")
    for level, t in tallies.items():
        made = failed = 0
        cells = []
        for key in sorted(t.contracts):
            m, f, lit = t.contracts[key]
            if key in ("suit", "all-trump", "no-trump", "suit (1st round)") or not rules.auction:
                made += m
                failed += f
            tail = f" / {lit}" if not rules.auction else ""
            cells.append(f"{key} {m} / {f}{tail} ({_percent(m, m + f + lit).strip()})")
            if m + f + lit >= MIN_CELL and m < 0.4 * (m + f + lit):
                failures.append(f"{level} makes {key} contracts {_percent(m, m + f + lit)}")
        total = made + failed + sum(t.contracts[k][2] for k in t.contracts)
        print(
            f"{level:<7} all {made} / {failed} ({_percent(made, total).strip()});  "
            + ";  ".join(cells)
        )
        if level == "hard" and total and made < 0.6 * total:
            failures.append(f"hard makes {_percent(made, total).strip()} of its contracts (< 60%)")
    if rules.auction:
        print("counters made / failed, overcounters made / failed, capots made / failed")
        for level, t in tallies.items():
            c, o, k = t.counters, t.overcounters, t.capots
            print(
                f"{level:<7} counters {c[0]} / {c[1]}   overcounters {o[0]} / {o[1]}   "
                f"capots {k[0]} / {k[1]}"
            )
            countered = c[0] + c[1]
            if level == "hard" and countered and c[0] < 0.5 * countered:
                failures.append(
                    f"hard's counters succeed {_percent(c[0], countered).strip()} (< 50%)"
                )
    return failures


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=("allfours", "kqj"), required=True)
    parser.add_argument("--variant", choices=allfours.PRESET_NAMES, default="caribbean")
    parser.add_argument("--mode", choices=("3v3", "2v2v2"), default="3v3")
    parser.add_argument("--auction", action="store_true")
    parser.add_argument("--levels", nargs="+", default=None)
    parser.add_argument("--hands", type=int, default=2000, help="hands (KQJ: rounds) per level")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--simulations", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--playouts", choices=("guided", "random", "normal"))
    parser.add_argument("--inference", choices=("on", "off"))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    hard: Any
    for hard in (allfours_hard, kqj_hard):
        if args.playouts is not None:
            hard.PLAYOUTS = args.playouts
            if hard is kqj_hard:
                kqj_hard.CONTRACT_PLAYOUTS = args.playouts
        if args.inference is not None:
            hard.INFERENCE = args.inference == "on"
    hard = allfours_hard if args.family == "allfours" else kqj_hard
    for item in args.set:
        name, value = item.split("=", 1)
        setattr(hard, name, type(getattr(hard, name))(value))
    budget = None
    if args.simulations is not None or args.seconds is not None:
        budget = Budget(
            simulations=args.simulations or (10**9 if args.seconds else Budget().simulations),
            seconds=args.seconds,
            clock=time.perf_counter if args.seconds else None,
        )
    import engine

    compiled = len(engine.compiled_modules())
    print(f"command: python {shlex.join(['benchmarks/bidding.py', *argv])}")
    shown = budget or Budget()
    limit = f", at most {shown.seconds * 1000:.0f} ms" if shown.seconds is not None else ""
    print(
        f"engine: {f'{compiled} modules compiled' if compiled else 'pure Python'}; "
        f"hard's budget: {shown.simulations} play-outs per decision{limit}, play-outs "
        f"{allfours_hard.PLAYOUTS if args.family == 'allfours' else kqj_hard.PLAYOUTS}, inference "
        f"{'on' if (allfours_hard if args.family == 'allfours' else kqj_hard).INFERENCE else 'off'}"
        + "".join(f"; {item}" for item in args.set)
        + "; self-play"
    )
    failures: list[str] = []
    if args.family == "allfours":
        rules = allfours.preset(args.variant)
        levels = args.levels or list(allfours_players.LEVELS)
        print(f"allfours {rules.variant} ({rules.players} players), target {rules.target}")
        tallies = {
            level: _allfours_level(rules, level, args.hands, args.seed, budget) for level in levels
        }
        report_allfours(rules, tallies)
    else:
        kqj_rules = kqj.preset("kqj").replace(teams=args.mode, auction=args.auction)
        levels = args.levels or list(kqj_players.LEVELS)
        print(f"kqj {args.mode}{' auction' if args.auction else ''}, target {kqj_rules.target}")
        kqj_tallies = {
            level: _kqj_level(kqj_rules, level, args.hands, args.seed, budget) for level in levels
        }
        failures = report_kqj(kqj_rules, kqj_tallies)
    if args.family == "kqj":
        print("issue 21's bar: " + ("met" if not failures else "NOT met: " + "; ".join(failures)))


if __name__ == "__main__":
    main()
