"""Scene identity: the fingerprint the bot compares to skip redrawing an unchanged table."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

from bot.picture.scene import Scene
from engine.cards import Card
from tests.bot.picture.scenes import GOLDEN

ROOT = Path(__file__).resolve().parents[3]


def test_equal_scenes_share_a_fingerprint_and_any_change_makes_a_new_one() -> None:
    scene = GOLDEN["kqj-mid-trick"]()
    assert scene == GOLDEN["kqj-mid-trick"]()
    assert hash(scene) == hash(GOLDEN["kqj-mid-trick"]())
    changes: list[Scene] = [
        dataclasses.replace(scene, clock="60 s"),
        dataclasses.replace(scene, trump="h"),
        dataclasses.replace(scene, notes=("Team A wins the game",)),
        dataclasses.replace(
            scene,
            seats=(dataclasses.replace(scene.seats[0], card=Card.parse("Ts")), *scene.seats[1:]),
        ),
        dataclasses.replace(
            scene, seats=(dataclasses.replace(scene.seats[0], name="Alicia"), *scene.seats[1:])
        ),
        dataclasses.replace(scene, locale="ja"),
    ]
    prints = {change.fingerprint() for change in changes}
    assert len(prints) == len(changes)
    assert scene.fingerprint() not in prints


def test_the_fingerprint_is_the_same_in_every_process() -> None:
    """Unlike ``hash()``, salted per process, the fingerprint survives a restart."""
    script = (
        "from tests.bot.picture.scenes import GOLDEN\n"
        "print(GOLDEN['caribbean-mid-trick']().fingerprint())"
    )
    found = set()
    for salt in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": salt},
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        found.add(done.stdout.strip())
    assert found == {GOLDEN["caribbean-mid-trick"]().fingerprint()}


def test_cards_shown_lists_the_trick_the_turned_cards_and_the_last_trick() -> None:
    scene = GOLDEN["caribbean-mid-trick"]()
    shown = [str(card) for card in scene.cards_shown()]
    assert shown == ["3s", "7s", "2h", "3d", "9h", "Kc", "Jh", "2c", "4c"]
