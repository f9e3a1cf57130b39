"""What the scene builders of every family share: the translated labels, team names, the clock
label, and the check that a builder was given a spectator's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.i18n import t
from bot.picture.scene import Labels, ScoreLine
from engine.cards import SUIT_SYMBOLS

TEAM_LETTERS: Final = "ABCDEF"


def labels(locale: str) -> Labels:
    """The short words the drawing writes, in ``locale``."""
    return Labels(
        dealer=t("picture.dealer", locale),
        computer=t("picture.computer", locale),
        led=t("picture.led", locale),
        winning=t("picture.winning", locale),
        trumps=t("picture.trumps", locale),
        scores=t("picture.scores", locale),
        round_points=t("picture.round_points", locale),
        last_trick=t("picture.last_trick", locale),
    )


def team_name(team: int, locale: str) -> str:
    """``Team A``, ``Team B``… (the names the table message uses).

    >>> team_name(1, "en")
    'Team B'
    """
    return t("team.name", locale, letter=TEAM_LETTERS[team])


def clock_label(seconds: int, locale: str) -> str:
    """The static label of a turn clock, e.g. ``30 s``: what a scene's ``clock`` should be.

    It names the table's time per decision, never the time left: a picture cannot count down
    (the message text carries Discord's live ``<t:…:R>``), and a changing label would make
    every scene look new and defeat ``Scene.fingerprint()``.

    >>> clock_label(30, "en"), clock_label(86400, "en")
    ('30 s', '24 h')
    """
    if seconds >= 3600 and seconds % 3600 == 0:  # a turn-based table's time per move
        return t("picture.clock_hours", locale, hours=seconds // 3600)
    return t("picture.clock", locale, seconds=seconds)


def require_spectator(seat: int | None) -> None:
    """Builders draw public pictures: they accept only ``observe(state, None)``.

    >>> require_spectator(0)
    Traceback (most recent call last):
    ...
    ValueError: a table picture is drawn from observe(state, None), not from seat 0's view
    """
    if seat is not None:
        raise ValueError(
            f"a table picture is drawn from observe(state, None), not from seat {seat}'s view"
        )


def require_names(names: Sequence[str], players: int) -> None:
    """One display name per seat."""
    if len(names) != players:
        raise ValueError(f"{players} seats need {players} names, not {len(names)}")


def score_lines(
    labels_: Sequence[str], points: Sequence[int], teams: Sequence[int]
) -> tuple[ScoreLine, ...]:
    """Score lines in side order; the side strictly ahead is marked as leading.

    >>> [line.is_leading for line in score_lines(["A", "B"], [3, 5], [0, 1])]
    [False, True]
    """
    best = max(points, default=0)
    unique = sum(1 for p in points if p == best) == 1
    return tuple(
        ScoreLine(label, str(value), team, is_leading=unique and value == best and best > 0)
        for label, value, team in zip(labels_, points, teams, strict=True)
    )


def suit_symbol(suit: str) -> str:
    """``h`` -> ``♥``."""
    return SUIT_SYMBOLS[suit]
