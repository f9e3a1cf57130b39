"""A finished game's replay picture: every hand face up under the live picture, readable."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.families import family
from bot.families.kqj import picture as kqj_picture
from bot.notation import card_text
from bot.picture import hands
from bot.picture.draw import alt_text, render
from bot.picture.replay import face_up, trick_shown
from bot.picture.style import HEIGHT, WIDTH
from engine import allfours, kqj
from tests.bot.picture.test_builders import allfours_scene


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("preset", ["caribbean", "caribbean-2p", "seven-up", "english"])
def test_all_fours_hands_are_drawn_under_the_table(preset: str) -> None:
    """The strip of hands makes the picture taller; the live picture above is unchanged."""
    state = allfours.new_game(allfours.preset(preset), seed=4)
    live = allfours_scene(state)
    held = [family("allfours").hand_of(state, seat) for seat in range(state.rules.players)]
    shown = face_up(live, held)
    assert set(shown.cards_shown()) >= {card for hand in held for card in hand}
    png = render(shown)
    assert _size(png) == (WIDTH, HEIGHT + hands.strip_height(state.rules.players))
    above = Image.open(io.BytesIO(png)).convert("RGB").crop((0, 0, WIDTH, HEIGHT))
    assert above.tobytes() == Image.open(io.BytesIO(render(live))).convert("RGB").tobytes()


def test_six_hands_of_eight_cards_fit_and_are_named_in_the_alt_text() -> None:
    state = kqj.new_game(kqj.preset("kqj"), seed=3)
    names = [f"P{seat}" for seat in range(6)]
    live = kqj_picture.scene_of(kqj.observe(state, None), names, locale="en")
    shown = face_up(live, [family("kqj").hand_of(state, seat) for seat in range(6)])
    assert _size(render(shown)) == (WIDTH, HEIGHT + hands.strip_height(6))
    first = " ".join(card_text(card) for card in family("kqj").hand_of(state, 0))
    assert f"P0 holds {first}" in alt_text(shown)
    assert "holds" not in alt_text(live)


def test_face_up_needs_one_hand_per_seat() -> None:
    state = allfours.new_game(allfours.preset("caribbean"), seed=1)
    with pytest.raises(ValueError, match="4 seats need 4 hands"):
        face_up(allfours_scene(state), [()])


def test_a_trick_just_won_stays_on_the_felt_with_its_winner_marked() -> None:
    state = allfours.new_game(allfours.preset("caribbean-2p"), seed=2)
    live = allfours_scene(state)
    a, b = family("allfours").hand_of(state, 0)[0], family("allfours").hand_of(state, 1)[0]
    shown = trick_shown(live, [(1, b), (0, a)], winner=0)
    assert [seat.card for seat in shown.seats] == [a, b]
    assert [seat.is_led for seat in shown.seats] == [False, True]
    assert [seat.is_winning for seat in shown.seats] == [True, False]
    assert shown.turn is None and not any(seat.is_to_act for seat in shown.seats)
