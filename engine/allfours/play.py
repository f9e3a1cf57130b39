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

from collections.abc import Sequence

from engine.allfours.actions import Event
from engine.allfours.deck import BEATERS, FULL_DECK_MASK, trick_winner_offset
from engine.allfours.rules import Ruleset
from engine.allfours.scoring import game_points
from engine.allfours.state import GameState, Phase
from engine.cards import CARDS_BY_INDEX, SUIT_MASKS
from engine.core import CardPlayed, TrickWon

__all__ = [
    "begin_play",
    "legal_play_mask",
    "ruled_out_by_play",
    "step_play",
    "trick_winner_offset",
]


def begin_play(st: GameState) -> None:
    """Trumps are fixed and every hand holds its cards: the elder leads (§2.5, §3.5)."""
    st.phase = Phase.PLAY
    st.leader = (st.dealer + 1) % st.players
    st.to_act_ = st.leader
    st.master_seat = -1
    st.master_card = -1


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
    hand = st.hands[seat]
    master = st.master_card
    if master < 0:
        return hand  # leading: anything
    led = st.plays[len(st.winners) * st.players] >> 4
    trump = st.trump
    trump_mask = SUIT_MASKS[trump]
    if led == trump:
        trumps = hand & trump_mask
        return trumps if trumps else hand
    follow = hand & SUIT_MASKS[led]
    legal = follow | (hand & trump_mask) if follow else hand
    if st.rules.forbid_undertrump and master >> 4 == trump:
        # A trump in the trick is the master card (every trump beats a plain card), so the
        # master is the highest trump: below it only a hand of nothing else may go.
        allowed = legal & ~(((1 << master) - 1) & trump_mask)
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
    st.hands[seat] ^= 1 << card
    plays = (*st.plays, card)
    st.plays = plays
    master = st.master_card
    if master < 0 or BEATERS[st.trump][master] >> card & 1:
        st.master_card = card
        st.master_seat = seat
    if ev is not None:
        ev.append(CardPlayed(seat, CARDS_BY_INDEX[card]))  # type: ignore[arg-type]
    n = st.players
    winners = st.winners
    if len(plays) - len(winners) * n < n:
        st.to_act_ = (seat + 1) % n
        return False
    # The trick is complete: the master card wins it.
    winner = st.master_seat
    st.winners = (*winners, winner)
    if ev is not None:
        trick = plays[-n:]
        won = 0
        for played in trick:
            won |= 1 << played
        cards = tuple(CARDS_BY_INDEX[c] for c in trick)
        ev.append(TrickWon(winner, cards, game_points(won)))  # type: ignore[arg-type]
    st.leader = winner
    st.to_act_ = winner
    st.master_seat = -1
    st.master_card = -1
    return st.hands[winner] == 0
