"""What one seat may know: ``PlayerView`` and ``observe`` (DESIGN.md: a player's hand appears
only in that player's ephemeral panel; the table shows the rest).

Everything in a view is public except ``hand``: the cards played (they are face up), the
Return (turned face up and taken in full view, so it stays known while the declarer holds it),
the bidding, the teams, the tricks and points taken, the scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.core import check_seat
from engine.kqj.actions import HandEnded
from engine.kqj.deck import CONTRACTS, PLAYERS
from engine.kqj.rules import Ruleset
from engine.kqj.state import GameState, Phase, teams_as_lists


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know (``seat=None``: a spectator, who sees no hand at all).

    Everything here is public except ``hand``, the viewer's own cards. ``team_of`` is the
    team of every seat this round (``teams`` lists their seats); ``played`` is every card
    played this round as ``(seat, card)``; ``team_points`` / ``team_tricks`` are the card
    points and tricks each team has taken so far. ``bid`` is the standing bid (0 when none)
    in the auction, the contract value after it. ``declined`` lists the seats of the bidding
    team that passed on overcountering a counter (§6.3, AMB-K16); ``deal_count`` counts the
    deals of the game, redeals included."""

    seat: int | None
    rules: Ruleset
    phase: Phase
    hand_number: int
    dealer: int
    to_act: int | None
    team_of: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    return_card: Card | None
    contract: str | None
    declarer: int | None
    passes: int
    bid: int
    bid_contract: str | None
    bidder: int | None
    capot: bool
    multiplier: int
    counterer: int | None
    trick: tuple[tuple[int, Card], ...]
    leader: int
    played: tuple[tuple[int, Card], ...]
    trick_winners: tuple[int, ...]
    team_points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    scores: tuple[int, ...]
    pool: int
    winner: int | tuple[int, ...] | None
    last_round: HandEnded | None
    stock_left: int
    declined: tuple[int, ...]
    deal_count: int

    @property
    def round_number(self) -> int:
        """``hand_number`` in the rule book's word (RULES.md §5 calls a hand a round)."""
        return self.hand_number

    @property
    def elder(self) -> int:
        """The dealer's next seat: first to speak and to lead (the opener, §5.3)."""
        return (self.dealer + 1) % PLAYERS

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand as ``(seat, card)`` in order: ``played``, by the name
        the All Fours view gives it."""
        return self.played

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (its team, or itself with random partners)."""
        return seat if self.rules.random_partners else self.team_of[seat]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team of this round."""
        return teams_as_lists(self.team_of)

    def is_partner(self, seat: int, other: int) -> bool:
        """Whether two different seats are on the same team this round."""
        return seat != other and self.team_of[seat] == self.team_of[other]


def observe(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know: public facts plus that seat's own hand only.
    ``seat=None`` gives a spectator's view (no hand at all).

    >>> from engine import kqj
    >>> view = observe(kqj.new_game(kqj.preset("kqj"), seed=3), 0)
    >>> len(view.hand), view.hand_sizes, view.return_card is not None
    (5, (5, 5, 5, 5, 5, 5), True)
    """
    if seat is not None:
        seat = check_seat(seat, PLAYERS)
    contract = state.contract
    return PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        to_act=state.to_act_,
        team_of=state.team_of,
        hand=state.hand(seat) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        return_card=state.return_face,
        contract=CONTRACTS[contract] if contract >= 0 else None,
        declarer=state.declarer if state.declarer >= 0 else None,
        passes=state.passes,
        bid=state.bid,
        bid_contract=CONTRACTS[state.bid_contract] if state.bid_contract >= 0 else None,
        bidder=state.bidder if state.bidder >= 0 else None,
        capot=state.capot,
        multiplier=state.multiplier,
        counterer=state.counterer if state.counterer >= 0 else None,
        trick=state.current_trick,
        leader=state.leader,
        played=state.played,
        trick_winners=state.winners,
        team_points=tuple(state.team_points),
        team_tricks=tuple(state.team_tricks),
        scores=state.scores,
        pool=state.pool,
        winner=state.winner_,
        last_round=state.last_round,
        stock_left=max(len(state.stock) - 1, 0),
        declined=tuple(s for s in range(PLAYERS) if state.declined >> s & 1),
        deal_count=state.deal_count,
    )
