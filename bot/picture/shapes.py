"""Antialiased shapes of the table picture, drawn by code and cached per process.

Pillow draws polygons and ellipses without antialiasing, so every shape is drawn at
``SUPERSAMPLE`` times its size and reduced once; the result is cached, so a picture only pastes
ready-made pieces. Nothing here is downloaded artwork: suit pips are circles and polygons.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, TypeAlias

from PIL import Image, ImageDraw

from bot.picture import fonts

RGB: TypeAlias = tuple[int, int, int]

SUPERSAMPLE: Final = 4

Point: TypeAlias = tuple[float, float]

# Each pip is drawn in a unit square (x right, y down) as circles (centre x, centre y, radius)
# and polygons; the union is the pip.
_PIPS: Final[
    dict[str, tuple[tuple[tuple[float, float, float], ...], tuple[tuple[Point, ...], ...]]]
] = {
    "h": (
        ((0.285, 0.33, 0.235), (0.715, 0.33, 0.235)),
        (((0.067, 0.42), (0.933, 0.42), (0.5, 0.94)),),
    ),
    "d": ((), (((0.5, 0.02), (0.88, 0.5), (0.5, 0.98), (0.12, 0.5)),)),
    "s": (
        ((0.29, 0.56, 0.215), (0.71, 0.56, 0.215)),
        (
            ((0.5, 0.03), (0.09, 0.5), (0.91, 0.5)),
            ((0.5, 0.55), (0.33, 0.97), (0.67, 0.97)),
        ),
    ),
    "c": (
        ((0.5, 0.27, 0.205), (0.27, 0.58, 0.205), (0.73, 0.58, 0.205), (0.5, 0.5, 0.12)),
        (((0.5, 0.5), (0.34, 0.97), (0.66, 0.97)),),
    ),
}


@lru_cache(maxsize=256)
def pip_mask(suit: str, size: int) -> Image.Image:
    """An ``L`` mask, ``size`` pixels square, of the pip of ``suit`` (``s h d c``)."""
    circles, polygons = _PIPS[suit]
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    for x, y, r in circles:
        draw.ellipse(((x - r) * big, (y - r) * big, (x + r) * big, (y + r) * big), fill=255)
    for polygon in polygons:
        draw.polygon([(x * big, y * big) for x, y in polygon], fill=255)
    return mask.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=512)
def rounded_box(
    width: int,
    height: int,
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    line: int = 0,
) -> Image.Image:
    """An RGBA rounded rectangle with an optional border, transparent outside."""
    scale = SUPERSAMPLE
    big = Image.new("RGBA", (width * scale, height * scale), (*fill, 0))
    draw = ImageDraw.Draw(big)
    box = (0, 0, width * scale - 1, height * scale - 1)
    if outline is not None and line > 0:
        draw.rounded_rectangle(box, radius * scale, fill=(*outline, 255))
        inset = line * scale
        inner = (inset, inset, width * scale - 1 - inset, height * scale - 1 - inset)
        draw.rounded_rectangle(inner, max(radius - line, 0) * scale, fill=(*fill, 255))
    else:
        draw.rounded_rectangle(box, radius * scale, fill=(*fill, 255))
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=64)
def disc(diameter: int, fill: RGB, outline: RGB | None = None, line: int = 0) -> Image.Image:
    """An RGBA filled circle with an optional ring."""
    return rounded_box(diameter, diameter, diameter // 2, fill, outline, line)


@lru_cache(maxsize=32)
def arrow_head(size: int, angle_degrees: float, fill: RGB) -> Image.Image:
    """An RGBA arrow head (a chevron-like triangle) pointing at ``angle_degrees`` (0 = right,
    90 = down, as on screen)."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).polygon(
        [
            (big * 0.95, big * 0.5),
            (big * 0.1, big * 0.08),
            (big * 0.32, big * 0.5),
            (big * 0.1, big * 0.92),
        ],
        fill=255,
    )
    mask = mask.rotate(-angle_degrees, resample=Image.Resampling.BICUBIC)
    mask = mask.resize((size, size), Image.Resampling.BOX)
    image = Image.new("RGBA", (size, size), (*fill, 0))
    image.putalpha(mask)
    return image


@lru_cache(maxsize=16)
def clock_icon(size: int, colour: RGB) -> Image.Image:
    """An RGBA clock face: a ring and two hands."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    line = max(big // 9, 1)
    draw.ellipse(
        (line // 2, line // 2, big - 1 - line // 2, big - 1 - line // 2), outline=255, width=line
    )
    centre = big / 2
    draw.line((centre, centre, centre, big * 0.22), fill=255, width=line)
    draw.line((centre, centre, big * 0.72, centre), fill=255, width=line)
    mask = mask.resize((size, size), Image.Resampling.BOX)
    image = Image.new("RGBA", (size, size), (*colour, 0))
    image.putalpha(mask)
    return image


def paste_text(
    image: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    anchor: str = "l",
) -> int:
    """Write ``text`` with its ascender line at ``xy[1]``; ``anchor`` ``l``/``m``/``r`` says
    whether ``xy[0]`` is its left end, middle or right end. Returns the text's width."""
    if not text:
        return 0
    mask = fonts.text_mask(text, size, bold)
    width = mask.width - 2 * fonts.PAD
    x = xy[0] - fonts.PAD
    if anchor == "m":
        x -= width // 2
    elif anchor == "r":
        x -= width
    image.paste(colour, (x, xy[1]), mask)
    return width
