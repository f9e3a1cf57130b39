"""Level ``hard`` for All Fours: determinized search (``engine.search``) over the simulation path.

Every decision of every phase — stand or beg, take one or run the pack, accept or refuse,
each discard, each card — is searched the same way:

1. **Worlds.** ``simulate.sample_likely(view, rng)`` deals the cards the seat cannot see
   among the deals that agree with everything it knows — hand and discard sizes, the cards
   turned and played, the suits players showed out of (§1.3) — in proportion to how likely
   the players' stands, begs, gifts, runs, refusals, discards and the tricks they let go
   were with those hands (inference, the opponent model of ``opponents``); before trumps are
   fixed the undealt stock is shuffled too, so the runs and kicks a beg may bring are random
   (§2.3-§2.4, §3.3, §4.1). ``INFERENCE`` off: uniformly (``simulate.sample``).
2. **Play-outs.** In each world every legal action is applied (``apply``) and the hand is
   played to its end: the decisions left before trick play (the dealer's answer to a beg,
   the round of acceptance after a run) by level ``normal``, the discards by ``easy``, the
   tricks by ``rollout``'s light policy (``simulate.guided_playout``: a partner's safe trick
   gets the ten, the jack is saved, a master trump hunts it; one card in ten at random;
   with two players the last ``EXACT_CARDS`` cards by exact play, ``endgame``).
   ``PLAYOUTS`` says which: chosen by measurement against random play-outs and ``normal``'s
   cards at the same budget (``benchmarks/arena.py --playouts``). Other answers of the
   dealer in the play-outs did not pay, in 1000 duplicate first hands against the hard of
   c6fda7c at 600 play-outs (``--first-hand --seed 1500``). Drawn from the give curve of
   ``opponents.CURVES``: Caribbean +0.182 points a hand [+0.125, +0.240] against +0.176
   [+0.120, +0.232], Seven Up +0.077 [+0.033, +0.122] against +0.132 [+0.093, +0.170] with
   583 begs, not 371. The answer that plays out best in each world: in Seven Up, 202 begs
   and a change of -0.011 [-0.044, +0.023] deal by deal (``benchmarks/paired.py``).
3. **Scoring.** The end of the hand is scored as the chance of winning the game
   (``engine.search.race_chances``): High, Low, Jack, hang jack, Game and kicks count through
   the scores they leave, and a point that reaches the target is worth the game.
4. **Choice.** Options are compared in common worlds and dropped once clearly worse
   (``engine.search``). ``normal``'s choice stands unless another option beats it with some
   confidence (``CARD_PREFER_Z`` for a card, ``BID_PREFER_Z`` before the tricks):
   play-outs see the trick at hand and the count, ``normal``'s card counting sees what they
   blur (a master card kept, a ten still to place).

Each world's play-outs let the searching seat play its later cards knowing every hand (the flaw
of determinized search called strategy fusion). Two searches that make those cards one choice per
public history, across the worlds, were measured on the cards of trick play and did not pay,
in 1000 duplicate first hands of Seven Up against the hard of c6fda7c at 600 play-outs
(``benchmarks/arena.py --variant seven-up --first-hand --seed 1500``), where this search
gives +0.132 points a hand [+0.093, +0.170]:

- a single-observer information-set search (as OpenSpiel's ISMCTS) over the seat's own cards,
  with UCB1 at every node (exploration 0.15) and the other seats playing the play-outs' policy
  in each world: +0.066 [+0.029, +0.103], its decisions p50 104 ms (c6fda7c in the same games:
  26 ms). It gives up the paired comparison of options in common worlds at the root;
- this search at the root, with a bandit per public history for the seat's later cards once a
  history was seen 16 times: +0.129 [+0.091, +0.166], p50 39 ms (c6fda7c: 27 ms).

In a game of four, such searches have next to nothing to learn from, as the other three hands'
cards between two of the seat's rarely come again. With all the play-outs of a decision given to
the card chosen, the seat's later cards with a choice met an information state reached before in
the same search 10.6% of the time, one reached 16 times 4.7% (Caribbean, 600 play-outs; 3000, on
4 hands: 14.9%, 6.6%; Seven Up: 51.6%, 19.2%; ``benchmarks/information_states.py``, 12 first
hands of ``hard``). Choices shared across states would need a learnt or coarser key.

What knowing the hidden cards would be worth, the ceiling of what inference can give, was
measured by letting this search play in the true deal instead of its worlds at some decisions
(``benchmarks/arena.py --peek WHEN``: only the undealt stock is still shuffled), in 1000
duplicate first hands against the hard of c6fda7c at 600 play-outs (``--first-hand --seed
1500``, the same deals each time; on the machine of the earlier figures above, the same engine
gave +0.132 in Seven Up where this one gives +0.149). Margins in points a hand, Seven Up then
Caribbean:

- worlds dealt uniformly (``--inference off``): +0.105 [+0.055, +0.155]; +0.108 [+0.027, +0.189];
- worlds inferred, as this search deals them: +0.149 [+0.093, +0.205]; +0.180 [+0.095, +0.265];
- the true deal in the first three tricks: +0.279 [+0.222, +0.336]; +0.374 [+0.293, +0.455];
- in the later tricks: +0.196 [+0.140, +0.252]; +0.315 [+0.232, +0.398];
- in every trick: +0.351 [+0.296, +0.406]; +0.467 [+0.386, +0.548];
- in the bidding (before trick play): +0.318 [+0.244, +0.392]; +0.495 [+0.396, +0.594];
- everywhere: +0.521 [+0.449, +0.593]; +0.854 [+0.754, +0.954].

Inference gives 0.04 to 0.07 points a hand of the 0.2 to 0.3 that knowing the other hands in
trick play would give. Fuller models of the cards played gained none of the rest
(``opponents``). Knowing the hands in the bidding would be worth as much again, but nothing
there can be inferred: the elder stands or begs before anyone else has said anything, and a
dealer answering a beg knows only that beg.

``hint`` runs the same search and names what decided it (``REASONS``); its strength against
the other levels is measured with ``benchmarks/arena.py``.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("seven-up"), seed=4)
>>> seat = state.to_act
>>> legal = allfours.legal_actions(state, seat)
>>> choose_action(allfours.observe(state, seat), legal, random.Random(0), Budget(60)) in legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Final

from engine.allfours import endgame, rollout, simulate
from engine.allfours.actions import Action, GameOver, HandEnded, Play, PointsAwarded
from engine.allfours.game import apply, legal_actions, observe
from engine.allfours.play import legal_play_mask
from engine.allfours.players import easy, normal
from engine.allfours.players.sensible import sensible_card
from engine.allfours.state import GameState, Phase, PlayerView
from engine.cards import card_at
from engine.search import (
    DEFAULT_SIMULATIONS,
    Budget,
    Hint,
    Outcome,
    Problem,
    SearchResult,
    deciding_feature,
    race_chances,
    search,
)

PLAYOUTS = "guided"
"""How the play-outs play the tricks after the decision searched: ``"guided"`` (every card by
``rollout``'s light policy, ``simulate.guided_playout``), ``"random"`` (the rest of the current
trick by ``_sensible_card``, then random legal cards: ``simulate.playout``) or ``"normal"``
(every card by level ``normal``). Chosen by measurement (``benchmarks/arena.py --playouts``,
which sets it for the level it tests); the engine itself never changes it."""

EXPLORE = rollout.EXPLORE
"""The share of random cards in guided play-outs (``rollout.EXPLORE``)."""

EXACT_CARDS = rollout.EXACT_CARDS
"""How many cards at the end of a two-player hand guided play-outs play exactly
(``rollout.EXACT_CARDS``, ``endgame``)."""

INFERENCE = True
"""Whether the worlds are weighed by what the players said, discarded and played
(``simulate.sample_likely``, the opponent model of ``opponents``) or dealt uniformly
(``simulate.sample``). Measured with ``benchmarks/arena.py --inference``, which sets it for
the level it tests. In Caribbean the cards played add little to what the bidding says: in
1000 duplicate first hands against the hard of c6fda7c at 600 play-outs (``--first-hand
--seed 1500``), not weighing them at all changed -0.015 points a hand [-0.048, +0.019], and
not weighing the partner's (``opponents.NOT_FED``, ``NOT_SAVED``) +0.003 [-0.021, +0.026],
deal by deal (``benchmarks/paired.py``)."""

CARD_PREFER_Z = 0.3
"""Standard errors by which the search must beat ``normal``'s card (``engine.search``), lower than
the search's default (``PREFER_Z``) as guided play-outs judge cards better than random ones: in 400
duplicate first hands of Caribbean against the hard of c6fda7c, 0.3 gave +0.17 points a hand and
1.0 gave +0.12, ±0.1 (``benchmarks/arena.py --first-hand --set CARD_PREFER_Z=...``). Trusting the
search alone (0) did not pay in 1000 first hands (``--seed 1500``): Seven Up's margin was +0.129
[+0.090, +0.167] against +0.132 at 0.3, Caribbean's +0.145 [+0.089, +0.202] against +0.176.

