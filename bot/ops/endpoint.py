"""The operator's HTTP endpoint: /healthz (is the database answering?) and /metrics (Prometheus).

Served by aiohttp beside the platforms; imported only when `[web] port` is set.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from aiohttp import web
from prometheus_client.aiohttp import make_aiohttp_handler
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.config import WebSettings
from bot.ops.meter import use
from bot.ops.problems import database_problem
from bot.ops.prometheus import PrometheusMeter
from storage.db import stored_revisions

log = logging.getLogger(__name__)
HEALTH_SECONDS = 5.0
"""How long /healthz waits for the database before it answers 503."""


@dataclass
class Endpoint:
    """A running endpoint; `port` is the one bound (the configured one, or the free one for 0)."""

    runner: web.AppRunner
    port: int

    async def close(self) -> None:
        await self.runner.cleanup()


def application(engine: AsyncEngine) -> web.Application:
    async def healthz(_request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(HEALTH_SECONDS):
                await stored_revisions(engine)
        except Exception as error:
            return web.Response(status=503, text=database_problem(error, str(engine.url)) + "\n")
        return web.Response(text="ok\n")

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", make_aiohttp_handler())
    return app


async def serve(settings: WebSettings, engine: AsyncEngine) -> Endpoint:
    """Start counting (the Prometheus meter) and serving; `settings.port` must be set."""
    assert settings.port is not None
    use(PrometheusMeter())
    runner = web.AppRunner(application(engine), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, settings.listen, settings.port)
    await site.start()
    log.info("web: /healthz and /metrics on %s", site.name)
    return Endpoint(runner, site.port)
