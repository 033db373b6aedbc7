"""Issue 30: every chat at once, each chat in order; an update given up before its turn neither
runs nor lets the one after it jump the line."""

from __future__ import annotations

import asyncio
import contextlib

from bot.chat_order import ChatOrder


async def test_chats_run_at_once_each_in_order_and_a_turn_given_up_keeps_the_line() -> None:
    order = ChatOrder()
    gate, seen = asyncio.Event(), []

    async def step(name: str, wait: asyncio.Event | None = None) -> str:
        if wait is not None:
            await wait.wait()
        seen.append(name)
        return name

    first = asyncio.create_task(order.run("a", step("first", gate)))
    second = asyncio.create_task(order.run("a", step("second")))
    third = asyncio.create_task(order.run("a", step("third")))
    await asyncio.sleep(0)  # each takes its place in a's line
    assert order.waiting() == 1
    assert await order.run("b", step("other")) == "other", "chat b waits for nothing in a"
    second.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await second
    await asyncio.sleep(0)
    assert seen == ["other"] and not third.done(), "the third still waits for the first"
    gate.set()
    assert (await first, await third) == ("first", "third")
    assert seen == ["other", "first", "third"] and order.waiting() == 0


async def test_at_most_so_many_chats_are_served_at_once() -> None:
    order = ChatOrder(chats_at_once=1)
    gate = asyncio.Event()
    busy = asyncio.create_task(order.run("a", gate.wait()))
    waiting = asyncio.create_task(order.run("b", asyncio.sleep(0)))
    await asyncio.sleep(0)
    assert not waiting.done() and order.waiting() == 2
    gate.set()
    await busy
    await waiting
