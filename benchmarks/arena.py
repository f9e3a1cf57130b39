"""The arena: two computer-player levels play duplicate games against each other.

    python benchmarks/arena.py --family allfours --variant caribbean --a normal --b easy \\
        --games 400 [--target N] [--players N] [--partnerships] [--jobs 2] [--seed S]
    python benchmarks/arena.py --family kqj --mode 3v3|2v2v2|random [--auction] --a normal \\
        --b easy --games 400 --target 500
    python benchmarks/arena.py --family allfours --a hard --b hard --b-engine ../frozen-c6fda7c \\
        --games 400 --simulations 600 --seconds 0.25

**Duplicate games.** Every deal (a game seed: ``new_game(rules, seed)`` shuffles each deal
from the seed and the deal number only) is played once per *seating*, and the seatings give
both levels the same cards, so card luck cancels out:

- two sides (Caribbean, two-player English / Seven Up, four players in partnerships, KQJ
  3v3): the game is played twice, level A on side 0 and B on side 1, then the other way round;
- three or four individual sides, or KQJ 2v2v2: every way of giving the sides to the two
  levels in which both play (6 seatings for three sides, 14 for four), so each level holds each
  side's cards equally often and as often alone as with an ally of its own level;
- KQJ random partners (six individuals, teams drawn each round): the six rotations of
  ``A A A B B B`` around the table, so each seat is played three times by each level.

A game goes on until a side wins, so later deals of the two copies can differ once the
players have chosen differently; the first deal is always the same, and every later deal is
drawn from the same seed and deal number.

**Counting.** A game won by a side counts one win for the level that played that side. A KQJ
game that ends in a shared win (several sides level on the highest total, RULES.md §5.9) is
split equally between the winning sides: a win shared by a side of each level is half a game
to each; shared by two sides of the same level, it is a whole game to that level. ``--games``
is the number of games played in all, rounded up to whole deals (all seatings of a deal).

**Figures.** Games won by each level with a 95% Wilson confidence interval; points per hand
(All Fours points; KQJ victory points per round) scored by each side a level played, averaged
over every side and game; the time of every decision (``time.perf_counter`` around the
level's ``choose`` / ``interrupt`` call alone, not the engine's ``observe``) as p50 / p95 /
max per level; with ``--habits`` some counts of telling habits (All Fours: also the points
each level scored by reason, ``points high`` ... ``points gift``, where a margin comes from).
``--jobs`` spreads deals over
processes (the engine is pure, results do not depend on it; timings do, on a busy machine).

**Against another checkout** (``--a-engine PATH`` / ``--b-engine PATH``): that level is played
by the engine of the checkout at ``PATH`` — another commit of this project, such as a frozen
copy of an earlier ``hard`` — in a worker process of its own (``engine_worker.py``: the two
engines never share a process), which rebuilds each state from its JSON and answers with the
action's code. To make one from a commit, with its own compiled build::

    mkdir ../frozen-c6fda7c && git archive c6fda7c | tar -x -C ../frozen-c6fda7c
    echo c6fda7c > ../frozen-c6fda7c/COMMIT
    (cd ../frozen-c6fda7c && python scripts/compile_engine.py)

Its decision times are measured inside the worker, around the level's call alone, like the
others; the level is reported as ``hard@<commit>``. The worker only needs the engine of that
checkout (and this Python), so it works on any machine given the path.

**Margins.** Besides games won, the points a level's sides score per hand minus the other
level's, averaged over the seatings of each deal, with a 95% interval over deals (a finer
measure than games won for the same games); ``--margins FILE`` writes them deal by deal, so
that ``benchmarks/paired.py`` can compare two runs on the same deals. With ``--first-hand``
only the first hand (KQJ: round) of each game is played, from the start: every seating then
plays exactly the same cards, and the margin in points is the measure (games won mean
nothing there). In All Fours of two sides the first hands' margin is also split by the side A
holds, the first dealer's or the other: each includes what that side's place is worth (the
dealer's kicks, the elder's lead), which the same level against itself on the same deals
measures, so a role where A's edge is thin shows against that.

**The end of a game** (All Fours, ``--scores 10,10``): every game starts from these scores,
with the cards and the dealer of its seed's first deal, so the games are short and decided by
the race to the target. First hands never see what the score changes (a beg that a gift
would answer with the game, a kick worth the game), and games won are the measure there.

**The value of information** (``--peek WHEN``): level A's ``hard`` searches the true deal
instead of its sampled worlds (only the undealt stock is still shuffled: All Fours' later runs
of the pack, KQJ's completion under the Return stay unknown) at the decisions ``WHEN`` names:
``all``, ``bidding`` (before trick play: KQJ's contract too), ``play``, ``first-tricks``
(the first three tricks) or ``last-tricks`` (the rest). The margin it gains over the same
level without it is what knowing the hidden cards there is worth: the ceiling of what
inference (``players.hard.INFERENCE``) can give. The search is otherwise the level's own
(``players.hard.decision``, its options, play-outs and prior); a KQJ counter or overcounter
out of turn is searched as usual.

**The search budget** of level ``hard``: ``--simulations N`` play-outs per decision (default:
``engine.search.DEFAULT_SIMULATIONS``), so results are reproducible
(``--a-simulations`` / ``--b-simulations`` give one level another count, such as the
play-outs it has at a table, ``players.hard.TABLE_SIMULATIONS``: 3000 in KQJ); for
decision times as the bot sees them add ``--seconds S`` (a time limit read from
``time.perf_counter``, as the bot passes it) and run with ``--jobs 1``.
"""

