"""A snapshot remembers what was worked out from it (its public table, each person's panel,
the seats it waits for) without holding itself: a move replaces the table's snapshot, and
the old one must go by reference counting, not wait for the garbage collector's pauses."""

from __future__ import annotations

import gc

from bot.families import family
from bot.models import SeatRecord, Status
from bot.service.core import ServiceCore
from bot.service.model import Snapshot, expected_actors
from engine import kqj
from tests.bot.support import game_record


def test_what_a_snapshot_remembers_leaves_no_cycle() -> None:
    fam = family("kqj")
    rules = kqj.preset("kqj")
    seats = {s: SeatRecord(seat=s, user_id=7000 + s, name=f"p{s}") for s in range(6)}
    record = game_record(
        family="kqj", ruleset=fam.rules_to_json(rules), status=Status.PLAYING, seats=seats
    )
    snap = Snapshot(record, rules, fam.new_game(rules, 1))
    first = ServiceCore._panel(snap, 7000)
    assert ServiceCore._panel(snap, 7000).view is first.view  # observed once, then remembered
    assert snap.public() is snap.public()
    assert expected_actors(snap)
    del first
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        del snap
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, Snapshot)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert not left, "a snapshot was freed only by the garbage collector: a cycle"
