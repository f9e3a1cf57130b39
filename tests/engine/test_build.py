"""The compiled build's guard (``engine/build.py``): a compiled module older than its source
stops the engine's import, and the test session, with one line saying what to run.

The rule is checked against file times set by hand in a temporary folder; then a copy of the
real engine (with the compiled modules that CI's compiled run built, or a stand-in file for
one in the pure run) is imported in a fresh process, which works, and once a source is newer
than its compiled module, imported again and a test session started on it: both stop with
the guard's line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.build import SUFFIXES, StaleBuildError, check_build, stale_sources

ROOT = Path(engine.__file__).resolve().parent.parent
EXTENSION = SUFFIXES[0]
SECOND = 1_000_000_000


def touch(path: Path, second: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()
    os.utime(path, ns=(second * SECOND, second * SECOND))


@pytest.mark.parametrize(
    ("files", "stale"),
    [
        ({"game.py": 1, f"game{EXTENSION}": 2}, []),
        ({"game.py": 2, f"game{EXTENSION}": 2}, []),
        ({"game.py": 3, f"game{EXTENSION}": 2}, ["engine/game.py"]),
        ({"kqj/play.py": 3, f"kqj/play{EXTENSION}": 2}, ["engine/kqj/play.py"]),
        ({f"kqj/gone{EXTENSION}": 2}, ["engine/kqj/gone.py (gone; its compiled module is not)"]),
        ({"game.py": 1, "game.pyc": 2, "notes.txt": 0}, []),
        ({"game.py": 3, "game.cpython-399-elsewhere.so": 2}, []),
        (
            {"a.py": 5, f"a{EXTENSION}": 4, "b.py": 1, f"b{EXTENSION}": 4, "c/d.py": 9},
            ["engine/a.py"],
        ),
    ],
    ids=[
        "compiled after its source",
        "same time",
        "source edited since",
        "in a subpackage",
        "source gone",
        "no extension module",
        "another interpreter's build",
        "several",
    ],
)
def test_a_compiled_module_older_than_its_source_is_stale(
    tmp_path: Path, files: dict[str, int], stale: list[str]
) -> None:
    package = tmp_path / "engine"
    package.mkdir()
    for name, second in files.items():
        touch(package / name, second)
    assert stale_sources(package) == stale


def test_the_error_is_an_import_error_of_one_line_saying_what_to_run(tmp_path: Path) -> None:
    touch(tmp_path / "engine" / "game.py", 3)
    touch(tmp_path / "engine" / f"game{EXTENSION}", 2)
    with pytest.raises(ImportError) as raised:
        check_build(tmp_path / "engine")
    assert isinstance(raised.value, StaleBuildError)
    assert str(raised.value) == (
        "engine: compiled modules older than their source: engine/game.py; "
        "run `python scripts/compile_engine.py` to compile them again, "
        "or `python scripts/compile_engine.py --clean` to run the pure engine"
    )


def test_this_engine_is_not_stale() -> None:
    """The engine these tests run (in CI's compiled run: the modules just compiled)."""
    assert stale_sources() == []


def copy_of_the_engine(folder: Path) -> Path:
    """A copy of the engine in ``folder``, file times kept, with ``engine.allfours.game``
    compiled (the real module in a compiled build, a stand-in file otherwise); returns the
    game's source."""
    shutil.copytree(
        ROOT / "engine", folder / "engine", ignore=shutil.ignore_patterns("__pycache__")
    )
    source = folder / "engine" / "allfours" / "game.py"
    if not any(source.with_name(f"game{suffix}").exists() for suffix in SUFFIXES):
        touch(source.with_name(f"game{EXTENSION}"), int(source.stat().st_mtime) + 1)
    return source


def make_stale(source: Path) -> None:
    compiled = max(
        source.with_name(f"game{suffix}").stat().st_mtime_ns
        for suffix in SUFFIXES
        if source.with_name(f"game{suffix}").exists()
    )
    os.utime(source, ns=(compiled + SECOND, compiled + SECOND))


def run(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Python in ``folder``, which comes first on its path (before the installed checkout)."""
    return subprocess.run(
        [sys.executable, *arguments], cwd=folder, capture_output=True, text=True, check=False
    )


def test_importing_a_stale_engine_fails_with_the_guards_line(tmp_path: Path) -> None:
    source = copy_of_the_engine(tmp_path)
    fresh = run(tmp_path, "-c", "import engine; print(engine.__file__)")
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.strip() == str(tmp_path / "engine" / "__init__.py")
    make_stale(source)
    stale = run(tmp_path, "-c", "import engine")
    assert stale.returncode == 1
    assert stale.stderr.strip().splitlines()[-1] == (
        "engine.build.StaleBuildError: engine: compiled modules older than their source: "
        "engine/allfours/game.py; run `python scripts/compile_engine.py` to compile them "
        "again, or `python scripts/compile_engine.py --clean` to run the pure engine"
    )


def test_a_test_session_on_a_stale_engine_stops_before_collecting(tmp_path: Path) -> None:
    """The copy's engine is the one imported: the real one is not stale, so the line naming
    the copy's game.py can only come from it."""
    source = copy_of_the_engine(tmp_path)
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_one.py").write_text("def test_one() -> None:\n    pass\n")
    make_stale(source)
    stale = run(tmp_path, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "tests")
    assert stale.returncode == pytest.ExitCode.USAGE_ERROR
    assert stale.stderr.strip() == (
        "ERROR: engine: compiled modules older than their source: engine/allfours/game.py; "
        "run `python scripts/compile_engine.py` to compile them again, "
        "or `python scripts/compile_engine.py --clean` to run the pure engine"
    )
    assert "passed" not in stale.stdout


def test_the_image_copies_the_compiled_engine_with_its_file_times(tmp_path: Path) -> None:
    """The Dockerfile's engine stage copies the engine it compiled to /out for the run stage:
    that copy, run here as the build runs it, must keep the file times, or the image's engine
    could find a source newer than its compiled module and refuse to start."""
    dockerfile = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    (build,) = [
        line for line in dockerfile.splitlines() if "compile_engine.py" in line and "/out/" in line
    ]
    (copy,) = [part.strip() for part in build.split("&&") if " engine /out/" in part]
    touch(tmp_path / "engine" / "allfours" / "game.py", 1)
    touch(tmp_path / "engine" / "allfours" / f"game{EXTENSION}", 2)
    (tmp_path / "out").mkdir()
    subprocess.run(["sh", "-c", copy.replace("/out/", "out/")], cwd=tmp_path, check=True)
    copied = tmp_path / "out" / "engine" / "allfours" / f"game{EXTENSION}"
    assert copied.stat().st_mtime_ns == 2 * SECOND
    assert stale_sources(tmp_path / "out" / "engine") == []
