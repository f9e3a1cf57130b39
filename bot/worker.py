"""One worker process of ``bot.workers``: it runs pure functions the bot sends it, one at a
time, and never outlives the bot.

The bot starts it as ``python -c`` with a tiny bootstrap that calls ``main`` (see
``bot.workers``) and talks to it over the process's standard input and output: each message
is a 4-byte big-endian length and a pickle. To the worker: ``(function, args)``; from it:
``("ok", result)`` or ``("error", exception)``, and once, after its imports, ``("ready",
None)``. Anything the work prints goes to standard error, never into the protocol.

It dies with the bot: on Linux the kernel sends it SIGKILL when the bot's process ends, however
it ends (``prctl(PR_SET_PDEATHSIG)``), and a thread checks that the bot is still its parent
everywhere else. Its scheduling priority is lowered first (``niceness``), so the bot's event
loop gets the CPU the moment a click arrives.
"""

from __future__ import annotations

import ctypes
import logging
import os
import pickle
import signal
import struct
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, BinaryIO, Final

from bot.games import Game, register

LOG_FORMAT: Final = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
"""How the bot and its workers write their log lines (to standard error)."""
HEADER: Final = struct.Struct(">I")
PR_SET_PDEATHSIG: Final = 1
PARENT_CHECK_SECONDS: Final = 0.5


def read_message(stream: BinaryIO) -> Any:
    """One framed pickle from ``stream``; EOFError when the other side has gone."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        raise EOFError
    (size,) = HEADER.unpack(header)
    body = stream.read(size)
    if len(body) < size:
        raise EOFError
    return pickle.loads(body)


def frame(message: object) -> bytes:
    """``message`` as one framed pickle."""
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(body)) + body


def _die_with(parent: int) -> None:
    """End this process as soon as ``parent`` (the bot) ends, whatever ends it."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent:  # the bot ended before the line above ran
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _failure(error: BaseException) -> BaseException:
    """The exception to send back: itself if it pickles, else a RuntimeError naming it."""
    try:
        pickle.dumps(error)
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def main(
    parent: int,
    niceness: int,
    preload: tuple[str, ...],
    log_level: int,
    added_games: Sequence[Sequence[str]] = (),
) -> None:
    """Serve the bot until it closes the pipe (or ends). ``added_games`` are the games the
    bot registered beyond the project's own (name, engine, family, cog), known here too."""
    _die_with(parent)
    logging.basicConfig(level=log_level, format=LOG_FORMAT, stream=sys.stderr)
    # Ctrl-C reaches the whole process group: the bot stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    # The protocol keeps the real standard output; print() in the work goes to stderr.
    protocol_out = os.fdopen(os.dup(1), "wb")
    protocol_in = os.fdopen(os.dup(0), "rb")
    os.dup2(2, 1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    for name, engine, family, cog in added_games:
        register(Game(name, engine, family, cog))
    for module in preload:  # the imports happen before "ready", not in the first task's time
        __import__(module)
    protocol_out.write(frame(("ready", None)))
    protocol_out.flush()
    while True:
        try:
            function, args = read_message(protocol_in)
        except EOFError:
            return
        try:
            reply: tuple[str, object] = ("ok", function(*args))
        except BaseException as error:  # everything goes back to the caller
            reply = ("error", _failure(error))
        try:
            data = frame(reply)
        except Exception as error:  # a result that does not pickle
            data = frame(("error", _failure(error)))
        protocol_out.write(data)
        protocol_out.flush()
