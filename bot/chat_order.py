"""Concurrent across chats, ordered within a chat: each update takes its place in its chat's
line the moment it arrives and runs once the one before it in that chat is done, so one chat
waiting on its rate limit or a slow API call never holds up another, and two updates of one
chat apply (and are answered) in the order they came."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine, Hashable
from typing import TypeVar

T = TypeVar("T")

CHATS_AT_ONCE = 64
"""Chats served at the same moment (each one update at a time); the rest wait their turn here,
not in the database's connection pool, whose wait times out (64 chats each waiting 80 ms on the
API still answer 300 commands a second)."""


class Turn:
    """One update's place in its chat's line: `wait()` until the update before it is done,
    `release()` when this one is done (a turn released before its start still keeps the line in
    order: the next one waits for the one before)."""

    def __init__(
        self, order: ChatOrder, key: Hashable, before: asyncio.Future[None] | None
    ) -> None:
        self._order, self._key, self._before = order, key, before
        self._done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._slot = False

    async def wait(self) -> None:
        if self._before is not None:
            await asyncio.shield(self._before)
        await self._order.slots.acquire()
        self._slot = True

    def release(self) -> None:
        if self._slot:
            self._slot = False
            self._order.slots.release()
        if self._before is None or self._before.done():
            self._finish()
        else:
            self._before.add_done_callback(lambda _: self._finish())

    def _finish(self) -> None:
        if not self._done.done():
            self._done.set_result(None)
        self._order.forget(self._key, self._done)


class ChatOrder:
    """The lines of every chat with something in hand; a chat's line is gone once it is empty."""

    def __init__(self, chats_at_once: int = CHATS_AT_ONCE) -> None:
        self.slots = asyncio.Semaphore(chats_at_once)
        self._tails: dict[Hashable, asyncio.Future[None]] = {}

    def turn(self, key: Hashable) -> Turn:
        """Take the next place in the chat's line, now (call it as the update arrives)."""
        turn = Turn(self, key, self._tails.get(key))
        self._tails[key] = turn._done
        return turn

    async def run(self, key: Hashable, work: Awaitable[T]) -> T:
        """Run `work` in the chat's line (its place taken now); a coroutine given up before its
        turn came is closed unstarted."""
        turn = self.turn(key)
        try:
            await turn.wait()
        except BaseException:
            if isinstance(work, Coroutine):
                work.close()
            turn.release()
            raise
        try:
            return await work
        finally:
            turn.release()

    def forget(self, key: Hashable, done: asyncio.Future[None]) -> None:
        if self._tails.get(key) is done:
            del self._tails[key]

    def waiting(self) -> int:
        """Chats with an update in hand (being served or waiting)."""
        return len(self._tails)
