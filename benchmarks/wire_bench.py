"""The bot's hot path measured from outside, at wire level: the real bot process against a fake
Discord over HTTP and a gateway websocket on 127.0.0.1, with simulated people playing complete
games, and what the bot costs per move.

    nice -n 10 python benchmarks/wire_bench.py [--family allfours|kqj] [--variant caribbean]
        [--option NAME=VALUE ...] [--tables 20] [--games 1] [--seed 3] [--rounds 1]
        [--think 0.3] [--pictures on|off] [--burst on|off] [--burst-clicks 20]
        [--modes open,keep] [--workers N] [--checkout PATH ...] [--keep-logs]

What runs: ``python -m bot``'s entry point (``bot.__main__.main``) of this checkout, and of
every ``--checkout`` (another checkout of the project, e.g. an older commit: its code runs
unchanged, through ``wire_launcher.py``), each in its own process with a fresh SQLite database
and its default settings (``wire_process.py``), against the fake Discord of ``wire_fake.py``
served by this process; ``wire_report.py`` prints the figures. ``--family allfours`` plays All
Fours, Caribbean unless ``--variant`` says otherwise (four people); ``kqj`` plays KQJ 3v3
(six); ``--option`` adds options to the start command (``target=7``, ``auction=true``,
``players=3`` with ``--variant english``). At every table the people (``wire_people.py``) start
a table with ``/<family> start``, join with the lobby buttons until the host can start, the
host starts, then each person acts only when the table message (or a nudge) mentions them: a
think time (uniform, 0.5 to 1.5 times ``--think`` seconds), then a legal decision in their
ephemeral hand panel, drafts first where the panel asks for one (an All Fours discard, a KQJ
bid). ``--pictures off`` is the server setting, sent first as ``/<family> settings
pictures:False``. Choices are seeded, so every side and every mode plays the same games: table
``i`` of game ``g`` has the shuffle seed ``--seed + g * tables + i``
(``bot.service._system_seed`` is replaced in the bot's process) and its people choose with
their own seeded generators, apart from those of their think times (the same games as long as
both sides deal alike from a seed: ``fbf50c9`` deals otherwise than ``c6fda7c``). A table's
game is over when its "Play again" button appears or, for checkouts without one, when the bot's
database says the game closed.

Each run is one bot process and one mode, and each mode is a different way of getting a panel
(``wire_people.py``): ``open`` (every person opens "My hand" at each of their turns), ``keep``
(each person opens a panel before the game and then acts in it as the bot's edits keep it up
to date) and ``burst`` (as ``open``, with every table's decision clicks released at once, for
``--burst-clicks`` clicks per table; those games are not finished). Runs go round-robin over
modes and sides, ``--rounds`` times, so the machine's load falls on all of them alike.

What is measured, per run, from the moment every table has its first table message (and, in
``keep``, every panel is open) until the last game is over and the bot has sent nothing for a
second:

- moves: the rows the bot wrote to its ``actions`` log (one per applied engine action), read
  from its database at both ends; the people's accepted decision clicks are printed beside it;
- bot CPU: user + system time of the bot's process and of all its descendants (the picture and
  computer workers), from ``/proc/<pid>/stat``, sampled at both ends (descendants found by
  ``ppid``; a child that exited and was reaped counts through its parent's ``cutime``);
- REST calls, by kind (``wire_fake.KINDS``): interaction answers (to a decision, to "My hand",
  to a draft), follow-ups, table message posts and edits, panel edits, panels turned into
  stubs, nudges, deletions, reads, other;
- bytes: every request body, and the files uploaded in them (the table pictures);
- answer times: from the fake sending ``INTERACTION_CREATE`` to the bot's interaction callback
  arriving, p50 and p99, for decisions in steady play and in the burst, and for "My hand".

"All" is the ``open`` run. "The bot itself" is measured twice: by the ``keep`` run (the same
games with no panel opened during play, so what remains is what every move costs whatever the
people do: the answer to the decision, the commit, the table message, the panel refreshes,
the nudge timers) and by the ``open`` run less its openings at the cost of one "My hand" on an
idle bot (before each ``keep`` game everyone opens panels again, one at a time, at least 200
openings, with the bot's CPU sampled around them). The two differ by the machine's noise:
CPU time per move varies by about a tenth from run to run on a busy shared machine, as much as
the openings cost, so use ``--rounds`` (the table shows the lowest and highest run). The start
of each game (lobby, Start, the first table message) is outside the window and printed apart.

What it does NOT model:

- Discord's latency and rate limits: the fake answers every request at once and never says
  429 (Discord's per-route buckets, and its global limit of 50 requests per second);
- gateway compression (zlib-stream) and the size of real payloads: the fake's messages carry
  the fields discord.py reads, not every field Discord sends; no reconnects or resumes; one
  server, one shard; interaction tokens never expire (Discord: 15 minutes);
- people who click out of turn, misclick, use ``/… hand``, the Hint or refresh buttons, KQJ's
  optional counters out of turn, look at the table without playing, or take longer than the
  nudge delay (20 s by default: with the default think time nobody is nudged); no computer
  players, no turn timers;
- PostgreSQL (the bot runs on SQLite, its default);
- a quiet machine: the fake and the people run in this process, on the same cores as the
  bot, so their CPU competes with the bot's and lengthens answer times (not the bot's CPU
  figures). Run it under ``nice -n 10`` on a shared machine and say what else was running.

Old and new side by side, compiled engines (``scripts/compile_engine.py`` compiles a checkout's
engine in place; both sides then log ``engine: 23 modules compiled``)::

    mkdir -p /work/old-c6fda7c && git -C /work/main archive c6fda7c | tar -x -C /work/old-c6fda7c
    (cd /work/old-c6fda7c && python scripts/compile_engine.py)
    python scripts/compile_engine.py
    nice -n 10 python benchmarks/wire_bench.py --checkout /work/old-c6fda7c
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from wire_fake import FakeDiscord  # noqa: E402
from wire_people import (  # noqa: E402
    Person,
    Rendezvous,
    StuckError,
    Table,
    Tally,
    game_id_of,
)
from wire_process import BotProcess, Side, describe_checkout  # noqa: E402
from wire_report import RunResult, Window, describe_run, report  # noqa: E402

ROOT = HERE.parent
QUIET = 1.0
"""Seconds without a request from the bot after which it is taken to be done."""
ISOLATED_OPENINGS = 200


MAX_PLAYERS = 6


@dataclass(frozen=True)
class FamilySpec:
    command: str
    prefix: str
    options: dict[str, Any]


def family_spec(family: str, variant: str, options: list[str]) -> FamilySpec:
    """The people's ``/<family> start``, with the options named on the command line."""
    chosen = dict(_option(text) for text in options)
    if family == "allfours":
        return FamilySpec("allfours", "af", {"variant": variant, **chosen})
    return FamilySpec("kqj", "kq", {"teams": "3v3", **chosen})


