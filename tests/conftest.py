"""Fixtures: a referee on a fresh SQLite file, and the test-only engines in the registry."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.referee import Referee
from games.registry import GAMES


@pytest.fixture(autouse=True)
def test_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(GAMES, "race", "tests.core.race")
    monkeypatch.setitem(GAMES, "secret", "tests.core.secret")
    yield


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path}/test.db"


@pytest.fixture
async def referee(db_url: str) -> AsyncIterator[Referee]:
    referee = await make_referee(db_url, seed="fixed")
    yield referee
    await referee.close()


@pytest.fixture
def console(referee: Referee) -> Console:
    import io

    return Console(referee, out=io.StringIO(), fmt="jsonl")
