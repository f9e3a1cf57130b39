"""The strip under a replay's picture with every seat's hand face up (``Scene.hands``: only a
finished game's replay has any).

The live picture above it is left exactly as it is; the strip makes the canvas taller
instead. Seats go two to a row (three with five or more players), in seat order, each with
its team's colour and name over its cards. Cards are 48 pixels wide: their rank is 21
pixels tall ("10": 18), the names 20, so the smallest text is no smaller than anywhere else
in the picture (16 pixels, 8 on screen in Discord's 400-pixel-wide embed).
"""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from bot.picture import fonts, shapes
from bot.picture.cards import card_height, paste_card
from bot.picture.scene import Scene
from bot.picture.shapes import paste_text
from bot.picture.style import PANEL, PANEL_LINE, TEXT, WIDTH, team_colour

HAND_CARD_WIDTH: Final = 48
NAME_SIZE: Final = 20
MARGIN: Final = 14
ROW: Final = 30 + card_height(HAND_CARD_WIDTH) + 12
"""A seat's row: its name line, its cards and the gap to the next row."""


def columns(players: int) -> int:
    """Seats side by side in the strip: two, or three at tables of five or more.

    >>> columns(4), columns(6)
    (2, 3)
    """
    return 2 if players <= 4 else 3


def strip_height(players: int) -> int:
    """The height the strip adds to the picture.

    >>> strip_height(2), strip_height(4), strip_height(6)
    (121, 230, 230)
    """
    rows = -(-players // columns(players))
    return rows * ROW + 12


def with_hands(image: Image.Image, scene: Scene) -> Image.Image:
    """``image`` (the picture of ``scene``) with the strip of ``scene.hands`` added below."""
    players = len(scene.seats)
    taller = Image.new("RGB", (image.width, image.height + strip_height(players)), PANEL)
    taller.paste(image, (0, 0))
    ImageDraw.Draw(taller).line((0, image.height, WIDTH, image.height), fill=PANEL_LINE, width=2)
    across = columns(players)
    cell = (WIDTH - 2 * MARGIN) // across
    for index, (seat, hand) in enumerate(zip(scene.seats, scene.hands, strict=True)):
        left = MARGIN + (index % across) * cell
        top = image.height + 10 + (index // across) * ROW
        swatch = shapes.rounded_box(16, 16, 4, team_colour(seat.team), None, 0)
        taller.paste(swatch, (left, top + 6), swatch)
        name = fonts.fit(seat.name, NAME_SIZE, True, cell - 36)
        paste_text(taller, (left + 24, top), name, NAME_SIZE, TEXT, bold=True)
        room = cell - 12 - HAND_CARD_WIDTH
        step = min(HAND_CARD_WIDTH + 4, room // max(len(hand) - 1, 1))
        for at, card in enumerate(hand):
            paste_card(taller, card, (left + at * step, top + 30), HAND_CARD_WIDTH)
    return taller
