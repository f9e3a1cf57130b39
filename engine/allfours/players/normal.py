"""Level ``normal`` for All Fours: rule-based play with card counting and a hand evaluation.

Every decision is priced in points of the score, ours minus theirs:

- **Stand, beg, take one, run the pack, accept or refuse** compare the ``outlook`` of the hand
  (expected High, Low, Jack and Game) for the turned suit with what begging or running leads
  to: the take-one / gift point, a fresh suit, and the kick points a run hands the dealer
  (RULES.md §2.3-§2.4, §3.2-§3.3, §4.1-§4.2), including a kick that would end the game.
- **Discards** (English, Seven Up, §3.4) keep the six cards with the best outlook.
- **Card play** prices every legal card: the chance that our side takes the trick (which seats
  still play, what they may hold, who is known to be void), what the trick then carries in
  Game values (turned into the expected Game point by ``game_swing``) and in jack points
  (hang jack, §2.6; to the capturer, §3.6), against what the card is worth kept for later (a
  ten still to be placed, a master trump, a jack still to be saved). So it throws a ten only
  into a trick its side keeps, saves the jack whenever a trick is safe for it, leads trumps to
  force out an opponent's unguarded jack, and wins a trick that decides Game.

It reads only the view and the legal actions; it draws nothing from ``rng`` (its decisions are
a function of the view), and ties go to the lowest card.

>>> import random
>>> from engine import allfours
>>> state = allfours.new_game(allfours.preset("seven-up"), seed=4)
>>> seat = state.to_act
>>> legal = allfours.legal_actions(state, seat)
>>> choose_action(allfours.observe(state, seat), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random
from typing import Final

from engine.allfours.actions import Action, Beg, Discard, Play, RunPack, Stand, TakeOne
from engine.allfours.game import kick_points, trick_winner_offset
from engine.allfours.players.evaluation import (
    JACK,
    Seating,
    game_swing,
    game_value,
    outlook,
)
from engine.allfours.players.knowledge import above, beaters, count_cards
from engine.allfours.state import Phase, PlayerView
from engine.cards import STANDARD_DECK_MASK, SUIT_MASKS, iter_indices, mask_of

TAKE_CHANCE: Final = 0.35
"""How often a dealer is expected to take one rather than run the pack after a beg."""
BEG_SIGNAL: Final = 0.35
"""What a beg tells: the beggar is weak in the turned suit, so it is worth more to the dealer."""
RUN_DILUTION: Final = 0.8
"""A run adds three unknown cards to every hand: a holding counts for less in the new suit."""
ELDER_OPTION: Final = 0.15
"""English: after a run the elder chooses again (stand, or beg once more), §3.3."""
GAME_STAKE: Final = 6.0
"""A game won or lost outright, in points of a hand (for kicks that would end the game)."""
PARTNER_REBEAT: Final = 0.6
"""The chance that a partner who can beat an opponent's winning card makes it stick."""
AVERAGE_CARD_VALUE: Final = 80 / 52
"""Game value of an average card (§1.2), when no card is left to average over."""


