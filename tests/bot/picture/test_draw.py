"""The renderer: every card, full tables of both families at every seat count, both Discord
themes, size and determinism, alt text, a worker process, and the font fallback."""

from __future__ import annotations

import colorsys
import io
import multiprocessing
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

from bot.families.allfours import picture as allfours_picture
from bot.families.kqj import picture as kqj_picture
from bot.picture import fonts
from bot.picture.cards import HERO_FRAME, card_height, card_image, suit_colour
from bot.picture.common import clock_label
from bot.picture.draw import alt_text, picture, render, summary_line
from bot.picture.scene import Scene
from bot.picture.style import (
    ARROW,
    FELT,
    HEIGHT,
    PLATE,
    RAIL,
    TEAM_COLOURS,
    TURN,
    WIDTH,
)
from bot.picture.table import ARROW_SIZE
from engine import allfours, kqj
from engine.cards import Card, standard_deck
from engine.kqj.deck import DECK as KQJ_DECK
from tests.bot.picture.positions import (
    ALLFOURS_TABLES,
    KQJ_TABLES,
    NAMES,
    between_tricks,
    mid_trick,
)
from tests.bot.picture.scenes import GOLDEN

ROOT = Path(__file__).resolve().parents[3]
MAX_BYTES = 100 * 1024
LIGHT_THEME = (255, 255, 255)
DARK_THEME = (0x31, 0x33, 0x38)


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: tuple[int, ...], two: tuple[int, ...]) -> float:
    """WCAG contrast ratio (1 to 21)."""
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


# --- cards -------------------------------------------------------------------------------------

KQJ_CARDS = [Card.from_index(index) for index in KQJ_DECK]


@pytest.mark.parametrize(
    "card",
    [*standard_deck(), *KQJ_CARDS],
    ids=[*(f"std-{c}" for c in standard_deck()), *(f"kqj-{c}" for c in KQJ_CARDS)],
)
def test_every_card_is_drawn_in_its_suits_colour_on_a_white_face(card: Card) -> None:
    """52 cards and the 48 of KQJ (Heroes included): right size, not blank, red or black ink
    on a white face."""
    face = card_image(card, 76).convert("RGB")
    assert face.size == (76, card_height(76)) == (76, 106)
    pixels = list(face.get_flattened_data())
    white = sum(1 for p in pixels if min(p) >= 245)
    red = sum(1 for p in pixels if p[0] >= 150 and p[1] <= 90 and p[2] <= 100)
    dark = sum(1 for p in pixels if max(p) <= 70)
    assert white > len(pixels) * 0.5
    if card.suit in "hd":
        assert red > 300
        assert dark < 50
    else:
        assert dark > 300
        assert red == 0


def test_the_hero_cannot_be_taken_for_a_king() -> None:
    """The KQJ Hero has its own letter and a gold frame that no other card has."""
    for suit in "shdc":
        hero = card_image(Card.parse(f"H{suit}"), 76).convert("RGB")
        king = card_image(Card.parse(f"K{suit}"), 76).convert("RGB")
        gold = [p for p in hero.get_flattened_data() if p == HERO_FRAME]
        assert len(gold) > 100
        assert HERO_FRAME not in set(king.get_flattened_data())


def test_suit_ink_reads_on_the_card_face() -> None:
    """WCAG AA (4.5:1) for the pips and ranks against the white face, in both colours."""
    for suit in "shdc":
        assert contrast(suit_colour(suit), (255, 255, 255)) >= 4.5


# --- whole tables ------------------------------------------------------------------------------


def _allfours_scenes() -> list[tuple[str, Scene]]:
    found = []
    for table, rules in ALLFOURS_TABLES.items():
        names = NAMES[: rules.players]
        for moment, build in (("mid-trick", mid_trick), ("between-tricks", between_tricks)):
            state = build(allfours, allfours.new_game(rules, seed=3), 3)
            view = allfours.observe(state, None)
            scene = allfours_picture.scene_of(
                view, names, locale="en", clock=clock_label(30, "en"), computers={1}
            )
            found.append((f"{table}-{moment}", scene))
    return found


def _kqj_scenes() -> list[tuple[str, Scene]]:
    found = []
    for table, rules in KQJ_TABLES.items():
        for moment, build in (("mid-trick", mid_trick), ("between-tricks", between_tricks)):
            state = build(kqj, kqj.new_game(rules, seed=3), 3)
            scene = kqj_picture.scene_of(kqj.observe(state, None), NAMES, locale="en")
            found.append((f"{table}-{moment}", scene))
    return found


TABLES = _allfours_scenes() + _kqj_scenes()


def test_the_tables_cover_every_seat_count() -> None:
    assert {len(scene.seats) for _, scene in TABLES} == {2, 3, 4, 6}


@pytest.mark.parametrize(("name", "scene"), TABLES, ids=[name for name, _ in TABLES])
def test_a_full_table_renders_small_opaque_and_readable(name: str, scene: Scene) -> None:
    """Each family and seat count, mid-trick and between tricks: a 560x280 PNG under
    100 KiB, with real content, that looks the same on Discord's light and dark themes."""
    png = render(scene)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) < MAX_BYTES
    image = decode(png)
    assert image.size == (WIDTH, HEIGHT)
    assert "transparency" not in image.info
    rgba = image.convert("RGBA")
    assert rgba.getextrema()[3] == (255, 255)
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 16) or ()) >= 32
    for theme in (LIGHT_THEME, DARK_THEME):
        shown = Image.alpha_composite(Image.new("RGBA", rgba.size, (*theme, 255)), rgba)
        assert shown.tobytes() == rgba.tobytes()
    rgb = image.convert("RGB")
    for seat in scene.seats:
        if seat.card is not None:
            assert suit_colour(seat.card.suit) in set(rgb.get_flattened_data())