from __future__ import annotations

import argparse
import atexit
import itertools
import json
import math
import multiprocessing
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import Z95, interval, write_margins

from engine import allfours, kqj
from engine.allfours import players as allfours_players
from engine.allfours.players import hard as allfours_hard
from engine.cards import card_at
from engine.kqj import players as kqj_players
from engine.kqj.players import hard as kqj_hard
from engine.kqj.players.playout import World
from engine.search import Budget, Problem


@dataclass(frozen=True)
class Setup:
    """What is played: a family, its ruleset, the two levels and the deal seeds."""

    family: str
    rules: Any
    a: str
    b: str
    seed: int
    habits: bool
    budget: Budget | None = None
    engines: tuple[str | None, str | None] = (None, None)
    """For each level, the checkout whose engine plays it (``None``: this one)."""
    playouts: str | None = None
    """This checkout's ``hard`` play-out policy (``None``: the level's own)."""
    inference: bool | None = None
    """Whether this checkout's ``hard`` weighs its worlds by inference (``None``: its own)."""
    first_hand: bool = False
    """Play only the first hand of each game (``--first-hand``)."""
    settings: tuple[tuple[str, str], ...] = ()
    """Settings of this checkout's ``hard`` (``--set NAME=VALUE``)."""
    simulations: tuple[int | None, int | None] = (None, None)
    """Play-outs per decision of each level where it differs from ``budget``'s
    (``--a-simulations`` / ``--b-simulations``: each checkout's ``hard`` as it ships)."""
    scores: tuple[int, ...] | None = None
    """All Fours: the scores every game starts from (``--scores``; ``None``: 0 each)."""
    peek: str | None = None
    """The decisions at which level A's ``hard`` searches the true deal (``--peek``;
    ``None``: none)."""

    def budget_of(self, who: int) -> Budget | None:
        """The search budget of level A (0) or B (1)."""
        simulations = self.simulations[who]
        if simulations is None:
            return self.budget
        base = self.budget or Budget()
        return Budget(simulations=simulations, seconds=base.seconds, clock=base.clock)


