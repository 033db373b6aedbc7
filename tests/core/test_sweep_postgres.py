"""Four sweeper processes on one PostgreSQL database, 200 tables whose deadlines pass at once:
each deadline fires exactly once (SELECT ... FOR UPDATE SKIP LOCKED, then the chat's lock)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.cli import make_referee
from bot.commands.parse import Invocation
from storage.db import create_engine

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")
TABLES = 200
WORKERS = 4
T0 = datetime(2030, 1, 1, 12, 0)

pytestmark = pytest.mark.skipif(not POSTGRES, reason="PAPERREF_TEST_POSTGRES_URL is not set")


async def open_tables(url: str, platform: str) -> list[str]:
    referee = await make_referee(url)
    referee.clock = lambda: T0
    chats = [f"t{n}" for n in range(TABLES)]

    async def table(chat: str) -> None:
        for user, verb, *args in (("a", "new", "race", "--turn-time", "10m"), ("b", "join"),
                                  ("a", "start")):  # fmt: skip
            await referee.handle(Invocation(platform, chat, user, user, verb, list(args)))

    for start in range(0, TABLES, 20):
        await asyncio.gather(*(table(chat) for chat in chats[start : start + 20]))
    await referee.close()
    return chats


async def timeouts_per_chat(url: str, platform: str) -> dict[str, int]:
    engine = create_engine(url)
    query = text(
        "select t.chat_id, count(a.id) from tables t left join actions a "
        "on a.table_id = t.id and a.cause = 'timeout' where t.platform = :p group by t.chat_id"
    )
    async with engine.connect() as connection:
        rows = (await connection.execute(query, {"p": platform})).all()
    await engine.dispose()
    return {chat: int(count) for chat, count in rows}


async def test_four_processes_fire_each_of_200_deadlines_exactly_once() -> None:
    assert POSTGRES is not None
    platform = f"pg{uuid.uuid4().hex[:8]}"
    chats = await open_tables(POSTGRES, platform)
    later = (T0 + timedelta(hours=1)).isoformat()
    root = Path(__file__).parents[2]
    command = [sys.executable, "-m", "tests.core.sweep_worker", POSTGRES, platform, later]
    workers = [
        subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root
        )
        for _ in range(WORKERS)
    ]
    outputs = []
    try:
        for worker in workers:  # every worker is connected and waiting: then all start at once
            assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write("go\n")
            worker.stdin.flush()
        for worker in workers:
            out, _ = worker.communicate(timeout=300)
            assert worker.returncode == 0
            outputs.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    fired = [chat for output in outputs for chat in output]
    assert sorted(fired) == sorted(chats), "every deadline fired, none twice"
    assert sum(1 for output in outputs if output) >= 2, "the work was shared"
    assert await timeouts_per_chat(POSTGRES, platform) == dict.fromkeys(chats, 1)
