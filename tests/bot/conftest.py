"""Fixtures for the service and storage tests: the real engine on a real database, SQLite
(a file per test) and PostgreSQL (a database per test on a throw-away server)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.clock import ManualClock
from bot.service import GameService
from bot.storage import Storage
from tests.bot.postgres_support import PASSWORD, PostgresCluster

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "test.sqlite3"


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throw-away PostgreSQL server for the session, started by the first test that
    needs it (skipped without PostgreSQL, except in CI)."""
    cluster = PostgresCluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def password_cluster() -> Iterator[PostgresCluster]:
    """A throw-away PostgreSQL as a self-hoster runs one: on 127.0.0.1, without SSL, asking
    for the password ``PASSWORD`` (started by the first test that needs it)."""
    cluster = PostgresCluster.start(password=PASSWORD)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped after the test)."""
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    url = cluster.database()
    yield url
    cluster.drop(url)


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """What ``Storage.open`` takes: a new SQLite file's path, or a new PostgreSQL database's
    URL (every test that uses it runs on both)."""
    if request.param == "sqlite":
        return db_path
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest_asyncio.fixture
async def storage(database: Path | str) -> AsyncIterator[Storage]:
    opened = await Storage.open(database)
    yield opened
    await opened.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest_asyncio.fixture
async def service(storage: Storage, clock: ManualClock) -> AsyncIterator[GameService]:
    seeds = iter(range(1000, 100000))
    svc = GameService(storage, clock=clock, seeds=lambda: next(seeds), computer_delay=0)
    yield svc
    await svc.close()
