"""The side panel of the picture, top down: trumps and the turned cards, the contract, the
scores, the round's card points, the pool, the hand and trick, the last trick; notes and whose
turn it is pinned to the bottom."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from bot.picture import fonts, shapes
from bot.picture.cards import card_height, paste_card, suit_colour
from bot.picture.scene import Scene, ScoreLine
from bot.picture.shapes import RGB, paste_text
from bot.picture.style import (
    DARK_TEXT,
    HEIGHT,
    MUTED,
    NO_TRUMP_GREY,
    PANEL_LINE,
    SUITS_ORDER,
    TABLE_WIDTH,
    TEXT,
    TURN,
    WIDTH,
    team_colour,
)

# --- the panel ---------------------------------------------------------------------------------

PANEL_LEFT: Final = TABLE_WIDTH + 16
PANEL_RIGHT: Final = WIDTH - 14
PANEL_WIDTH: Final = PANEL_RIGHT - PANEL_LEFT


HEAD_SIZE: Final = 18
BODY_SIZE: Final = 20
POINTS_SIZE: Final = 24
LINE: Final = 30


def draw_panel(image: Image.Image, scene: Scene) -> None:
    """The side panel, top down; a block that would not fit above the closing lines (notes and
    whose turn it is, pinned to the bottom) is left out rather than cut."""
    closing = [
        (line, TEXT)
        for note in scene.notes
        for line in fonts.wrap(note, BODY_SIZE, True, PANEL_WIDTH)
    ]
    if scene.turn:
        closing += [(line, TURN) for line in fonts.wrap(scene.turn, BODY_SIZE, True, PANEL_WIDTH)]
    limit = HEIGHT - 8 - LINE * len(closing)
    y = 10
    for block in (_trumps, _contract, _scores, _round_scores, _pool, _progress, _last_trick):
        height = block(scene, None, y)
        if height and y + height <= limit:
            block(scene, image, y)
            y += height
    for index, (line, colour) in enumerate(closing):
        paste_text(image, (PANEL_LEFT, limit + index * LINE), line, BODY_SIZE, colour, bold=True)


def _line(image: Image.Image | None, y: int, text: str, size: int, colour: RGB, bold: bool) -> int:
    if image is not None:
        paste_text(
            image,
            (PANEL_LEFT, y),
            fonts.fit(text, size, bold, PANEL_WIDTH),
            size,
            colour,
            bold=bold,
        )
    return LINE


def _rule(image: Image.Image | None, y: int) -> None:
    if image is not None:
        ImageDraw.Draw(image).line((PANEL_LEFT, y, PANEL_RIGHT, y), fill=PANEL_LINE, width=1)


TURNED_WIDTH: Final = 44


def _trumps(scene: Scene, image: Image.Image | None, y: int) -> int:
    """Trumps (a big pip on a white disc) with the turned cards beside it, then the names of
    trumps and of who took the Return."""
    texts = [text for text in (scene.trump_text, scene.turned_note) if text]
    height = (
        24 + max(64, card_height(TURNED_WIDTH) if scene.turned else 0) + 6 + LINE * len(texts) + 4
    )
    if image is None:
        return height
    paste_text(image, (PANEL_LEFT, y), scene.labels.trumps, HEAD_SIZE, MUTED)
    cards_left = PANEL_LEFT + 84
    if scene.turned_label:
        label = fonts.fit(scene.turned_label, HEAD_SIZE, False, PANEL_RIGHT - cards_left)
        paste_text(image, (cards_left, y), label, HEAD_SIZE, MUTED)
    y += 26
    disc = shapes.disc(64, TEXT, PANEL_LINE, 2)
    image.paste(disc, (PANEL_LEFT, y), disc)
    _draw_trump_disc(image, scene.trump, (PANEL_LEFT, y))
    if scene.turned:
        room = PANEL_RIGHT - cards_left - TURNED_WIDTH
        step = min(TURNED_WIDTH + 4, room // max(len(scene.turned) - 1, 1))
        for index, card in enumerate(scene.turned):
            paste_card(image, card, (cards_left + index * step, y), TURNED_WIDTH)
    y += max(64, card_height(TURNED_WIDTH) if scene.turned else 0) + 6
    for text in texts:
        y += _line(image, y, text, BODY_SIZE, TEXT, True)
    return height


def _draw_trump_disc(image: Image.Image, trump: str | None, xy: tuple[int, int]) -> None:
    """A white disc with the trump suit's pip; all trumps: the four pips; no trumps: the four
    pips greyed out; not chosen yet: a question mark."""
    disc = shapes.disc(64, TEXT, PANEL_LINE, 2)
    image.paste(disc, xy, disc)
    x, y = xy
    if trump is not None and trump in SUITS_ORDER:
        image.paste(suit_colour(trump), (x + 12, y + 12), shapes.pip_mask(trump, 40))
    elif trump in ("all", "none"):
        for index, suit in enumerate(SUITS_ORDER):
            colour = suit_colour(suit) if trump == "all" else NO_TRUMP_GREY
            corner = (x + 13 + 20 * (index % 2), y + 13 + 20 * (index // 2))
            image.paste(colour, corner, shapes.pip_mask(suit, 18))
    else:
        paste_text(image, (x + 32, y + 6), "?", 36, DARK_TEXT, bold=True, anchor="m")


def _contract(scene: Scene, image: Image.Image | None, y: int) -> int:
    if not scene.contract:
        return 0
    lines = fonts.wrap(scene.contract, BODY_SIZE, True, PANEL_WIDTH)
    for index, line in enumerate(lines):
        _line(image, y + index * LINE, line, BODY_SIZE, TEXT, True)
    return LINE * len(lines)


def _scores(scene: Scene, image: Image.Image | None, y: int) -> int:
    if scene.scores:
        heading = scene.labels.scores + (f" · {scene.target}" if scene.target else "")
        return _score_table(image, y, heading, scene.scores)
    if scene.target:
        return _line(image, y, scene.target, HEAD_SIZE, MUTED, False)
    return 0


def _round_scores(scene: Scene, image: Image.Image | None, y: int) -> int:
    if not scene.round_scores:
        return 0
    return _score_table(image, y, scene.labels.round_points, scene.round_scores)


def _pool(scene: Scene, image: Image.Image | None, y: int) -> int:
    return _line(image, y, scene.pool, BODY_SIZE, TEXT, False) if scene.pool else 0


def _progress(scene: Scene, image: Image.Image | None, y: int) -> int:
    return _line(image, y + 2, scene.progress, BODY_SIZE, MUTED, False) if scene.progress else 0


def _score_table(
    image: Image.Image | None, y: int, heading: str, lines: tuple[ScoreLine, ...]
) -> int:
    row = 30 if len(lines) <= 4 else 26
    height = 30 + row * len(lines) + 6
    if image is None:
        return height
    _rule(image, y)
    paste_text(
        image,
        (PANEL_LEFT, y + 4),
        fonts.fit(heading, HEAD_SIZE, False, PANEL_WIDTH),
        HEAD_SIZE,
        MUTED,
    )
    y += 30
    for line in lines:
        swatch = shapes.rounded_box(16, 16, 4, team_colour(line.team), None, 0)
        image.paste(swatch, (PANEL_LEFT, y + 8), swatch)
        points_width = paste_text(
            image, (PANEL_RIGHT, y - 2), line.points, POINTS_SIZE, TEXT, bold=True, anchor="r"
        )
        label_width = PANEL_WIDTH - 24 - points_width - 8
        label = fonts.fit(line.label, BODY_SIZE, line.is_leading, label_width)
        paste_text(image, (PANEL_LEFT + 24, y), label, BODY_SIZE, TEXT, bold=line.is_leading)
        y += row
    return height


LAST_TRICK_WIDTH: Final = 40


def _last_trick(scene: Scene, image: Image.Image | None, y: int) -> int:
    if not scene.last_trick:
        return 0
    height = 30 + card_height(LAST_TRICK_WIDTH) + 6 + (LINE if scene.last_trick_winner else 0)
    if image is None:
        return height
    _rule(image, y)
    heading = fonts.fit(scene.labels.last_trick, HEAD_SIZE, False, PANEL_WIDTH)
    paste_text(image, (PANEL_LEFT, y + 4), heading, HEAD_SIZE, MUTED)
    y += 30
    count = len(scene.last_trick)
    step = min(LAST_TRICK_WIDTH + 3, (PANEL_WIDTH - LAST_TRICK_WIDTH) // max(count - 1, 1))
    for index, card in enumerate(scene.last_trick):
        paste_card(image, card, (PANEL_LEFT + index * step, y), LAST_TRICK_WIDTH)
    y += card_height(LAST_TRICK_WIDTH) + 6
    if scene.last_trick_winner:
        _line(image, y, scene.last_trick_winner, BODY_SIZE, TEXT, True)
    return height
