"""The picture: the felt where the seats sit for 2 to 6 players, the empty table
(felt, trump watermark, the ring of play-direction arrows) and the name plates with each
seat's card of the trick in front of it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.picture import fonts, shapes
from bot.picture.cards import BLACK, card_height, paste_card
from bot.picture.scene import Direction, Scene, SeatScene
from bot.picture.shapes import RGB, paste_text
from bot.picture.style import (
    ARROW,
    BACK_EDGE,
    BACK_FILL,
    CENTRE,
    COMPUTER_TAG,
    DARK_TEXT,
    FELT,
    FELT_MARK,
    HEIGHT,
    MUTED,
    PLATE,
    PLATE_TO_ACT,
    RAIL,
    RING,
    SUITS_ORDER,
    TEXT,
    TURN,
    WIDTH,
    WINNING,
    team_colour,
)
from engine.cards import Card

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
    name_size: int
    spots: tuple[Spot, ...]


# Spots of a clockwise table on a wide (2:1) felt, seat 0 at the bottom (seat s + 1 on the left
# of seat s, as seen by players facing the centre, RULES.md §0); counter-clockwise tables are
# its mirror image. The trick's cards sit in one or two rows in the middle, each in front of its
# seat: the top and bottom rows overlap a little, as cards on a real table do.
_SPOTS: Final[dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]]] = {
    2: (((280, 244), (304, 168)), ((280, 36), (256, 112))),
    3: (((280, 244), (280, 170)), ((96, 70), (214, 112)), ((464, 70), (346, 112))),
    4: (
        ((280, 244), (280, 170)),
        ((96, 140), (214, 140)),
        ((280, 36), (280, 110)),
        ((464, 140), (346, 140)),
    ),
    6: (
        ((280, 244), (280, 170)),
        ((96, 182), (214, 172)),
        ((96, 86), (214, 108)),
        ((280, 36), (280, 110)),
        ((464, 86), (346, 108)),
        ((464, 182), (346, 172)),
    ),
}
CARD_WIDTH: Final = 60
"""The trick's cards: their ranks (44 % of the width, "10" a little smaller) stay 22 pixels."""


