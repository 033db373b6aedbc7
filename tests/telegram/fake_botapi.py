"""A fake Telegram Bot API on 127.0.0.1: records every call, queues updates, scripts 403 and 429.
Strict like the real one where the adapter could go wrong: HTML must parse, texts fit 4,096
characters, callback data fits 64 bytes, inline results have ids of at most 64 bytes, an inline
message is edited by its id, only a message that exists can be edited (and only into something
new), pinning needs the right to pin, forum topics keep their messages apart."""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from aiohttp import web

from tests.flood import FloodLimits

TOKEN = "123456:TEST-token"
BOT_ID = 4242
BOT_NAME = "paperref_bot"
JSON_FIELDS = (
    "media",
    "reply_markup",
    "reply_parameters",
    "commands",
    "scope",
    "allowed_updates",
    "results",
    "button",
)
TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
RESULT_ID_LIMIT = 64
EDITS = frozenset(
    {"editMessageText", "editMessageReplyMarkup", "editMessageMedia", "editMessageCaption"}
)
HTML_TAGS = frozenset(
    [
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "a",
        "code",
        "pre",
        "span",
        "tg-spoiler",
        "tg-emoji",
        "blockquote",
    ]
)
START_PARAMETER = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class User:
    id: int
    name: str
    language_code: str | None = None  # the user's Telegram app language

    def as_dict(self) -> dict[str, Any]:
        found = {"id": self.id, "is_bot": False, "first_name": self.name}
        return found | ({"language_code": self.language_code} if self.language_code else {})


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

    def __init__(self, first_update: int = 1000) -> None:
        """`first_update`: the first update id (unique ones for a database other runs share)."""
        self.calls: list[Call] = []
        self.refused: list[Call] = []  # requests past the API's limits or malformed (400; not
        # a missing right, which the bot may lack, nor an edit into the same message)
        self.queue: list[dict[str, Any]] = []
        self.started: set[int] = set()
        self.failures: list[Failure] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.admins: set[int] = set()  # getChatMember says "administrator" for these users
        self.inline_queries: dict[str, dict[str, Any]] = {}  # id -> the query update's body
        self.inline_answers: dict[str, list[dict[str, Any]]] = {}  # query id -> results
        self.inline_messages: dict[str, dict[str, Any]] = {}  # inline_message_id -> message
        self.pinners: set[int] = set()  # groups where the bot is an admin that may pin
        self.deleters: set[int] = set()  # groups where the bot may delete others' messages
        self.deleted: list[tuple[int, int]] = []  # (chat, message id) deleted, in order
        self.pins: dict[int, list[int]] = {}  # chat -> pinned message ids, in order
        self.unpins: dict[int, list[int]] = {}  # chat -> unpinned message ids, in order
        self.forums: set[int] = set()  # supergroups with topics
        self.files: dict[str, bytes] = {}  # file_id -> what users sent
        self._update_ids = itertools.count(first_update)
        self._message_ids = itertools.count(1)
        self._arrived = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.token: str | None = None  # set: any other token is refused (401), as the Bot API does
        self.gates: dict[int, asyncio.Event] = {}  # chat -> its requests wait until it is set
        self.flood = FloodLimits()  # Telegram's flood limits; a harness shortens their minute
        self.flooded: list[Call] = []  # new messages refused by them (429)

    # ---- server ----

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._dispatch)
        app.router.add_get("/file/bot{token}/{path:.*}", self._download)
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

    def command(
        self, user: User, chat_id: int, text: str, thread: int | None = None
    ) -> dict[str, Any]:
        """A message update whose text begins with a bot command entity (in a forum topic when
        `thread` is given)."""
        word = text.split()[0]
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": _chat(chat_id, user, chat_id in self.forums),
            "from": user.as_dict(),
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(word)}],
        }
        if thread is not None:
            message |= {"message_thread_id": thread, "is_topic_message": True}
        return {"update_id": self.next_update_id(), "message": message}

    def document(
        self, user: User, chat_id: int, caption: str, name: str, data: bytes
    ) -> dict[str, Any]:
        """A file sent to a chat with a command as its caption (a bot_command caption entity)."""
        file_id = f"doc{len(self.files) + 1}"
        self.files[file_id] = data
        word = caption.split()[0]
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": _chat(chat_id, user, chat_id in self.forums),
            "from": user.as_dict(),
            "document": {
                "file_id": file_id,
                "file_unique_id": file_id,
                "file_name": name,
                "mime_type": "text/plain",
                "file_size": len(data),
            },
            "caption": caption,
            "caption_entities": [{"type": "bot_command", "offset": 0, "length": len(word)}],
        }
        return {"update_id": self.next_update_id(), "message": message}

    async def _download(self, request: web.Request) -> web.Response:
        """GET file/bot<token>/<path>: what getFile named; files past 20 MB cannot be had."""
        file_id = request.match_info["path"].rsplit("/", 1)[-1]
        if file_id not in self.files:
            return web.Response(status=404)
        return web.Response(body=self.files[file_id])

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

    def inline_query(self, user: User, query: str, chat_type: str = "supergroup") -> dict[str, Any]:
        """Someone typed `@bot QUERY` in a chat of `chat_type`."""
        body = {
            "id": str(self.next_update_id()),
            "from": user.as_dict(),
            "query": query,
            "offset": "",
            "chat_type": chat_type,
        }
        self.inline_queries[body["id"]] = body
        return {"update_id": self.next_update_id(), "inline_query": body}

    def choose(self, user: User, query_id: str, result_id: str) -> dict[str, Any]:
        """The user picked one answered result: Telegram sends its message on the user's behalf
        and, only if the result has an inline keyboard, reports the new message's id."""
        query = self.inline_queries[query_id]
        result = next(r for r in self.inline_answers[query_id] if r["id"] == result_id)
        chosen: dict[str, Any] = {
            "result_id": result_id,
            "from": user.as_dict(),
            "query": query["query"],
        }
        if result.get("reply_markup"):
            message_id = f"inline{next(self._message_ids)}"
            content = result["input_message_content"]
            self.inline_messages[message_id] = {
                "text": _plain(content["message_text"], content.get("parse_mode")),
                "reply_markup": result["reply_markup"],
            }
            chosen["inline_message_id"] = message_id
        return {"update_id": self.next_update_id(), "chosen_inline_result": chosen}

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
        chat = params.get("chat_id")
        gate = (
            self.gates.get(int(chat))
            if isinstance(chat, str) and chat.lstrip("-").isdigit()
            else None
        )
        if gate is not None:
            await gate.wait()  # a slow API for this chat only
        failure = self._failure(method, params) or _photo_problem(method, files)
        if failure is None and (failure := self._flooded(method, params)) is not None:
            self.flooded.append(call)
        if self.token is not None and request.match_info["token"] != self.token:
            failure = Failure(method, 401, "Unauthorized")
        if failure is not None:
            call.status = failure.status
            call.result = failure.description
            rights = ("not modified", "not enough rights", "can't be deleted")
            if failure.status == 400 and not any(word in failure.description for word in rights):
                self.refused.append(call)
            return _error(failure)
        if method == "getUpdates":
            call.result = await self._get_updates(params)
        elif method == "answerInlineQuery":
            call.result = self._answer_inline(params)
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
        chat = params.get("chat_id")
        if any("web_app" in key for key in keys) and (chat is None or int(chat) < 0):
            return Failure(method, 400, "Bad Request: BUTTON_TYPE_INVALID")  # private chats only
        invalid = _bad_request(method, params, self)
        if invalid is not None:
            return Failure(method, 400, f"Bad Request: {invalid}")
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

    def _flooded(self, method: str, params: dict[str, Any]) -> Failure | None:
        """A new message past the bot's or its group's flood limit: 429, as Telegram answers."""
        chat = params.get("chat_id")
        retry_after = self.flood.refusal(method, None if chat is None else int(chat))
        if not retry_after:
            return None
        return Failure(method, 429, f"Too Many Requests: retry after {retry_after}", retry_after)

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
        if method in EDITS:
            return self._edit(params)
        if method == "getFile":
            data = self.files[params["file_id"]]
            path = f"documents/{params['file_id']}"
            return {"file_id": params["file_id"], "file_unique_id": params["file_id"],
                    "file_size": len(data), "file_path": path}  # fmt: skip
        if method == "pinChatMessage":
            self.pins.setdefault(int(params["chat_id"]), []).append(int(params["message_id"]))
            self._pinned_line(int(params["chat_id"]), int(params["message_id"]))
            return True
        if method == "unpinChatMessage":
            self.unpins.setdefault(int(params["chat_id"]), []).append(int(params["message_id"]))
            return True
        if method == "getChatMember":
            return self._member(int(params["user_id"]))
        if method == "deleteMessage":
            self.deleted.append((int(params["chat_id"]), int(params["message_id"])))
            self.messages.pop((int(params["chat_id"]), int(params["message_id"])), None)
        return True

    def _pinned_line(self, chat_id: int, message_id: int) -> None:
        """The service message "PaperRef pinned a message" Telegram posts in a group (in the
        pinned message's topic), and its update: every bot gets service messages."""
        pinned = self.messages[chat_id, message_id]
        if chat_id > 0:
            return  # a private chat shows no line a bot could delete
        line = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": pinned["chat"],
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "PaperRef"},
            "pinned_message": {k: v for k, v in pinned.items() if k != "reply_markup"},
        }
        if "message_thread_id" in pinned:
            line |= {"message_thread_id": pinned["message_thread_id"], "is_topic_message": True}
        self.messages[chat_id, line["message_id"]] = line
        self.inject({"update_id": self.next_update_id(), "message": line})

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
            "chat": _chat(chat_id, None, chat_id in self.forums),
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "PaperRef"},
        }
        thread = params.get("message_thread_id")
        if thread is not None and chat_id in self.forums:
            message |= {"message_thread_id": int(thread), "is_topic_message": True}
        if method == "sendMessage":
            message["text"] = _plain(params["text"], params.get("parse_mode"))
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

    def _answer_inline(self, params: dict[str, Any]) -> bool:
        self.inline_answers[params["inline_query_id"]] = params["results"]
        return True

    def _edit(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if "inline_message_id" in params:  # an inline message: the API answers True
            message = self.inline_messages[params["inline_message_id"]]
            message["text"] = _plain(params["text"], params.get("parse_mode"))
            message["reply_markup"] = params.get("reply_markup")
            return True
        message = self.messages[int(params["chat_id"]), int(params["message_id"])]
        if "text" in params:
            message["text"] = _plain(params["text"], params.get("parse_mode"))
        if "media" in params:
            message["caption"] = _plain(
                params["media"].get("caption") or "", params["media"].get("parse_mode")
            )
        if "caption" in params:
            message["caption"] = _plain(params["caption"], params.get("parse_mode"))
        message["edit_date"] = int(time.time())
        message.pop("reply_markup", None)
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        return message


def _bad_request(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """What the real API refuses with 400 for the methods modelled here; None when it is fine."""
    return (
        _text_problem(method, params)
        or _caption_problem(method, params)
        or _edit_problem(method, params, api)
        or _pin_problem(method, params, api)
        or _delete_problem(method, params, api)
        or _commands_problem(method, params)
        or _thread_problem(method, params, api)
        or _inline_edit_problem(method, params, api)
        or _inline_answer_problem(method, params, api)
    )


def _text_problem(method: str, params: dict[str, Any]) -> str | None:
    """A sent or edited text: not empty, its HTML well formed, at most TEXT_LIMIT characters."""
    if method not in {"sendMessage", "editMessageText"}:
        return None
    text = str(params.get("text") or "")
    if not text:
        return "message text is empty"
    problem = _html_problem(text) if params.get("parse_mode") == "HTML" else None
    if problem is not None:
        return f"can't parse entities: {problem}"
    if _units(_plain(text, params.get("parse_mode"))) > TEXT_LIMIT:
        return "message is too long"
    return None


def _caption_problem(method: str, params: dict[str, Any]) -> str | None:
    """A photo's or file's caption: its HTML well formed, at most CAPTION_LIMIT characters."""
    fields = params.get("media") if method == "editMessageMedia" else params
    if method not in {"sendPhoto", "sendDocument", "editMessageMedia", "editMessageCaption"}:
        return None
    caption = str((fields or {}).get("caption") or "")
    mode = (fields or {}).get("parse_mode")
    problem = _html_problem(caption) if mode == "HTML" and caption else None
    if problem is not None:
        return f"can't parse entities: {problem}"
    if _units(_plain(caption, mode)) > CAPTION_LIMIT:
        return "message caption is too long"
    return None


PHOTO_SIDES = 10_000
"""A photo's width and height together at most (Telegram's sendPhoto)."""
PHOTO_RATIO = 20
PHOTO_BYTES = 10 * 1024 * 1024


def _photo_problem(method: str, files: dict[str, bytes]) -> Failure | None:
    """A photo (sent, or a message's media replaced) within Telegram's rule: at most 10 MB,
    width + height at most 10,000 and the ratio of its sides at most 20."""
    if method not in {"sendPhoto", "editMessageMedia"}:
        return None
    for data in files.values():
        if not data.startswith(b"\x89PNG"):
            continue
        width, height = int.from_bytes(data[16:20]), int.from_bytes(data[20:24])
        if len(data) > PHOTO_BYTES:
            return Failure(method, 400, "Bad Request: PHOTO_SAVE_FILE_INVALID")
        if width + height > PHOTO_SIDES or max(width, height) > PHOTO_RATIO * min(width, height):
            return Failure(method, 400, "Bad Request: PHOTO_INVALID_DIMENSIONS")
    return None


def _units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _pin_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """Pin or unpin only a message that exists, and in a group only where the bot may pin."""
    if method not in {"pinChatMessage", "unpinChatMessage"}:
        return None
    chat_id = int(params.get("chat_id") or 0)
    if (chat_id, int(params.get("message_id") or 0)) not in api.messages:
        return "message to pin not found"
    if chat_id < 0 and chat_id not in api.pinners:
        return "not enough rights to manage pinned messages in the chat"
    return None


def _commands_problem(method: str, params: dict[str, Any]) -> str | None:
    """setMyCommands: at most 100 commands, each 1 to 32 of a-z, 0-9 and _, described in 1 to
    256 characters."""
    if method != "setMyCommands":
        return None
    commands = params.get("commands") or []
    if len(commands) > 100:
        return "BOT_COMMANDS_TOO_MUCH"
    for command in commands:
        if not re.fullmatch(r"[a-z0-9_]{1,32}", str(command.get("command", ""))):
            return "BOT_COMMAND_INVALID"
        if not 1 <= len(str(command.get("description", ""))) <= 256:
            return "BOT_COMMAND_DESCRIPTION_INVALID"
    return None


def _delete_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """Another user's message in a group is deleted only by an admin with that right."""
    if method != "deleteMessage":
        return None
    if int(params.get("chat_id") or 0) < 0 and int(params.get("chat_id") or 0) not in api.deleters:
        return "message can't be deleted"
    return None


def _thread_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """A message into a topic only in a forum."""
    if method != "sendMessage" or params.get("message_thread_id") is None:
        return None
    if int(params.get("chat_id") or 0) not in api.forums:
        return "message thread not found"
    return None


def _inline_edit_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """An edited text names its message, an inline message that exists, and changes it."""
    if method != "editMessageText":
        return None
    inline = params.get("inline_message_id")
    if inline is None:
        if params.get("chat_id") is None or params.get("message_id") is None:
            return "message identifier is not specified"
        return None
    if inline not in api.inline_messages:
        return "MESSAGE_ID_INVALID"
    old = api.inline_messages[inline]
    same_text = old["text"] == _plain(params["text"], params.get("parse_mode"))
    if same_text and old.get("reply_markup") == params.get("reply_markup"):
        return "message is not modified"
    return None


def _edit_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """Only a message of this chat that exists, and only into something new; the text of a
    photo is its caption (editMessageText on it fails), a text has no media to replace."""
    if method not in EDITS or "inline_message_id" in params:
        return None
    key = (int(params.get("chat_id") or 0), int(params.get("message_id") or 0))
    message = api.messages.get(key)
    if message is None:
        return "message to edit not found"
    if method == "editMessageText" and "text" not in message:
        return "there is no text in the message to edit"
    if method == "editMessageCaption" and "text" in message:
        return "there is no caption in the message to edit"
    if method == "editMessageMedia":
        if "photo" not in message and "document" not in message:
            return "there is no media in the message to edit"
        return None
    same_markup = (message.get("reply_markup") or None) == (params.get("reply_markup") or None)
    if method == "editMessageReplyMarkup" and same_markup:
        return "message is not modified"
    if method == "editMessageText":
        same = message["text"] == _plain(str(params.get("text") or ""), params.get("parse_mode"))
        if same and same_markup:
            return "message is not modified"
    return None


def _inline_answer_problem(method: str, params: dict[str, Any], api: FakeBotApi) -> str | None:
    """An answer to a live query: at most 50 articles with unique ids, and a valid button."""
    if method != "answerInlineQuery":
        return None
    query_id = str(params.get("inline_query_id") or "")
    if query_id not in api.inline_queries or query_id in api.inline_answers:
        return "query is too old and response timeout expired or query ID is invalid"
    results = params.get("results")
    if not isinstance(results, list) or len(results) > 50:
        return "RESULTS_TOO_MUCH"
    ids = [str(r.get("id") or "") for r in results]
    if any(not 1 <= len(i.encode()) <= RESULT_ID_LIMIT for i in ids):
        return "RESULT_ID_INVALID"
    if len(set(ids)) != len(ids):
        return "RESULT_ID_DUPLICATE"
    for result in results:
        problem = _inline_result_problem(result)
        if problem is not None:
            return problem
    return _inline_button_problem(params.get("button"))


def _inline_result_problem(result: dict[str, Any]) -> str | None:
    """One article: a title and a message that is not empty, well formed and short enough."""
    if result.get("type") != "article" or not result.get("title"):
        return "RESULT_TYPE_INVALID"
    content = result.get("input_message_content") or {}
    text = str(content.get("message_text") or "")
    if not text:
        return "MESSAGE_EMPTY"
    if content.get("parse_mode") == "HTML" and _html_problem(text) is not None:
        return "can't parse entities"
    if len(_plain(text, content.get("parse_mode"))) > TEXT_LIMIT:
        return "MESSAGE_TOO_LONG"
    return None


def _inline_button_problem(button: dict[str, Any] | None) -> str | None:
    """The button above the results: a text, and a start parameter Telegram accepts."""
    if button is None:
        return None
    if not button.get("text"):
        return "BUTTON_TEXT_INVALID"
    start = button.get("start_parameter")
    if start is not None and not START_PARAMETER.fullmatch(str(start)):
        return "START_PARAM_INVALID"
    return None


class _Entities(HTMLParser):
    """Telegram's HTML: its few tags, properly nested; `<` and `&` only as markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.open: list[str] = []
        self.problem: str | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in HTML_TAGS:
            self.problem = self.problem or f"unsupported start tag {tag!r}"
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.problem = (
                self.problem
                or f'Unmatched end tag at byte offset {self.getpos()[1]}, expected "</{tag}>"'
            )

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_entityref(self, name: str) -> None:
        if name not in {"lt", "gt", "amp", "quot"}:
            self.problem = self.problem or f"unsupported entity &{name};"
        self.text.append(html.unescape(f"&{name};"))

    def handle_charref(self, name: str) -> None:
        self.text.append(html.unescape(f"&#{name};"))


def _html_problem(text: str) -> str | None:
    if re.search(r"&(?!(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);)", text):
        return "an unescaped &"
    if re.search(r"<(?![a-zA-Z/])", text):
        return "an unescaped <"
    parser = _Entities()
    parser.feed(text)
    parser.close()
    if parser.problem is None and parser.open:
        return f'Can\'t find end tag corresponding to start tag "{parser.open[-1]}"'
    return parser.problem


def _plain(text: str, parse_mode: str | None) -> str:
    """The message text as the API stores it: markup parsed away, entities decoded."""
    if parse_mode != "HTML":
        return text
    parser = _Entities()
    parser.feed(text)
    parser.close()
    return "".join(parser.text)


def _chat(chat_id: int, user: User | None, forum: bool = False) -> dict[str, Any]:
    if chat_id <= -1_000_000_000_000:  # a supergroup's id: -100 and ten digits or more
        chat = {"id": chat_id, "type": "supergroup", "title": "Game night"}
        return chat | ({"is_forum": True} if forum else {})
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
