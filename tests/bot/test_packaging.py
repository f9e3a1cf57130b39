"""The files that ship and run the bot: Dockerfile, compose.yaml, .dockerignore, .gitignore,
LICENSE. (No Docker engine runs here, so the Dockerfile is checked by reading it, and its one
non-trivial command is run as the build would run it.)"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from bot.settings import load_settings
from tests.bot.process_support import TOKEN

ROOT = Path(__file__).resolve().parents[2]
CODE = ("engine", "bot", "cogs")


def dockerfile() -> list[str]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text()
    joined = re.sub(r"\\\n\s*", " ", text)
    return [line.strip() for line in joined.splitlines() if line.strip() and line[0] != "#"]


def stages() -> list[list[str]]:
    found: list[list[str]] = []
    for line in dockerfile():
        if line.startswith("FROM "):
            found.append([])
        found[-1].append(line)
    return found


def project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]  # type: ignore[no-any-return]


def test_dependencies_are_installed_before_any_code_is_copied() -> None:
    """A code change must not reinstall the dependencies: the build stage copies only
    pyproject.toml, and the run stage copies the code after the installed environment."""
    build, _, run = stages()
    copies = [line for line in build if line.startswith("COPY ")]
    assert copies == ["COPY pyproject.toml ./"]
    install = next(i for i, line in enumerate(run) if line.startswith("COPY --from=build"))
    code = [i for i, line in enumerate(run) if line.split()[1:2] and line.split()[1] in CODE]
    engine = next(i for i, line in enumerate(run) if line.startswith("COPY --from=engine"))
    assert len(code) == len(CODE) - 1 and min([*code, engine]) > install


def test_the_image_runs_the_engine_compiled_without_a_compiler() -> None:
    """The engine stage compiles the engine (scripts/compile_engine.py) with the compiler and
    mypy it installs; the run stage takes the built engine and installs neither."""
    _, engine, run = stages()
    assert engine[0] == "FROM python:3.11-slim AS engine"
    assert any("apt-get install" in line and " gcc" in line for line in engine)
    assert any("pip install" in line and "mypy" in line for line in engine)
    assert any(line.startswith("RUN python scripts/compile_engine.py") for line in engine)
    assert "COPY --from=engine /out/ ./" in run
    assert not any(" gcc" in line or "mypy" in line for line in run)


def test_dependency_list_command_reads_exactly_the_project_dependencies(tmp_path: Path) -> None:
    """Run the build's requirements command on pyproject.toml as `sh -c` would."""
    build = stages()[0]
    run = next(line for line in build if "tomllib" in line)
    command = run.removeprefix("RUN ").split(" && pip install")[0]
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    python = f"{sys.executable} -c"
    subprocess.run(["sh", "-c", command.replace("python -c", python, 1)], cwd=tmp_path, check=True)
    requirements = (tmp_path / "requirements.txt").read_text().splitlines()
    assert requirements == project()["dependencies"]


def test_bot_runs_under_tini_and_waits_on_configuration_errors() -> None:
    """PID 1 forwards docker stop's SIGTERM; a configuration error does not loop."""
    run = stages()[-1]
    assert 'ENTRYPOINT ["/usr/bin/tini", "--"]' in run
    assert any("apt-get install" in line and " tini" in line for line in run)
    assert run[-1] == 'CMD ["python", "-m", "bot", "--wait-on-config-error"]'
    assert "USER allfours" in run


def test_compose_runs_the_bot_with_env_file_and_a_named_volume() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    bot = compose["services"]["bot"]
    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    assert bot["restart"] == "unless-stopped"
    assert bot["volumes"] == ["allfours-data:/app/data"]
    assert "allfours-data" in compose["volumes"]


def test_compose_postgres_runs_two_shards_on_a_healthy_postgresql(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The scaled example: PostgreSQL with a volume and a health check, and two bots that
    wait for it and whose settings load as one consistent pair of shards covering both."""
    compose = yaml.safe_load((ROOT / "compose.postgres.yaml").read_text())
    services = compose["services"]
    postgres = services["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert postgres["volumes"] == ["allfours-postgres:/var/lib/postgresql/data"]
    assert "allfours-postgres" in compose["volumes"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    bots = {name: service for name, service in services.items() if name.startswith("bot-")}
    assert sorted(bots) == ["bot-0", "bot-1"]
    owned: list[frozenset[int]] = []
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    for bot in bots.values():
        assert bot["build"] == "." and bot["env_file"] == ".env"
        assert bot["restart"] == "unless-stopped"
        assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        for name, value in bot["environment"].items():
            monkeypatch.setenv(name, value.replace("${POSTGRES_PASSWORD}", "secret"))
        settings = load_settings()
        assert settings.database == "postgresql://allfours:secret@postgres:5432/allfours"
        assert settings.shards is not None and settings.shards.count == len(bots)
        owned.append(settings.shards.ids)
    assert owned == [frozenset({0}), frozenset({1})]


def test_dockerignore_lets_only_the_build_inputs_through() -> None:
    """An allowlist: whatever else is in the checkout (.env, databases) stays out."""
    rules = [
        line
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert rules[0] == "*"
    allowed = {rule[1:].rstrip("/") for rule in rules if rule.startswith("!")}
    copied = {
        line.split()[1].rstrip("/")
        for line in dockerfile()
        if line.startswith("COPY ") and "--from" not in line
    }
    assert copied <= allowed
    assert not any(name.startswith(".env") for name in allowed)


@pytest.mark.parametrize(
    ("path", "ignored"),
    [
        (".env", True),
        (".env.local", True),
        (".env.production", True),
        (".env.example", False),
        ("backup.db", True),
        ("data/allfours.db", True),
        ("data/allfours.db-wal", True),
        ("data/allfours.db-shm", True),
        ("data/.gitkeep", False),
    ],
)
def test_gitignore_keeps_secrets_and_databases_out(path: str, ignored: bool) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "--quiet", path], cwd=ROOT, check=False
    )
    assert (done.returncode == 0) is ignored


def test_license_is_the_mit_license_the_package_declares() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert project()["license"] == "MIT"
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the All Fours bot contributors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
