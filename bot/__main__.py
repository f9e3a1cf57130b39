"""``python -m bot``: read the settings, check the database, connect to Discord, serve until
SIGTERM or SIGINT, then stop gracefully (see ``GameBot.close``) and exit 0.

Every failure is one line on stderr starting with ``error:``, never a traceback, and the exit
status says what a supervisor should do about it:

- ``0``: stopped on request (``docker stop``, systemd, Ctrl-C).
- ``1``: Discord could not be reached, or kept answering 5xx or nothing at all, through
  ``StartupLimits.attempts`` attempts with growing pauses; or the PostgreSQL server did not
  answer: starting again later may work.
- ``2``: the configuration is wrong (a setting or a line of ``.env``, inconsistent shard
  settings, the database folder or file, a SQLite database another bot process already runs
  on, a database a newer version of the bot wrote, a PostgreSQL login refused or SSL it lacks,
  a token Discord refuses, a ``DEV_GUILD_ID`` the bot is not in): starting again cannot help.

``--wait-on-config-error`` (the Docker image's command) prints the line of status 2 and then
waits for a stop signal instead of exiting, because no restart policy of Docker's can tell a
configuration error from a crash: without it, ``restart: unless-stopped`` would start the bot
again and again with the same error.

Once connected, the bot logs one ``ready:`` line (its name, servers and shards); with
``HEALTH_SOCKET`` set it answers ``python -m bot.health`` there (``bot.health``). No line it
prints holds the token or a database password (``bot.settings.scrub`` is the last guard).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import enum
import logging
import os
import signal
import sys
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Final, TypeVar

import aiohttp
import discord

import engine
from bot.app import GameBot
from bot.health import HealthServer, HealthSocketInUseError, describe_connection
from bot.settings import Settings, SettingsError, load_settings, scrub, url_secrets
from bot.storage import (
    MigrationError,
    ProcessLock,
    Storage,
    StorageOpenError,
    StorageUnreachableError,
)
from bot.worker import LOG_FORMAT

log = logging.getLogger("bot")
T = TypeVar("T")

STOPPED: Final = 0
UNREACHABLE: Final = 1
CONFIGURATION: Final = 2
STOP_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)


@dataclass(frozen=True, slots=True)
class StartupLimits:
    """How long start-up keeps trying to reach Discord before it gives up in one line."""

    attempts: int = 3
    attempt_timeout: float = 30.0
    """Seconds for one attempt: log in, sync the commands, connect the first gateway shard
    (discord.py itself retries a 5xx answer five times within an attempt)."""
    first_pause: float = 5.0
    """Seconds between the first two attempts, doubled after each one."""


class StartupError(Exception):
    """Start-up cannot go on: ``str()`` is the operator's one line, ``status`` the exit code."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def main(argv: Sequence[str] | None = None, *, limits: StartupLimits | None = None) -> int:
    options = _arguments(argv)
    secrets = _environment_secrets()
    try:
        settings = load_settings()
    except SettingsError as exc:
        error = StartupError(str(exc), CONFIGURATION)
        return _failed(error, secrets, wait=options.wait_on_config_error)
    secrets += settings.secrets()
    logging.basicConfig(
        level=settings.log_level,
        format=LOG_FORMAT,
        stream=sys.stderr,
    )
    # The bot has no voice features: discord.py's warnings about voice libraries are noise.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    try:
        return asyncio.run(serve(settings, limits or StartupLimits()))
    except StartupError as exc:
        return _failed(exc, secrets, wait=options.wait_on_config_error)
    except KeyboardInterrupt:  # only where the loop cannot take signals (Windows)
        return STOPPED


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Run the All Fours Discord bot until stopped."
    )
    parser.add_argument(
        "--wait-on-config-error",
        action="store_true",
        help="after a configuration error, wait for a stop signal instead of exiting (for "
        "restart policies that would otherwise start the bot again and again)",
    )
    return parser.parse_args(argv)


def _environment_secrets() -> list[str]:
    """The secrets in the environment itself, to hide them even from a line printed before
    the settings could be read."""
    found = [os.environ.get(name, "") for name in ("DISCORD_TOKEN", "PGPASSWORD")]
    return [*found, *url_secrets(os.environ.get("DATABASE_URL", ""))]


def _failed(error: StartupError, secrets: Sequence[str], *, wait: bool) -> int:
    line = scrub(str(error), secrets)
    if wait and error.status == CONFIGURATION:
        print(f"error: {line} (waiting for a stop signal)", file=sys.stderr, flush=True)
        _wait_for_stop_signal()
    else:
        print(f"error: {line}", file=sys.stderr, flush=True)
    return error.status


def _wait_for_stop_signal() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    signal.sigwait(STOP_SIGNALS)


# --- running ------------------------------------------------------------------------------------


class _Interrupted(enum.Enum):
    STOPPED = "a stop signal came first"
    TIMED_OUT = "the time ran out"


