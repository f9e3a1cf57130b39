"""The frames of "Share this hand": one deal of a finished game as scenes with every hand face
up (``bot.picture.replay``): before the first card, each trick on the felt as it is won, and
the score once the deal is over. Only a finished game's replay reaches here
(``bot.service.history`` replays nothing else), so its hands are public.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.models import Status
from bot.picture.replay import face_up, trick_shown
from bot.picture.scene import Scene
from bot.service.history import GameReplay, ReplayStep
from bot.service.model import Snapshot
from cogs.table.render.renderer import TableRenderer
from engine.core import TrickWon


def deal_steps(replay: GameReplay, deal: int) -> list[ReplayStep]:
    """The steps of one deal: its dealing, every decision, and the last card (whose step
    already belongs to the next deal: the engine deals it at once)."""
    found = [index for index, step in enumerate(replay.steps) if step.deal == deal]
    if not found:
        raise ValueError(f"game {replay.record.id} has no deal {deal}")
    end = found[-1]
    if end + 1 < len(replay.steps) and replay.steps[end + 1].dealt:
        end += 1
    return list(replay.steps[found[0] : end + 1])


def hand_scenes(
    replay: GameReplay, deal: int, renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> list[Scene]:
    """The frames of one deal: the hands before the first card, each trick won (on the felt,
    its winner marked, the hands without its cards), and at the end the score after the
    deal. A deal that ended before any card (a game won on a kick) is its last moment."""
    fam = renderer.family
    players = fam.players(replay.rules)
    last_state = replay.steps[-1].state

    def scene_at(state: Any, hands_of: Any) -> Scene:
        over = state is last_state
        record = replay.record if over else replace(replay.record, status=Status.PLAYING)
        table = Snapshot(record, replay.rules, state).public()
        return face_up(
            renderer.scene(table, locale), [fam.hand_of(hands_of, s) for s in range(players)]
        )

    steps = deal_steps(replay, deal)
    frames: list[Scene] = []
    trick: list[tuple[int, Any]] = []
    for step in steps[1:]:
        card = fam.card_played(step.action)
        if card is None or step.seat is None:
            continue
        if not frames:
            frames.append(scene_at(step.before, step.before))
        trick.append((step.seat, card))
        won = next((e for e in step.events if isinstance(e, TrickWon)), None)
        if won is None:
            continue
        if step.dealt:
            # The engine dealt the next deal with this card: show this deal's last trick on
            # the felt as it was, with the score after the deal.
            before = scene_at(step.before, step.before)
            emptied = [
                tuple(c for c in hand if c != card) if seat == step.seat else hand
                for seat, hand in enumerate(before.hands)
            ]
            after = scene_at(step.state, step.state)
            shown = replace(face_up(before, emptied), scores=after.scores, notes=after.notes)
            frames.append(trick_shown(shown, trick, won.seat))
        else:
            frames.append(trick_shown(scene_at(step.state, step.state), trick, won.seat))
        trick = []
    if not frames:
        end = steps[-1]
        frames.append(scene_at(end.state, end.state))
    return frames
