"""Level ``hard`` for KQJ: determinized search (``engine.search``) over the simulation path.

Every decision — taking the Return or passing (§5.3), the contract of the second round, bids,
capots, counters and overcounters (§6.3, in turn or out of turn), and each card — is searched
the same way:

1. **Worlds.** ``simulate.sample_likely(view, rng)`` deals the cards the seat cannot see
   among the deals that agree with everything it knows — hand sizes, the cards played, the
   Return in its taker's hand, the voids and the cards that could not beat the master card
   (§5.4) — in proportion to how likely the takes, passes, bids and counters of the round
   were with those hands (inference, the opponent model of ``opponents``); before the Return
   is taken the stock under it is shuffled too. ``INFERENCE`` off: uniformly
   (``simulate.sample``).
2. **Play-outs.** In each world every option is applied (``apply``) and the round is played
   to its end: what is left of the contract phases as level ``normal`` decides it (a random
   bidder would bid up to a capot), then the tricks by ``rollout``'s light policy (cash a
   master, load a partner's trick, take a trick worth taking cheaply, else throw the cheapest
   card) with half the cards at random (``simulate.guided_playout``, ``EXPLORE``). Out-of-turn
   counters are not played out. ``PLAYOUTS`` says which play-outs: chosen by measurement
   against random ones (the rest of the trick by ``rollout.sensible_card``, then random
   legal cards: ``simulate.playout``) and ``normal``'s cards.
3. **Scoring.** The end of the round is scored as the chance of winning the game
   (``engine.search.race_chances`` on the victory points): round points, bonuses, the
   contract made or failed, litigation and the pool count through the victory points they
   bring, and reaching the target is worth the game.
4. **Choice.** Options are compared in common worlds and dropped once clearly worse
   (``engine.search``). ``normal``'s choice stands unless another option beats it with some
   confidence (more for contract decisions, ``CONTRACT_PREFER_Z``, which play-outs judge
   less well than a card in the trick at hand). A contract decision is only searched among
   those a club player could make with the hand (``_sane``: no partner who overbids); in the
   auction only a few bids are searched (``_candidates``). A counter also needs the
   play-outs to break the bid in most of their worlds (``COUNTER_BREAKS``), and an
   overcounter is weighed only where ``normal`` would make it or the counter cannot be sound
   (``SANE_OVERCOUNTER``).

What knowing the hidden cards would be worth, the ceiling of what inference can give, was
measured by letting this search play in the true deal instead of its worlds
(``benchmarks/arena.py --peek WHEN``: only the completion under the Return is still
shuffled), in 1000 duplicate first rounds of KQJ 3v3 against the hard of c6fda7c, both at 600
play-outs (``--first-hand --seed 1500 --simulations 600``), with the random play-outs this
search then had (``PLAYOUTS``). Margins in victory points a round:

- worlds inferred, as this search deals them: -3.7 [-9.1, +1.7];
- worlds dealt uniformly (``--inference off``): +1.0 [-4.6, +6.7];
- the true deal in the contract decisions: -3.7 [-9.1, +1.7] (they hardly change);
- in the first three tricks: +26.3 [+20.8, +31.9];
- in every trick: +47.8 [+42.1, +53.5].

What the contract says about the hands is worth little in the tricks: the cards played are
where the hidden information lies, and beyond the voids and the cards that could not beat the
master (``play.ruled_out_by_play``) they are not modelled. One such model did not pay: a world
in which the last player to a trick an opponent held, following the plain suit led without
taking the trick, still held a higher card of that suit, weighed 0.1 gave -3.8 [-9.0, +1.4]
on the same deals. At the table's play-outs (``--a-simulations 3000 --b-simulations 600``),
inference on or off changes nothing measurable either: -1.1 [-6.5, +4.4] with it, -0.5
[-5.7, +4.8] without.

``hint`` runs the same search and names what decided it (``REASONS``).

>>> import random
>>> from engine import kqj
>>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
>>> seat = state.to_act
>>> legal = kqj.legal_actions(state, seat)
>>> choose_action(kqj.observe(state, seat), legal, random.Random(0), Budget(40)) in legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from random import Random
from typing import Final

from engine.core import Play
from engine.kqj import simulate
from engine.kqj.actions import (
    Action,
    Bid,
    Counter,
    Overcounter,
    Pass,
    Take,
)
from engine.kqj.deck import CONTRACTS
from engine.kqj.opponents import TAKE_FIRST
from engine.kqj.players import easy, normal
from engine.kqj.players.playout import World, play_out, play_to_end
from engine.kqj.players.reasons import FEATURES, REASONS, explain, features
from engine.kqj.rules import BID_STEP
from engine.kqj.state import GameState, Phase
from engine.kqj.view import PlayerView
from engine.search import (
    PREFER_Z,
    Budget,
    Hint,
    Outcome,
    Problem,
    SearchResult,
    race_chances,
)

PLAYOUTS = "guided"
"""How the play-outs play the tricks after the decision searched: ``"guided"`` (every card by
``rollout``'s light policy, ``EXPLORE`` of them at random: ``simulate.guided_playout``),
``"random"`` (the rest of the current trick by ``rollout.sensible_card``, then random legal
cards: ``simulate.playout``) or ``"normal"`` (every card by level ``normal``). Chosen by
measurement (``benchmarks/arena.py --playouts``, which sets it for the level it tests; the
engine itself never changes it). At 600 play-outs, in duplicate first rounds against the hard
of c6fda7c, random play-outs did best and guided ones with one card in ten at random a few
points worse; over 200 whole games at 3000 the two were level (51.5% and 52.5% of the games).
At the table's 3000 (``TABLE_SIMULATIONS``), in 1000 duplicate first rounds of KQJ 3v3
against the hard of c6fda7c at 600, the same 500 deals each (``--first-hand --seed 1500
--a-simulations 3000 --b-simulations 600``), guided play-outs with half the cards at random
gave +6.9 victory points a round [+1.8, +12.0] against -1.1 [-6.5, +4.4] with random ones:
deal by deal +8.0 [+1.4, +14.6] (``--margins``, ``benchmarks/paired.py``), with decisions
of p50 3.2 ms and p95 111 ms instead of 2.1 and 101 (no time cap). Over whole games at the
table's budget, on the deals where random play-outs gave 54.2% of the games and +3.1 victory
points a round (``TABLE_SIMULATIONS``: seeds 0..199, ``--games 400 --a-simulations 3000
--b-simulations 600 --seconds 0.25 --jobs 2``): 56.2% [51.4%, 61.0%] and a margin of +9.5 a
round [+5.7, +13.3], decisions p50 2.8 ms, p95 114 ms, max 256 ms. On the second sample's
deals (seeds 5000..5199), where random play-outs gave 51.0%: 56.2% [51.4%, 61.0%] again,
and a margin of +10.0 a round [+6.2, +13.8], decisions p50 5.5 ms, p95 226 ms, max 258 ms
(a light second job on the machine). Both samples together: 450 of 800 games, 56.2% [52.8%,
59.6%]."""

PLAYOUT_TAKE_FIRST = TAKE_FIRST[0]
"""The strength from which a seat takes the Return in the first round of a play-out: where
the opponent model has ``hard`` take as often as pass (``opponents.TAKE_FIRST``). In 300
duplicate first rounds against the hard of c6fda7c: +6.7 victory points a round, against
a margin of +2.6 with ``normal``'s own threshold (25); within the noise (±7), but never
worse."""

CONTRACT_PLAYOUTS = PLAYOUTS
"""``PLAYOUTS`` for the contract decisions (taking, bidding, countering)."""

EXPLORE = 0.5
"""The share of random cards in guided play-outs: half (``rollout.EXPLORE``, the default of
``simulate.guided_playout``, is one in ten). With one card in ten at random, guided play-outs
were no better than random ones in KQJ; with half, they were (``PLAYOUTS``)."""

INFERENCE = True
"""Whether the worlds are weighed by what the contract said (``simulate.sample_likely``, the
opponent model of ``opponents``) or dealt uniformly (``simulate.sample``). Measured with
``benchmarks/arena.py --inference``, which sets it for the level it tests."""

VP_UNIT: Final = 150.0
"""Victory points that move together in the race to the target (a decided round pays its
winner about this much): the ``unit`` of ``race_chances``."""

TABLE_SIMULATIONS: Final = 3000
"""Play-outs per decision at a table, where the time budget (``engine.search.DEFAULT_SECONDS``)
bounds the search too: five times ``DEFAULT_SIMULATIONS``, chosen with random play-outs
(``PLAYOUTS`` then): the compiled engine played 600 of them in a few milliseconds (p50 3 ms)
and the noise of random tricks was what limited the search. With those play-outs, in 400
duplicate games of KQJ 3v3 against the hard of c6fda7c (at its own 600): +3.1 victory points
a round [-0.4, +6.6] and 54.2% of the games, against -3.6 [-7.0, -0.2] and 49.5% at 600;
decisions p50 3 ms, p95 136 ms, max 251 ms. A second sample of 400 games at f7599bc (seeds
5000..5199, other deals): +5.1 [+1.5, +8.6] and 51.0% of the games, p50 7 ms, p95 251 ms,
max 271 ms; with 100 more games, 51.2% of 500 and +4.6 a round [+1.5, +7.7]. Over both
samples (900 games) about +3.9 a round and 52.5% of the games: more points, but not the 55%
of games issue 21 asks; today's play-outs gave 56.2% on each sample's deals
(``PLAYOUTS``). The auction game, with random play-outs: 79.0% and a margin of +112 a round
(77.8% and +114 at 600), p95 250 ms, max 279 ms (``benchmarks/arena.py --family kqj
[--auction] --a hard --b hard --b-engine ... --a-simulations 3000 --b-simulations 600
--seconds 0.25``). With today's play-outs, at 3000 play-outs and no time cap (seeds 0..199):
81.5% [77.4%, 85.0%] of 400 games and a margin of +133 a round [+119, +147]. Hints keep
``DEFAULT_SIMULATIONS``: a person is waiting on them.

What the search's own noise costs at these counts (``benchmarks/search_regret.py --game
kqj-3v3``: decisions from games of ``normal``, against every option played out in common
worlds), in chances of winning the game given up per decision: over 80 decisions against
4000 worlds, 0.53/1000 at 600 play-outs, 0.31 at 1500, 0.17 at 3000; over 60 against 12000
worlds, 0.17 at 1500, 0.14 at 3000, 0.13 at 6000, 0.11 at 10000. Little is left to gain
beyond 3000. A contested card decision is where the time budget binds: those 80 decisions
took 209 ms each on average at 3000 play-outs (compiled, two-core development machine),
288 ms before a card's play-out ran on one copy of the state (``playout.play_card_out``), the
same choices."""


def choose_action(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Action:
    """The ``hard`` level's choice among ``legal`` for the seat of ``view``.

    For a seat that is not to act, ``legal`` holds only an out-of-turn counter or overcounter:
    the answer is ``choose_interruption``'s, or the first action. ``budget`` defaults to
    ``Budget()``: a fixed number of play-outs, so the choice depends only on the view, the
    legal actions and the generator's state.
    """
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    if view.seat != view.to_act:
        return choose_interruption(view, legal, rng, budget) or legal[0]
    if len(legal) == 1:
        return legal[0]
    best = _settled(decision(view, legal, rng).solve(rng, budget or Budget())).best
    assert best is not None
    return best


def decision(
    view: PlayerView, legal: Sequence[Action], rng: Random
) -> Problem[Action | None, World]:
    """The decision of the seat to act among ``legal`` as ``hard`` searches it
    (``engine.search.Problem``): the options worth a search (``_candidates``), in the worlds
    of ``world_sampler``, played out and scored as the module docstring says, ``normal``'s
    choice preferred. Working out that choice draws from ``rng``, as ``choose_action`` does
    before it searches.

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=3)
    >>> legal = kqj.legal_actions(state, state.to_act)
    >>> problem = decision(kqj.observe(state, state.to_act), legal, random.Random(0))
    >>> all(option in legal for option in problem.options)
    True
    """
    usual = normal.choose_action(view, legal, rng)
    return _problem(view, _candidates(view, legal, usual), usual)


def choose_interruption(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Action | None:
    """The counter or overcounter the seat makes now, out of turn, or ``None`` to stay silent:
    the search weighs each against letting the seat to act go on."""
    usual = normal.choose_interruption(view, legal, rng)
    options = _interruptions(view, legal, usual)
    if len(options) == 1:
        return None
    return _settled(_search(view, options, usual, rng, budget)).best


def _interruptions(
    view: PlayerView, legal: Sequence[Action], usual: Action | None
) -> list[Action | None]:
    """Staying silent (``None``) and the counters and overcounters of ``legal`` the search
    may weigh (``_sane``)."""
    sane = (a for a in legal if isinstance(a, Counter | Overcounter) and _sane(view, a, usual))
    return [None, *sane]


def hint(
    view: PlayerView, legal: Sequence[Action], rng: Random, budget: Budget | None = None
) -> Hint[Action | None]:
    """What ``hard`` would do now, with the reason (``REASONS``) where the search can tell. For
    a seat that is not to act the action is its counter or overcounter, or ``None`` to stay
    silent.

    >>> import random
    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=2)
    >>> seat = state.to_act
    >>> legal = kqj.legal_actions(state, seat)
    >>> advice = hint(kqj.observe(state, seat), legal, random.Random(1), Budget(60))
    >>> advice.action in legal, advice.reason is None or advice.reason in REASONS
    (True, True)
    """
    if not legal:
        raise ValueError("a hint needs at least one legal action")
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to hint for")
    options: list[Action | None]
    usual: Action | None
    if view.seat != view.to_act:
        usual = normal.choose_interruption(view, legal, rng)
        options = _interruptions(view, legal, usual)
    else:
        usual = normal.choose_action(view, legal, rng)
        options = list(_candidates(view, legal, usual))
    result = _settled(_search(view, options, usual, rng, budget, explained=True))
    return Hint(result.best, *explain(view, result))


# --- what is searched ----------------------------------------------------------------------

RAISES: Final = (0, 2, 4)
"""Bids tried in the best contract: the lowest allowed value, and so many steps above it."""


def _candidates(view: PlayerView, legal: Sequence[Action], usual: Action) -> list[Action]:
    """The options worth a search: every legal action, except in the auction, where the
    dozens of bids are cut to passing, the lowest bid in every contract, a few higher bids in
    the contract the hand suits best, ``normal``'s own choice and a counter. A partner's bid is
    never raised: the play-outs' half-random tricks cannot judge a raise of a contract that the
    partner's hand already backs (§6.3)."""
    if view.phase is not Phase.AUCTION:
        return [a for a in legal if _sane(view, a, usual)]
    assert view.seat is not None
    wanted: list[Action] = [a for a in legal if isinstance(a, Pass | Counter)]
    bids = [a for a in legal if isinstance(a, Bid)]
    if view.bidder is not None and view.is_partner(view.seat, view.bidder):
        bids = []
    if bids:
        lowest = min(b.value for b in bids)
        contracts = sorted({b.contract for b in bids}, key=CONTRACTS.index)
        wanted.extend(Bid(lowest, c) for c in contracts)
        best = max(
            contracts,
            key=lambda c: normal.estimate(view, view.hand, CONTRACTS.index(c)),
        )
        wanted.extend(Bid(lowest + k * BID_STEP, best) for k in RAISES[1:])
        wanted.append(usual)
    unique: list[Action] = []
    for action in wanted:
        if action in legal and action not in unique and _sane(view, action, usual):
            unique.append(action)
    return unique


