"""The game record in memory: what a record's text says, as typed, frozen data.

A ``GameRecord`` holds the record's tags (event, server, date, players' names, the ruleset,
the seed when known, the result) and one ``DealRecord`` per deal, redeals included: the
dealer, the scores when the cards were dealt, every hand, the stock as far as it was used, the
turned-up cards (All Fours kicks, the KQJ Return), the decisions and the tricks in order, and
what the deal scored. Everything written is data: ``records.replay`` checks each fact against
the engine, so a record states what the table saw and the engine says whether it agrees.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from engine import allfours, kqj
from engine.cards import Card
from engine.core import EngineError, Play, PointsAwarded
from engine.kqj.actions import BonusScored

Rules: TypeAlias = allfours.Ruleset | kqj.Ruleset
Action: TypeAlias = allfours.Action | kqj.Action
Move: TypeAlias = tuple[int, Action]
"""One entry of an action log: ``(seat, action)``."""
Family: TypeAlias = Literal["allfours", "kqj"]

FAMILIES: Final[tuple[Family, ...]] = ("allfours", "kqj")


class RecordError(EngineError):
    """A record that cannot be read, or that the engine does not replay as it is written.

    ``line`` is the line of the record's text at fault (from 1) when the record was read
    from text, else ``None``; ``reason`` is the message without the line.
    """

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason if line is None else f"line {line}: {reason}")
        self.reason = reason
        self.line = line


def family_of(rules: Rules) -> Family:
    """``"allfours"`` or ``"kqj"``: the engine package a ruleset belongs to."""
    return "allfours" if isinstance(rules, allfours.Ruleset) else "kqj"


def add_awards(scores: Sequence[int], awards: Iterable[PointsAwarded]) -> tuple[int, ...]:
    """``scores`` (by side) with ``awards`` added.

    >>> add_awards((3, 5), [PointsAwarded(1, 2, "kick")])
    (3, 7)
    """
    total = list(scores)
    for award in awards:
        total[award.side] += award.points
    return tuple(total)


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick in playing order: ``leader`` played ``cards[0]`` and each next seat the next
    card. ``winner`` and ``points`` (the card points of the trick, as ``TrickWon`` reports
    them) are ``None`` while the trick is unfinished, which only the last trick of a record
    may be."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None
    points: int | None = None

    def moves(self, players: int) -> list[Move]:
        """The trick as ``(seat, Play(card))`` entries of the action log."""
        return [((self.leader + i) % players, Play(card)) for i, card in enumerate(self.cards)]


@dataclass(frozen=True, slots=True)
class Contract:
    """A KQJ contract: ``contract`` (a suit letter, ``"all"`` or ``"none"``) declared by
    ``declarer``; in the auction also the ``bid``, its ``multiplier`` (2 countered, 4
    overcountered) and whether it is a ``capot`` (the base game has bid 0, multiplier 1)."""

    contract: str
    declarer: int
    bid: int = 0
    multiplier: int = 1
    capot: bool = False


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal: a hand, or a deal that was thrown in (``redeal`` says why).

    ``number`` counts the deals of the game from 1, redeals included (the engine's
    ``deal_count``); ``hand`` counts hands (KQJ rounds), which a redeal keeps. ``scores`` are
    the scores by side when the cards were dealt, before anything the deal scored; ``hands``
    what each seat held after the initial deal; ``stock`` the undealt cards top first, as far
    as the deal used them (All Fours: up to the last turned card; KQJ: the Return, and the
    whole stock once the deal was completed); ``turned`` the cards turned face up in order
    (All Fours: the kick, then the kick or candidate of each run of the pack; KQJ: the Return,
    none in the auction). ``decisions`` are every action but the plays, in order; ``tricks``
    the plays; ``awards`` every point the deal scored, in order (a kick's included).

    The count: ``game_points`` (All Fours: the Game values each side captured);
    KQJ ``contract``, ``bonuses``, ``round_points`` (per team of the round, cards and
    bonuses) and ``outcome``. ``pool`` (the litigation pool when dealt) and ``teams`` (the
    seats of each team of the round) are KQJ's; All Fours leaves them 0 and empty.
    """

    number: int
    hand: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    turned: tuple[Card, ...] = ()
    decisions: tuple[Move, ...] = ()
    tricks: tuple[Trick, ...] = ()
    awards: tuple[PointsAwarded, ...] = ()
    redeal: str | None = None
    game_points: tuple[int, ...] = ()
    pool: int = 0
    teams: tuple[tuple[int, ...], ...] = ()
    contract: Contract | None = None
    bonuses: tuple[BonusScored, ...] = ()
    round_points: tuple[int, ...] = ()
    outcome: str | None = None

    def moves(self, players: int) -> list[Move]:
        """The deal's part of the action log: its decisions, then its plays."""
        log = list(self.decisions)
        for trick in self.tricks:
            log.extend(trick.moves(players))
        return log

    def scores_after(self) -> tuple[int, ...]:
        """The scores once everything the deal scored is added."""
        return add_awards(self.scores, self.awards)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game (or the part of one a record holds), as ``write`` writes it.

    ``seed`` is the game's seed when known: then the deals are replayed from it, and a record
    without one is replayed deal by deal from its written hands (``records.replay``).
    ``winners`` are the winning sides (several for a shared KQJ win; empty while the game is
    unfinished) and ``final_scores`` the scores by side at the end of the record. ``names``
    has one entry per seat (``""`` where unknown); ``tags`` are further tag pairs, kept in
    order (PBN's supplemental tags), named like ``Table`` or ``Link``.
    """

    rules: Rules
    seed: int | None
    deals: tuple[DealRecord, ...]
    final_scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    event: str = ""
    server: str = ""
    date: datetime.date | None = None
    names: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.date, datetime.datetime):  # a record keeps the day (PBN's Date)
            object.__setattr__(self, "date", self.date.date())
        players = self.rules.players
        if not self.names:
            object.__setattr__(self, "names", ("",) * players)
        elif len(self.names) != players:
            raise RecordError(f"names: give one per seat ({players}), not {len(self.names)}")
        for what, text in (
            ("event", self.event),
            ("server", self.server),
            *(("a name", name) for name in self.names),
            *((f"tag {name}", value) for name, value in self.tags),
        ):
            if "\n" in text or "\r" in text:
                raise RecordError(f"{what} must be one line of text: {text!r}")

    @property
    def family(self) -> Family:
        return family_of(self.rules)

    def moves(self) -> list[Move]:
        """The record's action log, every deal in order (what the bot stores)."""
        players = self.rules.players
        return [move for deal in self.deals for move in deal.moves(players)]