@dataclass
class Tally:
    """Results of some games, for both levels (index 0 is level A, 1 is level B)."""

    games: int = 0
    wins: list[float] = field(default_factory=lambda: [0.0, 0.0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    side_hands: list[int] = field(default_factory=lambda: [0, 0])
    times: list[list[float]] = field(default_factory=lambda: [[], []])
    habits: list[Counter[str]] = field(default_factory=lambda: [Counter(), Counter()])
    margins: list[float] = field(default_factory=list)
    """For each deal, A's points per hand minus B's, averaged over its seatings."""
    roles: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """All Fours with two sides: for each deal, A's margin in the seating where it holds the
    side of the first deal's dealer (0), and in the one where it holds the other side (1)."""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.margins.extend(other.margins)
        for mine, theirs in zip(self.roles, other.roles, strict=True):
            mine.extend(theirs)
        for i in (0, 1):
            self.wins[i] += other.wins[i]
            self.points[i] += other.points[i]
            self.side_hands[i] += other.side_hands[i]
            self.times[i].extend(other.times[i])
            self.habits[i].update(other.habits[i])


def seatings(family: str, rules: Any) -> list[tuple[int, ...]]:
    """Which level (0 = A, 1 = B) plays each side, for every seating of one deal."""
    if family == "kqj" and rules.random_partners:
        pattern = (0, 0, 0, 1, 1, 1)
        return [pattern[k:] + pattern[:k] for k in range(6)]
    sides = rules.sides if family == "allfours" else rules.team_count
    return [
        levels for levels in itertools.product((0, 1), repeat=sides) if 0 in levels and 1 in levels
    ]


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = p + Z95**2 / (2 * games)
    margin = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games * games))
    return (centre - margin) / denominator, (centre + margin) / denominator


# --- one game -----------------------------------------------------------------------------------


