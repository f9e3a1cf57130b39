"""Dealing KQJ rounds: new games and stacked deals, shuffles, the Return, redeals, the deal
passing on, and the teams of a round with random partners (RULES.md §5.2, §5.3, §6.2, §6.3).

Every shuffle and every random partition comes from the game's seed only (a string seed is
hashed by ``random``), so the same seed always gives the same game and no global generator is
touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from engine.cards import Card, card_at, cards_in
from engine.core import DealError, Redeal, check_seed
from engine.kqj.actions import Dealt, Event, ReturnTurned
from engine.kqj.deck import DECK, FULL_MASK, PLAYERS, is_kqj_card
from engine.kqj.rules import BID_STEP, Ruleset
from engine.kqj.state import GameState, Phase, teams_as_lists
from engine.shuffles import seeded_shuffle

BASE_HAND: Final = 5
"""Cards dealt to each player before the Return is taken (§5.3)."""
AUCTION_HAND: Final = 8
"""Cards dealt to each player in auction games: the whole deck (§6.3)."""


def shuffled(seed: int, deal_count: int) -> list[int]:
    """The deck order of the ``deal_count``-th deal of the game with this seed."""
    deck = list(DECK)
    seeded_shuffle(deck, f"kqj:{seed}:{deal_count}")
    return deck


def first_dealer(seed: int) -> int:
    """The first dealer, drawn from the seed (BGA picks one at random, §5.2)."""
    return Random(f"kqj:{seed}:first-dealer").randrange(PLAYERS)


def teams_from_groups(groups: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Team of each seat from lists of seats; teams are numbered by their lowest seat, so
    ``[[3, 4, 5], [0, 1, 2]]`` and ``[[0, 1, 2], [3, 4, 5]]`` are the same partition.

    >>> teams_from_groups([[3, 4, 5], [2, 1, 0]])
    (0, 0, 0, 1, 1, 1)
    """
    ordered = sorted((sorted(group) for group in groups), key=lambda group: group[0])
    team_of = [0] * PLAYERS
    for team, group in enumerate(ordered):
        for seat in group:
            team_of[seat] = team
    return tuple(team_of)


def draw_teams(rules: Ruleset, seed: int, hand_number: int) -> tuple[int, ...]:
    """The teams of a round: fixed (§5.2, §6.1), or with random partners a random partition
    into 3 + 3 or 2 + 2 + 2 drawn from the seed and the round number (§6.2, AMB-K20).

    >>> from engine.kqj.rules import preset
    >>> draw_teams(preset("kqj"), seed=1, hand_number=1)
    (0, 1, 0, 1, 0, 1)
    >>> sorted(draw_teams(preset("kqj").replace(random_partners=True), 1, 1))
    [0, 0, 0, 1, 1, 1]
    """
    if not rules.random_partners:
        return rules.fixed_teams()
    seats = list(range(PLAYERS))
    Random(f"kqj:{seed}:teams:{hand_number}").shuffle(seats)
    size = PLAYERS // rules.team_count
    return teams_from_groups([seats[i : i + size] for i in range(0, PLAYERS, size)])


def blank(
    rules: Ruleset,
    seed: int,
    dealer: int,
    scores: Sequence[int],
    pool: int,
    team_of: tuple[int, ...],
) -> GameState:
    """A state before its first deal (``lay_out`` fills in the round)."""
    st = GameState.__new__(GameState)
    st.rules = rules
    st.seed = seed
    st.deal_count = 0
    st.hand_number = 1
    st.dealer = dealer
    st.team_of = team_of
    st.scores_ = list(scores)
    st.pool = pool
    st.winner_ = None
    st.last_round = None
    st.hands = [0] * PLAYERS
    st.stock = ()
    reset_round(st)
    return st


def reset_round(st: GameState) -> None:
    """Clear everything that belongs to one deal (the bidding, the contract, the tricks)."""
    opener = (st.dealer + 1) % PLAYERS
    team_count = st.rules.team_count
    st.phase = Phase.AUCTION if st.rules.auction else Phase.FIRST_ROUND
    st.to_act_ = opener
    st.return_card = -1
    st.passes = 0
    st.contract = -1
    st.declarer = -1
    st.bid = 0
    st.bid_contract = -1
    st.bidder = -1
    st.capot = False
    st.multiplier = 1
    st.counterer = -1
    st.declined = 0
    st.trick = ()
    st.leader = opener
    st.master_seat = -1
    st.master_card = -1
    st.plays = ()
    st.winners = ()
    st.team_points = [0] * team_count
    st.team_tricks = [0] * team_count


