"""Issue 30: every request python-telegram-bot makes to the Bot API reaches the meter by method
and status, a 429 and its retry included; the update queue's depth is read at each scrape."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from bot.ops import meter
from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, Harness, until


class Calls(meter.Meter):
    """A meter that keeps what the adapters report (the discord tests use it too)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []
        self.queues: dict[str, Callable[[], int]] = {}

    def api_call(self, platform: str, method: str, status: int) -> None:
        self.calls.append((platform, method, status))

    def queue(self, name: str, depth: Callable[[], int]) -> None:
        self.queues[name] = depth


@pytest.fixture
def calls() -> Iterator[Calls]:
    counted = Calls()
    old = meter.use(counted)
    yield counted
    meter.use(old)


async def test_each_bot_api_call_is_counted_429s_too(
    calls: Calls, fake: FakeBotApi, tg: Harness
) -> None:
    fake.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    await tg.say(ANN, "/roll 1d6")

    def counted() -> bool:
        """The meter counts a call once its answer is read, the fake when it is asked: a call
        still on its way back (as a loaded machine has them) is waited for. One poll is open."""
        answered = [c.method for c in fake.calls if c.method != "getUpdates"]
        return [method for _, method, _ in calls.calls if method != "getUpdates"] == answered

    await until(counted)
    assert [c for c in calls.calls if c[1] == "sendMessage"] == [
        ("telegram", "sendMessage", 429),
        ("telegram", "sendMessage", 200),
    ]
    assert ("telegram", "getMe", 200) in calls.calls
    assert ("telegram", "getUpdates", 200) in calls.calls
    assert calls.queues["telegram_updates"]() == 0
