"""The files that ship and run the bot: Dockerfile, compose.yaml, compose.postgres.yaml,
constraints.txt, .dockerignore, .gitignore, LICENSE. (No Docker engine runs here, so the
Dockerfile is checked by reading it, and its one non-trivial command is run as the build would
run it; the health check, the restore recipe and the uid messages it relies on are run for real
in test_health.py, test_backup.py and test_main.py.)"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot.settings import load_settings
from bot.storage import Storage
from tests.bot.postgres_support import PASSWORD, PostgresCluster
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
        if found:
            found[-1].append(line)
    return found


def global_arguments() -> dict[str, str]:
    """The ``ARG name=value`` lines before the first stage (usable in every ``FROM``)."""
    found = {}
    for line in dockerfile():
        if line.startswith("FROM "):
            break
        name, _, value = line.removeprefix("ARG ").partition("=")
        found[name] = value
    return found


def project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]  # type: ignore[no-any-return]


def test_dependencies_are_installed_before_any_code_is_copied() -> None:
    """A code change must not reinstall the dependencies: the build stage copies only
    pyproject.toml, and the run stage copies the code after the installed environment."""
    build, _, run = stages()
    copies = [line for line in build if line.startswith("COPY ")]
    assert copies == ["COPY pyproject.toml constraints.txt ./"]
    install = next(i for i, line in enumerate(run) if line.startswith("COPY --from=build"))
    code = [i for i, line in enumerate(run) if line.split()[1:2] and line.split()[1] in CODE]
    engine = next(i for i, line in enumerate(run) if line.startswith("COPY --from=engine"))
    assert len(code) == len(CODE) - 1 and min([*code, engine]) > install


def test_the_image_runs_the_engine_compiled_without_a_compiler() -> None:
    """The engine stage compiles the engine (scripts/compile_engine.py) with the compiler and
    mypy it installs; the run stage takes the built engine and installs neither."""
    _, engine, run = stages()
    assert engine[0] == "FROM ${PYTHON_IMAGE} AS engine"
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
    assert run.endswith(
        "&& pip install --constraint constraints.txt --requirement requirements.txt"
    )
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


def test_every_stage_starts_from_one_base_image_pinned_by_digest() -> None:
    """The same bytes months later: python:3.11-slim by its sha256 digest, named once.
    (The digest is the one public projects pin for python:3.11-slim; no registry is reached
    from here to check it.)"""
    image = global_arguments()["PYTHON_IMAGE"]
    assert re.fullmatch(r"python:3\.11-slim@sha256:[0-9a-f]{64}", image), image
    assert [stage[0].split()[1] for stage in stages()] == ["${PYTHON_IMAGE}"] * 3


def test_the_bot_runs_as_a_numeric_unprivileged_user_who_owns_the_data_folder() -> None:
    """USER by number (10001, what the README and the uid messages name): a runtime can tell
    it is not root without a passwd file, and a bind mount's owner is known in advance."""
    run = stages()[-1]
    users = [line for line in run if line.startswith("USER ")]
    assert users == ["USER 10001:10001"]
    assert any("useradd --uid 10001 --gid 10001" in line for line in run)
    assert "RUN mkdir /app/data && chown 10001:10001 /app/data" in run
    assert "uid **10001**" in (ROOT / "README.md").read_text()


def test_the_health_check_asks_the_running_bot() -> None:
    """HEALTHCHECK runs python -m bot.health against the socket the image's bot answers on;
    exit 0 healthy, 1 unhealthy (bot/health.py, exercised in test_health.py)."""
    run = stages()[-1]
    checks = [line for line in run if line.startswith("HEALTHCHECK ")]
    assert len(checks) == 1
    assert checks[0].endswith('CMD ["python", "-m", "bot.health"]')
    assert "--start-period=" in checks[0] and "--retries=" in checks[0]
    environment = " ".join(line for line in run if line.startswith("ENV "))
    assert "HEALTH_SOCKET=/tmp/allfours-health.sock" in environment
    assert "PYTHONPATH=/app" in environment
    # .env.example must not switch it off: an empty HEALTH_SOCKET in .env would override it.
    example = (ROOT / ".env.example").read_text().splitlines()
    assert not any(line.startswith("HEALTH_SOCKET") for line in example)


def test_the_image_installs_the_locked_versions() -> None:
    """constraints.txt is in the build context and every pip install of the image uses it."""
    installs = [line for line in dockerfile() if line.startswith("RUN ") and "pip install" in line]
    assert len(installs) == 2
    assert all("pip install --constraint constraints.txt" in line for line in installs)
    assert "!constraints.txt" in (ROOT / ".dockerignore").read_text().splitlines()


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
        for name, value in compose_environment(bot, PASSWORD).items():
            monkeypatch.setenv(name, value)
        settings = load_settings()
        assert settings.database == "postgresql://allfours@postgres:5432/allfours"
        assert os.environ["PGPASSWORD"] == PASSWORD
        assert settings.shards is not None and settings.shards.count == len(bots)
        owned.append(settings.shards.ids)
    assert owned == [frozenset({0}), frozenset({1})]


