"""``benchmarks/wire_bench.py`` keeps measuring what it says as the bot changes: its people
play through the real bot process and the benchmark's own fake Discord, every decision they
click is a move the bot logged, and they only ever click when it is their turn (no timing is
asserted: these are the benchmark's own invariants)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import wire_bench  # noqa: E402
from wire_people import Tally  # noqa: E402

QUICK = ["--think", "0", "--pictures", "off", "--workers", "0"]
"""No think time, no pictures, no worker processes: the game itself, as fast as it goes."""


def no_detours(tally: Tally) -> None:
    """No turn with nothing to decide, no panel the bot left stale, no move the table did not
    show."""
    assert (tally.nothing_to_decide, tally.late_panels, tally.unchanged_tables) == (0, 0, 0)


async def run(tmp_path: Path, mode: str, *options: str) -> wire_bench.RunResult:
    args = wire_bench.arguments([*QUICK, *options])
    spec = wire_bench.family_spec(args.family, args.variant, args.option)
    side = wire_bench.sides_of([])[0]
    return await wire_bench.run_once(args, spec, side, mode, tmp_path)


@pytest.mark.timeout(180)
async def test_people_who_keep_their_panel_play_a_whole_game(tmp_path: Path) -> None:
    """``keep``: a seeded Caribbean game to the end with no panel opened during play; every
    click is a move, answered once, the other moves are the last cards that played
    themselves (four a hand), and the bot wrote no error to its log."""
    result = await run(tmp_path, "keep", "--tables", "1", "--seed", "3")
    play = result.play
    assert play.games == 1
    forced = play.other_sources.get("forced", 0)
    assert set(play.other_sources) == {"forced"} and forced % 4 == 0 and forced >= 4
    assert play.moves == play.tally.decisions + forced and play.tally.decisions > 50
    assert play.calls["answer: act"] == play.tally.decisions
    assert play.tally.openings == 0
    assert result.isolated is not None and result.isolated.tally.openings >= 200
    no_detours(play.tally)
    assert result.problems == 0


@pytest.mark.timeout(180)
async def test_a_burst_releases_every_tables_clicks_together(tmp_path: Path) -> None:
    """``burst`` at two KQJ tables: each table clicks its quota, every one of them a burst
    click opened from "My hand" and answered."""
    result = await run(tmp_path, "burst", "--family", "kqj", "--tables", "2", "--burst-clicks", "3")
    play = result.play
    assert play.moves == play.tally.burst_clicks == 6
    assert len(play.answers["burst"]) == 6
    assert play.tally.openings == 6
    no_detours(play.tally)
    assert result.problems == 0