def choose_action(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    """The ``normal`` level's choice among ``legal`` for the seat of ``view``.

    ``rng`` is accepted for the common signature and not used: the choice depends on the
    view and the legal actions alone.
    """
    if not legal:
        raise ValueError("choose_action needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    if view.phase is Phase.DECLARE:
        return _declare(view, legal)
    if view.phase is Phase.REPLY:
        return _reply(view, legal)
    if view.phase is Phase.DISCARD:
        return _discard(view, legal)
    plays = {a.card.index: a for a in legal if isinstance(a, Play)}
    if not plays:
        return legal[0]
    return plays[_card(view, list(plays))]


# --- trump selection ------------------------------------------------------------------------


def _seating(view: PlayerView, hand: int, out: int, others_size: int | None = None) -> Seating:
    """Free slots of partners and opponents (``others_size`` cards each if given, else their
    current hand sizes) among the cards the seat has not seen."""
    assert view.seat is not None
    me = view.seat
    side = view.side_of(me)
    partner = opponent = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            continue
        size = size if others_size is None else others_size
        if view.side_of(seat) == side:
            partner += size
        else:
            opponent += size
    seen = hand | out | mask_of(view.played)
    return Seating(
        partner_slots=partner,
        opponent_slots=opponent,
        unseen=52 - seen.bit_count(),
        sides=view.rules.sides,
        hang_jack=view.rules.variant == "caribbean",
    )


def _out_of_play(view: PlayerView) -> int:
    return mask_of(view.turned) | mask_of(view.discards)


def _fresh_suits(view: PlayerView) -> list[int]:
    """Suits a run of the pack may still make trumps: Caribbean needs a suit other than the
    first kick's (§2.4); English and Seven Up a suit not turned yet this deal (§3.3, §4.1)."""
    if view.rules.variant == "caribbean":
        first = view.turned[0].suit_index if view.turned else -1
        return [s for s in range(4) if s != first]
    seen = {card.suit_index for card in view.turned}
    return [s for s in range(4) if s not in seen]


def _fresh_value(view: PlayerView, hand: int, out: int, seats: Seating) -> float:
    suits = _fresh_suits(view)
    if not suits:
        return 0.0  # every suit refused: a redeal
    return RUN_DILUTION * sum(outlook(hand, s, out, seats) for s in suits) / len(suits)


def _kick_expectation(view: PlayerView, hand: int, out: int) -> tuple[float, float]:
    """Points a run is expected to hand the dealer's side through kicks (§2.3, §3.3, §4.1),
    and the chance that one kick alone reaches the dealer's side's target."""
    rules = view.rules
    unseen = list(iter_indices(STANDARD_DECK_MASK & ~(hand | out | mask_of(view.played))))
    fresh = set(_fresh_suits(view))
    if not unseen:
        return 0.0, 0.0
    need = rules.target - view.scores[view.side_of(view.dealer)]
    total = 0.0
    winning = 0
    for card in unseen:
        if rules.variant != "caribbean" and card >> 4 not in fresh:
            continue  # English / Seven Up: a repeated suit is set aside without a point
        points = kick_points(rules, card)
        total += points
        winning += points >= need
    repeat = 1.25 if rules.variant == "caribbean" else 1.0  # a same-suit kick turns again
    return repeat * total / len(unseen), winning / len(unseen)


def _declare(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Stand or beg (accept or refuse with three or four players), by comparing outlooks."""
    assert view.kick is not None and view.seat is not None
    rules = view.rules
    me = view.seat
    hand = mask_of(view.hand)
    out = _out_of_play(view)
    seats = _seating(view, hand, out)
    keep = outlook(hand, view.kick.suit_index, out, seats)
    fresh = _fresh_value(view, hand, out, seats)
    kicks, kick_wins = _kick_expectation(view, hand, out)
    side = view.side_of(me)
    dealer_side = view.side_of(view.dealer)
    gift = 1.0 if rules.gift_point else 0.0
    if rules.players >= 3 and rules.variant != "caribbean":
        # The round of acceptance (§4.2): accepting outside the elder's side pays the gift.
        elder_side = view.side_of(view.elder)
        cost = gift / max(rules.sides - 1, 1) if side != elder_side else 0.0
        accept = keep - cost
        if me == view.dealer:
            refuse = fresh + kicks + kick_wins * GAME_STAKE  # the dealer's refusal runs
        else:
            refuse = 0.5 * fresh + (0.2 * gift if side == elder_side else 0.0)
        return _pick(Stand() if accept >= refuse else Beg(), legal)
    stand = keep
    run = fresh - kicks - kick_wins * GAME_STAKE
    if rules.variant == "english":
        run += ELDER_OPTION
    gift_wins = view.scores[side] + gift >= rules.target
    take_chance = 0.0 if gift_wins or dealer_side == side else TAKE_CHANCE
    beg = take_chance * (gift + keep - BEG_SIGNAL) + (1 - take_chance) * run
    return _pick(Stand() if stand >= beg else Beg(), legal)


def _reply(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The dealer: take one (give the gift) or run the pack."""
    assert view.kick is not None and view.seat is not None
    rules = view.rules
    hand = mask_of(view.hand)
    out = _out_of_play(view)
    seats = _seating(view, hand, out)
    gift = 1.0 if rules.gift_point else 0.0
    beggars = view.side_of(view.elder)
    if view.scores[beggars] + gift >= rules.target and RunPack() in legal:
        return RunPack()  # the point would hand them the game
    take = outlook(hand, view.kick.suit_index, out, seats) - gift + BEG_SIGNAL
    kicks, kick_wins = _kick_expectation(view, hand, out)
    run = _fresh_value(view, hand, out, seats) + kicks + kick_wins * GAME_STAKE
    if rules.variant == "english":
        run -= ELDER_OPTION
    return _pick(TakeOne() if take > run else RunPack(), legal)


def _pick(wanted: Action, legal: Sequence[Action]) -> Action:
    return wanted if wanted in legal else legal[-1]


def _discard(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Put away the card whose loss costs the hand's outlook least (trumps are fixed, §3.4)."""
    assert view.trump is not None
    trump = "shdc".index(view.trump)
    hand = mask_of(view.hand)
    out = _out_of_play(view)
    seats = _seating(view, hand, out, others_size=6)

    def kept_outlook(action: Action) -> tuple[float, int]:
        assert isinstance(action, Discard)
        bit = action.cards[0].bit
        return (outlook(hand & ~bit, trump, out | bit, seats), -action.cards[0].index)

    return max(legal, key=kept_outlook)


# --- card play --------------------------------------------------------------------------------


class _Table:
    """The facts one card-play decision needs, computed once per decision."""

    def __init__(self, view: PlayerView) -> None:
        assert view.seat is not None and view.trump is not None
        self.view = view
        self.odds = count_cards(view)
        self.me = view.seat
        self.side = view.side_of(view.seat)
        self.trump = "shdc".index(view.trump)
        self.jack = self.trump * 16 + JACK
        self.hang_jack = view.rules.variant == "caribbean"
        self.sides = view.rules.sides
        players = view.rules.players
        self.trick = [(seat, card.index) for seat, card in view.trick]
        self.later = [(self.me + k) % players for k in range(1, players - len(self.trick))]
        self.opponents = [s for s in range(players) if view.side_of(s) != self.side]
        ours = 0
        theirs = [0] * self.sides
        for side, cards in enumerate(view.captured):
            value = sum(game_value(card.index) for card in cards)
            if side == self.side:
                ours = value
            else:
                theirs[side] = value
        self.lead = ours - max(v for s, v in enumerate(theirs) if s != self.side)
        in_play = self.odds.in_play_chance()
        variance = float(sum(game_value(c) ** 2 for c in iter_indices(self.odds.hand)))
        variance += in_play * sum(game_value(c) ** 2 for c in iter_indices(self.odds.unseen))
        self.variance = variance
        self.card_value = self._expected_value_per_card(in_play)

    def _expected_value_per_card(self, in_play: float) -> float:
        """The Game value of an average card still to be played, to price later tricks."""
        odds = self.odds
        total = float(sum(game_value(c) for c in iter_indices(odds.hand)))
        total += in_play * sum(game_value(c) for c in iter_indices(odds.unseen))
        count = odds.hand.bit_count() + in_play * odds.unseen.bit_count()
        return total / count if count else AVERAGE_CARD_VALUE

    def spread_without(self, card: int) -> float:
        return math.sqrt(max(self.variance - game_value(card) ** 2, 0.0))

    def win_chance(self, best_seat: int, best: int) -> float:
        """The chance our side takes the trick, ``best`` (played by ``best_seat``) winning it
        now: each opponent still to play beats it if it can; a partner who can beat an
        opponent's card does so and usually keeps the trick."""
        view = self.view
        chance = 1.0 if view.side_of(best_seat) == self.side else 0.0
        beat = beaters(best, self.trump)
        for seat in self.later:
            holds = self.odds.chance_any([seat], beat)
            if view.side_of(seat) == self.side:
                chance += (1.0 - chance) * holds * PARTNER_REBEAT
            else:
                chance *= 1.0 - holds
        return chance

    def slope(self, spread: float) -> float:
        """How much one Game value more or less changes the expected Game point now."""
        if spread <= 0:
            return 0.0
        z = self.lead / spread
        return math.sqrt(2 / math.pi) / spread * math.exp(-z * z / 2)

    def jack_stakes(self, holder_side: int) -> tuple[float, float]:
        """Points, ours minus theirs, when our side takes / loses the trick holding the jack
        played by a seat of ``holder_side``."""
        if not self.hang_jack:
            return 1.0, -1.0 / max(self.sides - 1, 1)
        if holder_side == self.side:
            return 1.0, -3.0
        return 3.0, -1.0

    def jack_kept(self) -> float:
        """What our jack of trumps is worth if kept for a later trick."""
        odds = self.odds
        threat = odds.chance_any(self.opponents, above(self.jack))
        trumps = (odds.hand & SUIT_MASKS[self.trump]).bit_count()
        lose = threat * (0.55 if trumps == 1 else 0.35)
        return 1.0 - (4.0 if self.hang_jack else 2.0) * lose

    def future_chance(self, card: int) -> float:
        """The chance our side takes the trick ``card`` goes to, if it is kept for later."""
        threat = self.odds.chance_any(self.opponents, beaters(card, self.trump))
        return 1.0 - 0.8 * threat

    def kept_value(self, card: int) -> float:
        """What ``card`` is still worth in hand: its Game value yet to be placed, and the
        tricks a master or a trump may still win."""
        if card == self.jack:
            return self.jack_kept()
        spread = self.spread_without(card)
        value = 0.0
        points = game_value(card)
        if points:
            chance = self.future_chance(card)
            value += (
                chance * game_swing(self.lead + points, spread)
                + (1 - chance) * game_swing(self.lead - points, spread)
                - game_swing(self.lead, spread)
            )
        odds = self.odds
        is_trump = card >> 4 == self.trump
        master = not above(card) & odds.unseen
        potential = (1.0 if master else 0.5) if is_trump else (0.3 if master else 0.0)
        if is_trump and card > self.jack and odds.unseen >> self.jack & 1:
            potential += 0.3  # a trump above the jack may still hang it
        trick_value = self.card_value * (len(self.view.hand_sizes) - 1)
        value += potential * self.slope(spread) * 2 * trick_value
        return value + 0.0001 * (card & 15)

    def hunt(self, card: int, chance: float) -> float:
        """Leading trump ``card`` forces out an unseen jack whose holder has no other trump."""
        odds = self.odds
        if card >> 4 != self.trump or card < self.jack or not odds.unseen >> self.jack & 1:
            return 0.0
        other_trumps = list(iter_indices(odds.unseen & SUIT_MASKS[self.trump] & ~(1 << self.jack)))
        gain = 0.0
        for seat in range(len(self.view.hand_sizes)):
            if seat == self.me:
                continue
            holds = odds.holding_chance(seat, self.jack)
            if not holds:
                continue
            bare = 1.0
            for other in other_trumps:
                bare *= 1.0 - odds.holding_chance(seat, other)
            win, lose = self.jack_stakes(self.view.side_of(seat))
            usual = 0.2 if self.view.side_of(seat) == self.side else -0.2
            gain += holds * bare * (chance * win + (1 - chance) * lose - usual)
        return gain

    def score(self, card: int) -> float:
        """The value of playing ``card`` now, in points, ours minus theirs."""
        trick = [*self.trick, (self.me, card)]
        at = trick_winner_offset([c for _, c in trick], self.trump)
        best_seat, best = trick[at]
        chance = self.win_chance(best_seat, best)
        on_table = sum(game_value(c) for _, c in trick)
        spread = self.spread_without(card)
        value = chance * game_swing(self.lead + on_table, spread) + (1 - chance) * game_swing(
            self.lead - on_table, spread
        )
        for seat, played in trick:
            if played == self.jack:
                win, lose = self.jack_stakes(self.view.side_of(seat))
                value += chance * win + (1 - chance) * lose
        if not self.trick:
            value += self.hunt(card, chance)
        return value - self.kept_value(card)


def _card(view: PlayerView, cards: list[int]) -> int:
    table = _Table(view)
    return max(sorted(cards), key=table.score)


__all__ = ["choose_action"]
