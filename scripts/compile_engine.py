"""Compile the engine's hot modules to C with mypyc, in place: the same source, several times
faster (the simulation path of the computer players, and ``apply``).

    python scripts/compile_engine.py          # build: engine/**/<module>.cpython-*.so
    python scripts/compile_engine.py --clean  # remove what it built (back to pure Python)

Optional: the engine is plain Python and the bot runs without this. It needs mypy (the
``dev`` extra), a C compiler and the Python headers (Debian: ``gcc python3-dev``), and takes
about a minute. Python imports a compiled module in preference to its ``.py`` file, so after
editing one of ``MODULES`` build again or ``--clean``: ``engine.compiled_modules()`` (and the
bot's log at start) say which modules run compiled. The Dockerfile builds it.

Both builds behave the same, and CI runs the tests on each (the doctests on the source only:
compiled functions carry none). Two things make that so: every compiled class that goes to
the worker processes still pickles (``GameState`` as it is, the All Fours ``PlayerView`` field
by field through ``__reduce__``), while actions, events, rulesets, cards and the KQJ view stay
Python classes in modules that are not compiled; and the public functions that check a value
themselves (a seat, a seed, a dealer) take it as ``object``, because compiled code checks
annotated types before the function runs (``tests/engine/test_wrong_types.py``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES = (
    "engine/shuffles.py",
    "engine/hidden.py",
    "engine/allfours/deck.py",
    "engine/allfours/state.py",
    "engine/allfours/dealing.py",
    "engine/allfours/kicks.py",
    "engine/allfours/trumps.py",
    "engine/allfours/play.py",
    "engine/allfours/scoring.py",
    "engine/allfours/legality.py",
    "engine/allfours/game.py",
    "engine/allfours/inference.py",
    "engine/allfours/opponents.py",
    "engine/allfours/rollout.py",
    "engine/allfours/simulate.py",
    "engine/kqj/deck.py",
    "engine/kqj/state.py",
    "engine/kqj/dealing.py",
    "engine/kqj/bidding.py",
    "engine/kqj/play.py",
    "engine/kqj/scoring.py",
    "engine/kqj/legality.py",
    "engine/kqj/game.py",
    "engine/kqj/inference.py",
    "engine/kqj/opponents.py",
    "engine/kqj/rollout.py",
    "engine/kqj/simulate.py",
)
"""The compiled modules: the rule steps, the state, the legality checks and the simulation
path of both families (what ``apply`` and a play-out run through)."""


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
    extensions = mypycify([*options, *MODULES], opt_level="3", target_dir="build/mypyc")
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
    print(f"engine: {len(compiled)} of {len(MODULES)} modules compiled")
    if len(compiled) != len(MODULES):
        sys.exit("engine: some modules did not compile")


if __name__ == "__main__":
    main()
