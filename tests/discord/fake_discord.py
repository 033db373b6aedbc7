"""A fake Discord on 127.0.0.1: REST under Route.BASE and a JSON gateway, recording every call."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from tests.flood import Window

APP_ID = 1_190_000_000_000_000_001
BOT_ID = 1_190_000_000_000_000_002
GUILD_ID = 1_190_000_000_000_000_003
CHANNEL_ID = 1_190_000_000_000_000_004
TIMESTAMP = "2024-01-01T00:00:00+00:00"
EPHEMERAL = 64
MEMBER = 2248473465835073
MANAGE_GUILD = 1 << 5
SELECT_OPTIONS = 25
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
DESCRIPTION_LIMIT = 100
CONTENT_LIMIT = 2000
EMBED_TEXT_LIMIT = 4096
EMBED_TOTAL_LIMIT = 6000
MAX_EMBEDS = 10
MAX_FIELDS = 25
MAX_ROWS = 5
ANSWER_WITHIN = 3.0
"""Seconds Discord waits for an interaction's first response (its callback); later: 10062."""
TITLE_LIMIT = 256
OPTION_LIMIT = 100
PER_CHANNEL = 5
"""Discord's rate limit on one channel's new messages, and apart on its edits: 5 in a window of
WINDOW seconds."""
WINDOW = 5.0
GLOBAL_PER_SECOND = 50
"""Requests a bot may make in any second across Discord (interactions' endpoints aside)."""
INTERACTIONS = ("interactions", "webhooks")
TEST_WINDOW = 0.5
"""The window in the tests: a game's messages keep to Discord's count in a test's seconds."""


@dataclass
class Bucket:
    """One rate limit as Discord keeps it: `limit` requests in a window that starts with the first
    and lasts `period` seconds."""

    limit: int
    period: float
    used: int = 0
    resets: float = 0.0

    def take(self, now: float) -> float:
        """0 when the request may go now (it is counted), else the seconds to wait."""
        if now >= self.resets:
            self.used, self.resets = 0, now + self.period
        if self.used >= self.limit:
            return self.resets - now
        self.used += 1
        return 0.0

    def headers(self, name: str, now: float) -> dict[str, str]:
        """What Discord says of the bucket on every response, which discord.py paces itself by."""
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.limit - self.used),
            "X-RateLimit-Reset": f"{time.time() + self.resets - now:.3f}",
            "X-RateLimit-Reset-After": f"{max(0.0, self.resets - now):.3f}",
            "X-RateLimit-Bucket": name,
        }


@dataclass
class Call:
    """One REST request the client made."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    at: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class Upload:
    """A file a user attaches to a slash command's attachment option."""

    filename: str
    data: bytes


@dataclass
class User:
    id: int
    name: str

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }


def _json(data: Any, status: int = 200) -> web.Response:
    """discord.py reads a body as JSON only for exactly this content type (no charset)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _rate_limited(wait: float, headers: dict[str, str], scope: str = "user") -> web.Response:
    """A 429 as Discord sends it; discord.py takes one without `Via` for Cloudflare's ban."""
    body = {"message": "You are being rate limited.", "retry_after": wait}
    response = _json(body | {"global": scope == "global"}, 429)
    response.headers.update(headers | {"Via": "1.1 google", "X-RateLimit-Scope": scope})
    return response


def _bot_user() -> dict[str, Any]:
    return {
        "id": str(BOT_ID),
        "username": "paperref",
        "global_name": None,
        "discriminator": "0",
        "avatar": None,
        "bot": True,
        "public_flags": 0,
        "flags": 0,
        "verified": True,
        "mfa_enabled": False,
    }


