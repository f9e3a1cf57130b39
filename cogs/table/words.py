"""How the tables name things in words: cards, suits, lists of cards, people and teams, and
the refusals of the service — one place, so every message says them alike, in the reader's
language (``bot.i18n``), never as a code or a repr.

>>> from engine.cards import Suit, parse_cards
>>> suit_text(Suit("h"), "en"), cards_text(parse_cards("Qd Jd 4d"), "en")
('♥ hearts', 'Q♦, J♦ or 4♦')
>>> cards_text([Card.parse("Th")], "ja")
'10♥'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, assert_never

from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.service.model import IllegalMoveError, PublicTable, ServiceError
from engine.cards import Card
from engine.reasons import (
    DutyOfPlay,
    MustBeatMaster,
    MustBeatTrump,
    MustFollowSuit,
    MustNotUndertrump,
    MustPlayTrump,
)

TEAM_LETTERS: Final = "ABCDEF"


def fact(name: str, value: str, locale: str) -> str:
    """One named fact of a line of several: ``**Contract** ♣ clubs``."""
    return t("panel.fact", locale, name=name, value=value)


def suit_text(suit: str, locale: str) -> str:
    """A suit as the panels write it: its symbol and its name (``♥ hearts``)."""
    return f"{SUIT_SYMBOLS[suit]} {t(f'suit.{suit}', locale)}"


def cards_text(cards: Sequence[Card], locale: str) -> str:
    """Cards one may choose among, as a sentence lists them: ``Q♦, J♦ or 4♦``."""
    names = [card_text(card) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    separator = t("list.separator", locale)
    return t("list.or", locale, items=separator.join(names[:-1]), last=names[-1])


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_label(snap: PublicTable[Any, Any], seat: int, locale: str) -> str:
    """Who sits at ``seat``: a mention of the person, or the computer with its level."""
    record = snap.seats.get(seat)
    if record is None:
        return t("seat.empty", locale)
    if record.user_id is None:
        if record.level is not None:
            level = t(f"level.{record.level}", locale)
            return t("seat.computer_level", locale, number=seat + 1, level=level)
        return t("seat.computer", locale, number=seat + 1)
    if record.computer:
        return t("seat.handed_over", locale, player=mention(record.user_id))
    return mention(record.user_id)


def seat_name(snap: PublicTable[Any, Any], seat: int, locale: str) -> str:
    """Who sits at ``seat`` by name, where Discord does not render a mention (embed titles,
    footers, pictures): the person's display name, or the computer with its level."""
    record = snap.seats.get(seat)
    if record is None:
        return t("seat.empty", locale)
    if record.user_id is None:
        if record.level is not None:
            level = t(f"level.{record.level}", locale)
            return t("seat.computer_level", locale, number=seat + 1, level=level)
        return t("seat.computer", locale, number=seat + 1)
    return record.name


def team_label(team: int, locale: str) -> str:
    return t("team.name", locale, letter=TEAM_LETTERS[team])


def team_letter(team: int, locale: str) -> str:
    """A team as the standing facts write it, where a phone has one line for them: ``A``."""
    return t("team.short", locale, letter=TEAM_LETTERS[team])


def standing_scores(sides: Sequence[tuple[str, int]]) -> str:
    """The score of every side in one short run: ``A 0 – B 2`` for two sides, ``A 0 · B 0 ·
    C 0`` for more."""
    separator = " – " if len(sides) == 2 else " · "
    return separator.join(f"{side} {points}" for side, points in sides)


def duty_text(duty: DutyOfPlay, snap: PublicTable[Any, Any], locale: str) -> str:
    """Why a card may not be played, in one sentence of the player's language."""
    match duty:
        case MustFollowSuit(led=led, or_trump=trump):
            if trump is None:
                return t("illegal.follow_suit", locale, suit=suit_text(led, locale))
            return t(
                "illegal.follow_suit_or_trump",
                locale,
                suit=suit_text(led, locale),
                trump=suit_text(trump, locale),
            )
        case MustPlayTrump(trump=trump):
            return t("illegal.play_trump", locale, trump=suit_text(trump, locale))
        case MustNotUndertrump(highest=highest):
            return t("illegal.no_undertrump", locale, card=card_text(highest))
        case MustBeatTrump(master=master, master_seat=seat, beaters=beaters):
            return t(
                "illegal.beat_trump",
                locale,
                player=seat_label(snap, seat, locale),
                card=card_text(master),
                cards=cards_text(beaters, locale),
            )
        case MustBeatMaster(led=led, master=master, master_seat=seat, beaters=beaters):
            return t(
                "illegal.beat_master",
                locale,
                suit=suit_text(led, locale),
                player=seat_label(snap, seat, locale),
                card=card_text(master),
                cards=cards_text(beaters, locale),
            )
        case _:
            assert_never(duty)


def refusal(error: ServiceError, locale: str) -> str:
    """What the service's refusal says to the person it refuses."""
    if isinstance(error, IllegalMoveError):
        return duty_text(error.duty, error.table, locale)
    return t(error.key, locale, **error.params)