SANE_BIDDING = True
"""Whether the search only weighs contract decisions a club player could make with the hand
(``_sane``); off, every legal one (as the hard of c6fda7c did)."""


SANE_TAKE_SLACK = 3.0
"""How far below ``normal``'s strength for taking the Return the search may take it. Free,
the search took from about 20 (``opponents.TAKE_FIRST``) and made 60% of those contracts
in self-play; held to ``normal``'s 25 it made 67% (``benchmarks/bidding.py``, 300 rounds
each) but scored -1.9 victory points a round against the hard of c6fda7c instead of +6.7
(300 duplicate first rounds each, ±7): the search keeps a little room."""
SANE_BID_OVER = 0.0
"""How far above ``normal``'s estimate of the team's round points the search may bid."""
SANE_OVERCOUNTER = "normal"
"""Which overcounters the search may weigh: ``normal``'s (its hand's estimate at least
``easy.OVERCOUNTER_MARGIN`` above the bid), and those of a hand that holds so many of the
top cards a counter needs (``easy.top_cards``) that the counter cannot be sound. The
search's worlds read too little into a counter: at 16 of the positions below, the bidder's
play-outs made the countered bid in 43% to 79% of their worlds, and its search
overcountered (×4) at 12 of them. In 115 positions of first rounds of the auction game
(3v3) where ``hard`` could counter, each countered and played to its end by ``hard`` at 600
play-outs, the bidding team overcountered 107 times and made 41 of those bids (38%). Played
again from the same 115 counters with no overcounter, it made 43 of them (37%) and scored
54 victory points a round more (95% interval -26 to +135) than with its overcounters. Any
other value lets the search weigh every overcounter the hand's estimate backs (at most the
estimate), as it did before."""


