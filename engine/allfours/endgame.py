"""The end of an All Fours hand played exactly, for the play-outs of a determinized world.

In a world of the search every hand is known, so once few cards are left the rest of the hand
can be solved instead of guessed: a minimax over every legal line (alpha-beta), each side
playing for the points that the play still decides — Jack or hang jack (§2.6, §3.6), Low when
it goes to its capturer (AMB-06) and Game (§1.4) — counted by the count's own rules
(``scoring.jack_award``, ``scoring.game_side``). High, and Low to its holder, were fixed when
the cards were dealt. The cards a seat may play are ``play.legal_cards``, the winner of each
trick is the master card after ``deck.BEATERS``: the same rule functions as a real trick.

Only games of two sides are solved (two players, or two partnerships): with three sides each
player plays for itself and there is no single value to minimise. The play-outs call it in
two-player games only, where it was measured (``rollout.EXACT_CARDS``).

Each side plays for points, not for its chance of winning the game. Near the target the order
of the count could favour a card that wins fewer points (the Jack is counted before Game), so
a version valued by the race (the count in ``scoring``'s order, the target checked after each
part, ``race_chances`` otherwise) was checked against this one by brute force: in 874
positions six cards from the end of a first hand, in games to 2 and 3 points (Seven Up,
two-player Caribbean), the cards worth the most points were always exactly the cards best in
the race. The simpler value stays.

The light policy of ``rollout`` judges a trick by itself; the exact play sees that a ten
thrown now may be trumped on the next trick, or that the jack must be played before the
opponent's last trump falls (measured: ``benchmarks/arena.py --set EXACT_CARDS=...``).
"""

from __future__ import annotations

from typing import Final

from engine.allfours.deck import BEATERS, JACK
from engine.allfours.play import legal_cards
from engine.allfours.scoring import game_points, game_side, jack_award
from engine.allfours.state import GameState
from engine.cards import SUIT_MASKS

_WORST: Final = -100
"""Below any value of a hand (a side wins at most 3 + 1 + 1 points by play)."""


