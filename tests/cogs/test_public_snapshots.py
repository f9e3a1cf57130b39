"""Snapshot tests of every kind of public message: the lobby, the table message (text and
picture forms, each phase of each game), the message of a finished deal, the game-over
message, a nudge and a leaderboard page, drawn from fixed positions and compared with
``snapshots/public_messages.json``.

A change to what players see shows up here as a diff to read (and, on purpose, to record:
``UPDATE_GOLDEN=1 python -m pytest tests/cogs/test_public_snapshots.py``); a card that slips
into a public message shows up as a diff too.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from bot.families.allfours import ALL_FOURS as AF_FAMILY
from bot.families.kqj import KQJ as KQJ_FAMILY
from bot.models import RatingRow, SeatRecord, Status
from bot.service import Snapshot
from bot.service.model import PublicTable
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.kqj.render import RENDERER as KQJ
from cogs.table import render
from cogs.table.render import TableMessage, TableRenderer
from engine import allfours, kqj
from tests.bot.support import game_record

GOLDEN = Path(__file__).parent / "snapshots" / "public_messages.json"
DEADLINES = dict.fromkeys(range(6), 1900000000.0)


def _played(module: Any, rules: Any, seed: int, moves: int) -> tuple[Any, Any, list[Any]]:
    """A game after ``moves`` random legal actions: (state before the last, state, events)."""
    rng = random.Random(seed)
    state = module.new_game(rules, seed=seed)
    before, events = state, []
    for _ in range(moves):
        if state.winner is not None:
            break
        seat = next(s for s in range(rules.players) if module.legal_actions(state, s))
        before = state
        transition = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
        state, events = transition.state, list(transition.events)
    return before, state, events


def _drop_middle(played: tuple[Any, Any, list[Any]]) -> tuple[Any, list[Any]]:
    before, _, events = played
    return before, events


def _snap(
    family: str, variant: str, rules: Any, state: Any, module: Any, **record: Any
) -> PublicTable[Any, Any]:
    """What everyone sees of this table (what public messages are drawn from)."""
    seats = {
        seat: SeatRecord(seat=seat, user_id=900 + seat, name=f"player {seat}")
        for seat in range(rules.players)
    }
    if record.pop("computer", False):
        seats[rules.players - 1] = SeatRecord(
            seat=rules.players - 1, user_id=None, name="", computer=True, level="hard"
        )
    fields: dict[str, Any] = {
        "id": 321,
        "family": family,
        "variant": variant,
        "ruleset": module.dump(rules),
        "status": Status.PLAYING,
        "snapshot": None if state is None else module.dump(state),
        "version": 12,
        "message_id": 5,
        "message_deal": 1,
        "turn_seconds": 45,
        "host_id": 900,
        "seats": seats,
    }
    fields.update(record)
    return Snapshot(game_record(**fields), rules, state).public()


def _message(message: TableMessage) -> dict[str, Any]:
    return {
        "content": message.content,
        "embed": message.embed.to_dict(),
        "components": message.view.to_components() if message.view is not None else [],
    }


def _table(renderer: TableRenderer[Any, Any, Any, Any], snap: PublicTable[Any, Any]) -> Any:
    return _message(renderer.table_message(snap, DEADLINES, "en"))


def _kinds() -> dict[str, Any]:
    kinds: dict[str, Any] = {}
    caribbean = allfours.preset("caribbean")
    lobby = _snap("allfours", "caribbean", caribbean, None, allfours, status=Status.LOBBY)
    kinds["lobby.allfours"] = {
        "embed": render.lobby_embed(lobby, ALL_FOURS, "en").to_dict(),
        "components": render.lobby_view(lobby, ALL_FOURS, "en").to_components(),  # type: ignore[union-attr]
    }
    kqj_random = kqj.preset("kqj").replace(random_partners=True, teams="2v2v2")
    lobby = _snap("kqj", "kqj", kqj_random, None, kqj, status=Status.LOBBY, computer=True)
    kinds["lobby.kqj"] = {
        "embed": render.lobby_embed(lobby, KQJ, "en").to_dict(),
        "components": render.lobby_view(lobby, KQJ, "en").to_components(),  # type: ignore[union-attr]
    }
    for name, moves in (("declare", 0), ("play", 6)):
        _, state, _ = _played(allfours, caribbean, 7, moves)
        snap = _snap("allfours", "caribbean", caribbean, state, allfours)
        kinds[f"table.allfours.{name}"] = _table(ALL_FOURS, snap)
    scene = ALL_FOURS.scene(snap, "en")
    kinds["table.allfours.picture"] = _message(
        ALL_FOURS.table_message(snap, DEADLINES, "en", scene=scene)
    )
    english = allfours.preset("english")
    moves = 1
    while (
        summary := AF_FAMILY.deal_summary(*_drop_middle(_played(allfours, english, 3, moves)))
    ) is None:
        moves += 1
    _, state, _ = _played(allfours, english, 3, moves)
    snap = _snap("allfours", "english", english, state, allfours, last_deal=summary)
    kinds["deal_over.allfours"] = _message(
        ALL_FOURS.table_message(snap, {}, "en", deal=AF_FAMILY.deal_number(state) - 1)
    )
    for name, rules, moves in (
        ("return", kqj.preset("kqj"), 2),
        ("auction", kqj.preset("kqj").replace(auction=True), 3),
        ("play", kqj.preset("kqj"), 20),
    ):
        _, state, _ = _played(kqj, rules, 5, moves)
        kinds[f"table.kqj.{name}"] = _table(KQJ, _snap("kqj", "kqj", rules, state, kqj))
    rules = kqj.preset("kqj").replace(target=1000)
    moves = 1
    while KQJ_FAMILY.deal_number(_played(kqj, rules, 5, moves)[1]) < 3:
        moves += 1
    _, state, _ = _played(kqj, rules, 5, moves)
    round_over = KQJ_FAMILY.deal_number(state) - 1
    snap = _snap("kqj", "kqj", rules, state, kqj)
    kinds["deal_over.kqj"] = _message(KQJ.table_message(snap, {}, "en", deal=round_over))
    for family_name, renderer, module, rules, variant in (
        ("allfours", ALL_FOURS, allfours, allfours.preset("seven-up"), "seven-up"),
        ("kqj", KQJ, kqj, kqj.preset("kqj").replace(target=500), "kqj"),
    ):
        _, state, _ = _played(module, rules, 9, 5000)
        assert state.winner is not None
        snap = _snap(family_name, variant, rules, state, module, status=Status.FINISHED)
        kinds[f"game_over.{family_name}"] = _message(render.game_over_message(snap, renderer, "en"))
    rows = [
        RatingRow("allfours", 0, 900 + i, 25.0 + i, 6.0, 7.0 + i, 5 + i, 3, {"hang_jacks": i})
        for i in range(3)
    ]
    provisional = [RatingRow("allfours", 0, 990, 25.0, 8.3, 0.0, 1, 0, {})]
    embed, view = render.board_message(
        rows,
        family=AF_FAMILY,
        pool="allfours",
        scope="s",
        page=0,
        pages=1,
        offset=0,
        min_games=5,
        locale="en",
        provisional=provisional,
    )
    kinds["leaderboard"] = {"embed": embed.to_dict(), "components": view.to_components()}
    return kinds


def test_public_messages_match_their_snapshots() -> None:
    found = json.loads(json.dumps(_kinds(), default=str))
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(found, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(found) == sorted(recorded)
    for kind, message in found.items():
        assert message == recorded[kind], kind