def _sane(view: PlayerView, action: Action | None, usual: Action | None) -> bool:
    """Whether the search may choose ``action``: a card or a pass always, ``normal``'s own
    choice but a bid always; a contract decision only when the hand backs it, as ``normal``
    judges hands (issue 21: no partner who overbids) —

    - taking the Return: the hand with the Return at most ``SANE_TAKE_SLACK`` below
      ``normal``'s strength for taking (§5.3);
    - a bid: at most ``normal``'s estimate of the team's round points with that contract plus
      ``SANE_BID_OVER`` (§6.3);
    - an overcounter: as ``normal`` makes it, or when this hand holds so many of the top
      cards a counter needs that the counterer cannot hold enough (``SANE_OVERCOUNTER``);
    - a counter: three cards of the bid's suit, two of its three top trumps (all-trump: four
      nines or eights; no-trump: four aces or tens): a hand that can break the contract, as
      ``easy`` reads it (whatever the bid).
    """
    if not SANE_BIDDING or action is None or isinstance(action, Play | Pass):
        return True
    if action == usual and not isinstance(action, Bid):
        return True
    hand = view.hand
    if isinstance(action, Take):
        returned = view.return_card
        assert returned is not None
        held = (*hand, returned)
        if action.contract is None:
            strength = easy.contract_strength(held, returned.suit_index)
            return strength >= normal.TAKE_FIRST - SANE_TAKE_SLACK
        contract = CONTRACTS.index(action.contract)
        return easy.contract_strength(held, contract) >= normal.TAKE_SECOND - SANE_TAKE_SLACK
    if isinstance(action, Bid):
        estimate = normal.estimate(view, hand, CONTRACTS.index(action.contract))
        return action.value <= estimate + SANE_BID_OVER
    if not isinstance(action, Counter | Overcounter):
        return False  # a capot: only as ``normal`` bids it
    text = view.bid_contract
    assert text is not None
    contract = CONTRACTS.index(text)
    if isinstance(action, Counter):
        return easy.breaks(hand, contract)
    if SANE_OVERCOUNTER == "normal":
        # This hand leaves too few top cards for a counter that breaks the bid.
        mine, tops, needed = easy.top_cards(hand, contract)
        return mine > tops - needed
    return view.bid <= normal.estimate(view, hand, contract) + SANE_BID_OVER