def text_channel() -> dict[str, Any]:
    return {
        "id": str(CHANNEL_ID),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "games",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def _guild() -> dict[str, Any]:
    everyone = {
        "id": str(GUILD_ID),
        "name": "@everyone",
        "permissions": "2248473465835073",
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(GUILD_ID),
        "name": "Paper games",
        "icon": None,
        "owner_id": "1",
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": [text_channel()],
        "threads": [],
        "members": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "member_count": 4,
        "large": False,
        "unavailable": False,
        "joined_at": TIMESTAMP,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "system_channel_flags": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "afk_timeout": 300,
    }


class FakeDiscord:
    """REST and gateway in one aiohttp app; tests script interactions and read what the bot sent."""

    def __init__(self, first_id: int = 1_000_000_000_000_000_000, window: float = WINDOW) -> None:
        """`first_id`: the first snowflake made (unique ones for a database other runs share);
        `window`: how long a channel's rate limit window lasts (a test's shorter; its count stays
        Discord's)."""
        self.calls: list[Call] = []
        self.refused: list[tuple[Call, dict[str, Any]]] = []  # bodies past Discord's limits
        self.messages: list[dict[str, Any]] = []
        self.identifies: list[dict[str, Any]] = []
        self.dm_closed: set[int] = set()
        self.admins: set[int] = set()  # members who also have Manage Server
        self.locales: dict[int, str] = {}  # a user's Discord client language (default en-US)
        self.can_pin = False  # the bot's role has Pin Messages in the channel
        self.can_manage = False  # ... and Manage Messages (deletes others' and system messages)
        self.deleted: list[str] = []  # ids of deleted messages, in order
        self.pins: list[str] = []  # ids of pinned messages, in order
        self.unpins: list[str] = []  # ids of unpinned messages, in order
        self.edits: list[dict[str, Any]] = []  # every edit of a channel message: the new state
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.uploads: dict[str, Upload] = {}  # attachment id -> what was attached
        self._ids = itertools.count(first_id)
        self._interactions: dict[str, dict[str, Any]] = {}
        self._created: dict[str, float] = {}  # interaction token -> when it was sent to the bot
        self._answered: set[str] = set()  # tokens whose interaction got its one callback
        self.answer_within = ANSWER_WITHIN
        self.slow: dict[str, float] = {}  # channel id -> seconds each call to it takes (limited)
        self.per_channel = (PER_CHANNEL, window)
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.limited: list[Call] = []  # requests refused by a rate limit (429)
        self.every_second = Window(GLOBAL_PER_SECOND, 1.0)
        self._dm_users: dict[str, int] = {}
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self._restore: Callable[[], None] | None = None
        self.port = 0
        self.token: str | None = None  # set: any other bot token is refused (401), as Discord does

    # ---- life cycle ----

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gw", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        app.router.add_get("/cdn/{id}/{name}", self._cdn)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._install()

    def _install(self) -> None:
        """Point discord.py at this server; `close` puts the globals back."""
        base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = f"http://127.0.0.1:{self.port}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def restore() -> None:
            discord.http.Route.BASE = base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

        self._restore = restore

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gw"

    def unlimited(self) -> list[tuple[str, str]]:
        """The requests Discord's rate limits refused (429): discord.py paces itself by the
        limits each response states, so a bot that keeps to them has none."""
        return [(call.method, call.path) for call in self.limited]

    async def close(self) -> None:
        if self._restore is not None:
            self._restore()
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_identified(self, count: int, timeout: float = 10.0) -> None:
        """Until `count` gateway sessions have received READY and GUILD_CREATE."""
        async with asyncio.timeout(timeout):
            while len(self.identifies) < count:
                await asyncio.sleep(0.01)

    # ---- gateway ----

    async def _send(self, payload: dict[str, Any]) -> None:
        assert self._ws is not None
        await self._ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await self._send({"op": 0, "t": event, "s": self._seq, "d": data})

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await self._send({"op": 10, "d": {"heartbeat_interval": 45000}})
        async for frame in ws:
            message = json.loads(frame.data)
            if message["op"] == 1:
                await self._send({"op": 11})
            elif message["op"] == 2:
                await self._ready(message["d"])
        return ws

    async def _ready(self, identify: dict[str, Any]) -> None:
        shard = identify.get("shard", [0, 1])
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": _bot_user(),
                "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                "session_id": f"session{len(self.identifies)}",
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(APP_ID), "flags": 0},
                "shard": shard,
            },
        )
        await self.dispatch("GUILD_CREATE", _guild())
        self.identifies.append(identify)

    # ---- REST ----

    async def _rest(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        if self.token is not None and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        key = (request.method, call.path.split("/"))
        handler = self._route(*key)
        if handler is None:
            return _json({"message": "404: Not Found", "code": 0}, 404)
        parts = call.path.split("/")
        if parts[1] == "channels" and parts[2] in self.slow:
            await asyncio.sleep(self.slow[parts[2]])
        problem = _invalid(call.json)
        if problem is not None:
            self.refused.append((call, problem))
            return _json({"message": "Invalid Form Body", "code": 50035, "errors": problem}, 400)
        # the bot's global limit, which interactions' endpoints (callbacks, follow-ups) are not in
        wait = 0.0 if parts[1] in INTERACTIONS else self.every_second.refuse(time.monotonic())
        if wait:
            self.limited.append(call)
            return _rate_limited(wait, {"X-RateLimit-Global": "true"}, scope="global")
        bucket = self._bucket(request.method, parts)
        if bucket is None:
            return await handler(call)
        name, limit = bucket
        now = time.monotonic()
        wait = limit.take(now)
        if wait:
            self.limited.append(call)
            return _rate_limited(wait, limit.headers(name, now))
        response: web.Response = await handler(call)
        response.headers.update(limit.headers(name, now))
        return response

    def _bucket(self, method: str, parts: list[str]) -> tuple[str, Bucket] | None:
        """A channel's new messages and its edits are limited apart; other routes are not here."""
        shape = (method, parts[1], len(parts))
        kind = {("POST", "channels", 4): "send", ("PATCH", "channels", 5): "edit"}.get(shape)
        if kind is None:
            return None
        key = (kind, parts[2])
        return kind, self.buckets.setdefault(key, Bucket(*self.per_channel))

    async def _record(self, request: web.Request) -> Call:
        path = "/" + request.match_info["path"]
        call = Call(request.method, path, dict(request.query), None)
        if request.content_type == "application/json":
            call.json = await request.json()
        elif request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    call.json = json.loads(await part.text())
                else:
                    call.files.append((part.filename or "", bytes(await part.read())))
        self.calls.append(call)
        return call

    def _route(self, method: str, parts: list[str]) -> Any:
        """Dispatch on the path's shape: ['', 'interactions', ID, TOKEN, 'callback'], ..."""
        shape = (method, *parts[1:2], len(parts))
        routes = {
            ("GET", "users", 3): self._me,
            ("GET", "oauth2", 4): self._application,
            ("GET", "gateway", 3): self._bot_gateway,
            ("GET", "gateway", 2): self._bot_gateway,
            ("PUT", "applications", 4): self._sync,
            ("PUT", "applications", 6): self._sync,
            ("POST", "interactions", 5): self._callback,
            ("PATCH", "webhooks", 6): self._edit_original,
            ("POST", "webhooks", 4): self._followup,
            ("POST", "users", 4): self._open_dm,
            ("POST", "channels", 4): self._channel_message,
            ("PATCH", "channels", 5): self._edit_channel_message,
            ("GET", "channels", 4): self._history,
            ("DELETE", "channels", 5): self._delete,
            ("PUT", "channels", 6): self._pin,
            ("DELETE", "channels", 6): self._pin,
        }
        return routes.get(shape)

    async def _me(self, call: Call) -> web.Response:
        return _json(_bot_user())

    async def _application(self, call: Call) -> web.Response:
        return _json(
            {
                "id": str(APP_ID),
                "name": "paperref",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": _bot_user(),
                "team": None,
            }
        )

    async def _bot_gateway(self, call: Call) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    async def _sync(self, call: Call) -> web.Response:
        for command in call.json:
            texts = [command.get("description") or ""]
            texts += [o.get("description") or "" for o in command.get("options") or []]
            texts += (command.get("description_localizations") or {}).values()
            for option in command.get("options") or []:
                texts += (option.get("description_localizations") or {}).values()
            if not texts[0] or any(len(t) > DESCRIPTION_LIMIT for t in texts):
                return _json({"message": "Invalid Form Body", "code": 50035}, 400)
        parts = call.path.split("/")
        guild = parts[4] if len(parts) > 4 else None
        echoed = []
        for command in call.json:
            echoed.append(
                {
                    **command,
                    "id": str(next(self._ids)),
                    "application_id": str(APP_ID),
                    "guild_id": guild,
                    "version": "1",
                }
            )
        self.commands[guild or "global"] = echoed
        return _json(echoed)

    def _message(
        self, call: Call, channel_id: int, *, via: str, token: str | None = None, flags: int = 0
    ) -> dict[str, Any]:
        """Store what the bot sent (text, flags, components, files) as a full message object."""
        data = call.json or {}
        if "data" in data:
            data = data["data"] or {}
        attachments = [
            {
                "id": str(next(self._ids)),
                "filename": name,
                "size": len(content),
                "url": f"https://cdn.invalid/{name}",
                "proxy_url": f"https://cdn.invalid/{name}",
                "content_type": "image/png"
                if name.endswith(".png")
                else "application/octet-stream",
            }
            for name, content in call.files
        ]
        message = {
            "id": str(next(self._ids)),
            "channel_id": str(channel_id),
            "type": 0,
            "content": data.get("content") or "",
            "author": _bot_user(),
            "attachments": attachments,
            "embeds": data.get("embeds") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "flags": flags | (data.get("flags") or 0),
            "components": data.get("components") or [],
        }
        interaction = self._interactions.get(token or "")
        invoker = (interaction.get("member") or interaction)["user"] if interaction else None
        self.messages.append(
            {
                **message,
                "via": via,
                "files": list(call.files),
                "interaction_id": interaction["id"] if interaction else None,
                "user_id": invoker["id"] if invoker else None,
                "dm_user": self._dm_users.get(str(channel_id)),
            }
        )
        return message

    def _channel(self, token: str) -> int:
        return int(self._interactions[token]["channel_id"])

    async def _callback(self, call: Call) -> web.Response:
        """The interaction's one first response, as Discord takes it: within `answer_within` of
        the interaction, and only once."""
        _, _, interaction_id, token, _ = call.path.split("/")
        if time.monotonic() - self._created[token] > self.answer_within:
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        if token in self._answered:
            message = "Interaction has already been acknowledged."
            return _json({"message": message, "code": 40060}, 400)
        self._answered.add(token)
        kind = call.json["type"]
        interaction = {
            "id": interaction_id,
            "type": self._interactions[token]["type"],
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(
                ((call.json.get("data") or {}).get("flags") or 0) & EPHEMERAL
            ),
        }
        resource: dict[str, Any] = {"type": kind}
        if kind == 7:  # the component's own message, updated in place
            stored = self._interactions[token]["message"]
            message = self._update(stored["id"], call.json.get("data") or {})
            if message is None:
                return _json({"message": "Unknown Message", "code": 10008}, 404)
            interaction["response_message_id"] = message["id"]
            resource["message"] = self._public(message)
        if kind in (4, 5):
            message = self._message(call, self._channel(token), via="callback", token=token)
            interaction["response_message_id"] = message["id"]
            resource["message"] = message
        return _json({"interaction": interaction, "resource": resource})

    async def _edit_original(self, call: Call) -> web.Response:
        token = call.path.split("/")[3]
        original = next(
            m
            for m in self.messages
            if m["via"] == "callback" and m["interaction_id"] == self._interactions[token]["id"]
        )
        flags = original["flags"]
        channel = self._channel(token)
        return _json(self._message(call, channel, via="original", token=token, flags=flags))

    async def _followup(self, call: Call) -> web.Response:
        token = call.path.split("/")[3]
        message = self._message(call, self._channel(token), via="followup", token=token)
        if call.query.get("wait") in ("true", "1", "True"):
            return _json(message)
        return web.Response(status=204)

    async def _open_dm(self, call: Call) -> web.Response:
        user_id = int(call.json["recipient_id"])
        channel_id = str(next(self._ids))
        self._dm_users[channel_id] = user_id
        recipient = User(user_id, f"user{user_id}").payload()
        return _json(
            {"id": channel_id, "type": 1, "recipients": [recipient], "last_message_id": None}
        )

    def _update(self, message_id: str, data: dict[str, Any]) -> dict[str, Any] | None:
        """Edit a stored message as Discord does: fields sent replace the old ones."""
        found = next((m for m in self.messages if m["id"] == message_id), None)
        if found is None:
            return None
        for key in ("content", "embeds", "components"):
            if key in data:
                found[key] = (
                    data[key] if data[key] is not None else ([] if key != "content" else "")
                )
        if "attachments" in data:
            found["files"] = []
        found["edited_timestamp"] = TIMESTAMP
        self.edits.append(dict(found))
        return found

    async def _edit_channel_message(self, call: Call) -> web.Response:
        """PATCH /channels/C/messages/M: only a message of this channel that exists."""
        _, _, channel_id, _, message_id = call.path.split("/")
        found = next((m for m in self.messages if m["id"] == message_id), None)
        if found is None or found["channel_id"] != channel_id:
            return _json({"message": "Unknown Message", "code": 10008}, 404)
        if found["via"] not in ("channel",):  # interaction answers are the webhook's to edit
            return _json(
                {"message": "Cannot edit a message authored by another user", "code": 50005}, 403
            )
        message = self._update(message_id, call.json or {})
        assert message is not None
        message["files"] = list(call.files) or message["files"]
        return _json(self._public(message))

    async def _pin(self, call: Call) -> web.Response:
        """PUT (pin) or DELETE (unpin) /channels/C/messages/pins/M: needs the Pin Messages
        permission."""
        parts = call.path.split("/")
        channel_id, message_id = parts[2], parts[5]
        if not self.can_pin:
            return _json({"message": "Missing Permissions", "code": 50013}, 403)
        found = next((m for m in self.messages if m["id"] == message_id), None)
        if found is None or found["channel_id"] != channel_id:
            return _json({"message": "Unknown Message", "code": 10008}, 404)
        if call.method == "PUT" and not found["pinned"]:
            self._system_pin(found)
        found["pinned"] = call.method == "PUT"
        (self.pins if found["pinned"] else self.unpins).append(message_id)
        return web.Response(status=204)

    def _system_pin(self, pinned: dict[str, Any]) -> None:
        """The channel's line "PaperRef pinned a message", as Discord posts it (type 6,
        CHANNEL_PINNED_MESSAGE, referring to the pinned message)."""
        reference = {"message_id": pinned["id"], "channel_id": pinned["channel_id"]}
        reference["guild_id"] = str(GUILD_ID)
        self.messages.append(
            {
                **{k: v for k, v in pinned.items() if k not in ("embeds", "files", "components")},
                "id": str(next(self._ids)),
                "type": 6,
                "content": "",
                "embeds": [],
                "attachments": [],
                "components": [],
                "files": [],
                "pinned": False,
                "flags": 0,
                "message_reference": reference,
                "via": "system",
                "interaction_id": None,
                "user_id": None,
            }
        )

    async def _history(self, call: Call) -> web.Response:
        """GET /channels/C/messages: the channel's latest messages, newest first."""
        channel_id = call.path.split("/")[2]
        limit = int(call.query.get("limit", "50"))
        found = [m for m in self.messages if m["channel_id"] == channel_id]
        return _json([self._public(m) for m in reversed(found[-limit:])])

    async def _delete(self, call: Call) -> web.Response:
        """DELETE /channels/C/messages/M: the bot's own message, or any with Manage Messages
        (a system message is nobody's to delete without it)."""
        _, _, channel_id, _, message_id = call.path.split("/")
        found = next((m for m in self.messages if m["id"] == message_id), None)
        if found is None or found["channel_id"] != channel_id:
            return _json({"message": "Unknown Message", "code": 10008}, 404)
        own = found["via"] == "channel"
        if not (own or self.can_manage):
            return _json({"message": "Missing Permissions", "code": 50013}, 403)
        self.messages.remove(found)
        self.deleted.append(message_id)
        return web.Response(status=204)

    @staticmethod
    def _public(message: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in message.items() if k not in _PRIVATE_KEYS}

    async def _channel_message(self, call: Call) -> web.Response:
        channel_id = call.path.split("/")[2]
        if self._dm_users.get(channel_id) in self.dm_closed:
            return _json({"message": "Cannot send messages to this user", "code": 50007}, 403)
        return _json(self._message(call, int(channel_id), via="channel"))

    # ---- interactions a test sends ----

    def _interaction(
        self, user: User, kind: int, data: dict[str, Any], dm_channel: str | None = None
    ) -> dict[str, Any]:
        """A guild-channel interaction from a member, or one from the user's DM with the bot."""
        interaction_id = str(next(self._ids))
        token = f"token{interaction_id}"
        payload: dict[str, Any] = {
            "id": interaction_id,
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "app_permissions": "2248473465835073",
            "locale": self.locales.get(user.id, "en-US"),
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if dm_channel is not None:
            channel = {"id": dm_channel, "type": 1, "recipients": [user.payload()], "flags": 0}
            payload.update(
                channel_id=dm_channel,
                channel=channel,
                user=user.payload(),
                context=1,
                authorizing_integration_owners={"1": str(user.id)},
            )
        else:
            member = {
                "user": user.payload(),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "pending": False,
                "nick": None,
                "permissions": str(MEMBER | (MANAGE_GUILD if user.id in self.admins else 0)),
            }
            payload.update(
                guild_id=str(GUILD_ID),
                guild_locale="en-US",
                channel_id=str(CHANNEL_ID),
                channel=text_channel(),
                member=member,
                context=0,
                authorizing_integration_owners={"0": str(GUILD_ID)},
            )
        self._interactions[token] = payload
        self._created[token] = time.monotonic()
        return payload

    async def _cdn(self, request: web.Request) -> web.Response:
        """What an attachment's URL serves: the bytes the user attached."""
        found = self.uploads.get(request.match_info["id"])
        return web.Response(status=404) if found is None else web.Response(body=found.data)

    def _attachment(self, upload: Upload) -> dict[str, Any]:
        attachment_id = str(next(self._ids))
        self.uploads[attachment_id] = upload
        url = f"http://127.0.0.1:{self.port}/cdn/{attachment_id}/{upload.filename}"
        return {
            "id": attachment_id,
            "filename": upload.filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            "content_type": "text/plain",
        }

    def _command_data(
        self, name: str, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        """Options as Discord sends them, checked against the synced command: a string is type 3,
        a boolean type 5, and an option the command does not declare is a test's mistake."""
        synced = [c for cs in self.commands.values() for c in cs if c["name"] == name]
        assert synced, f"/{name} was never synced"
        declared = {o["name"]: o["type"] for o in synced[0].get("options") or []}
        values = []
        resolved: dict[str, Any] = {}
        for key, value in options.items():
            kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            if isinstance(value, Upload):
                kind, attachment = 11, self._attachment(value)
                resolved[attachment["id"]] = attachment
                value = attachment["id"]
            assert declared.get(key) == kind, f"/{name} has no option {key} of type {kind}"
            option: dict[str, Any] = {"name": key, "type": kind, "value": value}
            if key == focused:
                option["focused"] = True
            values.append(option)
        data = {"id": synced[0]["id"], "name": name, "type": 1, "options": values}
        if resolved:
            data["resolved"] = {"attachments": resolved}
        if synced[0].get("guild_id"):  # a guild command says which guild it belongs to
            data["guild_id"] = synced[0]["guild_id"]
        return data

    async def slash(
        self, user: User, name: str, **options: str | bool | int | Upload
    ) -> dict[str, Any]:
        payload = self._interaction(user, 2, self._command_data(name, options, None))
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def autocomplete(
        self, user: User, name: str, focused: str, **options: str
    ) -> dict[str, Any]:
        payload = self._interaction(user, 4, self._command_data(name, options, focused))
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def press(
        self, user: User, message: dict[str, Any], custom_id: str, value: str | None = None
    ) -> dict[str, Any]:
        """Press a button, or pick `value` in a select menu, on a message the bot sent (or DM'd)."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if value is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        dm_channel = message["channel_id"] if message["dm_user"] is not None else None
        payload = self._interaction(user, 3, data, dm_channel)
        stored = {k: v for k, v in message.items() if k not in _PRIVATE_KEYS}
        payload["message"] = stored
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload


_PRIVATE_KEYS = frozenset({"via", "files", "interaction_id", "user_id", "dm_user"})


def _invalid(body: Any) -> dict[str, Any] | None:
    """What Discord refuses in a message body, as its `errors` object (Invalid Form Body, code
    50035): text past its length, embeds past 4,096 a description or 6,000 in all, more than 25
    fields, 5 rows or 5 buttons a row, ids, labels and select options past their limits, more
    than 25 autocomplete choices."""
    if not isinstance(body, dict):
        return None
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    return (
        _too_long(data, "content", CONTENT_LIMIT)
        or _embeds_problem(data.get("embeds") or [])
        or _rows_problem(data.get("components") or [])
        or _choices_problem(data.get("choices"))
    )


def _error(code: str, message: str) -> dict[str, Any]:
    return {"_errors": [{"code": code, "message": message}]}


def _at(path: str, error: dict[str, Any]) -> dict[str, Any]:
    """The error nested under its field's path (`embeds.0.description`), as Discord nests it."""
    for key in reversed(path.split(".")):
        error = {key: error}
    return error


def _too_long(data: dict[str, Any], key: str, limit: int, path: str = "") -> dict[str, Any] | None:
    if len(str(data.get(key) or "")) <= limit:
        return None
    message = f"Must be {limit} or fewer in length."
    return _at(path + key, _error("BASE_TYPE_MAX_LENGTH", message))


def _embeds_problem(embeds: list[dict[str, Any]]) -> dict[str, Any] | None:
    if len(embeds) > MAX_EMBEDS:
        return _at(
            "embeds", _error("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
        )
    total = 0
    for i, embed in enumerate(embeds):
        fields = embed.get("fields") or []
        problem = _too_long(embed, "description", EMBED_TEXT_LIMIT, f"embeds.{i}.") or _too_long(
            embed, "title", TITLE_LIMIT, f"embeds.{i}."
        )
        if problem is None and len(fields) > MAX_FIELDS:
            problem = _at(
                f"embeds.{i}.fields",
                _error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."),
            )
        if problem is not None:
            return problem
        texts = [embed.get("title"), embed.get("description")]
        texts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
        texts += [f.get(k) for f in fields for k in ("name", "value")]
        total += sum(len(t or "") for t in texts)
    if total > EMBED_TOTAL_LIMIT:
        return _at(
            "embeds", _error("MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
        )
    return None


def _rows_problem(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    if len(rows) > MAX_ROWS:
        return _at("components", _error("BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
    for i, row in enumerate(rows):
        items = row.get("components") or []
        selects = [item for item in items if item.get("type") == 3]
        if len(items) > MAX_ROWS or (selects and len(items) > 1):
            return _at(
                f"components.{i}.components",
                _error("BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."),
            )
        for j, item in enumerate(items):
            problem = _item_problem(item, f"components.{i}.components.{j}.")
            if problem is not None:
                return problem
    return None


def _item_problem(item: dict[str, Any], path: str) -> dict[str, Any] | None:
    problem = _too_long(item, "custom_id", CUSTOM_ID_LIMIT, path) or _too_long(
        item, "label", LABEL_LIMIT, path
    )
    if problem is not None:
        return problem
    options = item.get("options") or []
    if item.get("type") == 3 and not 1 <= len(options) <= SELECT_OPTIONS:
        return _at(
            path + "options", _error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
        )
    for k, option in enumerate(options):
        where = f"{path}options.{k}."
        problem = _too_long(option, "label", OPTION_LIMIT, where) or _too_long(
            option, "value", OPTION_LIMIT, where
        )
        if problem is not None:
            return problem
    return None


def _choices_problem(choices: Any) -> dict[str, Any] | None:
    """An autocomplete answer: at most 25 choices, each name and value at most 100."""
    if not isinstance(choices, list):
        return None
    if len(choices) > SELECT_OPTIONS:
        return _at("choices", _error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    for k, choice in enumerate(choices):
        problem = _too_long(choice, "name", OPTION_LIMIT, f"choices.{k}.") or _too_long(
            choice, "value", OPTION_LIMIT, f"choices.{k}."
        )
        if problem is not None:
            return problem
    return None
