"""Bots think off the event loop and within a time budget: no command holds a table for long."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot import pipeline
from bot.adapters.console import Console
from games.base import Move, Rng
from tests.core.engines import RACE
from tests.core.transcript import channel, run_lines

THINK = 0.2


def bot_moves(records: list[dict[str, Any]]) -> list[str]:
    return [
        t for t in channel(records) if t.startswith("Bot ") and (" steps " in t or " draws " in t)
    ]


@pytest.fixture
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Race bots that take THINK seconds a move (in a thread), with a budget of two moves."""
    original = RACE.bot_move

    def slow(state: Any, seat: int, rng: Rng) -> Move:
        time.sleep(THINK)
        return original(state, seat, rng)

    monkeypatch.setattr(RACE, "bot_move", slow)
    monkeypatch.setattr(pipeline, "BOT_BUDGET_SECONDS", THINK * 1.5)


async def test_bots_pause_at_the_budget_and_go_on_with_the_next_command(
    console: Console, slow_bots: None
) -> None:
    await run_lines(console, "Ann: /new race --goal 20\nAnn: /addbot\nAnn: /addbot\nAnn: /addbot")
    records = await run_lines(console, "Ann: /start\nAnn: /step 1")
    bot_steps = bot_moves(records)
    assert 1 <= len(bot_steps) < 3, bot_steps  # the budget stopped them before all three moved
    assert any("still thinking" in t for t in channel(records))
    for _ in range(3):  # each command lets them go on for another budget
        records = await run_lines(console, "Ann: /status")
        bot_steps += bot_moves(records)
        if "1. Ann <- to act" in records[-1]["text"]:
            break
    assert [t[:5] for t in bot_steps] == ["Bot 1", "Bot 2", "Bot 3"]
    assert "1. Ann <- to act" in records[-1]["text"]


async def test_a_table_of_bots_past_the_budget_is_closed_unfinished(
    console: Console, slow_bots: None
) -> None:
    await run_lines(console, "Ann: /new race --goal 50\nAnn: /addbot\nAnn: /addbot\nAnn: /start")
    records = await run_lines(console, "Ann: /leave")
    assert any("closed without a result" in t for t in channel(records))
    assert not any("outcome" in r for r in records)
    status = await run_lines(console, "Ann: /status")
    assert status[0]["text"].startswith("There is no table in this chat")


async def test_the_event_loop_keeps_answering_while_bots_think(
    console: Console, slow_bots: None
) -> None:
    await run_lines(console, "Ann: /new race --goal 20\nAnn: /addbot\nAnn: /addbot\nAnn: /start")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    await run_lines(console, "Ann: /step 1")
    task.cancel()
    assert ticks >= 10  # the loop ran other work during two bot moves of 0.2 s each
