"""The fonts of the table picture, found once per process, and text drawn into cached masks.

Player names are any Unicode (Japanese server names, Korean, Chinese), so the picture needs one
face that covers Latin and CJK: Noto Sans CJK from Debian's ``fonts-noto-cjk`` (installed by
``.ci/run`` and the Dockerfile; nothing is downloaded at run time). Its collection's first face
is the Japanese one (``index 0``: Noto Sans CJK JP). Letters it lacks (Polish Ł, Turkish Ş,
Greek with accents…) come from DejaVu Sans (``fonts-dejavu-core``), character by character.
Without Noto the picture falls back to DejaVu Sans alone, then to Pillow's built-in font, with
one WARNING: a missing font must never stop a table.

The layout engine is Pillow's BASIC one on purpose: Raqm exists only where libraqm is
installed, and the same scene must give the same bytes on every machine (golden checksums).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final, TypeAlias

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger(__name__)

Font: TypeAlias = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True, slots=True)
class FontFace:
    """One family found on disk: the regular and bold files and the face index inside them."""

    name: str
    regular: str
    bold: str
    index: int = 0


CANDIDATES: Final[tuple[FontFace, ...]] = (
    # Debian / Ubuntu: apt-get install fonts-noto-cjk
    FontFace(
        "Noto Sans CJK JP",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    ),
    # Arch Linux: noto-fonts-cjk
    FontFace(
        "Noto Sans CJK JP",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    ),
    # Fedora: google-noto-sans-cjk-ttc-fonts
    FontFace(
        "Noto Sans CJK JP",
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
    ),
)
"""Faces covering Latin and CJK, best first."""

LATIN_ONLY: Final = FontFace(
    "DejaVu Sans",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)
BUILT_IN: Final = "Pillow built-in"


def find_face(candidates: Sequence[FontFace] | None = None) -> FontFace | None:
    """The first of ``candidates`` (default: ``CANDIDATES``) whose two files exist, or None.

    >>> find_face(()) is None
    True
    """
    for face in CANDIDATES if candidates is None else candidates:
        if Path(face.regular).is_file() and Path(face.bold).is_file():
            return face
    return None


@cache
def chosen_faces() -> tuple[FontFace, ...]:
    """The faces every picture of this process uses, best first: the CJK face, then DejaVu
    Sans for the Latin, Greek and Cyrillic letters Noto Sans CJK lacks (Ł, Ş, Ž, ő, ή…).
    Empty means Pillow's built-in font. Decided once, with one WARNING when the CJK face is
    missing."""
    main = find_face()
    latin = find_face((LATIN_ONLY,))
    faces = tuple(face for face in (main, latin) if face is not None)
    if main is None:
        log.warning(
            "table pictures: Noto Sans CJK not found (install Debian's fonts-noto-cjk); "
            "drawing with %s, so names in Chinese, Japanese or Korean will not show",
            latin.name if latin else BUILT_IN,
        )
    return faces


def face_name() -> str:
    """The name of the font in use, e.g. ``"Noto Sans CJK JP"``."""
    faces = chosen_faces()
    return faces[0].name if faces else BUILT_IN


@cache
def font(size: int, bold: bool = False, choice: int = 0) -> Font:
    """The font of one pixel size and weight from face number ``choice`` of
    ``chosen_faces()`` (loaded once per process)."""
    faces = chosen_faces()
    if choice < len(faces):
        face = faces[choice]
        try:
            return ImageFont.truetype(
                face.bold if bold else face.regular,
                size,
                index=face.index,
                layout_engine=ImageFont.Layout.BASIC,
            )
        except OSError:
            log.warning("table pictures: cannot read %s; using the built-in font", face.name)
    return ImageFont.load_default(size)


_MISSING: Final = "\U0010fffd"
"""A private-use character no face draws: what a face shows for a character it lacks."""


def _ink(chosen: Font, text: str) -> tuple[tuple[int, int], bytes]:
    mask = chosen.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _face_for(char: str, size: int, bold: bool) -> int:
    """The first face that has a glyph for ``char`` (the first face if none has one)."""
    faces = chosen_faces()
    for choice in range(len(faces)):
        chosen = font(size, bold, choice)
        if char.isspace() or _ink(chosen, char) != _ink(chosen, _MISSING):
            return choice
    return 0


def runs(text: str, size: int, bold: bool = False) -> tuple[tuple[int, str], ...]:
    """``text`` cut into runs of characters drawn by the same face, as ``(choice, text)``.

    >>> runs("", 20)
    ()
    """
    found: list[tuple[int, str]] = []
    for char in text:
        choice = _face_for(char, size, bold) if len(chosen_faces()) > 1 else 0
        if found and found[-1][0] == choice:
            found[-1] = (choice, found[-1][1] + char)
        else:
            found.append((choice, char))
    return tuple(found)


def _metrics(size: int, bold: bool) -> tuple[int, int]:
    chosen = font(size, bold)
    if isinstance(chosen, ImageFont.FreeTypeFont):
        return chosen.getmetrics()
    return size, size // 4


def line_height(size: int, bold: bool = False) -> int:
    """Height of one line of text: ascent plus descent of the main face."""
    ascent, descent = _metrics(size, bold)
    return ascent + descent


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of ``text`` in pixels."""
    length = sum(
        font(size, bold, choice).getlength(part) for choice, part in runs(text, size, bold)
    )
    return int(length + 0.999)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, bold: bool, width: int) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide.

    >>> fit("Alice", 20, False, 10_000)
    'Alice'
    """
    if text_width(text, size, bold) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + "…", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def wrap(text: str, size: int, bold: bool, width: int, lines: int = 2) -> tuple[str, ...]:
    """``text`` on at most ``lines`` lines of ``width`` pixels, broken between words (a word
    too long, or text without spaces such as Japanese, is cut with an ellipsis).

    >>> wrap("Bob the Builder: to bid or pass", 20, True, 10_000)
    ('Bob the Builder: to bid or pass',)
    """
    found: list[str] = []
    rest = text.strip()
    while rest and len(found) < lines - 1 and text_width(rest, size, bold) > width:
        words = rest.split(" ")
        taken = 1
        while taken < len(words) and text_width(" ".join(words[: taken + 1]), size, bold) <= width:
            taken += 1
        found.append(fit(" ".join(words[:taken]), size, bold, width))
        rest = " ".join(words[taken:])
    if rest:
        found.append(fit(rest, size, bold, width))
    return tuple(found)


PAD: Final = 2
"""Room left of the text origin in a mask, for glyphs that overhang their origin."""


@lru_cache(maxsize=2048)
def text_mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """An ``L`` mask of ``text`` (255 = ink); its top is the ascender line of the main face,
    its left edge ``PAD`` pixels before the text origin. Names and labels repeat from one
    picture to the next, so each is rasterised once per process rather than once per
    picture."""
    width = text_width(text, size, bold) + 2 * PAD
    ascent, _ = _metrics(size, bold)
    mask = Image.new("L", (max(width, 1), line_height(size, bold)), 0)
    draw = ImageDraw.Draw(mask)
    x: float = PAD
    for choice, part in runs(text, size, bold):
        chosen = font(size, bold, choice)
        if isinstance(chosen, ImageFont.FreeTypeFont):
            # Runs of different faces share the main face's baseline.
            draw.text((x, ascent), part, font=chosen, fill=255, anchor="ls")
            x += chosen.getlength(part)
        else:
            draw.text((x, 0), part, font=chosen, fill=255)
            x += chosen.getlength(part)
    return mask
