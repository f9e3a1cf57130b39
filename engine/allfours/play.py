"""All Fours trick play (RULES.md §1.3, §2.5, §3.5): which cards a player may play, playing one,
and who wins the trick.

- The elder (the dealer's next seat) leads to the first trick, even after a run; the winner of
  each trick leads to the next (§2.5, §3.5).
- **Trumps led**: a player holding a trump must play one (any). **A plain suit led**: a player
  holding it must follow suit or trump, free choice; a player without it plays anything. No
  duty to beat or overtrump (AMB-01); with ``forbid_undertrump`` (AMB-12), once a plain-suit
  trick holds a trump, a lower trump is allowed only to a player left with nothing else.
- **Winner**: the highest trump, else the highest card of the suit led. The trick record is
  kept card by card (``master_seat`` / ``master_card``: the card winning so far, after
  ``deck.BEATERS``), so a completed trick's winner is known without looking back.

The rule functions change a private copy of the state in place and append events to ``ev``
when it is a list; the simulation path passes ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.allfours.actions import Event
from engine.allfours.deck import BEATERS, FULL_DECK_MASK, trick_winner_offset
from engine.allfours.rules import Ruleset
from engine.allfours.scoring import game_points
from engine.allfours.state import GameState, Phase
from engine.cards import CARDS_BY_INDEX, SUIT_MASKS
from engine.core import CARDS_PLAYED, TrickWon

__all__ = [
    "begin_play",
    "legal_cards",
    "legal_play_mask",
    "play_out_tricks",
    "ruled_out_by_play",
    "step_play",
    "trick_winner_offset",
]


def begin_play(st: GameState) -> None:
    """Trumps are fixed and every hand holds its cards: the elder leads (§2.5, §3.5)."""
    st.phase = Phase.PLAY
    st.leader = (st.dealer + 1) % st.players
    st.to_act_ = st.leader
    st.led = -1
    st.master_seat = -1
    st.master_card = -1


def _duty(trump: int, led: int) -> tuple[int, int]:
    """The duty of §1.3 when ``led`` is led and ``trump`` is trumps: a player holding a card
    of the first mask must play a card of the second — trumps led: a trump; a plain suit led:
    that suit or a trump (a free choice, AMB-01)."""
    trumps = SUIT_MASKS[trump] & FULL_DECK_MASK
    if led == trump:
        return trumps, trumps
    follow = SUIT_MASKS[led] & FULL_DECK_MASK
    return follow, follow | trumps


DUTIES: Final = tuple(tuple(_duty(trump, led) for led in range(4)) for trump in range(4))
"""``DUTIES[trump][led]``: ``_duty(trump, led)``, looked up once per card played."""


def legal_play_mask(st: GameState, seat: int) -> int:
    """The cards ``seat`` may play to the current trick, as a hand mask (§1.3).

    >>> from engine import allfours
    >>> from engine.cards import cards_in, standard_deck
    >>> hands = [["Ah", "2c", "3s", "4s", "5s", "6s"], ["Kh", "Qh", "3c", "7s", "8s", "9s"]]
    >>> rest = [c for c in standard_deck() if str(c) not in hands[0] + hands[1] + ["2d"]]
    >>> state = allfours.deal(allfours.preset("seven-up"), hands=hands, stock=["2d", *rest])
    >>> state = allfours.apply(state, 1, allfours.Stand()).state  # diamonds are trumps
    >>> state = allfours.apply(state, 1, allfours.Play("7s")).state
    >>> [str(c) for c in cards_in(legal_play_mask(state, 0))]  # follow spades (any)
    ['3s', '4s', '5s', '6s']
    """
    return legal_cards(st.hands[seat], st.led, st.trump, st.master_card, st.rules.forbid_undertrump)


def legal_cards(hand: int, led: int, trump: int, master: int, forbid_undertrump: bool) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (``-1``:
    none yet, the player leads) and whose master card is ``master``, ``trump`` being trumps
    (§1.3, AMB-12): the rule itself, as a function of the facts it reads.

    >>> from engine.cards import Card, cards_in, mask_of, parse_cards
    >>> hand = mask_of(parse_cards("Ah 2c 3s 4s"))
    >>> spades, hearts, clubs = 0, 1, 3
    >>> [str(c) for c in cards_in(legal_cards(hand, spades, clubs, Card.parse("9s").index, False))]
    ['3s', '4s', '2c']
    >>> [str(c) for c in cards_in(legal_cards(hand, clubs, clubs, Card.parse("9c").index, False))]
    ['2c']
    """
    if led < 0:
        return hand  # leading: anything
    must_hold, may_play = DUTIES[trump][led]
    legal = hand & may_play if hand & must_hold else hand
    if forbid_undertrump and master >> 4 == trump and led != trump:
        # A trump in the trick is the master card (every trump beats a plain card), so the
        # master is the highest trump: below it only a hand of nothing else may go.
        allowed = legal & ~(((1 << master) - 1) & SUIT_MASKS[trump])
        if allowed:
            legal = allowed
    return legal


