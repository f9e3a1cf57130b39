"""All Fours rules: dealing, trump selection, discards, tricks and the count (RULES.md §1-§4).

The rule functions (``_step_*``) change a private copy of the state in place and append events
to ``ev`` when it is a list; the simulation path passes ``None`` and skips building events. The
public functions (``apply`` and friends) always copy first, so a state handed out is never
changed. There is exactly one implementation of each rule, used by both paths.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final, assert_never

from engine.allfours.actions import (
    Action,
    Beg,
    Begged,
    CardTurned,
    Dealt,
    Discard,
    Discarded,
    Event,
    HandEnded,
    Play,
    RanPack,
    RunPack,
    Stand,
    Stood,
    TakeOne,
    TookOne,
)
from engine.allfours.rules import Ruleset
from engine.allfours.state import GameState, Phase, PlayerView
from engine.cards import (
    CARDS_BY_INDEX,
    STANDARD_DECK_MASK,
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    Card,
    card_at,
    cards_in,
)
from engine.core import (
    CardPlayed,
    DealError,
    GameOver,
    IllegalActionError,
    PointsAwarded,
    Redeal,
    Transition,
    TrickWon,
    TrumpFixed,
    check_seat,
    check_seed,
    plays_of,
)

# Rank codes (engine.cards): 2 -> 0 ... T -> 8, J -> 9, Q -> 10, K -> 11, A -> 12.
TWO: Final = 0
SIX: Final = 4
JACK: Final = 9
ACE: Final = 12
HAND_SIZE: Final = 6
PACKET: Final = 3

DECK: Final = tuple(suit * 16 + rank for suit in range(4) for rank in range(13))
FULL_DECK_MASK: Final = STANDARD_DECK_MASK


def _rank_mask(rank: int) -> int:
    return sum(1 << (suit * 16 + rank) for suit in range(4))


# The ranks that carry Game-point values (§1.2), in every suit.
_ACES, _KINGS, _QUEENS, _JACKS, _TENS = (_rank_mask(rank) for rank in (12, 11, 10, 9, 8))

STAND: Final = Stand()
BEG: Final = Beg()
TAKE_ONE: Final = TakeOne()
RUN_PACK: Final = RunPack()
DISCARDS: Final = tuple(Discard((card,)) if card is not None else None for card in CARDS_BY_INDEX)


def game_points(mask: int) -> int:
    """The §1.2 Game value of a set of cards (A 4, K 3, Q 2, J 1, T 10).

    >>> from engine.cards import mask_of, parse_cards
    >>> game_points(mask_of(parse_cards("Th As 2c")))
    14
    """
    return (
        4 * (mask & _ACES).bit_count()
        + 3 * (mask & _KINGS).bit_count()
        + 2 * (mask & _QUEENS).bit_count()
        + (mask & _JACKS).bit_count()
        + 10 * (mask & _TENS).bit_count()
    )


def kick_points(rules: Ruleset, card_index: int) -> int:
    """Points the dealer's side scores for turning ``card_index`` up (§2.3, §3.2, §4.1).

    English and Seven Up score only a jack of a suit not yet turned this deal; the caller
    decides that, this gives the value.
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


# --- construction ---------------------------------------------------------------------------


def _shuffled(seed: int, deal_count: int) -> list[int]:
    # A string seed is hashed with SHA-512 by ``random``, so shuffles depend only on (seed,
    # deal number), are independent of each other and never touch the global generator.
    deck = list(DECK)
    Random(f"allfours:{seed}:{deal_count}").shuffle(deck)
    return deck


