"""A minimal fake of Discord for ``wire_bench.py``: an aiohttp server on 127.0.0.1 that speaks
Discord's REST API (v10) and gateway well enough for the real ``python -m bot`` to log in, sync
its commands, connect, receive slash commands and clicks, and answer, post, edit and delete
messages, with picture uploads (multipart) and the webhook edits of ephemeral hand panels.

It keeps every message it was sent (public or ephemeral, with its components), so the
simulated people of ``wire_people.py`` see what a Discord client would show them, and it
records every REST request: when it arrived, its method, its route template, the bytes of its
body and of the files in it, and what kind of call it is (``KINDS``). An interaction's answer
time runs from the moment the fake sends ``INTERACTION_CREATE`` on the gateway to the moment
the bot's interaction callback arrives.

Written for the benchmark (it depends on nothing under ``tests/``): it answers as Discord does
where the bot reads the answer (messages with ids, attachments, the callback's resource), and
no more. See ``wire_bench.py`` for what it does not model.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from aiohttp import WSMsgType, web

TRACE = os.environ.get("WIRE_FAKE_TRACE")
"""A file to append one line per REST call to: when, its kind, its route and what it said
(content, each embed's title and field names, how many components), to see which calls a
move makes (``WIRE_FAKE_TRACE=/tmp/calls.txt python benchmarks/wire_bench.py ...``)."""


def _gist(body: Any) -> str:
    """A REST body in one line: its content, each embed's title and field names."""
    if not isinstance(body, dict):
        return ""
    data = body.get("data")
    inner: dict[str, Any] = data if isinstance(data, dict) else body
    parts = [str(inner.get("content") or "")[:50]]
    for embed in inner.get("embeds") or []:
        parts.append(str(embed.get("title") or "")[:40])
        parts.append(",".join(str(f.get("name"))[:14] for f in embed.get("fields") or []))
    rows: list[dict[str, Any]] = inner.get("components") or []
    items = sum(len(row.get("components", [])) for row in rows)
    return " | ".join(parts) + f" | {items} items"


APPLICATION_ID = 900000000000000001
BOT_USER_ID = APPLICATION_ID
GUILD_ID = 1
OWNER_ID = 7
EPHEMERAL = 64
PERMISSIONS = (1 << 5) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 38)
"""Manage Server (the people may change the server's settings), and what the bot asks for
where a table is played: View Channels, Send Messages, Embed Links, Attach Files, Read Message
History, Send Messages in Threads."""

KINDS = (
    "answer: act",
    "answer: open panel",
    "answer: draft",
    "answer: lobby",
    "answer: other",
    "follow-up",
    "table post",
    "table edit",
    "panel edit",
    "panel stub",
    "nudge",
    "delete",
    "other post",
    "read",
    "other",
)
"""Every kind of REST call, in the order reports list them. ``answer: …`` is an interaction
callback, named by what the person clicked (a decision, "My hand", a draft select, a lobby
button or command); ``panel edit`` a webhook edit of an ephemeral panel that keeps buttons,
``panel stub`` one that takes every button away (an older panel closed, or the game over);
``table post`` a new channel message with the "My hand" button, ``nudge`` one that mentions
someone without any button; ``read`` a GET."""

# Interaction callback types (Discord's API).
REPLY, DEFERRED_REPLY, DEFERRED_UPDATE, UPDATE = 4, 5, 6, 7