def ruled_out_by_play(rules: Ruleset, trick: Sequence[int], trump: int, card: int) -> int:
    """The cards a player cannot have held when playing ``card`` to ``trick`` (the cards
    played before it), as a hand mask: ``legal_play_mask`` (§1.3) read backwards.

    - Trumps led, a card that is not a trump: no trump (holding one, the player must trump).
    - A plain suit led, a card of a third suit: none of the led suit (holding one, the player
      must follow or trump). A trump proves nothing: trumping is allowed instead of following.
    - ``forbid_undertrump`` (AMB-12), a plain suit led and a trump lower than the highest trump
      in the trick: the player held nothing but trumps lower than that one (any other card
      would have been legal, and the undertrump not).

    Each fact is about the hand at that moment, so it stays true for the rest of the hand:
    no card joins a hand once tricks are played.

    >>> from engine.allfours.rules import preset
    >>> from engine.cards import Card, cards_in
    >>> diamonds_led = (Card.parse("Td").index,)
    >>> hearts = 1
    >>> out = ruled_out_by_play(preset("caribbean"), diamonds_led, hearts, Card.parse("2s").index)
    >>> len(cards_in(out)), {card.suit for card in cards_in(out)}
    (13, {'d'})
    >>> ruled_out_by_play(preset("caribbean"), diamonds_led, hearts, Card.parse("2h").index)
    0
    """
    if not trick:
        return 0
    led = trick[0] >> 4
    suit = card >> 4
    if led == trump:
        return 0 if suit == trump else SUIT_MASKS[trump] & FULL_DECK_MASK
    if suit == led:
        return 0
    if suit != trump:
        return SUIT_MASKS[led] & FULL_DECK_MASK
    if rules.forbid_undertrump:
        master = trick[trick_winner_offset(trick, trump)]
        if master >> 4 == trump and card < master:
            below = ((1 << master) - 1) & SUIT_MASKS[trump]
            return FULL_DECK_MASK & ~below
    return 0


def step_play(st: GameState, seat: int, card: int, ev: list[Event] | None) -> bool:
    """Play a card (already known to be legal); True when it completed the last trick of the
    hand (the count is next)."""
    return _play(st, seat, card, ev, None)


def play_out_tricks(st: GameState, random: Callable[[], float]) -> None:
    """Play the rest of the hand's tricks, each card chosen uniformly at random among the
    legal ones of the seat to act (``random()``: a float in [0, 1)); the simulation path."""
    seat = st.to_act_
    assert seat is not None and st.phase is Phase.PLAY
    _play(st, seat, -1, None, random)


def _play(
    st: GameState,
    seat: int,
    card: int,
    ev: list[Event] | None,
    random: Callable[[], float] | None,
) -> bool:
    """The one implementation of trick play: ``seat`` plays ``card``, or with ``random`` every
    seat in turn plays a random legal card to the end of the hand. The trick record is kept
    in locals while cards are played and written back once: the winner of each trick (the
    master card, after ``BEATERS``) leads the next (§1.3, §2.5, §3.5)."""
    n = st.players
    hands = st.hands
    trump = st.trump
    beaters = BEATERS[trump]
    forbid_undertrump = st.rules.forbid_undertrump
    sides = st.rules.sides
    won_by_side = st.won_by_side
    leader = st.leader
    led = st.led
    master = st.master_card
    master_seat = st.master_seat
    trick = 0  # the cards of the trick, from this call's first
    earlier = (seat - leader) % n  # cards of the trick played before this call
    plays: list[int] = []
    winners: list[int] = []
    over = False
    while True:
        hand = hands[seat]
        if random is not None:
            mask = legal_cards(hand, led, trump, master, forbid_undertrump)
            skip = random() * mask.bit_count()  # pass over int(skip) legal cards
            while skip >= 1:
                mask &= mask - 1
                skip -= 1
            card = (mask & -mask).bit_length() - 1
        bit = 1 << card
        hands[seat] = hand ^ bit
        plays.append(card)
        trick |= bit
        if led < 0:
            led, master, master_seat = card >> 4, card, seat
        elif beaters[master] >> card & 1:
            master, master_seat = card, seat
        if ev is not None:
            ev.append(CARDS_PLAYED[seat][card])  # type: ignore[arg-type]
        seat = (seat + 1) % n
        if seat == leader:  # every seat has played: the master card wins the trick
            if earlier:
                for played in st.plays[-earlier:]:
                    trick |= 1 << played
                earlier = 0
            winners.append(master_seat)
            won_by_side[master_seat % sides] |= trick
            if ev is not None:
                recent = (st.plays[-n:] + tuple(plays))[-n:]
                cards = tuple(map(CARDS_BY_INDEX.__getitem__, recent))
                ev.append(TrickWon(master_seat, cards, game_points(trick)))  # type: ignore[arg-type]
            seat = leader = master_seat
            led = master = master_seat = -1
            trick = 0
            if not hands[seat]:
                over = True
                break
        if random is None:
            break
    st.plays += tuple(plays)
    if winners:
        st.winners += tuple(winners)
    st.leader = leader
    st.led = led
    st.master_card = master
    st.master_seat = master_seat
    st.to_act_ = seat
    return over
