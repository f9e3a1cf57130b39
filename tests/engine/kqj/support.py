"""Helpers for KQJ tests: stacked deals, scripted play, random games and their invariants."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import fields, is_dataclass

from engine import kqj
from engine.cards import Card, parse_cards
from engine.core import Play
from engine.kqj import Action, GameState, Phase, Ruleset
from engine.kqj.deck import CONTRACTS, DECK, FULL_MASK
from engine.kqj.state import master_of

BASE = kqj.preset("kqj")
AUCTION = BASE.replace(auction=True)

VARIANTS: dict[str, Ruleset] = {
    "3v3": BASE,
    "2v2v2": BASE.replace(teams="2v2v2", target=500),
    "random-partners": BASE.replace(random_partners=True, target=500),
    "auction": AUCTION.replace(target=2000),
    "auction-2v2v2": AUCTION.replace(teams="2v2v2"),
    "random-2v2v2": BASE.replace(teams="2v2v2", random_partners=True, target=500),
    "auction-random": AUCTION.replace(random_partners=True, target=500),
    "auction-random-2v2v2": AUCTION.replace(teams="2v2v2", random_partners=True, target=500),
    "suits-only-strict": BASE.replace(
        all_trump_no_trump=False, second_round_same_suit_allowed=False, target=500
    ),
    "options": AUCTION.replace(
        teams="2v2v2",
        auction_failure_pays="best_defence",
        countered_contract="wager",
        special_bonus_to="scoring_teams",
        capot_contract_value=250,
        target=500,
    ),
    "options-base": BASE.replace(
        teams="2v2v2", pool_on_failure="best_defence", special_bonus_to="scoring_teams", target=500
    ),
}


def names(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def stack_base(
    final_hands: Sequence[str], *, dealer: int, declarer: int, return_card: str
) -> tuple[list[list[str]], list[str]]:
    """The 5-card hands and the stock of a base deal that gives these 8-card hands once
    ``declarer`` takes ``return_card``: the completion goes clockwise from the dealer's left,
    three cards each and two for the declarer (RULES.md §5.3, AMB-K12)."""
    returned = Card.parse(return_card)
    initial: list[list[str]] = []
    completion: dict[int, list[str]] = {}
    for seat, text in enumerate(final_hands):
        cards = names(parse_cards(text))
        if seat == declarer:
            cards.remove(str(returned))
        initial.append(cards[:5])
        completion[seat] = cards[5:]
    stock = [str(returned)]
    for k in range(1, 7):
        stock.extend(completion[(dealer + k) % 6])
    return initial, stock


def base_deal(
    final_hands: Sequence[str],
    *,
    dealer: int,
    declarer: int,
    return_card: str,
    rules: Ruleset = BASE,
    **kwargs: object,
) -> GameState:
    """A base-game deal where everyone before ``declarer`` passes and ``declarer`` takes the
    Return in the first round; the result is at the start of trick play."""
    hands, stock = stack_base(
        final_hands, dealer=dealer, declarer=declarer, return_card=return_card
    )
    state = kqj.deal(rules, dealer=dealer, hands=hands, stock=stock, **kwargs)  # type: ignore[arg-type]
    while state.to_act != declarer:
        state = kqj.apply(state, state.to_act, kqj.Pass()).state  # type: ignore[arg-type]
    state = kqj.apply(state, declarer, kqj.Take()).state
    assert [set(state.hand(s)) for s in range(6)] == [set(parse_cards(h)) for h in final_hands]
    return state


def act(state: GameState, *moves: Action | str) -> GameState:
    """Apply moves for whoever is to act; a string is a card to play."""
    for move in moves:
        action = Play(move) if isinstance(move, str) else move
        seat = state.to_act
        assert seat is not None
        state = kqj.apply(state, seat, action).state
    return state


def play_cards(state: GameState, cards: str) -> tuple[GameState, list[object]]:
    """Play cards in order, each by the seat to act; collect every event."""
    events: list[object] = []
    for card in cards.split():
        seat = state.to_act
        assert seat is not None
        t = kqj.apply(state, seat, Play(card))
        state = t.state
        events.extend(t.events)
    return state, events


def finish_round(
    state: GameState, script: dict[int, list[str]] | None = None
) -> tuple[GameState, list[object]]:
    """Play to the end of the round: a seat plays the next card of its ``script`` when that
    card is legal, otherwise its first legal card. Returns the state and all events."""
    script = {seat: list(cards) for seat, cards in (script or {}).items()}
    events: list[object] = []
    number = state.hand_number
    while state.hand_number == number and state.winner is None:
        seat = state.to_act
        assert seat is not None
        legal = kqj.legal_actions(state, seat)
        wanted = script.get(seat)
        action = legal[0]
        if wanted and Play(wanted[0]) in legal:
            action = Play(wanted.pop(0))
        t = kqj.apply(state, seat, action)
        state = t.state
        events.extend(t.events)
    return state, events


def round_end(events: Iterable[object]) -> kqj.HandEnded:
    (found,) = [e for e in events if isinstance(e, kqj.HandEnded)]
    return found


def position(
    contract: str,
    leader: int,
    trick: str,
    seat_hand: str,
    *,
    rules: Ruleset = BASE,
    teams: Sequence[Sequence[int]] | None = None,
) -> GameState:
    """A trick in progress for legal-move tables: ``trick`` cards were played from
    ``leader`` on, and the next seat holds ``seat_hand`` (other hands are left empty)."""
    state = kqj.deal(
        rules.replace(auction=True),
        hands=[names(Card.from_index(c) for c in DECK[8 * s : 8 * s + 8]) for s in range(6)],
        teams=teams,
    )
    st = state.clone()
    played = tuple(Card.parse(c).index for c in trick.split())
    seat = (leader + len(played)) % 6
    st.phase = Phase.PLAY
    st.contract = CONTRACTS.index(contract)
    st.hands = [0] * 6
    for card in parse_cards(seat_hand):
        st.hands[seat] |= card.bit
    st.trick = played
    st.plays = played
    st.leader = leader
    st.to_act_ = seat
    st.master_seat, st.master_card = master_of(played, leader, st.contract)
    return st


def legal_cards(state: GameState) -> set[str]:
    seat = state.to_act
    assert seat is not None
    return {str(a.card) for a in kqj.legal_actions(state, seat) if isinstance(a, Play)}


# --- random games and invariants -------------------------------------------------------------


def seats_that_may_act(state: GameState) -> set[int]:
    """The seats that rules §6.3 lets act now (to act, plus out-of-turn counters)."""
    if state.winner is not None:
        return set()
    assert state.to_act is not None
    seats = {state.to_act}
    if state.phase is Phase.AUCTION and state.bid:
        seats |= {s for s in range(6) if state.team(s) != state.team(state.bidder)}
    if state.phase is Phase.OVERCOUNTER:
        seats = {
            s
            for s in range(6)
            if state.team(s) == state.team(state.bidder) and not state.declined >> s & 1
        }
    return seats


def card_count_ok(state: GameState) -> bool:
    """The 48 cards are all somewhere (hands, stock, played) and none twice."""
    masks = [*state.hands, *(1 << c for c in state.stock), *(1 << c for c in state.plays)]
    union = 0
    for mask in masks:
        union |= mask
    return union == FULL_MASK and sum(m.bit_count() for m in masks) == 48


def cards_in_view(view: object) -> set[Card]:
    """Every Card object reachable from a view (through dataclasses, tuples and lists)."""
    found: set[Card] = set()
    stack: list[object] = [view]
    while stack:
        obj = stack.pop()
        kind = type(obj)
        if isinstance(obj, Card):
            found.add(obj)
        elif isinstance(obj, tuple | list):
            stack.extend(obj)
        elif kind in _ATOMS or kind is Ruleset:
            continue
        elif is_dataclass(obj):
            stack.extend(getattr(obj, f.name) for f in fields(obj))
    return found


_ATOMS = frozenset({int, str, bool, float, type(None), Phase})


def random_step(
    state: GameState, rng: random.Random, out_of_turn: float = 0.1
) -> tuple[int, Action]:
    """A random legal (seat, action): usually the seat to act, sometimes another seat that
    may act out of turn (a counter or an overcounter)."""
    assert state.to_act is not None
    others = (
        [s for s in range(6) if s != state.to_act and kqj.legal_actions(state, s)]
        if state.phase in (Phase.AUCTION, Phase.OVERCOUNTER)
        else []
    )
    seat = rng.choice(others) if others and rng.random() < out_of_turn else state.to_act
    return seat, rng.choice(kqj.legal_actions(state, seat))


def fill(known: dict[int, str], size: int = 8) -> list[str]:
    """Six hands of ``size`` cards: the ``known`` cards of each seat, topped up in seat order
    with the rest of the deck (in deck order)."""
    hands = {seat: names(parse_cards(known.get(seat, ""))) for seat in range(6)}
    used = {c for hand in hands.values() for c in hand}
    rest = [str(Card.from_index(c)) for c in DECK if str(Card.from_index(c)) not in used]
    for seat in range(6):
        while len(hands[seat]) < size:
            hands[seat].append(rest.pop(0))
    return [" ".join(hands[seat]) for seat in range(6)]
