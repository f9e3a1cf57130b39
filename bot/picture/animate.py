"""A hand of a finished game as one animated GIF, to share in a channel: the hands face up
before the first card, each trick on the felt as it is won (the hands shrinking), and the
score at the end.

GIF, not APNG: Discord plays an attached GIF in the channel but shows an attached APNG as a
still (it strips the animation on purpose: discord/discord-api-docs#6359). Each frame is the
replay's picture (``draw.picture``) mapped onto the renderer's fixed palette, which is also
a GIF's one palette of at most 256 colours; Pillow writes every frame after the first as the
rectangle that changed, so a hand of eight tricks stays a few hundred kilobytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image

from bot.picture.draw import picture
from bot.picture.scene import Scene
from bot.picture.style import palette

FRAME_MS: Final = 1800
"""How long each trick stays on screen: long enough to read four to six cards."""
LAST_FRAME_MS: Final = 5000
"""The final score stays longer before the hand starts again."""


def animate(scenes: Sequence[Scene]) -> bytes:
    """The GIF of ``scenes`` in order, looping; pure and deterministic like ``draw.render``.

    >>> from bot.picture.scene import Labels, SeatScene
    >>> labels = Labels("D", "CPU", "led", "wins", "Trumps", "Score", "Round", "Last trick")
    >>> def seats(held: int) -> tuple[SeatScene, ...]:
    ...     return (SeatScene("Ann", 0, cards_held=held), SeatScene("Bo", 1, cards_held=held))
    >>> gif = animate([Scene("en", "All Fours", labels, seats(n), None) for n in (6, 5, 4)])
    >>> gif[:6], Image.open(io.BytesIO(gif)).n_frames
    (b'GIF89a', 3)
    """
    if not scenes:
        raise ValueError("an animation needs at least one scene")
    frames = [
        picture(scene).quantize(palette=palette(), dither=Image.Dither.NONE) for scene in scenes
    ]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return out.getvalue()
