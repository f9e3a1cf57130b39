"""Random games of every shape, played at the engine's speed, and drawn at every step that
changes what a table shows with the bot's real renderers: public table messages (the current
deal and each finished one, with the move log the service keeps), pictures' scenes and their
texts, every seat's panel (with the choices its menus offer), and the game-over message. Used
to check that everything the bot could show, rare events included (capots, litigation,
overcounters...), reads as words."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Final

from bot.families import family
from bot.models import SeatRecord, Status
from bot.picture import draw
from bot.service import GameService
from bot.service.model import RatingChange, Snapshot, Told, told
from engine.search import Budget
from tests.bot.support import game_record

RENDERERS: Final = {"allfours": "cogs.allfours.render", "kqj": "cogs.kqj.render"}
"""The renderers' modules, imported when drawing (discord.py unloads and reloads the cogs'
modules with the bot's extensions: a module object kept from before would be stale)."""
HINT_RATE = 0.05
HINT_PLAYOUTS = 40
ABANDON_AT = 30


def _seats(players: int) -> dict[int, SeatRecord]:
    """People in most seats; the computer at a level in the last ones, and one seated by an
    older version of the bot, which kept no level; a person's seat handed to the computer."""
    seats = {s: SeatRecord(seat=s, user_id=5000 + s, name=f"player{s}") for s in range(players)}
    levels: tuple[str | None, ...] = (None, "normal", "hard")
    for index, seat in enumerate(range(players - 1, max(players - 3, 0), -1)):
        seats[seat] = SeatRecord(
            seat=seat, user_id=None, name="", computer=True, level=levels[index % 3]
        )
    if players > 3:
        seats[0] = replace(seats[0], computer=True)
    return seats


def _renderer(family_name: str) -> Any:
    return importlib.import_module(RENDERERS[family_name]).RENDERER


def _render() -> Any:
    return importlib.import_module("cogs.table.render")


def _texts(
    snap: Snapshot[Any, Any], locale: str, deal: int | None, hints: random.Random | None
) -> None:
    renderer = _renderer(snap.record.family)
    render = _render()
    deadlines = dict.fromkeys(snap.seats, 1_900_000_000.0)
    table = snap.public()
    renderer.table_message(table, deadlines, locale)
    if deal is not None:
        renderer.table_message(table, deadlines, locale, deal=deal)
    scene = renderer.scene(table, locale)
    draw.alt_text(scene)
    draw.summary_line(scene)
    renderer.table_message(table, deadlines, locale, scene=scene)
    for record in snap.seats.values():
        if record.user_id is None:
            continue
        panel = GameService._panel(snap, record.user_id)
        render.panel_message(panel, renderer, locale, deadline=1_900_000_000.0)
        if panel.seat is not None and snap.status is Status.PLAYING and panel.codes:
            hand = panel.hand()
            for select in renderer.panel_controls(hand, locale, None).selects:
                if not select.action:  # a draft: draw what each of its choices offers
                    for value, _ in select.options[:3]:
                        renderer.panel_controls(hand, locale, value)
            if hints and hints.random() < HINT_RATE:  # what the Hint button would say
                budget = Budget(simulations=HINT_PLAYOUTS)
                found = snap.family.hint(panel.view, list(panel.legal), hints, budget)
                render.hint_text(panel, found, renderer, locale)


def games(
    family_name: str,
    variant: str,
    rules: Any,
    count: int,
    locale: str,
    *,
    seed: int = 0,
    with_hints: bool = False,
) -> Iterator[Snapshot[Any, Any]]:
    """Play ``count`` random games; draw every step a person could see (and, ``with_hints``,
    now and then what a Hint would say); yield each final snapshot, and one abandoned
    halfway."""
    fam = family(family_name)
    rng = random.Random(seed)
    hints = random.Random(seed) if with_hints else None
    players = fam.players(rules)
    for number in range(count):
        state = fam.new_game(rules, seed + number)
        record = game_record(
            family=family_name,
            variant=variant,
            ruleset=fam.rules_to_json(rules),
            status=Status.PLAYING,
            seats=_seats(players),
            locale=locale,
            rated=False,
            turn_seconds=60,
            computer_pause=2.0,
            version=1,
        )
        log: tuple[Told, ...] = ()
        for _ in range(5000):
            actors = fam.expected_actors(state)
            optional = [
                s for s in range(players) if s not in actors and fam.legal_actions(state, s)
            ]
            if not actors and not optional:
                break
            seat = rng.choice(optional) if optional and rng.random() < 0.3 else None
            if seat is None:
                if not actors:
                    break
                seat = rng.choice(list(actors))
            action = rng.choice(fam.legal_actions(state, seat))
            before = state
            state, events = fam.apply(state, seat, action)
            log = told(fam, log, fam.deal_number(before), record.version + 1, seat, events)
            summary = fam.deal_summary(before, events)
            finished = fam.result(state) is not None
            record = replace(
                record,
                version=record.version + 1,
                last_deal=summary if summary is not None else record.last_deal,
                status=Status.FINISHED if finished else Status.PLAYING,
                end_reason="finished" if finished else None,
            )
            snap = Snapshot(record, rules, state, log)
            deal_before = fam.deal_number(before)
            ended = deal_before if fam.deal_number(state) != deal_before else None
            if ended is not None or finished or _shows_a_change(before, state):
                _texts(snap, locale, ended, hints)
            if finished:
                yield snap
                break
            if number == 0 and record.version == ABANDON_AT:  # ended by its host
                abandoned = replace(record, status=Status.ABANDONED, ended_by=5001)
                _texts(Snapshot(abandoned, rules, state, log), locale, None, None)


def _shows_a_change(before: Any, after: Any) -> bool:
    """Whether a step changes what the table says beyond one card (a decision, a bid, a
    trick taken): drawing every card of every game would be slow and adds nothing."""
    if before.phase != after.phase:
        return True
    if after.phase.value != "play":
        return True
    return len(getattr(after, "trick", ())) in (0, 1)


def game_over(snap: Snapshot[Any, Any], locale: str) -> None:
    """The game-over message, as a rated game shows it (each person's rating change)."""
    people = [r.user_id for r in snap.seats.values() if r.user_id is not None]
    changes = tuple(RatingChange(user, 1000, 1000 + 8 * n) for n, user in enumerate(people))
    table = replace(snap.public(), ratings=changes)
    _render().game_over_message(table, _renderer(snap.record.family), locale)
