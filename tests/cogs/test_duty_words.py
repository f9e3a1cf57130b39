"""A card refused for a duty of play is explained in words, in both languages: every duty of
both families, taken from real positions of random games, names cards and suits as the
panels do and the player whose card is master by name."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.models import SeatRecord, Status
from bot.service.model import Snapshot
from cogs.table.words import duty_text
from engine import allfours, kqj
from engine.core import IllegalActionError
from engine.reasons import (
    MustBeatMaster,
    MustBeatTrump,
    MustFollowSuit,
    MustNotUndertrump,
    MustPlayTrump,
)
from tests.bot.support import game_record
from tests.bot.words_support import unreadable

RULES: list[tuple[Any, Any]] = [
    (allfours, allfours.preset("caribbean")),
    (allfours, allfours.preset("english").replace(players=4, forbid_undertrump=True)),
    (allfours, allfours.preset("seven-up").replace(players=4, partnerships=True)),
    (kqj, kqj.preset("kqj")),
    (kqj, kqj.preset("kqj").replace(auction=True, teams="2v2v2")),
]


def _refusals(engine: Any, rules: Any, games: int) -> Iterator[tuple[Any, Any]]:
    """(state, duty) for every card refused for a duty in random games of these rules."""
    rng = random.Random(11)
    for seed in range(games):
        state = engine.new_game(rules, seed=seed)
        for _ in range(2000):
            seat = state.to_act
            if seat is None:
                break
            legal = engine.legal_actions(state, seat)
            if state.phase.value == "play":
                for card in state.hand(seat):
                    if engine.Play(card) not in legal:
                        with pytest.raises(IllegalActionError) as refused:
                            engine.apply(state, seat, engine.Play(card))
                        if refused.value.why is not None:
                            yield state, refused.value.why
            state = engine.apply(state, seat, rng.choice(legal)).state


def _snapshot(state: Any, players: int) -> Snapshot[Any, Any]:
    seats = {
        seat: SeatRecord(seat=seat, user_id=1000 + seat, name=f"player {seat}")
        for seat in range(players - 1)
    }
    seats[players - 1] = SeatRecord(
        seat=players - 1, user_id=None, name="", computer=True, level="hard"
    )
    record = game_record(status=Status.PLAYING, seats=seats)
    return Snapshot(record, state.rules, state)


def duty_positions(games: int = 6) -> Iterator[tuple[Any, Any, Snapshot[Any, Any]]]:
    """(state, duty, snapshot) of cards refused in random games of every shape."""
    for engine, rules in RULES:
        for state, duty in _refusals(engine, rules, games=games):
            yield state, duty, _snapshot(state, rules.players)


def test_every_duty_of_play_reads_as_words_in_every_language() -> None:
    seen: dict[type, int] = {}
    for _state, duty, snap in duty_positions():
        seen[type(duty)] = seen.get(type(duty), 0) + 1
        for language in LANGUAGES:
            text = duty_text(duty, snap, language)
            assert not unreadable(text), (language, duty, text)
    assert set(seen) == {
        MustFollowSuit,
        MustPlayTrump,
        MustNotUndertrump,
        MustBeatTrump,
        MustBeatMaster,
    }, seen


def test_a_duty_names_the_master_cards_player_and_the_cards_that_beat_it() -> None:
    for state, duty in _refusals(kqj, kqj.preset("kqj"), games=4):
        if isinstance(duty, MustBeatMaster) and len(duty.beaters) >= 2:
            text = duty_text(duty, _snapshot(state, 6), "en")
            assert f"<@{1000 + duty.master_seat}>" in text or "Computer" in text
            assert " or " in text and "were led and you have none" in text
            return
    raise AssertionError("no master to beat with a choice of cards came up")


@pytest.mark.parametrize(
    "text",
    [
        "You have no s and an opponent is master with 9s: beat it with one of (Card('4d')).",
        "You must follow suit: c were led.",
        "Choose {count} cards",
        "Dealer: None",
        "see illegal.beat_master",
        "cards ['Th', 'Jd']",
    ],
)
def test_the_check_finds_program_text(text: str) -> None:
    """The texts seen on Discord before the wording was fixed are caught."""
    assert unreadable(text)


@pytest.mark.parametrize(
    "text",
    [
        "♥ hearts were led and you have none: beat <@123>'s H♦ with Q♦, J♦ or 4♦.",
        "Turn timer: 120 s per decision · <t:1790000000:R>",
        "As the dealer's partner, play 10♥ — https://discord.com/channels/1/2/3",
    ],
)
def test_the_check_lets_words_and_markup_through(text: str) -> None:
    assert not unreadable(text)
