"""Bots think outside the write transaction: while the sweeper times out Papercraft tables on
SQLite (the bots taking the timed-out seats think at the largest options), another chat's moves
are timed. Prints the other chat's p50, p99 and max, and whether p99 is under 100 ms, beside the
same moves with no sweeper running; asserts nothing (timings stay out of the tests).

    .venv/bin/python -m bench.sweeper [--tables 4] [--moves 300]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

from bench.latency import offered, percentile, start_table, started, typed
from bot.adapters.base import SWEEP_SECONDS
from bot.referee import Referee
from games.base import Rng
from storage.models import utcnow

BUDGET_MS = 100.0
"""The issue's bound on another chat's p99 while the sweeper works."""
TURN = timedelta(minutes=1)
SLOW_GAME = "/new papercraft --turn-time 1m"
"""Papercraft with its default armies, two humans whose turns time out to bots."""


class Clock:
    """The referee's clock, moved on by the sweeper so deadlines fall due."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now


async def timed_moves(
    referee: Referee, chat: str, moves: int, chooser: Rng, until: Callable[[], bool] = lambda: True
) -> list[float]:
    """Wall times of offered moves at a GoTown table (a new table when one ends): `moves` of
    them, and more until `until()`."""
    times: list[float] = []
    game = 0
    await start_table(referee, f"{chat}-{game}", "gotown")
    while len(times) < moves or not until():
        move = await offered(referee, f"{chat}-{game}", chooser)
        if move is None:
            game += 1
            await start_table(referee, f"{chat}-{game}", "gotown")
            continue
        invocation = typed(f"{chat}-{game}", *move, len(times))
        began = time.perf_counter()
        await referee.handle(invocation)
        times.append(time.perf_counter() - began)
        await asyncio.sleep(0.005)  # a player's next message: the sweeper gets its turns
    return times


async def sweeping(referee: Referee, clock: Clock, done: asyncio.Event) -> tuple[int, int]:
    """As the adapters' sweeper, every SWEEP_SECONDS, but with a turn gone by each time, until
    `done`: (deadlines swept, sweeps)."""
    fired = sweeps = 0
    while not done.is_set():
        clock.now += TURN
        fired += len(await referee.sweep(["bench"]))
        sweeps += 1
        with suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), SWEEP_SECONDS)
    return fired, sweeps


def all_bots_done(referee: Referee, tables: int) -> bool:
    """Whether every slow table has ended (its seats timed out to bots, who played it out)."""
    return all(referee.store.cached("bench", f"slow-{n}") is None for n in range(tables))


def played_out(database: Path) -> tuple[int, int]:
    """(slow tables finished, actions logged at them)."""
    with sqlite3.connect(database) as db:
        finished = db.execute(
            "SELECT count(*) FROM tables WHERE chat_id LIKE 'slow-%' AND status = 'finished'"
        ).fetchone()[0]
        actions = db.execute(
            "SELECT count(*) FROM actions JOIN tables ON tables.id = actions.table_id"
            " WHERE tables.chat_id LIKE 'slow-%'"
        ).fetchone()[0]
    return int(finished), int(actions)


async def run(database: Path, tables: int, moves: int) -> None:
    url = f"sqlite+aiosqlite:///{database}"
    clock = Clock()
    referee = await started(url, "sweeper")
    referee.clock = clock
    for n in range(tables):
        chat = f"slow-{n}"
        lines = (("Ann", SLOW_GAME), ("Bob", "/join"), ("Ann", "/start"))
        for i, (user, text) in enumerate(lines):
            await referee.handle(typed(chat, user, text, -1 - i))
    quiet = await timed_moves(referee, "quiet", moves, Rng("sweeper-quiet"))
    done = asyncio.Event()
    sweeper = asyncio.create_task(sweeping(referee, clock, done))
    over = partial(all_bots_done, referee, tables)
    busy = await timed_moves(referee, "busy", moves, Rng("sweeper-busy"), over)
    done.set()
    fired, sweeps = await sweeper
    await referee.close()
    print(f"{'another chat':<28}{'moves':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for name, times in (("no sweeper", quiet), (f"sweeper at {tables} Papercraft", busy)):
        ms = [t * 1000 for t in times]
        p50, p99 = statistics.median(ms), percentile(ms, 0.99)
        print(f"{name:<28}{len(ms):>7}{p50:>9.1f}{p99:>9.1f}{max(ms):>9.1f}")
    p99 = percentile([t * 1000 for t in busy], 0.99)
    verdict = "under" if p99 < BUDGET_MS else "OVER"
    finished, actions = played_out(database)
    print(
        f"sweeps {sweeps}, timeouts fired {fired}, Papercraft tables played out {finished} of"
        f" {tables} ({actions} actions); p99 {verdict} {BUDGET_MS:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(Path(tmp) / "sweeper.db", args.tables, args.moves))


if __name__ == "__main__":
    main()
