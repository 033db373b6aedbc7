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
    return [r["text"] for r in records if r["to"] == "channel"]


def to(records: list[dict[str, Any]], name: str) -> list[str]:
    return [r["text"] for r in records if r["to"] == name]
