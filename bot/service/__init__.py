"""GameService: tables from lobby to result, one lock per game, durable before shown.

The flow of one click (DESIGN.md): the cog parses and authorises, then ``act(game_id, user,
code, expected_version)`` takes the game's lock, checks the seat and the version, calls the
engine, and commits the new snapshot, the action-log row, the seat counters and (at the end)
the match record and ratings in one transaction. Only then does the in-memory table change
and the presenter (registered by the cog) get asked to render; the cog answers the click
after ``act`` returns, so nothing is acknowledged before it is durable.

The service knows no game: it reaches the rules through the table's family adapter
(``bot.families``), whose statistics, results and actors it stores and schedules.

Versions: a game is at version 0 in the lobby, 1 once dealt, and every engine action adds 1.
A button carries the version it was drawn at. A click on an older version is refused ("that
was already played") unless the family says the actions logged since cannot have changed
what the click meant (``Family.still_means_the_same``) and the action is still legal: English
and Seven Up discards, which several seats make at the same time, and KQJ counters, which
aim at a bid that other players' passes leave standing. A double click is still refused (the
second carries the version the first consumed, and the log shows the clicker's own action).

Expected actors and optional actions: the family names the seats the game waits for. Only
they get a turn clock, and only computers among them are made to act; a computer seat that
merely *may* act out of turn (a KQJ counter) is asked once per version whether it wants to.

Timers use the injected clock. A turn clock runs per seat from the moment that seat is
expected to act until it acts (a player discarding several cards keeps one clock for the
whole decision); when it runs out the computer takes that one decision, and the third
consecutive expiry hands the seat to the computer. After a restart every clock starts
afresh, so nobody is charged for the downtime. Lobbies close after 15 idle minutes.

A turn-based table (``GameRecord.pace_seconds``: hours per move) stores its turns instead:
they survive a restart as they were, the second missed move in a row hands the seat to the
computer (``take_back`` returns it), and each turn is told twice at most (``clocks``).

The service is put together from one module per use case (``bot.service.core`` says how):
``lobby``, ``servers``, ``play``, ``clocks``, ``seats``, ``panels``, ``pages``, ``turns`` and
``history`` (finished games looked back at); ``model`` holds its records (snapshots, panels,
the in-memory table, refusals).
"""

from __future__ import annotations

from bot.service.clocks import Clocks
from bot.service.core import LOBBY_IDLE_SECONDS, LOCK_WAIT_SECONDS, ServiceCore
from bot.service.history import History
from bot.service.lobby import Lobby, SeatTakenError
from bot.service.model import (
    AnySnapshot,
    IllegalMoveError,
    Panel,
    Presenter,
    ServiceError,
    Snapshot,
    Table,
)
from bot.service.pages import Pages
from bot.service.panels import Panels
from bot.service.play import Play
from bot.service.seats import Seats
from bot.service.servers import Servers, public_language
from bot.service.turns import OpenTable, Turns


class GameService(Lobby, Servers, Play, Clocks, Seats, Panels, Pages, Turns, History, ServiceCore):
    """Tables from lobby to result: every use case of the game, on one lock per table."""


__all__ = [
    "LOBBY_IDLE_SECONDS",
    "LOCK_WAIT_SECONDS",
    "AnySnapshot",
    "GameService",
    "IllegalMoveError",
    "OpenTable",
    "Panel",
    "Presenter",
    "SeatTakenError",
    "ServiceError",
    "Snapshot",
    "Table",
    "public_language",
]
