"""The look of the table picture: canvas size, colours and the fixed palette.

The felt and the panel are dark, opaque and the same in both Discord themes; team colours are
from the Okabe-Ito palette (readable with colour blindness).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image

from bot.picture.cards import BLACK, EDGE, FACE, HERO_FRAME, RED
from bot.picture.shapes import RGB

WIDTH: Final = 560
HEIGHT: Final = 280
TABLE_WIDTH: Final = WIDTH
CENTRE: Final = (280, 140)
"""A phone shows an embed's picture about 284 CSS pixels wide (``benchmarks/phone_pages.py``):
at 560 wide, every text of 22 pixels or more reads at 11 or more there; at 2:1 the picture is
about 142 pixels tall there, which leaves the message room for its words on one screen."""

RAIL: Final[RGB] = (12, 46, 28)
FELT: Final[RGB] = (27, 96, 57)
FELT_MARK: Final[RGB] = (36, 112, 68)
RING: Final[RGB] = (48, 128, 80)
ARROW: Final[RGB] = (240, 250, 244)
PANEL: Final[RGB] = (15, 38, 27)
PANEL_LINE: Final[RGB] = (44, 84, 60)
PLATE: Final[RGB] = (10, 34, 21)
PLATE_TO_ACT: Final[RGB] = (255, 232, 140)
TURN: Final[RGB] = (255, 214, 10)
TEXT: Final[RGB] = (255, 255, 255)
MUTED: Final[RGB] = (178, 208, 188)
DARK_TEXT: Final[RGB] = (18, 24, 20)
WINNING: Final[RGB] = (255, 196, 0)
COMPUTER_TAG: Final[RGB] = (84, 104, 124)
BACK_FILL: Final[RGB] = (150, 30, 45)
BACK_EDGE: Final[RGB] = (245, 235, 220)
NO_TRUMP_GREY: Final[RGB] = (170, 170, 176)
SUITS_ORDER: Final = "shdc"
TEAM_COLOURS: Final[tuple[RGB, ...]] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (204, 121, 167),  # reddish purple
    (0, 158, 115),  # bluish green (not yellow: that is the turn's highlight)
    (213, 94, 0),  # vermilion
    (0, 114, 178),  # blue
)


def team_colour(team: int) -> RGB:
    """The colour of a team or side (partners share it)."""
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


_BLENDS: Final[tuple[tuple[RGB, tuple[RGB, ...]], ...]] = (
    # ink, and the grounds it is drawn or antialiased on
    (TEXT, (PANEL, PLATE, COMPUTER_TAG, BACK_FILL, FELT, RAIL)),
    (MUTED, (PANEL, PLATE)),
    (TURN, (PANEL, FELT, PLATE_TO_ACT, RAIL)),
    (DARK_TEXT, (PLATE_TO_ACT, TEXT, WINNING, FELT)),
    (RED, (FACE,)),
    (BLACK, (FACE, TEXT)),
    (EDGE, (FACE, FELT, PANEL)),
    (HERO_FRAME, (FACE,)),
    (NO_TRUMP_GREY, (FACE,)),
    (WINNING, (FELT, FACE)),
    (FELT, (RAIL,)),
    (FELT_MARK, (FELT,)),
    (RING, (FELT,)),
    (ARROW, (FELT, RING)),
    (PANEL_LINE, (PANEL, TEXT)),
    (BACK_EDGE, (BACK_FILL, PLATE, PLATE_TO_ACT)),
    *((team, (FELT, PLATE, PLATE_TO_ACT, PANEL)) for team in TEAM_COLOURS),
)
_STEPS: Final = (0.25, 0.5, 0.75)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The renderer's fixed palette: every colour it paints, and the blends of each ink with
    the grounds it meets at antialiased edges (at most 256 entries)."""
    colours: dict[RGB, None] = {}
    for ink, grounds in _BLENDS:
        colours[ink] = None
        for ground in grounds:
            colours[ground] = None
            for step in _STEPS:
                mixed = tuple(
                    round(i * step + g * (1 - step)) for i, g in zip(ink, ground, strict=True)
                )
                colours[(mixed[0], mixed[1], mixed[2])] = None
    entries = list(colours)
    assert len(entries) <= 256, len(entries)
    entries += [entries[-1]] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in entries for channel in colour])
    return image
