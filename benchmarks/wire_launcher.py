"""Run a checkout's real entry point, ``bot.__main__.main`` (what ``python -m bot`` runs),
against ``wire_bench.py``'s fake Discord, with the table seeds the benchmark chose.

    PYTHONPATH=<checkout> WIRE_BENCH_API=http://127.0.0.1:<port>/api/v10 \\
        WIRE_BENCH_SEEDS=3,4,5 python benchmarks/wire_launcher.py

It changes no file of the checkout, whose code (its ``bot``, ``cogs`` and ``engine``, compiled
or not) comes from ``PYTHONPATH``, so an older checkout runs exactly as it is. Before calling
``main`` it points discord.py's REST and webhook base URLs and its default gateway at the fake
(the same three settings ``tests/bot/bot_process.py`` makes), and replaces
``bot.service._system_seed``, where every new table takes its shuffle seed, with the list of
``WIRE_BENCH_SEEDS`` taken in order (then the system's seeds again, with a warning).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

# This file's folder must not shadow the checkout's packages (spawned workers inherit sys.path).
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]


def _point_at_fake_discord(api: str) -> None:
    import discord.gateway
    import discord.http
    import discord.webhook.async_
    import yarl

    discord.http.Route.BASE = api
    discord.webhook.async_.Route.BASE = api  # type: ignore[attr-defined]
    gateway = api.removesuffix("/api/v10").replace("http", "ws", 1) + "/gateway"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def _fixed_seeds(text: str) -> None:
    """Replace the service's source of shuffle seeds: ``bot.service.core._system_seed`` in
    this checkout, ``bot.service._system_seed`` in older ones (c6fda7c)."""
    import importlib

    home = None
    for name in ("bot.service.core", "bot.service"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:  # an older checkout: bot.service is one module
            continue
        if hasattr(module, "_system_seed"):
            home = module
            break
    if home is None:
        raise SystemExit("error: this checkout's bot.service has no _system_seed to replace")
    seeds = iter(int(seed) for seed in text.split(",") if seed)
    system: Callable[[], int] = getattr(home, "_system_seed")  # noqa: B009

    def next_seed() -> int:
        for seed in seeds:
            return seed
        print("wire-bench: out of fixed seeds, using the system's", file=sys.stderr)
        return system()

    setattr(home, "_system_seed", next_seed)  # noqa: B010 (a module's function, replaced)


def main() -> int:
    _point_at_fake_discord(os.environ["WIRE_BENCH_API"])
    _fixed_seeds(os.environ.get("WIRE_BENCH_SEEDS", ""))
    import bot
    from bot.__main__ import main as bot_main

    print(f"wire-bench: bot from {os.path.dirname(bot.__file__ or '')}", file=sys.stderr)
    sys.argv[1:] = []  # what `python -m bot` gets (older checkouts' main takes no arguments)
    target = os.environ.get("WIRE_BENCH_PROFILE")
    if not target:
        return bot_main()
    # A profile of the whole bot process (its event loop; the workers are other processes),
    # one file per bot, named after its checkout: benchmarks/wire_profile.py reads them.
    import cProfile

    profile = cProfile.Profile()
    try:
        return int(profile.runcall(bot_main) or 0)
    finally:
        side = os.path.basename(os.path.dirname(os.path.dirname(bot.__file__ or "")))
        profile.dump_stats(f"{target}.{side}.{os.getpid()}.prof")


if __name__ == "__main__":
    sys.exit(main())
