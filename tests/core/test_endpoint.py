"""Issue 30: the operator's endpoint answers /healthz and /metrics on the configured port, and the
metrics count what the referee and the adapters report."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.commands.parse import Invocation
from bot.config import WebSettings
from bot.ops import meter
from bot.ops.endpoint import Endpoint, serve
from bot.referee import Referee
from storage.db import create_engine
from tests.core.test_bad_starts import TELEGRAM_AT, spawn
from tests.telegram.fake_botapi import TOKEN, FakeBotApi
from tests.telegram.test_telegram import ANN, GROUP

TG = {"platform": "telegram"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(autouse=True)
def quiet_meter_after() -> Iterator[None]:
    """The endpoint installs the Prometheus meter for the process; other tests count nothing."""
    yield
    meter.use(meter.Meter())


@pytest.fixture
async def endpoint(referee: Referee) -> AsyncIterator[Endpoint]:
    served = await serve(WebSettings(port=free_port()), referee.store.engine)
    yield served
    await served.close()


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    return samples(text).get((name, frozenset(labels.items())), 0.0)


async def test_healthz_and_metrics_answer_on_the_configured_port(
    referee: Referee, endpoint: Endpoint
) -> None:
    assert await get(endpoint.port, "/healthz") == (200, "ok\n")
    _, before = await get(endpoint.port, "/metrics")
    ann = ("test", "c1", "u1", "Ann")
    await referee.handle(Invocation(*ann, "roll", ["1d6"]))
    await referee.handle(Invocation(*ann, "roll", ["1d6"]))
    await referee.handle(Invocation(*ann, "join"))  # no table here: refused by the rules
    await referee.handle(Invocation(*ann, "build", ["1", "1"]))  # a game verb, no table
    meter.meter().api_call("telegram", "sendMessage", 200)
    meter.meter().api_call("telegram", "sendMessage", 429)
    meter.meter().queue("telegram_updates", lambda: 3)
    await referee.sweep()  # nothing due
    status, after = await get(endpoint.port, "/metrics")
    assert status == 200

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("paperref_commands_total", kind="roll", outcome="ok") == 2
    assert grew("paperref_commands_total", kind="join", outcome="rule") == 1
    assert grew("paperref_commands_total", kind="game", outcome="rule") == 1
    assert grew("paperref_command_seconds_count", kind="roll") == 2
    assert grew("paperref_api_calls_total", platform="telegram", method="sendMessage") == 2
    assert grew("paperref_api_rate_limited_total", platform="telegram", method="sendMessage") == 1
    assert value(after, "paperref_queue_depth", queue="telegram_updates") == 3
    assert value(after, "paperref_timers_due") == 0


async def test_healthz_says_when_the_database_does_not_answer() -> None:
    engine = create_engine("postgresql+asyncpg://ref:SECRET@127.0.0.1:1/paperref")
    served = await serve(WebSettings(port=free_port()), engine)
    try:
        status, text = await get(served.port, "/healthz")
    finally:
        await served.close()
        await engine.dispose()
    assert status == 503
    assert text.startswith("database: postgresql+asyncpg://ref:***@127.0.0.1:1/paperref: ")
    assert text.count("\n") == 1 and "SECRET" not in text


async def test_paperref_run_serves_the_endpoint_beside_telegram(tmp_path: Path) -> None:
    """`paperref run` with `[web] port`: /healthz answers while Telegram is served, and a command
    that came through the Bot API, and the API calls answering it, are counted in /metrics."""
    api = FakeBotApi()
    await api.start()
    port = free_port()
    process = await spawn(
        tmp_path, "run", setup=TELEGRAM_AT.format(base_url=api.base_url),
        PAPERREF_TELEGRAM_TOKEN=TOKEN, PAPERREF_WEB_PORT=str(port),
    )  # fmt: skip
    try:
        async with asyncio.timeout(60):
            while not api.of("getUpdates"):
                await asyncio.sleep(0.05)
            health = await get(port, "/healthz")
            api.inject(api.command(ANN, GROUP, "/roll 1d6"))
            metrics = ""
            while not value(metrics, "paperref_api_calls_total", method="sendMessage", **TG):
                await asyncio.sleep(0.05)  # counted once its answer is back
                _, metrics = await get(port, "/metrics")
    finally:
        process.kill()
        _, err = await process.communicate()
        await api.close()
    assert health == (200, "ok\n"), err
    assert value(metrics, "paperref_commands_total", kind="roll", outcome="ok") == 1, err
    sent = value(metrics, "paperref_api_calls_total", method="sendMessage", **TG)
    assert sent == len(api.of("sendMessage")) == 1