COUNTER_BREAKS = 0.6
"""The least share of play-outs in which the bid fails that a counter needs, whatever the
search's value says: the play-outs break bids more often than ``hard`` lets them be broken.
In 114 positions of first rounds of the auction game (3v3) where ``hard`` could counter
(``_sane``), each countered and played to its end by ``hard`` at 600 play-outs, the bid failed
in 7 of the 15 where the play-outs broke it in 50% to 60% of their worlds, and in 65 of the 98
where they broke it more often; chosen on the first 83 (5 of 12 against 50 of 71), the 31
after them agree (2 of 3 against 15 of 27). Self-play (``benchmarks/bidding.py --family
kqj --auction --levels hard --hands 2000``) with ``SANE_OVERCOUNTER`` too, at 600 play-outs:
counters made 23 and failed 19 (55%; before, 23 and 23, overcounters 12 and 14), contracts
80.7% (80.9%); at the table's 3000 play-outs and 250 ms (seeds 0 and 500000, 1000 rounds
each): counters 33 and 17 (66%, 95% interval 52% to 78%), contracts 82.5%, no overcounters."""


def _settled(result: SearchResult[Action | None]) -> SearchResult[Action | None]:
    """``result``, but a counter the play-outs do not break often enough (``COUNTER_BREAKS``)
    gives way to the best other option."""
    best = result.best
    if not isinstance(best, Counter):
        return result
    contract = result.stats_of(best).features[FEATURES.index("contract")]
    if (contract + 1) / 2 >= COUNTER_BREAKS:
        return result
    others = [stats for stats in result.ranked() if not isinstance(stats.option, Counter)]
    return replace(result, best=others[0].option) if others else result