async def serve(settings: Settings, limits: StartupLimits) -> int:
    """Start (within ``limits``), serve until a stop signal, stop gracefully; the exit status.

    Each start-up attempt builds a fresh bot and closes it whole if the attempt fails, so an
    attempt never inherits half of another's state (an open database, loaded extensions)."""
    stop = asyncio.Event()

    def stop_requested(signum: signal.Signals) -> None:
        log.info("%s received: stopping", signum.name)
        stop.set()

    loop = asyncio.get_running_loop()
    for signum in STOP_SIGNALS:
        try:
            loop.add_signal_handler(signum, stop_requested, signum)
        except NotImplementedError:  # Windows: Ctrl-C arrives as KeyboardInterrupt
            break
    async with contextlib.AsyncExitStack() as held:
        # Local problems first: a read-only volume is reported before any wait for the network.
        await _check_database(settings.database, held)
        health = None
        if settings.health_socket is not None:
            health = await _answer_health_checks(settings, held)
        if settings.shards is not None:
            log.info("running shard(s) %s", settings.shards)
        compiled = engine.compiled_modules()
        # Whether the engine runs compiled (scripts/compile_engine.py) decides how fast the
        # computer players think: worth one line when comparing hosts.
        log.info(
            "engine: %s",
            f"{len(compiled)} modules compiled" if compiled else "pure Python (not compiled)",
        )
        return await _start_and_serve(settings, limits, stop, health)


async def _answer_health_checks(
    settings: Settings, held: contextlib.AsyncExitStack
) -> HealthServer:
    assert settings.health_socket is not None
    server = HealthServer(settings.health_socket, settings.secrets())
    try:
        return await held.enter_async_context(server)
    except HealthSocketInUseError as exc:
        raise StartupError(str(exc), CONFIGURATION) from None
    except OSError as exc:
        raise StartupError(
            f"cannot answer health checks at HEALTH_SOCKET {settings.health_socket}: "
            f"{exc.strerror or exc}",
            CONFIGURATION,
        ) from None


async def _start_and_serve(
    settings: Settings, limits: StartupLimits, stop: asyncio.Event, health: HealthServer | None
) -> int:
    token = settings.discord_token.get_secret_value()
    began = time.monotonic()
    pause = limits.first_pause
    for attempt in range(1, limits.attempts + 1):
        answers = _Answers()
        async with GameBot(
            database=settings.database,
            dev_guild_id=settings.dev_guild_id,
            shards=settings.shards,
            workers=settings.workers,
        ) as bot:
            bot.http.http_trace = answers.trace()
            try:
                outcome = await _first(
                    _log_in_and_connect(bot, token), stop, limits.attempt_timeout
                )
            except Exception as exc:
                await bot.close()
                failure = _temporary_failure(exc, answers)
                if failure is None:
                    raise _fatal(exc, settings) from None
            else:
                if isinstance(outcome, asyncio.Task):
                    return await _serve_until_stopped(bot, outcome, stop, health)
                await bot.close()
                if outcome is _Interrupted.STOPPED:
                    return STOPPED
                failure = answers.explain(f"did not answer within {limits.attempt_timeout:g} s")
        if attempt == limits.attempts:
            spent = time.monotonic() - began
            raise StartupError(
                f"cannot start: Discord {failure} ({attempt} attempts in {spent:.0f} s); "
                "see https://discordstatus.com",
                UNREACHABLE,
            )
        log.warning(
            "start-up attempt %d of %d: Discord %s; trying again in %g s",
            attempt,
            limits.attempts,
            failure,
            pause,
        )
        if await _first(asyncio.sleep(pause), stop, None) is _Interrupted.STOPPED:
            return STOPPED
        pause *= 2
    raise AssertionError("unreachable: the last attempt returns or raises")


async def _check_database(database: Path | str, held: contextlib.AsyncExitStack) -> None:
    """Open the database, claim a SQLite file for this process (``held`` keeps the claim until
    the process stops), and apply pending migrations."""
    try:
        storage = await Storage.open(database, migrate=False)
        try:
            if storage.path is not None:
                held.enter_context(ProcessLock(storage.path))
            await storage.migrate()
        finally:
            await storage.close()
    except StorageOpenError as exc:
        raise _storage_failure(exc) from None
    except StorageUnreachableError as exc:
        raise StartupError(f"{exc} (is the server up?)", UNREACHABLE) from None
    except MigrationError as exc:
        message = f"the database {storage.name} cannot be migrated: {exc} (restore its backup)"
        raise StartupError(message, CONFIGURATION) from None


