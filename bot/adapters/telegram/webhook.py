"""The webhook: an aiohttp server for Telegram's POSTs that answers 200 only once the update is
applied (imported only in webhook mode)."""

from __future__ import annotations

import asyncio

from aiohttp import web
from telegram import Update

from bot.adapters.telegram.intake import Intake

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


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