def _search(
    view: PlayerView,
    options: Sequence[Action | None],
    usual: Action | None,
    rng: Random,
    budget: Budget | None,
    explained: bool = False,
) -> SearchResult[Action | None]:
    return _problem(view, options, usual, explained).solve(rng, budget or Budget())


def _problem(
    view: PlayerView,
    options: Sequence[Action | None],
    usual: Action | None,
    explained: bool = False,
) -> Problem[Action | None, World]:
    """The search of ``_candidates``' options; ``explained`` play-outs also report what the
    round's count was made of (``features``), which only hints read."""
    seat = view.seat
    assert seat is not None
    rules = view.rules
    # A counter is judged by how often the bid fails in the play-outs, too (``_settled``).
    explained = explained or any(isinstance(option, Counter) for option in options)

    # ``normal``'s choice stands unless the search finds better with some confidence: what
    # play-outs cannot tell apart, its card counting can.
    preferred = options.index(usual) if usual in options else None

    deal = world_sampler(view)

    playouts = PLAYOUTS if view.phase is Phase.PLAY else CONTRACT_PLAYOUTS

    def sample_world(world_rng: Random) -> World:
        return World(deal(world_rng), playouts, EXPLORE, PLAYOUT_TAKE_FIRST)

    def evaluate(world: World, option: Action | None, play_rng: Random) -> Outcome:
        if option is None:
            end = play_out(world.state, world, play_rng)
        else:
            end = play_to_end(world, seat, option, play_rng)
        # Random partners: a seat plays for itself, whatever the round's team (§6.2).
        side = end.side_of(seat)
        chances = race_chances(end.scores, rules.target, VP_UNIT, end.winner)
        if not explained:
            return Outcome(chances[side])
        return Outcome(chances[side], features(end, seat))

    # Random tricks judge a card in the trick at hand well, a whole round's contract less so:
    # the Return, bids and counters need stronger evidence to overrule ``normal``.
    prefer_z = CARD_PREFER_Z if view.phase is Phase.PLAY else CONTRACT_PREFER_Z
    if any(isinstance(option, Counter | Overcounter) for option in options):
        prefer_z = max(prefer_z, COUNTER_PREFER_Z)
    return Problem(list(options), sample_world, evaluate, preferred, prefer_z)


def world_sampler(view: PlayerView) -> Callable[[Random], GameState]:
    """How the search deals its worlds for ``view``: ``simulate.sample_likely`` (inference)
    or, with ``INFERENCE`` off, ``simulate.sample`` (uniform)."""
    sample = simulate.sample_likely if INFERENCE else simulate.sample

    def deal(rng: Random) -> GameState:
        return sample(view, rng)

    return deal


CONTRACT_PREFER_Z = 2.0
"""Standard errors by which the search must beat ``normal``'s contract decision."""
CARD_PREFER_Z = PREFER_Z
"""The same for a card (``engine.search.PREFER_Z``)."""
COUNTER_PREFER_Z = CONTRACT_PREFER_Z
"""The same for a decision where a counter or an overcounter is among the options."""


__all__ = [
    "FEATURES",
    "REASONS",
    "Budget",
    "choose_action",
    "choose_interruption",
    "decision",
    "hint",
]
