"""A lean fake Telegram Bot API for bench/platform.py, on 127.0.0.1: every request answered after
`latency` seconds, new messages held to Telegram's flood limits (a bot's 30 a second, a group's
20 a minute; beyond them 429 with retry_after), each command's first reply timed from the moment
its update was queued. Lean on purpose: the tests' fake checks HTML and keeps every call, which
would cost this process more than the bot it measures."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.flood import SENDS, FloodLimits

TOKEN = "123456:BENCH-token"
BOT = {"id": 4242, "is_bot": True, "first_name": "PaperRef", "username": "paperref_bench_bot"}
STEPPED = " steps to "
"""A Race move's report line: a message that carries several (reports joined while the group was
held) answers that many commands."""


@dataclass
class Tally:
    """What one phase of the bench saw."""

    calls: Counter[str] = field(default_factory=Counter)
    refused: Counter[int] = field(default_factory=Counter)  # chat -> 429s
    waits: list[float] = field(default_factory=list)
    by_chat: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    answered_at: list[float] = field(default_factory=list)


class BenchBotApi:
    """The methods the adapter uses, a queue of updates for getUpdates, and the timings."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.limits = False
        self.flood = FloodLimits()
        self.queue: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.pending: dict[int, deque[float]] = defaultdict(deque)  # chat -> commands' times
        self.replies: dict[int, int] = Counter()  # chat -> messages it got
        self.tally = Tally()
        self.polled = asyncio.Event()
        self._update_id = 0
        self._message_id = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        self.arrived.set()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def command(self, user: tuple[int, str], chat_id: int, text: str) -> None:
        """Queue a command message; its first reply in that chat is timed from now."""
        self._update_id += 1
        self._message_id += 1
        kind = {"type": "private", "first_name": user[1]} if chat_id > 0 else {"type": "group"}
        message = {
            "message_id": self._message_id,
            "date": int(time.time()),
            "chat": {"id": chat_id, "title": "Bench", **kind},
            "from": {"id": user[0], "is_bot": False, "first_name": user[1]},
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}],
        }
        self.queue.append({"update_id": self._update_id, "message": message})
        self.pending[chat_id].append(time.perf_counter())
        self.arrived.set()

    async def _dispatch(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        form = await request.post()
        params = {k: str(v) for k, v in form.items()}
        if method == "getUpdates":
            self.polled.set()
            return _ok(await self._updates(params))
        self.tally.calls[method] += 1
        chat = int(params.get("chat_id") or 0)
        retry_after = self._refusal(method, chat)
        await asyncio.sleep(self.latency)
        if retry_after:
            self.tally.refused[chat] += 1
            return _too_many(retry_after)
        if method in SENDS:
            self._answered(chat, max(1, params.get("text", "").count(STEPPED)))
        return _ok(self._answer(method, params, chat))

    def _refusal(self, method: str, chat: int) -> int:
        return self.flood.refusal(method, chat) if self.limits else 0

    def _answered(self, chat: int, commands: int) -> None:
        """A message to the chat: the first reply of its `commands` oldest pending commands."""
        self.replies[chat] += 1
        now = time.perf_counter()
        for _ in range(min(commands, len(self.pending[chat]))):
            self.tally.waits.append(now - self.pending[chat][0])
            self.tally.by_chat[chat].append(now - self.pending[chat].popleft())
            self.tally.answered_at.append(now)

    async def _updates(self, params: dict[str, str]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        self.queue = [u for u in self.queue if u["update_id"] >= offset]
        if not self.queue:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), float(params.get("timeout") or 0))
            except TimeoutError:
                return []
        return self.queue[: int(params.get("limit") or 100)]

    def _answer(self, method: str, params: dict[str, str], chat: int) -> Any:
        if method == "getMe":
            return BOT
        if method in SENDS or method.startswith("edit"):
            self._message_id += 1
            message_id = int(params.get("message_id") or self._message_id)
            kind = {"type": "private", "first_name": "P"} if chat > 0 else {"type": "group"}
            return {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": {"id": chat, "title": "Bench", **kind},
                "from": BOT,
                "text": params.get("text", ""),
            }
        return True


def _ok(result: Any) -> web.Response:
    return web.Response(
        text=json.dumps({"ok": True, "result": result}), content_type="application/json"
    )


def _too_many(seconds: int) -> web.Response:
    body = {
        "ok": False,
        "error_code": 429,
        "description": f"Too Many Requests: retry after {seconds}",
        "parameters": {"retry_after": seconds},
    }
    return web.Response(text=json.dumps(body), status=429, content_type="application/json")