def _option(text: str) -> tuple[str, Any]:
    name, _, raw = text.partition("=")
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif re.fullmatch(r"-?\d+", raw):
        value = int(raw)
    return name, value


# --- one run --------------------------------------------------------------------------------


async def quiet(fake: FakeDiscord, seconds: float = QUIET, limit: float = 60.0) -> None:
    """Wait until the bot has sent nothing for ``seconds``."""
    began = time.perf_counter()
    while True:
        idle = time.perf_counter() - max(fake.last_request_at(), began)
        if idle >= seconds or time.perf_counter() - began > limit:
            return
        await asyncio.sleep(seconds - idle + 0.01)


def window_of(fake: FakeDiscord, since_call: int, since_click: set[int]) -> Window:
    """The calls and the answers of the clicks since the given marks."""
    window = Window()
    for call in fake.calls[since_call:]:
        window.calls[call.kind] += 1
        window.body_bytes += call.body_bytes
        window.upload_bytes += call.upload_bytes
    for click in fake.clicks.values():
        if click.id in since_click or click.answered_at is None:
            continue
        name = "burst" if click.burst else click.label
        window.answers.setdefault(name, []).append(click.answered_at - click.sent_at)
    return window


async def run_once(
    args: argparse.Namespace, spec: FamilySpec, side: Side, mode: str, folder: Path
) -> RunResult:
    tables_count = args.tables
    games = 1 if mode == "burst" else args.games
    seeds = [args.seed + g * tables_count + i for g in range(games) for i in range(tables_count)]
    fake = FakeDiscord.with_channels([100 + i for i in range(tables_count)])
    start, play = Window(), Window()
    isolated: Window | None = None
    async with fake.running():
        bot = BotProcess(side, folder, fake.api, seeds, args.workers)
        try:
            await bot.start(fake)
            await quiet(fake, 0.5)
            if not args.pictures:
                await set_pictures_off(fake, spec)
            for game in range(games):
                tables = seat_people(fake, spec, seeds[game * tables_count :][:tables_count])
                mark_call, mark_clicks = len(fake.calls), set(fake.clicks)
                began = time.perf_counter()
                await open_tables(fake, spec, tables, mode)
                start.add(window_of(fake, mark_call, mark_clicks))
                start.seconds += time.perf_counter() - began
                if mode == "keep":
                    isolated = await open_panels_again(fake, bot, tables)
                played = await play_games(fake, bot, tables, mode, args)
                play.add(played)
            engine = bot.line("engine: ") or "?"
        except BaseException:
            print(f"\nrun failed ({side.label}, {mode}); the bot's log ends:\n{bot.tail()}")
            raise
        finally:
            await bot.stop()
    return RunResult(
        side, mode, play, start, engine, bot.problems(), bot.log, isolated, dict(fake.unserved)
    )