def compose_environment(service: dict[str, Any], password: str) -> dict[str, str]:
    """A service's environment as Compose interpolates it, with POSTGRES_PASSWORD set."""
    pattern = re.compile(r"\$\{POSTGRES_PASSWORD(?::\?[^}]*)?\}")
    return {
        name: pattern.sub(lambda _: password, str(value))
        for name, value in service["environment"].items()
    }


async def test_the_compose_password_with_any_characters_logs_in(
    password_cluster: PostgresCluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`p@ss:w/rd` as POSTGRES_PASSWORD: a bot of compose.postgres.yaml, with its environment
    exactly as Compose interpolates it (only the host is the test server's instead of the
    service name), logs in as allfours to a server that asks for that password; with the
    password inside the URL, the `@` and `/` used to break it."""
    password_cluster.sql("DROP DATABASE IF EXISTS allfours")
    password_cluster.sql("DROP ROLE IF EXISTS allfours")
    password_cluster.sql(f"CREATE ROLE allfours LOGIN PASSWORD '{PASSWORD}'")
    password_cluster.sql("CREATE DATABASE allfours OWNER allfours")
    compose = yaml.safe_load((ROOT / "compose.postgres.yaml").read_text())
    environment = compose_environment(compose["services"]["bot-0"], PASSWORD)
    assert environment["PGPASSWORD"] == PASSWORD
    here = f"127.0.0.1:{password_cluster.port}"
    environment["DATABASE_URL"] = environment["DATABASE_URL"].replace("postgres:5432", here)
    for name, value in {**environment, "DISCORD_TOKEN": TOKEN}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    storage = await Storage.open(load_settings().database)
    try:
        assert await storage.schema_version() > 0
    finally:
        await storage.close()
    assert password_cluster.sql("SELECT COUNT(*) FROM games", "allfours").strip() == "0"


def pins() -> dict[str, str]:
    text = (ROOT / "constraints.txt").read_text()
    found = re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", text, re.MULTILINE)
    return {canonicalize_name(name): version for name, version in found}


def test_constraints_pin_every_dependency_within_the_project_ranges() -> None:
    """Every distribution the project needs (its dependencies and extras, and theirs, as
    installed here) has a pin, and each of the project's own requirements accepts its pin: a
    dependency added to pyproject.toml without regenerating constraints.txt fails here."""
    pinned = pins()
    for requirement, _ in project_requirements():
        name = canonicalize_name(requirement.name)
        assert requirement.specifier.contains(pinned[name], prereleases=True), name
    wanted = project_requirements()
    seen: set[str] = set()
    while wanted:
        requirement, extra = wanted.pop()
        marker = requirement.marker
        if marker is not None and not marker.evaluate({"extra": extra or ""}):
            continue
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not pinned in constraints.txt (regenerate it)"
        if name in seen:
            continue
        seen.add(name)
        for text in importlib.metadata.requires(requirement.name) or []:
            wanted += [(Requirement(text), each) for each in (None, *requirement.extras)]
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    assert not any(line.startswith("-") for line in lines), "no index or find-links of a machine"


def project_extras() -> list[tuple[str, list[str]]]:
    extras = project()["optional-dependencies"]
    assert isinstance(extras, dict)
    return [(name, list(texts)) for name, texts in extras.items()]


def project_requirements() -> list[tuple[Requirement, str | None]]:
    dependencies = project()["dependencies"]
    assert isinstance(dependencies, list)
    found: list[tuple[Requirement, str | None]] = [(Requirement(t), None) for t in dependencies]
    for extra, texts in project_extras():
        found += [(Requirement(text), extra) for text in texts]
    return found


def test_ci_installs_the_locked_versions() -> None:
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    installs = [line for line in lines if "pip install" in line and "-e " in line]
    assert installs and all(
        "-c constraints.txt" in line or "--constraint constraints.txt" in line for line in installs
    )


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
        source.rstrip("/")
        for line in dockerfile()
        if line.startswith("COPY ") and "--from" not in line
        for source in line.split()[1:-1]
    }
    assert all(any(path == a or path.startswith(f"{a}/") for a in allowed) for path in copied)
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
        ("data/allfours.db-restore-4242", True),  # a restore killed half-way
        ("backup.db-partial-4242", True),  # a backup killed half-way
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
