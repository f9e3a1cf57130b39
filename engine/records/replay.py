"""Records and the engine: ``from_log`` makes the record of a game by replaying its seed and
action log, ``replay`` plays a record back and checks every fact it states, ``check`` reads a
record's text and replays it, naming the line of the first fact the engine disagrees with.

Both directions run the same code: the engine's account of each deal is gathered from the
state the deal starts with and the events of its actions (``_Deal``), so a record says
exactly what the engine reported, and no rule is worked out here a second time.

**A record with a seed** is replayed from ``new_game(rules, seed)`` through its action codes;
every deal, trick and score it writes must be what the engine deals and reports, and the final
state is the one the game's table stored. **A record without a seed** (a hand from a bug
report, a puzzle) is replayed deal by deal from what it writes, with the engine's stacked
``deal(...)``: each deal starts from its written dealer, scores, pool, teams, hands and stock
(the stock's unused rest, which nobody saw, in a fixed order), and between two deals the
engine's count must give the next deal's dealer, hand number, scores and pool (and, with
fixed partners, teams). That is sound because nothing else carries from one deal to the next
that changes play: the shuffle (and with random partners the draw of the teams) is all a seed
decides. The engine's own next deal
(shuffled from seed 0) is no part of such a record, so its result is checked as of the end of
the record's last deal.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeAlias

from engine import allfours, kqj
from engine.cards import Card, card_at, standard_deck
from engine.core import (
    CardPlayed,
    EngineError,
    GameOver,
    IllegalActionError,
    Play,
    PointsAwarded,
    Redeal,
    TrickWon,
)
from engine.kqj.actions import BonusScored
from engine.kqj.deck import DECK as KQJ_DECK
from engine.records.model import (
    Action,
    Contract,
    DealRecord,
    GameRecord,
    Move,
    RecordError,
    Rules,
    Trick,
    add_awards,
)
from engine.records.reading import parse
from engine.records.text import (
    Key,
    Lines,
    award_text,
    bonus_text,
    cards_text,
    contract_text,
    encode,
    numbers_text,
    teams_text,
)

State: TypeAlias = allfours.GameState | kqj.GameState
"""A state of either family."""


def from_log(
    rules: Rules,
    seed: int,
    log: Iterable[tuple[int, Action | str]],
    *,
    event: str = "",
    server: str = "",
    date: datetime.date | None = None,
    names: Sequence[str] = (),
    tags: Sequence[tuple[str, str]] = (),
) -> GameRecord:
    """The record of a game from what a table stores: its ruleset, its seed and its action
    log of ``(seat, action)`` (an action or its code), with the record's tags.

    >>> from engine import allfours
    >>> rules = allfours.preset("seven-up")
    >>> game = from_log(rules, 5, [(0, "S")], names=["Ann", "Bo"])
    >>> game.deals[0].decisions, game.final_scores
    (((0, Stand()),), (0, 0))
    """
    state = _new_game(rules, seed)
    deal = _Deal.first(state, state.deal_count, state.hand_number)
    deals: list[DealRecord] = []
    for at, (seat, entry) in enumerate(log, start=1):
        try:
            action = _decode(rules, entry) if isinstance(entry, str) else entry
        except EngineError as exc:
            raise RecordError(f"log entry {at}: {exc}") from None
        if not isinstance(action, Play):
            if deal.tricks or deal.trick_cards:
                raise RecordError(f"log entry {at}: a decision after the deal's first play")
            deal.decisions.append((seat, action))
        try:
            state, events = _apply(state, seat, action)
        except EngineError as exc:
            raise RecordError(f"log entry {at} ({seat} {encode(action)}): {exc}") from None
        opened = deal.absorb(events, state)
        if opened is not None:
            deals.append(deal.record())
            deal = opened
    deals.append(deal.record())
    return GameRecord(
        rules=rules,
        seed=seed,
        deals=tuple(deals),
        final_scores=state.scores,
        winners=_winners(state.winner),
        event=event,
        server=server,
        date=date,
        names=tuple(names),
        tags=tuple(tags),
    )


def replay(game: GameRecord) -> State:
    """Play a record back through the engine, checking every deal, trick and score it
    writes; the state after its last action (with a seed: the game's stored state). A fact
    the engine does not agree with raises ``RecordError`` saying where and what.

    >>> from engine import allfours
    >>> rules = allfours.preset("seven-up")
    >>> replay(from_log(rules, 5, [(0, "S")])) == allfours.replay(rules, 5, [(0, allfours.Stand())])
    True
    """
    return _Replayer(game, {}).run()


def check(text: str) -> tuple[GameRecord, State]:
    """Read a record's text and replay it; a ``RecordError`` names the line at fault."""
    game, lines = parse(text)
    return game, _Replayer(game, lines).run()


# --- the two families behind one face ---------------------------------------------------------


def _new_game(rules: Rules, seed: int) -> State:
    if isinstance(rules, allfours.Ruleset):
        return allfours.new_game(rules, seed)
    return kqj.new_game(rules, seed)


def _decode(rules: Rules, code: str) -> Action:
    if isinstance(rules, allfours.Ruleset):
        return allfours.decode_action(code)
    return kqj.decode_action(code)


_ALLFOURS_ACTIONS: Final = (
    allfours.Stand,
    allfours.Beg,
    allfours.TakeOne,
    allfours.RunPack,
    allfours.Discard,
    Play,
)
_KQJ_ACTIONS: Final = (kqj.Take, kqj.Pass, kqj.Bid, kqj.Capot, kqj.Counter, kqj.Overcounter, Play)


def _apply(state: State, seat: int, action: Action) -> tuple[State, list[object]]:
    if isinstance(state, allfours.GameState):
        if isinstance(action, _ALLFOURS_ACTIONS):
            step = allfours.apply(state, seat, action)
            return step.state, step.events
    elif isinstance(action, _KQJ_ACTIONS):
        turn = kqj.apply(state, seat, action)
        return turn.state, turn.events
    raise IllegalActionError(f"{action} is not an action of this game")


def _winners(winner: int | tuple[int, ...] | None) -> tuple[int, ...]:
    if winner is None:
        return ()
    return winner if isinstance(winner, tuple) else (winner,)


def _cards(indices: Iterable[int]) -> tuple[Card, ...]:
    return tuple(card_at(index) for index in indices)


# --- the engine's account of one deal ---------------------------------------------------------


class _Deal:
    """What the engine dealt, decided and reported in one deal, gathered event by event.

    ``number_offset`` / ``hand_offset`` turn the engine's ``deal_count`` and ``hand_number``
    into the record's numbers (a stacked deal counts from 1 again)."""

    def __init__(
        self,
        state: State,
        number: int,
        hand: int,
        scores: tuple[int, ...],
        number_offset: int,
        hand_offset: int,
    ) -> None:
        self.is_allfours = isinstance(state, allfours.GameState)
        self.number = number
        self.hand = hand
        self.dealer = state.dealer
        self.scores = scores
        players = state.rules.players
        self.hands = tuple(state.hand(seat) for seat in range(players))
        self.stock = _cards(state.stock)
        self.pool = 0 if isinstance(state, allfours.GameState) else state.pool
        self.teams = () if isinstance(state, allfours.GameState) else state.teams
        self.number_offset = number_offset
        self.hand_offset = hand_offset
        self.turned: list[Card] = []
        self.decisions: list[Move] = []
        self.tricks: list[Trick] = []
        self.trick_leader = -1
        self.trick_cards: list[Card] = []
        self.awards: list[PointsAwarded] = []
        self.winners: tuple[int, ...] = ()
        self.redeal: str | None = None
        self.game_points: tuple[int, ...] = ()
        self.contract: Contract | None = None
        self.bonuses: tuple[BonusScored, ...] = ()
        self.round_points: tuple[int, ...] = ()
        self.outcome: str | None = None
        self.next_deal: _Deal | None = None

    @classmethod
    def first(cls, state: State, number: int, hand: int) -> _Deal:
        """The deal of a state fresh from ``new_game`` or ``deal``: what the deal scored at
        once (an All Fours kick) is in the state's awards, its events are not reported."""
        if isinstance(state, allfours.GameState):
            awards = state.hand_awards
            scores = list(state.scores)
            for award in awards:
                scores[award.side] -= award.points
            deal = cls(
                state,
                number,
                hand,
                tuple(scores),
                number - state.deal_count,
                hand - state.hand_number,
            )
            deal.turned = list(state.turned_cards)
            deal.awards = list(awards)
        else:
            deal = cls(
                state,
                number,
                hand,
                state.scores,
                number - state.deal_count,
                hand - state.hand_number,
            )
            if state.return_face is not None:
                deal.turned = [state.return_face]
        deal.winners = _winners(state.winner)
        return deal

    def absorb(self, events: Iterable[object], state: State) -> _Deal | None:
        """Take in one action's events (``state`` is the state after it); the next deal when
        the engine dealt one (then the events after ``Dealt`` are the next deal's)."""
        deal = self
        for event in events:
            if isinstance(event, (allfours.Dealt, kqj.Dealt)):
                if deal.next_deal is not None or deal is not self:
                    raise AssertionError("the engine dealt twice in one action")
                deal.next_deal = deal = _Deal(
                    state,
                    state.deal_count + self.number_offset,
                    event.hand_number + self.hand_offset,
                    self.scores_after(),
                    self.number_offset,
                    self.hand_offset,
                )
            else:
                deal._take(event)
        return self.next_deal

    def _take(self, event: object) -> None:
        if isinstance(event, CardPlayed):
            if not self.trick_cards:
                self.trick_leader = event.seat
            self.trick_cards.append(event.card)
        elif isinstance(event, TrickWon):
            self.tricks.append(
                Trick(self.trick_leader, tuple(self.trick_cards), event.seat, event.points)
            )
            self.trick_cards = []
        elif isinstance(event, PointsAwarded):
            self.awards.append(event)
        elif isinstance(event, (allfours.CardTurned, kqj.ReturnTurned)):
            self.turned.append(event.card)
        elif isinstance(event, Redeal):
            self.redeal = event.reason
        elif isinstance(event, GameOver):
            self.winners = _winners(event.winner)
        elif isinstance(event, allfours.HandEnded):
            self.game_points = event.game_points
        elif isinstance(event, kqj.HandEnded):
            self.bonuses = event.bonuses
            self.round_points = event.round_points
            self.outcome = event.outcome
        elif isinstance(event, kqj.Took):
            self.contract = Contract(event.contract, event.seat)
        elif isinstance(event, kqj.AuctionEnded):
            self.contract = Contract(
                event.contract, event.declarer, event.value, event.multiplier, event.capot
            )

    def used_stock(self) -> int:
        """How many stock cards the deal has used so far. All Fours: a run of the pack deals
        its packets and then turns a card, so the used stock ends at the last turned card;
        KQJ: the Return, and once it is taken the completion deals the whole stock (§5.3)."""
        if self.is_allfours:
            return self.stock.index(self.turned[-1]) + 1 if self.turned else 0
        return len(self.stock) if self.contract is not None else min(1, len(self.stock))

    def scores_after(self) -> tuple[int, ...]:
        return add_awards(self.scores, self.awards)

    def record(self) -> DealRecord:
        tricks = list(self.tricks)
        if self.trick_cards:
            tricks.append(Trick(self.trick_leader, tuple(self.trick_cards)))
        return DealRecord(
            number=self.number,
            hand=self.hand,
            dealer=self.dealer,
            scores=self.scores,
            hands=self.hands,
            stock=self.stock[: self.used_stock()],
            turned=tuple(self.turned),
            decisions=tuple(self.decisions),
            tricks=tuple(tricks),
            awards=tuple(self.awards),
            redeal=self.redeal,
            game_points=self.game_points,
            pool=self.pool,
            teams=self.teams,
            contract=self.contract,
            bonuses=self.bonuses,
            round_points=self.round_points,
            outcome=self.outcome,
        )


# --- replaying a record -----------------------------------------------------------------------


def _text(value: str) -> str:
    return f"'{value}'" if value else "nothing"


class _Replayer:
    """Plays a record through the engine, comparing each fact as soon as the engine has it:
    a deal's header when it is dealt, each trick when it is won, the rest of the deal when
    it ends, the result at the end."""

    def __init__(self, game: GameRecord, lines: Lines) -> None:
        self.game = game
        self.lines = lines
        self.players = game.rules.players
        self.family = game.family

    def fail(self, reason: str, key: Key) -> RecordError:
        for end in range(len(key), 0, -1):
            line = self.lines.get(key[:end])
            if line is not None:
                return RecordError(reason, line)
        return RecordError(reason)

    def run(self) -> State:
        game = self.game
        if not game.deals:
            raise RecordError("a record holds at least one deal")
        seeded = game.seed is not None
        state: State
        accounts: list[_Deal] = []
        for index, written in enumerate(game.deals):
            if index == 0:
                if game.seed is not None:
                    state = _new_game(game.rules, game.seed)
                    deal = _Deal.first(state, state.deal_count, state.hand_number)
                else:
                    state = self.stack(index, written)
                    deal = _Deal.first(state, written.number, written.hand)
            else:
                following = accounts[-1].next_deal
                assert following is not None  # checked when the previous deal ended
                if seeded:
                    deal = following
                else:
                    self.compare_header(index, written, following, whole=False)
                    state = self.stack(index, written)
                    deal = _Deal.first(state, written.number, written.hand)
            self.compare_header(index, written, deal, whole=True)
            for key, seat, action in self.moves(index, written):
                if deal.next_deal is not None:
                    raise self.fail(
                        f"deal {written.number}: the engine's deal is over before this "
                        f"({self.ending(deal)})",
                        key,
                    )
                if not isinstance(action, Play):
                    deal.decisions.append((seat, action))
                compared = len(deal.tricks)
                try:
                    state, events = _apply(state, seat, action)
                except EngineError as exc:
                    raise self.fail(
                        f"{self.place(written, key)} ({seat} {encode(action)}): {exc}", key
                    ) from None
                deal.absorb(events, state)
                for at in range(compared, len(deal.tricks)):
                    self.compare_trick(index, written, at, deal.tricks[at])
                if deal.used_stock() > len(written.stock):
                    raise self.fail(
                        f"deal {written.number}: the engine has dealt {deal.used_stock()} cards "
                        f"of the stock by now, the record lists {len(written.stock)}",
                        ("deal", index, "Stock"),
                    )
            if index + 1 < len(game.deals) and deal.next_deal is None:
                raise self.fail(self.not_over(deal, state), ("deal", index + 1))
            self.compare_body(index, written, deal.record())
            accounts.append(deal)
        self.compare_result(accounts)
        return state

    def stack(self, index: int, written: DealRecord) -> State:
        """The engine's stacked deal of a written deal (a record without a seed)."""
        rules = self.game.rules
        given = {card.index for hand in written.hands for card in hand}
        given |= {card.index for card in written.stock}
        try:
            if isinstance(rules, allfours.Ruleset):
                rest = [card for card in standard_deck() if card.index not in given]
                return allfours.deal(
                    rules,
                    dealer=written.dealer,
                    hands=written.hands,
                    stock=[*written.stock, *rest],
                    scores=written.scores,
                )
            rest = [] if rules.auction else [card_at(i) for i in KQJ_DECK if i not in given]
            return kqj.deal(
                rules,
                dealer=written.dealer,
                hands=written.hands,
                stock=[*written.stock, *rest],
                scores=written.scores,
                pool=written.pool,
                teams=written.teams or None,
            )
        except EngineError as exc:
            raise self.fail(
                f"deal {written.number}: the engine cannot deal it: {exc}",
                ("deal", index, "Hands"),
            ) from None

    def moves(self, index: int, written: DealRecord) -> Iterator[tuple[Key, int, Action]]:
        for at, (seat, action) in enumerate(written.decisions):
            yield ("deal", index, "decision", at), seat, action
        for at, trick in enumerate(written.tricks):
            for seat, play in trick.moves(self.players):
                yield ("deal", index, "trick", at), seat, play

    @staticmethod
    def place(written: DealRecord, key: Key) -> str:
        return f"deal {written.number}, {key[2]} {int(key[3]) + 1}"

    def not_over(self, previous: _Deal, state: State) -> str:
        if previous.winners:
            return f"the game is over after deal {previous.number}, yet the record goes on"
        return (
            f"the engine's deal {previous.number} is not over: seat {state.to_act} is to act, "
            "yet the record starts another deal"
        )

    @staticmethod
    def ending(deal: _Deal) -> str:
        if deal.redeal is not None:
            return f"thrown in: {deal.redeal}"
        return "the hand was counted"

    def compare_header(self, index: int, written: DealRecord, deal: _Deal, whole: bool) -> None:
        """The facts of a deal known when it is dealt; ``whole=False`` (a record without a
        seed, the engine's next deal) leaves out what the shuffle decides."""
        where = f"deal {written.number}"
        checks: list[tuple[str, str, str]] = [
            ("Deal", str(written.number), str(deal.number)),
            ("Hand", str(written.hand), str(deal.hand)),
            ("Dealer", str(written.dealer), str(deal.dealer)),
            ("Score", numbers_text(written.scores), numbers_text(deal.scores)),
        ]
        rules = self.game.rules
        if isinstance(rules, kqj.Ruleset):
            checks.append(("Pool", str(written.pool), str(deal.pool)))
            if whole or not rules.random_partners:
                checks.append(("Teams", teams_text(written.teams), teams_text(deal.teams)))
        for tag, mine, engine in checks:
            if mine != engine:
                raise self.fail(
                    f"{where}: [{tag}] is {_text(mine)} but the engine has {_text(engine)}",
                    ("deal", index, tag),
                )
        if not whole:
            return
        for seat, (mine_hand, engine_hand) in enumerate(
            zip(written.hands, deal.hands, strict=True)
        ):
            if sorted(c.index for c in mine_hand) != sorted(c.index for c in engine_hand):
                raise self.fail(
                    f"{where}: seat {seat}'s hand is {_text(cards_text(mine_hand))} but the "
                    f"engine deals {_text(cards_text(engine_hand))}",
                    ("deal", index, "hand", seat),
                )
        if deal.stock[: len(written.stock)] != written.stock:
            raise self.fail(
                f"{where}: [Stock] is {_text(cards_text(written.stock))} but the engine's stock "
                f"starts {_text(cards_text(deal.stock[: len(written.stock)]))}",
                ("deal", index, "Stock"),
            )

    def compare_trick(self, index: int, written: DealRecord, at: int, trick: Trick) -> None:
        mine = written.tricks[at]
        if (mine.winner, mine.points) != (trick.winner, trick.points):
            raise self.fail(
                f"deal {written.number}, trick {at + 1}: the record gives it to seat "
                f"{mine.winner} ({mine.points} points), the engine to seat {trick.winner} "
                f"({trick.points} points)",
                ("deal", index, "trick", at),
            )

    def compare_body(self, index: int, written: DealRecord, engine: DealRecord) -> None:
        """The facts of a deal known once its actions are played, in the record's order."""
        where = f"deal {written.number}"
        turned_tag = "Kick" if self.family == "allfours" else "Return"
        tags: list[tuple[str, str, str]] = [
            ("Stock", cards_text(written.stock), cards_text(engine.stock)),
            (turned_tag, cards_text(written.turned), cards_text(engine.turned)),
            (
                "Contract",
                "" if written.contract is None else contract_text(written.contract),
                "" if engine.contract is None else contract_text(engine.contract),
            ),
        ]
        for tag, mine, theirs in tags:
            if mine != theirs:
                raise self.fail(
                    f"{where}: [{tag}] is {_text(mine)} but the engine has {_text(theirs)}",
                    ("deal", index, tag),
                )
        self.compare_items(
            index,
            where,
            "Bonuses",
            "bonus",
            [bonus_text(b) for b in written.bonuses],
            [bonus_text(b) for b in engine.bonuses],
        )
        tags = [
            ("RoundPoints", numbers_text(written.round_points), numbers_text(engine.round_points)),
            ("Outcome", written.outcome or "", engine.outcome or ""),
            ("GamePoints", numbers_text(written.game_points), numbers_text(engine.game_points)),
        ]
        for tag, mine, theirs in tags:
            if mine != theirs:
                raise self.fail(
                    f"{where}: [{tag}] is {_text(mine)} but the engine has {_text(theirs)}",
                    ("deal", index, tag),
                )
        self.compare_items(
            index,
            where,
            "Awards",
            "award",
            [award_text(a) for a in written.awards],
            [award_text(a) for a in engine.awards],
        )
        if written.redeal != engine.redeal:
            raise self.fail(
                f"{where}: [Redeal] is {_text(written.redeal or '')} but the engine "
                + (f"throws the deal in: {engine.redeal}" if engine.redeal else "does not"),
                ("deal", index, "Redeal"),
            )

    def compare_items(
        self, index: int, where: str, section: str, item: str, mine: list[str], engine: list[str]
    ) -> None:
        for at in range(max(len(mine), len(engine))):
            if at < len(mine) and at < len(engine) and mine[at] == engine[at]:
                continue
            key: Key = ("deal", index, item, at) if at < len(mine) else ("deal", index, section)
            if at >= len(mine):
                reason = f"the engine has one more {item} there: '{engine[at]}'"
            elif at >= len(engine):
                reason = f"{item} {at + 1} is '{mine[at]}' but the engine has no more"
            else:
                reason = f"{item} {at + 1} is '{mine[at]}' but the engine has '{engine[at]}'"
            raise self.fail(f"{where}, [{section}]: {reason}", key)

    def compare_result(self, accounts: list[_Deal]) -> None:
        game = self.game
        final = accounts[-1].scores_after()
        if game.final_scores != final:
            raise self.fail(
                f"[FinalScore] is '{numbers_text(game.final_scores)}' but the engine ends at "
                f"'{numbers_text(final)}'",
                ("tag", "FinalScore"),
            )
        winners = next((deal.winners for deal in reversed(accounts) if deal.winners), ())
        if game.winners != winners:
            said = numbers_text(game.winners) or "*"
            engine = numbers_text(winners) or "* (the game goes on)"
            raise self.fail(
                f"[Result] is '{said}' but the engine has '{engine}'", ("tag", "Result")
            )


__all__ = ["State", "check", "from_log", "replay"]
