"""Fixtures: a referee on a fresh SQLite file, and the test-only engines in the registry."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.referee import Referee
from games.registry import GAMES

POSTGRES = "PAPERREF_TEST_POSTGRES_URL"


def pytest_configure(config: pytest.Config) -> None:
    """Each pytest-xdist worker gets an empty PostgreSQL database of its own, made before any
    test module reads the URL: workers never share (or migrate each other's) tables."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get(POSTGRES)
    if worker and url:
        os.environ[POSTGRES] = asyncio.run(own_database(url, worker))


async def own_database(url: str, worker: str) -> str:
    shared = make_url(url)
    own = shared.set(database=f"{shared.database}_{worker}")
    server = await asyncpg.connect(shared.set(drivername="postgresql").render_as_string(False))
    try:
        await server.execute(f'DROP DATABASE IF EXISTS "{own.database}" WITH (FORCE)')
        await server.execute(f'CREATE DATABASE "{own.database}"')
    finally:
        await server.close()
    return own.render_as_string(hide_password=False)


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
