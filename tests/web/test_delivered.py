"""A move made on a page (posted as its form posts it, no browser) is the platform's to deliver:
the console prints it like a typed one, and a deliverer that fails leaves the move made and the
page answered."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator, Sequence

import pytest

from bot.adapters.console import Console, user_id
from bot.cli import serve_pages
from bot.config import WebSettings
from bot.referee import Referee
from bot.replies import Reply
from bot.web.server import Web
from tests.web.posting import post_move


@pytest.fixture
async def pages(referee: Referee) -> AsyncIterator[Web]:
    endpoint, served = await serve_pages(WebSettings(port=0), referee, metrics=False)
    yield served
    await endpoint.close()


async def ann_to_move(referee: Referee, pages: Web) -> tuple[Console, int]:
    console = Console(referee, out=io.StringIO(), fmt="jsonl", pages=pages)
    for line in ("Ann: /new gotown --first Ann", "Bob: /join", "Ann: /start"):
        await console.line(line)
    assert console.table_id is not None
    return console, console.table_id


async def test_the_console_prints_a_page_move_as_a_typed_one(referee: Referee, pages: Web) -> None:
    console, table = await ann_to_move(referee, pages)
    assert isinstance(console.out, io.StringIO)
    before = len(console.out.getvalue().splitlines())
    status, _said = await post_move(pages, pages.player_url(table, user_id("Ann"), "Ann"))
    records = [json.loads(line) for line in console.out.getvalue().splitlines()[before:]]
    assert status == 200 and any("Ann builds" in r.get("text", "") for r in records), records


async def test_a_failed_delivery_leaves_the_move_made(referee: Referee, pages: Web) -> None:
    _console, table = await ann_to_move(referee, pages)

    async def broken(_chat: str, _replies: Sequence[Reply]) -> None:
        raise ConnectionError("the platform is down")

    pages.deliverers["console"] = broken
    logged = len(await referee.store.queries.actions(table))
    status, said = await post_move(pages, pages.player_url(table, user_id("Ann"), "Ann"))
    assert status == 200, said
    assert len(await referee.store.queries.actions(table)) == logged + 1
