"""kill -9 in the middle of play: every acknowledged move survives, none is applied twice, and
the stored table equals the replay of its log (SQLite always, PostgreSQL when configured)."""

from __future__ import annotations

import asyncio
import contextlib
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

async def main() -> None:
    url, chat, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
    referee = await make_referee(url)
    for n in range(start, start + 1000):
        for user in ("a", "b"):
            if await referee.legal_moves("test", chat, user):
                break
        else:
            return
        inv = Invocation("test", chat, user, user, "step", ["1"], update_id=f"{chat}:{n}")
        replies = await referee.handle(inv)
        shown = (replies[0].text or "(board)").splitlines()[0] if replies else "(already applied)"
        print("ack", n, shown, flush=True)

asyncio.run(main())
"""


@pytest.fixture(params=["sqlite", "sqlite-normal", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/crash.db"
    if request.param == "sqlite-normal":  # WAL with synchronous=normal survives kill -9 too
        return f"sqlite+aiosqlite:///{tmp_path}/crash.db?synchronous=normal"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


async def run_until_killed(url: str, chat: str, start: int, acks_wanted: int) -> list[int]:
    """Start a worker, wait for some acknowledged moves, then kill -9 it mid-flight."""
    worker = await asyncio.create_subprocess_exec(
        sys.executable, "-c", WORKER, url, chat, str(start),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    acked: list[int] = []
    assert worker.stdout is not None
    while len(acked) < acks_wanted:
        line = await asyncio.wait_for(worker.stdout.readline(), 60)
        if not line:
            break
        acked.append(int(line.split()[1]))
    if worker.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            worker.send_signal(signal.SIGKILL)
    await worker.wait()
    assert worker.returncode in (-signal.SIGKILL, 0), await worker.stderr.read()  # type: ignore[union-attr]
    return acked


async def test_acknowledged_moves_survive_kill_9(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chat = uuid.uuid4().hex
    referee = await make_referee(url)
    for user, verb, args in (("a", "new", ["race", "--goal", "50"]), ("b", "join", []),
                             ("a", "start", [])):  # fmt: skip
        await referee.handle(Invocation("test", chat, user, user, verb, args))
    acked: list[int] = []
    start = 0
    for kill in range(KILLS):
        got = await run_until_killed(url, chat, start, 3 + 4 * kill)
        acked += got
        start = (got[-1] + 1) if got else start
        # the next worker starts again from the last acknowledged update: a redelivery of any
        # update id the killed worker applied without acknowledging is applied once
        start = max(start - 1, 0)
    engine = create_engine(url)
    async with engine.connect() as connection:
        table = (
            await connection.execute(
                text(
                    "select id, seed, options, state, rng_position from tables where chat_id = :c"
                ),
                {"c": chat},
            )
        ).one()
        rows = (
            await connection.execute(
                text(
                    "select seq, seat, verb, args, digest from actions where table_id = :t order by seq"
                ),
                {"t": table[0]},
            )
        ).all()
    await engine.dispose()
    assert len(rows) >= len(set(acked)) > 0  # every acknowledged move is stored
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # numbered once each
    import json

    def plain(value: object) -> object:
        return json.loads(value) if isinstance(value, str) else value

    race = engine_for("race")
    actions = [Action(r[1], r[2], tuple(plain(r[3]))) for r in rows]  # type: ignore[arg-type]
    state, rng = replay(race, ["a", "b"], plain(table[2]), table[1], actions)  # type: ignore[arg-type]
    assert state == plain(table[3]) and rng.position == table[4]
    assert state_digest(state, rng.position) == rows[-1][4]
    assert sum(state["pos"]) == len(rows)  # each step moved exactly one space: none twice
    await referee.close()
