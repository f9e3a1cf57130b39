"""The compiled build's guard: a module that ``scripts/compile_engine.py`` compiled in place
(an extension module beside its ``.py`` file) is imported instead of its source, so once the
source changes (an edit, a ``git pull``) the old rules would go on running without a word.
``engine`` refuses to import then (``check_build``), and so does the test session
(``tests/conftest.py``), saying in one line what to run.

It reads the engine's file times once, when the engine is imported, and nothing during play:
the rules stay pure.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The engine's folder, where the compiled modules lie beside their sources."""

SUFFIXES = tuple(sorted(EXTENSION_SUFFIXES, key=len, reverse=True))
"""The endings of an extension module this interpreter imports, longest first."""

REBUILD = (
    "run `python scripts/compile_engine.py` to compile them again, "
    "or `python scripts/compile_engine.py --clean` to run the pure engine"
)


class StaleBuildError(ImportError):
    """A compiled engine module older than its source, or whose source is gone."""


def stale_sources(package: Path = PACKAGE) -> list[str]:
    """The compiled modules under ``package`` that no longer match their source, each named
    by its source (relative to the folder above ``package``): a ``.py`` file changed after its
    module was compiled, or an extension module whose ``.py`` file is gone.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     root = Path(folder, "engine")
    ...     root.mkdir()
    ...     (root / f"rules{SUFFIXES[0]}").touch()
    ...     stale_sources(root)
    ['engine/rules.py (gone; its compiled module is not)']
    """
    found: list[str] = []
    for folder, subfolders, files in os.walk(package):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for name in sorted(files):
            module = _module_name(name)
            if module is None:
                continue
            compiled = Path(folder, name)
            source = compiled.with_name(module + ".py")
            shown = source.relative_to(package.parent).as_posix()
            if not source.exists():
                found.append(f"{shown} (gone; its compiled module is not)")
            elif source.stat().st_mtime_ns > compiled.stat().st_mtime_ns:
                found.append(shown)
    return found


def check_build(package: Path = PACKAGE) -> None:
    """Raise ``StaleBuildError``, one line saying what to run, when a compiled module under
    ``package`` is stale (``stale_sources``)."""
    stale = stale_sources(package)
    if stale:
        raise StaleBuildError(
            f"engine: compiled modules older than their source: {', '.join(stale)}; {REBUILD}"
        )


def _module_name(file_name: str) -> str | None:
    """The module that this interpreter would import from ``file_name``, when it is an
    extension module (``game.cpython-311-x86_64-linux-gnu.so`` -> ``game``)."""
    for suffix in SUFFIXES:
        if file_name.endswith(suffix):
            module = file_name[: -len(suffix)]
            return module if module.isidentifier() else None
    return None
