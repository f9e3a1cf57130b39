"""README.md stays true: its links lead somewhere in the repository, its test command is the
one CI runs, its start-up limits are the bot's. (Its operator recipes are run as written in
test_backup.py and test_delete_data.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from bot.__main__ import StartupLimits

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
TEST_COMMAND = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -q -c constraints.txt "
    "-e '.[test]' && python -m pytest -n auto"
)
RUN_COMMAND = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -c constraints.txt -e . && "
    "python -m bot"
)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def code_block_after(marker: str) -> str:
    """The first fenced block after the line containing ``marker``."""
    after = README[README.index(marker) :]
    return after.split("```sh\n", 1)[1].split("\n```", 1)[0]


def test_links_stay_inside_the_repository() -> None:
    """Every relative link names a file of the repository, every anchor a heading; nothing
    points outside (the workspace's ../shared is not part of a clone)."""
    anchors = {slug(line.lstrip("#")) for line in README.splitlines() if line.startswith("#")}
    for target in re.findall(r"\]\(([^)\s]+)\)", README):
        if target.startswith(("https://", "http://")):
            continue
        if target.startswith("#"):
            assert target[1:] in anchors, target
        else:
            assert not target.startswith(("/", "..")), target
            assert (ROOT / target.split("#")[0]).exists(), target
    assert "../" not in README


def test_the_two_commands_are_the_ones_that_work() -> None:
    """The test command is exactly CI's last command; the run command is the documented one."""
    assert TEST_COMMAND in README
    assert RUN_COMMAND in README
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == TEST_COMMAND


def test_start_up_limits_are_the_ones_documented() -> None:
    limits = StartupLimits()
    pauses = f"{limits.first_pause:g} s and {2 * limits.first_pause:g} s apart"
    assert f"{limits.attempts} attempts of up to {limits.attempt_timeout:g} s, {pauses}" in README
