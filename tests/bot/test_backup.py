"""The README's backup and restore recipes, run as written on a real database: backed up while
the real bot runs (WAL mode, a write in flight), changed, restored, started again, and the
games are there. The Docker recipes are run without Docker: the same commands inside the
container, with the backup going out on stdout and back in on stdin, as the unprivileged user a
container is (a backup folder the restore may not write included: the failure the old recipe
had). And the refusals: a bot still running, a damaged backup, a newer schema, PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest
import pytest_asyncio

from bot.models import Status
from bot.service import GameService
from bot.storage import Storage, migrations
from tests.bot.fake_discord import FakeDiscord
from tests.bot.process_support import ROOT, bot_environment, finish, spawn, unprivileged
from tests.bot.support import finished_game, play_until, seated_table

README = (ROOT / "README.md").read_text()
DATABASE = Path("data") / "allfours.db"
IN_CONTAINER = ("docker compose exec -T bot ", "docker compose run --rm -T bot ")


def backup_blocks() -> list[str]:
    """The shell blocks of the README's Backups section, in order."""
    section = README.split("### Backups\n", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.DOTALL)


def recipes(docker: bool) -> tuple[str, list[str]]:
    """The backup command and the restore steps of one recipe; the Docker ones as they run
    inside the container (the `docker compose ...` prefix gone, stop and start left to the
    test, which stops and starts the bot process itself)."""
    blocks = backup_blocks()
    assert len(blocks) == 4, blocks
    backup, restore = (blocks[1], blocks[3]) if docker else (blocks[0], blocks[2])
    if docker:
        assert restore.splitlines()[0] == "docker compose stop bot"
        assert restore.splitlines()[-1] == "docker compose start bot"
        restore = restore.splitlines()[1]
        for prefix in IN_CONTAINER:
            backup, restore = backup.removeprefix(prefix), restore.removeprefix(prefix)
    assert "docker" not in backup and "docker" not in restore
    return backup, [restore]


