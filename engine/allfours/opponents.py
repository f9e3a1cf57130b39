"""The opponent model of All Fours: how likely the public record of a deal is, for given hands
— what inference weighs the sampled deals with (``simulate.sample_likely``).

A stand, a beg, the dealer's gift or run, a refusal in the round of acceptance, a discard and
a trick let go say something about the hand that made them (RULES.md §1.3, §2.4, §3.3, §3.4,
§4.2), which a uniform deal ignores. The model is deliberately simple: a decision about
trumps depends on the hand it was made with through one number, the hand's **strength** in
the candidate's suit (``strength``: every trump counts, honours more — the measure of level
``easy``), and a decision's chance is a logistic curve of it, never below ``FLOOR`` nor
above ``1 - FLOOR`` (a player the model misjudges costs little):

- **the elder** (two sides: stand or beg; §2.4, §3.3): ``P(stand) = logistic((S - t) / s)``
  with ``(t, s)`` the variant's ``CURVES["stand"]``; every candidate before the last was
  begged;
- **the dealer** answering a beg: ``P(give)``, the same with ``CURVES["give"]``; every
  candidate before the last was refused (the pack was run). A refusal the score forced says
  nothing (``refusal_is_forced``: the gift would have taken the elder's side to the target,
  so every player runs the pack or refuses, whatever it holds);
- **the round of acceptance** (three or four players, §4.2): each seat that refused likely has
  ``S`` below the curve ``CURVES["accept"]`` (who accepted is not public, so the last candidate's
  acceptance is not weighed);
- **discards** (§3.4): a player keeps its trumps and its tens and aces: each discarded trump
  weighs ``DISCARD_TRUMP`` while the player kept a plain card, each discarded plain ten or
  ace ``DISCARD_VALUE`` while it kept a plain card below a ten;
- **the last player to its partner's trick** (partnerships) feeds it the ten of the suit
  led and saves its jack of trumps there: a world where it still holds the ten it did not
  feed (following suit with another card) weighs ``NOT_FED``, one where it still holds the
  jack it did not play ``NOT_SAVED``;
- **the last player to an opponent's trick** takes it when it can, nearly always with a
  higher card of the suit led, with a trump the more often the more the trick is worth: a
  world where it still holds a card that would have taken the trick it let go weighs
  ``NOT_TAKEN`` (a higher card of the suit led), else ``NOT_TRUMPED`` by the trick's
  ``stake`` (a trump: nothing of Game value, honours, a ten or the jack). This is the
  inference of the play itself (issue 21: "a player who did not trump"): it says the most
  about the hands of two players, where every second card is the last to its trick.

Which hand a decision was made with: the six cards first dealt, plus three for every run of
the pack made before it; a world only says which cards a seat received in all (its hand, its
discards, the cards it played), not in which packet, and the packets are random, so
``likelihood`` draws the cards held at each decision uniformly among them — which makes the
acceptance chance of a world exactly the model's chance averaged over them.

The constants were fitted to level ``hard``'s own decisions in self-play by maximum likelihood
(``benchmarks/opponent_model.py`` prints the fit); nothing else constrains a deal.

A fuller model of the cards played did not pay. It weighed every card played to a trick by a
conditional logit over the player's legal cards (whether a card takes the trick, by what the
trick holds and with a trump; the Game value it throws away, feeds a partner or takes with;
its rank; the jack of trumps; the lowest card of its suit; the cheapest card that takes),
fitted by maximum likelihood to ``hard``'s cards in self-play, in place of ``NOT_TAKEN`` and
``NOT_TRUMPED`` (and, with four players, ``NOT_FED`` and ``NOT_SAVED``). In 1000 duplicate
first hands against the hard of c6fda7c at 600 play-outs (``benchmarks/arena.py
--first-hand --seed 1500``), same deals, in points a hand: in Seven Up, for the second card
of each trick (11 features, 3,923 cards), the logit gave +0.150 [+0.096, +0.204] and this
module's model +0.149 [+0.093, +0.205]; in Caribbean, for every card after the lead (14
features, 9,780 cards), the logit gave +0.170 [+0.086, +0.254] and this module's model
gave +0.180 [+0.095, +0.265], while the logit's decisions took p95 478 ms instead of 25 (a
product of many chances keeps few draws). What the cards say is already in the tiers above;
the rest of what knowing the hands would be worth is not in the cards played
(``players.hard``: the value of information).

Leads are not weighed: ``hard``'s say little. In self-play it led a card while it still held a
plain card (not a ten) that ``rollout``'s policy leads first (``rollout.cheapest``) in 982 of
2000 leads of Seven Up and 1340 of 2333 of Caribbean, where random leads would give 1351 and
1678 (``benchmarks/opponent_model.py``, 400 hands, ``lead cheaper held``). Weighing 0.5 a world
where the leader still holds a strictly cheaper one gave, deal by deal in the 1000 first hands
above (``benchmarks/paired.py``), +0.009 points a hand [-0.008, +0.027] in Seven Up and -0.044
[-0.088, -0.001] in Caribbean; in 2000 more of Seven Up (``--seed 2500``, ``--seed 3500``), a
change of +0.005 [-0.008, +0.018].

>>> from engine.cards import mask_of, parse_cards
>>> strength(mask_of(parse_cards("Ah Kh 4h 2c 3d 5s")), 1)  # A 4, K 3, a small trump 1
8.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.allfours.deck import (
    ACE,
    BEATERS,
    FULL_DECK_MASK,
    HAND_SIZE,
    JACK,
    KING,
    PACKET,
    QUEEN,
    TEN,
    trick_winner_offset,
)
from engine.allfours.state import GameState, Phase, PlayerView
from engine.cards import SUIT_MASKS
from engine.hidden import first_of, random_order

FLOOR: Final = 0.05
"""The least chance the model gives any decision. A softer inference did not pay: a world
weighed by the square root of the model's chance (for opponents who play unlike the ``hard``
the model was fitted to) gave +0.130 points a hand [+0.092, +0.167] in 1000 duplicate first
hands of Seven Up against the hard of c6fda7c at 600 play-outs, against +0.132 [+0.093,
+0.170] with the model's chance itself, same deals (``benchmarks/arena.py --first-hand --seed
1500``, from a copy with ``simulate.sample_likely`` so changed)."""
CURVES: Final[dict[str, dict[str, tuple[float, float]]]] = {
    "caribbean": {"stand": (1.19, 0.47), "give": (4.60, 0.63)},
    "english": {"stand": (2.71, 1.44), "give": (3.64, 1.22), "accept": (2.96, 1.28)},
    "sevenup": {"stand": (1.64, 0.68), "give": (2.08, 1.51), "accept": (1.64, 0.68)},
}
"""For each variant and decision, the strength at which the decision above (stand, give,
accept) is as likely as the other, and the scale of the curve (its chance goes from 27% to
73% over two scales), fitted to level ``hard``'s own decisions in self-play
(``benchmarks/opponent_model.py``, 400 hands of each variant; standard errors 0.1 to 0.3):
Caribbean 407 declarations and 142 answers to a beg, English 552 and 276, Seven Up 401 and
171; the round of acceptance of three or four players (§4.2), 733 decisions of three-player
English (Seven Up's reads its two-player stand).

Refitted to today's ``hard`` in Caribbean (400 hands, ``--variant caribbean --hands 400``), its
dealer gives more freely (give 3.66 ± 0.22, scale 0.71; stand 1.07 ± 0.08, 0.49), saves its
jack on a partner's trick less often (23 of 42) and trumps a trick it lets go less often (28
of 90, 197 of 333, 117 of 120 by ``stake``; 188 of 211 taken with the suit led). A model with
all of these (give and stand as fitted, ``NOT_SAVED`` 0.45, ``NOT_TRUMPED`` (0.69, 0.41,
0.05), ``NOT_TAKEN`` 0.11) did not pay: in 1000 duplicate first hands of Caribbean against
the hard of c6fda7c at 600 play-outs, +0.153 points a hand [+0.095, +0.212] against +0.176
[+0.120, +0.232] with these constants, on the same deals (``benchmarks/arena.py --first-hand
--seed 1500``). In Seven Up (``--variant seven-up --hands 400``) only the stand moved (1.31 ±
0.09, 0.59; give 2.21 ± 0.25, 1.29; trumped 150 of 420, 223 of 327, 29 of 29): stand and
accept as fitted, give as fitted and ``NOT_TRUMPED`` (0.64, 0.32, 0.05) gave +0.121 [+0.082,
+0.160] against +0.132 [+0.093, +0.170] in 1000 first hands of Seven Up, on the same deals.
The constants stay.

