"""A fake Telegram Bot API on 127.0.0.1: records every call, queues updates, scripts 403 and 429."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

TOKEN = "123456:TEST-token"
BOT_ID = 4242
BOT_NAME = "paperref_bot"
JSON_FIELDS = ("reply_markup", "reply_parameters", "commands", "allowed_updates")


@dataclass(frozen=True)
class User:
    id: int
    name: str

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "is_bot": False, "first_name": self.name}


@dataclass
class Call:
    """One request the bot made: the method, its decoded fields, and attached files' bytes."""

    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    status: int = 200
    result: Any = None

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return None if value is None else int(value)

    @property
    def text(self) -> str:
        return str(self.params.get("text") or self.params.get("caption") or "")

    def buttons(self) -> list[dict[str, Any]]:
        markup = self.params.get("reply_markup") or {}
        return [key for row in markup.get("inline_keyboard", []) for key in row]


@dataclass
class Failure:
    method: str
    status: int
    description: str
    retry_after: int | None = None


class FakeBotApi:
    """Answers the methods the adapter uses; users must /start the bot before it may DM them."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.queue: list[dict[str, Any]] = []
        self.started: set[int] = set()
        self.failures: list[Failure] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.admins: set[int] = set()  # getChatMember says "administrator" for these users
        self._update_ids = itertools.count(1000)
        self._message_ids = itertools.count(1)
        self._arrived = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- server ----

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._dispatch)
        self._runner = web.AppRunner(app, shutdown_timeout=1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        self._arrived.set()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # ---- scripting ----

    def fail_next(
        self, method: str, status: int, description: str, retry_after: int | None = None
    ) -> None:
        self.failures.append(Failure(method, status, description, retry_after))

    def inject(self, update: dict[str, Any]) -> None:
        self.queue.append(update)
        self._arrived.set()

    def next_update_id(self) -> int:
        return next(self._update_ids)

    def command(self, user: User, chat_id: int, text: str) -> dict[str, Any]:
        """A message update whose text begins with a bot command entity."""
        word = text.split()[0]
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": _chat(chat_id, user),
            "from": user.as_dict(),
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(word)}],
        }
        return {"update_id": self.next_update_id(), "message": message}

    def press(self, user: User, call: Call, data: str) -> dict[str, Any]:
        """A callback-query update for a button on a message the bot sent."""
        message = call.result
        query = {
            "id": str(self.next_update_id()),
            "from": user.as_dict(),
            "chat_instance": "fake",
            "data": data,
            "message": message,
        }
        return {"update_id": self.next_update_id(), "callback_query": query}

    def sent(self, since: int = 0) -> list[Call]:
        """Messages and photos that reached a chat, in order."""
        methods = {"sendMessage", "sendPhoto", "sendDocument"}
        return [c for c in self.calls[since:] if c.method in methods and c.status == 200]

    def of(self, method: str, since: int = 0) -> list[Call]:
        return [c for c in self.calls[since:] if c.method == method]

    # ---- the API ----

    async def _dispatch(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params, files = await _read_fields(request)
        call = Call(method, params, files)
        self.calls.append(call)
        failure = self._failure(method, params)
        if failure is not None:
            call.status = failure.status
            return _error(failure)
        if method == "getUpdates":
            call.result = await self._get_updates(params)
        else:
            call.result = self._answer(method, params)
        return web.json_response({"ok": True, "result": call.result})

    def _failure(self, method: str, params: dict[str, Any]) -> Failure | None:
        for failure in self.failures:
            if failure.method == method:
                self.failures.remove(failure)
                return failure
        markup = params.get("reply_markup") or {}
        keys = [key for row in markup.get("inline_keyboard", []) for key in row]
        if any(len(key.get("callback_data", "").encode()) > 64 for key in keys):
            return Failure(method, 400, "Bad Request: BUTTON_DATA_INVALID")
        chat_id = params.get("chat_id")
        sending = method in {"sendMessage", "sendPhoto", "sendDocument"}
        if (
            sending
            and chat_id is not None
            and int(chat_id) > 0
            and int(chat_id) not in self.started
        ):
            return Failure(method, 403, "Forbidden: bot can't initiate conversation with a user")
        return None

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        """Confirm everything below offset, then return what is queued or wait up to timeout."""
        offset = int(params.get("offset") or 0)
        self.queue = [u for u in self.queue if u["update_id"] >= offset]
        if not self.queue:
            self._arrived.clear()
            timeout = float(params.get("timeout") or 0)
            try:
                await asyncio.wait_for(self._arrived.wait(), timeout)
            except TimeoutError:
                return []
        return list(self.queue[: int(params.get("limit") or 100)])

    def _answer(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return {
                "id": BOT_ID,
                "is_bot": True,
                "first_name": "PaperRef",
                "username": BOT_NAME,
                "can_join_groups": True,
                "can_read_all_group_messages": False,
                "supports_inline_queries": False,
            }
        if method in {"sendMessage", "sendPhoto", "sendDocument"}:
            return self._store(method, params)
        if method in {"editMessageText", "editMessageReplyMarkup"}:
            return self._edit(params)
        if method == "getChatMember":
            return self._member(int(params["user_id"]))
        return True

    def _member(self, user_id: int) -> dict[str, Any]:
        user = {"id": user_id, "is_bot": False, "first_name": f"user{user_id}"}
        if user_id not in self.admins:
            return {"status": "member", "user": user}
        rights = (
            "can_be_edited is_anonymous can_manage_chat can_delete_messages "
            "can_manage_video_chats can_restrict_members can_promote_members can_change_info "
            "can_invite_users can_post_stories can_edit_stories can_delete_stories"
        )
        return {"status": "administrator", "user": user} | dict.fromkeys(rights.split(), False)

    def _store(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": _chat(chat_id, None),
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "PaperRef"},
        }
        if method == "sendMessage":
            message["text"] = params["text"]
        elif method == "sendPhoto":
            message["photo"] = [{"file_id": "p1", "file_unique_id": "p1", "width": 1, "height": 1}]
        else:
            message["document"] = {"file_id": "d1", "file_unique_id": "d1"}
        if params.get("caption"):
            message["caption"] = params["caption"]
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        self.messages[chat_id, message["message_id"]] = message
        return message

    def _edit(self, params: dict[str, Any]) -> dict[str, Any]:
        message = self.messages[int(params["chat_id"]), int(params["message_id"])]
        if "text" in params:
            message["text"] = params["text"]
        message.pop("reply_markup", None)
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        return message


def _chat(chat_id: int, user: User | None) -> dict[str, Any]:
    if chat_id < 0:
        return {"id": chat_id, "type": "group", "title": "Game night"}
    return {"id": chat_id, "type": "private", "first_name": user.name if user else "Player"}


async def _read_fields(request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
    """Form or multipart fields; JSON-encoded ones decoded, files kept as bytes."""
    params: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    form = await request.post()
    for key, value in form.items():
        if isinstance(value, web.FileField):
            files[key] = value.file.read()
        elif key in JSON_FIELDS:
            params[key] = json.loads(str(value))
        else:
            params[key] = str(value)
    return params, files


def _error(failure: Failure) -> web.Response:
    body: dict[str, Any] = {
        "ok": False,
        "error_code": failure.status,
        "description": failure.description,
    }
    if failure.retry_after is not None:
        body["parameters"] = {"retry_after": failure.retry_after}
    return web.json_response(body, status=failure.status)
