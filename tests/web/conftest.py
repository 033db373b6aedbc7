"""A bot in a thread of its own (console, referee, web pages on a free port) that a real
Chromium opens: Playwright's synchronous API runs in the test's thread, the bot on its loop."""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.adapters.console import Console
from bot.cli import make_referee, serve_pages
from bot.config import WebSettings
from bot.ops.endpoint import Endpoint
from bot.referee import Referee
from bot.web.server import Web

T = TypeVar("T")
CHROMIUM = "/usr/bin/chromium"


class Bot:
    """The console's bot, serving its pages, on an event loop in another thread."""

    referee: Referee
    endpoint: Endpoint
    web: Web
    console: Console

    def __init__(self, url: str, telegram: str | None = None) -> None:
        self.out = io.StringIO()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self._start(url, telegram))

    async def _start(self, url: str, telegram: str | None) -> None:
        self.referee = await make_referee(url, seed="web")
        self.endpoint, self.web = await serve_pages(
            WebSettings(), self.referee, metrics=False, telegram=telegram
        )
        self.console = Console(self.referee, out=self.out, fmt="jsonl", pages=self.web)

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def say(self, line: str) -> None:
        self.call(self.console.line(line))

    def records(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.out.getvalue().splitlines() if line]

    def close(self) -> None:
        self.call(self.endpoint.close())
        self.call(self.referee.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module: the system's, never a downloaded one. Playwright's sync API
    holds an event loop while it runs, so it stops before another module's async tests."""
    if shutil.which(CHROMIUM) is None:
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium): browser tests skipped")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def bot(tmp_path: Path) -> Iterator[Bot]:
    running = Bot(f"sqlite+aiosqlite:///{tmp_path}/web.db")
    yield running
    running.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A browser context the size of a phone (390x844)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()
