"""Turned-up cards: the kick / trump candidate and what it scores (RULES.md §1.5, §2.2, §2.3,
§3.2, §4.1).

- A turned card is never part of any hand; once another card is turned it stays face up, out
  of play for the hand (§1.5).
- Caribbean: every kick scores for the dealer's side — ace 1, six (Trinidad) or two (Tobago)
  2, jack 3 — the second and third kicks of a run too, same suit or not (§2.3, AMB-03).
- English and Seven Up: a turned jack scores 1 for the dealer's side, the first candidate
  included, but only in a suit not yet turned this deal (§3.2, §4.1, AMB-03).
- The target is checked after each kick; a kick that wins ends the game there (AMB-25).
"""

from __future__ import annotations

from engine.allfours.actions import CardTurned, Event
from engine.allfours.deck import ACE, JACK, SIX, TWO
from engine.allfours.rules import Ruleset
from engine.allfours.scoring import award_now
from engine.allfours.state import GameState, Phase
from engine.cards import card_at


def kick_points(rules: Ruleset, card_index: int) -> int:
    """Points the dealer's side scores for turning ``card_index`` up (§2.3, §3.2, §4.1).

    English and Seven Up score only a jack of a suit not yet turned this deal; the caller
    decides that, this gives the value.

    >>> from engine.allfours.rules import preset
    >>> from engine.cards import Card
    >>> [kick_points(preset("caribbean"), Card.parse(c).index) for c in ("As", "6s", "2s", "Js")]
    [1, 2, 0, 3]
    >>> kick_points(preset("caribbean-tobago"), Card.parse("2s").index)
    2
    """
    rank = card_index & 15
    if rules.variant != "caribbean":
        return 1 if rank == JACK else 0
    if rank == ACE:
        return 1
    if rank == JACK:
        return 3
    if rank == (SIX if rules.kick_two_rank == "6" else TWO):
        return 2
    return 0


def turn(st: GameState, set_aside: bool, ev: list[Event] | None) -> int:
    """Turn the top card of the stock face up; ``set_aside`` reports a repeated suit."""
    card = st.stock[st.stock_pos]
    st.stock_pos += 1
    st.turned += (card,)
    if ev is not None:
        ev.append(CardTurned(card_at(card), len(st.turned), set_aside))
    return card


def turn_first(st: GameState, ev: list[Event] | None) -> None:
    """Turn the first kick / candidate (§2.2, §3.2) and score it for the dealer's side; then
    the elder stands or begs."""
    card = turn(st, False, ev)
    st.candidate = card
    st.seen_suits = 1 << (card >> 4)
    points = kick_points(st.rules, card)
    if points and award_now(st, st.dealer % st.rules.sides, points, "kick", card, st.dealer, ev):
        return
    st.phase = Phase.DECLARE
    st.to_act_ = (st.dealer + 1) % st.players
