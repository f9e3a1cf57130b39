"""Dealing All Fours: new games and stacked deals, shuffles, the deal in packets of three, runs
of the pack, redeals and the deal passing on (RULES.md §1.6, §2.1, §2.2, §2.4, §3.1, §3.2,
§4.2).

- The first dealer is drawn at random (from the seed); after every completed hand the deal
  passes to the next seat in the direction of play — to the right in Caribbean (§2.1), in
  turn between two players (§3.1), to the left with three or four (§4.2). A redeal keeps the
  dealer (§1.6, AMB-22).
- Six cards each, in two rounds of packets of three from the elder (the dealer's next seat),
  the dealer last (§2.2, §3.2, AMB-13); then the next card is turned (``kicks``).
- A run of the pack gives every player one more packet of three in the same order (§2.4,
  §3.3, §4.2).
- A redeal gathers all 52 cards and shuffles again; points already scored stay (§1.6, AMB-16).

Every shuffle comes from the game's seed and the deal's number only (a string seed is hashed
by ``random``), so the same seed always gives the same game and no global generator is
touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.allfours.actions import Dealt, Event
from engine.allfours.deck import DECK, FULL_DECK_MASK, HAND_SIZE, PACKET
from engine.allfours.kicks import turn_first
from engine.allfours.rules import Ruleset
from engine.allfours.state import GameState, Phase
from engine.cards import Card, cards_in
from engine.core import DealError, Redeal, check_seed
from engine.shuffles import seeded_shuffle


def shuffled(seed: int, deal_count: int) -> list[int]:
    """The pack's order for the ``deal_count``-th deal of the game with this seed."""
    deck = list(DECK)
    seeded_shuffle(deck, f"allfours:{seed}:{deal_count}")
    return deck


def first_dealer(seed: int, players: int) -> int:
    """The first dealer, drawn from the seed (§2.1, §3.1)."""
    return Random(f"allfours:{seed}:first-dealer").randrange(players)


def blank(rules: Ruleset, seed: int, dealer: int, scores: Sequence[int]) -> GameState:
    """A state before its first deal (``lay_out`` fills in the deal)."""
    st = GameState.__new__(GameState)
    n = rules.players
    st.rules = rules
    st.players = n
    st.seed = seed
    st.deal_count = 0
    st.hand_number = 1
    st.dealer = dealer
    st.scores_ = list(scores)
    st.winner_ = None
    st.awards = ()
    lay_out(st, [0] * n, (), None)
    st.to_act_ = None
    return st


def lay_out(
    st: GameState, hands: list[int], stock: tuple[int, ...], ev: list[Event] | None
) -> None:
    """Start a deal with these hands and this stock (top first); everything that belongs to
    one deal starts afresh."""
    n = st.players
    st.hands = hands
    st.discards = [0] * n
    st.stock = stock
    st.stock_pos = 0
    st.turned = ()
    st.candidate = -1
    st.seen_suits = 0
    st.trump = -1
    st.plays = ()
    st.winners = ()
    st.leader = (st.dealer + 1) % n
    st.led = -1
    st.master_seat = -1
    st.master_card = -1
    st.won_by_side = [0] * st.rules.sides
    st.phase = Phase.DECLARE
    st.to_act_ = st.leader
    if ev is not None:
        ev.append(Dealt(st.dealer, st.hand_number))


