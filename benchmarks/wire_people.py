"""The simulated people of ``wire_bench.py``: they see only what a Discord client would show
them (the channel's public messages and their own ephemeral panels, as kept by
``wire_fake.FakeDiscord``) and do only what a person can do: run a slash command, click a
button, pick in a select.

A person acts only when the game waits for them (``is_my_turn``: what they can tell from the
table message and the nudges), then clicks a legal decision in their hand panel
(``choose``), after a think time. How they get a panel each turn is the ``mode`` of the run:

- ``open``: "My hand" on the table message at every turn of theirs, as someone who lost their
  old panel up the channel would (the bot's panel bookkeeping at its highest);
- ``keep``: "My hand" once before the game, then every decision in that panel as the bot's
  edits keep it up to date (what the bot does on its own, with no panel opened);
- ``burst``: as ``open``, but every table's decision clicks wait for each other and go at once.

Their choices are seeded (the game's seed and the seat's person), and made among the choices
sorted by code, so two runs of the same seeds play the same games whatever order a panel
shows its buttons in.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from wire_fake import Click, FakeDiscord, Message

CLICKS_PER_SECOND = 4
"""How fast one person clicks at most (the bot ignores more than five a second)."""
TURN_WAIT = 120.0
"""Seconds a person waits for their turn (or an answer) before the run is declared stuck."""
STALE_WAIT = 3.0
"""Seconds a person who just acted waits for the table message to show their move before
reading it anyway (a move that changes nothing public)."""
PANEL_WAIT = 5.0
"""Seconds a person in ``keep`` mode waits for the bot to update their panel once the table
says it is their turn, before opening a new one."""
HIGHLIGHTED = (1, 3)
"""Button styles primary and success: how a panel marks the cards that may be played when
every card stays clickable (KQJ)."""


class StuckError(RuntimeError):
    """The bot did not answer, or a table stopped moving."""


def is_my_turn(table_message: Message | None, nudges: Sequence[Message], user_id: int) -> bool:
    """Whether a person can tell that the game waits for them: the current table message, or a
    nudge still in the channel, mentions them.

    This is the one place that reads the table message's text: change it here when that text
    changes (today the message's content is ``<@id> — your turn.`` for whoever is to act).
    """
    mention = f"<@{user_id}>"
    if table_message is not None and mention in table_message.content:
        return True
    return any(mention in nudge.content for nudge in nudges)


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a person may click in their panel."""

    custom_id: str
    values: tuple[str, ...] | None = None
    """The options picked in a select (None: a button)."""
    draft: bool = False
    """A select that prepares a decision (``:d:``): its options are picked when chosen."""
    picks: int = 1


def choices(panel: Message | None, *, drafted: bool) -> list[Choice]:
    """The legal decisions a panel offers, sorted by what they do: every enabled decision
    button (``<fam>:a:<game>:<version>:<code>``; among card buttons, only the highlighted ones
    when the panel highlights some, for a panel that leaves every card clickable marks the
    playable ones, and none while the panel offers another decision: a hand judged for a
    stand or a bid stays clickable but plays nothing then), every option of an action select
    (``:v:``), and each draft select (``:d:``) until the person has used one for this
    decision (``drafted``)."""
    if panel is None:
        return []
    buttons = [
        item
        for item in panel.items()
        if item.get("type") == 2 and not item.get("disabled", False) and _kind(item) == "a"
    ]
    cards = [b for b in buttons if _code(b).startswith("P:")]
    others = len(buttons) > len(cards) or any(
        item.get("type") == 3 and not item.get("disabled", False) for item in panel.items()
    )
    if any(b.get("style") in HIGHLIGHTED for b in cards):
        unplayable = {id(b) for b in cards if b.get("style") not in HIGHLIGHTED}
        buttons = [b for b in buttons if id(b) not in unplayable]
    elif others:  # a hand shown while its owner decides something else (stand, bid...)
        buttons = [b for b in buttons if not _code(b).startswith("P:")]
    found = [Choice(str(b["custom_id"])) for b in buttons]
    for item in panel.items():
        if item.get("type") != 3 or item.get("disabled", False):
            continue
        values = sorted(str(option["value"]) for option in item.get("options", []))
        if _kind(item) == "v":
            found.extend(Choice(str(item["custom_id"]), (value,)) for value in values)
        elif _kind(item) == "d" and not drafted and values:
            picks = int(item.get("min_values") or 1)
            found.append(Choice(str(item["custom_id"]), tuple(values), draft=True, picks=picks))
    return sorted(found, key=lambda c: (c.custom_id.split(":", 4)[-1], c.values or ()))


def _kind(item: dict[str, Any]) -> str:
    parts = str(item.get("custom_id", "")).split(":")
    return parts[1] if len(parts) > 1 else ""


def _code(item: dict[str, Any]) -> str:
    return str(item.get("custom_id", "")).split(":", 4)[-1]


@dataclass
class Tally:
    """What the people did in one run."""

    decisions: int = 0
    drafts: int = 0
    openings: int = 0
    nothing_to_decide: int = 0
    """Turns announced by the table message whose panel offered nothing (it was behind)."""
    late_panels: int = 0
    """``keep`` mode: panels the bot did not bring up to date in time, opened anew."""
    unchanged_tables: int = 0
    """Moves after which the table message did not change within ``STALE_WAIT``."""
    burst_clicks: int = 0


class Rendezvous:
    """Makes the decision clicks of every table go at once: each table's next click waits
    until every table still playing has one ready."""

    def __init__(self, tables: int) -> None:
        self.active = tables
        self._arrived: set[int] = set()
        self._gate = asyncio.Event()

    async def arrive(self, table: int) -> None:
        self._arrived.add(table)
        gate = self._gate
        if len(self._arrived) >= self.active:
            self._open()
        await gate.wait()

    def leave(self, table: int) -> None:
        self.active -= 1
        self._arrived.discard(table)
        if self._arrived and len(self._arrived) >= self.active:
            self._open()

    def _open(self) -> None:
        gate, self._gate = self._gate, asyncio.Event()
        self._arrived.clear()
        gate.set()


@dataclass
class Table:
    """One table: its channel and the people sitting at it."""

    index: int
    fake: FakeDiscord
    channel_id: int
    prefix: str
    """The family's custom_id prefix (``af``, ``kq``)."""
    people: list[Person] = field(default_factory=list)
    game_id: int | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    burst_quota: int = 0
    burst_clicks: int = 0
    closed: bool = False
    """The game is no longer open (the benchmark reads it in the bot's database, for checkouts
    whose game-over message has no "Play again" button to tell)."""
    moved: dict[int, int] = field(default_factory=dict)
    """Person -> when their latest decision was answered (the fake's clock of changes): what
    the table message shows everyone (the card played, the bid made)."""

    @property
    def channel(self) -> Any:
        return self.fake.channels[self.channel_id]

    def public(self) -> list[Message]:
        messages = self.fake.messages
        return [messages[i] for i in self.channel.public if i in messages]

    def _latest(self, marker: str) -> Message | None:
        for message in reversed(self.public()):
            if any(custom_id.startswith(marker) for custom_id in message.custom_ids()):
                return message
        return None

    def lobby(self) -> Message | None:
        return self._latest(f"{self.prefix}:l:{self.game_id}:")

    def table_message(self) -> Message | None:
        return self._latest(f"{self.prefix}:h:{self.game_id}")

    def nudges(self) -> list[Message]:
        return [m for m in self.public() if not m.components and "<@" in m.content]

    def is_over(self) -> bool:
        return self.closed or self._latest(f"{self.prefix}:p:{self.game_id}") is not None

    def close(self) -> None:
        """The game ended; wakes the people waiting."""
        self.closed = True
        self.channel.pulse()

    def finish(self) -> None:
        """Stop playing here (the burst quota is used up); wakes the people waiting."""
        self.stop.set()
        self.channel.pulse()

    def done(self) -> bool:
        return self.stop.is_set() or self.is_over()

    async def changed(self, within: float) -> None:
        """Wait until anything in the channel changes (or ``within`` seconds pass)."""
        pulse = self.channel.changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pulse.wait(), within)


