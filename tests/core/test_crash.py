"""kill -9 in the middle of play: every acknowledged move survives, none is applied twice, and
the stored table equals the replay of its log (SQLite always, PostgreSQL when configured)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.pipeline import state_digest
from games.base import Action
from games.registry import engine_for
from games.replay import replay
from storage.db import create_engine

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 4

WORKER = """
import asyncio, sys
import games.registry
games.registry.GAMES["race"] = "tests.core.race"
from bot.cli import make_referee
from bot.commands.parse import Invocation

async def play(referee, chat: str, start: int) -> None:
    for n in range(start, start + 1000):
        for user in ("a", "b"):
            if await referee.legal_moves("test", chat, user):
                break
        else:
            return
        inv = Invocation("test", chat, user, user, "step", ["1"], update_id=f"{chat}:{n}")
        replies = await referee.handle(inv)
        shown = (replies[0].text or "(board)").splitlines()[0] if replies else "(already applied)"
        print("ack", chat, n, shown, flush=True)

async def main() -> None:
    referee = await make_referee(sys.argv[1])
    starts = [pair.split("=") for pair in sys.argv[2:]]
    await asyncio.gather(*(play(referee, chat, int(start)) for chat, start in starts))

asyncio.run(main())
"""
"""Plays several tables at once, so their moves share commits (SQLite's group commit)."""


@pytest.fixture(params=["sqlite", "sqlite-normal", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/crash.db"
    if request.param == "sqlite-normal":  # WAL with synchronous=normal survives kill -9 too
        return f"sqlite+aiosqlite:///{tmp_path}/crash.db?synchronous=normal"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


async def run_until_killed(
    url: str, starts: dict[str, int], acks_wanted: int
) -> dict[str, list[int]]:
    """Start a worker on the tables, wait for some acknowledged moves, then kill -9 it."""
    pairs = [f"{chat}={start}" for chat, start in starts.items()]
    worker = await asyncio.create_subprocess_exec(
        sys.executable, "-c", WORKER, url, *pairs,
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    acked: dict[str, list[int]] = {chat: [] for chat in starts}
    assert worker.stdout is not None
    while sum(map(len, acked.values())) < acks_wanted:
        line = await asyncio.wait_for(worker.stdout.readline(), 60)
        if not line:
            break
        _ack, chat, n, *_shown = line.split()
        acked[chat.decode()].append(int(n))
    if worker.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            worker.send_signal(signal.SIGKILL)
    await worker.wait()
    assert worker.returncode in (-signal.SIGKILL, 0), await worker.stderr.read()  # type: ignore[union-attr]
    return acked


TABLES = 3


async def test_acknowledged_moves_survive_kill_9(url: str) -> None:
    """Three tables played at once (their moves share commits), the worker killed four times."""
    chats = [uuid.uuid4().hex for _ in range(TABLES)]
    referee = await make_referee(url)
    for chat in chats:
        for user, verb, args in (("a", "new", ["race", "--goal", "50"]), ("b", "join", []),
                                 ("a", "start", [])):  # fmt: skip
            await referee.handle(Invocation("test", chat, user, user, verb, args))
    acked: dict[str, list[int]] = {chat: [] for chat in chats}
    starts = dict.fromkeys(chats, 0)
    for kill in range(KILLS):
        got = await run_until_killed(url, starts, TABLES * (3 + 4 * kill))
        for chat, numbers in got.items():
            acked[chat] += numbers
            # the next worker starts again from the last acknowledged update: a redelivery of
            # any update id the killed worker applied without acknowledging is applied once
            last = numbers[-1] if numbers else starts[chat]
            starts[chat] = max(last, 0)
    assert all(acked.values()), acked
    engine = create_engine(url)
    for chat in chats:
        async with engine.connect() as connection:
            table = (
                await connection.execute(
                    text(
                        "select t.id, t.seed, o.options, t.state, t.rng_position from tables t"
                        " join table_options o on o.table_id = t.id where t.chat_id = :c"
                    ),
                    {"c": chat},
                )
            ).one()
            rows = (
                await connection.execute(
                    text(
                        "select seq, seat, verb, args, digest from actions where table_id = :t"
                        " order by seq"
                    ),
                    {"t": table[0]},
                )
            ).all()
        assert len(rows) >= len(set(acked[chat])) > 0  # every acknowledged move is stored
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # numbered once each
        race = engine_for("race")
        actions = [Action(r[1], r[2], tuple(plain(r[3]))) for r in rows]  # type: ignore[arg-type]
        state, rng = replay(race, ["a", "b"], plain(table[2]), table[1], actions)  # type: ignore[arg-type]
        assert state == plain(table[3]) and rng.position == table[4]
        assert state_digest(state, rng.position) == rows[-1][4]
        assert sum(state["pos"]) == len(rows)  # each step moved exactly one space: none twice
    await engine.dispose()
    await referee.close()


def plain(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value
