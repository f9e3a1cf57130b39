"""Golden checksums of fixed scenes, per renderer version: any change to the pictures shows
here. After an intended change, bump ``RENDERER_VERSION``, look at the new pictures
(``PICTURE_SAMPLES=/some/dir`` writes them there) and record the checksums with
``UPDATE_GOLDEN=1 python -m pytest tests/bot/picture/test_golden.py``.

The bytes depend on the fonts and on Pillow's build (FreeType, zlib), so the file also records
that environment; CI installs exactly these fonts (``.ci/run``) and pyproject pins Pillow's
minor version."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import PIL
import pytest
from PIL import features

from bot.picture import fonts
from bot.picture.draw import RENDERER_VERSION, render
from tests.bot.picture.scenes import GOLDEN

GOLDEN_FILE = Path(__file__).with_name("golden.json")


def environment() -> dict[str, str]:
    """What the bytes of a picture depend on besides the scene and the renderer."""
    faces = fonts.chosen_faces()
    return {
        "pillow": PIL.__version__,
        "freetype": str(features.version("freetype2")),
        "zlib": str(features.version("zlib")),
        "fonts": ", ".join(
            f"{face.name} ({Path(face.regular).stat().st_size} bytes)" for face in faces
        ),
    }


def checksums() -> dict[str, str]:
    found = {}
    samples = os.environ.get("PICTURE_SAMPLES")
    for name, build in GOLDEN.items():
        png = render(build())
        found[name] = hashlib.sha256(png).hexdigest()
        if samples:
            Path(samples).mkdir(parents=True, exist_ok=True)
            (Path(samples) / f"{name}.png").write_bytes(png)
    return found


def test_pictures_match_the_golden_checksums() -> None:
    if os.environ.get("UPDATE_GOLDEN") == "1":
        record = {
            "renderer_version": RENDERER_VERSION,
            "environment": environment(),
            "sha256": checksums(),
        }
        GOLDEN_FILE.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
        pytest.skip("golden checksums recorded")
    record = json.loads(GOLDEN_FILE.read_text())
    assert record["renderer_version"] == RENDERER_VERSION, (
        "RENDERER_VERSION changed: record new checksums with UPDATE_GOLDEN=1"
    )
    if environment() != record["environment"]:
        # The bytes hold for one set of fonts: elsewhere this check cannot say anything. A
        # fresh machine without them skips it, saying so; CI, which installs them, fails.
        message = (
            f"the fonts or Pillow differ from those the checksums were recorded with "
            f"({environment()['fonts'] or 'no font found'}; recorded: "
            f"{record['environment']['fonts']}): install Debian's fonts-noto-cjk and "
            f"fonts-dejavu-core (bash .ci/run does) to check the pictures' bytes"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    assert checksums() == record["sha256"]


def test_golden_scenes_are_drawn_identically_twice() -> None:
    """A checksum only means something if the same scene always gives the same bytes."""
    assert checksums() == checksums()
