"""How updates are processed and requests paced on Telegram: every chat at once and each chat
in order (ChatUpdates, python-telegram-bot's update processor), and Telegram's flood limits kept
per chat (ChatRateLimiter): a group at its 20 messages a minute, or told to wait by a 429, waits
alone; python-telegram-bot's AIORateLimiter would pause every chat after any 429."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from datetime import timedelta
from typing import Any

from telegram import Update
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter, BaseUpdateProcessor

from bot.chat_order import CHATS_AT_ONCE, ChatOrder

log = logging.getLogger(__name__)

UPDATES_IN_HAND = 65_536
"""Updates taken from Telegram and not yet done, across all chats (python-telegram-bot's bound);
the chats served at once are bounded apart (CHATS_AT_ONCE)."""
PER_BOT = (5, 0.2)
"""Telegram's flood limits: about 30 messages a second per bot (kept at 25, 5 in any 0.2 s:
requests reach Telegram later and closer together than they left, so a burst of 25 could be
counted with the next second's, and one refused costs its chat a second), and"""
PER_GROUP = (20, 61.0)
"""20 messages a minute in one group (counted over 61 s, for the same reason)."""
MAX_RETRIES = 3
"""A message told to wait (429) is sent again up to this many times, its chat waiting alone."""
COUNTED = ("send", "copy", "forward")
"""Methods whose requests count against the flood limits: new messages. Edits do not; a board
edit told to wait is coalesced by bot.delivery instead (see ChatRateLimiter)."""
Result = bool | dict[str, Any] | list[dict[str, Any]]


def chat_key_of(chat_id: int) -> Hashable:
    """A chat's line (every topic of a forum shares its chat's)."""
    return ("chat", chat_id)


def chat_key(update: object) -> Hashable:
    """The line an update waits in: its chat (a press in a DM: that DM), else its user (inline
    queries), else its own."""
    if isinstance(update, Update):
        if update.effective_chat is not None:
            return chat_key_of(update.effective_chat.id)
        if update.effective_user is not None:
            return ("user", update.effective_user.id)
        return ("update", update.update_id)
    return ("object", id(update))


class ChatUpdates(BaseUpdateProcessor):
    """Updates of different chats concurrently, those of one chat one after another in the order
    they arrived. Application.process_update awaited through it (as a webhook may) returns once
    the update was handled."""

    def __init__(self, chats_at_once: int = CHATS_AT_ONCE) -> None:
        super().__init__(UPDATES_IN_HAND)
        self.order = ChatOrder(chats_at_once)

    def waiting(self) -> int:
        """Chats with an update in hand (for the metrics)."""
        return self.order.waiting()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        await self.order.run(chat_key(update), coroutine)

    async def initialize(self) -> None:
        """Nothing to open: the chats' lines are made as updates come."""

    async def shutdown(self) -> None:
        """Nothing to close: an update in hand finishes on its own."""


class Window:
    """At most `limit` requests in any `period` seconds: the time the next one may go."""

    def __init__(self, limit: int, period: float) -> None:
        self.period = period
        self.times: deque[float] = deque(maxlen=limit)

    def delay(self, now: float) -> float:
        if len(self.times) < (self.times.maxlen or 0):
            return 0.0
        return max(0.0, self.times[0] + self.period - now)

    def take(self, at: float) -> None:
        last = self.times[-1] if self.times else at
        self.times.append(max(at, last))

    def idle(self, now: float) -> bool:
        return not self.times or self.times[-1] + self.period <= now


def _chat_of(data: dict[str, Any]) -> int | str | None:
    chat = data.get("chat_id")
    if chat is None:
        return None
    with contextlib.suppress(TypeError, ValueError):
        return int(chat)
    return str(chat)


def _is_group(chat: int | str | None) -> bool:
    return (isinstance(chat, int) and chat < 0) or isinstance(chat, str)


def retry_seconds(error: RetryAfter) -> float:
    """How long Telegram asked to wait (python-telegram-bot keeps it as a timedelta; its
    property warns about the int it used to be)."""
    return error._retry_after.total_seconds()


class ChatRateLimiter(BaseRateLimiter[int]):
    """Telegram's flood limits, kept before sending: new messages at most `per_bot` (count,
    seconds) across the bot and `per_group` in each group; a 429 (RetryAfter) holds back only
    the chat it was for, and the request is sent again up to `max_retries` times. An edit that
    would have to wait is not held: RetryAfter goes up at once, so bot.delivery keeps the
    board's latest state and edits it when the chat may send again. `None` turns a limit off."""

    def __init__(
        self,
        per_bot: tuple[int, float] | None = PER_BOT,
        per_group: tuple[int, float] | None = PER_GROUP,
        max_retries: int = MAX_RETRIES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_bot = None if per_bot is None else Window(*per_bot)
        self.per_group = per_group
        self.groups: dict[int | str, Window] = {}
        self.paused: dict[int | str | None, float] = {}
        self.max_retries = max_retries
        self.clock = clock

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Result:
        chat = _chat_of(data)
        counted = endpoint.startswith(COUNTED)
        editing = endpoint.startswith("edit")
        retries = self.max_retries if rate_limit_args is None else rate_limit_args
        attempt = 0
        while True:
            while (wait := self._wait(chat, counted)) > 0:
                if editing:
                    raise RetryAfter(timedelta(seconds=wait))
                await asyncio.sleep(wait)
            if counted:  # the bot's next free moment, in the order requests came
                await asyncio.sleep(self._take(chat))
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                self.paused[chat] = self.clock() + retry_seconds(error)
                if editing or attempt >= retries:
                    raise
                attempt += 1
                log.info("telegram: chat %s told to wait %ss", chat, retry_seconds(error))

    def _wait(self, chat: int | str | None, counted: bool) -> float:
        """Seconds this chat must wait (after a 429, or its group's budget spent; 0: none)."""
        now = self.clock()
        until = max(self.paused.get(chat, 0.0), self.paused.get(None, 0.0))
        if until <= now:
            self.paused.pop(chat, None)
        wait = max(0.0, until - now)
        if counted and _is_group(chat) and self.per_group is not None:
            group = self.groups.get(chat)  # type: ignore[arg-type]
            wait = max(wait, group.delay(now) if group is not None else 0.0)
        return wait

    def _take(self, chat: int | str | None) -> float:
        """Reserve the bot's next free moment for a message (and count it in its group then):
        the seconds until it."""
        now = self.clock()
        at = now if self.per_bot is None else now + self.per_bot.delay(now)
        if self.per_bot is not None:
            self.per_bot.take(at)
        if _is_group(chat) and self.per_group is not None:
            assert chat is not None
            if len(self.groups) > 4096:  # forget groups quiet for a whole period
                self.groups = {k: w for k, w in self.groups.items() if not w.idle(now)}
            self.groups.setdefault(chat, Window(*self.per_group)).take(at)
        return at - now
