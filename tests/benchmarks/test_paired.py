"""``benchmarks/arena.py --margins`` and ``benchmarks/paired.py``: two arena runs on the same
deals compared deal by deal."""

from __future__ import annotations

import doctest
import statistics
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import arena  # noqa: E402
import paired  # noqa: E402

FIRST_HANDS = ("--family", "allfours", "--variant", "seven-up", "--first-hand", "--b", "easy")


def _run(
    tmp_path: Path, name: str, level: str, seed: int, capsys: pytest.CaptureFixture[str]
) -> tuple[Path, float]:
    """Play 12 first hands of ``level`` against ``easy`` from ``seed``, once without
    ``--margins`` and once writing them to ``name``: the file and the margin printed."""
    path = tmp_path / name
    arena.main([*FIRST_HANDS, "--a", level, "--games", "12", "--seed", str(seed)])
    printed = capsys.readouterr().out
    arena.main(
        [*FIRST_HANDS, "--a", level, "--games", "12", "--seed", str(seed), "--margins", str(path)]
    )

    # Writing the margins changes nothing printed but the command line and the timings.
    def played(out: str) -> list[str]:
        return [line for line in out.splitlines()[1:] if "decision time" not in line]

    assert played(capsys.readouterr().out) == played(printed)
    margin = next(line for line in printed.splitlines() if "margin A - B" in line)
    return path, float(margin.split(":")[1].split()[0])


def test_the_margins_file_holds_each_deal_of_the_run_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, printed = _run(tmp_path, "easy.txt", "easy", 1500, capsys)
    margins = paired.read_margins(path)
    # Seven Up has two seatings a deal: 12 games are 6 deals, seeds 1500 to 1505.
    assert list(margins) == list(range(1500, 1506))
    assert round(statistics.fmean(margins.values()), 3) == printed


def test_two_runs_on_the_same_deals_are_compared_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, base_mean = _run(tmp_path, "easy.txt", "easy", 1500, capsys)
    other, other_mean = _run(tmp_path, "normal.txt", "normal", 1500, capsys)
    result = paired.paired(paired.read_margins(other), paired.read_margins(base))
    assert result.deals == 6
    assert result.mean == pytest.approx(result.this_mean - result.that_mean)
    assert round(result.this_mean, 3) == other_mean and round(result.that_mean, 3) == base_mean
    assert result.low <= result.mean <= result.high
    same = paired.paired(paired.read_margins(base), paired.read_margins(base))
    assert (same.mean, same.low, same.high) == (0.0, 0.0, 0.0)
    paired.main([str(other), str(base)])
    assert "over 6 common deals" in capsys.readouterr().out


def test_runs_that_share_no_deals_or_a_broken_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    early, _ = _run(tmp_path, "early.txt", "easy", 1500, capsys)
    late, _ = _run(tmp_path, "late.txt", "easy", 1600, capsys)
    broken = tmp_path / "broken.txt"
    broken.write_text("1500 0.5 extra\n", encoding="utf-8")
    for pair in ((early, late), (early, broken), (early, tmp_path / "missing.txt")):
        with pytest.raises(SystemExit):
            paired.main([str(pair[0]), str(pair[1])])
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize("module", [arena, paired], ids=["arena", "paired"])
def test_the_examples_in_the_docstrings_hold(module: ModuleType) -> None:
    # benchmarks/ is not a test path, so its docstring examples are run from here.
    results = doctest.testmod(module)
    assert results.attempted > 0 and results.failed == 0
