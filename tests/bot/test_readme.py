"""README.md stays true: its links lead somewhere in the repository, its test command is the
one CI runs, and its operator recipes (backup, deleting a server's data) work as written."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.__main__ import StartupLimits
from bot.families import rating_pools
from bot.models import GLOBAL, Status
from bot.ratings import replay
from bot.service import GameService
from bot.storage import Storage
from tests.bot.support import play_until

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
TEST_COMMAND = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -q -e '.[test]' && "
    "python -m pytest"
)
RUN_COMMAND = "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && python -m bot"


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


def test_backup_command_copies_a_live_database(tmp_path: Path) -> None:
    """The README's backup one-liner, run while another connection holds a write open."""
    command = code_block_after("A consistent copy can be taken while the bot runs")
    assert command.startswith('python -c "') and command.endswith('"')
    (tmp_path / "data").mkdir()
    live = sqlite3.connect(tmp_path / "data" / "allfours.db", isolation_level=None)
    live.execute("PRAGMA journal_mode = WAL")
    live.execute("CREATE TABLE moves (n)")
    live.execute("INSERT INTO moves VALUES (1), (2)")
    live.execute("BEGIN IMMEDIATE")
    live.execute("INSERT INTO moves VALUES (3)")  # not committed: not in the backup
    code = command.removeprefix('python -c "').removesuffix('"')
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, timeout=60)
    live.execute("ROLLBACK")
    live.close()
    with sqlite3.connect(tmp_path / "backup.db") as backup:
        assert backup.execute("SELECT COUNT(*) FROM moves").fetchone() == (2,)
        assert backup.execute("PRAGMA integrity_check").fetchone() == ("ok",)


async def finished_game(service: GameService, guild: int, users: list[int]) -> None:
    snap = await service.open_lobby(
        family_name="allfours",
        variant="caribbean",
        options={"target": 3},
        guild_id=guild,
        channel_id=guild * 100,
        host_id=users[0],
        host_name=f"user{users[0]}",
        turn_seconds=None,
        locale="en",
    )
    for user in users[1:]:
        await service.join(snap.id, user, f"user{user}", None)
    await service.start(snap.id, users[0])
    final = await play_until(service, snap.id, users, seed=guild)
    assert final.status is Status.FINISHED


def owned(db: sqlite3.Connection, guild: int) -> tuple[int, list[int], list[int]]:
    """A server with the ids of its games and matches (read before anything is deleted)."""
    games = [row[0] for row in db.execute("SELECT id FROM games WHERE guild_id = ?", (guild,))]
    matches = [row[0] for row in db.execute("SELECT id FROM matches WHERE guild_id = ?", (guild,))]
    return guild, games, matches


def rows_about(db: sqlite3.Connection, server: tuple[int, list[int], list[int]]) -> dict[str, int]:
    """How many rows of each table belong to the server, to its games or to their matches."""
    guild, games, matches = server
    found = {}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        columns = {c[1] for c in db.execute(f"PRAGMA table_info({table})")}
        marks = []
        if "guild_id" in columns:
            marks.append(f"guild_id = {guild}")
        if "game_id" in columns:
            marks.append(f"game_id IN ({','.join(map(str, games))})")
        if "match_id" in columns:
            marks.append(f"match_id IN ({','.join(map(str, matches))})")
        if marks:
            query = f"SELECT COUNT(*) FROM {table} WHERE {' OR '.join(marks)}"
            found[table] = db.execute(query).fetchone()[0]
    return found


async def test_deleting_a_server_leaves_nothing_of_it_and_rerates_the_rest(
    tmp_path: Path,
) -> None:
    """The README's script, run on two servers' finished games: the first server is gone
    from every table, the second untouched, the global ratings recomputed without it."""
    script = code_block_after("**Deleting a server's data.**")
    assert script.startswith("python - SERVER_ID <<'EOF'\n") and script.endswith("\nEOF")
    path = tmp_path / "data" / "allfours.db"
    storage = await Storage.open(path)
    seeds = iter(range(50, 500))
    service = GameService(storage, seeds=lambda: next(seeds), computer_delay=0)
    for guild in (11, 22):
        await service.set_default_turn_seconds(guild, 60)
    await finished_game(service, 11, [1, 2, 3, 4])
    await finished_game(service, 22, [1, 2, 5, 6])
    await service.close()
    await storage.close()
    with sqlite3.connect(path) as db:
        gone, kept = owned(db, 11), owned(db, 22)
        # Every table holds rows about that server, but open panels: the games are over.
        about = {t: n for t, n in rows_about(db, gone).items() if t != "panels"}
        assert all(about.values()), about
        before = rows_about(db, kept)

    body = script.split("\n", 1)[1].rsplit("\n", 1)[0]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-",
        "11",
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(body.encode()), 60)
    assert process.returncode == 0, stderr.decode()
    assert stdout.decode() == "deleted everything about server 11\n"

    with sqlite3.connect(path) as db:
        assert not any(rows_about(db, gone).values()), rows_about(db, gone)
        assert rows_about(db, kept) == before
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    storage = await Storage.open(path)
    try:
        expected = {
            (r.pool, r.user_id, r.mu, r.sigma)
            for pool in rating_pools()
            for r in replay(await storage.matches(pool))
            if r.guild_id == GLOBAL
        }
    finally:
        await storage.close()
    with sqlite3.connect(path) as db:
        stored = set(db.execute("SELECT pool, user_id, mu, sigma FROM ratings WHERE guild_id = 0"))
    assert stored == expected
    assert {user for _, user, _, _ in stored} == {1, 2, 5, 6}