class _Position:
    """What the minimax reads and changes: the hands, the cards each side has won and the
    facts of the count that do not change while the hand is played out."""

    def __init__(self, st: GameState) -> None:
        rules = st.rules
        self.rules = rules
        self.players = st.players
        self.dealer = st.dealer
        self.trump = st.trump
        self.beaters = BEATERS[st.trump]
        self.forbid_undertrump = rules.forbid_undertrump
        self.hands = list(st.hands)
        self.won = [st.won_by_side[0], st.won_by_side[1]]
        # The current trick's cards, and who played each.
        count = (st.to_act_ - st.leader) % st.players if st.to_act_ is not None else 0
        self.trick = 0
        played_by: dict[int, int] = {}
        if count:
            for offset, card in enumerate(st.plays[-count:]):
                self.trick |= 1 << card
                played_by[card] = (st.leader + offset) % st.players
        in_hands = 0
        for hand in self.hands:
            in_hands |= hand
        # The jack of trumps is worth solving for only while it is still to be won.
        jack = st.trump * 16 + JACK
        self.jack = jack
        self.jack_holder_side = -1
        for seat, hand in enumerate(self.hands):
            if hand >> jack & 1:
                self.jack_holder_side = seat % 2
        if jack in played_by:
            self.jack_holder_side = played_by[jack] % 2
        # Low to its capturer (AMB-06): the lowest trump in play, if it is still to be won.
        self.low = -1
        if rules.low_mode == "captured":
            trumps = (in_hands | self.trick | self.won[0] | self.won[1]) & SUIT_MASKS[st.trump]
            lowest = trumps & -trumps
            if lowest & (in_hands | self.trick):
                self.low = lowest.bit_length() - 1

    def value(self) -> int:
        """The points the play decided, side 0's minus side 1's, once every card is played."""
        won = self.won
        total = 0
        if self.jack_holder_side >= 0:
            taker = 0 if won[0] >> self.jack & 1 else 1
            side, points = jack_award(self.rules.variant, self.jack_holder_side, taker)
            total += points if side == 0 else -points
        if self.low >= 0:
            total += 1 if won[0] >> self.low & 1 else -1
        game = game_side(self.rules, self.dealer, (game_points(won[0]), game_points(won[1])))
        if game >= 0:
            total += 1 if game == 0 else -1
        return total

    def minimax(
        self,
        seat: int,
        leader: int,
        led: int,
        master: int,
        master_seat: int,
        trick: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value (side 0's points minus side 1's) of the position with ``seat`` to play,
        both sides playing their best; alpha-beta within ``alpha`` .. ``beta``."""
        hands = self.hands
        hand = hands[seat]
        legal = legal_cards(hand, led, self.trump, master, self.forbid_undertrump)
        maximizing = seat % 2 == 0
        best = _WORST if maximizing else -_WORST
        following = (seat + 1) % self.players
        while legal:
            low = legal & -legal
            legal ^= low
            card = low.bit_length() - 1
            value = self.after(
                seat, following, leader, led, master, master_seat, trick, card, alpha, beta
            )
            if maximizing:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def after(
        self,
        seat: int,
        following: int,
        leader: int,
        led: int,
        master: int,
        master_seat: int,
        trick: int,
        card: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value once ``seat`` has played ``card``."""
        bit = 1 << card
        hands = self.hands
        hands[seat] ^= bit
        trick |= bit
        if led < 0:
            led, master, master_seat = card >> 4, card, seat
        elif self.beaters[master] >> card & 1:
            master, master_seat = card, seat
        if following != leader:
            value = self.minimax(following, leader, led, master, master_seat, trick, alpha, beta)
        else:
            side = master_seat % 2
            self.won[side] |= trick
            if hands[master_seat]:
                value = self.minimax(master_seat, master_seat, -1, -1, -1, 0, alpha, beta)
            else:
                value = self.value()
            self.won[side] ^= trick
        hands[seat] ^= bit
        return value


def exact_card(st: GameState, seat: int, legal: int, preferred: int) -> int:
    """The card among ``legal`` (a hand mask) that is best for ``seat``'s side when every
    seat plays the rest of the hand perfectly, knowing every hand (minimax); ``preferred``
    (a card of ``legal``, or ``-1``) is kept unless another card is strictly better. The
    state must be in trick play, in a game of two sides; it is not changed.

    >>> from engine import allfours
    >>> from engine.allfours.play import legal_play_mask
    >>> state = allfours.new_game(allfours.preset("english"), seed=3)
    >>> state = allfours.apply(state, state.to_act, allfours.Stand()).state
    >>> seat = state.to_act
    >>> legal = legal_play_mask(state, seat)
    >>> legal >> exact_card(state, seat, legal, -1) & 1
    1
    """
    if st.rules.sides != 2:
        raise ValueError("only a game of two sides is solved exactly")
    position = _Position(st)
    cards = []
    if preferred >= 0 and legal >> preferred & 1:
        cards.append(preferred)
    rest = legal & ~(1 << preferred) if preferred >= 0 else legal
    while rest:
        low = rest & -rest
        rest ^= low
        cards.append(low.bit_length() - 1)
    following = (seat + 1) % st.players
    ours = seat % 2 == 0  # side 0 maximizes
    best_card = cards[0]
    best = _WORST
    for card in cards:
        # A later card must do strictly better than the best so far: a window just beyond it.
        alpha, beta = (best, -_WORST) if ours else (_WORST, -best)
        value = position.after(
            seat,
            following,
            st.leader,
            st.led,
            st.master_card,
            st.master_seat,
            position.trick,
            card,
            alpha,
            beta,
        )
        mine = value if ours else -value
        if mine > best:
            best, best_card = mine, card
    return best_card


__all__ = ["exact_card"]
