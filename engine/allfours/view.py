"""What one All Fours seat may know: ``observe`` builds its ``PlayerView`` (DESIGN.md: a
player's hand appears only in that player's ephemeral panel; the table shows the rest).

Everything in a view is public except the viewer's own ``hand`` and ``discards``: the cards
turned up and played (face up), who won each trick, the awards and scores, how many cards
each seat holds and has discarded (§3.4: discards are face down).
"""

from __future__ import annotations

from engine.allfours.deck import HAND_SIZE
from engine.allfours.state import GameState, Phase, PlayerView
from engine.cards import SUITS, Card, card_at, cards_in
from engine.core import check_seat, seats_of_plays

__all__ = ["PlayerView", "observe", "trick_record"]


def observe(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know: public facts plus that seat's own hand and discards only.
    ``seat=None`` gives a spectator's view (no hand at all).

    >>> from engine import allfours
    >>> view = observe(allfours.new_game(allfours.preset("english"), seed=3), 0)
    >>> len(view.hand), view.hand_sizes
    (6, (6, 6))
    """
    if seat is not None:
        seat = check_seat(seat, state.players)
    n = state.players
    played = 0
    for card in state.plays:
        played |= 1 << card
    pending: tuple[int, ...] = ()
    if state.phase is Phase.DISCARD:
        pending = tuple(
            (state.elder + k) % n
            for k in range(n)
            if state.hands[(state.elder + k) % n].bit_count() > HAND_SIZE
        )
    plays, trick_winners = trick_record(state)
    return PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        elder=state.elder,
        to_act=state.to_act_,
        trump=state.trump_suit,
        kick=state.kick,
        turned=state.turned_cards,
        hand=state.hand(seat) if seat is not None else (),
        discards=tuple(cards_in(state.discards[seat])) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        pending_discards=pending,
        trick=state.current_trick,
        previous_trick=state.previous_trick,
        previous_trick_winner=state.previous_trick_winner,
        played=tuple(cards_in(played)),
        captured=tuple(tuple(cards_in(m)) for m in state.won_by_side),
        tricks_played=state.tricks_played,
        awards=state.awards,
        scores=state.scores,
        winner=state.winner_,
        stock_left=len(state.stock) - state.stock_pos,
        plays=plays,
        trick_winners=trick_winners,
        leader=state.leader,
        discard_sizes=tuple(m.bit_count() for m in state.discards),
        seen_suits=tuple(SUITS[s] for s in range(4) if state.seen_suits >> s & 1),
        deal_count=state.deal_count,
    )


def trick_record(state: GameState) -> tuple[tuple[tuple[int, Card], ...], tuple[int, ...]]:
    """Every card played this hand as ``(seat, card)`` in playing order (the current trick
    included), and the winner of each completed trick: the first trick is led by the elder,
    each later one by the previous winner (§2.5, §3.5).

    >>> from engine import allfours
    >>> trick_record(allfours.new_game(allfours.preset("caribbean"), seed=2))
    ((), ())
    """
    n = state.players
    winners = state.winners
    seats = seats_of_plays(len(state.plays), winners, (state.dealer + 1) % n, n)
    plays = tuple((seat, card_at(card)) for seat, card in zip(seats, state.plays, strict=True))
    return plays, winners