@dataclass(slots=True)
class Message:
    """A message as Discord keeps it (only what the bot and the people read)."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[Any] = field(default_factory=list)
    components: list[Any] = field(default_factory=list)
    flags: int = 0
    attachments: list[dict[str, Any]] = field(default_factory=list)
    owner: int | None = None
    """The one person who sees an ephemeral message."""
    seq: int = 0
    """When it last changed, on the fake's clock of changes (every post and edit ticks it)."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def items(self) -> Iterator[dict[str, Any]]:
        """Every button and select of the message, row by row."""
        for row in self.components:
            yield from row.get("components", [])

    def custom_ids(self) -> list[str]:
        return [str(item.get("custom_id", "")) for item in self.items()]

    def apply(self, body: dict[str, Any], files: list[dict[str, Any]]) -> None:
        """An edit: the fields sent replace the old ones; ``attachments`` names the files kept
        (by id), and files uploaded with the edit are added (Discord's rules)."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = body["embeds"] or []
        if "components" in body:
            self.components = body["components"] or []
        if "flags" in body and body["flags"] is not None:
            self.flags = int(body["flags"])
        if "attachments" in body or files:
            kept_ids = {str(a.get("id")) for a in body.get("attachments") or []}
            kept = [a for a in self.attachments if a["id"] in kept_ids]
            self.attachments = kept + files

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "guild_id": str(GUILD_ID),
            "author": user_payload(BOT_USER_ID, "cards-bot", bot=True),
            "type": 0,
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": self.attachments,
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "flags": self.flags,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
        }


@dataclass(slots=True)
class Channel:
    """A text channel: its public messages in the order they were posted, and a pulse that
    wakes whoever watches it whenever any message in it (an ephemeral one included) changes."""

    id: int
    public: list[int] = field(default_factory=list)
    public_revision: int = 0
    """How many times a public message of the channel was posted, edited or deleted."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def touch(self, message: Message, seq: int) -> None:
        message.seq = seq
        if not message.ephemeral:
            self.public_revision += 1
        self.pulse()

    def pulse(self) -> None:
        """Wake whoever watches the channel."""
        pulse, self.changed = self.changed, asyncio.Event()
        pulse.set()


@dataclass(slots=True)
class Call:
    """One REST request as the fake received it."""

    at: float
    method: str
    route: str
    kind: str
    body_bytes: int
    upload_bytes: int


