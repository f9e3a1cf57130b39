"""Who may do what in All Fours (RULES.md §1.3, §1.8, §2.4, §3.3, §3.4, §4.2): the legal
actions of a seat, and the reason an action is refused.

``legal_actions`` lists concrete actions; ``validate`` raises ``IllegalActionError`` saying
why an action is not allowed (not that seat's turn, a card that breaks the duty of §1.3, an
acceptance whose point would hand over the game with ``allow_take_one_to_win`` off...).
Discards are listed one card at a time, for every seat still above six cards (§3.4).
"""

from __future__ import annotations

from typing import Final

from engine.allfours.actions import Action, Beg, Discard, Play, RunPack, Stand, TakeOne
from engine.allfours.deck import HAND_SIZE
from engine.allfours.play import legal_play_mask
from engine.allfours.state import GameState, Phase
from engine.allfours.trumps import is_gift_forbidden, is_round_of_acceptance
from engine.cards import (
    CARDS_BY_INDEX,
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    Card,
    Suit,
    card_at,
    cards_in,
)
from engine.core import IllegalActionError, check_seat, plays_of
from engine.reasons import DutyOfPlay, MustFollowSuit, MustNotUndertrump, MustPlayTrump

STAND: Final = Stand()
BEG: Final = Beg()
TAKE_ONE: Final = TakeOne()
RUN_PACK: Final = RunPack()
DISCARDS: Final = tuple(Discard((card,)) if card is not None else None for card in CARDS_BY_INDEX)


def legal_actions(state: GameState, seat: object) -> list[Action]:
    """Every action ``seat`` may take now; empty when that seat may not act. A ``seat`` that
    is not a seat of the table raises ``IllegalActionError`` (like ``apply``).

    >>> from engine import allfours
    >>> state = allfours.new_game(allfours.preset("caribbean"), seed=1)
    >>> [str(a) for a in legal_actions(state, state.to_act)]
    ['Stand()', 'Beg()']
    """
    seat = check_seat(seat, state.players)
    phase = state.phase
    if phase is Phase.PLAY:
        if seat != state.to_act_:
            return []
        return plays_of(legal_play_mask(state, seat))  # type: ignore[return-value]
    if phase is Phase.DECLARE:
        if seat != state.to_act_:
            return []
        if is_round_of_acceptance(state.rules) and is_gift_forbidden(state, seat):
            return [BEG]
        return [STAND, BEG]
    if phase is Phase.REPLY:
        if seat != state.to_act_:
            return []
        return [RUN_PACK] if is_gift_forbidden(state, seat) else [TAKE_ONE, RUN_PACK]
    if phase is Phase.DISCARD:
        hand = state.hands[seat]
        if hand.bit_count() <= HAND_SIZE:
            return []
        return [DISCARDS[card.index] for card in cards_in(hand)]  # type: ignore[misc]
    return []


def _explain_illegal_play(state: GameState, seat: int, card: Card) -> tuple[str, DutyOfPlay | None]:
    """Why a card may not be played: (message, the duty it breaks, if any) (§1.3)."""
    hand = state.hands[seat]
    if not hand & card.bit:
        return f"seat {seat} does not hold {card}", None
    led = state.trick[0] >> 4
    trump = state.trump
    if led == trump:
        message = f"trumps ({SUIT_NAMES[SUITS[trump]]}) were led and you hold a trump: play a trump"
        return message, MustPlayTrump(Suit(SUITS[trump]))
    if hand & SUIT_MASKS[led] and not (card.suit_index == led or card.suit_index == trump):
        message = (
            f"{SUIT_NAMES[SUITS[led]]} were led and you hold {SUIT_NAMES[SUITS[led]]}: "
            f"follow suit or play a trump ({SUIT_NAMES[SUITS[trump]]})"
        )
        return message, MustFollowSuit(led=Suit(SUITS[led]), or_trump=Suit(SUITS[trump]))
    message = (
        "undertrumping is not allowed at this table: play a trump higher than the one in the "
        "trick, or another card you may play"
    )
    return message, MustNotUndertrump(Suit(SUITS[trump]), card_at(state.master_card))


def _reject(
    state: GameState, seat: int, action: object, why: str, duty: DutyOfPlay | None = None
) -> IllegalActionError:
    return IllegalActionError(f"seat {seat} cannot {action}: {why}", why=duty)


def _whose_turn(state: GameState) -> str:
    return f"it is seat {state.to_act_}'s turn"


def validate(state: GameState, seat: int, action: object) -> None:
    """Raise ``IllegalActionError`` saying why, unless ``seat`` may take ``action`` now."""
    if state.winner_ is not None:
        raise _reject(state, seat, action, "the game is over")
    phase = state.phase
    match action:
        case Play(card=card):
            if phase is not Phase.PLAY:
                raise _reject(state, seat, action, f"no card is played in the {phase.value} phase")
            if seat != state.to_act_:
                raise _reject(state, seat, action, _whose_turn(state))
            if not legal_play_mask(state, seat) & card.bit:
                message, duty = _explain_illegal_play(state, seat, card)
                raise _reject(state, seat, action, message, duty)
        case Stand() | Beg():
            if phase is not Phase.DECLARE:
                raise _reject(
                    state, seat, action, f"nobody stands or begs in the {phase.value} phase"
                )
            if seat != state.to_act_:
                raise _reject(state, seat, action, _whose_turn(state))
            if (
                isinstance(action, Stand)
                and is_round_of_acceptance(state.rules)
                and is_gift_forbidden(state, seat)
            ):
                raise _reject(state, seat, action, "its gift point would win the elder the game")
        case TakeOne() | RunPack():
            if phase is not Phase.REPLY:
                raise _reject(state, seat, action, "the dealer answers only after a beg")
            if seat != state.to_act_:
                raise _reject(state, seat, action, f"only the dealer (seat {state.dealer}) answers")
            if isinstance(action, TakeOne) and is_gift_forbidden(state, seat):
                raise _reject(state, seat, action, "its point would give the beggars the game")
        case Discard(cards=cards):
            if phase is not Phase.DISCARD:
                raise _reject(state, seat, action, f"nobody discards in the {phase.value} phase")
            hand = state.hands[seat]
            excess = hand.bit_count() - HAND_SIZE
            if excess <= 0:
                raise _reject(state, seat, action, "that seat already holds six cards")
            named = 0
            for card in cards:
                if not hand & card.bit:
                    raise _reject(state, seat, action, f"seat {seat} does not hold {card}")
                if named & card.bit:
                    raise _reject(state, seat, action, f"{card} is named twice")
                named |= card.bit
            if not cards or len(cards) > excess:
                raise _reject(
                    state, seat, action, f"discard between 1 and {excess} card(s) to keep six"
                )
        case _:
            raise IllegalActionError(f"{action!r} is not an All Fours action")
