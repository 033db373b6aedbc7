"""The Telegram Mini App: the board's "Open board" key (a `web_app` key where Telegram allows
one, a private chat; the table's page in a group), and `initData` checked as Telegram specifies
before the player's page opens."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest

from bot.cli import serve_pages
from bot.config import WebSettings
from bot.web.server import Web
from tests.telegram.fake_botapi import TOKEN, FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, board, settings


def init_data(user_id: int, name: str, auth_date: float, token: str = TOKEN) -> str:
    """Telegram's `initData`: the fields and their hash, HMAC-SHA256 under HMAC("WebAppData", token)."""
    fields = {
        "auth_date": str(int(auth_date)),
        "query_id": "AAH",
        "user": json.dumps({"id": user_id, "first_name": name}),
    }
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    key = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return urlencode(fields | {"hash": hmac.new(key, check.encode(), hashlib.sha256).hexdigest()})


@pytest.fixture
async def web(fake: FakeBotApi, db_url: str) -> AsyncIterator[tuple[Harness, Web]]:
    """The Telegram bot with its pages served (boards then carry "Open board")."""
    config = settings()
    harness = Harness(fake, db_url, config)
    await harness.start()
    assert harness.referee is not None
    endpoint, pages = await serve_pages(
        WebSettings(port=0), harness.referee, metrics=False, telegram=TOKEN
    )
    config.web = WebSettings(port=endpoint.port, public_url=pages.public_url)
    await harness.stop()
    await harness.start()  # built again, now with the pages' address
    yield harness, pages
    await harness.stop()
    await endpoint.close()


def open_board_key(call: Any) -> dict[str, Any]:
    [key] = [key for key in call.buttons() if key["text"] == "Open board"]
    return dict(key)


async def test_the_mini_app_opens_only_for_the_user_telegram_vouches_for(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    tg, pages = web
    await tg.start_privately(ANN)
    await tg.say(ANN, "/new gotown --first Ann", chat_id=ANN.id)
    await tg.say(ANN, "/addbot", chat_id=ANN.id)
    await tg.say(ANN, "/start", chat_id=ANN.id)
    shown = await board(tg, ANN.id)
    key = open_board_key(shown)
    assert key["web_app"]["url"].startswith(f"{pages.public_url}/tg/")
    assert not [c for c in fake.calls if c.method.startswith(("send", "edit")) and c.status != 200]
    table = key["web_app"]["url"].rsplit("/", 1)[1]
    now = time.time()
    async with aiohttp.ClientSession(pages.public_url) as http:
        for refused in (
            init_data(ANN.id, "Ann", now, token="1:forged"),  # not signed with the bot's token
            init_data(ANN.id, "Ann", now - 2 * 86400),  # signed, but two days old
            init_data(ANN.id, "Ann", now).replace("Ann", "Bob"),  # changed after signing
            "",
        ):
            async with http.post(f"/tg/{table}", data={"initData": refused}) as answer:
                assert answer.status == 403, refused
        async with http.post(
            f"/tg/{table}", data={"initData": init_data(ANN.id, "Ann", now)}
        ) as answer:
            assert answer.status == 200
            link = await answer.text()
        async with http.get(link) as page:
            html = await page.text()
    assert page.status == 200 and "Ann&#x27;s board" in html
    assert 'class="move"' in html, "Ann's page offers her moves"


async def test_in_a_group_the_board_links_the_tables_page(web: tuple[Harness, Web]) -> None:
    tg, pages = web
    await tg.say(ANN, "/new gotown --first Ann")
    await tg.say(BOB, "/join")
    key = open_board_key(await board(tg, GROUP))
    assert "web_app" not in key and key["url"].startswith(f"{pages.public_url}/t/")
