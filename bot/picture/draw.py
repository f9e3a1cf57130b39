"""Draw a ``Scene`` as a PNG: the felt with the seats around it, the trick in front of them,
the trump suit's mark and the direction of play. Trumps, the turned cards, the scores, the last
trick and whose turn it is are the table message's text (once each: a phone's height); the
picture has no side panel repeating them.

``render`` is a pure, deterministic, top-level function of a picklable scene (the bot runs it in
a worker process so the event loop never waits for it); the only I/O is reading the font once
per process. Every piece that repeats (card faces, pips, name masks, the empty table) is cached,
so a picture is mostly pastes, a palette reduction and the PNG encoder.

The canvas is 560 x 280, wide (2:1) so that the table message fits a phone's screen: a phone
shows an embed's image about 284 CSS pixels wide and 142 tall (``benchmarks/phone_pages.py``),
so every text here is at least 22 pixels (11 on a phone) and names 24 to 26. Colours: the
felt and the panel are dark, opaque and the same in both Discord themes; team colours are
from the Okabe-Ito palette (readable with colour blindness).
"""

from __future__ import annotations

import io
from typing import Final

from PIL import Image

from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.picture.hands import with_hands
from bot.picture.scene import Scene
from bot.picture.style import palette
from bot.picture.table import background, draw_seats

RENDERER_VERSION: Final = 3
"""Bump whenever the pictures change on purpose (and record new golden checksums)."""


# --- the whole picture -------------------------------------------------------------------------


def render(scene: Scene) -> bytes:
    """The PNG of ``scene``: deterministic (same scene, same bytes) and pure.

    >>> from bot.picture.scene import Labels, SeatScene
    >>> labels = Labels("D", "CPU", "led", "wins", "Trumps", "Score", "Round", "Last trick")
    >>> seats = (SeatScene("Ann", 0, is_dealer=True), SeatScene("Bo", 1, is_to_act=True))
    >>> png = render(Scene("en", "All Fours", labels, seats, None))
    >>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    return encode(picture(scene))


def picture(scene: Scene) -> Image.Image:
    """The RGB picture of ``scene`` (``render`` encodes it): with ``scene.hands`` (a finished
    game's replay), taller by the strip of hands (``bot.picture.hands``)."""
    image = background(len(scene.seats), scene.direction, scene.trump).copy()
    draw_seats(image, scene)
    if scene.hands:
        image = with_hands(image, scene)
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of an RGB picture mapped onto the fixed palette of the renderer.

    A palette picture is a third of the bytes of an RGB one and its encoding several times
    faster; mapping onto a fixed palette (the renderer's colours and the blends its
    antialiased edges make) costs about a millisecond where an adaptive quantiser costs ten.
    No dithering: flat areas stay flat, compress to almost nothing, and the bytes are
    deterministic. zlib level 1: the pictures stay far under 100 KiB for a fraction of the
    time of the default level."""
    reduced = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, "PNG", compress_level=1)
    return out.getvalue()


# --- words for screen readers and notifications -----------------------------------------------


def alt_text(scene: Scene) -> str:
    """A description of the picture for screen readers (the attachment's description): who
    sits where and what they played, trumps, the score and whose turn it is."""
    locale = scene.locale
    seats = []
    for seat in scene.seats:
        text = seat.name
        if seat.is_dealer:
            text += f" ({scene.labels.dealer})"
        if seat.card is not None:
            played = card_text(seat.card)
            if seat.is_winning:
                played += f" ({scene.labels.winning})"
            text = t("picture.alt.played", locale, player=text, card=played)
        seats.append(text)
    parts = [scene.title, t("picture.alt.seats", locale, seats=", ".join(seats))]
    parts.extend(_trump_words(scene))
    if scene.scores:
        parts.append(_score_words(scene))
    if scene.turn:
        parts.append(scene.turn)
    for seat, hand in zip(scene.seats, scene.hands, strict=False):
        if hand:
            cards = " ".join(card_text(card) for card in hand)
            parts.append(t("picture.alt.holds", locale, player=seat.name, cards=cards))
    return ". ".join(part for part in parts if part)[:1000]


def summary_line(scene: Scene) -> str:
    """One line for notifications and previews: the game, the turn, trumps and the score."""
    parts = [scene.title]
    if scene.progress:
        parts.append(scene.progress)
    parts.extend(_trump_words(scene)[:1])
    if scene.scores:
        parts.append(_score_words(scene))
    if scene.turn:
        parts.append(scene.turn)
    return " · ".join(parts)


def _trump_words(scene: Scene) -> list[str]:
    words = []
    if scene.trump in SUIT_SYMBOLS:
        words.append(f"{scene.labels.trumps} {SUIT_SYMBOLS[scene.trump]}")
    elif scene.trump_text:
        words.append(scene.trump_text)
    if scene.turned and scene.turned_label:
        words.append(f"{scene.turned_label} {' '.join(card_text(c) for c in scene.turned)}")
    if scene.contract:
        words.append(scene.contract)
    return words


def _score_words(scene: Scene) -> str:
    scores = ", ".join(f"{line.label} {line.points}" for line in scene.scores)
    return f"{scores} ({scene.target})" if scene.target else scores