def seat_people(fake: FakeDiscord, spec: FamilySpec, seeds: list[int]) -> list[Table]:
    tables = []
    for index, seed in enumerate(seeds):
        table = Table(index, fake, 100 + index, spec.prefix)
        for seat in range(MAX_PLAYERS):
            user_id = 10_000_000 + index * 10 + seat
            choices, pace = Random(f"{seed}:{seat}"), Random(f"{seed}:{seat}:pace")
            table.people.append(Person(user_id, table, choices, pace))
        tables.append(table)
    return tables


async def set_pictures_off(fake: FakeDiscord, spec: FamilySpec) -> None:
    """``/<family> settings pictures:False``, by someone allowed to (Manage Server)."""
    click = await fake.command(
        user_id=10_000_000,
        channel_id=100,
        name=spec.command,
        sub="settings",
        options={"pictures": False},
    )
    await Person(10_000_000, Table(0, fake, 100, spec.prefix), Random(), Random()).answered(click)


async def open_tables(fake: FakeDiscord, spec: FamilySpec, tables: list[Table], mode: str) -> None:
    """Lobbies one table after the other (so the seeds go to the tables in order), the
    people join, the hosts start; in ``keep`` mode everyone then opens their panel."""
    for table in tables:
        host = table.people[0]
        click = await fake.command(
            user_id=host.user_id,
            channel_id=table.channel_id,
            name=spec.command,
            sub="start",
            options=spec.options,
        )
        await host.answered(click)
        if click.message_id is None:
            raise StuckError(f"table {table.index}: /{spec.command} start was not answered")
        table.game_id = game_id_of(fake.messages[click.message_id], spec.prefix)
        # The bot notes which message is the lobby only after answering (it reads the answer
        # back): a join clicked before that would be answered aside. People are not that fast.
        await quiet(fake, 0.2)
        # As many join as the table seats: until the host's Start button is enabled.
        seated = 1
        while lobby_button(table, "s") is None:
            if seated == len(table.people):
                raise StuckError(f"table {table.index}: the lobby is full but cannot start")
            await join(table.people[seated])
            seated += 1
        del table.people[seated:]
        await lobby_click(host, "s")
    for table in tables:
        while table.table_message() is None:
            await table.changed(5.0)
    if mode == "keep":
        for table in tables:
            for person in table.people:
                await person.open_panel(Tally())
    await quiet(fake, 0.5)


