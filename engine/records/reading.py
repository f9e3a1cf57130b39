"""The record's text, read: ``read`` and ``parse`` (the import format of docs/records.md).

``read`` takes tags in another order, extra spaces and comments, and says which line is wrong
when something is; what it reads is replayed through the engine by ``engine.records.replay``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine import allfours, kqj
from engine.cards import Card, CardError
from engine.core import ActionFormatError, PointsAwarded, RulesetError
from engine.kqj.actions import BonusScored
from engine.kqj.deck import CONTRACTS, is_kqj_card
from engine.records.model import (
    FAMILIES,
    Action,
    Contract,
    DealRecord,
    Family,
    GameRecord,
    Move,
    RecordError,
    Rules,
    Trick,
)
from engine.records.text import (
    DEAL_TAGS,
    FORMAT,
    GAME_TAGS,
    SEAT_TAG,
    SECTIONS,
    Key,
)

_ONLY: Final[dict[str, Family]] = {
    "Kick": "allfours",
    "GamePoints": "allfours",
    "Pool": "kqj",
    "Teams": "kqj",
    "Return": "kqj",
    "Contract": "kqj",
    "RoundPoints": "kqj",
    "Outcome": "kqj",
    "Bonuses": "kqj",
}
_REQUIRED_DEAL_TAGS: Final = ("Hand", "Dealer", "Score")
_TAG_LINE: Final = re.compile(
    r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:"((?:[^"\\]|\\.)*)"\s*)?\]\s*(?:;.*)?'
)
_VERSION_LINE: Final = re.compile(r"%\s*engine\.records\s+(\S+)\s*")
_WHOLE: Final = re.compile(r"-?[0-9]+")
_COUNT: Final = re.compile(r"[0-9]+")
_DATE: Final = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})")
_WORD: Final = re.compile(r"[a-z][a-z0-9_]*")


@dataclass
class _Tag:
    value: str
    line: int


@dataclass
class _Section:
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class _RawDeal:
    line: int
    number: str
    tags: dict[str, _Tag] = field(default_factory=dict)
    sections: dict[str, _Section] = field(default_factory=dict)


def read(text: str) -> GameRecord:
    """Read a record's text; anything malformed raises ``RecordError`` naming its line.

    Reading checks the form only (tags, cards, codes, seats); whether the engine agrees with
    what the record says is ``records.replay``'s business.
    """
    return parse(text)[0]


def parse(text: str) -> tuple[GameRecord, dict[Key, int]]:
    """``read``, and the line of every fact (for ``records.check``'s messages)."""
    game_tags, deals = _split(text)
    return _Interpreter(game_tags, deals).game()


def _split(text: str) -> tuple[dict[str, _Tag], list[_RawDeal]]:
    """Lines into the game's tags and each deal's tags and sections (syntax only)."""
    game_tags: dict[str, _Tag] = {}
    deals: list[_RawDeal] = []
    section: _Section | None = None
    seen_tag = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if stripped.startswith("%"):
            version = _VERSION_LINE.fullmatch(stripped)
            if version is not None:
                if seen_tag:
                    raise RecordError("the format line must come before the tags", line=number)
                if version.group(1) != str(FORMAT):
                    raise RecordError(
                        f"a record of format {version.group(1)}; this engine reads format {FORMAT}",
                        line=number,
                    )
            continue
        if stripped.startswith("["):
            seen_tag = True
            name, value = _tag_line(line, number)
            if name == "Deal":
                if value is None:
                    raise RecordError('[Deal] needs its number: [Deal "1"]', line=number)
                deals.append(_RawDeal(number, value))
                section = None
                continue
            if value is None:
                if name not in SECTIONS:
                    raise RecordError(
                        f"[{name}] is not a section ({', '.join(SECTIONS)}); a tag needs "
                        f'a value: [{name} "..."]',
                        line=number,
                    )
                if not deals:
                    raise RecordError(f"[{name}] belongs to a deal: start it with [Deal]", number)
                if name in deals[-1].sections:
                    raise RecordError(f"a second [{name}] section in this deal", line=number)
                section = deals[-1].sections[name] = _Section(number)
                continue
            tags = deals[-1].tags if deals else game_tags
            if name in tags:
                raise RecordError(
                    f"a second [{name}] tag (first on line {tags[name].line})", number
                )
            tags[name] = _Tag(value, number)
            section = None
            continue
        if section is None:
            raise RecordError(
                f"{stripped[:40]!r} is neither a tag nor a line of a section", line=number
            )
        tokens = line.split(";", 1)[0].split()
        if tokens:
            section.rows.append((number, tokens))
    return game_tags, deals


def _tag_line(line: str, number: int) -> tuple[str, str | None]:
    found = _TAG_LINE.fullmatch(line)
    if found is None:
        raise RecordError(
            f'not a tag pair: {line.strip()[:60]!r} (write [Name "value"], one per line)',
            line=number,
        )
    name, value = found.group(1), found.group(2)
    if value is None:
        return name, None
    parts = re.split(r"\\(.)", value)
    for escaped in parts[1::2]:
        if escaped not in '"\\':
            raise RecordError(
                f'in a tag value a backslash escapes only " and \\, not {escaped!r}', number
            )
    return name, "".join(parts)


# --- reading: tags and sections into the record -------------------------------------------------


class _Interpreter:
    """The second pass of ``read``: typed values from the tags and sections, and their lines."""

    def __init__(self, game_tags: dict[str, _Tag], deals: list[_RawDeal]) -> None:
        self.game_tags = game_tags
        self.raw_deals = deals
        self.lines: dict[Key, int] = {}

    def game(self) -> tuple[GameRecord, dict[Key, int]]:
        tags = self.game_tags
        for name, tag in tags.items():
            self.lines["tag", name] = tag.line
        if "Game" not in tags:
            raise RecordError('a record names its game first: [Game "allfours"] or "kqj"', 1)
        family_tag = tags["Game"]
        if family_tag.value not in FAMILIES:
            raise RecordError(
                f'[Game] is "allfours" or "kqj", not {family_tag.value!r}', family_tag.line
            )
        family: Family = "allfours" if family_tag.value == "allfours" else "kqj"
        self.family = family
        self.rules = rules = self._rules(family)
        self.players = players = rules.players
        self.sides = rules.sides
        names = [""] * players
        extra: list[tuple[str, str]] = []
        for name, tag in tags.items():
            seat_tag = SEAT_TAG.fullmatch(name)
            if seat_tag is not None:
                seat = int(seat_tag.group(1))
                if seat >= players:
                    raise RecordError(f"[{name}]: this game seats {players} players", tag.line)
                names[seat] = tag.value
            elif name[0].isupper() and name not in GAME_TAGS:
                if name in DEAL_TAGS:
                    raise RecordError(f"[{name}] belongs to a deal: start it with [Deal]", tag.line)
                extra.append((name, tag.value))
        for required in ("Result", "FinalScore"):
            if required not in tags:
                raise RecordError(f"the record has no [{required}] tag", family_tag.line)
        result = tags["Result"]
        winners = () if result.value.strip() == "*" else self._numbers(result, "Result", self.sides)
        if len(set(winners)) != len(winners):
            raise RecordError("[Result] names a side twice", result.line)
        final_scores = self._numbers(tags["FinalScore"], "FinalScore", None)
        self._count(final_scores, self.sides, "FinalScore", tags["FinalScore"].line, "sides")
        if not self.raw_deals:
            raise RecordError("the record holds no deal: start one with [Deal]", family_tag.line)
        deals = tuple(self._deal(index, raw) for index, raw in enumerate(self.raw_deals))
        self._check_unfinished(deals)
        record = GameRecord(
            rules=rules,
            seed=self._seed(),
            deals=deals,
            final_scores=tuple(final_scores),
            winners=tuple(winners),
            event=tags["Event"].value if "Event" in tags else "",
            server=tags["Server"].value if "Server" in tags else "",
            date=self._date(),
            names=tuple(names),
            tags=tuple(extra),
        )
        return record, self.lines

    # --- game tags ----------------------------------------------------------------------------

    def _rules(self, family: Family) -> Rules:
        ruleset: type[allfours.Ruleset] | type[kqj.Ruleset] = (
            allfours.Ruleset if family == "allfours" else kqj.Ruleset
        )
        defaults = ruleset()
        options: dict[str, object] = {}
        for name, tag in self.game_tags.items():
            if not name[0].islower():
                continue
            default = getattr(defaults, name, None)
            if isinstance(default, bool):
                if tag.value not in ("true", "false"):
                    raise RecordError(f"[{name}] is true or false, not {tag.value!r}", tag.line)
                options[name] = tag.value == "true"
            elif isinstance(default, int):
                options[name] = self._whole(tag.value, tag.line, f"[{name}]")
            else:
                options[name] = tag.value
        try:
            return ruleset.from_dict(options)
        except RulesetError as exc:
            at = self.game_tags.get(exc.option or "", self.game_tags["Game"])
            raise RecordError(f"the rules: {exc}", line=at.line) from None

    def _seed(self) -> int | None:
        tag = self.game_tags.get("Seed")
        return None if tag is None else self._whole(tag.value, tag.line, "[Seed]")

    def _date(self) -> datetime.date | None:
        tag = self.game_tags.get("Date")
        if tag is None:
            return None
        found = _DATE.fullmatch(tag.value)
        try:
            if found is None:
                raise ValueError
            return datetime.date(*(int(part) for part in found.groups()))
        except ValueError:
            raise RecordError(f"[Date] is YYYY.MM.DD, not {tag.value!r}", tag.line) from None

    # --- one deal -----------------------------------------------------------------------------

    def _deal(self, index: int, raw: _RawDeal) -> DealRecord:
        lines = self.lines
        lines["deal", index] = raw.line
        for name, tag in raw.tags.items():
            lines["deal", index, name] = tag.line
            if name not in DEAL_TAGS:
                raise RecordError(f"[{name}] is not a tag of a deal", tag.line)
        for name, section in raw.sections.items():
            lines["deal", index, name] = section.line
        for name in (*raw.tags, *raw.sections):
            only = _ONLY.get(name)
            if only is not None and only != self.family:
                where = raw.tags[name].line if name in raw.tags else raw.sections[name].line
                game = "All Fours" if only == "allfours" else "KQJ"
                raise RecordError(f"[{name}] belongs to {game} records", where)
        for name in _REQUIRED_DEAL_TAGS:
            if name not in raw.tags:
                raise RecordError(f"this deal has no [{name}] tag", raw.line)
        if "Hands" not in raw.sections:
            raise RecordError("this deal has no [Hands] section", raw.line)
        tags = raw.tags
        number = self._positive(raw.number, raw.line, "Deal")
        scores = self._numbers(tags["Score"], "Score", None)
        self._count(scores, self.sides, "Score", tags["Score"].line, "sides")
        deal = DealRecord(
            number=number,
            hand=self._positive(tags["Hand"].value, tags["Hand"].line, "Hand"),
            dealer=self._seat(tags["Dealer"].value, tags["Dealer"].line, "Dealer"),
            scores=tuple(scores),
            hands=self._hands(index, raw.sections["Hands"]),
            stock=self._cards_tag(tags.get("Stock"), "Stock"),
            turned=self._cards_tag(tags.get("Kick", tags.get("Return")), "Kick/Return"),
            decisions=self._decisions(index, raw.sections.get("Decisions")),
            tricks=self._tricks(index, raw.sections.get("Tricks")),
            awards=self._awards(index, raw.sections.get("Awards")),
            redeal=tags["Redeal"].value if "Redeal" in tags else None,
            game_points=self._optional_numbers(tags.get("GamePoints"), "GamePoints"),
            pool=self._pool(tags.get("Pool")),
            teams=self._teams(tags.get("Teams")),
            contract=self._contract(tags.get("Contract")),
            bonuses=self._bonuses(index, raw.sections.get("Bonuses")),
            round_points=self._optional_numbers(tags.get("RoundPoints"), "RoundPoints"),
            outcome=self._outcome(tags.get("Outcome")),
        )
        if "Return" in tags and len(deal.turned) != 1:
            raise RecordError("[Return] is one card", tags["Return"].line)
        return deal

    def _hands(self, index: int, section: _Section) -> tuple[tuple[Card, ...], ...]:
        hands: list[tuple[Card, ...] | None] = [None] * self.players
        for line, tokens in section.rows:
            seat = self._seat(tokens[0], line, "a hand's seat")
            if hands[seat] is not None:
                raise RecordError(f"[Hands] gives seat {seat} twice", line)
            self.lines["deal", index, "hand", seat] = line
            hands[seat] = tuple(self._card(token, line) for token in tokens[1:])
        missing = [str(seat) for seat, hand in enumerate(hands) if hand is None]
        if missing:
            raise RecordError(f"[Hands] has no line for seat {', '.join(missing)}", section.line)
        return tuple(hand or () for hand in hands)

    def _decisions(self, index: int, section: _Section | None) -> tuple[Move, ...]:
        if section is None:
            return ()
        decode: Callable[[str], Action] = (
            allfours.decode_action if self.family == "allfours" else kqj.decode_action
        )
        moves: list[Move] = []
        for at, (line, tokens) in enumerate(section.rows):
            self.lines["deal", index, "decision", at] = line
            if len(tokens) != 2:
                raise RecordError("a decision is a seat and an action code: 2 B:130:h", line)
            seat = self._seat(tokens[0], line, "a decision's seat")
            try:
                action = decode(tokens[1])
            except ActionFormatError as exc:
                raise RecordError(str(exc), line) from None
            if isinstance(action, allfours.Play):
                raise RecordError("plays belong to [Tricks], not to [Decisions]", line)
            moves.append((seat, action))
        return tuple(moves)

    def _tricks(self, index: int, section: _Section | None) -> tuple[Trick, ...]:
        if section is None:
            return ()
        players = self.players
        tricks: list[Trick] = []
        for at, (line, tokens) in enumerate(section.rows):
            self.lines["deal", index, "trick", at] = line
            if tokens[0] != f"{at + 1}.":
                raise RecordError(f"trick {at + 1} must start with '{at + 1}.'", line)
            words = tokens[1:]
            winner: int | None = None
            points: int | None = None
            if "->" in words:
                arrow = words.index("->")
                after = words[arrow + 1 :]
                words = words[:arrow]
                if not 1 <= len(after) <= 2:
                    raise RecordError("a trick ends with '-> winner (points)'", line)
                winner = self._seat(after[0], line, "the trick's winner")
                if len(after) == 2:
                    if not (after[1].startswith("(") and after[1].endswith(")")):
                        raise RecordError("a trick's points are written '(12)'", line)
                    points = self._count_of(after[1][1:-1], line, "the trick's points")
            cards: list[Card] = []
            leader = -1
            for k, word in enumerate(words):
                seat_text, colon, card_text = word.partition(":")
                if not colon:
                    raise RecordError(f"a play is seat:card, like 0:Th, not {word!r}", line)
                seat = self._seat(seat_text, line, "a play's seat")
                if k == 0:
                    leader = seat
                elif seat != (leader + k) % players:
                    raise RecordError(
                        f"play {k + 1} of the trick is seat {(leader + k) % players}'s, "
                        f"not seat {seat}'s (play goes round in seat order)",
                        line,
                    )
                cards.append(self._card(card_text, line))
            if not cards or len(cards) > players:
                raise RecordError(f"a trick holds 1 to {players} cards", line)
            if (winner is None) != (len(cards) < players):
                raise RecordError(
                    "a trick of every seat has a winner ('-> seat'), an unfinished one has none",
                    line,
                )
            if points is not None and winner is None:
                raise RecordError("an unfinished trick has no points yet", line)
            tricks.append(Trick(leader, tuple(cards), winner, points))
        return tuple(tricks)

    def _awards(self, index: int, section: _Section | None) -> tuple[PointsAwarded, ...]:
        if section is None:
            return ()
        awards: list[PointsAwarded] = []
        for at, (line, tokens) in enumerate(section.rows):
            self.lines["deal", index, "award", at] = line
            side, points, reason, extra, seat = self._scored(tokens, line, "side", self.sides)
            card = None if extra is None else self._card(extra, line)
            awards.append(PointsAwarded(side, points, reason, card, seat))
        return tuple(awards)

    def _bonuses(self, index: int, section: _Section | None) -> tuple[BonusScored, ...]:
        if section is None:
            return ()
        bonuses: list[BonusScored] = []
        for at, (line, tokens) in enumerate(section.rows):
            self.lines["deal", index, "bonus", at] = line
            team, points, kind, suit, seat = self._scored(tokens, line, "team", self.players)
            if suit is not None and suit not in CONTRACTS:
                raise RecordError(f"a bonus names a suit (s h d c), not {suit!r}", line)
            bonuses.append(BonusScored(kind, team, points, seat, suit))
        return tuple(bonuses)

    def _scored(
        self, tokens: list[str], line: int, who: str, limit: int
    ) -> tuple[int, int, str, str | None, int | None]:
        """``<who> +<points> <word> [<extra>] [by <seat>]`` (awards and bonuses)."""
        shape = f"write '<{who}> +<points> <reason> [card or suit] [by <seat>]'"
        if len(tokens) < 3 or not tokens[1].startswith("+") or not _WORD.fullmatch(tokens[2]):
            raise RecordError(shape, line)
        number = self._count_of(tokens[0], line, f"the {who}")
        if number >= limit:
            raise RecordError(f"there is no {who} {number} in this game", line)
        points = self._count_of(tokens[1][1:], line, "the points")
        rest = tokens[3:]
        seat: int | None = None
        if len(rest) >= 2 and rest[-2] == "by":
            seat = self._seat(rest[-1], line, "the seat credited")
            rest = rest[:-2]
        if len(rest) > 1:
            raise RecordError(shape, line)
        return number, points, tokens[2], rest[0] if rest else None, seat

    def _contract(self, tag: _Tag | None) -> Contract | None:
        if tag is None:
            return None
        words = tag.value.split()
        shape = "[Contract] is '[bid] <contract> by <seat> [x2|x4] [capot]', like '130 h by 3'"
        bid = 0
        if words and _COUNT.fullmatch(words[0]):
            bid = int(words.pop(0))
        capot = bool(words) and words[-1] == "capot"
        if capot:
            words.pop()
        multiplier = 1
        if words and words[-1] in ("x2", "x4"):
            multiplier = int(words.pop()[1])
        if len(words) != 3 or words[1] != "by" or words[0] not in CONTRACTS:
            raise RecordError(shape, tag.line)
        declarer = self._seat(words[2], tag.line, "the declarer")
        return Contract(words[0], declarer, bid, multiplier, capot)

    def _teams(self, tag: _Tag | None) -> tuple[tuple[int, ...], ...]:
        if tag is None:
            return ()
        return tuple(
            tuple(self._seat(seat, tag.line, "a team's seat") for seat in group.split())
            for group in tag.value.split("/")
        )

    def _pool(self, tag: _Tag | None) -> int:
        return 0 if tag is None else self._count_of(tag.value, tag.line, "[Pool]")

    def _outcome(self, tag: _Tag | None) -> str | None:
        if tag is None:
            return None
        if not _WORD.fullmatch(tag.value):
            raise RecordError(f"[Outcome] is one word, like won, not {tag.value!r}", tag.line)
        return tag.value

    def _check_unfinished(self, deals: tuple[DealRecord, ...]) -> None:
        """Only the record's last trick may be unfinished."""
        for index, deal in enumerate(deals):
            for at, trick in enumerate(deal.tricks):
                last = index == len(deals) - 1 and at == len(deal.tricks) - 1
                if trick.winner is None and not last:
                    raise RecordError(
                        "only the record's very last trick may be unfinished",
                        self.lines["deal", index, "trick", at],
                    )

    # --- values -------------------------------------------------------------------------------

    def _card(self, text: str, line: int) -> Card:
        try:
            card = Card.parse(text)
        except CardError as exc:
            raise RecordError(str(exc), line) from None
        if self.family == "allfours" and card.rank == "H":
            raise RecordError(f"{card} (a Hero) is not in an All Fours deck", line)
        if self.family == "kqj" and not is_kqj_card(card.index):
            raise RecordError(f"{card} is not in the KQJ deck (no 2s or 3s)", line)
        return card

    def _cards_tag(self, tag: _Tag | None, what: str) -> tuple[Card, ...]:
        if tag is None:
            return ()
        return tuple(self._card(word, tag.line) for word in tag.value.split())

    def _seat(self, text: str, line: int, what: str) -> int:
        seat = self._count_of(text, line, what)
        if seat >= self.players:
            raise RecordError(f"{what}: there is no seat {seat} at {self.players}", line)
        return seat

    def _numbers(self, tag: _Tag, what: str, limit: int | None) -> list[int]:
        numbers = [self._whole(word, tag.line, what) for word in tag.value.split()]
        if limit is not None and any(not 0 <= n < limit for n in numbers):
            raise RecordError(f"[{what}] names a side from 0 to {limit - 1}", tag.line)
        return numbers

    def _optional_numbers(self, tag: _Tag | None, what: str) -> tuple[int, ...]:
        return () if tag is None else tuple(self._numbers(tag, what, None))

    @staticmethod
    def _count(numbers: Sequence[int], count: int, what: str, line: int, unit: str) -> None:
        if len(numbers) != count:
            raise RecordError(f"[{what}] gives {count} {unit}, not {len(numbers)}", line)

    @staticmethod
    def _whole(text: str, line: int, what: str) -> int:
        if not _WHOLE.fullmatch(text):
            raise RecordError(f"{what}: {text!r} is not a whole number", line)
        return int(text)

    @staticmethod
    def _count_of(text: str, line: int, what: str) -> int:
        if not _COUNT.fullmatch(text):
            raise RecordError(f"{what}: {text!r} is not a number of 0 or more", line)
        return int(text)

    def _positive(self, text: str, line: int, what: str) -> int:
        number = self._count_of(text, line, f"[{what}]")
        if number < 1:
            raise RecordError(f"[{what}] counts from 1", line)
        return number


__all__ = ["parse", "read"]
