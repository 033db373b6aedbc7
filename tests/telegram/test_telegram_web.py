"""The Telegram Mini App: the board's "Open board" key (a `web_app` key where Telegram allows
one, a private chat; the table's page in a group), and `initData` checked as Telegram specifies
before the player's page opens."""

from __future__ import annotations

import asyncio
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
from bot.config import Settings, WebSettings
from bot.web.server import Web
from tests.telegram.fake_botapi import BOT_NAME, TOKEN, FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, board, settings, until
from tests.web.posting import post_move


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
    harness.pages = pages
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
    shown = await board(tg, GROUP)
    key = open_board_key(shown)
    assert "web_app" not in key and key["url"].startswith(f"{pages.public_url}/t/")
    [mine] = [key for key in shown.buttons() if key["text"] == "My board"]
    assert mine["url"] == f"https://t.me/{BOT_NAME}?start=w{GROUP}"


FORUM, TOPIC = -1002000000001, 77
"""A supergroup with topics, and the topic the table lives in."""


async def topic_table(tg: Harness, fake: FakeBotApi) -> int:
    """GoTown between Ann and Bob in a forum's topic, Ann to move: the table's id."""
    fake.forums.add(FORUM)
    await tg.start_privately(ANN, BOB)
    for user, line in ((ANN, "/new gotown --first Ann"), (BOB, "/join"), (ANN, "/start")):
        await tg.send(fake.command(user, FORUM, line, thread=TOPIC))
    assert tg.referee is not None
    facts = await tg.referee.chat_facts("telegram", f"{FORUM}:{TOPIC}")
    assert facts.table_id is not None
    return facts.table_id