class EngineWorker:
    """A level played by another checkout's engine, in a process of its own
    (``engine_worker.py``), asked one decision at a time."""

    def __init__(self, root: str) -> None:
        script = Path(__file__).resolve().parent / "engine_worker.py"
        self.process = subprocess.Popen(
            [sys.executable, str(script), root],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        hello = json.loads(self._read())
        self.commit: str = hello["commit"]
        self.compiled: int = len(hello["compiled"])
        atexit.register(self.close)

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the engine worker stopped (see its error above)")
        return line

    def ask(self, request: dict[str, Any]) -> tuple[str | None, float]:
        """The action code the worker's level chooses, and the seconds it took."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        answer = json.loads(self._read())
        return answer["action"], answer["seconds"]

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait()


_WORKERS: dict[str, EngineWorker] = {}


def engine_worker(root: str) -> EngineWorker:
    """The worker for ``root`` in this process, started on first use."""
    worker = _WORKERS.get(root)
    if worker is None:
        worker = _WORKERS[root] = EngineWorker(root)
    return worker


def _decide(
    setup: Setup, tally: Tally, who: int, call: str, state: Any, seat: int, legal: Any, rng: Any
) -> Any:
    """The decision of level ``who`` for ``seat`` (``call``: ``choose`` or ``interrupt``), by
    this engine or by the checkout that plays that level; its time goes to the tally."""
    family = allfours if setup.family == "allfours" else kqj
    level = (setup.a, setup.b)[who]
    root = setup.engines[who]
    if (
        root is None
        and who == 0
        and call == "choose"
        and len(legal) > 1
        and peeks(setup.peek, state)
    ):
        view = family.observe(state, seat)
        start = time.perf_counter()
        hard: Any = allfours_hard if setup.family == "allfours" else kqj_hard
        problem = hard.decision(view, legal, rng)
        sample_world = _true_deal(state)
        if setup.family == "kqj":
            sample_world = _true_kqj_world(state, problem.sample_world)
        truth = Problem(
            problem.options, sample_world, problem.evaluate, problem.prefer, problem.prefer_z
        )
        action = truth.solve(rng, setup.budget_of(who) or Budget()).best
        tally.times[who].append(time.perf_counter() - start)
        return action
    if root is None:
        players: Any = allfours_players if setup.family == "allfours" else kqj_players
        decide = players.interrupt if call == "interrupt" else players.choose
        view = family.observe(state, seat)
        start = time.perf_counter()
        action = decide(level, view, legal, rng, setup.budget_of(who))
        tally.times[who].append(time.perf_counter() - start)
        return action
    budget = setup.budget_of(who)
    request = {
        "family": setup.family,
        "call": call,
        "level": level,
        "state": family.dump(state),
        "seat": seat,
        "seed": rng.getrandbits(64),
        "simulations": budget.simulations if budget is not None else None,
        "seconds": budget.seconds if budget is not None else None,
    }
    code, seconds = engine_worker(root).ask(request)
    tally.times[who].append(seconds)
    return family.decode_action(code) if code is not None else None


PEEKS = ("all", "bidding", "play", "first-tricks", "last-tricks")
"""The choices of ``--peek``: the decisions at which level A's ``hard`` sees the true deal."""


def peeks(when: str | None, state: Any) -> bool:
    """Whether ``--peek when`` lets level A search the true deal of ``state`` (either family:
    ``bidding`` is every decision before trick play, the contract's in KQJ).

    >>> state = allfours.new_game(allfours.preset("seven-up"), seed=1)
    >>> [peeks(when, state) for when in (None, "all", "bidding", "play", "first-tricks")]
    [False, True, True, False, False]
    """
    if when is None:
        return False
    if when == "all":
        return True
    if state.phase not in (allfours.Phase.PLAY, kqj.Phase.PLAY):
        return when == "bidding"
    tricks: int = state.tricks_played
    if when == "first-tricks":
        return tricks < PEEK_TRICKS
    if when == "last-tricks":
        return tricks >= PEEK_TRICKS
    return when == "play"


PEEK_TRICKS = 3
"""Where ``--peek first-tricks`` ends and ``--peek last-tricks`` begins."""


def _true_deal(state: Any) -> Any:
    """The worlds of ``--peek``: the true deal, its undealt stock shuffled before trick play
    (All Fours: which cards later runs of the pack bring stays unknown; KQJ: the completion
    under the Return), as each family's ``simulate.sample`` has it."""
    kqj_deal = isinstance(state, kqj.GameState)

    def sample_world(rng: random.Random) -> Any:
        world = state.clone()
        if kqj_deal:
            if world.phase is not kqj.Phase.PLAY and len(world.stock) > 1:
                rest = list(world.stock[1:])
                rng.shuffle(rest)
                world.stock = (world.stock[0], *rest)
        elif world.phase is not allfours.Phase.PLAY:
            rest = list(world.stock[world.stock_pos :])
            rng.shuffle(rest)
            world.stock = world.stock[: world.stock_pos] + tuple(rest)
        return world

    return sample_world


def _true_kqj_world(state: kqj.GameState, sampled: Any) -> Any:
    """KQJ's worlds of ``--peek``: each of the search's own worlds (``sampled``: its play-out
    settings) with the true deal in place of the sampled one."""
    true_deal = _true_deal(state)

    def sample_world(rng: random.Random) -> World:
        world = sampled(rng)
        return World(true_deal(rng), world.playouts, world.explore, world.take_first)

    return sample_world


def _play_allfours(setup: Setup, seed: int, levels: tuple[int, ...], tally: Tally) -> None:
    rules = setup.rules
    state = allfours.new_game(rules, seed)
    if setup.scores is not None:
        state = from_scores(state, setup.scores)
    rngs = [random.Random(f"arena:{seed}:{levels}:{seat}") for seat in range(rules.players)]
    trick: list[tuple[int, Any]] = []
    scores = state.scores
    while state.winner is None:
        seat = state.to_act
        assert seat is not None
        who = levels[state.side_of(seat)]
        legal = allfours.legal_actions(state, seat)
        action = _decide(setup, tally, who, "choose", state, seat, legal, rngs[seat])
        transition = allfours.apply(state, seat, action)
        if setup.habits:
            _allfours_habits(state, seat, action, transition.events, levels, tally, trick)
        state = transition.state
        scores = state.scores
        ended = [e for e in transition.events if isinstance(e, allfours.HandEnded)]
        if setup.first_hand and ended:
            scores = ended[0].scores  # before the next deal's kick
            break
    winner = state.winner
    if winner is not None:
        tally.wins[levels[winner]] += 1
    hands = 1 if setup.first_hand else state.hand_number
    start = setup.scores or (0,) * rules.sides
    for side, points in enumerate(scores):
        tally.points[levels[side]] += points - start[side]
        tally.side_hands[levels[side]] += hands


def from_scores(state: allfours.GameState, scores: Sequence[int]) -> allfours.GameState:
    """The first deal of the game ``state`` begins, the same cards and dealer, and the same
    later deals, started from ``scores`` (``--scores``: the end of a game, where the race to
    the target decides, played in duplicate like the first hands)."""
    return allfours.deal(
        state.rules,
        dealer=state.dealer,
        hands=[state.hand(seat) for seat in range(state.players)],
        stock=[card_at(index) for index in state.stock],
        scores=scores,
        seed=state.seed,
    )


def _allfours_habits(
    state: allfours.GameState,
    seat: int,
    action: allfours.Action,
    events: Sequence[Any],
    levels: tuple[int, ...],
    tally: Tally,
    trick: list[tuple[int, Any]],
) -> None:
    """Counts of the habits the issue measured: stands and begs, the dealer's answer, tens
    thrown into tricks the other side takes, jacks hanged and jacks hanged by the level, and
    the points each level scored by reason (``points high``, ``points gift``...)."""
    who = levels[state.side_of(seat)]
    counts = tally.habits[who]
    match action:
        case allfours.Stand():
            counts["stand/accept"] += 1
        case allfours.Beg():
            counts["beg/refuse"] += 1
        case allfours.TakeOne():
            counts["take one"] += 1
        case allfours.RunPack():
            counts["run the pack"] += 1
        case _:
            pass
    for event in events:
        if isinstance(event, allfours.CardPlayed):
            trick.append((event.seat, event.card))
        elif isinstance(event, allfours.TrickWon):
            taker = state.side_of(event.seat)
            for player, card in trick:
                if card.rank == "T" and state.side_of(player) != taker:
                    tally.habits[levels[state.side_of(player)]]["tens lost"] += 1
                if card.rank == "T":
                    tally.habits[levels[state.side_of(player)]]["tens played"] += 1
            trick.clear()
        elif isinstance(event, allfours.PointsAwarded):
            # where each level's points come from: the count, gifts, kicks
            tally.habits[levels[event.side]][f"points {event.reason}"] += event.points
            if event.reason == "hang_jack":
                tally.habits[levels[event.side]]["hanged a jack"] += 1
                tally.habits[1 - levels[event.side]]["jack hanged"] += 1


def _play_kqj(setup: Setup, seed: int, levels: tuple[int, ...], tally: Tally) -> None:
    rules = setup.rules
    state = kqj.new_game(rules, seed)
    rngs = [random.Random(f"arena:{seed}:{levels}:{seat}") for seat in range(6)]

    def level_of(seat: int) -> int:
        # Fixed teams: a level plays a team; random partners: a level plays a seat.
        return levels[seat if rules.random_partners else state.side_of(seat)]

    while state.winner is None and not (setup.first_hand and state.hand_number > 1):
        to_act = state.to_act
        assert to_act is not None
        interrupted = False
        if state.phase in (kqj.Phase.AUCTION, kqj.Phase.OVERCOUNTER):
            for k in range(1, 6):
                seat = (to_act + k) % 6
                legal = kqj.legal_actions(state, seat)
                if not legal:
                    continue
                who = level_of(seat)
                action = _decide(setup, tally, who, "interrupt", state, seat, legal, rngs[seat])
                if action is not None:
                    state = kqj.apply(state, seat, action).state
                    interrupted = True
                    break
        if interrupted:
            continue
        who = level_of(to_act)
        legal = kqj.legal_actions(state, to_act)
        action = _decide(setup, tally, who, "choose", state, to_act, legal, rngs[to_act])
        if setup.habits:
            _kqj_habits(state, to_act, action, who, tally)
        state = kqj.apply(state, to_act, action).state
    winners = state.winner if isinstance(state.winner, tuple) else (state.winner,)
    for side in winners:
        if side is not None:
            tally.wins[levels[side]] += 1 / len(winners)
    hands = 1 if setup.first_hand else state.round_number
    for side, points in enumerate(state.scores):
        tally.points[levels[side]] += points
        tally.side_hands[levels[side]] += hands


def _kqj_habits(state: kqj.GameState, seat: int, action: Any, who: int, tally: Tally) -> None:
    counts = tally.habits[who]
    phase = state.phase.value
    counts[f"{phase}: {type(action).__name__.lower()}"] += 1


def play_deal(setup: Setup, deal: int) -> Tally:
    """Every seating of one deal."""
    _configure(setup)
    tally = Tally()
    seed = setup.seed + deal
    play = _play_allfours if setup.family == "allfours" else _play_kqj
    margins = []
    dealer_side = _dealer_side(setup, seed)
    for levels in seatings(setup.family, setup.rules):
        points, hands = tally.points[:], tally.side_hands[:]
        play(setup, seed, levels, tally)
        tally.games += 1
        per_hand = [
            (tally.points[i] - points[i]) / max(tally.side_hands[i] - hands[i], 1) for i in (0, 1)
        ]
        margins.append(per_hand[0] - per_hand[1])
        if dealer_side is not None:
            tally.roles[0 if levels[dealer_side] == 0 else 1].append(per_hand[0] - per_hand[1])
    tally.margins.append(sum(margins) / len(margins))
    return tally


def _dealer_side(setup: Setup, seed: int) -> int | None:
    """The side of the first deal's dealer in a two-sided All Fours game (``None`` otherwise)."""
    if setup.family != "allfours" or setup.rules.sides != 2:
        return None
    state = allfours.new_game(setup.rules, seed)
    return state.side_of(state.dealer)


def _configure(setup: Setup) -> None:
    """Set this checkout's ``hard`` as ``--playouts`` / ``--inference`` ask (in every
    process that plays deals)."""
    if setup.playouts is not None:
        allfours_hard.PLAYOUTS = kqj_hard.PLAYOUTS = setup.playouts
        kqj_hard.CONTRACT_PLAYOUTS = setup.playouts
    if setup.inference is not None:
        allfours_hard.INFERENCE = kqj_hard.INFERENCE = setup.inference
    hard: Any = allfours_hard if setup.family == "allfours" else kqj_hard
    for name, value in setup.settings:
        if not hasattr(hard, name):
            raise SystemExit(f"hard has no setting {name}")
        setattr(hard, name, type(getattr(hard, name))(value))


def _play_deal_star(job: tuple[Setup, int]) -> Tally:
    return play_deal(*job)


# --- the command line ---------------------------------------------------------------------------


def _ruleset(args: argparse.Namespace) -> Any:
    rules: Any
    if args.family == "allfours":
        rules = allfours.preset(args.variant)
        if args.players is not None:
            changes: dict[str, Any] = {"players": args.players}
            if args.partnerships:
                changes["partnerships"] = True
            rules = rules.replace(**changes)
    else:
        rules = kqj.preset("kqj").replace(
            teams="2v2v2" if args.mode == "2v2v2" else "3v3",
            random_partners=args.mode == "random",
            auction=args.auction,
        )
    if args.target is not None:
        rules = rules.replace(target=args.target)
    return rules


def _commit() -> str:
    root = Path(__file__).resolve().parent.parent
    marker = root / "COMMIT"  # an exported copy (git archive) names its commit there
    if marker.exists() and not (root / ".git").exists():
        return f"{marker.read_text().strip()} (exported copy)"
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return f"{head}{' (with uncommitted changes)' if dirty else ''}" if head else "unknown"


def _engine_build() -> str:
    import engine

    compiled = len(engine.compiled_modules())
    return f"{compiled} modules compiled" if compiled else "pure Python"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(setup: Setup, tally: Tally, deals: int, per_deal: int, argv: Sequence[str]) -> None:
    rules = setup.rules
    what = (
        f"allfours {rules.variant} ({rules.players} players, {rules.sides} sides)"
        if setup.family == "allfours"
        else f"kqj {'random partners' if rules.random_partners else rules.teams}"
        f"{' auction' if rules.auction else ''}"
    )
    print(f"command: python {shlex.join(['benchmarks/arena.py', *argv])}")
    print(f"commit: {_commit()}; python {sys.version.split()[0]}")
    print(
        f"{what}, target {rules.target}: {setup.a} (A) vs {setup.b} (B), {tally.games} games "
        f"({deals} deals x {per_deal} seatings), seeds {setup.seed}..{setup.seed + deals - 1}"
        + (f", from scores {'-'.join(map(str, setup.scores))}" if setup.scores else "")
    )
    hard: Any = allfours_hard if setup.family == "allfours" else kqj_hard
    budget = setup.budget or Budget()
    limit = f", at most {budget.seconds * 1000:.0f} ms" if budget.seconds is not None else ""
    print(
        f"search budget (hard): {budget.simulations} play-outs per decision{limit}; "
        f"play-outs: {hard.PLAYOUTS}; inference: {'on' if hard.INFERENCE else 'off'}"
        + "".join(f"; {name}={value}" for name, value in setup.settings)
        + "".join(
            f"; level {'AB'[who]}: {simulations} play-outs"
            for who, simulations in enumerate(setup.simulations)
            if simulations is not None
        )
        + (f"; level A sees the true deal: {setup.peek}" if setup.peek else "")
    )
    print(f"engine: {_engine_build()}")
    names = [setup.a, setup.b]
    for i, root in enumerate(setup.engines):
        if root is not None:
            worker = engine_worker(root)
            names[i] = f"{names[i]}@{worker.commit}"
            print(
                f"  {'AB'[i]} {names[i]} played by the engine at {root} ({worker.compiled} "
                "modules compiled)"
            )
    unit = "hand" if setup.family == "allfours" else "round"
    for i, name in enumerate(names):
        low, high = wilson(tally.wins[i], tally.games)
        share = tally.wins[i] / tally.games if tally.games else 0.0
        per_hand = tally.points[i] / tally.side_hands[i] if tally.side_hands[i] else 0.0
        print(
            f"  {'AB'[i]} {name:<8} games won {tally.wins[i]:7.1f}/{tally.games} = "
            f"{100 * share:5.1f}%  95% CI [{100 * low:5.1f}%, {100 * high:5.1f}%]  "
            f"points per {unit} per side {per_hand:6.2f}"
        )
    if tally.margins:
        print(f"  margin A - B, points per {unit} per side: {interval(tally.margins)} deals")
    if setup.first_hand and all(tally.roles):
        print(
            f"    A holding the dealer's side: {interval(tally.roles[0])} deals; "
            f"the other side: {interval(tally.roles[1])} deals"
        )
    for i, name in enumerate(names):
        times = tally.times[i]
        print(
            f"  {'AB'[i]} {name:<8} decision time ms: p50 {1000 * statistics.median(times):7.3f}  "
            f"p95 {1000 * _percentile(times, 0.95):7.3f}  max {1000 * max(times):7.3f}  "
            f"({len(times)} decisions)"
        )
    if setup.habits:
        for i, name in enumerate(names):
            counts = ", ".join(f"{k} {v}" for k, v in sorted(tally.habits[i].items()))
            print(f"  {'AB'[i]} {name:<8} habits: {counts}")


def _scores(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Any
) -> tuple[int, ...] | None:
    """``--scores`` read and checked against ``rules`` (``None`` when not given)."""
    if args.scores is None:
        return None
    if args.family != "allfours":
        parser.error("--scores is for All Fours")
    try:
        scores = tuple(int(part) for part in args.scores.split(","))
    except ValueError:
        parser.error(f"--scores takes whole numbers separated by commas, not {args.scores!r}")
    if len(scores) != rules.sides or not all(0 <= s < rules.target for s in scores):
        parser.error(f"--scores needs {rules.sides} scores, each from 0 to {rules.target - 1}")
    return scores


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=("allfours", "kqj"), required=True)
    parser.add_argument("--variant", choices=allfours.PRESET_NAMES, default="caribbean")
    parser.add_argument("--players", type=int, help="All Fours: 3 or 4 players (English, Seven Up)")
    parser.add_argument("--partnerships", action="store_true", help="All Fours, four players")
    parser.add_argument("--mode", choices=("3v3", "2v2v2", "random"), default="3v3")
    parser.add_argument("--auction", action="store_true", help="KQJ: the auction game")
    parser.add_argument("--a", required=True, help="level A")
    parser.add_argument("--b", required=True, help="level B")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--target", type=int)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--habits", action="store_true", help="count telling habits")
    parser.add_argument(
        "--margins",
        metavar="FILE",
        help="write each deal's margin to FILE as 'seed margin' lines, for benchmarks/paired.py",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="hard: set a module setting of this checkout's level (CARD_PREFER_Z=0.5, "
        "players/hard.py of the family), for measuring",
    )
    parser.add_argument(
        "--first-hand",
        action="store_true",
        help="play only the first hand (KQJ: round) of each game: wholly duplicate deals, "
        "for the margin in points",
    )
    parser.add_argument(
        "--scores",
        help="All Fours: the scores every game starts from, one per side (e.g. 10,10: the end "
        "of a game, where the race to the target decides)",
    )
    parser.add_argument(
        "--peek",
        choices=PEEKS,
        help="level A's hard searches the true deal at these decisions (the value "
        "of knowing the hidden cards, the ceiling of inference)",
    )
    parser.add_argument(
        "--playouts",
        choices=("guided", "random", "normal"),
        help="hard: how this checkout's play-outs play the tricks (default: the level's own, "
        "players.hard.PLAYOUTS)",
    )
    parser.add_argument(
        "--inference",
        choices=("on", "off"),
        help="hard: whether this checkout's search weighs its worlds by inference (default: "
        "the level's own, players.hard.INFERENCE)",
    )
    parser.add_argument(
        "--a-engine", metavar="PATH", help="play level A with the engine of the checkout at PATH"
    )
    parser.add_argument(
        "--b-engine", metavar="PATH", help="play level B with the engine of the checkout at PATH"
    )
    parser.add_argument(
        "--simulations", type=int, help="hard: play-outs per decision (default: the level's)"
    )
    for side in "ab":
        parser.add_argument(
            f"--{side}-simulations",
            type=int,
            metavar="N",
            help=f"hard: play-outs per decision of level {side.upper()} alone (default: "
            "--simulations), e.g. each checkout's own default as it ships",
        )
    parser.add_argument(
        "--seconds",
        type=float,
        help="hard: a time budget per decision read from time.perf_counter (results then "
        "depend on the machine's speed and load: for measuring decision times)",
    )
    args = parser.parse_args(argv)
    levels = allfours_players.LEVELS if args.family == "allfours" else kqj_players.LEVELS
    for level, root in ((args.a, args.a_engine), (args.b, args.b_engine)):
        if root is None and level not in levels:
            parser.error(f"unknown level {level!r}; {args.family} has {', '.join(levels)}")
        if root is not None and not (Path(root) / "engine" / "__init__.py").exists():
            parser.error(f"{root} is not a checkout of this project (no engine/ there)")
    if args.peek is not None and (args.a != "hard" or args.a_engine):
        parser.error("--peek is for level A's hard of this checkout")
    engines = (
        str(Path(args.a_engine).resolve()) if args.a_engine else None,
        str(Path(args.b_engine).resolve()) if args.b_engine else None,
    )
    budget = None
    if args.simulations is not None or args.seconds is not None:
        budget = Budget(
            simulations=args.simulations or (10**9 if args.seconds else Budget().simulations),
            seconds=args.seconds,
            clock=time.perf_counter if args.seconds else None,
        )
    rules = _ruleset(args)
    setup = Setup(
        args.family,
        rules,
        args.a,
        args.b,
        args.seed,
        args.habits,
        budget,
        engines,
        args.playouts,
        None if args.inference is None else args.inference == "on",
        args.first_hand,
        tuple(tuple(item.split("=", 1)) for item in args.set),
        (args.a_simulations, args.b_simulations),
        _scores(parser, args, rules),
        args.peek,
    )
    _configure(setup)
    per_deal = len(seatings(setup.family, setup.rules))
    deals = max(1, -(-args.games // per_deal))
    tally = Tally()
    jobs = [(setup, deal) for deal in range(deals)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for part in pool.imap(_play_deal_star, jobs, chunksize=4):
                tally.add(part)
    else:
        for job in jobs:
            tally.add(_play_deal_star(job))
    report(setup, tally, deals, per_deal, argv)
    if args.margins:
        write_margins(args.margins, setup.seed, tally.margins)


if __name__ == "__main__":
    main()
