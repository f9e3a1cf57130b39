"""Fixtures for the service and storage tests: a real SQLite file and the real engine."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.clock import ManualClock
from bot.service import GameService
from bot.storage import Storage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "test.sqlite3"


@pytest_asyncio.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(db_path)
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