async def open_panels_again(fake: FakeDiscord, bot: BotProcess, tables: list[Table]) -> Window:
    """What one "My hand" costs the bot on its own: everyone opens another panel (which
    closes their previous one), one after the other, in passes until at least
    ``ISOLATED_OPENINGS`` are made (the CPU clock ticks in hundredths of a second), and the
    bot's CPU is sampled around them."""
    mark_call, mark_clicks = len(fake.calls), set(fake.clicks)
    tally = Tally()
    cpu_before = bot.cpu()
    began = time.perf_counter()
    while tally.openings < ISOLATED_OPENINGS:
        for table in tables:
            for person in table.people:
                await person.open_panel(tally)
    await quiet(fake, 0.5)
    window = window_of(fake, mark_call, mark_clicks)
    window.cpu_main, window.cpu_workers = bot.cpu().since(cpu_before)
    window.seconds = time.perf_counter() - began
    window.tally = tally
    return window


def lobby_button(table: Table, op: str) -> dict[str, Any] | None:
    """An enabled button of the table's lobby whose operation matches ``op``."""
    lobby = table.lobby()
    if lobby is None:
        raise StuckError(f"table {table.index} has no lobby")
    pattern = re.compile(rf"{table.prefix}:l:{table.game_id}:{op}")
    for item in lobby.items():
        if pattern.fullmatch(str(item.get("custom_id", ""))) and not item.get("disabled"):
            return item
    return None


async def join(person: Person) -> None:
    """Join with the first join button that seats the person (a full team may still show
    its button): the lobby then names them."""
    table = person.table
    lobby = table.lobby()
    joins = (
        []
        if lobby is None
        else [
            str(item["custom_id"])
            for item in lobby.items()
            if re.fullmatch(rf"{table.prefix}:l:{table.game_id}:j\d?", str(item.get("custom_id")))
            and not item.get("disabled")
        ]
    )
    for custom_id in joins:
        await lobby_click(person, custom_id.rsplit(":", 1)[1])
        lobby = table.lobby()
        if lobby is not None and f"<@{person.user_id}>" in json.dumps(lobby.embeds):
            return
    raise StuckError(f"table {table.index}: no join button seats person {person.user_id}")


async def lobby_click(person: Person, op: str) -> None:
    table = person.table
    button, lobby = lobby_button(table, op), table.lobby()
    if button is None or lobby is None:
        raise StuckError(f"table {table.index}: no enabled lobby button {op!r}")
    click = await table.fake.click(
        user_id=person.user_id, message=lobby, custom_id=str(button["custom_id"]), label="lobby"
    )
    await person.answered(click)


async def play_games(
    fake: FakeDiscord, bot: BotProcess, tables: list[Table], mode: str, args: argparse.Namespace
) -> Window:
    rendezvous = Rendezvous(len(tables)) if mode == "burst" else None
    for table in tables:
        table.burst_quota = args.burst_clicks
    tally = Tally()
    mark_call, mark_clicks = len(fake.calls), set(fake.clicks)
    moves_before = bot.moves()
    cpu_before = bot.cpu()
    began = time.perf_counter()

    async def play_table(table: Table) -> None:
        try:
            await asyncio.gather(
                *(person.play(mode, args.think, tally, rendezvous) for person in table.people)
            )
        finally:
            if rendezvous is not None:
                rendezvous.leave(table.index)

    async def watch() -> None:
        while True:
            await asyncio.sleep(0.5)
            still_open = bot.open_games()
            for table in tables:
                if not table.closed and table.game_id not in still_open:
                    table.close()

    watcher = asyncio.create_task(watch())
    try:
        await asyncio.gather(*(play_table(table) for table in tables))
    finally:
        watcher.cancel()
    await quiet(fake)
    cpu_main, cpu_workers = bot.cpu().since(cpu_before)
    moves_after = bot.moves()
    window = window_of(fake, mark_call, mark_clicks)
    window.seconds = time.perf_counter() - began
    window.cpu_main, window.cpu_workers = cpu_main, cpu_workers
    window.moves = sum(moves_after.values()) - sum(moves_before.values())
    window.other_sources = Counter(
        {k: v - moves_before.get(k, 0) for k, v in moves_after.items() if k != "player"}
    )
    window.tally = tally
    window.games = sum(table.is_over() for table in tables)
    return window