def test_the_picture_stands_out_from_both_themes() -> None:
    """The felt, the rail and the white text on them: the frame differs from both Discord
    backgrounds, and the name plates' text keeps WCAG AAA contrast (7:1) whatever the
    theme."""
    image = decode(render(GOLDEN["kqj-mid-trick"]())).convert("RGB")
    felt = image.getpixel((30, 250))
    rail = image.getpixel((2, HEIGHT // 2))
    assert felt == FELT and rail == RAIL
    for theme in (LIGHT_THEME, DARK_THEME):
        assert contrast(felt, theme) > 1.3
        assert felt != theme
        assert rail != theme
    assert contrast((255, 255, 255), PLATE) >= 7
    assert contrast((255, 255, 255), felt) >= 4.5


PHONE_WIDTH = 284
"""CSS pixels a phone shows an embed's picture at (``benchmarks/phone_pages.py`` measures it:
a 400-pixel-wide screen less the avatar's gutter and the embed's padding)."""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_text_of_the_picture_reads_on_a_phone(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names, notes, tags, pills, counts and card ranks: none is under 11 CSS pixels where a
    phone shows the picture (issue 19: the side panel and KQJ's seat notes were 5 to 9)."""
    sizes: list[int] = []
    original = fonts.text_mask

    def recording(text: str, size: int, bold: bool = False) -> Image.Image:
        sizes.append(size)
        return original(text, size, bold)

    card_image.cache_clear()  # card faces drawn anew: their ranks count too
    monkeypatch.setattr(fonts, "text_mask", recording)
    try:
        picture(GOLDEN[name]())
    finally:
        card_image.cache_clear()
    assert sizes
    assert min(sizes) * PHONE_WIDTH / WIDTH >= 11, min(sizes)


def test_rendering_is_deterministic_and_redraws_only_changed_tables() -> None:
    """Same scene, same bytes; the fingerprint changes exactly when the picture may."""
    scene = GOLDEN["caribbean-mid-trick"]()
    assert render(scene) == render(GOLDEN["caribbean-mid-trick"]())
    assert scene.fingerprint() == GOLDEN["caribbean-mid-trick"]().fingerprint()
    other = GOLDEN["english-between-tricks"]()
    assert scene.fingerprint() != other.fingerprint()


def test_a_worker_process_draws_the_same_picture() -> None:
    """The bot renders in a process pool: a fresh (spawned) process loads the fonts itself
    and gives the very same bytes."""
    scene = GOLDEN["kqj-mid-trick"]()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        assert pool.submit(render, scene).result(timeout=120) == render(scene)


def test_alt_text_and_summary_describe_the_table() -> None:
    scene = GOLDEN["caribbean-mid-trick"]()
    alt = alt_text(scene)
    assert "Bob the Builder (led)" not in alt
    assert "Bob the Builder played 7♤" in alt
    assert "Łukasz played 2♥ (winning)" in alt
    assert "Alice (D) played 3♤" in alt
    assert "Trumps ♥" in alt
    assert "Kicks 3♦ 9♥" in alt
    assert "Team A 9, Team B 11 (to 14)" in alt
    assert alt.endswith("鈴木太郎: to play")
    assert len(alt) <= 1024
    line = summary_line(scene)
    assert "\n" not in line
    assert line == (
        "Caribbean All Fours (Trinidad) · Hand 4 · trick 2 of 6 · Trumps ♥ · "
        "Team A 9, Team B 11 (to 14) · 鈴木太郎: to play"
    )


def test_a_missing_font_falls_back_with_one_warning() -> None:
    """Without Noto Sans CJK nor DejaVu Sans the picture still draws (Pillow's own font),
    and says so once, at WARNING."""
    script = """
import logging, sys
logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(levelname)s %(message)s")
from bot.picture import fonts
fonts.CANDIDATES = ()
fonts.LATIN_ONLY = fonts.FontFace("none", "/nonexistent/a.ttf", "/nonexistent/b.ttf")
from bot.picture.draw import render
from tests.bot.picture.scenes import GOLDEN
sizes = [len(render(build())) for build in GOLDEN.values()]
print("RENDERED", len(sizes), min(sizes) > 1000, fonts.face_name())
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    warnings = [line for line in lines if line.startswith("WARNING")]
    assert len(warnings) == 1
    assert "Noto Sans CJK not found" in warnings[0]
    assert f"RENDERED {len(GOLDEN)} True Pillow built-in" in lines


def test_no_seat_colour_looks_like_the_turn_highlight() -> None:
    """Seven Up's fourth player was drawn in the turn highlight's yellow (issue 19): no seat
    colour has a hue near the turn's yellow."""

    def hue(colour: tuple[int, int, int]) -> float:
        return colorsys.rgb_to_hsv(*(c / 255 for c in colour))[0] * 360

    for colour in TEAM_COLOURS:
        assert abs(hue(colour) - hue(TURN)) >= 8, colour


def test_the_play_arrows_stand_out_on_the_felt() -> None:
    """The direction of play reads at a glance (issue 19: the arrows were too faint): near
    white heads, 20 CSS pixels where a phone shows the picture."""
    assert contrast(ARROW, FELT) >= 7
    assert ARROW_SIZE * PHONE_WIDTH / WIDTH >= 20
