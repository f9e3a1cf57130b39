"""Draw a ``Scene`` as a PNG: the felt with the seats around it, the trick in front of them,
the direction of play, and a side panel with trumps, scores, the last trick and the turn.

``render`` is a pure, deterministic, top-level function of a picklable scene (the bot runs it in
a worker process so the event loop never waits for it); the only I/O is reading the font once
per process. Every piece that repeats (card faces, pips, name masks, the empty table) is cached,
so a picture is mostly pastes, a palette reduction and the PNG encoder.

The canvas is 800 x 600: Discord shows an embed's image about 400 pixels wide, so every text
here is at least 16 pixels (8 on screen at the smallest) and names, ranks and scores are 22 to
34 (11 to 17 on screen). Colours: the felt and the panel are dark, opaque and the same in both
Discord themes; team colours are from the Okabe-Ito palette (readable with colour blindness).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.picture import fonts, shapes
from bot.picture.cards import (
    BLACK,
    EDGE,
    FACE,
    HERO_FRAME,
    RED,
    card_height,
    paste_card,
    rank_text,
    suit_colour,
)
from bot.picture.scene import Direction, Scene, ScoreLine, SeatScene
from bot.picture.shapes import RGB, paste_text
from engine.cards import SUIT_SYMBOLS, Card

RENDERER_VERSION: Final = 1
"""Bump whenever the pictures change on purpose (and record new golden checksums)."""

WIDTH: Final = 800
HEIGHT: Final = 600
TABLE_WIDTH: Final = 560
CENTRE: Final = (280, 300)

RAIL: Final[RGB] = (12, 46, 28)
FELT: Final[RGB] = (27, 96, 57)
FELT_MARK: Final[RGB] = (36, 112, 68)
RING: Final[RGB] = (48, 128, 80)
ARROW: Final[RGB] = (198, 232, 208)
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
TEAM_COLOURS: Final[tuple[RGB, ...]] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (213, 94, 0),  # vermilion
    (0, 114, 178),  # blue
)


def team_colour(team: int) -> RGB:
    """The colour of a team or side (partners share it)."""
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


# --- where things go ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one seat is drawn: the centre of its name plate and of its card in the trick."""

    plate: tuple[int, int]
    card: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """The geometry of a table of some size."""

    plate_size: tuple[int, int]
    card_width: int
    name_size: int
    spots: tuple[Spot, ...]


# Spots of a clockwise table, seat 0 at the bottom (seat s + 1 on the left of seat s, as seen
# by players facing the centre, RULES.md §0); counter-clockwise tables are its mirror image.
_SPOTS: Final[dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]]] = {
    2: (((280, 560), (280, 418)), ((280, 40), (280, 182))),
    3: (((280, 560), (280, 440)), ((112, 108), (214, 236)), ((448, 108), (346, 236))),
    4: (
        ((280, 560), (280, 452)),
        ((96, 300), (232, 300)),
        ((280, 40), (280, 148)),
        ((464, 300), (328, 300)),
    ),
    6: (
        ((280, 562), (280, 472)),
        ((92, 420), (220, 380)),
        ((92, 180), (220, 220)),
        ((280, 38), (280, 128)),
        ((468, 180), (340, 220)),
        ((468, 420), (340, 380)),
    ),
}


@lru_cache(maxsize=32)
def layout(players: int, direction: Direction | None) -> Layout:
    """The geometry for ``players`` seats (2, 3, 4 or 6 have hand-placed spots; any other count
    is spread evenly on an ellipse)."""
    if players in _SPOTS:
        raw = _SPOTS[players]
    else:
        raw = tuple(
            (
                _on_ellipse(players, seat, 184, 250),
                _on_ellipse(players, seat, 80, 120),
            )
            for seat in range(players)
        )
    mirror = direction is Direction.COUNTER_CLOCKWISE
    spots = tuple(Spot(_mirrored(plate, mirror), _mirrored(card, mirror)) for plate, card in raw)
    if players >= 5:
        return Layout((170, 62), 64, 22, spots)
    return Layout((176, 64), 76, 24, spots)


def _on_ellipse(players: int, seat: int, rx: int, ry: int) -> tuple[int, int]:
    angle = math.radians(90 + 360 * seat / players)
    return round(CENTRE[0] + rx * math.cos(angle)), round(CENTRE[1] + ry * math.sin(angle))


def _mirrored(point: tuple[int, int], mirror: bool) -> tuple[int, int]:
    return (2 * CENTRE[0] - point[0], point[1]) if mirror else point


# --- the empty table ---------------------------------------------------------------------------


