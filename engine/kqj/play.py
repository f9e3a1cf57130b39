"""KQJ trick play (RULES.md §5.4): which cards a player may play, and playing one.

The legal plays of a player P, with the *master card* the card currently winning the trick:

1. leading: any card;
2. P holds the led suit: if the led suit is trumps (the trump suit, or any suit in all-trump),
   a card of it that beats the master if P has one — even over a partner — else any card of
   it; if the led suit is not trumps, any card of it;
3. P is void in the led suit: a partner is master → any card; an opponent is master → a card
   that beats it if P has one, else any card. There is no duty to undertrump (AMB-K03): this
   is where KQJ differs from Belote. In all-trump and no-trump no card of another suit can
   beat the master, so a void player may always play anything (AMB-K04, AMB-K05).

"Beats" comes from ``deck.BEATERS``: the master card is always of the led suit or a trump, so
a card beats it if it is higher in the same suit (trump order for trumps, plain order
otherwise) or, in a suit game, a trump played over a non-trump master.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.cards import CARDS_BY_INDEX, SUIT_MASKS
from engine.core import CARDS_PLAYED, TrickWon
from engine.kqj.actions import Event
from engine.kqj.deck import ALL_TRUMP, BEATERS, PLAYERS, POINTS, SUIT_CARDS, TRICKS
from engine.kqj.state import GameState, Phase


def begin_play(st: GameState) -> None:
    """The contract is fixed: the dealer's left leads to the first trick (§5.4, AMB-K24)."""
    opener = (st.dealer + 1) % PLAYERS
    st.phase = Phase.PLAY
    st.leader = opener
    st.to_act_ = opener
    st.trick = ()
    st.master_seat = -1
    st.master_card = -1


def legal_play_mask(st: GameState, seat: int) -> int:
    """The cards ``seat`` may play to the current trick, as a hand mask (§5.4).

    >>> from engine import kqj
    >>> from engine.cards import cards_in
    >>> state = kqj.deal(kqj.preset("kqj").replace(auction=True), dealer=5, hands=[
    ...     "9h 8h 7h Ah Th Hh Kh Jh", "Qh 6h 5h 4h 9s 8s 7s As", "Ts Hs Ks Qs Js 6s 5s 4s",
    ...     "9d 8d 7d Ad Td Hd Kd Qd", "Jd 6d 5d 4d 9c 8c 7c Ac", "Tc Hc Kc Qc Jc 6c 5c 4c"])
    >>> state = kqj.apply(state, 0, kqj.Capot("h")).state
    >>> state = kqj.apply(state, 0, kqj.Play("Jh")).state
    >>> [str(c) for c in cards_in(legal_play_mask(state, 1))]  # hearts led: beat the Jh
    ['Qh']
    """
    trick = st.trick
    if not trick:
        return st.hands[seat]
    master_seat = st.master_seat
    team_of = st.team_of
    return legal_cards(
        st.hands[seat],
        trick[0] >> 4,
        st.contract,
        st.master_card,
        team_of[master_seat] == team_of[seat],
    )