Where the search overrides ``normal``'s card it is right on average. With both cards played out in
the true deal by ``hard`` in every seat (``benchmarks/card_lines.py --hands 800``), at every such
card of 800 first hands of its self-play, ``normal``'s changed the deciding side's points by
-0.050 a card [-0.080, -0.020] in Caribbean (5,414 cards) and -0.074 [-0.104, -0.045] in Seven
Up (2,754). No seat or kind of card (100 overrides or more) did better with it."""

BID_PREFER_Z = CARD_PREFER_Z
"""The same for the decisions before trick play (stand or beg, the dealer's answer, the round
of acceptance, the discards). A measuring knob: a very large value keeps ``normal``'s choice
there, so the arena can tell what the search of those decisions is worth apart from the
search of the cards (``benchmarks/arena.py --first-hand --seed 1500 --set
BID_PREFER_Z=1e9``, 1000 duplicate first hands against the hard of c6fda7c at 600
play-outs, the same deals as above). Seven Up: +0.072 points a hand [+0.034, +0.111] with
``normal``'s bidding and discards, against +0.132 [+0.093, +0.170] with the search's: the
search of the bidding is worth about half of ``hard``'s margin there. Caribbean: +0.153
[+0.097, +0.209] against +0.176 [+0.120, +0.232]: within the noise, nearly all of the
margin is in the cards. Trusting the search alone there (0) changed nothing in Seven Up, on
the same deals: +0.129 [+0.090, +0.167], a change of -0.003 points a hand [-0.017, +0.011]
deal by deal (``benchmarks/paired.py``). ``hard``'s dealer gives a point for more begs than
c6fda7c's (``--habits``: Seven Up 213 of 422 against 102 of 371; Caribbean 93 of 379
against 51 of 345). That is not too often: keeping ``normal``'s answer to a beg (170 given;
Caribbean 70) changed -0.007 [-0.020, +0.006] (Caribbean -0.011 [-0.032, +0.011]), and
searching it in uniform worlds (120 given) cost -0.042 [-0.065, -0.018], on the same deals.