@dataclass
class Person:
    user_id: int
    table: Table
    rng: Random
    """Their choices (seeded: the same game gets the same choices)."""
    pace: Random
    """Their think times (apart, so that the choices do not depend on the think time)."""
    panel_id: int | None = None
    clicked: deque[float] = field(default_factory=deque)
    """When they last clicked (see ``paced``)."""

    async def paced(self) -> None:
        """People click at most ``CLICKS_PER_SECOND`` times a second (the bot refuses clicks
        faster than five a second from one user): wait until the next click is in pace."""
        now = time.perf_counter()
        while self.clicked and now - self.clicked[0] >= 1.0:
            self.clicked.popleft()
        if len(self.clicked) >= CLICKS_PER_SECOND:
            await asyncio.sleep(1.0 - (now - self.clicked[0]))
            self.clicked.popleft()
        self.clicked.append(time.perf_counter())

    def panel(self) -> Message | None:
        return self.table.fake.messages.get(self.panel_id) if self.panel_id else None

    def panel_is_current(self) -> bool:
        """Whether the panel was drawn after everyone else's latest move: then its enabled
        buttons are what its owner may do now. (Between moves a panel keeps its cards
        clickable, so enabled buttons alone do not tell a waiting panel from a live one; the
        bot redraws a panel once a move changes what it offers, and answers its owner's own
        clicks with it.)"""
        panel = self.panel()
        others = [seq for user, seq in self.table.moved.items() if user != self.user_id]
        return panel is not None and panel.seq > max(others, default=0)

    def my_turn(self) -> bool:
        table = self.table
        return is_my_turn(table.table_message(), table.nudges(), self.user_id)

    async def answered(self, click: Click) -> Click:
        try:
            await asyncio.wait_for(click.answered.wait(), TURN_WAIT)
        except TimeoutError:
            raise StuckError(f"interaction {click.id} ({click.label}) was never answered") from None
        return click

    async def open_panel(self, tally: Tally) -> None:
        """Click "My hand" on the table message; the answer is the new panel."""
        table = self.table
        message = table.table_message()
        if message is None:
            raise StuckError(f"table {table.index} has no table message to open a panel from")
        await self.paced()
        click = await table.fake.click(
            user_id=self.user_id,
            message=message,
            custom_id=f"{table.prefix}:h:{table.game_id}",
            label="open panel",
        )
        await self.answered(click)
        tally.openings += 1
        if click.message_id is not None:
            self.panel_id = click.message_id

    async def play(
        self, mode: str, think: float, tally: Tally, rendezvous: Rendezvous | None
    ) -> None:
        """Play until the game is over (or the table's burst quota is used up)."""
        table = self.table
        seen = -1  # the public revision after which the table message shows our last move
        while True:
            waited_since = time.perf_counter()
            while not table.done() and not (
                table.channel.public_revision > seen and self.my_turn()
            ):
                stale = table.channel.public_revision <= seen
                if stale and time.perf_counter() - waited_since > STALE_WAIT:
                    tally.unchanged_tables += 1
                    seen = -1
                    continue
                if time.perf_counter() - waited_since > TURN_WAIT:
                    raise StuckError(
                        f"table {table.index}: person {self.user_id} saw no turn of theirs for "
                        f"{TURN_WAIT:g} s (does is_my_turn still read the table message right?)"
                    )
                await table.changed(STALE_WAIT if stale else TURN_WAIT)
            if table.done():
                return
            if mode == "keep" and self.panel_id is not None:
                if not await self._panel_brought_up(tally):
                    continue
            else:
                await self.open_panel(tally)
            acted = await self._decide(mode, think, tally, rendezvous)
            if not acted:
                tally.nothing_to_decide += 1
            seen = table.channel.public_revision

    async def _panel_brought_up(self, tally: Tally) -> bool:
        """``keep``: wait for the bot's edit that brings the panel up to date; False if the
        table stops announcing the turn meanwhile (it was behind)."""
        table = self.table
        began = time.perf_counter()
        while not self.panel_is_current():
            if table.done() or not self.my_turn():
                return False
            if time.perf_counter() - began > PANEL_WAIT:
                tally.late_panels += 1
                await self.open_panel(tally)
                return True
            await table.changed(PANEL_WAIT)
        return True

    async def _decide(
        self, mode: str, think: float, tally: Tally, rendezvous: Rendezvous | None
    ) -> bool:
        """Click one decision in the panel (after a draft when the panel asks for one); False
        if the panel offers none."""
        table = self.table
        drafted = False
        for _ in range(8):
            panel = self.panel()
            options = choices(panel, drafted=drafted)
            if panel is None or not options:
                return False
            choice = self.rng.choice(options)
            values = choice.values
            if choice.draft and values is not None:
                values = tuple(sorted(self.rng.sample(values, choice.picks)))
            if mode != "burst" and think > 0:
                await asyncio.sleep(think * (0.5 + self.pace.random()))
            burst = mode == "burst" and not choice.draft and rendezvous is not None
            if burst and rendezvous is not None:
                await rendezvous.arrive(table.index)
                if table.done():
                    return True
            await self.paced()
            click = await table.fake.click(
                user_id=self.user_id,
                message=panel,
                custom_id=choice.custom_id,
                values=list(values) if values is not None else None,
                label="draft" if choice.draft else "act",
                burst=burst,
            )
            await self.answered(click)
            if choice.draft:
                tally.drafts += 1
                drafted = True
                continue
            tally.decisions += 1
            table.moved[self.user_id] = click.answer_seq
            if burst:
                tally.burst_clicks += 1
                table.burst_clicks += 1
                if table.burst_clicks >= table.burst_quota:
                    table.finish()
            return True
        return False


def game_id_of(message: Message, prefix: str) -> int:
    """The game a lobby message belongs to, from its buttons' custom_ids."""
    for custom_id in message.custom_ids():
        found = re.fullmatch(rf"{prefix}:l:(\d+):.*", custom_id)
        if found:
            return int(found[1])
    raise StuckError(f"no lobby buttons in the answer: {message.content!r} {message.embeds!r}")