async def _log_in_and_connect(bot: GameBot, token: str) -> asyncio.Task[None]:
    """Log in (which runs ``setup_hook``), then run the gateway until its first shard is
    connected; the gateway's task, which goes on serving."""
    await bot.login(token)
    connected = asyncio.ensure_future(bot.wait_for("connect"))
    gateway = asyncio.create_task(bot.connect(), name="discord-gateway")
    try:
        await asyncio.wait({connected, gateway}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        gateway.cancel()
        raise
    finally:
        connected.cancel()
    if gateway.done():
        gateway.result()  # raises what closed the gateway
        raise ConnectionError("the gateway closed before it connected")  # try again
    return gateway


async def _serve_until_stopped(
    bot: GameBot, gateway: asyncio.Task[None], stop: asyncio.Event, health: HealthServer | None
) -> int:
    if health is not None:
        health.bot = bot
    announced = asyncio.create_task(_announce_ready(bot), name="announce-ready")
    signalled = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({signalled, gateway}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        signalled.cancel()
        announced.cancel()
        if health is not None:
            health.bot = None
    if stop.is_set():
        await bot.close()
        await asyncio.gather(gateway, return_exceptions=True)
        log.info("stopped")
        return STOPPED
    await bot.close()
    error = gateway.exception()
    if error is None:
        return STOPPED
    if _temporary_failure(error, _Answers()) is not None:
        # discord.py reconnects by itself; a gateway that gave up is worth a fresh start.
        raise StartupError(f"lost Discord's gateway: {_describe(error)}", UNREACHABLE)
    raise _fatal(error, None)


async def _announce_ready(bot: GameBot) -> None:
    """One line once every shard is ready and the servers are known: who, where, how many."""
    await bot.wait_until_ready()
    log.info("ready: %s", describe_connection(bot))


# --- telling failures apart ---------------------------------------------------------------------


async def _first(
    work: Coroutine[Any, Any, T], stop: asyncio.Event, within: float | None
) -> T | _Interrupted:
    """Run ``work`` unless a stop signal comes first, or ``within`` seconds pass (``None``:
    no limit); the work is then cancelled."""
    task = asyncio.ensure_future(work)
    signalled = asyncio.ensure_future(stop.wait())
    try:
        done, _ = await asyncio.wait(
            {task, signalled}, timeout=within, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        signalled.cancel()
    if task in done:
        return task.result()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    return _Interrupted.STOPPED if signalled in done else _Interrupted.TIMED_OUT


class _Answers:
    """The last error status Discord answered, to say why an attempt that timed out failed
    (discord.py may have been waiting to retry a 502 when the time ran out)."""

    def __init__(self) -> None:
        self.last: str | None = None

    def trace(self) -> aiohttp.TraceConfig:
        config = aiohttp.TraceConfig()
        config.on_request_end.append(self._on_end)
        return config

    async def _on_end(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        status = params.response.status
        if status >= 500 or status == 429:
            self.last = (
                f"answered {status} {params.response.reason} to {params.method} "
                + (params.url.path.split("/api/v10", 1)[-1])
            )

    def explain(self, otherwise: str) -> str:
        return self.last or otherwise


def _temporary_failure(exc: BaseException, answers: _Answers) -> str | None:
    """Why Discord failed, if waiting may cure it; None for any other error."""
    if isinstance(exc, discord.DiscordServerError | discord.RateLimited) or (
        isinstance(exc, discord.HTTPException) and exc.status == 429
    ):
        return answers.explain(_describe(exc))
    if isinstance(exc, discord.ConnectionClosed) and exc.code not in (4004, 4013, 4014):
        return f"closed the gateway ({exc.code})"
    if isinstance(exc, discord.GatewayNotFound):  # discord.py's name for any failed GET /gateway
        return answers.explain("gave no gateway to connect to")
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError):
        return f"could not be reached ({_describe(exc)})"
    return None


def _fatal(exc: BaseException, settings: Settings | None) -> BaseException:
    """The one line for an error that another attempt would meet again, or the error itself
    when it is a bug (its traceback is then what the operator needs)."""
    if isinstance(exc, StartupError):
        return exc
    if isinstance(exc, discord.LoginFailure) or (
        isinstance(exc, discord.ConnectionClosed) and exc.code == 4004
    ):
        return StartupError(
            "Discord refused DISCORD_TOKEN (reset it in the Developer Portal)", CONFIGURATION
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired) or (
        isinstance(exc, discord.ConnectionClosed) and exc.code in (4013, 4014)
    ):
        return StartupError("Discord refused the requested intents", CONFIGURATION)
    if isinstance(exc, StorageOpenError):
        return _storage_failure(exc)
    if isinstance(exc, StorageUnreachableError):
        return StartupError(f"{exc} (is the server up?)", UNREACHABLE)
    dev_guild = settings.dev_guild_id if settings else None
    if (
        dev_guild is not None
        and isinstance(exc, discord.Forbidden | discord.NotFound)
        and f"/guilds/{dev_guild}/commands" in str(getattr(exc.response, "url", ""))
    ):
        return StartupError(
            f"DEV_GUILD_ID {dev_guild} is not a server this bot is in (Discord answered "
            f"{exc.status} {exc.text or exc.response.reason}); invite the bot there or leave "
            "DEV_GUILD_ID empty",
            CONFIGURATION,
        )
    return exc


def _storage_failure(exc: StorageOpenError) -> StartupError:
    """The line of a database that cannot be used: its message names the cause (a folder's
    owner, SSL, a refused login...), and DATABASE_URL where that is what is wrong."""
    hint = " (check DATABASE_URL)" if exc.url_at_fault else ""
    return StartupError(f"{exc}{hint}", CONFIGURATION)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, discord.HTTPException):
        reason = exc.text or getattr(exc.response, "reason", "") or ""
        return f"answered {exc.status} {reason}".strip()
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


if __name__ == "__main__":
    sys.exit(main())
