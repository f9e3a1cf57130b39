"""What ``wire_bench.py`` prints: a run's line, and the issue's table with one column per
side, the REST calls by kind, and what else the people saw."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wire_fake import KINDS
from wire_people import Tally
from wire_process import Side


@dataclass
class Window:
    """What happened between two moments of one run."""

    moves: int = 0
    seconds: float = 0.0
    cpu_main: float = 0.0
    cpu_workers: float = 0.0
    calls: Counter[str] = field(default_factory=Counter)
    body_bytes: int = 0
    upload_bytes: int = 0
    answers: dict[str, list[float]] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)
    games: int = 0
    other_sources: Counter[str] = field(default_factory=Counter)

    def add(self, other: Window) -> None:
        self.moves += other.moves
        self.seconds += other.seconds
        self.cpu_main += other.cpu_main
        self.cpu_workers += other.cpu_workers
        self.calls.update(other.calls)
        self.body_bytes += other.body_bytes
        self.upload_bytes += other.upload_bytes
        for name, times in other.answers.items():
            self.answers.setdefault(name, []).extend(times)
        for name in vars(self.tally):
            setattr(self.tally, name, getattr(self.tally, name) + getattr(other.tally, name))
        self.games += other.games
        self.other_sources.update(other.other_sources)


@dataclass
class RunResult:
    side: Side
    mode: str
    play: Window
    start: Window
    engine: str
    problems: int
    log: Path
    isolated: Window | None = None
    """``keep``: everyone's second "My hand" before the game, one at a time on an idle bot."""
    unserved: dict[str, int] = field(default_factory=dict)
    """Requests of the bot the fake had no answer for."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def times_text(values: list[float] | None) -> str:
    if not values:
        return "—"
    return f"{percentile(values, 0.5) * 1000:.0f} / {percentile(values, 0.99) * 1000:.0f} ms"


def per_move(value: float, moves: int) -> float:
    return value / moves if moves else float("nan")


def describe_run(result: RunResult) -> str:
    w = result.play
    cpu = (w.cpu_main + w.cpu_workers) * 1000
    seconds = max(w.seconds, 1e-9)
    return (
        f"{result.side.label:>10} {result.mode:<5} moves {w.moves:5d} (clicked "
        f"{w.tally.decisions}, games over {w.games}) in {w.seconds:5.1f} s "
        f"({w.moves / seconds:.0f}/s) | bot CPU {per_move(cpu, w.moves):5.1f} ms/move (main "
        f"{per_move(w.cpu_main * 1000, w.moves):.1f} + workers "
        f"{per_move(w.cpu_workers * 1000, w.moves):.1f}), {cpu / 10 / seconds:.0f}% of a core "
        f"| REST {per_move(sum(w.calls.values()), w.moves):.2f}/move | uploads "
        f"{per_move(w.upload_bytes, w.moves) / 1000:.1f} kB/move | act "
        f"{times_text(w.answers.get('act'))}, burst {times_text(w.answers.get('burst'))}, "
        f"My hand {times_text(w.answers.get('open panel'))}"
        + (f" | bot log: {result.problems} errors ({result.log})" if result.problems else "")
        + (f" | the fake could not answer {result.unserved}" if result.unserved else "")
    )


def cpu_ms(w: Window) -> float:
    """Bot CPU per move, in milliseconds."""
    return per_move((w.cpu_main + w.cpu_workers) * 1000, w.moves)


def report(results: list[RunResult], sides: list[Side], modes: list[str]) -> None:
    """The issue's table (one column per side), REST calls by kind, and what else was seen."""
    runs: dict[tuple[str, str], list[Window]] = {}
    merged: dict[tuple[str, str], Window] = {}
    starts: dict[str, Window] = {}
    alone: dict[str, Window] = {}
    for result in results:
        key = (result.side.label, result.mode)
        runs.setdefault(key, []).append(result.play)
        merged.setdefault(key, Window()).add(result.play)
        if result.mode != "burst":
            starts.setdefault(result.side.label, Window()).add(result.start)
        if result.isolated is not None:
            alone.setdefault(result.side.label, Window()).add(result.isolated)
    labels = [side.label for side in sides]

    def opening_ms(label: str) -> float | None:
        """Bot CPU of one "My hand" on an idle bot."""
        w = alone.get(label)
        if w is None or not w.tally.openings:
            return None
        return (w.cpu_main + w.cpu_workers) * 1000 / w.tally.openings

    def cpu(label: str, mode: str) -> str:
        w = merged.get((label, mode))
        if w is None or not w.moves:
            return "—"
        each = [cpu_ms(r) for r in runs[(label, mode)] if r.moves]
        spread = f" ({min(each):.1f}–{max(each):.1f})" if len(each) > 1 else ""
        return f"{cpu_ms(w):.1f} ms{spread}"

    def cpu_less_openings(label: str, mode: str) -> str:
        w, each = merged.get((label, mode)), opening_ms(label)
        if w is None or not w.moves or each is None:
            return "—"
        return f"{cpu_ms(w) - each * w.tally.openings / w.moves:.1f} ms"

    def per_move_of(fn: Any) -> Any:
        def show(label: str, mode: str) -> str:
            w = merged.get((label, mode))
            return fn(w) if w is not None and w.moves else "—"

        return show

    calls = per_move_of(lambda w: f"{per_move(sum(w.calls.values()), w.moves):.2f}")
    rows: list[tuple[str, str, Any]] = [
        ("bot CPU, all (`open`: each person opens a panel at each turn)", "open", cpu),
        ("bot CPU caused by the bot itself (`keep`: no panel opened)", "keep", cpu),
        (
            "bot CPU caused by the bot itself (`open` less its openings at the idle cost)",
            "open",
            cpu_less_openings,
        ),
        (
            "  of it in the workers (pictures), `open`",
            "open",
            per_move_of(lambda w: f"{per_move(w.cpu_workers * 1000, w.moves):.1f} ms"),
        ),
        ("REST calls, all (`open`)", "open", calls),
        ("REST calls caused by the bot itself (`keep`)", "keep", calls),
        (
            "  the same per decision a person took (moves less the cards that played themselves)",
            "keep",
            per_move_of(
                lambda w: (
                    f"{per_move(sum(w.calls.values()), w.tally.decisions):.2f}"
                    if w.tally.decisions
                    else "—"
                )
            ),
        ),
        (
            "  the same per game",
            "keep",
            per_move_of(lambda w: f"{sum(w.calls.values()) / w.games:.0f}" if w.games else "—"),
        ),
        (
            "bytes uploaded (files)",
            "open",
            per_move_of(lambda w: f"{per_move(w.upload_bytes, w.moves) / 1000:.1f} kB"),
        ),
        (
            "bytes sent (every request body)",
            "open",
            per_move_of(lambda w: f"{per_move(w.body_bytes, w.moves) / 1000:.1f} kB"),
        ),
        (
            "answer p50 / p99, steady (`open`, decisions)",
            "open",
            per_move_of(lambda w: times_text(w.answers.get("act"))),
        ),
        (
            "answer p50 / p99, steady (`keep`, decisions)",
            "keep",
            per_move_of(lambda w: times_text(w.answers.get("act"))),
        ),
        (
            "answer p50 / p99, burst (decisions of every table at once)",
            "burst",
            per_move_of(lambda w: times_text(w.answers.get("burst"))),
        ),
        (
            'answer p50 / p99, "My hand" (`open`)',
            "open",
            per_move_of(lambda w: times_text(w.answers.get("open panel"))),
        ),
        ("bot CPU in the burst", "burst", cpu),
    ]
    header = "| per move | " + " | ".join(f"`{label}`" for label in labels) + " |"
    rule = "|---|" + "---|" * len(labels)
    print(f"\n{header}\n{rule}")
    for name, mode, show in rows:
        if mode in modes:
            print(f"| {name} | " + " | ".join(show(label, mode) for label in labels) + " |")
    print("\nbot CPU: all runs of a mode together (in brackets: the lowest and highest run)")
    for mode in modes:
        print(f"\nREST calls per move by kind, `{mode}`:\n{header.replace('per move', 'kind')}")
        print(rule)
        for kind in KINDS:
            windows = [merged.get((label, mode)) for label in labels]
            if any(w is not None and w.calls.get(kind) for w in windows):
                print(
                    f"| {kind} | "
                    + " | ".join(
                        f"{per_move(w.calls[kind], w.moves):.3f}" if w and w.moves else "—"
                        for w in windows
                    )
                    + " |"
                )
    print()
    for label in labels:
        for mode in modes:
            if (w := merged.get((label, mode))) is not None:
                print(f"`{label}` {mode}: {what_happened(w)}")
        if (start := starts.get(label)) is not None and start.calls:
            print(
                f"`{label}` game starts (lobby to the first table message, outside the windows): "
                f"{sum(start.calls.values())} REST calls, {start.upload_bytes / 1000:.0f} kB "
                f"uploaded"
            )
        if (each := opening_ms(label)) is not None:
            w = alone[label]
            print(
                f'`{label}`: one "My hand" on an idle bot (closing the person\'s older panel): '
                f"{each:.1f} ms of bot CPU and {sum(w.calls.values()) / w.tally.openings:.2f} "
                f"REST calls ({w.tally.openings} openings, one at a time, before `keep` games)"
            )


def what_happened(w: Window) -> str:
    t = w.tally
    games = max(w.games, 1)
    messages = w.calls["table post"] + w.calls["table edit"]
    return (
        f"{w.moves} moves, {w.games} games over"
        + (
            f" (per game: {w.moves / games:.0f} moves, {messages / games:.0f} table posts and "
            f"edits, {w.upload_bytes / games / 1e6:.2f} MB uploaded)"
            if w.games
            else ""
        )
        + f", {t.openings} panels opened ({t.late_panels} because the bot's edit was late), "
        f"{t.nothing_to_decide} turns with nothing to decide, {t.drafts} drafts, "
        f"{t.unchanged_tables} moves without a table change"
        + (f", moves by {dict(w.other_sources)}" if w.other_sources else "")
    )
