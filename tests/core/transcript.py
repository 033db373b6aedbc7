"""Run console lines in-process and collect the jsonl records, for transcript tests."""

from __future__ import annotations

import io
import json
from typing import Any

from bot.adapters.console import Console


async def run_lines(console: Console, text: str) -> list[dict[str, Any]]:
    assert isinstance(console.out, io.StringIO)
    start = console.out.tell()
    for line in text.strip().splitlines():
        await console.line(line)
    console.out.seek(start)
    records = [json.loads(line) for line in console.out.read().splitlines() if line.strip()]
    console.out.seek(0, io.SEEK_END)
    return records


def channel(records: list[dict[str, Any]]) -> list[str]:
    """What the channel was told: each message's text (a board's edit tells nothing new)."""
    return [r["text"] for r in records if r["to"] == "channel" and r["text"]]


def lines(records: list[dict[str, Any]]) -> list[str]:
    """Every line the channel was told: a command's report folds its moves into one message."""
    return [line for text in channel(records) for line in text.split("\n") if line]


def board(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The last record of the table's board message (posted or edited)."""
    return [r for r in records if "board" in r and r["to"] == "channel"][-1]


def outcome(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The game-over message's record."""
    [found] = [r for r in records if "outcome" in r]
    return found


def to(records: list[dict[str, Any]], name: str) -> list[str]:
    return [r["text"] for r in records if r["to"] == name]