Each choice was also weighed against the line it did not take, both played out in the true
deal by ``hard`` in every seat (``benchmarks/bid_lines.py --deals 1000 --seed 9000``). The
other line would have cost the chooser's side, in points a hand (Caribbean; Seven Up): where
the elder stood 0.87 [0.61, 1.13]; 0.48 [0.28, 0.67], where it begged 0.09 [-0.27, +0.44];
0.57 [0.38, 0.77], where the dealer gave 0.78 [0.08, 1.49]; 1.81 [1.48, 2.14], where it ran
1.08 [0.65, 1.51]; 0.90 [0.48, 1.33]. A rule fitted to the elder's cards (least squares,
cross-validated) changed -0.03 [-0.15, +0.09]; -0.26 [-0.35, -0.17] a deal: no better."""

TABLE_SIMULATIONS: Final = DEFAULT_SIMULATIONS
"""Play-outs per decision at a table, where the time budget (``engine.search.DEFAULT_SECONDS``)
bounds the search too. More did not pay at 3000 against the hard of c6fda7c at 600: in 400
duplicate games each (``benchmarks/arena.py --a-simulations 3000 --b-simulations 600
--seconds 0.25``), English's margin was +0.067 points a hand [+0.012, +0.122] (600: +0.103)
and Seven Up's +0.108 [+0.047, +0.170] (600: +0.065), p95 205-250 ms instead of 115-233; in
1000 duplicate first hands with no time cap (``--first-hand --seed 1500``), Seven Up +0.129
[+0.090, +0.168] against +0.132 [+0.093, +0.170] (p95 319 ms, not 73) and Caribbean +0.165
[+0.106, +0.223] against +0.176 [+0.120, +0.232] (p95 452 ms, not 89): little noise is left.

