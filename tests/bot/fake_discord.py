"""A wire-level fake of Discord for tests of the real process: an aiohttp server on 127.0.0.1
that speaks Discord's REST API and gateway well enough for ``python -m bot`` to log in, sync its
commands, connect, receive a click and answer it.

It can also misbehave the ways Discord does: answer every REST request with one status (502),
never answer at all (a hung connection), or refuse the guild command sync of one server
(403 Missing Access, what Discord says for a ``DEV_GUILD_ID`` the bot is not in).

Everything it receives is recorded with the moment it arrived, so tests can tell what the bot
did and in which order (gateway closed, click answered...). ``tests/bot/bot_process.py``
points the bot's process at it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from aiohttp import WSMsgType, web

APPLICATION_ID = 900000000000000001
BOT_USER_ID = APPLICATION_ID
GUILD_ID = 1
PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 38)
"""View Channels, Send Messages, Embed Links, Attach Files, Read Message History, Send Messages
in Threads: what the bot asks for."""


@dataclass
class Received:
    """One REST request as the fake received it."""

    at: float
    method: str
    path: str
    body: Any


@dataclass
class FakeDiscord:
    answer_status: int | None = None
    """Answer every REST request with this status (e.g. 502) instead of serving it."""
    hang: bool = False
    """Accept connections but never answer anything."""
    refuse_guild_sync: int | None = None
    """Answer the command sync of this guild with 403 Missing Access."""
    channels: tuple[int, ...] = (10,)

    requests: list[Received] = field(default_factory=list)
    gateway_closed_at: float | None = None
    gateway_close_code: int | None = None
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    _socket: web.WebSocketResponse | None = None
    _ids: count[int] = field(default_factory=lambda: count(5_000_000_000_000_000))
    _sequence: count[int] = field(default_factory=lambda: count(1))
    url: str = ""

    # --- what tests use -----------------------------------------------------------------------

    @property
    def api(self) -> str:
        """The base URL of the REST API (what ``discord.http.Route.BASE`` is set to)."""
        return f"{self.url}/api/v10"

    def snowflake(self) -> int:
        return next(self._ids)

    async def send_click(self, *, user_id: int, custom_id: str, channel_id: int) -> int:
        """Deliver a click on a button of an ephemeral message (a hand panel); the interaction
        id. (discord.py ignores a custom_id that is not on the clicked message.)"""
        interaction_id = self.snowflake()
        button = {"type": 2, "style": 2, "label": "card", "custom_id": custom_id}
        family, _, game = custom_id.split(":")[:3]
        refresh = {"type": 2, "style": 2, "label": "Refresh", "custom_id": f"{family}:r:{game}"}
        rows = [{"type": 1, "components": [button]}, {"type": 1, "components": [refresh]}]
        panel = {"flags": 64, "components": rows}  # as a panel: its decisions and Refresh
        message = self.message_payload(channel_id, panel, message_id=self.snowflake())
        await self._dispatch(
            "INTERACTION_CREATE",
            {
                "id": str(interaction_id),
                "application_id": str(APPLICATION_ID),
                "type": 3,
                "token": f"token-{interaction_id}",
                "version": 1,
                "guild_id": str(GUILD_ID),
                "channel_id": str(channel_id),
                "channel": {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID)},
                "member": {
                    "user": user_payload(user_id, f"user{user_id}"),
                    "roles": [],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                    "permissions": str(PERMISSIONS),
                },
                "data": {"custom_id": custom_id, "component_type": 2},
                "message": message,
                "locale": "en-US",
                "guild_locale": "en-US",
                "app_permissions": str(PERMISSIONS),
                "entitlements": [],
                "authorizing_integration_owners": {"0": str(GUILD_ID)},
                "context": 0,
                "attachment_size_limit": 10 * 1024 * 1024,
            },
        )
        return interaction_id

    def callbacks(self, interaction_id: int) -> list[Received]:
        """The answers the bot gave to one interaction."""
        return [r for r in self.requests if r.path.startswith(f"/interactions/{interaction_id}/")]

    # --- the server ---------------------------------------------------------------------------

    @asynccontextmanager
    async def running(self) -> AsyncIterator[FakeDiscord]:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=0.1)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        try:
            yield self
        finally:
            if self._socket is not None and not self._socket.closed:
                await self._socket.close()
            await runner.cleanup()

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body = await _body(request)
        self.requests.append(Received(time.monotonic(), request.method, path, body))
        if self.hang:
            await asyncio.sleep(3600)
        if self.answer_status is not None:
            return web.Response(status=self.answer_status, text="error code: 502")
        if self.refuse_guild_sync is not None and path.endswith(
            f"/guilds/{self.refuse_guild_sync}/commands"
        ):
            return _json({"message": "Missing Access", "code": 50001}, status=403)
        return self._serve(request.method, path, body)

    def _serve(self, method: str, path: str, body: Any) -> web.StreamResponse:
        if path == "/users/@me":
            return _json(user_payload(BOT_USER_ID, "cards-bot", bot=True))
        if path == "/oauth2/applications/@me":
            return _json(
                {
                    "id": str(APPLICATION_ID),
                    "name": "cards-bot",
                    "description": "",
                    "icon": None,
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": user_payload(7, "owner"),
                    "verify_key": "0" * 64,
                    "flags": 0,
                }
            )
        if path == "/gateway/bot":
            return _json(
                {
                    "url": self.url.replace("http", "ws", 1) + "/gateway",
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 1000,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            )
        if path.endswith("/commands") and method == "PUT":
            return _json(
                [
                    {**command, "id": str(self.snowflake()), "application_id": str(APPLICATION_ID)}
                    for command in body or []
                ]
            )
        if path.startswith("/interactions/") and path.endswith("/callback"):
            interaction_id = path.split("/")[2]
            return _json({"interaction": {"id": interaction_id, "type": 3}, "resource": None})
        if method == "DELETE":
            return web.Response(status=204)
        if "/messages" in path:
            channel_id = int(path.split("/")[2]) if path.startswith("/channels/") else 10
            message_id = path.rsplit("/", 1)[-1]
            existing = int(message_id) if message_id.isdigit() else None
            payload = body if isinstance(body, dict) else {}
            return _json(self.message_payload(channel_id, payload, existing))
        return _json({"message": f"fake Discord has no {method} {path}"}, status=404)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        if self.hang:
            await asyncio.sleep(3600)
        self._socket = socket
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        async for message in socket:
            if message.type is not WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            if frame["op"] == 1:  # heartbeat
                await socket.send_json({"op": 11})
            elif frame["op"] == 2:  # identify
                await self._dispatch("READY", self._ready())
                await self._dispatch("GUILD_CREATE", self._guild())
                self.connected.set()
        self.gateway_closed_at = time.monotonic()
        self.gateway_close_code = socket.close_code
        return socket

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._socket is not None, "the bot is not connected to the gateway"
        await self._socket.send_json({"op": 0, "t": event, "s": next(self._sequence), "d": data})

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
        return {
            "id": str(GUILD_ID),
            "name": "Table server",
            "icon": None,
            "owner_id": "7",
            "features": [],
            "roles": [
                {
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
            ],
            "emojis": [],
            "stickers": [],
            "channels": [
                {
                    "id": str(channel),
                    "type": 0,
                    "name": f"cards-{channel}",
                    "position": index,
                    "permission_overwrites": [],
                    "guild_id": str(GUILD_ID),
                }
                for index, channel in enumerate(self.channels)
            ],
            "threads": [],
            "members": [],
            "member_count": 5,
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

    def message_payload(
        self, channel_id: int, body: dict[str, Any], message_id: int | None = None
    ) -> dict[str, Any]:
        return {
            "id": str(message_id or self.snowflake()),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": user_payload(BOT_USER_ID, "cards-bot", bot=True),
            "type": 0,
            "content": body.get("content") or "",
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "flags": body.get("flags") or 0,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
        }


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly this (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


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


async def _body(request: web.Request) -> Any:
    """JSON, or the ``payload_json`` part of a multipart upload (a message with a picture)."""
    if request.content_type == "application/json":
        return await request.json()
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        payload: Any = None
        async for part in reader:
            if getattr(part, "name", None) == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                await part.release()  # type: ignore[union-attr]
        return payload
    return None
