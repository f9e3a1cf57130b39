"""The house's fences: no import circle between the project's modules, and rooms sized to be
read (DESIGN.md: a module holds one thing; one that grows past ~500 lines is split along its
seams unless it is one rule or one table of data, named below with the reason)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "bot", "cogs")
MAX_LINES = 500
ONE_THING = {
    "engine/records/replay.py": "one procedure: a record's deals replayed and every fact checked",
    "engine/records/reading.py": "one format's reader, naming the line of every error",
    "engine/hidden.py": "one algorithm: the exact sampler of hidden deals, uniform or weighed",
    "engine/allfours/state.py": "one table of data: the state's fields, views and JSON codec",
    "engine/kqj/state.py": "one table of data: the state's fields, views and JSON codec",
}
"""Rooms allowed past the limit, and why each is one thing."""


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that importing ``name`` runs: imports anywhere in it (a function's
    own import runs too when it is called), except those only the type checker sees."""
    out: set[str] = set()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for statement in ast.parse(path.read_text(encoding="utf-8")).body:
        if _is_type_checking(statement):
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Import):
                out.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    prefix = package[: len(package) - (node.level - 1)]
                    base = ".".join(prefix + ([node.module] if node.module else []))
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    out.add(full if full in modules else base)
    return {module for module in out if module in modules and module != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def test_no_module_imports_itself_round_a_circle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", PACKAGES)
def test_rooms_are_sized_to_be_read(package: str) -> None:
    too_big = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and relative not in ONE_THING:
            too_big[relative] = lines
    assert too_big == {}, "split these along their seams, or name them in ONE_THING with why"


def test_every_room_named_as_one_thing_still_exists_and_is_large() -> None:
    for relative in ONE_THING:
        path = ROOT / relative
        assert path.exists(), relative
        assert len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES, relative