The curves ignore the score, though near the target a stand, a beg or a gift is made for the
score as much as for the hand (on the same 300 deals of Seven Up, ``hard``'s elder stood in 190
at 0-0 and in 150 of 279 at 5-6, the elder's side at 5).
Not weighing any of these decisions once a side was two points or less from the target did not
pay where it acts most: in 2000 duplicate games of Seven Up started at 6-5 against the hard of
c6fda7c at 600 play-outs, 999 won against 998 with the curves (``benchmarks/arena.py --variant
seven-up --scores 6,5 --seed 4000 --games 2000``, the same deals); its dealer gave 53 gifts
instead of 110. There High and then Low decide the game, so only the choice of trumps matters,
and ``hard`` is no better than c6fda7c with the curves or without (49.9%, 50.0%): its margin
comes from the play of the cards. In Caribbean, where the cards still count at the end, it did
not pay either: 526 of 1000 duplicate games started at 11-11, against 529 with the curves
(``--variant caribbean --scores 11,11 --seed 6000 --games 1000``, the same deals)."""
DISCARD_TRUMP: Final = 0.11
"""How much less likely a trump is among a player's discards than among cards drawn at random
from its hand, while it kept a plain card: ``hard`` in self-play discarded 44 trumps where
random discards would have thrown 403 (English and Seven Up, 300 hands each)."""
DISCARD_VALUE: Final = 0.86
"""The same for a plain ten or ace while the player kept a plain card below a ten: 111
discarded where random discards would have thrown 129."""

NOT_FED: Final = 0.05
"""The weight of a world in which the last player to its partner's trick, following the
plain suit led with another card, still holds that suit's ten: ``hard`` in Caribbean
self-play fed the ten in all 18 of its chances (200 hands), so the model's floor."""
NOT_SAVED: Final = 0.2
"""The same for the jack of trumps it did not play there: ``hard`` saved it in 24 of 30
chances."""

NOT_TAKEN: Final = 0.06
"""The weight of a world in which the last player to a trick an opponent holds, letting it go,
still holds a higher card of the suit led (the trick's master being of that suit): ``hard``
took 845 of 902 such tricks in English and Seven Up self-play (400 hands each, before this
part of the model was in its own search); with it, 815 of 890 (``benchmarks/
opponent_model.py --variant english|seven-up --hands 400``, ``take follow``)."""
NOT_TRUMPED: Final = (0.56, 0.30, 0.05)
"""The same for a world in which it holds no such card but a trump that beats the master, by
what the trick holds (``stake``): nothing of Game value, honours, a ten or the jack of trumps.
``hard`` trumped 392 of 882, 450 of 641 and 45 of 47 of them (0.05: the model's floor); with
this model in its search, 356 of 864, 448 of 594 and 54 of 54. Caribbean's last players
(four, 200 hands) took alike: 93 of 102 with a card of the suit led, with trumps 21 of 48,
102 of 180 and 46 of 47."""

_WEIGHT: Final = {ACE: 4.0, KING: 3.0, QUEEN: 2.5, JACK: 2.5, TEN: 1.5}
WEIGHT: Final = tuple(_WEIGHT.get(rank, 1.0) for rank in range(16))
"""What a trump of each rank code adds to a hand's strength (``easy.trump_strength``)."""
_TENS_AND_ACES: Final = sum(1 << (suit * 16 + rank) for suit in range(4) for rank in (TEN, ACE))
_BELOW_TEN: Final = sum(1 << (suit * 16 + rank) for suit in range(4) for rank in range(TEN))


def strength(hand: int, suit: int) -> float:
    """How good the cards of ``hand`` (a mask) are with ``suit`` as trumps: every trump
    counts 1, an ace 4, a king 3, a queen or jack 2.5, a ten 1.5 (``easy.trump_strength``)."""
    total = 0.0
    mask = hand & SUIT_MASKS[suit] & FULL_DECK_MASK
    while mask:
        low = mask & -mask
        total += WEIGHT[(low.bit_length() - 1) & 15]
        mask ^= low
    return total


def stake(trick: Sequence[int], trump: int) -> int:
    """What a trick (card indices) holds worth taking: 2 for a ten or the jack of trumps, 1
    for other cards of Game value (§1.2), 0 for nothing.

    >>> from engine.cards import Card
    >>> [stake([Card.parse(c).index], 0) for c in ("Td", "Kd", "5d", "Js")]
    [2, 1, 0, 2]
    """
    jack = trump * 16 + JACK
    found = 0
    for card in trick:
        rank = card & 15
        if rank == TEN or card == jack:
            return 2
        if rank > TEN:
            found = 1
    return found


def takers(before: Sequence[int], trump: int) -> tuple[tuple[int, float], ...]:
    """The cards that would take a trick (``before``: its cards so far), as the tiers of
    ``not_taken``: the higher cards of the suit led (``NOT_TAKEN``), then the trumps that beat
    the master card (``NOT_TRUMPED`` by the trick's ``stake``). Every one of them may be
    played (§1.3: trump or follow).

    >>> from engine.cards import Card, cards_in
    >>> tiers = takers([Card.parse("Td").index], 1)  # hearts trumps
    >>> [(len(cards_in(cards)), weight) for cards, weight in tiers]
    [(4, 0.06), (13, 0.05)]
    """
    beaters = BEATERS[trump][before[trick_winner_offset(before, trump)]]
    trumps = SUIT_MASKS[trump] & FULL_DECK_MASK
    tiers: list[tuple[int, float]] = []
    if beaters & ~trumps:
        tiers.append((beaters & ~trumps, NOT_TAKEN))
    if beaters & trumps:
        tiers.append((beaters & trumps, NOT_TRUMPED[stake(before, trump)]))
    return tuple(tiers)


def not_taken(before: Sequence[int], card: int, trump: int) -> tuple[tuple[int, float], ...]:
    """What the last player to a trick an opponent holds says by playing ``card`` to it, as
    tiers ``(cards, weight)`` (``takers``): a world in which it still holds one of the first
    tier's cards weighs that tier's weight, else one of the next tier's its weight. Nothing
    when ``card`` takes the trick.

    >>> from engine.cards import Card
    >>> not_taken([Card.parse("Td").index], Card.parse("Ad").index, 1)
    ()
    """
    tiers = takers(before, trump)
    if any(cards >> card & 1 for cards, _ in tiers):
        return ()
    return tiers


def chance(value: float, curve: tuple[float, float]) -> float:
    """The model's chance of a decision taken above the ``curve`` (its threshold and scale),
    for a hand of strength ``value``.

    >>> round(chance(4.0, (4.0, 1.0)), 2), round(chance(20.0, (4.0, 1.0)), 3)
    (0.5, 0.95)
    """
    threshold, scale = curve
    z = (value - threshold) / scale
    if z > 30:
        return 1.0 - FLOOR
    if z < -30:
        return FLOOR
    return FLOOR + (1.0 - 2.0 * FLOOR) / (1.0 + math.exp(-z))


Withheld = tuple[int, tuple[tuple[int, float], ...]]
"""A seat and the tiers ``(cards, weight)`` of what it did not play (``History.withheld``)."""


@dataclass(frozen=True, slots=True)
class Statement:
    """One decision about trumps the model weighs: ``seat`` chose above (stand, give, accept)
    or not (beg, run, refuse) the ``curve`` for ``suit``, holding the cards first dealt and
    ``runs`` runs of the pack."""

    seat: int
    above: bool
    curve: tuple[float, float]
    suit: int
    runs: int


@dataclass(frozen=True, slots=True)
class History:
    """What a view's public record says about the hands (see the module docstring):
    ``statements`` to weigh, the seats whose discards are weighed, the cards each seat has
    played, the runs made this deal and the trump suit (``-1`` while not fixed)."""

    statements: tuple[Statement, ...]
    discarders: tuple[int, ...]
    played: tuple[int, ...]
    runs: int
    trump: int
    withheld: tuple[Withheld, ...] = ()
    """Cards a seat did not play to a trick when it could: ``(seat, tiers)``, a world in
    which that seat still holds one of a tier's cards (a mask) weighing that tier's weight,
    the first such tier only (``NOT_FED``, ``NOT_SAVED``, ``not_taken``)."""

    @property
    def says_nothing(self) -> bool:
        return not self.statements and not self.discarders and not self.withheld


def history(view: PlayerView) -> History:
    """The statements of ``view``'s record (none for the viewer's own decisions: it knows its
    hand).

    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=3)
    >>> state = allfours.apply(state, state.to_act, allfours.Beg()).state
    >>> [(s.seat, s.above) for s in history(allfours.observe(state, 0)).statements]
    [(2, False)]
    """
    rules = view.rules
    n = rules.players
    elder = view.elder
    dealer = view.dealer
    found: list[Statement] = []
    played = [0] * n
    for seat, card in view.plays:
        played[seat] |= card.bit
    # The candidates of this deal (a turned card of a suit not turned before it; Caribbean:
    # the first kick, then each kick of another suit), with the runs made before each.
    candidates: list[tuple[int, int]] = []
    seen = 0
    for runs, card in enumerate(view.turned):
        bit = 1 << card.suit_index
        if rules.variant == "caribbean":
            if runs == 0 or card.suit_index != view.turned[0].suit_index:
                candidates.append((card.suit_index, runs))
        elif not seen & bit:
            candidates.append((card.suit_index, runs))
        seen |= bit
    runs_made = max(len(view.turned) - 1, 0)
    given = any(award.reason in ("take_one", "gift") for award in view.awards)
    forced = refusal_is_forced(view)
    phase = view.phase
    acceptance = n >= 3 and rules.variant != "caribbean"
    curves = CURVES[rules.variant]
    elder_side = elder % rules.sides
    for at, (suit, runs) in enumerate(candidates):
        latest = at == len(candidates) - 1
        if acceptance:
            if not latest:
                refusers = list(range(n))
            elif phase is Phase.DECLARE:
                refusers = list(range((view.to_act - elder) % n if view.to_act is not None else 0))
            else:
                refusers = []
            for k in refusers:
                seat = (elder + k) % n
                if not (forced and seat % rules.sides != elder_side):
                    found.append(Statement(seat, False, curves["accept"], suit, runs))
            continue
        if not latest:
            found.append(Statement(elder, False, curves["stand"], suit, runs))
            if not forced:
                found.append(Statement(dealer, False, curves["give"], suit, runs))
        elif phase is Phase.REPLY:
            found.append(Statement(elder, False, curves["stand"], suit, runs))
        elif phase in (Phase.DISCARD, Phase.PLAY) and not (rules.variant == "caribbean" and at > 0):
            if rules.variant == "sevenup" and at > 0:
                continue  # trumps by a run: nobody chose them (§4.1)
            if given:
                found.append(Statement(elder, False, curves["stand"], suit, runs))
                found.append(Statement(dealer, True, curves["give"], suit, runs))
            else:
                found.append(Statement(elder, True, curves["stand"], suit, runs))
    statements = tuple(s for s in found if s.seat != view.seat)
    discarders: tuple[int, ...] = ()
    if phase is Phase.PLAY or phase is Phase.DISCARD:
        discarders = tuple(
            seat for seat in range(n) if seat != view.seat and view.discard_sizes[seat]
        )
    trump = view.trump
    trump_index = "shdc".index(trump) if trump is not None else -1
    return History(
        statements,
        discarders,
        tuple(played),
        runs_made,
        trump_index,
        _withheld(view, trump_index),
    )


def refusal_is_forced(view: PlayerView) -> bool:
    """Whether, in ``view``'s deal, every answer to a beg and every refusal outside the elder's
    side was made with the elder's side one gift short of the target, so that accepting would
    have handed over the game (§1.7, §1.8): a player refuses or runs the pack then whatever its
    hand, and the model reads nothing from it. The gift or take one is the only point the
    elder's side can score before trumps are fixed (kicks go to the dealer's side).

    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("seven-up"), seed=3)
    >>> refusal_is_forced(allfours.observe(state, 0))
    False
    """
    rules = view.rules
    if not rules.gift_point:
        return False  # a take one that pays nothing hands over nothing
    elder_side = view.elder % rules.sides
    gifts = sum(
        award.points
        for award in view.awards
        if award.reason in ("take_one", "gift") and award.side == elder_side
    )
    return view.scores[elder_side] - gifts + 1 >= rules.target


def _withheld(view: PlayerView, trump: int) -> tuple[Withheld, ...]:
    """What the last player to each trick did not play when it could (see ``NOT_FED`` and
    ``not_taken``): to its partner's trick (partnerships), the ten of the suit led while it
    followed suit with another card, and the jack of trumps; to an opponent's trick, every
    card that would have taken it. A card it played later is in every world alike, so only
    the cards it still holds tell worlds apart (``_held_then``)."""
    n = view.rules.players
    sides = view.rules.sides
    if trump < 0:
        return ()
    found: list[Withheld] = []
    plays = view.plays
    jack = trump * 16 + JACK
    for start in range(0, len(plays) - n + 1, n):
        trick = [card.index for _, card in plays[start : start + n]]
        seat = plays[start + n - 1][0]
        if seat == view.seat:
            continue
        before = trick[:-1]
        card = trick[-1]
        if plays[start + trick_winner_offset(before, trump)][0] % sides != seat % sides:
            later = 0
            for player, played in plays[start + n :]:
                if player == seat:
                    later |= played.bit
            tiers = _held_then(not_taken(before, card, trump), later)
            if tiers:
                found.append((seat, tiers))
            continue
        led = before[0] >> 4
        if led != trump and card >> 4 == led and card & 15 != TEN:
            found.append((seat, ((1 << (led * 16 + TEN), NOT_FED),)))
        if card != jack:
            found.append((seat, ((1 << jack, NOT_SAVED),)))
    return tuple(found)


def _held_then(tiers: tuple[tuple[int, float], ...], later: int) -> tuple[tuple[int, float], ...]:
    """``tiers`` for a player that has since played the cards ``later``: it held them then in
    every world, so from the first tier they reach on, every world weighs that tier's weight
    (a last tier of all cards; none at all when it is the first).

    >>> _held_then(((0b01, 0.1), (0b10, 0.5)), later=0b10) == ((0b01, 0.1), (FULL_DECK_MASK, 0.5))
    True
    """
    for at, (cards, weight) in enumerate(tiers):
        if cards & later:
            return () if at == 0 else (*tiers[:at], (FULL_DECK_MASK, weight))
    return tiers


def likelihood(record: History, world: GameState, random: Callable[[], float]) -> float:
    """The model's chance of the record in ``world`` (a sampled deal), between 0 and 1;
    ``random`` draws the cards held at each decision where the world cannot tell (one order
    per seat for all its statements: the cards held later include those held earlier; see
    the module docstring)."""
    found = 1.0
    hands = world.hands
    discards = world.discards
    played = record.played
    received: dict[int, list[int]] = {}  # a seat's cards in the order it may have got them
    for statement in record.statements:
        seat = statement.seat
        order = received.get(seat)
        if order is None:
            order = received[seat] = random_order(
                hands[seat] | discards[seat] | played[seat], random
            )
        cards = first_of(order, HAND_SIZE + PACKET * statement.runs)
        p = chance(strength(cards, statement.suit), statement.curve)
        found *= p if statement.above else 1.0 - p
    for seat, tiers in record.withheld:
        held = hands[seat]
        for cards, weight in tiers:
            if held & cards:
                found *= weight
                break
    trump = record.trump
    if trump >= 0:
        trumps = SUIT_MASKS[trump]
        for seat in record.discarders:
            kept = hands[seat] | played[seat]
            thrown = discards[seat]
            plain_kept = kept & ~trumps
            if plain_kept:
                found *= DISCARD_TRUMP ** (thrown & trumps).bit_count()
            if plain_kept & _BELOW_TEN:
                found *= DISCARD_VALUE ** (thrown & ~trumps & _TENS_AND_ACES).bit_count()
    return found
