"""Issue 30: updates enter so that nothing acknowledged is lost. Polling confirms (with the next
getUpdates' offset) only updates already applied; a webhook answers 200 only once its update is
applied; a stop takes no more updates and lets the ones taken finish. python-telegram-bot's own
Updater confirmed and answered as soon as an update was queued."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import aiohttp
import pytest
from telegram import Update
from telegram.ext import ContextTypes, TypeHandler

from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import (
    ANN,
    BOB,
    GROUP,
    Harness,
    free_port,
    open_table,
    settings,
    texts,
    until,
    webhook_settings,
)

HELD = "/roll 1d4"
SECRET = "s3cret"


class Gate:
    """A handler run before the adapter's: the update whose text is HELD waits until opened."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self.opened = asyncio.Event()

    async def __call__(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if update.message is not None and update.message.text == HELD:
            self.reached.set()
            await self.opened.wait()


async def gated(harness: Harness) -> Gate:
    gate = Gate()
    assert harness.app is not None
    harness.app.add_handler(TypeHandler(Update, gate), group=-1)
    return gate


def offsets(fake: FakeBotApi, since: int = 0) -> list[int]:
    return [int(c.params.get("offset") or 0) for c in fake.of("getUpdates")[since:]]


async def test_polling_confirms_an_update_only_once_it_is_applied(
    tg: Harness, fake: FakeBotApi
) -> None:
    gate = await gated(tg)
    held = fake.command(ANN, GROUP, HELD)
    after = fake.command(BOB, GROUP, "/roll 1d6")
    fake.inject(held)
    fake.inject(after)
    await gate.reached.wait()
    polls = len(fake.of("getUpdates"))
    await until(lambda: len(fake.of("getUpdates")) > polls + 2)  # polling went on meanwhile
    assert max(offsets(fake)) <= held["update_id"], "an update in flight was confirmed"
    assert [u["update_id"] for u in fake.queue] == [held["update_id"], after["update_id"]]
    gate.opened.set()
    await until(lambda: max(offsets(fake)) > after["update_id"])
    assert sorted(tg.processed) == [held["update_id"], after["update_id"]]
    assert fake.queue == []


async def test_a_stop_while_polling_finishes_the_update_taken_then_confirms_it(
    tg: Harness, fake: FakeBotApi, caplog: pytest.LogCaptureFixture
) -> None:
    gate = await gated(tg)
    held = fake.command(ANN, GROUP, HELD)
    fake.inject(held)
    await gate.reached.wait()
    tg.halt.set()
    polls = len(fake.of("getUpdates"))
    late = fake.command(BOB, GROUP, "/roll 1d6")
    fake.inject(late)  # arrives during the drain: not taken, not confirmed
    gate.opened.set()
    assert tg.task is not None
    with caplog.at_level(logging.INFO, logger="bot.adapters.telegram.application"):
        await asyncio.wait_for(tg.task, 15)
    assert tg.processed == [held["update_id"]]
    last = offsets(fake, polls)
    assert last[-1] == held["update_id"] + 1 >= max(last), "one last poll confirmed it"
    assert [u["update_id"] for u in fake.queue] == [late["update_id"]]  # sent at the next start
    assert "telegram: drained: no more updates taken; 1 in flight finished" in caplog.text


async def test_a_webhook_answers_once_the_update_is_applied_and_a_stop_takes_no_more(
    fake: FakeBotApi, db_url: str
) -> None:
    port = free_port()
    config = webhook_settings(port, SECRET)
    harness = Harness(fake, db_url, config)
    await harness.start()
    gate = await gated(harness)
    url = f"http://127.0.0.1:{port}/tg"
    headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
    try:
        async with aiohttp.ClientSession() as http:

            async def post(update: dict[str, object]) -> int:
                with contextlib.suppress(aiohttp.ClientError):
                    async with http.post(url, json=update, headers=headers) as response:
                        return response.status
                return 0  # no answer: the port was closed

            held = fake.command(ANN, GROUP, HELD)
            answer = asyncio.create_task(post(held))
            await gate.reached.wait()
            await asyncio.sleep(0.2)
            assert not answer.done(), "answered before the update was applied"
            harness.halt.set()
            await until(lambda: not listening(port))
            late = fake.command(BOB, GROUP, "/roll 1d6")
            assert await post(late) in (0, 503)  # not taken: Telegram sends it again
            gate.opened.set()
            assert await answer == 200
            assert harness.task is not None
            await asyncio.wait_for(harness.task, 15)
    finally:
        await harness.stop()
    assert harness.processed == [held["update_id"]]
    assert fake.of("setWebhook")[0].params["secret_token"] == SECRET


def listening(port: int) -> bool:
    """Whether the webhook still takes updates (its port open)."""
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


async def test_a_refused_update_delivered_again_after_a_restart_gets_nothing(
    fake: FakeBotApi, db_url: str
) -> None:
    """Bob's /done out of turn is refused; once it is his turn, the same update sent again (an
    offset left behind at a stop) must not end his turn."""
    first = Harness(fake, db_url, settings())
    await first.start()
    await first.start_privately(ANN, BOB)
    await open_table(first, ANN, BOB)
    await first.say(ANN, "/start")
    early = fake.command(BOB, GROUP, "/done")
    refused = await first.send(early)
    assert texts(refused, GROUP) == "It is Ann's turn, not yours."
    await first.say(ANN, "/done")  # Bob's turn now
    await first.stop()
    second = Harness(fake, db_url, settings())
    await second.start()
    try:
        again = await second.send(early)
        assert [c for c in again if c.method != "getUpdates"] == [], "answered once, applied never"
        status = texts(await second.say(ANN, "/status"), GROUP)
        assert "Bob" in status and "to act" in status, status
    finally:
        await second.stop()