What the search's own noise costs (``benchmarks/search_regret.py``: 80 decisions from games
of ``normal``, every option played out in 4000 common worlds), in chances of winning given up
per decision: Caribbean 0.64/1000 at 600 play-outs, 0.37 at 1500, 0.33 at 3000; Seven Up 0.67,
0.49, 0.30. A side makes about a dozen decisions a hand at most, so 3000 would give back under
half a percent of a game a hand: not what keeps ``hard`` from a larger margin."""

POINT_UNIT: Final = 1.5
"""Points that move together in the race to the target (most awards are one point; a hang
jack and a kicked jack are three): the ``unit`` of ``race_chances``.

A truer value of the end of a hand did not pay: a chain of 20,000 recorded hands of ``normal``
self-play per preset, replayed award by award in the count's order from the scores reached
(the deal passed on, a winning gift never given). It knows that the side to deal next is not
the other's equal and that a point short of the target is not half of two (Seven Up at 6-5:
73% for the side at six when it deals next, 83% when the other does; the race, 65%). Head to
head against this race at 600 play-outs, no time cap: Seven Up 50.4% of 1000 games [47.3%,
53.5%] (``benchmarks/arena.py --variant seven-up --seed 7000 --games 1000``); Caribbean 49.4%
of 2000 [47.2%, 51.5%] from the first deal after a side reached 8 points (``normal`` played
the hands before, alike for both seatings; seeds 5000..5999). Nor does the score blunt the
search's edge before the end: the 1000 duplicate first hands of Caribbean against the hard of
c6fda7c (``--first-hand --seed 1500``, +0.176 at 0-0), started at 7-7 (``--scores 7,7``),
gave +0.160 points a hand [+0.103, +0.217], a change of -0.016 [-0.051, +0.019] deal by deal."""

FEATURES: Final = ("won", "game", "jack", "hang_jack", "high", "low", "other")
"""Points of the hand by category, ours minus theirs, that hints compare (``won``: the game
itself, 1 or -1)."""
_FEATURE_OF: Final = {name: at for at, name in enumerate(FEATURES) if name not in ("won", "other")}
REASON_WEIGHTS: Final = (3.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0)
"""What each feature is worth when explaining a choice (the game itself counts as three
points; kicks and gift points explain nothing)."""
REASON_THRESHOLD: Final = 0.08
"""The least difference, in points of the hand, that a hint names as the reason."""

REASONS: Final = (
    "wins_game",
    "wins_game_point",
    "saves_jack",
    "hangs_jack",
    "takes_jack",
    "takes_high",
    "keeps_low",
)
"""The reason codes of All Fours hints:

- ``wins_game``: the choice wins the game (reaches the target) more often;
- ``wins_game_point``: it takes the Game point (§1.4) more often;
- ``saves_jack``: the seat's own jack of trumps scores instead of being hanged or taken;
- ``hangs_jack`` (Caribbean, §2.6) / ``takes_jack`` (§3.6): it captures an opponent's jack;
- ``takes_high`` / ``keeps_low``: High or Low goes to the seat's side more often.
"""


def choose_action(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Action:
    """The ``hard`` level's choice among ``legal`` for the seat of ``view``.

    ``budget`` defaults to ``Budget()``: a fixed number of play-outs, so the choice depends
    only on the view, the legal actions and the generator's state.
    """
    return _search(view, legal, rng, budget).best


def hint(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Hint[Action]:
    """What ``hard`` would do now, with the reason (``REASONS``) where the search can tell.

    The action is the search's, as in ``choose_action``. To name the reason, the chosen action
    and the runner-up are then played out again in common worlds, this time through ``apply``
    so that the count's awards (High, Low, Jack, hang jack, Game: §1.4, §2.6, §3.6) are
    reported, and the category that gains most is the reason. That second search gets half the
    budget, so a hint costs at most one and a half decisions.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("english"), seed=2)
    >>> seat = state.to_act
    >>> legal = allfours.legal_actions(state, seat)
    >>> advice = hint(allfours.observe(state, seat), legal, random.Random(1), Budget(80))
    >>> advice.action in legal, advice.reason is None or advice.reason in REASONS
    (True, True)
    """
    budget = budget or Budget()
    result = _search(view, legal, rng, budget)
    runner_up = result.runner_up()
    if runner_up is None:
        return Hint(result.best)
    pair = [result.best, runner_up.option]
    half = Budget(
        simulations=max(budget.simulations // 2, 1),
        seconds=budget.seconds / 2 if budget.seconds is not None else None,
        clock=budget.clock,
    )
    explained = search(pair, world_sampler(view), _evaluator(view, recorded=True), rng, half)
    feature = deciding_feature(
        explained.stats_of(pair[0]), explained.stats_of(pair[1]), REASON_WEIGHTS, REASON_THRESHOLD
    )
    reason, details = _reason(view, result.best, feature)
    return Hint(result.best, reason, details)


def decision(view: PlayerView, legal: Sequence[Action], rng: Random) -> Problem[Action, GameState]:
    """The decision among ``legal`` as ``hard`` searches it (``engine.search.Problem``): every
    legal action, in the worlds of ``world_sampler``, played out and scored as the module
    docstring says, ``normal``'s choice preferred by ``CARD_PREFER_Z`` (a card) or
    ``BID_PREFER_Z`` (a decision before the tricks). Working out that
    choice draws from ``rng``, as ``choose_action`` does before it searches.

    >>> import random
    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("seven-up"), seed=4)
    >>> legal = allfours.legal_actions(state, state.to_act)
    >>> problem = decision(allfours.observe(state, state.to_act), legal, random.Random(0))
    >>> problem.options == list(legal), problem.prefer_z == CARD_PREFER_Z
    (True, True)
    """
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    options = list(legal)
    sample_world = world_sampler(view)
    evaluate = _evaluator(view, recorded=False)
    if len(options) == 1:
        return Problem(options, sample_world, evaluate)
    # ``normal``'s choice stands unless the search finds better with some confidence: what
    # random play-outs cannot tell apart, its card counting and hand evaluation can.
    preferred = options.index(normal.choose_action(view, legal, rng))
    prefer_z = CARD_PREFER_Z if view.phase is Phase.PLAY else BID_PREFER_Z
    return Problem(options, sample_world, evaluate, preferred, prefer_z)


def _search(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None
) -> SearchResult[Action]:
    return decision(view, legal, rng).solve(rng, budget or Budget())


def world_sampler(view: PlayerView) -> Callable[[Random], GameState]:
    """How the search deals its worlds for ``view``: ``simulate.sample_likely`` (inference)
    or, with ``INFERENCE`` off, ``simulate.sample`` (uniform)."""
    sample = simulate.sample_likely if INFERENCE else simulate.sample

    def sample_world(rng: Random) -> GameState:
        return sample(view, rng)

    return sample_world


def _evaluator(view: PlayerView, recorded: bool) -> Callable[[GameState, Action, Random], Outcome]:
    """Play an action out in a world and score it for the view's side; ``recorded`` play-outs
    go through ``apply`` to the end, so that the awards of the count are known (``FEATURES``)."""
    assert view.seat is not None
    seat = view.seat
    side = view.side_of(seat)
    rules = view.rules

    def evaluate(world: GameState, action: Action, rng: Random) -> Outcome:
        end, awards = _play_to_end(world, seat, action, rng, recorded)
        chances = race_chances(end.scores, rules.target, POINT_UNIT, end.winner)
        if not recorded:
            return Outcome(chances[side])
        return Outcome(chances[side], _features(awards, end.winner, side, rules.sides))

    return evaluate


def _play_to_end(
    world: GameState, seat: int, action: Action, rng: Random, recorded: bool
) -> tuple[GameState, tuple[PointsAwarded, ...]]:
    """Apply ``action`` and play the hand out; the final state and the awards of the count
    (known only for a ``recorded`` play-out, or one that the guided play finished)."""
    transition = apply(world, seat, action)
    state = transition.state
    ended = _ended(transition.events)
    if ended is not None:
        return state, ended
    return _play_out(state, rng, recorded)


def _play_out(
    state: GameState, rng: Random, recorded: bool
) -> tuple[GameState, tuple[PointsAwarded, ...]]:
    """Play the hand out from ``state``; the final state and the awards of the count."""
    while state.winner is None and state.phase in (Phase.DECLARE, Phase.REPLY, Phase.DISCARD):
        # What is left before the tricks is decided sensibly: a random dealer would run the
        # pack half the time and a random discard throws trumps away.
        actor = state.to_act
        assert actor is not None
        options = legal_actions(state, actor)
        # ``normal`` answers a beg or a candidate; ``easy`` discards (as well, and far cheaper).
        policy = easy.choose_action if state.phase is Phase.DISCARD else normal.choose_action
        transition = apply(state, actor, policy(observe(state, actor), options, rng))
        state = transition.state
        ended = _ended(transition.events)
        if ended is not None:
            return state, ended
    if PLAYOUTS == "guided":
        if not recorded:
            return simulate.guided_playout(state, rng, EXPLORE, EXACT_CARDS), ()
        return _play_out_by(state, rng, _guided_card)
    if PLAYOUTS == "normal":
        return _play_out_by(state, rng, _normal_card)
    # The rest of the current trick is played sensibly (a random player would rarely trump a
    # ten away or take a trick worth taking), the rest of the hand at random: the simulation
    # path's own play-out.
    trick = state.tricks_played
    while state.phase is Phase.PLAY and state.tricks_played == trick and state.trick:
        actor = state.to_act
        assert actor is not None
        card = sensible_card(state, actor, legal_actions(state, actor))
        transition = apply(state, actor, card)
        state = transition.state
        ended = _ended(transition.events)
        if ended is not None:
            return state, ended
    if not recorded:
        return simulate.playout(state, rng), ()
    while True:
        actor = state.to_act
        assert actor is not None
        options = legal_actions(state, actor)
        transition = apply(state, actor, options[int(rng.random() * len(options))])
        state = transition.state
        ended = _ended(transition.events)
        if ended is not None:
            return state, ended


def _play_out_by(
    state: GameState, rng: Random, policy: Callable[[GameState, int, Random], Action]
) -> tuple[GameState, tuple[PointsAwarded, ...]]:
    """Play the tricks out through ``apply``, every card chosen by ``policy``."""
    while True:
        actor = state.to_act
        assert actor is not None
        transition = apply(state, actor, policy(state, actor, rng))
        state = transition.state
        ended = _ended(transition.events)
        if ended is not None:
            return state, ended


def _guided_card(state: GameState, seat: int, rng: Random) -> Action:
    """The card of a guided play-out (``rollout.play_out_tricks_guided``), one at a time."""
    legal = legal_play_mask(state, seat)
    several = legal & (legal - 1) != 0
    if several and rollout.plays_exactly(state, EXACT_CARDS):
        light = rollout.choose_card(state, seat, legal)
        return Play(card_at(endgame.exact_card(state, seat, legal, light)))
    if not several or rng.random() < EXPLORE:
        options = legal_actions(state, seat)
        return options[int(rng.random() * len(options))]
    return Play(card_at(rollout.choose_card(state, seat, legal)))


def _normal_card(state: GameState, seat: int, rng: Random) -> Action:
    return normal.choose_action(observe(state, seat), legal_actions(state, seat), rng)


def _ended(events: Sequence[object]) -> tuple[PointsAwarded, ...] | None:
    """The awards of a hand that these events finished (the count, or a game won before
    it), or ``None`` while the hand goes on."""
    if not any(isinstance(e, HandEnded | GameOver) for e in events):
        return None
    for event in events:
        if isinstance(event, HandEnded):
            return tuple(event.awards)
    return tuple(e for e in events if isinstance(e, PointsAwarded))


def _features(
    awards: Sequence[PointsAwarded], winner: int | None, side: int, sides: int
) -> tuple[float, ...]:
    values = [0.0] * len(FEATURES)
    if winner is not None:
        values[0] = 1.0 if winner == side else -1.0
    other = len(FEATURES) - 1
    for award in awards:
        at = _FEATURE_OF.get(award.reason, other)
        values[at] += award.points if award.side == side else -award.points / max(sides - 1, 1)
    return tuple(values)


def _reason(
    view: PlayerView, action: Action, feature: int | None
) -> tuple[str | None, tuple[str, ...]]:
    """The reason code for the deciding ``feature``, and the cards it is about."""
    if feature is None:
        return None, ()
    name = FEATURES[feature]
    if name in ("jack", "hang_jack") and view.trump is not None:
        jack = f"J{view.trump}"
        if any(str(card) == jack for card in view.hand):
            return "saves_jack", (jack,)
        return ("hangs_jack" if view.rules.variant == "caribbean" else "takes_jack"), (jack,)
    reason = {
        "won": "wins_game",
        "game": "wins_game_point",
        "high": "takes_high",
        "low": "keeps_low",
    }.get(name)
    if reason is None:
        return None, ()
    return reason, (str(action.card),) if isinstance(action, Play) else ()


__all__ = ["FEATURES", "REASONS", "Budget", "choose_action", "decision", "hint"]
