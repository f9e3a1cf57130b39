"""Who may do what (RULES.md §5.3, §5.4, §6.3): the legal actions of a seat, and the reason an
action is refused.

``legal_actions`` lists concrete actions; ``validate`` raises ``IllegalActionError`` saying
why an action is not allowed (a bid below the minimum or not above the current one, a counter
by the bidding team, a card that breaks the duty to follow or to beat...).
"""

from __future__ import annotations

from typing import Final

from engine.cards import SUIT_MASKS, SUIT_NAMES, SUITS, Card, Suit, card_at, cards_in
from engine.core import IllegalActionError, Play, check_seat, plays_of
from engine.kqj.actions import Action, Bid, Capot, Counter, Overcounter, Pass, Take
from engine.kqj.deck import BEATERS, CONTRACTS, PLAYERS, is_kqj_card
from engine.kqj.play import legal_play_mask
from engine.kqj.rules import BID_STEP, MAX_BID
from engine.kqj.state import GameState, Phase
from engine.reasons import DutyOfPlay, MustBeatMaster, MustBeatTrump, MustFollowSuit

PASS: Final = Pass()
TAKE: Final = Take()
COUNTER: Final = Counter()
OVERCOUNTER: Final = Overcounter()
TAKES: Final = tuple(Take(text) for text in CONTRACTS)
CAPOTS: Final = tuple(Capot(text) for text in CONTRACTS)
_BIDS: Final = {
    count: tuple(
        Bid(value, text)
        for value in range(BID_STEP, MAX_BID + 1, BID_STEP)
        for text in CONTRACTS[:count]
    )
    for count in (4, 6)
}


def _allowed_takes(state: GameState) -> tuple[Take, ...]:
    count = state.rules.contract_count
    takes = TAKES[:count]
    if not state.rules.second_round_same_suit_allowed:
        return tuple(t for t in takes if t.contract != SUITS[state.return_card >> 4])
    return takes