@dataclass(slots=True)
class Click:
    """An interaction the fake sent, and the bot's answer to it."""

    id: int
    token: str
    user_id: int
    channel_id: int
    type: int
    """2: a slash command, 3: a component."""
    label: str
    """What the person did: ``act``, ``open panel``, ``draft``, ``lobby`` (what the kinds of
    answers are named by)."""
    sent_at: float
    burst: bool = False
    answered_at: float | None = None
    message_id: int | None = None
    """The message its answer created or updated."""
    answer_seq: int = 0
    """When the answer arrived, on the fake's clock of changes."""
    answered: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class FakeDiscord:
    channels: dict[int, Channel]
    calls: list[Call] = field(default_factory=list)
    traced: list[str] = field(default_factory=list)
    """The trace lines of ``WIRE_FAKE_TRACE``, written when the fake stops."""
    clicks: dict[int, Click] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)
    commands: list[dict[str, Any]] = field(default_factory=list)
    """The slash commands the bot synced, as it sent them."""
    unserved: Counter[str] = field(default_factory=Counter)
    """Requests the fake has no answer for (404), by route: what it should learn to serve."""
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    url: str = ""
    _originals: dict[str, int] = field(default_factory=dict)
    """Interaction token -> the message its answer created or updated (``@original``)."""
    _socket: web.WebSocketResponse | None = None
    _send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _ids: count[int] = field(default_factory=lambda: count(5_000_000_000_000_000))
    _sequence: count[int] = field(default_factory=lambda: count(1))
    _changes: count[int] = field(default_factory=lambda: count(1))

    @classmethod
    def with_channels(cls, ids: list[int]) -> FakeDiscord:
        return cls(channels={channel: Channel(channel) for channel in ids})

    @property
    def api(self) -> str:
        """The REST API's base URL (what ``discord.http.Route.BASE`` is set to)."""
        return f"{self.url}/api/v10"

    def snowflake(self) -> int:
        return next(self._ids)

    def last_request_at(self) -> float:
        return self.calls[-1].at if self.calls else 0.0

    # --- what the people do -------------------------------------------------------------

    async def command(
        self, *, user_id: int, channel_id: int, name: str, sub: str, options: dict[str, Any]
    ) -> Click:
        """Send a slash command ``/name sub option:value…`` (e.g. ``/allfours start``)."""
        known = {c["name"]: c for c in self.commands}
        if name not in known:
            raise RuntimeError(f"the bot synced no command /{name} (it has {sorted(known)})")
        command = known[name]
        subs = {o["name"]: o for o in command.get("options", []) if o.get("type") == 1}
        if sub not in subs:
            raise RuntimeError(f"/{name} has no subcommand {sub!r} (it has {sorted(subs)})")
        types = {o["name"]: o["type"] for o in subs[sub].get("options", [])}
        for option in options:
            if option not in types:
                raise RuntimeError(f"/{name} {sub} has no option {option!r}")
        data = {
            "id": str(command.get("id", self.snowflake())),
            "name": name,
            "type": 1,
            "guild_id": str(GUILD_ID),
            "options": [
                {
                    "type": 1,
                    "name": sub,
                    "options": [
                        {"type": types[option], "name": option, "value": value}
                        for option, value in options.items()
                    ],
                }
            ],
        }
        return await self._interact(2, user_id, channel_id, data, None, "lobby", False)

    async def click(
        self,
        *,
        user_id: int,
        message: Message,
        custom_id: str,
        values: list[str] | None = None,
        label: str,
        burst: bool = False,
    ) -> Click:
        """Click a button of ``message`` (or pick ``values`` in one of its selects)."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._interact(3, user_id, message.channel_id, data, message, label, burst)

    async def _interact(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: dict[str, Any],
        message: Message | None,
        label: str,
        burst: bool,
    ) -> Click:
        interaction_id = self.snowflake()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": channel_payload(channel_id, 0),
            "member": member_payload(user_id, f"person{user_id}"),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(PERMISSIONS),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message.payload()
            # A click's ``@original`` is the message clicked: what an UPDATE answer edits.
            self._originals[token] = message.id
        click = Click(
            interaction_id, token, user_id, channel_id, kind, label, time.perf_counter(), burst
        )
        self.clicks[interaction_id] = click
        await self._dispatch("INTERACTION_CREATE", payload)
        return click

    # --- the server ---------------------------------------------------------------------

    @asynccontextmanager
    async def running(self) -> AsyncIterator[FakeDiscord]:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=0.1, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        try:
            yield self
        finally:
            if self._socket is not None and not self._socket.closed:
                await self._socket.close()
            await runner.cleanup()
            if TRACE:
                with open(TRACE, "a", encoding="utf-8") as trace:  # noqa: ASYNC230 (at the end)
                    trace.writelines(self.traced)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        at = time.perf_counter()
        raw = await request.read()
        body, files = _parse_body(request.content_type, request.headers, raw)
        for file in files:
            file["id"] = str(self.snowflake())
        path = "/" + request.match_info["path"]
        parts = path.strip("/").split("/")
        try:
            answer, route, kind = self._serve(request.method, parts, body, files)
        except KeyError as exc:
            answer = _json({"message": f"Unknown {exc.args[0]}", "code": 10008}, status=404)
            route, kind = _template(parts), "other"
        uploaded = sum(int(f["size"]) for f in files)
        self.calls.append(Call(at, request.method, route, kind, len(raw), uploaded))
        if TRACE:
            self.traced.append(f"{at:.3f} {kind:<14} {path[:40]:<40} {_gist(body)}\n")
        return answer

    def _serve(
        self, method: str, parts: list[str], body: Any, files: list[dict[str, Any]]
    ) -> tuple[web.StreamResponse, str, str]:
        data = body if isinstance(body, dict) else {}
        match method, parts:
            case "GET", ["users", "@me"]:
                return _json(user_payload(BOT_USER_ID, "cards-bot", bot=True)), "/users/@me", "read"
            case "GET", ["oauth2", "applications", "@me"]:
                return _json(application_payload()), "/oauth2/applications/@me", "read"
            case "GET", ["gateway", "bot"]:
                gateway = self.url.replace("http", "ws", 1) + "/gateway"
                limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
                answer = {"url": gateway, "shards": 1, "session_start_limit": limit}
                return _json(answer), "/gateway/bot", "read"
            case "PUT", ["applications", _, *_, "commands"]:
                synced = [
                    {**c, "id": str(self.snowflake()), "application_id": str(APPLICATION_ID)}
                    for c in body or []
                ]
                self.commands = synced
                return _json(synced), "/applications/{app}/commands", "other"
            case "POST", ["interactions", interaction_id, _, "callback"]:
                return self._callback(int(interaction_id), data, files)
            case "POST", ["webhooks", _, token]:
                click = self._click_of(token)
                message = self._new_message(click.channel_id, data, files, owner=click.user_id)
                return _json(message.payload()), "/webhooks/{app}/{token}", "follow-up"
            case (("GET" | "PATCH" | "DELETE"), ["webhooks", _, token, "messages", which]):
                message_id = self._originals[token] if which == "@original" else int(which)
                message = self.messages[message_id]
                route = "/webhooks/{app}/{token}/messages/" + (
                    "@original" if which == "@original" else "{id}"
                )
                if method == "GET":
                    return _json(message.payload()), route, "read"
                if method == "DELETE":
                    self._delete(message)
                    return web.Response(status=204), route, "delete"
                had_buttons = bool(message.components)
                message.apply(data, files)
                self.channels[message.channel_id].touch(message, next(self._changes))
                if not message.ephemeral:
                    kind = "table edit"
                elif had_buttons and not message.components:
                    kind = "panel stub"
                else:
                    kind = "panel edit"
                return _json(message.payload()), route, kind
            case "POST", ["channels", channel_id, "messages"]:
                message = self._new_message(int(channel_id), data, files)
                ids = message.custom_ids()
                if any(":h:" in i for i in ids):
                    kind = "table post"
                elif not ids and "<@" in message.content:
                    kind = "nudge"
                else:
                    kind = "other post"
                return _json(message.payload()), "/channels/{channel}/messages", kind
            case (("GET" | "PATCH" | "DELETE"), ["channels", _, "messages", message_id]):
                message = self.messages[int(message_id)]
                route = "/channels/{channel}/messages/{id}"
                if method == "GET":
                    return _json(message.payload()), route, "read"
                if method == "DELETE":
                    self._delete(message)
                    return web.Response(status=204), route, "delete"
                message.apply(data, files)
                self.channels[message.channel_id].touch(message, next(self._changes))
                return _json(message.payload()), route, "table edit"
            case "GET", ["channels", channel_id]:
                channel = channel_payload(int(channel_id), 0)
                return _json(channel), "/channels/{channel}", "read"
        self.unserved[f"{method} {_template(parts)}"] += 1
        unknown = {"message": f"fake Discord has no {method} /{'/'.join(parts)}"}
        return _json(unknown, 404), _template(parts), "other"

    def _click_of(self, token: str) -> Click:
        return self.clicks[int(token.removeprefix("token-"))]

    def _callback(
        self, interaction_id: int, data: dict[str, Any], files: list[dict[str, Any]]
    ) -> tuple[web.StreamResponse, str, str]:
        click = self.clicks[interaction_id]
        kind = int(data.get("type", 0))
        inner = data.get("data") or {}
        message: Message | None = None
        if kind in (REPLY, DEFERRED_REPLY):
            message = self._new_message(click.channel_id, inner, files, owner=click.user_id)
        elif kind == UPDATE:
            message_id = self._originals.get(click.token)
            message = self.messages.get(message_id) if message_id is not None else None
            if message is not None:
                message.apply(inner, files)
                self.channels[message.channel_id].touch(message, next(self._changes))
        answer: dict[str, Any] = {
            "interaction": {"id": str(interaction_id), "type": click.type},
            "resource": None,
        }
        if message is not None:
            self._originals[click.token] = message.id
            click.message_id = message.id
            answer["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=kind == DEFERRED_REPLY,
                response_message_ephemeral=message.ephemeral,
            )
            answer["resource"] = {"type": kind, "message": message.payload()}
        if click.answered_at is None:
            click.answer_seq = message.seq if message is not None else next(self._changes)
            click.answered_at = time.perf_counter()
            click.answered.set()
        kind_name = "answer: " + (click.label if f"answer: {click.label}" in KINDS else "other")
        return _json(answer), "/interactions/{id}/{token}/callback", kind_name

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[dict[str, Any]],
        *,
        owner: int | None = None,
    ) -> Message:
        message = Message(self.snowflake(), channel_id)
        message.apply(body, files)
        if message.ephemeral:
            message.owner = owner
        else:
            self.channels[channel_id].public.append(message.id)
        self.messages[message.id] = message
        self.channels[channel_id].touch(message, next(self._changes))
        return message

    def _delete(self, message: Message) -> None:
        del self.messages[message.id]
        channel = self.channels[message.channel_id]
        if message.id in channel.public:
            channel.public.remove(message.id)
        channel.touch(message, next(self._changes))

    # --- the gateway --------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await socket.prepare(request)
        self._socket = socket
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        async for frame in socket:
            if frame.type is not WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            if message["op"] == 1:  # heartbeat
                async with self._send_lock:
                    await socket.send_json({"op": 11})
            elif message["op"] == 2:  # identify
                await self._dispatch("READY", self._ready())
                await self._dispatch("GUILD_CREATE", self._guild())
                self.connected.set()
        return socket

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self._socket is None:
            raise RuntimeError("the bot is not connected to the gateway")
        frame = json.dumps({"op": 0, "t": event, "s": next(self._sequence), "d": data})
        async with self._send_lock:
            await self._socket.send_str(frame)

    def _ready(self) -> dict[str, Any]:
        return {
            "v": 10,
            "user": user_payload(BOT_USER_ID, "cards-bot", bot=True),
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": "fake-session",
            "resume_gateway_url": self.url.replace("http", "ws", 1) + "/gateway",
            "shard": [0, 1],
            "application": {"id": str(APPLICATION_ID), "flags": 0},
        }

    def _guild(self) -> dict[str, Any]:
        everyone = {
            "id": str(GUILD_ID),
            "name": "@everyone",
            "permissions": str(PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return {
            "id": str(GUILD_ID),
            "name": "Table server",
            "icon": None,
            "owner_id": str(OWNER_ID),
            "features": [],
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "channels": [
                {**channel_payload(channel, index), "guild_id": str(GUILD_ID)}
                for index, channel in enumerate(self.channels)
            ],
            "threads": [],
            "members": [member_payload(BOT_USER_ID, "cards-bot", bot=True)],
            "member_count": 1 + 6 * len(self.channels),
            "large": False,
            "unavailable": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "preferred_locale": "en-US",
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
        }


# --- payloads ---------------------------------------------------------------------------


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def member_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "user": user_payload(user_id, name, bot=bot),
        "roles": [],
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": str(PERMISSIONS),
    }


def channel_payload(channel_id: int, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "name": f"cards-{channel_id}",
        "position": position,
        "permission_overwrites": [],
        "guild_id": str(GUILD_ID),
    }


def application_payload() -> dict[str, Any]:
    return {
        "id": str(APPLICATION_ID),
        "name": "cards-bot",
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(OWNER_ID, "owner"),
        "verify_key": "0" * 64,
        "flags": 0,
    }


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly this (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _template(parts: list[str]) -> str:
    """A route with its ids replaced, for requests the fake does not know."""
    return "/" + "/".join("{id}" if part.isdigit() else part for part in parts)


def _parse_body(content_type: str, headers: Any, raw: bytes) -> tuple[Any, list[dict[str, Any]]]:
    """The JSON payload of a request and the files uploaded with it (as attachments)."""
    if content_type == "application/json" and raw:
        return json.loads(raw), []
    if not content_type.startswith("multipart/"):
        return None, []
    boundary = headers["Content-Type"].split("boundary=", 1)[1].strip('"').encode()
    payload: Any = None
    files: list[dict[str, Any]] = []
    for part in raw.split(b"--" + boundary)[1:]:
        if part.startswith(b"--"):
            break
        head, _, content = part.partition(b"\r\n\r\n")
        content = content.removesuffix(b"\r\n")
        disposition = next(
            (
                line
                for line in head.decode(errors="replace").split("\r\n")
                if line.lower().startswith("content-disposition")
            ),
            "",
        )
        fields = dict(
            item.strip().split("=", 1) for item in disposition.split(";")[1:] if "=" in item
        )
        name = fields.get("name", "").strip('"')
        if name == "payload_json":
            payload = json.loads(content)
        else:
            files.append(
                {
                    "id": str(len(files)),
                    "filename": fields.get("filename", "file").strip('"'),
                    "size": len(content),
                    "url": "https://cdn.example/attachment",
                    "proxy_url": "https://media.example/attachment",
                }
            )
    return payload, files
