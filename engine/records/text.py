"""The record's text, written: ``write`` (the format is documented in docs/records.md; ``read``
is in ``engine.records.reading``).

PBN's layout, for trick games other than bridge: tag pairs ``[Name "value"]``, one per line,
first the game's (who, where, when, the rules, the result), then each deal's, where a tag
without a value opens a section of data lines (``[Hands]``, ``[Decisions]``, ``[Tricks]``,
``[Awards]``, ``[Bonuses]``). ``;`` starts a comment to the end of a line, a line starting
with ``%`` is a directive (``% engine.records 1`` names the format), blank lines separate
deals. ``write`` gives the one canonical text of a record (PBN's export format); ``read``
also takes tags in another order, extra spaces and comments (its import format), and says
which line is wrong when something is.

Capitalised tags describe the record; lower-case tags are the ruleset's options, named and
valued exactly as ``Ruleset.to_dict`` has them, so every option the engine has is written and
read without a list of them here.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from engine import allfours, kqj
from engine.cards import Card
from engine.core import PointsAwarded
from engine.kqj.actions import BonusScored
from engine.records.model import (
    Action,
    Contract,
    GameRecord,
    RecordError,
    Trick,
)

FORMAT: Final = 1
"""The format this module writes and reads (``% engine.records 1``)."""

Key: TypeAlias = tuple[str | int, ...]
"""Where a fact stands in a record: ``("tag", "Result")``, ``("deal", 2)``, ``("deal", 2,
"Awards")``, ``("deal", 2, "trick", 0)``... (deals and items counted from 0)."""
Lines: TypeAlias = Mapping[Key, int]
"""The line of each fact of a record read from text."""

GAME_TAGS: Final = ("Event", "Server", "Date", "Game", "Seed", "Result", "FinalScore")
DEAL_TAGS: Final = (
    "Deal",
    "Hand",
    "Dealer",
    "Score",
    "Pool",
    "Teams",
    "Stock",
    "Kick",
    "Return",
    "Contract",
    "RoundPoints",
    "Outcome",
    "GamePoints",
    "Redeal",
)
SECTIONS: Final = ("Hands", "Decisions", "Tricks", "Bonuses", "Awards")
SEAT_TAG: Final = re.compile(r"Seat([0-9])")
_TAG_NAME: Final = re.compile(r"[A-Z][A-Za-z0-9_]*")


# --- writing --------------------------------------------------------------------------------


def write(game: GameRecord) -> str:
    """The record's canonical text; ``read`` gives the same record back.

    >>> from engine import allfours
    >>> from engine.records.replay import from_log
    >>> game = from_log(allfours.preset("seven-up"), 5, [], names=["Ann", "Bo"])
    >>> print(write(game).split("\\n\\n")[0])  # doctest: +ELLIPSIS
    % engine.records 1
    [Game "allfours"]
    [Seed "5"]
    [Seat0 "Ann"]
    [Seat1 "Bo"]
    [Result "*"]
    [FinalScore "0 0"]
    [variant "sevenup"]
    ...
    """
    family = game.family
    out = [f"% engine.records {FORMAT}"]

    def tag(name: str, value: str) -> None:
        out.append(f'[{name} "{_escape(value)}"]')

    if game.event:
        tag("Event", game.event)
    if game.server:
        tag("Server", game.server)
    if game.date is not None:
        tag("Date", date_text(game.date))
    tag("Game", family)
    if game.seed is not None:
        tag("Seed", str(game.seed))
    for seat, name in enumerate(game.names):
        if name:
            tag(f"Seat{seat}", name)
    tag("Result", " ".join(map(str, game.winners)) if game.winners else "*")
    tag("FinalScore", numbers_text(game.final_scores))
    for option, value in game.rules.to_dict().items():
        tag(option, option_text(value))
    seen: set[str] = set()
    for name, value in game.tags:
        _check_extra_tag(name, seen)
        tag(name, value)
    players = game.rules.players
    for deal in game.deals:
        out.append("")
        tag("Deal", str(deal.number))
        tag("Hand", str(deal.hand))
        tag("Dealer", str(deal.dealer))
        tag("Score", numbers_text(deal.scores))
        if family == "kqj":
            tag("Pool", str(deal.pool))
            tag("Teams", teams_text(deal.teams))
        out.append("[Hands]")
        out.extend(f"{seat} {cards_text(hand)}".rstrip() for seat, hand in enumerate(deal.hands))
        if deal.stock:
            tag("Stock", cards_text(deal.stock))
        if deal.turned:
            tag("Kick" if family == "allfours" else "Return", cards_text(deal.turned))
        if deal.decisions:
            out.append("[Decisions]")
            out.extend(move_text(seat, action) for seat, action in deal.decisions)
        if deal.contract is not None:
            tag("Contract", contract_text(deal.contract))
        if deal.tricks:
            out.append("[Tricks]")
            out.extend(trick_text(i, trick, players) for i, trick in enumerate(deal.tricks))
        if deal.bonuses:
            out.append("[Bonuses]")
            out.extend(bonus_text(bonus) for bonus in deal.bonuses)
        if deal.round_points:
            tag("RoundPoints", numbers_text(deal.round_points))
        if deal.outcome is not None:
            tag("Outcome", deal.outcome)
        if deal.game_points:
            tag("GamePoints", numbers_text(deal.game_points))
        if deal.awards:
            out.append("[Awards]")
            out.extend(award_text(award) for award in deal.awards)
        if deal.redeal is not None:
            tag("Redeal", deal.redeal)
    return "\n".join(out) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _check_extra_tag(name: str, seen: set[str]) -> None:
    if not _TAG_NAME.fullmatch(name) or name in GAME_TAGS or SEAT_TAG.fullmatch(name):
        raise RecordError(
            f"{name!r} cannot be a further tag: a name of letters, digits and _ starting "
            "with a capital, other than the record's own tags"
        )
    if name in DEAL_TAGS or name in SECTIONS or name in seen:
        raise RecordError(f"the tag {name!r} is given twice, or is a deal's tag")
    seen.add(name)


def date_text(date: datetime.date) -> str:
    """PBN's date: ``YYYY.MM.DD``."""
    return f"{date.year:04d}.{date.month:02d}.{date.day:02d}"