def shell(
    command: str, cwd: Path, prefix: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a README line with ``sh`` as an operator would (the bot's settings from ``.env``
    or the defaults; none from this test's environment)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PGPASSWORD")}
    environment["PYTHONPATH"] = str(ROOT)
    environment["PATH"] = f"{Path(sys.executable).parent}:{environment.get('PATH', '')}"
    return subprocess.run(
        [*(prefix or []), "sh", "-c", command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def games_in(path: Path) -> dict[int, tuple[str, int]]:
    """Every game of a database file: its status and version."""
    with closing(sqlite3.connect(path)) as db:
        return {
            row[0]: (row[1], row[2]) for row in db.execute("SELECT id, status, version FROM games")
        }


@pytest_asyncio.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord().running() as fake:
        yield fake


async def two_games(folder: Path) -> int:
    """A finished table and one in progress (in the fake Discord's server and channel); the
    id of the one in progress."""
    storage = await Storage.open(folder / DATABASE)
    seeds = iter(range(50, 500))
    service = GameService(storage, seeds=lambda: next(seeds), computer_delay=0)
    try:
        await finished_game(service, 7, [1, 2, 3, 4])
        table = await seated_table(service, "caribbean", [5, 6, 7, 8])
        await play_until(
            service, table.id, [5, 6, 7, 8], stop=lambda snap: snap.record.version >= 8
        )
        return table.id
    finally:
        await service.close()
        await storage.close()


async def play_on(folder: Path, game_id: int) -> None:
    """A change after the backup: more moves, and a server setting."""
    storage = await Storage.open(folder / DATABASE)
    service = GameService(storage, computer_delay=0)
    try:
        await play_until(
            service, game_id, [5, 6, 7, 8], stop=lambda snap: snap.record.version >= 16
        )
        await service.set_default_turn_seconds(1, 90)
    finally:
        await service.close()
        await storage.close()


async def start_bot(folder: Path, fake: FakeDiscord) -> asyncio.subprocess.Process:
    """The real bot on ``data/allfours.db`` (no DATABASE_URL: the default), connected."""
    fake.connected.clear()
    environment = bot_environment(fake.api)
    environment.pop("DATABASE_URL", None)
    process = await spawn(folder, environment)
    await asyncio.wait_for(fake.connected.wait(), 60)
    return process


async def stop_bot(process: asyncio.subprocess.Process) -> str:
    process.send_signal(signal.SIGTERM)
    status, stderr = await finish(process, 20)
    assert status == 0, stderr
    return stderr


@pytest.mark.parametrize("docker", [False, True], ids=["bare-metal", "docker-commands"])
async def test_backup_while_the_bot_runs_then_restore_brings_the_games_back(
    tmp_path: Path, discord_fake: FakeDiscord, docker: bool
) -> None:
    backup_command, restore_steps = recipes(docker)
    playing = await two_games(tmp_path)
    at_backup = games_in(tmp_path / DATABASE)
    assert sorted(status for status, _ in at_backup.values()) == ["finished", "playing"]

    bot = await start_bot(tmp_path, discord_fake)
    try:
        # A move being committed by another connection while the backup runs: not in it.
        writer = sqlite3.connect(tmp_path / DATABASE, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE games SET version = version + 100 WHERE id = ?", (playing,))
        done = shell(backup_command, tmp_path)
        writer.execute("ROLLBACK")
        writer.close()
        assert done.returncode == 0, done.stderr
        assert "backed up data/allfours.db into " in done.stderr
        assert "2 game(s) (1 unfinished), 1 match record(s)" in done.stderr
    finally:
        await stop_bot(bot)
    backup = tmp_path / "backup.db"
    assert games_in(backup) == at_backup
    assert backup.read_bytes()[18:20] == b"\x01\x01"  # rollback journal: no -wal needed
    assert sorted(name for name in os.listdir(tmp_path) if name.startswith("backup")) == [
        "backup.db"
    ]

    await play_on(tmp_path, playing)
    assert games_in(tmp_path / DATABASE)[playing] != at_backup[playing]

    for step in restore_steps:
        done = shell(step, tmp_path)
        assert done.returncode == 0, done.stderr
    source = "stdin" if docker else "backup.db"
    assert done.stdout == (
        f"restored {source} into data/allfours.db: schema version {len(migrations())}, "
        "2 game(s) (1 unfinished), 1 match record(s)\n"
    )
    assert games_in(tmp_path / DATABASE) == at_backup
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert db.execute("SELECT COUNT(*) FROM guild_settings").fetchone() == (0,)

    bot = await start_bot(tmp_path, discord_fake)
    stderr = await stop_bot(bot)
    assert "resumed 1 open table(s)" in stderr
    assert " ERROR " not in stderr and "Traceback" not in stderr
    storage = await Storage.open(tmp_path / DATABASE)
    try:
        game = await storage.game(playing)
        assert game is not None and game.status is Status.PLAYING
        assert game.version == at_backup[playing][1]
    finally:
        await storage.close()


async def test_restore_as_an_unprivileged_user_from_a_folder_it_cannot_write(
    tmp_path: Path,
) -> None:
    """What failed under Docker: a WAL-mode backup (as the old recipe made them) in a host
    folder the container's user may not write. The old recipe cannot even open it there; the
    restore reads it on stdin, or copies it, and works."""
    prefix = unprivileged()
    await two_games(tmp_path)
    host = tmp_path / "host"
    host.mkdir()
    backup = host / "backup.db"
    with sqlite3.connect(tmp_path / DATABASE) as live, sqlite3.connect(backup) as copy:
        live.backup(copy)
    assert backup.read_bytes()[18:20] == b"\x02\x02"  # WAL mode, copied from the live file
    host.chmod(0o555)
    before = games_in(tmp_path / DATABASE)

    old = (
        "python -c \"import sqlite3; sqlite3.connect('host/backup.db')"
        ".backup(sqlite3.connect('data/allfours.db'))\""
    )
    done = shell(old, tmp_path, prefix)
    assert done.returncode != 0
    assert "readonly database" in done.stderr or "unable to open" in done.stderr

    for command in (
        "python -m bot.restore - < host/backup.db",
        "python -m bot.restore host/backup.db",
    ):
        done = shell(command, tmp_path, prefix)
        assert done.returncode == 0, done.stderr
        assert games_in(tmp_path / DATABASE) == before
    assert sorted(p.name for p in host.iterdir()) == ["backup.db"]


async def test_restore_is_refused_while_the_bot_runs(
    tmp_path: Path, discord_fake: FakeDiscord
) -> None:
    await two_games(tmp_path)
    assert shell("python -m bot.backup backup.db", tmp_path).returncode == 0
    bot = await start_bot(tmp_path, discord_fake)
    try:
        done = shell("python -m bot.restore backup.db", tmp_path)
    finally:
        await stop_bot(bot)
    assert done.returncode == 2
    assert done.stderr == (
        "error: a bot process is running on data/allfours.db: stop it first (README: Backups)\n"
    )


@pytest.mark.parametrize(
    ("damage", "status", "message"),
    [
        ("version", 2, "backup.db has schema version 99, newer than this version of the bot knows"),
        ("bytes", 1, "the backup is not a database of the bot: file is not a database"),
        ("other", 1, "backup.db is not a database of the bot (no games, no schema version)"),
        ("empty", 1, "the backup is empty (nothing came on stdin)"),
    ],
)
async def test_a_bad_backup_changes_nothing(
    tmp_path: Path, damage: str, status: int, message: str
) -> None:
    """Refused before the database is touched: the games stay as they were."""
    await two_games(tmp_path)
    before = games_in(tmp_path / DATABASE)
    backup = tmp_path / "backup.db"
    assert shell("python -m bot.backup backup.db", tmp_path).returncode == 0
    command = "python -m bot.restore backup.db"
    if damage == "version":
        with sqlite3.connect(backup) as db:
            db.execute("PRAGMA user_version = 99")
    elif damage == "bytes":
        backup.write_bytes(b"not a database" * 100)
    elif damage == "other":
        backup.unlink()
        with sqlite3.connect(backup) as db:
            db.execute("CREATE TABLE notes (text)")
    else:
        command = "python -m bot.restore - < /dev/null"
    done = shell(command, tmp_path)
    assert done.returncode == status, done.stderr
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert games_in(tmp_path / DATABASE) == before
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [
        "allfours.db",
        "allfours.db-lock",
    ]


def test_postgresql_is_backed_up_with_its_own_tools(tmp_path: Path) -> None:
    for command in ("backup", "restore"):
        done = shell(
            f"python -m bot.{command} x.db --database postgresql://bot:s3cret@db/cards", tmp_path
        )
        assert done.returncode == 2
        assert "the database is PostgreSQL" in done.stderr and "s3cret" not in done.stderr


async def test_a_backup_onto_the_database_itself_is_refused(tmp_path: Path) -> None:
    """It would replace the file under the running bot, which would go on writing to the old
    one: every later move lost."""
    await two_games(tmp_path)
    before = games_in(tmp_path / DATABASE)
    done = shell("python -m bot.backup data/allfours.db", tmp_path)
    assert done.returncode == 1
    assert "data/allfours.db is the database itself" in done.stderr
    assert games_in(tmp_path / DATABASE) == before