def lay_out(
    st: GameState, hands: list[int], stock: tuple[int, ...], ev: list[Event] | None
) -> None:
    """Start a deal with these hands and stock: in the base game ``stock[0]`` is turned up as
    the Return (§5.3); in the auction the stock is empty and the bidding opens (§6.3)."""
    reset_round(st)
    st.hands = hands
    st.stock = stock
    if not st.rules.auction:
        st.return_card = stock[0]
    if ev is not None:
        ev.append(Dealt(st.dealer, st.hand_number, teams_as_lists(st.team_of)))
        if st.return_card >= 0:
            ev.append(ReturnTurned(card_at(st.return_card)))


def deal_new(st: GameState, ev: list[Event] | None) -> None:
    """Shuffle and deal: one packet per player clockwise from the dealer's left, 5 cards (the
    rest is the stock, the Return on top) or 8 in auction games (§5.3, §6.3)."""
    st.deal_count += 1
    deck = shuffled(st.seed, st.deal_count)
    size = AUCTION_HAND if st.rules.auction else BASE_HAND
    hands = [0] * PLAYERS
    pos = 0
    for k in range(1, PLAYERS + 1):
        mask = 0
        for card in deck[pos : pos + size]:
            mask |= 1 << card
        hands[(st.dealer + k) % PLAYERS] = mask
        pos += size
    lay_out(st, hands, tuple(deck[pos:]), ev)


def redeal(st: GameState, reason: str, ev: list[Event] | None) -> None:
    """Throw the deal in: the same dealer deals again, the round and its teams stay (§5.3
    step 5, §6.2, §6.3)."""
    if ev is not None:
        ev.append(Redeal(reason))
    deal_new(st, ev)


def next_hand(st: GameState, ev: list[Event] | None) -> None:
    """The deal passes to the left (§5.2); with random partners new teams are drawn (§6.2)."""
    st.dealer = (st.dealer + 1) % PLAYERS
    st.hand_number += 1
    st.team_of = draw_teams(st.rules, st.seed, st.hand_number)
    deal_new(st, ev)


# --- new games and stacked deals -----------------------------------------------------------


def new_game(rules: Ruleset, seed: object) -> GameState:
    """A new game shuffled from ``seed`` only: the same seed always gives the same game.

    The first dealer (and with random partners the first round's teams) come from the seed.

    >>> from engine.kqj.rules import preset
    >>> state = new_game(preset("kqj"), seed=7)
    >>> state == new_game(preset("kqj"), seed=7), len(state.hand(0)), state.phase.value
    (True, 5, 'first_round')
    """
    if not isinstance(rules, Ruleset):
        raise DealError("new_game needs a KQJ Ruleset (kqj.preset(...))")
    seed = check_seed(seed)
    team_of = draw_teams(rules, seed, 1)
    st = blank(rules, seed, first_dealer(seed), [0] * rules.sides, 0, team_of)
    deal_new(st, None)
    return st