def legal_cards(hand: int, led: int, contract: int, master: int, partner_is_master: bool) -> int:
    """The cards of ``hand`` that may be played to a trick led in suit ``led`` (``-1``: none
    yet, the player leads) whose master card is ``master``, held by a partner of the player or
    not, under ``contract`` (§5.4): the rule itself, as a function of the facts it reads.

    >>> from engine.cards import Card, cards_in, mask_of, parse_cards
    >>> hand = mask_of(parse_cards("9h Jh 7s"))
    >>> hearts = 1
    >>> master = Card.parse("Ah").index  # hearts led and trumps: beat the ace if you can
    >>> [str(c) for c in cards_in(legal_cards(hand, hearts, hearts, master, True))]
    ['9h']
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    beaters = BEATERS[contract][master]
    if follow:
        if contract in (led, ALL_TRUMP):
            # A trump lead: beat the master if you can, even over a partner (§5.4 2.).
            beat = follow & beaters
            return beat if beat else follow
        return follow
    if partner_is_master:
        return hand  # void, partner master: anything, a higher trump included (§5.4 3.)
    beat = hand & beaters  # void, opponent master: beat it if you can, else anything
    return beat if beat else hand


def ruled_out_by_play(
    contract: int, led: int, master: int, opponent_master: bool, card: int
) -> int:
    """The cards a player cannot have held when playing ``card`` to a trick led in suit
    ``led`` whose master card was ``master`` (held by an opponent of the player or not), as a
    hand mask: ``legal_play_mask`` (§5.4) read backwards.

    - Following a trump lead (the trump suit, or any suit in all-trump) with a card that does
      not beat the master: no card of the led suit that beats it (§5.4 2.).
    - Following a plain lead: nothing (any card of the suit is legal).
    - Not following: none of the led suit; and if an opponent was master and the card does
      not beat it, no card that beats it either (§5.4 3.; no duty to undertrump, AMB-K03).

    Each fact is about the hand at that moment, so it stays true for the rest of the round.

    >>> from engine.cards import Card, cards_in
    >>> from engine.kqj.deck import contract_code
    >>> hearts, diamonds = contract_code("h"), contract_code("d")
    >>> master, ten = Card.parse("Ad").index, Card.parse("Ts").index
    >>> sorted({c.suit for c in cards_in(ruled_out_by_play(hearts, diamonds, master, True, ten))})
    ['d', 'h']
    >>> sorted({c.suit for c in cards_in(ruled_out_by_play(hearts, diamonds, master, False, ten))})
    ['d']
    """
    beaters = BEATERS[contract][master]
    if card >> 4 == led:
        if contract in (led, ALL_TRUMP) and not beaters >> card & 1:
            return beaters & SUIT_CARDS[led]
        return 0
    if opponent_master and not beaters >> card & 1:
        return SUIT_CARDS[led] | beaters
    return SUIT_CARDS[led]


ONE_CARD: Final = tuple((card,) for card in range(64))
"""``(card,)`` for every card index, ready to add to a trick."""


def step_play(st: GameState, seat: int, card: int, ev: list[Event] | None) -> bool:
    """Play a card (already known to be legal); True when it completed the eighth trick."""
    return _play(st, seat, card, ev, None)


def play_out_tricks(st: GameState, random: Callable[[], float]) -> None:
    """Play the rest of the round's tricks, each card chosen uniformly at random among the
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
    seat in turn plays a random legal card to the end of the round. The trick record is kept
    in locals while cards are played and written back once: the master card (after
    ``BEATERS``) wins the trick, its points go to the winner's team, the winner leads next
    (§5.4)."""
    hands = st.hands
    team_of = st.team_of
    contract = st.contract
    beaters = BEATERS[contract]
    trick = st.trick
    led = trick[0] >> 4 if trick else -1
    master = st.master_card
    master_seat = st.master_seat
    leader = st.leader
    plays = st.plays[: len(st.plays) - len(trick)]  # the completed tricks
    winners = st.winners
    over = False
    while True:
        hand = hands[seat]
        if random is not None:
            mask = legal_cards(
                hand, led, contract, master, led >= 0 and team_of[master_seat] == team_of[seat]
            )
            skip = random() * mask.bit_count()  # pass over int(skip) legal cards
            while skip >= 1:
                mask &= mask - 1
                skip -= 1
            card = (mask & -mask).bit_length() - 1
        hands[seat] = hand ^ (1 << card)
        trick += ONE_CARD[card]
        if led < 0:
            led, master, master_seat = card >> 4, card, seat
        elif beaters[master] >> card & 1:
            master, master_seat = card, seat
        if ev is not None:
            ev.append(CARDS_PLAYED[seat][card])  # type: ignore[arg-type]
        seat = (seat + 1) % PLAYERS
        if seat == leader:  # every seat has played: the master card wins the trick
            points = sum(map(POINTS[contract].__getitem__, trick))
            team = team_of[master_seat]
            st.team_points[team] += points
            st.team_tricks[team] += 1
            plays += trick
            winners += (master_seat,)
            if ev is not None:
                cards = tuple(map(CARDS_BY_INDEX.__getitem__, trick))
                ev.append(TrickWon(master_seat, cards, points))  # type: ignore[arg-type]
            seat = leader = master_seat
            led = master = master_seat = -1
            trick = ()
            if len(winners) == TRICKS:
                over = True
                break
        if random is None:
            break
    st.plays = plays + trick
    st.winners = winners
    st.trick = trick
    st.leader = leader
    st.master_card = master
    st.master_seat = master_seat
    st.to_act_ = seat
    return over
