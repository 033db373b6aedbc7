"""Bots think off the event loop and in short transactions: no command holds a table for long."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot import pipeline, referee
from bot.adapters.console import Console
from games.base import Move, Rng
from tests.core.engines import RACE
from tests.core.transcript import channel, lines, run_lines

THINK = 0.2


def bot_moves(records: list[dict[str, Any]]) -> list[str]:
    return [
        t for t in lines(records) if t.startswith("Bot ") and (" steps " in t or " draws " in t)
    ]


@pytest.fixture
def transactions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Race bots that take THINK seconds a move (in a thread) with a budget of about two moves a
    transaction; the list counts the transactions that only let bots go on."""
    original, resume = RACE.bot_move, pipeline.resume_bots
    resumed: list[int] = []

    def slow(state: Any, seat: int, rng: Rng) -> Move:
        time.sleep(THINK)
        return original(state, seat, rng)

    async def counted(turn: pipeline.Turn) -> Any:
        resumed.append(turn.table.version)
        return await resume(turn)

    monkeypatch.setattr(RACE, "bot_move", slow)
    monkeypatch.setattr(pipeline, "BOT_BUDGET_SECONDS", THINK * 1.5)
    monkeypatch.setattr(referee, "resume_bots", counted)
    return resumed


async def test_bots_go_on_in_further_short_transactions(
    console: Console, transactions: list[int]
) -> None:
    await run_lines(console, "Ann: /new race --goal 20\nAnn: /addbot\nAnn: /addbot\nAnn: /addbot")
    records = await run_lines(console, "Ann: /start\nAnn: /step 1")
    assert [t[:5] for t in bot_moves(records)] == ["Bot 1", "Bot 2", "Bot 3"]
    assert len(transactions) >= 1  # the budget ended the first transaction before Bot 3
    status = await run_lines(console, "Ann: /status")
    assert "1. Ann <- to act" in status[-1]["text"]


async def test_a_table_of_bots_finishes_over_many_transactions(
    console: Console, transactions: list[int]
) -> None:
    await run_lines(console, "Ann: /new race --goal 6\nAnn: /addbot\nAnn: /addbot\nAnn: /start")
    records = await run_lines(console, "Ann: /leave")
    assert sum(1 for r in records if "outcome" in r) == 1
    assert len(transactions) >= 2


async def test_past_the_command_limit_the_next_command_lets_bots_go_on(
    console: Console, transactions: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(referee, "BOTS_PER_COMMAND_SECONDS", 0.0)
    await run_lines(console, "Ann: /new race --goal 20\nAnn: /addbot\nAnn: /addbot\nAnn: /addbot")
    records = await run_lines(console, "Ann: /start\nAnn: /step 1")
    assert referee.BOTS_STILL_THINKING in channel(records)
    moved = bot_moves(records)
    for _ in range(3):
        records = await run_lines(console, "Ann: /status")
        moved += bot_moves(records)
        if "1. Ann <- to act" in records[-1]["text"]:
            break
    assert [t[:5] for t in moved] == ["Bot 1", "Bot 2", "Bot 3"]
    assert "1. Ann <- to act" in records[-1]["text"]


async def test_the_event_loop_keeps_answering_while_bots_think(
    console: Console, transactions: list[int]
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