# --- the command line ---------------------------------------------------------------------------


def sides_of(paths: Iterable[str]) -> list[Side]:
    """This checkout first, then the others, each named by its commit (or its folder)."""
    sides = [Side(describe_checkout(ROOT), ROOT)]
    for raw in paths:
        path = Path(raw).resolve()
        if not (path / "bot" / "__main__.py").is_file():
            raise SystemExit(
                f"error: {path} is not a checkout of this project (no bot/__main__.py)"
            )
        label = describe_checkout(path)
        if label in {s.label for s in sides}:
            label = f"{label}-{len(sides)}"
        sides.append(Side(label, path))
    return sides


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="The bot's cost per move at wire level (see the module's docstring)."
    )
    parser.add_argument("--family", choices=("allfours", "kqj"), default="allfours")
    parser.add_argument("--variant", default="caribbean", help="All Fours variant")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of /<family> start (repeatable), e.g. auction=true, target=7",
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--games", type=int, default=1, help="games per table in a run")
    parser.add_argument("--seed", type=int, default=3, help="the first table's seed")
    parser.add_argument("--rounds", type=int, default=1, help="times every run is repeated")
    parser.add_argument("--think", type=float, default=0.3, help="mean think time, seconds")
    parser.add_argument("--pictures", choices=("on", "off"), default="on")
    parser.add_argument("--burst", choices=("on", "off"), default="on")
    parser.add_argument("--burst-clicks", type=int, default=20, help="per table, in the burst")
    parser.add_argument("--modes", default="open,keep", help="open, keep (burst: --burst)")
    parser.add_argument("--workers", default=None, help="the bot's WORKERS (default: its own)")
    parser.add_argument(
        "--checkout",
        action="append",
        default=[],
        metavar="PATH",
        help="another checkout to measure beside this one (repeatable)",
    )
    parser.add_argument(
        "--keep-logs", action="store_true", help="keep the bots' logs and databases"
    )
    args = parser.parse_args(argv)
    args.pictures = args.pictures == "on"
    args.mode_list = [m for m in args.modes.split(",") if m]
    if any(m not in ("open", "keep") for m in args.mode_list):
        parser.error("--modes takes open and keep")
    if args.burst == "on":
        args.mode_list.append("burst")
    return args


async def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    spec = family_spec(args.family, args.variant, args.option)
    sides = sides_of(args.checkout)
    last_seed = args.seed + args.games * args.tables - 1
    what = f"{args.variant} All Fours" if args.family == "allfours" else "KQJ 3v3"
    if args.option:
        what += f" ({', '.join(args.option)})"
    print(
        f"wire_bench: {what}, {args.tables} tables, {args.games} "
        f"game(s) per table and run (seeds {args.seed}..{last_seed}), "
        f"{args.rounds} round(s), think {args.think:g} s (x0.5-1.5), pictures "
        f"{'on' if args.pictures else 'off'}, modes {', '.join(args.mode_list)}"
        + (f" ({args.burst_clicks} burst clicks per table)" if "burst" in args.mode_list else "")
    )
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, this process's "
        f"niceness {os.nice(0)}, Python {sys.version.split()[0]}"
    )
    for side in sides:
        print(f"side `{side.label}`: {side.path}")
    base = Path(tempfile.mkdtemp(prefix="wire-bench-"))
    results: list[RunResult] = []
    try:
        number = 0
        for round_ in range(args.rounds):
            for mode in args.mode_list:
                for side in sides:
                    number += 1
                    folder = base / f"{number:02d}-{side.label}-{mode}"
                    folder.mkdir()
                    result = await run_once(args, spec, side, mode, folder)
                    results.append(result)
                    if round_ == 0 and mode == args.mode_list[0]:
                        print(f"side `{side.label}`: engine {result.engine}")
                    print(describe_run(result), flush=True)
        report(results, sides, args.mode_list)
    finally:
        if args.keep_logs:
            print(f"logs and databases: {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