def legal_actions(state: GameState, seat: object) -> list[Action]:
    """Every action ``seat`` may take now; empty when that seat may not act. A ``seat`` that
    is not a seat of the table raises ``IllegalActionError`` (like ``apply``).

    While a bid stands in the auction, every opponent of the bidding team may ``Counter()``
    even out of turn; after a counter, every player of the bidding team who has not declined
    may ``Overcounter()`` (RULES.md §6.3). Bids are listed from the lowest allowed value up,
    each value with every contract.

    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj"), seed=1)
    >>> legal_actions(state, state.to_act)
    [Take(), Pass()]
    """
    seat = check_seat(seat, PLAYERS)
    phase = state.phase
    if phase is Phase.PLAY:
        if seat != state.to_act_:
            return []
        return plays_of(legal_play_mask(state, seat))  # type: ignore[return-value]
    if phase is Phase.FIRST_ROUND:
        return [TAKE, PASS] if seat == state.to_act_ else []
    if phase is Phase.SECOND_ROUND:
        return [*_allowed_takes(state), PASS] if seat == state.to_act_ else []
    if phase is Phase.AUCTION:
        actions: list[Action] = []
        rules = state.rules
        if seat == state.to_act_:
            actions.append(PASS)
            lowest = max(rules.min_bid, state.bid + BID_STEP)
            count = rules.contract_count
            actions.extend(_BIDS[count][(lowest - BID_STEP) // BID_STEP * count :])
            actions.extend(CAPOTS[:count])
        if state.bid and state.team_of[seat] != state.team_of[state.bidder]:
            actions.append(COUNTER)
        return actions
    if phase is Phase.OVERCOUNTER:
        if state.team_of[seat] != state.team_of[state.bidder] or state.declined >> seat & 1:
            return []
        return [OVERCOUNTER, PASS] if seat == state.to_act_ else [OVERCOUNTER]
    return []


# --- validation with reasons -----------------------------------------------------------------


def _reject(
    seat: int, action: object, why: str, duty: DutyOfPlay | None = None
) -> IllegalActionError:
    return IllegalActionError(f"seat {seat} cannot {action}: {why}", why=duty)


def _suit_name(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]]


def _explain_illegal_play(state: GameState, seat: int, card: Card) -> tuple[str, DutyOfPlay | None]:
    """Why a card may not be played: (message, the duty it breaks, if any): follow suit;
    when trumps were led, beat the master card (even over a partner); holding none of the
    suit led, beat an opponent's master card (RULES.md §5.4)."""
    hand = state.hands[seat]
    if not is_kqj_card(card.index):
        return f"{card} is not in the KQJ deck", None
    if not hand & card.bit:
        return f"seat {seat} does not hold {card}", None
    led = state.trick[0] >> 4
    master = card_at(state.master_card)
    beaters = tuple(cards_in(hand & BEATERS[state.contract][state.master_card]))
    better = " ".join(str(c) for c in beaters)
    if hand & SUIT_MASKS[led]:
        if card.suit_index != led:
            message = f"{_suit_name(led)} were led and you hold {_suit_name(led)}: follow suit"
            return message, MustFollowSuit(led=Suit(SUITS[led]))
        message = (
            f"trumps were led and you can beat the master card {master}: "
            f"play one of {better} (even over a partner, RULES.md §5.4)"
        )
        return message, MustBeatTrump(master, state.master_seat, beaters)
    message = (
        f"you have no {_suit_name(led)} and an opponent is master with {master}: "
        f"beat it with one of {better} (RULES.md §5.4)"
    )
    return message, MustBeatMaster(Suit(SUITS[led]), master, state.master_seat, beaters)


def _contract_problem(state: GameState, contract: str) -> str | None:
    if CONTRACTS.index(contract) >= state.rules.contract_count:
        return "all-trump and no-trump are not played at this table"
    return None


def validate(state: GameState, seat: int, action: object) -> None:
    """Raise ``IllegalActionError`` saying why, unless ``seat`` may take ``action`` now.

    >>> from engine import kqj
    >>> state = kqj.new_game(kqj.preset("kqj").replace(auction=True), seed=1)
    >>> validate(state, state.to_act, kqj.Bid(110, "h"))
    Traceback (most recent call last):
      ...
    engine.core.IllegalActionError: seat 1 cannot Bid(110, 'h'): the lowest bid is 120
    """
    if state.winner_ is not None:
        raise _reject(seat, action, "the game is over")
    phase = state.phase
    rules = state.rules
    to_act = state.to_act_
    whose_turn = f"it is seat {to_act}'s turn"
    match action:
        case Play(card=card):
            if phase is not Phase.PLAY:
                raise _reject(seat, action, f"no card is played in the {phase.value} phase")
            if seat != to_act:
                raise _reject(seat, action, whose_turn)
            if not legal_play_mask(state, seat) >> card.index & 1:
                message, duty = _explain_illegal_play(state, seat, card)
                raise _reject(seat, action, message, duty)
        case Take(contract=contract):
            if phase is not Phase.FIRST_ROUND and phase is not Phase.SECOND_ROUND:
                raise _reject(
                    seat, action, f"there is no Return to take in the {phase.value} phase"
                )
            if seat != to_act:
                raise _reject(seat, action, whose_turn)
            own = SUITS[state.return_card >> 4]
            if phase is Phase.FIRST_ROUND:
                if contract is not None:
                    raise _reject(
                        seat,
                        action,
                        f"in the first round take with Take(): the Return's suit ({own}) "
                        "becomes trumps, and contracts are named in the second round",
                    )
            else:
                if contract is None:
                    raise _reject(
                        seat, action, "in the second round name the contract: a suit, all or none"
                    )
                problem = _contract_problem(state, contract)
                if problem:
                    raise _reject(seat, action, problem)
                if contract == own and not rules.second_round_same_suit_allowed:
                    raise _reject(seat, action, f"the Return's suit ({own}) may not be named again")
        case Pass():
            if phase is Phase.PLAY:
                raise _reject(seat, action, "nobody passes during trick play")
            if seat != to_act:
                raise _reject(seat, action, whose_turn)
        case Bid(value=value, contract=contract):
            if phase is Phase.OVERCOUNTER:
                raise _reject(seat, action, "after a counter nobody bids: overcounter or pass")
            if phase is not Phase.AUCTION:
                raise _reject(seat, action, "bids are made only in auction games, in the auction")
            if seat != to_act:
                raise _reject(seat, action, whose_turn)
            if value % BID_STEP:
                raise _reject(seat, action, "a bid is a multiple of 10")
            if value < rules.min_bid:
                raise _reject(seat, action, f"the lowest bid is {rules.min_bid}")
            if value <= state.bid:
                raise _reject(
                    seat, action, f"a bid must be higher than the current bid of {state.bid}"
                )
            if value > MAX_BID:
                raise _reject(seat, action, f"the highest bid is {MAX_BID}; above it bid a capot")
            problem = _contract_problem(state, contract)
            if problem:
                raise _reject(seat, action, problem)
        case Capot(contract=contract):
            if phase is not Phase.AUCTION:
                raise _reject(seat, action, "a capot is bid only in the auction, before a counter")
            if seat != to_act:
                raise _reject(seat, action, whose_turn)
            problem = _contract_problem(state, contract)
            if problem:
                raise _reject(seat, action, problem)
        case Counter():
            if phase is Phase.OVERCOUNTER:
                raise _reject(seat, action, "the bid is already countered")
            if phase is not Phase.AUCTION or not state.bid:
                raise _reject(seat, action, "there is no bid to counter")
            if state.team_of[seat] == state.team_of[state.bidder]:
                raise _reject(
                    seat,
                    action,
                    f"only an opponent can counter, and seat {state.bidder}'s team (yours) "
                    "made the bid",
                )
        case Overcounter():
            if phase is not Phase.OVERCOUNTER:
                raise _reject(seat, action, "only a countered bid can be overcountered")
            if state.team_of[seat] != state.team_of[state.bidder]:
                raise _reject(seat, action, "only the team that made the countered bid can")
            if state.declined >> seat & 1:
                raise _reject(seat, action, "that seat already declined to overcounter")
        case _:
            raise IllegalActionError(f"{action!r} is not a KQJ action")
