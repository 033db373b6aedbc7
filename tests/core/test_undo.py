"""/undo replays from the nearest snapshot, not from the start of the game."""

from __future__ import annotations

from typing import Any

import pytest

from bot import pipeline
from bot.adapters.console import Console
from tests.core.engines import RACE
from tests.core.transcript import run_lines


async def play_steps(console: Console, chat: str, steps: int) -> None:
    await run_lines(console, "Ann: /new race --goal 50\nBob: /join\nAnn: /start")
    lines = [f"{'Ann' if i % 2 == 0 else 'Bob'}: /step 1" for i in range(steps)]
    await run_lines(console, "\n".join(lines))


async def test_undo_after_a_snapshot_replays_only_what_followed_it(
    console: Console, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "SNAPSHOT_EVERY", 5)
    setups: list[Any] = []
    original = RACE.setup

    def counted(*args: Any) -> Any:
        setups.append(args)
        return original(*args)

    await play_steps(console, "a", 13)
    monkeypatch.setattr(RACE, "setup", counted)
    records = await run_lines(console, "Ann: /undo\nAnn: /status")
    assert records[0]["text"].startswith("Ann takes back: Ann steps to 7.")
    assert "Ann: 6" in records[-1]["text"] and "Bob: 6" in records[-1]["text"]
    assert not setups, "the replay started from the snapshot after action 10"
    again = await run_lines(console, "Ann: /step 2\nBob: /step 1\nAnn: /status")
    assert "Ann: 8" in again[-1]["text"] and "Bob: 7" in again[-1]["text"]
