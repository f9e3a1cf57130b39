"""A computer player from another checkout of this project, answering over pipes: the arena's
way to play against a frozen copy of the engine (``arena.py --b-engine PATH``).

    python benchmarks/engine_worker.py /path/to/checkout

It puts ``PATH`` first on ``sys.path`` and imports that checkout's ``engine`` (compiled
modules included, if it was built there with its own ``scripts/compile_engine.py``), so the
two engines never share a process. Each request is one line of JSON on stdin, each answer one
line on stdout:

- request: ``{"family": "allfours"|"kqj", "call": "choose"|"interrupt"|"hint", "level":
  "hard", "state": <the state's JSON>, "seat": 2, "seed": 123, "simulations": 600 or null,
  "seconds": 0.25 or null}``;
- answer: ``{"action": <the action's code, or null to stay silent>, "seconds": 0.012}``, and
  for a hint its ``"reason"`` too.

The worker rebuilds the state from its JSON (states round-trip exactly, DESIGN.md), reads the
seat's view and legal actions with its own engine, and times the level's decision alone
(``time.perf_counter`` around ``players.choose`` / ``players.interrupt``), as the arena does
for the levels it runs itself. ``seed`` seeds the decision's ``random.Random``. The first
line it writes names the checkout's commit and its compiled modules.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(root))
    import engine
    from engine import allfours, kqj
    from engine.search import Budget

    families: dict[str, Any] = {"allfours": allfours, "kqj": kqj}
    commit = _commit(root)
    hello = {"root": str(root), "commit": commit, "compiled": list(engine.compiled_modules())}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        family = families[request["family"]]
        state = family.load(request["state"])
        seat = request["seat"]
        view = family.observe(state, seat)
        legal = family.legal_actions(state, seat)
        budget = None
        if request.get("simulations") is not None or request.get("seconds") is not None:
            seconds = request.get("seconds")
            budget = Budget(
                simulations=request.get("simulations") or Budget().simulations,
                seconds=seconds,
                clock=time.perf_counter if seconds is not None else None,
            )
        rng = random.Random(request["seed"])
        call = request["call"]
        answer: dict[str, Any] = {}
        start = time.perf_counter()
        if call == "hint":
            advice = family.players.hint(view, legal, rng, budget)
            action = advice.action
            answer["reason"] = advice.reason
        elif call == "interrupt":
            action = family.players.interrupt(request["level"], view, legal, rng, budget)
        else:
            action = family.players.choose(request["level"], view, legal, rng, budget)
        answer["seconds"] = time.perf_counter() - start
        answer["action"] = family.encode_action(action) if action is not None else None
        print(json.dumps(answer), flush=True)


def _commit(root: Path) -> str:
    """The checkout's commit, from git where it is a repository, else from a ``COMMIT`` file
    (an archive exported with ``git archive`` has no ``.git``: write its commit there)."""
    marker = root / "COMMIT"
    if marker.exists():
        return marker.read_text().strip()
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        )
    except OSError:
        return "unknown"
    return found.stdout.strip() or "unknown"


if __name__ == "__main__":
    main()