def option_text(value: object) -> str:
    """A ruleset option's value: ``true`` / ``false``, a number, or the text itself."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def numbers_text(numbers: Iterable[int]) -> str:
    return " ".join(map(str, numbers))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def teams_text(teams: Sequence[Sequence[int]]) -> str:
    """``0 2 4 / 1 3 5``."""
    return " / ".join(numbers_text(team) for team in teams)


def encode(action: Action) -> str:
    """The engine's code of an action, from the family it belongs to."""
    if isinstance(
        action,
        allfours.Stand | allfours.Beg | allfours.TakeOne | allfours.RunPack | allfours.Discard,
    ):
        return allfours.encode_action(action)
    return kqj.encode_action(action)


def move_text(seat: int, action: Action) -> str:
    """A decision line: ``2 B:130:h``."""
    return f"{seat} {encode(action)}"


def contract_text(contract: Contract) -> str:
    """``h by 2`` (the Return taken), ``130 h by 3 x2`` (a countered bid), ``400 all by 1
    capot``."""
    words = [str(contract.bid)] if contract.bid else []
    words += [contract.contract, "by", str(contract.declarer)]
    if contract.multiplier != 1:
        words.append(f"x{contract.multiplier}")
    if contract.capot:
        words.append("capot")
    return " ".join(words)


def trick_text(index: int, trick: Trick, players: int) -> str:
    """``3. 2:8h 3:3h 0:Kh 1:Jc -> 0 (4)``: number, seat:card in playing order, winner and
    card points."""
    plays = " ".join(f"{(trick.leader + i) % players}:{card}" for i, card in enumerate(trick.cards))
    text = f"{index + 1}. {plays}"
    if trick.winner is not None:
        text += f" -> {trick.winner}"
    if trick.points is not None:
        text += f" ({trick.points})"
    return text


def award_text(award: PointsAwarded) -> str:
    """``1 +3 hang_jack Jh by 2``: side, points, reason, the card and the seat credited."""
    text = f"{award.side} +{award.points} {award.reason}"
    if award.card is not None:
        text += f" {award.card}"
    if award.seat is not None:
        text += f" by {award.seat}"
    return text


def bonus_text(bonus: BonusScored) -> str:
    """``0 +20 kq h by 4``: team, round points, kind, the suit and the seat."""
    text = f"{bonus.team} +{bonus.points} {bonus.kind}"
    if bonus.suit is not None:
        text += f" {bonus.suit}"
    if bonus.seat is not None:
        text += f" by {bonus.seat}"
    return text


# --- reading: lines into tags and sections ------------------------------------------------------