async def test_a_move_made_on_the_page_reaches_the_tables_forum_topic(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    tg, pages = web
    table = await topic_table(tg, fake)
    assert tg.referee is not None
    before = await board(tg, FORUM, f"{FORUM}:{TOPIC}")
    logged = len(await tg.referee.store.queries.actions(table))
    mark = len(fake.calls)
    status, said = await post_move(pages, pages.player_url(table, str(ANN.id), "Ann"))
    assert status == 200, said
    calls = [c for c in fake.calls[mark:] if c.method != "getUpdates"]
    assert len(await tg.referee.store.queries.actions(table)) == logged + 1, "logged once"
    edited = [c for c in calls if c.method.startswith("edit") and c.chat_id == FORUM]
    board_id = str(before.result["message_id"])
    assert [c for c in edited if c.params["message_id"] == board_id], "the board is edited"
    assert "Ann builds" in " ".join(c.text for c in calls if c.chat_id == FORUM)
    mark = len(fake.calls)
    status, said = await post_move(pages, pages.player_url(table, str(ANN.id), "Ann"), "/done")
    assert status == 200, said
    calls += [c for c in fake.calls[mark:] if c.method != "getUpdates"]
    said_there = " ".join(str(c.params.get("text", "")) for c in calls if c.chat_id == FORUM)
    assert f"tg://user?id={BOB.id}" in said_there, "Bob is mentioned: his turn"
    assert "Bob to play" in (await board(tg, FORUM, f"{FORUM}:{TOPIC}")).text
    posted = [c for c in calls if c.method.startswith("send") and c.chat_id == FORUM]
    assert posted and all(c.params.get("message_thread_id") == str(TOPIC) for c in posted)
    assert not [c for c in calls if c.status != 200]


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_page_move_told_to_wait_is_paced_as_a_typed_one(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    """Its messages go through the chat's rate limiter: a 429 holds the chat, then it is sent
    (the turn passing to Bob: his mention is a new message)."""
    tg, pages = web
    table = await topic_table(tg, fake)
    link = pages.player_url(table, str(ANN.id), "Ann")
    status, said = await post_move(pages, link)
    assert status == 200, said
    fake.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    mark = len(fake.calls)
    status, said = await post_move(pages, link, "/done")
    assert status == 200, said
    await until(tg.delivered)  # the page is answered before a held chat's replies go out
    sends = [c for c in fake.calls[mark:] if c.method == "sendMessage" and c.chat_id == FORUM]
    assert [c.status for c in sends] == [429, 200] and sends[0].text == sends[1].text
    assert sends[1].params["message_thread_id"] == str(TOPIC)


async def test_a_forged_or_expired_link_makes_no_move(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    tg, pages = web
    table = await topic_table(tg, fake)
    assert tg.referee is not None
    logged = len(await tg.referee.store.queries.actions(table))
    link = pages.player_url(table, str(ANN.id), "Ann")
    body, _, mac = link.rpartition(".")
    pages.link_seconds = -1.0
    expired = pages.player_url(table, str(ANN.id), "Ann")
    mark = len(fake.calls)
    for refused in (f"{body}.{mac[::-1]}", expired):
        status, _said = await post_move(pages, refused, "/build 1")
        assert status == 403, refused
    assert len(await tg.referee.store.queries.actions(table)) == logged
    assert [c for c in fake.calls[mark:] if c.method != "getUpdates"] == []


async def test_my_board_opens_the_mini_app_in_the_players_private_chat(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    tg, pages = web
    table = await topic_table(tg, fake)
    shown = await board(tg, FORUM, f"{FORUM}:{TOPIC}")
    [mine] = [key for key in shown.buttons() if key["text"] == "My board"]
    assert "web_app" not in mine, "Telegram allows a web_app key in private chats only"
    payload = mine["url"].partition("?start=")[2]
    assert payload == f"w{FORUM}_{TOPIC}"
    calls = await tg.say(ANN, f"/start {payload}", chat_id=ANN.id)
    [key] = [k for c in calls if c.chat_id == ANN.id for k in c.buttons() if "web_app" in k]
    assert key["web_app"]["url"] == f"{pages.public_url}/tg/{table}"
    assert not [c for c in calls if c.status != 200]
    assert not [c for c in calls if c.chat_id == FORUM], "nothing said in the group"


async def test_a_hand_in_a_private_chat_carries_the_mini_app(
    web: tuple[Harness, Web], fake: FakeBotApi
) -> None:
    tg, pages = web
    await tg.start_privately(ANN, BOB)
    for user, line in ((ANN, "/new papertales"), (BOB, "/join"), (ANN, "/start")):
        await tg.say(user, line)
    assert tg.referee is not None
    table = (await tg.referee.chat_facts("telegram", str(GROUP))).table_id
    packets = [c for c in fake.calls if c.chat_id == ANN.id and "packet" in c.text]
    assert packets, "Ann's packet and its picks went to her private chat"
    keys = [key for key in packets[-1].buttons() if "web_app" in key]
    assert [key["web_app"]["url"] for key in keys] == [f"{pages.public_url}/tg/{table}"]
    assert not fake.refused


async def test_the_fake_refuses_a_web_app_key_in_a_group(fake: FakeBotApi) -> None:
    key = {"text": "Open", "web_app": {"url": "https://example.org/tg/1"}}
    markup = json.dumps({"inline_keyboard": [[key]]})
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{fake.base_url}{TOKEN}/sendMessage",
            data={"chat_id": str(FORUM), "text": "board", "reply_markup": markup},
        ) as answer,
    ):
        refused = await answer.json()
    assert answer.status == 400 and refused["description"] == "Bad Request: BUTTON_TYPE_INVALID"


async def test_the_cli_hands_the_pages_to_every_platform(
    monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    """Each adapter's `run` gets the served pages, so it can register how a page's move reaches
    its chats (a new platform is one more adapter file, nothing more)."""
    from bot import cli
    from bot.adapters import discord as discord_adapter
    from bot.adapters import telegram as telegram_adapter

    given: dict[str, Any] = {}

    def recorder(name: str) -> Any:
        async def run(_referee: Any, _settings: Any, _stop: Any, pages: Any) -> None:
            given[name] = pages

        return run

    monkeypatch.setattr(discord_adapter, "run", recorder("discord"))
    monkeypatch.setattr(telegram_adapter, "run", recorder("telegram"))
    config = Settings.model_validate(
        {
            "database": {"url": db_url},
            "discord": {"token": "fake-token"},
            "telegram": {"token": TOKEN},
            "web": {"port": 0},
        }
    )
    await cli._serve_platforms(config, asyncio.Event())
    assert set(given) == {"discord", "telegram"}
    assert given["discord"] is given["telegram"]
    assert isinstance(given["telegram"], Web) and given["telegram"].telegram_token == TOKEN
