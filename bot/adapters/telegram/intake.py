"""How updates enter and leave: long polling whose offset confirms only applied updates (the webhook
is in `webhook`), and the drain at a stop. python-telegram-bot's own Updater confirms a batch (or
answers a webhook) as soon as it is queued, so a stop lost what was still queued."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

from telegram import Update
from telegram.error import InvalidToken, TelegramError

from bot.adapters.base import drain

if TYPE_CHECKING:
    from telegram.ext import Application

    App = Application[Any, Any, Any, Any, Any, Any]

log = logging.getLogger(__name__)

T = TypeVar("T")
POLL_SECONDS = 25
"""getUpdates' long-poll timeout when nothing holds the offset back."""
POLL_PAUSE = 0.1
"""While an update in flight holds the offset back, getUpdates answers at once with it: the next
poll waits until an update finishes, or this long (new updates of other chats are not held)."""
RETRY_SECONDS = 1.0


async def apply(application: App, update: Update) -> None:
    """One update through the application's update processor (its concurrency and per-chat
    order), awaited until its handlers are done."""
    await application.update_processor.process_update(update, application.process_update(update))


class Intake:
    """The updates taken and not yet applied, each a task: the polling offset and the drain read
    them."""

    def __init__(self, application: App) -> None:
        self.application = application
        self.running: dict[asyncio.Task[None], int] = {}
        self.next_id = 0
        """One past the highest update id taken."""
        self.dropped: set[int] = set()
        """Updates cancelled at a stop, maybe not applied: the offset stays at the first."""

    def take(self, update: Update) -> asyncio.Task[None]:
        task = asyncio.create_task(apply(self.application, update))
        self.running[task] = update.update_id
        self.next_id = max(self.next_id, update.update_id + 1)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        update_id = self.running.pop(task)
        if task.cancelled():
            self.dropped.add(update_id)
        elif task.exception() is not None:
            log.error("telegram: update %s failed", update_id, exc_info=task.exception())

    def offset(self) -> int:
        """The first update not known to be applied: getUpdates with it confirms the ones below."""
        return min([*self.running.values(), *self.dropped], default=self.next_id)

    async def settled(self, seconds: float) -> None:
        """Until an update in flight finishes, at most `seconds`."""
        if self.running:
            await asyncio.wait(self.running, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)

    async def drain(self) -> tuple[int, int]:
        """Let the updates taken finish (see `base.drain`); a cancelled one is sent again by
        Telegram, and the referee applies it once."""
        return await drain(set(self.running))


async def unless_stopped(work: Awaitable[T], stop: asyncio.Event) -> tuple[bool, T | None]:
    """(True, `work`'s result), or (False, None) once `stop` is set (the work cancelled)."""
    job = asyncio.ensure_future(work)
    halt = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({job, halt}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        halt.cancel()
        if not job.done():
            job.cancel()
            await asyncio.gather(job, return_exceptions=True)
    if job.cancelled() or stop.is_set():  # what it fetched is not taken, nor confirmed
        return False, None
    return True, job.result()


async def poll(intake: Intake, stop: asyncio.Event, allowed: list[str]) -> None:
    """Long polling until `stop`: each update is taken as it comes, and each getUpdates sends the
    offset of the first update not yet applied, so only applied updates are confirmed."""
    bot = intake.application.bot
    await bot.delete_webhook()
    while not stop.is_set():
        timeout = 0 if intake.running else POLL_SECONDS
        fetch = bot.get_updates(offset=intake.offset(), timeout=timeout, allowed_updates=allowed)
        try:
            fetched, updates = await unless_stopped(fetch, stop)
        except InvalidToken:
            log.error("telegram: getUpdates: the token was refused; stopping", exc_info=True)
            raise
        except TelegramError as error:
            log.warning("telegram: getUpdates failed (%s); polling again", error)
            await unless_stopped(asyncio.sleep(RETRY_SECONDS), stop)
            continue
        if not fetched or updates is None:
            return
        fresh = [update for update in updates if update.update_id >= intake.next_id]
        for update in fresh:
            intake.take(update)
        if not fresh:  # only updates still in flight came back
            await unless_stopped(intake.settled(POLL_PAUSE), stop)


async def confirm(intake: Intake) -> None:
    """At a stop, after the drain: one getUpdates that confirms what was applied (else Telegram
    sends it again at the next start, where the referee ignores it)."""
    try:
        await intake.application.bot.get_updates(offset=intake.offset(), timeout=0, limit=1)
    except TelegramError as error:
        log.warning("telegram: the last offset was not confirmed (%s)", error)
