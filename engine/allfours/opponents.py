"""The opponent model of All Fours: how likely the public record of a deal is, for given hands
— what inference weighs the sampled deals with (``simulate.sample_likely``).

A stand, a beg, the dealer's gift or run, a refusal in the round of acceptance and a discard
say something about the hand that made them (RULES.md §2.4, §3.3, §3.4, §4.2), which a
uniform deal ignores. The model is deliberately simple: a decision about trumps depends on the
hand it was made with through one number, the hand's **strength** in the candidate's suit
(``strength``: every trump counts, honours more — the measure of level ``easy``), and a
decision's chance is a logistic curve of it, never below ``FLOOR`` nor above ``1 - FLOOR`` (a
player the model misjudges costs little):

- **the elder** (two sides: stand or beg; §2.4, §3.3): ``P(stand) = logistic((S - t) / s)``
  with ``(t, s)`` the variant's ``CURVES["stand"]``; every candidate before the last was
  begged;
- **the dealer** answering a beg: ``P(give)``, the same with ``CURVES["give"]``; every
  candidate before the last was refused (the pack was run);
- **the round of acceptance** (three or four players, §4.2): each seat that refused likely has
  ``S`` below the curve ``CURVES["accept"]`` (who accepted is not public, so the last candidate's
  acceptance is not weighed);
- **discards** (§3.4): a player keeps its trumps and its tens and aces: each discarded trump
  weighs ``DISCARD_TRUMP`` while the player kept a plain card, each discarded plain ten or
  ace ``DISCARD_VALUE`` while it kept a plain card below a ten;
- **the last player to its partner's trick** (partnerships) feeds it the ten of the suit
  led and saves its jack of trumps there: a world where it still holds the ten it did not
  feed (following suit with another card) weighs ``NOT_FED``, one where it still holds the
  jack it did not play ``NOT_SAVED``.

Which hand a decision was made with: the six cards first dealt, plus three for every run of
the pack made before it; a world only says which cards a seat received in all (its hand, its
discards, the cards it played), not in which packet, and the packets are random, so
``likelihood`` draws the cards held at each decision uniformly among them — which makes the
acceptance chance of a world exactly the model's chance averaged over them.

The constants were fitted to level ``hard``'s own decisions in self-play by maximum likelihood
(``benchmarks/opponent_model.py`` prints the fit); nothing else constrains a deal.

>>> from engine.cards import mask_of, parse_cards
>>> strength(mask_of(parse_cards("Ah Kh 4h 2c 3d 5s")), 1)  # A 4, K 3, a small trump 1
8.0
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.allfours.deck import (
    ACE,
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
"""The least chance the model gives any decision."""
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
English (Seven Up's reads its two-player stand)."""
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
    withheld: tuple[tuple[int, int, float], ...] = ()
    """Cards a seat did not give its partner's trick when it could: ``(seat, card, weight)``,
    the weight of a world where that seat still holds the card (``NOT_FED``,
    ``NOT_SAVED``)."""

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
    phase = view.phase
    acceptance = n >= 3 and rules.variant != "caribbean"
    curves = CURVES[rules.variant]
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
                found.append(Statement((elder + k) % n, False, curves["accept"], suit, runs))
            continue
        if not latest:
            found.append(Statement(elder, False, curves["stand"], suit, runs))
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


def _withheld(view: PlayerView, trump: int) -> tuple[tuple[int, int, float], ...]:
    """The last player to each trick its partner held (partnerships): a ten of the suit led
    that it did not feed while following suit, and the jack of trumps it did not save there
    (see ``NOT_FED``)."""
    rules = view.rules
    n = rules.players
    if trump < 0 or rules.sides == n:
        return ()
    found: list[tuple[int, int, float]] = []
    plays = view.plays
    jack = trump * 16 + JACK
    for start in range(0, len(plays) - n + 1, n):
        trick = [card.index for _, card in plays[start : start + n]]
        seat = plays[start + n - 1][0]
        if seat == view.seat:
            continue
        before = trick[:-1]
        master = plays[start + trick_winner_offset(before, trump)][0]
        if master % rules.sides != seat % rules.sides:
            continue
        led = before[0] >> 4
        card = trick[-1]
        if led != trump and card >> 4 == led and card & 15 != TEN:
            found.append((seat, led * 16 + TEN, NOT_FED))
        if card != jack:
            found.append((seat, jack, NOT_SAVED))
    return tuple(found)


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
    for seat, card, weight in record.withheld:
        if hands[seat] >> card & 1:
            found *= weight
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
