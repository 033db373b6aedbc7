"""How updates enter and leave: long polling whose offset confirms only applied updates, a webhook
that answers 200 only once its update is applied, and the drain at shutdown. python-telegram-bot's
own Updater confirms a batch (or answers a webhook) as soon as it is queued, so a stop lost it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web
from telegram import Update
from telegram.error import InvalidToken, TelegramError

from bot.adapters.base import DRAIN_SECONDS

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
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


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

    def take(self, update: Update) -> asyncio.Task[None]:
        task = asyncio.create_task(apply(self.application, update))
        self.running[task] = update.update_id
        self.next_id = max(self.next_id, update.update_id + 1)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        update_id = self.running.pop(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("telegram: update %s failed", update_id, exc_info=task.exception())

    def offset(self) -> int:
        """The first update not known to be applied: getUpdates with it confirms the ones below."""
        return min(self.running.values(), default=self.next_id)

    async def settled(self, seconds: float) -> None:
        """Until an update in flight finishes, at most `seconds`."""
        if self.running:
            await asyncio.wait(self.running, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)

    async def drain(self, seconds: float = DRAIN_SECONDS) -> tuple[int, int]:
        """Wait for the updates taken; any still running after `seconds` is cancelled (Telegram
        sends it again, and the referee applies it once). The counts finished and cancelled."""
        tasks = set(self.running)
        if not tasks:
            return 0, 0
        done, pending = await asyncio.wait(tasks, timeout=seconds)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        return len(done), len(pending)


async def unless_stopped(work: Awaitable[T], stop: asyncio.Event) -> tuple[bool, T | None]:
    """`work`'s result, or (False, None) once `stop` is set first (the work then cancelled)."""
    job = asyncio.ensure_future(work)
    halt = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({job, halt}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        halt.cancel()
        if not job.done():
            job.cancel()
            await asyncio.gather(job, return_exceptions=True)
    if job.cancelled():
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


class Webhook:
    """An aiohttp server for Telegram's POSTs: each update is applied before the answer, so a 200
    means applied; a stop refuses new connections and answers 503 (Telegram sends it again)."""

    def __init__(self, intake: Intake, path: str, secret: str | None) -> None:
        self.intake = intake
        self.path = "/" + path.lstrip("/")
        self.secret = secret
        self.open = True
        self.runner: web.AppRunner | None = None
        self.site: web.TCPSite | None = None

    async def start(self, listen: str, port: int) -> None:
        app = web.Application()
        app.router.add_post(self.path, self.receive)
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self.runner.setup()
        self.site = web.TCPSite(self.runner, listen, port)
        await self.site.start()

    async def receive(self, request: web.Request) -> web.Response:
        if self.secret is not None and request.headers.get(SECRET_HEADER) != self.secret:
            return web.Response(status=403)
        if not self.open:
            return web.Response(status=503)
        try:
            update = Update.de_json(await request.json(), self.intake.application.bot)
        except (ValueError, TypeError, KeyError):
            return web.Response(status=400)
        task = self.intake.take(update)
        await asyncio.wait({task})  # a cancelled answer leaves the update to the drain
        return web.Response(status=503 if task.cancelled() else 200)

    async def close(self) -> None:
        """Take no more updates: the port stops listening, a request on an open connection
        gets 503."""
        self.open = False
        if self.site is not None:
            await self.site.stop()

    async def cleanup(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