def _blank(rules: Ruleset, seed: int, dealer: int, scores: Sequence[int]) -> GameState:
    st = object.__new__(GameState)
    n = rules.players
    st.rules = rules
    st.players = n
    st.seed = seed
    st.deal_count = 0
    st.hand_number = 1
    st.phase = Phase.DECLARE
    st.dealer = dealer
    st.to_act_ = None
    st.hands = [0] * n
    st.stock = ()
    st.stock_pos = 0
    st.turned = ()
    st.candidate = -1
    st.seen_suits = 0
    st.trump = -1
    st.discards = [0] * n
    st.played = [0] * n
    st.trick = ()
    st.leader = (dealer + 1) % n
    st.last_trick = ()
    st.last_leader = 0
    st.last_winner = -1
    st.captured = [0] * n
    st.scores_ = list(scores)
    st.winner_ = None
    st.awards = ()
    st.tricks_played = 0
    st.history = ()
    return st


def new_game(rules: Ruleset, seed: int) -> GameState:
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
    dealer = Random(f"allfours:{seed}:first-dealer").randrange(rules.players)
    st = _blank(rules, seed, dealer, [0] * rules.sides)
    _deal_new(st, [])  # events are dropped, but the kick's award is kept in ``hand_awards``
    return st


def deal(
    rules: Ruleset,
    *,
    dealer: int = 0,
    hands: Sequence[Sequence[Card | str]],
    stock: Sequence[Card | str],
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> GameState:
    """A stacked position: ``hands[s]`` is what seat ``s`` holds after the initial deal and
    ``stock`` the undealt cards, top first (so ``stock[0]`` is the first kick). Later deals
    are shuffled from ``seed``. ``scores`` is the position before the kick is scored.

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
    if scores is None:
        scores = [0] * rules.sides
    scores = list(scores)
    if len(scores) != rules.sides:
        raise DealError(f"scores must give {rules.sides} sides, not {len(scores)}")
    for value in scores:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DealError(f"scores must be whole numbers of at least 0, not {value!r}")
        if value >= rules.target:
            raise DealError(
                f"a score of {value} has already reached the target {rules.target}: "
                "that game is over"
            )
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
    st = _blank(rules, seed, dealer, scores)
    st.deal_count = 1
    _lay_out(st, masks, tuple(stock_indices), None)
    _turn_first(st, [])  # events are dropped, but the kick's award is kept in ``hand_awards``
    return st


def _deal_new(st: GameState, ev: list[Event] | None) -> None:
    st.deal_count += 1
    deck = _shuffled(st.seed, st.deal_count)
    n = st.rules.players
    hands = [0] * n
    elder = (st.dealer + 1) % n
    pos = 0
    for _ in range(HAND_SIZE // PACKET):
        for k in range(n):
            seat = (elder + k) % n
            hands[seat] |= (1 << deck[pos]) | (1 << deck[pos + 1]) | (1 << deck[pos + 2])
            pos += PACKET
    _lay_out(st, hands, tuple(deck[pos:]), ev)
    _turn_first(st, ev)


def _lay_out(
    st: GameState, hands: list[int], stock: tuple[int, ...], ev: list[Event] | None
) -> None:
    n = st.rules.players
    st.hands = hands
    st.stock = stock
    st.stock_pos = 0
    st.turned = ()
    st.candidate = -1
    st.seen_suits = 0
    st.trump = -1
    st.discards = [0] * n
    st.played = [0] * n
    st.trick = ()
    st.leader = (st.dealer + 1) % n
    st.last_trick = ()
    st.last_leader = 0
    st.last_winner = -1
    st.captured = [0] * n
    st.tricks_played = 0
    st.history = ()
    st.phase = Phase.DECLARE
    st.to_act_ = st.leader
    if ev is not None:
        ev.append(Dealt(st.dealer, st.hand_number))


# --- immediate awards -------------------------------------------------------------------------


def _award(
    st: GameState,
    side: int,
    points: int,
    reason: str,
    card: int,
    seat: int | None,
    ev: list[Event] | None,
) -> bool:
    """Score one award and check the target (§1.7); True if this award decided the game.

    The award is recorded in ``st.awards`` and reported only when events are collected; the
    simulation path (``ev is None``) needs the scores alone."""
    st.scores_[side] += points
    if ev is not None:
        award = PointsAwarded(side, points, reason, card_at(card) if card >= 0 else None, seat)
        st.awards += (award,)
        ev.append(award)
    if st.winner_ is None and st.scores_[side] >= st.rules.target:
        st.winner_ = side
        st.phase = Phase.OVER
        st.to_act_ = None
        return True
    return False


def _award_now(
    st: GameState,
    side: int,
    points: int,
    reason: str,
    card: int,
    seat: int,
    ev: list[Event] | None,
) -> bool:
    """An award during the deal (kick, take one, gift): a win ends the game at once."""
    if _award(st, side, points, reason, card, seat, ev):
        if ev is not None:
            ev.append(GameOver(side))
        return True
    return False


# --- turning cards, begging, running the pack ---------------------------------------------------


def _turn(st: GameState, set_aside: bool, ev: list[Event] | None) -> int:
    card = st.stock[st.stock_pos]
    st.stock_pos += 1
    st.turned += (card,)
    if ev is not None:
        ev.append(CardTurned(card_at(card), len(st.turned), set_aside))
    return card


def _turn_first(st: GameState, ev: list[Event] | None) -> None:
    """Turn the first kick / candidate (§2.2, §3.2) and score it for the dealer's side."""
    card = _turn(st, False, ev)
    st.candidate = card
    st.seen_suits = 1 << (card >> 4)
    points = kick_points(st.rules, card)
    if points and _award_now(st, st.dealer % st.rules.sides, points, "kick", card, st.dealer, ev):
        return
    st.phase = Phase.DECLARE
    st.to_act_ = (st.dealer + 1) % st.rules.players


def _is_gift_forbidden(st: GameState, seat: int) -> bool:
    """``allow_take_one_to_win = false``: an acceptance whose point would win is not offered."""
    rules = st.rules
    if rules.allow_take_one_to_win or not rules.gift_point:
        return False
    elder_side = (st.dealer + 1) % rules.players % rules.sides
    if seat % rules.sides == elder_side:
        return False  # the elder's own side accepts for free (§4.2)
    return st.scores_[elder_side] + 1 >= rules.target


def _is_round_of_acceptance(rules: Ruleset) -> bool:
    """Three- and four-player English / Seven Up decide trumps seat by seat (§4.2)."""
    return rules.players >= 3 and rules.variant != "caribbean"


def _step_stand(st: GameState, seat: int, ev: list[Event] | None) -> None:
    if ev is not None:
        ev.append(Stood(seat))
    rules = st.rules
    elder_side = (st.dealer + 1) % rules.players % rules.sides
    if (
        rules.gift_point
        and seat % rules.sides != elder_side
        and _award_now(st, elder_side, 1, "gift", -1, (st.dealer + 1) % rules.players, ev)
    ):
        return
    _fix_trump(st, ev)


def _step_beg(st: GameState, seat: int, ev: list[Event] | None) -> None:
    if ev is not None:
        ev.append(Begged(seat))
    if not _is_round_of_acceptance(st.rules):
        st.phase = Phase.REPLY
        st.to_act_ = st.dealer
    elif seat == st.dealer:
        if ev is not None:
            ev.append(RanPack(seat))
        _run_pack(st, ev)
    else:
        st.to_act_ = (seat + 1) % st.rules.players


def _step_take_one(st: GameState, seat: int, ev: list[Event] | None) -> None:
    if ev is not None:
        ev.append(TookOne(seat))
    rules = st.rules
    elder = (st.dealer + 1) % rules.players
    reason = "take_one" if rules.variant == "caribbean" else "gift"
    if rules.gift_point and _award_now(st, elder % rules.sides, 1, reason, -1, elder, ev):
        return
    _fix_trump(st, ev)


def _step_run_pack(st: GameState, seat: int, ev: list[Event] | None) -> None:
    if ev is not None:
        ev.append(RanPack(seat))
    _run_pack(st, ev)


def _deal_packets(st: GameState) -> None:
    """A run of the pack: one packet of three to every player from the elder (§2.4)."""
    n = st.rules.players
    stock = st.stock
    pos = st.stock_pos
    hands = st.hands
    elder = (st.dealer + 1) % n
    for k in range(n):
        seat = (elder + k) % n
        hands[seat] |= (1 << stock[pos]) | (1 << stock[pos + 1]) | (1 << stock[pos + 2])
        pos += PACKET
    st.stock_pos = pos


def _run_pack(st: GameState, ev: list[Event] | None) -> None:
    """Deal three more each and turn again until trumps are fixed, a new candidate is proposed,
    the game is won by a kick, or the stock runs short and the same dealer redeals.

    A run needs ``3 x players + 1`` stock cards (AMB-04): with four players that is seed 000's
    "redeal after the third same-suit kick"; with two (seed 001, §2.8) up to five runs are
    possible, so a two-player Caribbean hand can hold up to 21 cards."""
    rules = st.rules
    need = PACKET * rules.players + 1
    dealer_side = st.dealer % rules.sides
    if rules.variant == "caribbean":
        first_suit = st.turned[0] >> 4
        while True:
            if len(st.stock) - st.stock_pos < need:
                _redeal(st, "the pack ran out before a new suit was kicked", ev)
                return
            _deal_packets(st)
            card = st.stock[st.stock_pos]
            same_suit = card >> 4 == first_suit
            _turn(st, same_suit, ev)
            # Every kick scores, the same suit again included (§2.3, AMB-03), and a win by a
            # kick ends the game there (AMB-25).
            points = kick_points(rules, card)
            if points and _award_now(st, dealer_side, points, "kick", card, st.dealer, ev):
                return
            if not same_suit:
                st.candidate = card
                _fix_trump(st, ev)
                return
    # English and Seven Up: refusing the fourth different suit throws the deal in (AMB-18).
    if st.seen_suits.bit_count() == 4:
        _redeal(st, "all four suits were refused", ev)
        return
    while True:
        if len(st.stock) - st.stock_pos < need:
            _redeal(st, "the pack ran out before a new suit was turned", ev)
            return
        _deal_packets(st)
        card = st.stock[st.stock_pos]
        suit_bit = 1 << (card >> 4)
        if st.seen_suits & suit_bit:
            _turn(st, True, ev)  # a suit already proposed: set aside, never scores (AMB-03)
            continue
        _turn(st, False, ev)
        st.seen_suits |= suit_bit
        st.candidate = card
        if card & 15 == JACK and _award_now(st, dealer_side, 1, "kick", card, st.dealer, ev):
            return
        if rules.variant == "sevenup":
            _fix_trump(st, ev)  # automatic trumps after a run (§4.1, AMB-05)
        else:
            st.phase = Phase.DECLARE  # English: the elder stands or begs again (§3.3)
            st.to_act_ = (st.dealer + 1) % rules.players
        return


def _redeal(st: GameState, reason: str, ev: list[Event] | None) -> None:
    """Throw the deal in: same dealer, same hand number, points already scored stay (§1.6)."""
    if ev is not None:
        ev.append(Redeal(reason))
    _deal_new(st, ev)


def _fix_trump(st: GameState, ev: list[Event] | None) -> None:
    st.trump = st.candidate >> 4
    if ev is not None:
        ev.append(TrumpFixed(SUITS[st.trump]))
    if st.rules.has_discards:
        pending = _first_to_discard(st)
        if pending is not None:
            st.phase = Phase.DISCARD
            st.to_act_ = pending
            return
    _begin_play(st)


def _first_to_discard(st: GameState) -> int | None:
    n = st.rules.players
    elder = (st.dealer + 1) % n
    for k in range(n):
        seat = (elder + k) % n
        if st.hands[seat].bit_count() > HAND_SIZE:
            return seat
    return None


def _begin_play(st: GameState) -> None:
    st.phase = Phase.PLAY
    st.leader = (st.dealer + 1) % st.rules.players
    st.to_act_ = st.leader
    st.trick = ()


def _step_discard(st: GameState, seat: int, mask: int, ev: list[Event] | None) -> None:
    st.hands[seat] &= ~mask
    st.discards[seat] |= mask
    if ev is not None:
        ev.append(Discarded(seat, mask.bit_count()))
    pending = _first_to_discard(st)
    if pending is None:
        _begin_play(st)
    else:
        st.to_act_ = pending


# --- tricks -------------------------------------------------------------------------------------


def legal_play_mask(st: GameState, seat: int) -> int:
    """The cards ``seat`` may play to the current trick, as a hand mask (§1.3)."""
    hand = st.hands[seat]
    trick = st.trick
    if not trick:
        return hand
    led = trick[0] >> 4
    trump = st.trump
    trump_mask = SUIT_MASKS[trump]
    if led == trump:
        trumps = hand & trump_mask
        return trumps if trumps else hand
    follow = hand & SUIT_MASKS[led]
    if not follow:
        legal = hand
    else:
        legal = follow | (hand & trump_mask)
    if st.rules.forbid_undertrump:
        trick_trumps = 0
        for card in trick:
            if card >> 4 == trump:
                trick_trumps |= 1 << card
        if trick_trumps:
            below = ((1 << (trick_trumps.bit_length() - 1)) - 1) & trump_mask
            allowed = legal & ~below
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
        highest = -1
        for played in trick:
            if played >> 4 == trump and played > highest:
                highest = played
        if card < highest:
            below = ((1 << highest) - 1) & SUIT_MASKS[trump]
            return FULL_DECK_MASK & ~below
    return 0


def trick_winner_offset(trick: Sequence[int], trump: int) -> int:
    """Position in ``trick`` of the winning card: highest trump, else highest of the led suit.

    Card indices rise with rank inside a suit, so comparing indices compares ranks (§1.3)."""
    best = trick[0]
    best_at = 0
    best_is_trump = best >> 4 == trump
    for at in range(1, len(trick)):
        card = trick[at]
        if card >> 4 == trump:
            if not best_is_trump or card > best:
                best, best_at, best_is_trump = card, at, True
        elif not best_is_trump and card >> 4 == best >> 4 and card > best:
            best, best_at = card, at
    return best_at


def _step_play(st: GameState, seat: int, card: int, ev: list[Event] | None) -> bool:
    """Play a card; True when it completed the last trick of the hand (the count is next)."""
    bit = 1 << card
    st.hands[seat] &= ~bit
    st.played[seat] |= bit
    trick = (*st.trick, card)
    if ev is not None:
        ev.append(CardPlayed(seat, CARDS_BY_INDEX[card]))  # type: ignore[arg-type]
    n = st.players
    if len(trick) < n:
        st.trick = trick
        st.to_act_ = (seat + 1) % n
        return False
    # The trick is complete: the same scan as ``trick_winner_offset``, inlined because this
    # is the hottest line of every simulation.
    trump = st.trump
    best = trick[0]
    best_at = 0
    best_is_trump = best >> 4 == trump
    won = 1 << best
    for at in range(1, n):
        played = trick[at]
        won |= 1 << played
        if played >> 4 == trump:
            if not best_is_trump or played > best:
                best, best_at, best_is_trump = played, at, True
        elif not best_is_trump and played >> 4 == best >> 4 and played > best:
            best, best_at = played, at
    winner = (st.leader + best_at) % n
    st.captured[winner] |= won
    if ev is not None:
        cards = tuple(CARDS_BY_INDEX[c] for c in trick)
        ev.append(TrickWon(winner, cards, game_points(won)))  # type: ignore[arg-type]
    st.last_trick = trick
    st.history += trick
    st.last_leader = st.leader
    st.last_winner = winner
    st.trick = ()
    st.leader = winner
    st.tricks_played += 1
    st.to_act_ = winner
    return st.hands[winner] == 0


# --- the count ----------------------------------------------------------------------------------


def _holder(st: GameState, card: int) -> int:
    """Who held ``card`` when trick play began: cards in play are the cards played (§0)."""
    bit = 1 << card
    for seat, played in enumerate(st.played):
        if played & bit:
            return seat
    raise AssertionError("a card in play has no holder")


def _capturer(st: GameState, card: int) -> int:
    bit = 1 << card
    for seat, won in enumerate(st.captured):
        if won & bit:
            return seat
    raise AssertionError("a card in play was never captured")


def side_game_points(st: GameState) -> tuple[int, ...]:
    """Game card values captured by each side this hand (§1.2)."""
    sides = st.rules.sides
    won_by_side = [0] * sides
    for seat, won in enumerate(st.captured):
        won_by_side[seat % sides] |= won
    return tuple(game_points(won) for won in won_by_side)


def _score_hand(st: GameState, ev: list[Event] | None) -> None:
    """High, Low, Jack, Game in that order, checking the target after each (§1.4, §1.7).

    Once a side has won, the rest of the count is still scored and reported when
    ``record_awards_after_win`` is set (display only: the winner never changes, AMB-09)."""
    rules = st.rules
    sides = rules.sides
    first_award = len(st.awards)

    def give(side: int, points: int, reason: str, card: int, seat: int | None) -> None:
        if st.winner_ is not None and not rules.record_awards_after_win:
            return
        _award(st, side, points, reason, card, seat, ev)

    in_play = 0
    for played in st.played:
        in_play |= played
    trump = st.trump
    trumps = in_play & SUIT_MASKS[trump]
    if trumps:  # no trump in play: High, Low and Jack are not awarded (AMB-15)
        high = trumps.bit_length() - 1
        holder = _holder(st, high)
        give(holder % sides, 1, "high", high, holder)
        low = (trumps & -trumps).bit_length() - 1
        owner = _holder(st, low) if rules.low_mode == "held" else _capturer(st, low)
        give(owner % sides, 1, "low", low, owner)
        jack = trump * 16 + JACK
        if in_play & (1 << jack):
            holder = _holder(st, jack)
            taker = _capturer(st, jack)
            if rules.variant != "caribbean":
                give(taker % sides, 1, "jack", jack, taker)  # to the capturer (§3.6)
            elif taker % sides == holder % sides:
                give(holder % sides, 1, "jack", jack, holder)
            else:
                give(taker % sides, 3, "hang_jack", jack, taker)  # hang jack (§2.6)
    totals = side_game_points(st)
    best = max(totals)
    leaders = [side for side in range(sides) if totals[side] == best]
    if len(leaders) == 1:
        give(leaders[0], 1, "game", -1, None)
    elif rules.game_tie == "non_dealer":
        n = rules.players
        dealer_side = st.dealer % sides
        for k in range(1, n + 1):
            side = (st.dealer + k) % n % sides
            if side in leaders and side != dealer_side:
                give(side, 1, "game", -1, None)
                break
    if ev is not None:
        ev.append(HandEnded(st.hand_number, totals, st.awards[first_award:], tuple(st.scores_)))
    if st.winner_ is not None:
        st.phase = Phase.OVER
        st.to_act_ = None
        if ev is not None:
            ev.append(GameOver(st.winner_))


def _next_hand(st: GameState, ev: list[Event] | None) -> None:
    st.dealer = (st.dealer + 1) % st.rules.players  # the deal passes on (§2.1, §3.1, §4.2)
    st.hand_number += 1
    st.awards = ()
    _deal_new(st, ev)


def _finish_hand(st: GameState, ev: list[Event] | None) -> None:
    _score_hand(st, ev)
    if st.winner_ is None:
        _next_hand(st, ev)


# --- the public API -----------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when that seat may not act.

    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=1)
    >>> [str(a) for a in legal_actions(state, state.to_act)]
    ['Stand()', 'Beg()']
    """
    seat = check_seat(seat, state.players)
    phase = state.phase
    if phase is Phase.PLAY:
        if seat != state.to_act_:
            return []
        return plays_of(legal_play_mask(state, seat))  # type: ignore[return-value]
    if phase is Phase.DECLARE:
        if seat != state.to_act_:
            return []
        if _is_round_of_acceptance(state.rules) and _is_gift_forbidden(state, seat):
            return [BEG]
        return [STAND, BEG]
    if phase is Phase.REPLY:
        if seat != state.to_act_:
            return []
        return [RUN_PACK] if _is_gift_forbidden(state, seat) else [TAKE_ONE, RUN_PACK]
    if phase is Phase.DISCARD:
        hand = state.hands[seat]
        if hand.bit_count() <= HAND_SIZE:
            return []
        return [DISCARDS[card.index] for card in cards_in(hand)]  # type: ignore[misc]
    return []


def _explain_illegal_play(state: GameState, seat: int, card: Card) -> str:
    hand = state.hands[seat]
    if not hand & card.bit:
        return f"seat {seat} does not hold {card}"
    led = state.trick[0] >> 4
    trump = state.trump
    if led == trump:
        return f"trumps ({SUIT_NAMES[SUITS[trump]]}) were led and you hold a trump: play a trump"
    if hand & SUIT_MASKS[led] and not (card.suit_index == led or card.suit_index == trump):
        return (
            f"{SUIT_NAMES[SUITS[led]]} were led and you hold {SUIT_NAMES[SUITS[led]]}: "
            f"follow suit or play a trump ({SUIT_NAMES[SUITS[trump]]})"
        )
    return (
        "undertrumping is not allowed at this table: play a trump higher than the one in the "
        "trick, or another card you may play"
    )


def _reject(state: GameState, seat: int, action: object, why: str) -> IllegalActionError:
    return IllegalActionError(f"seat {seat} cannot {action}: {why}")


def _whose_turn(state: GameState) -> str:
    return f"it is seat {state.to_act_}'s turn"


def _validate(state: GameState, seat: int, action: object) -> None:
    """Raise ``IllegalActionError`` saying why, unless ``seat`` may take ``action`` now."""
    if state.winner_ is not None:
        raise _reject(state, seat, action, "the game is over")
    phase = state.phase
    match action:
        case Play(card=card):
            if phase is not Phase.PLAY:
                raise _reject(state, seat, action, f"no card is played in the {phase.value} phase")
            if seat != state.to_act_:
                raise _reject(state, seat, action, _whose_turn(state))
            if not legal_play_mask(state, seat) & card.bit:
                raise _reject(state, seat, action, _explain_illegal_play(state, seat, card))
        case Stand() | Beg():
            if phase is not Phase.DECLARE:
                raise _reject(
                    state, seat, action, f"nobody stands or begs in the {phase.value} phase"
                )
            if seat != state.to_act_:
                raise _reject(state, seat, action, _whose_turn(state))
            if (
                isinstance(action, Stand)
                and _is_round_of_acceptance(state.rules)
                and _is_gift_forbidden(state, seat)
            ):
                raise _reject(state, seat, action, "its gift point would win the elder the game")
        case TakeOne() | RunPack():
            if phase is not Phase.REPLY:
                raise _reject(state, seat, action, "the dealer answers only after a beg")
            if seat != state.to_act_:
                raise _reject(state, seat, action, f"only the dealer (seat {state.dealer}) answers")
            if isinstance(action, TakeOne) and _is_gift_forbidden(state, seat):
                raise _reject(state, seat, action, "its point would give the beggars the game")
        case Discard(cards=cards):
            if phase is not Phase.DISCARD:
                raise _reject(state, seat, action, f"nobody discards in the {phase.value} phase")
            hand = state.hands[seat]
            excess = hand.bit_count() - HAND_SIZE
            if excess <= 0:
                raise _reject(state, seat, action, "that seat already holds six cards")
            named = 0
            for card in cards:
                if not hand & card.bit:
                    raise _reject(state, seat, action, f"seat {seat} does not hold {card}")
                if named & card.bit:
                    raise _reject(state, seat, action, f"{card} is named twice")
                named |= card.bit
            if not cards or len(cards) > excess:
                raise _reject(
                    state, seat, action, f"discard between 1 and {excess} card(s) to keep six"
                )
        case _:
            raise IllegalActionError(f"{action!r} is not an All Fours action")


def _perform(
    st: GameState, seat: int, action: Action, ev: list[Event] | None, deal_next: bool = True
) -> None:
    """Carry out a legal action on ``st`` in place: the one implementation of every rule step.

    With ``deal_next=False`` a hand's count is made but the next hand is not dealt (the
    simulation path stops there)."""
    match action:
        case Play(card=card):
            if _step_play(st, seat, card.index, ev):
                if deal_next:
                    _finish_hand(st, ev)
                else:
                    _score_hand(st, ev)
        case Stand():
            _step_stand(st, seat, ev)
        case Beg():
            _step_beg(st, seat, ev)
        case TakeOne():
            _step_take_one(st, seat, ev)
        case RunPack():
            _step_run_pack(st, seat, ev)
        case Discard(cards=cards):
            mask = 0
            for card in cards:
                mask |= card.bit
            _step_discard(st, seat, mask, ev)
        case _:
            assert_never(action)


def apply(state: GameState, seat: int, action: Action) -> Transition[GameState]:
    """Take ``action`` for ``seat``: a new state and the events, in order; ``state`` is untouched.

    An action that is not legal raises ``IllegalActionError`` (a ValueError) saying why.

    >>> from engine.allfours.rules import preset
    >>> state = new_game(preset("caribbean"), seed=1)
    >>> t = apply(state, state.to_act, Stand())
    >>> t.state.phase.value, type(t.events[0]).__name__
    ('play', 'Stood')
    """
    seat = check_seat(seat, state.players)
    _validate(state, seat, action)
    st = state.clone()
    ev: list[Event] = []
    _perform(st, seat, action, ev)
    return Transition(st, ev)


def observe(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know: public facts plus that seat's own hand and discards only.
    ``seat=None`` gives a spectator's view (no hand at all).

    >>> from engine.allfours.rules import preset
    >>> view = observe(new_game(preset("english"), seed=3), 0)
    >>> len(view.hand), view.hand_sizes
    (6, (6, 6))
    """
    if seat is not None:
        seat = check_seat(seat, state.players)
    n = state.rules.players
    played = 0
    for won in state.captured:
        played |= won
    captured_by_side: list[int] = [0] * state.rules.sides
    for s, won in enumerate(state.captured):
        captured_by_side[s % state.rules.sides] |= won
    for card in state.trick:
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
        captured=tuple(tuple(cards_in(m)) for m in captured_by_side),
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
    each later one by the previous winner (§2.5, §3.5)."""
    n = state.players
    plays: list[tuple[int, Card]] = []
    winners: list[int] = []
    leader = (state.dealer + 1) % n
    history = state.history
    for start in range(0, len(history), n):
        trick = history[start : start + n]
        plays.extend(((leader + at) % n, card_at(card)) for at, card in enumerate(trick))
        leader = (leader + trick_winner_offset(trick, state.trump)) % n
        winners.append(leader)
    plays.extend(state.current_trick)
    return tuple(plays), tuple(winners)


def replay(rules: Ruleset, seed: int, log: Sequence[tuple[int, Action]]) -> GameState:
    """Rebuild a game from its seed and action log (the stored record of a table).

    >>> from engine.allfours.rules import preset
    >>> rules = preset("seven-up")
    >>> state = new_game(rules, seed=5)
    >>> after = apply(state, state.to_act, Stand()).state
    >>> replay(rules, 5, [(state.to_act, Stand())]) == after
    True
    """
    state = new_game(rules, seed)
    for seat, action in log:
        state = apply(state, seat, action).state
    return state
