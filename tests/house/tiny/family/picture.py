"""What Tiny Tricks' table picture shows, from the spectator's view only."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.picture.common import labels
from bot.picture.scene import Scene, ScoreLine, SeatScene
from tests.house.tiny.engine import View


def scene_of(view: View, names: Sequence[str], locale: str) -> Scene:
    played = dict(view.trick)
    seats = tuple(
        SeatScene(
            name=name,
            team=seat,
            is_dealer=seat == view.dealer,
            is_to_act=seat == view.to_act,
            cards_held=view.hand_sizes[seat],
            card=played.get(seat),
            is_led=bool(view.trick) and view.trick[0][0] == seat,
        )
        for seat, name in enumerate(names)
    )
    leading = max(view.scores)
    return Scene(
        locale=locale,
        title=t("variant.tiny", locale),
        labels=labels(locale),
        seats=seats,
        direction=None,
        scores=tuple(
            ScoreLine(names[seat], str(score), seat, is_leading=score == leading)
            for seat, score in enumerate(view.scores)
        ),
        last_trick=tuple(card for _, card in view.last_trick),
    )
