"""The operator's HTTP endpoint: /healthz (is the database answering?) and /metrics (Prometheus).

Served by aiohttp beside the platforms; imported only when `[web] port` is set.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client.aiohttp import make_aiohttp_handler
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from bot.web.server import Web

from bot.config import WebSettings
from bot.ops.meter import use
from bot.ops.problems import database_problem
from bot.ops.prometheus import PrometheusMeter
from storage.db import stored_revisions

log = logging.getLogger(__name__)
HEALTH_SECONDS = 5.0
"""How long /healthz waits for the database before it answers 503."""
SHUTDOWN_SECONDS = 2.0
"""How long a stopping server lets open requests (live pages) finish."""


@dataclass
class Endpoint:
    """A running endpoint; `port` is the one bound (the configured one, or the free one for 0)."""

    runner: web.AppRunner
    port: int

    async def close(self) -> None:
        await self.runner.cleanup()


def application(
    engine: AsyncEngine, pages: Web | None = None, *, metrics: bool = True
) -> web.Application:
    async def healthz(_request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(HEALTH_SECONDS):
                await stored_revisions(engine)
        except Exception as error:
            return web.Response(status=503, text=database_problem(error, str(engine.url)) + "\n")
        return web.Response(text="ok\n")

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    if metrics:
        app.router.add_get("/metrics", make_aiohttp_handler())
    if pages is not None:
        pages.install(app)
    return app


async def serve(
    settings: WebSettings,
    engine: AsyncEngine,
    pages: Web | None = None,
    *,
    metrics: bool = True,
    port: int | None = None,
) -> Endpoint:
    """Start counting (the Prometheus meter, unless `metrics` is False) and serving, at `port`
    (else the configured one; 0: a free one), with the pages when given."""
    bound = settings.port if port is None else port
    assert bound is not None
    if metrics:
        use(PrometheusMeter())
    runner = web.AppRunner(
        application(engine, pages, metrics=metrics),
        access_log=None,
        handler_cancellation=True,  # a closed page ends its live updates at once
        shutdown_timeout=SHUTDOWN_SECONDS,
    )
    await runner.setup()
    site = web.TCPSite(runner, settings.listen, bound)
    await site.start()
    log.info("web: serving on %s", site.name)
    endpoint = Endpoint(runner, _bound_port(runner))
    if pages is not None and not pages.public_url:
        pages.public_url = f"http://{settings.listen}:{endpoint.port}"
    return endpoint


def _bound_port(runner: web.AppRunner) -> int:
    """The port the site listens on (the free one the system gave for 0)."""
    for address in runner.addresses:
        return int(address[1])
    raise RuntimeError("the web server bound no address")
