"""A compiled engine module older than its source stops the session at once, in the engine's
own words (``engine/build.py``): without this, every test module would fail to import, each
with a traceback.

Hypothesis runs derandomized in CI (``.ci/run`` sets ``CI``): a submission is judged by
the same examples every time, and a failure there reproduces anywhere with ``CI=1``. Local
runs keep exploring new random examples, which is how bugs are found (and then pinned by a
plain test)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    try:
        import engine  # noqa: F401  (its import checks the compiled modules against their source)
    except ImportError as exc:
        if type(exc).__name__ != "StaleBuildError":
            raise
        raise pytest.UsageError(str(exc)) from None
