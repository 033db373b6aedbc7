"""How many spectators one process serves: N pages follow a table by server-sent events while
moves are made in the chat; prints, for each N, how long until every page had each move (p50,
max) and whether all N got every move. Asserts nothing (timings stay out of the tests).

    .venv/bin/python -m bench.spectators [--pages 50 100 200 400] [--moves 5]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import subprocess
import sys
import tempfile
import time

import aiohttp

from bot.adapters.console import Console
from bot.cli import make_referee, serve_pages
from bot.config import WebSettings
from games.registry import engine_for

TARGET = 200
"""Spectator connections the issue asks one process to serve."""


async def follow(
    http: aiohttp.ClientSession, url: str, seen: list[float], ready: asyncio.Event
) -> None:
    """One spectator: read events, noting when each board update arrived."""
    async with http.get(url) as response:
        ready.set()
        async for line in response.content:
            if line.startswith(b"event: board"):
                seen.append(time.perf_counter())


async def run(pages: int, moves: int) -> tuple[int, float, float, bool]:
    with tempfile.TemporaryDirectory() as tmp:
        referee = await make_referee(f"sqlite+aiosqlite:///{tmp}/bench.db", seed="bench")
        endpoint, web = await serve_pages(WebSettings(), referee, metrics=False)
        console = Console(referee, out=io.StringIO(), fmt="jsonl", pages=web)
        for line in ("Ann: /new gotown --first Ann", "Bob: /join", "Ann: /start"):
            await console.line(line)
        facts = await referee.chat_facts("console", "console")
        assert facts.table_id is not None
        url = f"{web.public_url}/t/{facts.table_id}/events"
        connector = aiohttp.TCPConnector(limit=0)
        seen: list[list[float]] = [[] for _ in range(pages)]
        async with aiohttp.ClientSession(connector=connector) as http:
            ready = [asyncio.Event() for _ in range(pages)]
            tasks = [
                asyncio.create_task(follow(http, url, seen[i], ready[i])) for i in range(pages)
            ]
            await asyncio.gather(*(event.wait() for event in ready))
            await asyncio.sleep(0.5)  # every page is following the revision
            lags: list[float] = []
            for made in range(moves):
                table = await referee.store.queries.table(facts.table_id)
                assert table is not None and table.state is not None
                seat = engine_for("gotown").waiting(table.state)[0]
                move = engine_for("gotown").legal(table.state, seat)[0]
                start = time.perf_counter()
                await console.line(f"{table.seats[seat].name}: {move.text}")
                deadline = start + 5.0
                while any(len(s) <= made for s in seen) and time.perf_counter() < deadline:
                    await asyncio.sleep(0.01)
                lags += [s[made] - start for s in seen if len(s) > made]
            complete = all(len(s) >= moves for s in seen)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await endpoint.close()
        await referee.close()
    return pages, statistics.median(lags) * 1000, max(lags) * 1000, complete


def main(counts: list[int], moves: int) -> None:
    """Each count in a process of its own, as a bot would serve them."""
    print(f"{'pages':>6} {'p50 ms':>8} {'max ms':>8}  every page had every move")
    for count in counts:
        command = [
            sys.executable,
            "-m",
            "bench.spectators",
            "--one",
            str(count),
            "--moves",
            str(moves),
        ]
        found = subprocess.run(command, capture_output=True, text=True, check=False).stdout.split()
        pages, p50, worst, complete = int(found[0]), float(found[1]), float(found[2]), found[3]
        print(f"{pages:>6} {p50:>8.0f} {worst:>8.0f}  {'yes' if complete == 'True' else 'NO'}")
    print(f"target: {TARGET} spectators on one process, each move within 1 s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(*asyncio.run(run(args.one, args.moves)))
    else:
        main(args.pages, args.moves)