def deal_new(st: GameState, ev: list[Event] | None) -> None:
    """Shuffle and deal six cards each in packets of three from the elder, then turn the
    first kick (§2.2, §3.2, AMB-13)."""
    st.deal_count += 1
    deck = shuffled(st.seed, st.deal_count)
    n = st.players
    hands = [0] * n
    elder = (st.dealer + 1) % n
    pos = 0
    for _ in range(HAND_SIZE // PACKET):
        for k in range(n):
            seat = (elder + k) % n
            hands[seat] |= (1 << deck[pos]) | (1 << deck[pos + 1]) | (1 << deck[pos + 2])
            pos += PACKET
    lay_out(st, hands, tuple(deck[pos:]), ev)
    turn_first(st, ev)


def deal_packets(st: GameState) -> None:
    """A run of the pack: one packet of three to every player from the elder (§2.4)."""
    n = st.players
    stock = st.stock
    pos = st.stock_pos
    hands = st.hands
    elder = (st.dealer + 1) % n
    for k in range(n):
        seat = (elder + k) % n
        hands[seat] |= (1 << stock[pos]) | (1 << stock[pos + 1]) | (1 << stock[pos + 2])
        pos += PACKET
    st.stock_pos = pos


def redeal(st: GameState, reason: str, ev: list[Event] | None) -> None:
    """Throw the deal in: same dealer, same hand number, points already scored stay (§1.6)."""
    if ev is not None:
        ev.append(Redeal(reason))
    deal_new(st, ev)


def next_hand(st: GameState, ev: list[Event] | None) -> None:
    """The deal passes on (§2.1, §3.1, §4.2) and the next hand is dealt."""
    st.dealer = (st.dealer + 1) % st.players
    st.hand_number += 1
    st.awards = ()
    deal_new(st, ev)


# --- new games and stacked deals -----------------------------------------------------------


def new_game(rules: Ruleset, seed: object) -> GameState:
    """A new game shuffled from ``seed`` only: the same seed always gives the same game.

    The first dealer is drawn from the seed too; the first deal (and its kick, which may
    already score) is made.

    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=7)
    >>> state == new_game(preset("caribbean"), seed=7), len(state.hand(0))
    (True, 6)
    """
    if not isinstance(rules, Ruleset):
        raise DealError("new_game needs an All Fours Ruleset (allfours.preset(...))")
    seed = check_seed(seed)
    st = blank(rules, seed, first_dealer(seed, rules.players), [0] * rules.sides)
    deal_new(st, [])  # events are dropped, but the kick's award is kept in ``hand_awards``
    return st


def deal(
    rules: Ruleset,
    *,
    dealer: object = 0,
    hands: Sequence[Sequence[Card | str]],
    stock: Sequence[Card | str],
    scores: Sequence[object] | None = None,
    seed: object = 0,
) -> GameState:
    """A stacked position: ``hands[s]`` is what seat ``s`` holds after the initial deal and
    ``stock`` the undealt cards, top first (so ``stock[0]`` is the first kick). Later deals
    are shuffled from ``seed``. ``scores`` is the position before the kick is scored.
    Values that are not what they must be are refused with ``DealError``, whatever their type
    (hence the ``object`` annotations: the compiled build checks annotated types before the
    function runs, and must not turn that into a TypeError).

    >>> from engine.allfours.rules import preset
    >>> from engine.cards import standard_deck
    >>> deck = standard_deck()  # 2s 3s ... As 2h ...
    >>> st = deal(preset("seven-up"), hands=[deck[0:6], deck[6:12]], stock=deck[12:])
    >>> st.kick, st.to_act
    (Card('As'), 1)
    """
    if not isinstance(rules, Ruleset):
        raise DealError("deal needs an All Fours Ruleset (allfours.preset(...))")
    seed = check_seed(seed)
    n = rules.players
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise DealError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    given: list[object] = [0] * rules.sides if scores is None else list(scores)
    if len(given) != rules.sides:
        raise DealError(f"scores must give {rules.sides} sides, not {len(given)}")
    score_list: list[int] = []
    for value in given:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DealError(f"scores must be whole numbers of at least 0, not {value!r}")
        if value >= rules.target:
            raise DealError(
                f"a score of {value} has already reached the target {rules.target}: "
                "that game is over"
            )
        score_list.append(value)
    if len(hands) != n:
        raise DealError(f"this ruleset seats {n} players, but {len(hands)} hands were given")
    seen = 0
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, str):
            raise DealError(f"hand {seat} must be a list of cards, not one string")
        cards = [Card.parse(c) for c in hand]
        if len(cards) != HAND_SIZE:
            raise DealError(f"seat {seat} must hold {HAND_SIZE} cards, not {len(cards)}")
        mask = 0
        for card in cards:
            if card.rank == "H":
                raise DealError(f"{card} (a Hero) is not in an All Fours deck")
            if seen & card.bit:
                raise DealError(f"{card} is dealt twice")
            seen |= card.bit
            mask |= card.bit
        masks.append(mask)
    stock_indices: list[int] = []
    for text in stock:
        card = Card.parse(text)
        if card.rank == "H":
            raise DealError(f"{card} (a Hero) is not in an All Fours deck")
        if seen & card.bit:
            raise DealError(f"{card} is dealt twice")
        seen |= card.bit
        stock_indices.append(card.index)
    if seen != FULL_DECK_MASK:
        missing = " ".join(str(c) for c in cards_in(FULL_DECK_MASK & ~seen))
        raise DealError(f"the deal must use all 52 cards exactly once; missing: {missing}")
    st = blank(rules, seed, dealer, score_list)
    st.deal_count = 1
    lay_out(st, masks, tuple(stock_indices), None)
    turn_first(st, [])  # events are dropped, but the kick's award is kept in ``hand_awards``
    return st
