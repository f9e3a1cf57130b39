"""Playing cards drawn by code: a white face, the rank and a pip in the suit's colour.

Hearts and diamonds are red, spades and clubs black, always on a white face, so a card reads
the same on the felt, in Discord's light and dark themes and on a phone. The KQJ Hero (rank
``H``) has a violet inner frame besides its letter, so it cannot be taken for a King at a
glance (not gold: a gold frame marks the card winning the trick).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image

from bot.picture import shapes
from bot.picture.shapes import RGB
from engine.cards import Card

RED: Final[RGB] = (200, 16, 32)
BLACK: Final[RGB] = (20, 20, 24)
FACE: Final[RGB] = (255, 255, 255)
EDGE: Final[RGB] = (90, 90, 96)
HERO_FRAME: Final[RGB] = (118, 60, 170)

RED_SUITS: Final = frozenset("hd")


def suit_colour(suit: str) -> RGB:
    """Red for hearts and diamonds, black for spades and clubs."""
    return RED if suit in RED_SUITS else BLACK


def rank_text(rank: str) -> str:
    """How a rank is written on a card: ``T`` is ``10``, every other rank is its letter.

    >>> rank_text("T"), rank_text("H")
    ('10', 'H')
    """
    return "10" if rank == "T" else rank


@lru_cache(maxsize=512)
def card_image(card: Card, width: int) -> Image.Image:
    """An RGBA card face ``width`` pixels wide (height 1.4 times that)."""
    height = card_height(width)
    radius = max(width // 10, 3)
    image = shapes.rounded_box(width, height, radius, FACE, EDGE, max(width // 36, 1)).copy()
    colour = suit_colour(card.suit)
    if card.rank == "H":
        inset = max(width // 14, 2)
        frame = shapes.rounded_box(
            width - 2 * inset, height - 2 * inset, radius, HERO_FRAME, None, 0
        )
        inner = shapes.rounded_box(width - 4 * inset, height - 4 * inset, radius, FACE, None, 0)
        image.paste(frame, (inset, inset), frame)
        image.paste(inner, (2 * inset, 2 * inset), inner)
    rank_size = int(width * 0.44)
    margin = max(width // 12, 2)
    text = rank_text(card.rank)
    size = rank_size if len(text) == 1 else int(rank_size * 0.86)
    shapes.paste_text(image, (margin + 1, margin - size // 8), text, size, colour, bold=True)
    small = int(width * 0.26)
    small_y = margin + int(rank_size * 1.05)
    image.paste(colour, (margin + 2, small_y), shapes.pip_mask(card.suit, small))
    big = int(width * 0.5)
    image.paste(
        colour,
        (width - big - margin - 1, height - big - margin - 1),
        shapes.pip_mask(card.suit, big),
    )
    return image


def card_height(width: int) -> int:
    """Cards keep the usual 5:7 proportions.

    >>> card_height(50)
    70
    """
    return width * 7 // 5


def paste_card(image: Image.Image, card: Card, xy: tuple[int, int], width: int) -> None:
    """Lay ``card`` with its top-left corner at ``xy``."""
    face = card_image(card, width)
    image.paste(face, xy, face)
