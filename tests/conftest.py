"""Hypothesis runs derandomized in CI (``.ci/run`` sets ``CI``): a submission is judged by
the same examples every time, and a failure there reproduces anywhere with ``CI=1``. Local
runs keep exploring new random examples, which is how bugs are found (and then pinned by a
plain test)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
