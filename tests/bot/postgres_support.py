"""A throw-away PostgreSQL server for the tests and the storage benchmark.

``PostgresCluster.start()`` runs ``initdb`` and ``pg_ctl`` in a temporary folder, listening on
a unix socket in that folder only (no TCP port, nothing to collide with); ``database()``
gives the URL of a new, empty database; ``stop()`` shuts the server down and removes the
folder. (Each "database" of a test is a schema of its own in one database of the server,
named by ``search_path`` in the URL, which asyncpg passes on as a server setting: creating a
schema takes milliseconds where ``CREATE DATABASE`` takes about a second, and the storage
names no schema, so it cannot tell the difference.) PostgreSQL refuses to run as root: as
root, the server runs as the ``postgres`` user the Debian package creates (or ``nobody``).

``PostgresCluster.start(password=...)`` starts a server as a self-hoster runs one: listening on
127.0.0.1 (a free port) as well, asking every client for the superuser's password (SCRAM), and
without SSL; ``tcp_url()`` names a database there.

Where no PostgreSQL is installed the PostgreSQL cases are skipped with a message, except in
CI (``CI`` set in the environment, as ``.ci/run`` does), where they fail: CI never skips them.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Final

import pytest

SUPERUSER: Final = "postgres"
DEFAULT_PORT: Final = 5432
PASSWORD: Final = "p@ss:w/rd"
"""The password of the ``password_cluster`` fixture: every character a URL gives a meaning
to."""
TESTS: Final = "tests"
INSTALL_HINT: Final = (
    "PostgreSQL is not installed (no initdb on PATH nor under /usr/lib/postgresql/*/bin; "
    "Debian: apt-get install postgresql)"
)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def binaries() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and ``psql``: on PATH, or the newest of Debian's."""
    found = shutil.which("initdb")
    if found is not None:
        folder = Path(found).resolve().parent
        if (folder / "pg_ctl").exists() and (folder / "psql").exists():
            return folder
    versions = []
    for folder in Path("/usr/lib/postgresql").glob("*/bin"):
        match = re.fullmatch(r"\d+", folder.parent.name)
        if match and (folder / "initdb").exists():
            versions.append((int(folder.parent.name), folder))
    return max(versions)[1] if versions else None


def unavailable(reason: str) -> None:
    """Skip a PostgreSQL case with the reason, or fail it in CI."""
    if in_ci():
        pytest.fail(f"{reason}; CI runs every PostgreSQL test (.ci/run installs it)")
    pytest.skip(f"{reason}: the PostgreSQL cases are skipped here (CI runs them)")


class PostgresCluster:
    """One server for a whole test session; a fresh database per test."""

    def __init__(
        self,
        folder: Path,
        bin_dir: Path,
        owner: str | None,
        port: int = DEFAULT_PORT,
        password: str | None = None,
    ) -> None:
        self.folder = folder
        self.bin_dir = bin_dir
        self.owner = owner
        self.port = port
        self.password = password
        self._names = itertools.count(1)
        self.running = False

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def socket_dir(self) -> Path:
        return self.folder

    @classmethod
    def start(cls, *, durable: bool = False, password: str | None = None) -> PostgresCluster:
        """A new server. ``durable=False`` (the tests) turns fsync off: nothing survives a
        crash of this machine, which a throw-away server does not need; the benchmark keeps
        PostgreSQL's durable defaults. ``password``: the superuser's, asked of every client,
        and the server listens on 127.0.0.1 too."""
        bin_dir = binaries()
        if bin_dir is None:
            unavailable(INSTALL_HINT)
            raise AssertionError("unreachable")  # for mypy: unavailable() always raises
        owner = None
        if os.geteuid() == 0:
            owner = SUPERUSER if _user_exists(SUPERUSER) else "nobody"
        folder = Path(tempfile.mkdtemp(prefix="pg.", dir="/tmp"))  # short: a socket path
        port = _free_port() if password is not None else DEFAULT_PORT
        cluster = cls(folder, bin_dir, owner, port, password)
        if owner is not None:
            entry = pwd.getpwnam(owner)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        authentication = ["-A", "trust"]
        if password is not None:
            secret = folder / "password"
            secret.write_text(password + "\n")
            if owner is not None:
                os.chown(secret, entry.pw_uid, entry.pw_gid)
            authentication = ["-A", "scram-sha-256", f"--pwfile={secret}"]
        try:
            cluster._run(
                "initdb",
                "-D",
                str(cluster.data),
                "-U",
                SUPERUSER,
                *authentication,
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            )
            listen = "127.0.0.1" if password is not None else "''"
            options = [
                f"-k {folder}",
                f"-c listen_addresses={listen}",
                f"-c port={port}",
                "-c max_connections=200",
            ]
            if not durable:
                options += ["-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off"]
            cluster._run(
                "pg_ctl",
                "-D",
                str(cluster.data),
                "-l",
                str(folder / "server.log"),
                "-o",
                " ".join(options),
                "-w",
                "-t",
                "60",
                "start",
            )
        except subprocess.CalledProcessError as exc:
            log = folder / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(
                f"the throw-away PostgreSQL did not start: {exc.stderr or exc}\n{tail}"
            ) from exc
        cluster.running = True
        atexit.register(cluster.stop)
        cluster.sql(f"CREATE DATABASE {TESTS}")
        return cluster

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}&port={self.port}"

    def tcp_url(self, database: str, *, password: str | None = None, query: str = "") -> str:
        """A URL reaching the server over TCP, as a bot in another container would;
        ``password`` is put in as it is (percent-encode it first where it must be)."""
        credentials = SUPERUSER if password is None else f"{SUPERUSER}:{password}"
        url = f"postgresql://{credentials}@127.0.0.1:{self.port}/{database}"
        return f"{url}?{query}" if query else url

    def database(self) -> str:
        """A new, empty database; its URL."""
        name = f"test_{next(self._names)}"
        self.sql(f"CREATE SCHEMA {name}", TESTS)
        return f"{self.url(TESTS)}&search_path={name}"

    def drop(self, url: str) -> None:
        name = url.rsplit("search_path=", 1)[1]
        self.sql(f"DROP SCHEMA IF EXISTS {name} CASCADE", TESTS)

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement as the superuser; what it printed."""
        done = subprocess.run(
            [
                str(self.bin_dir / "psql"),
                "-h",
                str(self.socket_dir),
                "-p",
                str(self.port),
                "-U",
                SUPERUSER,
                "-d",
                database,
                "-v",
                "ON_ERROR_STOP=1",
                "-qAt",
                "-c",
                statement,
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env={**os.environ, "PGPASSWORD": self.password or ""},
        )
        return done.stdout

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *arguments: str) -> None:
        prefix = ["runuser", "-u", self.owner, "--"] if self.owner is not None else []
        subprocess.run(
            [*prefix, str(self.bin_dir / program), *arguments],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
            cwd=self.folder,
        )


def _free_port() -> int:
    """A TCP port nothing listens on now (the server takes it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