@lru_cache(maxsize=32)
def background(players: int, direction: Direction | None, trump: str | None) -> Image.Image:
    """The table before anything is placed on it: rail, felt, a large pale pip of the trump
    suit in the middle, the ring of play-direction arrows, and the empty panel."""
    image = Image.new("RGB", (WIDTH, HEIGHT), RAIL)
    felt = shapes.rounded_box(TABLE_WIDTH - 12, HEIGHT - 12, 44, FELT, None, 0)
    image.paste(felt, (6, 6), felt)
    if trump is not None and trump in SUITS_ORDER:
        size = 150
        image.paste(
            FELT_MARK, (CENTRE[0] - size // 2, CENTRE[1] - size // 2), shapes.pip_mask(trump, size)
        )
    if direction is not None:
        _draw_ring(image, direction, players)
    ImageDraw.Draw(image).rectangle((TABLE_WIDTH, 0, WIDTH, HEIGHT), fill=PANEL)
    ImageDraw.Draw(image).line((TABLE_WIDTH, 0, TABLE_WIDTH, HEIGHT), fill=PANEL_LINE, width=2)
    return image


def _draw_ring(image: Image.Image, direction: Direction, players: int) -> None:
    """An ellipse around the trick with arrow heads, between the seats, pointing the way play
    goes."""
    rx, ry = 150, 200
    scale = shapes.SUPERSAMPLE
    ring = Image.new("L", (2 * rx * scale + 40, 2 * ry * scale + 40), 0)
    ImageDraw.Draw(ring).ellipse(
        (20, 20, 20 + 2 * rx * scale, 20 + 2 * ry * scale), outline=255, width=5 * scale
    )
    ring = ring.resize((ring.width // scale, ring.height // scale), Image.Resampling.BOX)
    image.paste(RING, (CENTRE[0] - ring.width // 2, CENTRE[1] - ring.height // 2), ring)
    sign = 1 if direction is Direction.CLOCKWISE else -1
    for seat in range(players):
        angle = math.radians(90 + sign * 360 * (seat + 0.5) / players)
        x = CENTRE[0] + rx * math.cos(angle)
        y = CENTRE[1] + ry * math.sin(angle)
        # The tangent of the ellipse, turned the way play goes (increasing angle on screen
        # is clockwise, because the y axis points down).
        tangent = math.degrees(
            math.atan2(sign * ry * math.cos(angle), -sign * rx * math.sin(angle))
        )
        head = shapes.arrow_head(30, tangent, ARROW)
        image.paste(head, (round(x) - 15, round(y) - 15), head)


# --- seats -------------------------------------------------------------------------------------


def _draw_seat(
    image: Image.Image, scene: Scene, seat: SeatScene, spot: Spot, geometry: Layout
) -> None:
    width, height = geometry.plate_size
    left = spot.plate[0] - width // 2
    top = spot.plate[1] - height // 2
    colour = team_colour(seat.team)
    if seat.is_to_act:
        glow = shapes.rounded_box(width + 12, height + 12, 16, TURN, None, 0)
        image.paste(glow, (left - 6, top - 6), glow)
    fill = PLATE_TO_ACT if seat.is_to_act else PLATE
    plate = shapes.rounded_box(width, height, 12, fill, colour, 3)
    image.paste(plate, (left, top), plate)
    stripe = shapes.rounded_box(10, height - 6, 4, colour, None, 0)
    image.paste(stripe, (left + 3, top + 3), stripe)
    ink = DARK_TEXT if seat.is_to_act else TEXT
    soft = DARK_TEXT if seat.is_to_act else MUTED
    text_left = left + 20
    right = left + width - 8
    if seat.cards_held:
        right -= _draw_hand_count(image, seat.cards_held, (left + width - 6, top + 6)) + 4
    size = geometry.name_size
    name = fonts.fit(seat.name, size, True, right - text_left)
    paste_text(image, (text_left, top + 2 + (24 - size) // 2), name, size, ink, bold=True)
    if seat.is_dealer:
        _draw_dealer_button(image, scene.labels.dealer, (left - 8, top - 8))
    _draw_seat_details(image, scene, seat, (text_left, top + 34), left + width - 8, soft)
    if seat.card is not None:
        _draw_trick_card(image, scene, seat, seat.card, spot.card, geometry.card_width)


DETAIL_SIZE: Final = 18


def _draw_dealer_button(image: Image.Image, text: str, xy: tuple[int, int]) -> None:
    """The dealer's button, as at a card club: a white disc on the plate's corner."""
    size = max(fonts.text_width(text, 18, True) + 10, 28)
    button = shapes.rounded_box(size, 28, 14, TEXT, BLACK, 2)
    image.paste(button, xy, button)
    paste_text(image, (xy[0] + size // 2, xy[1] + 1), text, 18, DARK_TEXT, bold=True, anchor="m")


def _draw_hand_count(image: Image.Image, count: int, top_right: tuple[int, int]) -> int:
    """A card back with the number of cards held on it; returns its width."""
    text = str(count)
    width = max(fonts.text_width(text, 16, True) + 8, 20)
    back = shapes.rounded_box(width, 26, 4, BACK_FILL, BACK_EDGE, 2)
    left = top_right[0] - width
    image.paste(back, (left, top_right[1]), back)
    paste_text(image, (left + width // 2, top_right[1] + 1), text, 16, TEXT, bold=True, anchor="m")
    return width


def _draw_seat_details(
    image: Image.Image, scene: Scene, seat: SeatScene, xy: tuple[int, int], right: int, ink: RGB
) -> None:
    """The second line of a name plate: computer tag, clock and note."""
    x, y = xy
    size = DETAIL_SIZE
    if seat.is_computer:
        tag = scene.labels.computer
        tag_width = fonts.text_width(tag, 16, True) + 10
        chip = shapes.rounded_box(tag_width, 22, 6, COMPUTER_TAG, None, 0)
        image.paste(chip, (x, y), chip)
        paste_text(image, (x + 5, y), tag, 16, TEXT, bold=True)
        x += tag_width + 6
    if seat.is_to_act and scene.clock and right - x > 40:
        icon = shapes.clock_icon(18, ink)
        image.paste(icon, (x, y + 3), icon)
        x += 22
        clock = fonts.fit(scene.clock, size, True, right - x)
        x += paste_text(image, (x, y - 2), clock, size, ink, bold=True) + 8
    if seat.note and right - x > 24:
        paste_text(image, (x, y - 2), fonts.fit(seat.note, size, False, right - x), size, ink)


def _draw_trick_card(
    image: Image.Image,
    scene: Scene,
    seat: SeatScene,
    card: Card,
    centre: tuple[int, int],
    width: int,
) -> None:
    height = card_height(width)
    left = centre[0] - width // 2
    top = centre[1] - height // 2
    if seat.is_winning:
        frame = shapes.rounded_box(width + 12, height + 12, 12, WINNING, None, 0)
        image.paste(frame, (left - 6, top - 6), frame)
    paste_card(image, card, (left, top), width)
    if seat.is_led:
        _pill(image, (centre[0], top - 12), scene.labels.led, TEXT, DARK_TEXT)
    if seat.is_winning:
        _pill(image, (centre[0], top + height - 10), scene.labels.winning, WINNING, DARK_TEXT)


def _pill(image: Image.Image, centre: tuple[int, int], text: str, fill: RGB, ink: RGB) -> None:
    size = 16
    width = fonts.text_width(text, size, True) + 14
    height = 22
    pill = shapes.rounded_box(width, height, 11, fill, DARK_TEXT, 1)
    image.paste(pill, (centre[0] - width // 2, centre[1]), pill)
    paste_text(image, (centre[0], centre[1]), text, size, ink, bold=True, anchor="m")


# --- the panel ---------------------------------------------------------------------------------

PANEL_LEFT: Final = TABLE_WIDTH + 16
PANEL_RIGHT: Final = WIDTH - 14
PANEL_WIDTH: Final = PANEL_RIGHT - PANEL_LEFT


HEAD_SIZE: Final = 18
BODY_SIZE: Final = 20
POINTS_SIZE: Final = 24
LINE: Final = 30


def _draw_panel(image: Image.Image, scene: Scene) -> None:
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


SUITS_ORDER: Final = "shdc"
NO_TRUMP_GREY: Final[RGB] = (170, 170, 176)


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
    players = len(scene.seats)
    image = background(players, scene.direction, scene.trump).copy()
    geometry = layout(players, scene.direction)
    for seat, spot in zip(scene.seats, geometry.spots, strict=True):
        _draw_seat(image, scene, seat, spot, geometry)
    _draw_panel(image, scene)
    return encode(image)


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


# --- words for screen readers and notifications -----------------------------------------------


def card_text(card: Card) -> str:
    """``Th`` -> ``10♥``, as cards are written in the bot's messages.

    >>> card_text(Card.parse("Hd"))
    'H♦'
    """
    return rank_text(card.rank) + SUIT_SYMBOLS[card.suit]


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
