"""Scoring All Fours: the Game values of the cards, every single award and the target check,
and the count of a hand (RULES.md §1.2, §1.4, §1.7, §2.6, §2.8, §3.6, §4.2).

- Every award goes to one side and is followed at once by the target check (§1.7): the first
  side to reach the target wins at that instant, during the deal (a kick, the take-one or gift
  point) or part-way through the count (AMB-09, AMB-25).
- The count, after the last trick, in this order: **High** (holder of the highest trump in
  play), **Low** (holder of the lowest; ``low_mode="captured"``: its capturer, English and
  Seven Up only, AMB-06), **Jack** (only if the jack of trumps was in play: Caribbean 1 to the
  holder's side if that side won it, else 3 to the capturers — hang jack, §2.6, §2.8; English
  and Seven Up 1 to the capturer, §3.6, AMB-07), **Game** (the strictly highest total of
  captured §1.2 values; a tie scores nothing, or with ``game_tie="non_dealer"`` goes to the
  first tied side from the elder that is not the dealer's, §1.4, AMB-08). No trump in play:
  no High, Low or Jack (AMB-15). Cards in play are the cards in hand when trick play began —
  never turned-up or discarded cards (§0, §1.5, AMB-14).

The rule functions change a private copy of the state in place and append events to ``ev``
when it is a list; the simulation path passes ``None``.
"""

from __future__ import annotations

from typing import Final

from engine.allfours.actions import Event, HandEnded
from engine.allfours.deck import ACE, JACK, KING, QUEEN, TEN
from engine.allfours.rules import Ruleset
from engine.allfours.state import GameState, Phase
from engine.cards import SUIT_MASKS, card_at
from engine.core import GameOver, PointsAwarded, seat_of_play


def _rank_mask(rank: int) -> int:
    return sum(1 << (suit * 16 + rank) for suit in range(4))


# The ranks that carry Game-point values (§1.2), in every suit.
_ACES: Final = _rank_mask(ACE)
_KINGS: Final = _rank_mask(KING)
_QUEENS: Final = _rank_mask(QUEEN)
_JACKS: Final = _rank_mask(JACK)
_TENS: Final = _rank_mask(TEN)


def game_points(mask: int) -> int:
    """The §1.2 Game value of a set of cards (A 4, K 3, Q 2, J 1, T 10).

    >>> from engine.cards import mask_of, parse_cards
    >>> game_points(mask_of(parse_cards("Th As 2c")))
    14
    """
    return (
        4 * (mask & _ACES).bit_count()
        + 3 * (mask & _KINGS).bit_count()
        + 2 * (mask & _QUEENS).bit_count()
        + (mask & _JACKS).bit_count()
        + 10 * (mask & _TENS).bit_count()
    )


HANG_JACK: Final = 3
"""Points of a hanged jack (Caribbean, §2.6)."""


def jack_award(variant: str, holder_side: int, taker_side: int) -> tuple[int, int]:
    """The side that scores the jack of trumps, and how many points, from the sides of the
    player who held it and of the one who won its trick: English and Seven Up 1 to the
    capturer (§3.6); Caribbean 1 to the holder's side if it won the jack itself, else
    ``HANG_JACK`` to the capturers (§2.6, §2.8).

    >>> jack_award("caribbean", 0, 1), jack_award("caribbean", 1, 1), jack_award("english", 0, 1)
    ((1, 3), (1, 1), (1, 1))
    """
    if variant == "caribbean" and taker_side != holder_side:
        return taker_side, HANG_JACK
    return taker_side, 1


def game_side(rules: Ruleset, dealer: int, totals: tuple[int, ...]) -> int:
    """The side that scores the Game point from each side's captured Game value (§1.4): the
    strictly highest total; a tie scores nothing (``-1``), or with ``game_tie="non_dealer"``
    goes to the first tied side from the elder that is not the dealer's (AMB-08).

    >>> from engine.allfours.rules import preset
    >>> game_side(preset("seven-up"), 0, (12, 9)), game_side(preset("seven-up"), 0, (9, 9))
    (0, -1)
    >>> game_side(preset("seven-up").replace(game_tie="non_dealer"), 0, (9, 9))
    1
    """
    sides = len(totals)
    best = max(totals)
    if totals.count(best) == 1:
        return totals.index(best)
    if rules.game_tie == "non_dealer":
        n = rules.players
        dealer_side = dealer % sides
        for k in range(1, n + 1):
            side = (dealer + k) % n % sides
            if totals[side] == best and side != dealer_side:
                return side
    return -1


