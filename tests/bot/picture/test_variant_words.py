"""The picture's words (its description for screen readers) say what the table message says,
variant by variant: the kick in Trinidad, the card turned up in English and Seven Up, trumps
not chosen yet, and the round as the title counts it in Japanese."""

from __future__ import annotations

import pytest

from bot.families.allfours import picture as allfours_picture
from bot.i18n import catalog
from bot.picture import draw
from bot.picture.scene import Scene
from engine import allfours
from tests.bot.picture.positions import NAMES


def declaring(variant: str, locale: str) -> Scene:
    """A fresh deal: the card is turned, the first player stands or begs."""
    state = allfours.new_game(allfours.preset(variant), seed=3)
    assert state.phase is allfours.Phase.DECLARE
    names = NAMES[: state.rules.players]
    return allfours_picture.scene_of(allfours.observe(state, None), names, locale=locale)


@pytest.mark.parametrize(
    ("variant", "locale", "turned"),
    [
        ("caribbean", "en", "Kick"),
        ("caribbean-2p", "en", "Kick"),
        ("english", "en", "Turned up"),
        ("seven-up", "en", "Turned up"),
        ("caribbean", "ja", "キック"),
        ("english", "ja", "ターンアップ"),
        ("seven-up", "ja", "ターンアップ"),
    ],
)
def test_the_turned_card_is_named_as_the_variant_names_it(
    variant: str, locale: str, turned: str
) -> None:
    """English All Fours and Seven Up turn a card up (RULES.md §3.3); only Trinidad kicks."""
    scene = declaring(variant, locale)
    assert scene.turned_label == turned
    described = draw.alt_text(scene)
    assert f"{turned} " in described
    if turned not in ("Kick", "キック"):
        assert "Kick" not in described and "キック" not in described


@pytest.mark.parametrize(("locale", "words"), [("en", "Trumps not chosen yet"), ("ja", "切り札")])
def test_trumps_not_chosen_yet_say_which_choice_is_open(locale: str, words: str) -> None:
    """While the player stands or begs the description says trumps are not chosen (not a bare
    "Not chosen yet", nor a question mark)."""
    described = draw.alt_text(declaring("caribbean", locale))
    assert words in described and "?" not in described


def test_japanese_rounds_read_as_the_title_reads_them() -> None:
    """第1ラウンド in the title, so 第1ラウンド beside the trick too, never "R1"."""
    japanese = catalog("ja")
    keys = [k for k in japanese if k.startswith("picture.progress.")]
    assert len(keys) == 4
    for key in keys:
        assert japanese[key].startswith("第{") and "ラウンド" in japanese[key], key
        assert "R{" not in japanese[key], key