@lru_cache(maxsize=32)
def layout(players: int, direction: Direction | None) -> Layout:
    """The geometry for ``players`` seats (2, 3, 4 or 6 have hand-placed spots; any other count
    is spread evenly on an ellipse)."""
    if players in _SPOTS:
        raw = _SPOTS[players]
    else:
        raw = tuple(
            (
                _on_ellipse(players, seat, 184, 104),
                _on_ellipse(players, seat, 80, 40),
            )
            for seat in range(players)
        )
    mirror = direction is Direction.COUNTER_CLOCKWISE
    spots = tuple(Spot(_mirrored(plate, mirror), _mirrored(card, mirror)) for plate, card in raw)
    if players >= 5:
        return Layout((160, 62), 24, spots)
    return Layout((176, 64), 26, spots)


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
    felt = shapes.rounded_box(WIDTH - 12, HEIGHT - 12, 44, FELT, None, 0)
    image.paste(felt, (6, 6), felt)
    if trump is not None and trump in SUITS_ORDER:
        size = 120
        image.paste(
            FELT_MARK, (CENTRE[0] - size // 2, CENTRE[1] - size // 2), shapes.pip_mask(trump, size)
        )
    if direction is not None:
        _draw_ring(image, direction, players)
    return image


ARROW_SIZE: Final = 40
"""The play arrows' heads: 20 CSS pixels on a phone, near white on the felt."""


def _draw_ring(image: Image.Image, direction: Direction, players: int) -> None:
    """An ellipse around the trick with arrow heads, between the seats, pointing the way play
    goes."""
    rx, ry = 200, 100
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
        head = shapes.arrow_head(ARROW_SIZE, tangent, ARROW)
        image.paste(head, (round(x) - ARROW_SIZE // 2, round(y) - ARROW_SIZE // 2), head)


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
    if seat.is_dealer:  # on the plate's corner, inside the picture
        _draw_dealer_button(image, scene.labels.dealer, (max(left - 8, 0), max(top - 8, 0)))
    _draw_seat_details(image, scene, seat, (text_left, top + 34), left + width - 8, soft)


DETAIL_SIZE: Final = 22
SMALLEST: Final = 22
"""The smallest text of the picture (11 CSS pixels on a phone, see ``style.WIDTH``)."""


def _draw_dealer_button(image: Image.Image, text: str, xy: tuple[int, int]) -> None:
    """The dealer's button, as at a card club: a white disc on the plate's corner."""
    size = max(fonts.text_width(text, SMALLEST, True) + 10, 30)
    button = shapes.rounded_box(size, 30, 15, TEXT, BLACK, 2)
    image.paste(button, xy, button)
    paste_text(image, (xy[0] + size // 2, xy[1]), text, SMALLEST, DARK_TEXT, bold=True, anchor="m")


def _draw_hand_count(image: Image.Image, count: int, top_right: tuple[int, int]) -> int:
    """A card back with the number of cards held on it; returns its width."""
    text = str(count)
    width = max(fonts.text_width(text, SMALLEST, True) + 8, 22)
    back = shapes.rounded_box(width, 28, 4, BACK_FILL, BACK_EDGE, 2)
    left = top_right[0] - width
    image.paste(back, (left, top_right[1]), back)
    paste_text(
        image, (left + width // 2, top_right[1]), text, SMALLEST, TEXT, bold=True, anchor="m"
    )
    return width


def _draw_seat_details(
    image: Image.Image, scene: Scene, seat: SeatScene, xy: tuple[int, int], right: int, ink: RGB
) -> None:
    """The second line of a name plate: computer tag, clock and note."""
    x, y = xy
    size = DETAIL_SIZE
    if seat.is_computer:
        tag = scene.labels.computer
        tag_width = fonts.text_width(tag, SMALLEST, True) + 10
        chip = shapes.rounded_box(tag_width, 26, 6, COMPUTER_TAG, None, 0)
        image.paste(chip, (x, y - 2), chip)
        paste_text(image, (x + 5, y - 3), tag, SMALLEST, TEXT, bold=True)
        x += tag_width + 6
    if seat.is_to_act and scene.clock and right - x > 40:
        icon = shapes.clock_icon(18, ink)
        image.paste(icon, (x, y + 3), icon)
        x += 22
        clock = fonts.fit(scene.clock, size, True, right - x)
        x += paste_text(image, (x, y - 2), clock, size, ink, bold=True) + 8
    if seat.note and right - x > 24:
        paste_text(image, (x, y - 2), fonts.fit(seat.note, size, False, right - x), size, ink)


def _draw_trick_card(image: Image.Image, seat: SeatScene, card: Card, xy: tuple[int, int]) -> None:
    width = CARD_WIDTH
    height = card_height(width)
    left, top = xy[0] - width // 2, xy[1] - height // 2
    if seat.is_winning:
        frame = shapes.rounded_box(width + 12, height + 12, 12, WINNING, None, 0)
        image.paste(frame, (left - 6, top - 6), frame)
    paste_card(image, card, (left, top), width)


def _draw_trick_marks(
    image: Image.Image, scene: Scene, seat: SeatScene, xy: tuple[int, int]
) -> None:
    """The card's "led" and "winning" pills, over every card (the trick's cards overlap)."""
    height = card_height(CARD_WIDTH)
    top = xy[1] - height // 2
    if seat.is_led:
        _pill(image, (xy[0], top - 14), scene.labels.led, TEXT, DARK_TEXT)
    if seat.is_winning:  # on the card's foot, clear of its rank (below it may be a plate)
        _pill(image, (xy[0], top + height - 32), scene.labels.winning, WINNING, DARK_TEXT)


def _pill(image: Image.Image, centre: tuple[int, int], text: str, fill: RGB, ink: RGB) -> None:
    size = SMALLEST
    width = fonts.text_width(text, size, True) + 14
    height = 30
    pill = shapes.rounded_box(width, height, 13, fill, DARK_TEXT, 1)
    image.paste(pill, (centre[0] - width // 2, centre[1]), pill)
    paste_text(image, (centre[0], centre[1]), text, size, ink, bold=True, anchor="m")


def draw_seats(image: Image.Image, scene: Scene) -> None:
    """Every seat's name plate, and its card of the trick in front of it."""
    geometry = layout(len(scene.seats), scene.direction)
    for seat, spot in zip(scene.seats, geometry.spots, strict=True):
        _draw_seat(image, scene, seat, spot, geometry)
    played = [(s, spot.card) for s, spot in zip(scene.seats, geometry.spots, strict=True) if s.card]
    for seat, xy in played:
        assert seat.card is not None
        _draw_trick_card(image, seat, seat.card, xy)
    for seat, xy in played:
        _draw_trick_marks(image, scene, seat, xy)