def deal(
    rules: Ruleset,
    *,
    dealer: object = 0,
    hands: Sequence[Sequence[Card | str] | str],
    stock: Sequence[Card | str] | str = (),
    scores: Sequence[object] | None = None,
    pool: object = 0,
    teams: Sequence[Sequence[int]] | None = None,
    seed: object = 0,
) -> GameState:
    """A stacked position at the start of a round.

    ``hands[s]`` is what seat ``s`` holds after the deal: 5 cards in the base game, with
    ``stock`` the 18 undealt cards top first (``stock[0]`` is the Return, the completion comes
    off the rest in dealing order); 8 cards in auction games, with an empty stock. A hand may
    be a list of cards or one string of cards. ``scores`` (per side) and ``pool`` (the
    litigation carry-over, a multiple of 10; always 0 in auction games) set the position;
    ``teams`` stacks the round's teams with random partners, e.g. ``[[0, 1, 2], [3, 4, 5]]``.
    Later deals and teams are drawn from ``seed``.
    Values that are not what they must be are refused with ``DealError``, whatever their type
    (hence the ``object`` annotations: the compiled build checks annotated types before the
    function runs, and must not turn that into a TypeError).

    >>> from engine.kqj.rules import preset
    >>> from engine.kqj.deck import DECK
    >>> cards = [str(card_at(c)) for c in DECK]
    >>> st = deal(preset("kqj"), dealer=5, hands=[cards[5 * s : 5 * s + 5] for s in range(6)],
    ...           stock=cards[30:])
    >>> st.return_face, st.to_act
    (Card('Td'), 0)
    """
    if not isinstance(rules, Ruleset):
        raise DealError("deal needs a KQJ Ruleset (kqj.preset(...))")
    seed = check_seed(seed)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < PLAYERS:
        raise DealError(f"dealer must be a seat from 0 to {PLAYERS - 1}, not {dealer!r}")
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
    if not isinstance(pool, int) or isinstance(pool, bool) or pool < 0 or pool % BID_STEP:
        raise DealError(f"the pool must be a multiple of 10 of at least 0, not {pool!r}")
    if pool and rules.auction:
        raise DealError("auction games have no litigation, so no pool (RULES.md §6.3)")
    team_of = _stacked_teams(rules, teams, seed)
    size = AUCTION_HAND if rules.auction else BASE_HAND
    stock_size = len(DECK) - PLAYERS * size
    if isinstance(hands, str) or len(hands) != PLAYERS:
        raise DealError(f"KQJ seats {PLAYERS} players: give six hands")
    seen = 0
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        cards = _parse(hand, f"hand {seat}")
        if len(cards) != size:
            raise DealError(f"seat {seat} must hold {size} cards, not {len(cards)}")
        mask = 0
        for card in cards:
            if seen >> card & 1:
                raise DealError(f"{card_at(card)} is dealt twice")
            seen |= 1 << card
            mask |= 1 << card
        masks.append(mask)
    stock_cards = _parse(stock, "the stock")
    if len(stock_cards) != stock_size:
        raise DealError(f"the stock must hold {stock_size} cards, not {len(stock_cards)}")
    for card in stock_cards:
        if seen >> card & 1:
            raise DealError(f"{card_at(card)} is dealt twice")
        seen |= 1 << card
    if seen != FULL_MASK:
        missing = " ".join(str(c) for c in cards_in(FULL_MASK & ~seen))
        raise DealError(f"the deal must use all 48 KQJ cards exactly once; missing: {missing}")
    st = blank(rules, seed, dealer, score_list, pool, team_of)
    st.deal_count = 1
    lay_out(st, masks, tuple(stock_cards), None)
    return st


def _parse(cards: Sequence[Card | str] | str, what: str) -> list[int]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    found: list[int] = []
    for text in cards:
        try:
            card = Card.parse(text)
        except ValueError as exc:
            raise DealError(f"{what}: {exc}") from None
        if not is_kqj_card(card.index):
            raise DealError(f"{what}: {card} is not in the KQJ deck (no 2s or 3s)")
        found.append(card.index)
    return found


def _stacked_teams(
    rules: Ruleset, teams: Sequence[Sequence[int]] | None, seed: int
) -> tuple[int, ...]:
    if teams is None:
        return draw_teams(rules, seed, 1)
    size = PLAYERS // rules.team_count
    try:
        groups = [[int(seat) for seat in group] for group in teams]
    except (TypeError, ValueError):
        raise DealError(f"teams must be lists of seats, not {teams!r}") from None
    flat = sorted(seat for group in groups for seat in group)
    if flat != list(range(PLAYERS)) or any(len(group) != size for group in groups):
        raise DealError(
            f"teams must split seats 0-5 into {rules.team_count} teams of {size}, not {teams!r}"
        )
    team_of = teams_from_groups(groups)
    if not rules.random_partners and team_of != rules.fixed_teams():
        raise DealError(
            "without random partners the teams are fixed "
            f"({'0 2 4 / 1 3 5' if rules.team_count == 2 else '0 3 / 1 4 / 2 5'})"
        )
    return team_of