def award(
    st: GameState,
    side: int,
    points: int,
    reason: str,
    card: int,
    seat: int | None,
    ev: list[Event] | None,
) -> bool:
    """Score one award and check the target (§1.7); True if this award decided the game.

    The award is recorded in ``st.awards`` and reported only when events are collected; the
    simulation path (``ev is None``) needs the scores alone."""
    st.scores_[side] += points
    if ev is not None:
        given = PointsAwarded(side, points, reason, card_at(card) if card >= 0 else None, seat)
        st.awards += (given,)
        ev.append(given)
    if st.winner_ is None and st.scores_[side] >= st.rules.target:
        st.winner_ = side
        st.phase = Phase.OVER
        st.to_act_ = None
        return True
    return False


def award_now(
    st: GameState,
    side: int,
    points: int,
    reason: str,
    card: int,
    seat: int,
    ev: list[Event] | None,
) -> bool:
    """An award during the deal (kick, take one, gift): a win ends the game at once."""
    if award(st, side, points, reason, card, seat, ev):
        if ev is not None:
            ev.append(GameOver(side))
        return True
    return False


def side_game_points(st: GameState) -> tuple[int, ...]:
    """Game card values captured by each side this hand (§1.2).

    >>> from engine import allfours
    >>> side_game_points(allfours.new_game(allfours.preset("caribbean"), seed=1))
    (0, 0)
    """
    return tuple(game_points(won) for won in st.won_by_side)


def score_hand(st: GameState, ev: list[Event] | None) -> None:
    """High, Low, Jack, Game in that order, checking the target after each (§1.4, §1.7).

    Once a side has won, the rest of the count is still scored and reported when
    ``record_awards_after_win`` is set (display only: the winner never changes, AMB-09)."""
    rules = st.rules
    sides = rules.sides
    first_award = len(st.awards)

    def give(side: int, points: int, reason: str, card: int, seat: int | None) -> None:
        if st.winner_ is not None and not rules.record_awards_after_win:
            return
        award(st, side, points, reason, card, seat, ev)

    # Read from the trick record (§0): a card in play was held by whoever played it and
    # captured by the winner of its trick; at the count every card in play has been played.
    plays = st.plays
    winners = st.winners
    n = st.players
    elder = (st.dealer + 1) % n
    captured = st.won_by_side
    in_play = 0
    for mask in captured:
        in_play |= mask
    trump = st.trump
    trumps = in_play & SUIT_MASKS[trump]
    if trumps:  # no trump in play: High, Low and Jack are not awarded (AMB-15)
        high = trumps.bit_length() - 1
        holder = seat_of_play(plays.index(high), winners, elder, n)
        give(holder % sides, 1, "high", high, holder)
        low = (trumps & -trumps).bit_length() - 1
        at = plays.index(low)
        owner = (
            seat_of_play(at, winners, elder, n) if rules.low_mode == "held" else winners[at // n]
        )
        give(owner % sides, 1, "low", low, owner)
        jack = trump * 16 + JACK
        if in_play >> jack & 1:
            at = plays.index(jack)
            holder = seat_of_play(at, winners, elder, n)
            taker = winners[at // n]
            side, points = jack_award(rules.variant, holder % sides, taker % sides)
            hanged = points == HANG_JACK
            # A Caribbean jack won back is its holder's point; any other, its capturer's.
            scorer = holder if rules.variant == "caribbean" and not hanged else taker
            give(side, points, "hang_jack" if hanged else "jack", jack, scorer)
    totals = tuple(map(game_points, captured))
    game = game_side(rules, st.dealer, totals)
    if game >= 0:
        give(game, 1, "game", -1, None)
    if ev is not None:
        ev.append(HandEnded(st.hand_number, totals, st.awards[first_award:], tuple(st.scores_)))
    if st.winner_ is not None:
        st.phase = Phase.OVER
        st.to_act_ = None
        if ev is not None:
            ev.append(GameOver(st.winner_))
