"""Compile the engine's hot modules to C with mypyc, in place: the same source, several times
faster (the simulation path of the computer players, and ``apply``).

    python scripts/compile_engine.py          # build: engine/**/<module>.cpython-*.so
    python scripts/compile_engine.py --clean  # remove what it built (back to pure Python)

Optional: the engine is plain Python and the bot runs without this. It needs mypy (the
``dev`` extra), a C compiler and the Python headers (Debian: ``gcc python3-dev``), and takes
about a minute. Which modules: the shared ones (``SHARED``) and those each registered game
(``bot.games``) names in ``engine/<game>/compiled.py``. Python imports a compiled module in
preference to its ``.py`` file, so after editing one of them build again or ``--clean`` (until
then the engine refuses to import: ``engine/build.py``): ``engine.compiled_modules()`` (and the
bot's log at start) say which modules run compiled. The Dockerfile builds it.

Both builds behave the same, and CI runs the tests on each (the doctests on the source only:
compiled functions carry none). Two things make that so: every compiled class that goes to
the worker processes still pickles (``GameState`` as it is, the All Fours ``PlayerView`` field
by field through ``__reduce__``), while actions, events, rulesets, cards and the KQJ view stay
Python classes in modules that are not compiled; and the public functions that check a value
themselves (a seat, a seed, a dealer) take it as ``object``, because compiled code checks
annotated types before the function runs (``tests/engine/test_wrong_types.py``); each family's
``api`` module, never compiled, gives them the callers' types for mypy.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent

SHARED: Final = ("engine/shuffles.py", "engine/hidden.py")
"""The modules every game's simulation path runs through."""


def modules() -> tuple[str, ...]:
    """The compiled modules, as files: the shared ones, then every registered game's
    (``bot.games``; each engine package names its own in ``<package>.compiled.MODULES``)."""
    sys.path.insert(0, str(ROOT))
    from bot.games import games

    found = list(SHARED)
    for game in games():
        names = importlib.import_module(f"{game.engine}.compiled").MODULES
        folder = game.engine.replace(".", "/")
        found.extend(f"{folder}/{name}.py" for name in names)
    return tuple(found)


def built_files() -> list[Path]:
    """The extension modules a build left in the tree (and mypyc's shared library)."""
    found = list((ROOT / "engine").rglob("*.so"))
    found += list(ROOT.glob("*__mypyc*.so"))
    return sorted(found)


def clean() -> None:
    for path in built_files():
        path.unlink()
    shutil.rmtree(ROOT / "build" / "mypyc", ignore_errors=True)


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution

    clean()
    os.chdir(ROOT)
    # The project's mypy settings name bot/ and cogs/ too, which a build of the engine alone
    # does not check: without this flag mypy would stop at that (harmless) notice.
    options = ["--no-warn-unused-configs"]
    extensions = mypycify([*options, *modules()], opt_level="3", target_dir="build/mypyc")
    # A bare distribution: only build_ext, in place, without reading the project's metadata.
    dist = Distribution({"name": "allfours-bot-engine", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.build_temp = "build/mypyc/temp"
    command.parallel = os.cpu_count() or 1
    dist.run_command("build_ext")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        clean()
        print("engine: pure Python (compiled modules removed)")
        return
    build()
    sys.path.insert(0, str(ROOT))
    import engine

    compiled = engine.compiled_modules()
    print(f"engine: {len(compiled)} of {len(modules())} modules compiled")
    if len(compiled) != len(modules()):
        sys.exit("engine: some modules did not compile")


if __name__ == "__main__":
    main()
