"""Instructions per hot command, counted by valgrind's callgrind: unlike wall time on this machine
(its speed drifts by a third within minutes), the count over all threads is the same to 0.05% from
run to run (the replay runs with a fixed hash seed), so a change to the command path can be judged
by one run before and one after. The split between the threads moves by up to 2%: the garbage
collector runs on whichever thread crosses its threshold. Prints a table; asserts nothing.

    .venv/bin/python -m bench.instructions [--games 2] [--only skylines papercraft]

It plays `--games` GoTown and PaperTown games (or the games named) with two humans (moves chosen from the offers, as
bench.latency does) and keeps the commands; then a second process, under callgrind with
instrumentation off, starts the same tables on a new database, and the commands are replayed
with it switched on (`callgrind_control -i on`). The event loop's thread is what a command
waits for; the helper thread's work (the replies) overlaps the disk's sync.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.latency import offered, start_table, started, typed
from games.base import Rng

GAMES = ("gotown", "papertown")
REAL = ("gotown", "papertown", "papertales", "papercraft", "skylines")


async def record(url: str, names: Sequence[str], games: int) -> list[tuple[str, str, str, int]]:
    """Play the games; every move (chat, user, command, n) in order."""
    referee = await started(url, "instructions")
    tables = [f"{game}-{g}" for game in names for g in range(games)]
    for chat in tables:
        await start_table(referee, chat, chat.split("-")[0])
    moves = []
    for chat in tables:
        chooser = Rng(f"instructions-{chat}")
        for n in range(3000):
            move = await offered(referee, chat, chooser)
            if move is None:
                break
            user, command = move
            moves.append((chat, user, command, n))
            replies = await referee.handle(typed(chat, user, command, n))
            if any(getattr(r, "outcome", None) for r in replies):
                break
    await referee.close()
    return moves


def wait_for(path: Path) -> None:
    while not path.exists():
        time.sleep(0.05)


async def replay(url: str, moves_file: Path, folder: Path) -> None:
    """Under callgrind: start the same tables, then replay the moves between `ready` and `done`
    (the parent switches instrumentation on and off there)."""
    import storage.store

    storage.store.INLINE_COMMIT_SECONDS = 1e9  # valgrind is slow: keep a fast disk's path
    moves = json.loads(moves_file.read_text())
    referee = await started(url, "instructions")
    for chat in dict.fromkeys(chat for chat, *_rest in moves):
        await start_table(referee, chat, chat.split("-")[0])
    commands = [typed(chat, user, command, n) for chat, user, command, n in moves]
    (folder / "ready").touch()
    wait_for(folder / "go")
    for command in commands:
        await referee.handle(command)
        # valgrind runs one thread at a time: the helper, not yet back at its queue, would leave
        # the next command's replies to the loop (as bench.latency, wait for it)
        referee.helper.wait_idle()
    (folder / "done").touch()
    wait_for(folder / "stop")
    await referee.close()


def measure(moves: list[tuple[str, str, str, int]]) -> dict[int, int]:
    """Instructions per thread (callgrind's thread number: 1 is the event loop's)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "moves.json").write_text(json.dumps(moves))
        out = folder / "callgrind.out"
        child = subprocess.Popen(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                "--separate-threads=yes",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-m",
                "bench.instructions",
                "--replay",
                tmp,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        for wait, switch, then in (("ready", "on", "go"), ("done", "off", "stop")):
            wait_for(folder / wait)
            subprocess.run(
                ["callgrind_control", "-i", switch, str(child.pid)], check=True, capture_output=True
            )
            (folder / then).touch()
        child.wait()
        counts = {}
        for part in folder.glob("callgrind.out-*"):
            found = re.search(r"^totals: (\d+)", part.read_text(errors="replace"), re.MULTILINE)
            if found and int(found.group(1)):
                counts[int(part.name.rsplit("-", 1)[1])] = int(found.group(1))
        return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument(
        "--only", nargs="*", choices=REAL, help="these games (default: GoTown, PaperTown)"
    )
    parser.add_argument("--replay", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    gc.freeze()  # as `paperref` does once its start is made
    if args.replay:
        folder = Path(args.replay)
        url = f"sqlite+aiosqlite:///{folder}/replay.db"
        asyncio.run(replay(url, folder / "moves.json", folder))
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/record.db"
        moves = asyncio.run(record(url, args.only or GAMES, args.games))
    counts = measure(moves)
    n = len(moves)
    loop = counts.pop(1, 0)
    print(f"\n{n} commands of {', '.join(args.only or GAMES)} replayed under callgrind")
    print(f"{'thread':<28}{'instructions/command':>22}")
    print(f"{'event loop':<28}{loop // n:>22,}")
    for thread, count in sorted(counts.items()):
        print(f"{f'thread {thread} (helper, writer, ...)':<28}{count // n:>22,}")
    print(f"{'all threads':<28}{(loop + sum(counts.values())) // n:>22,}")


if __name__ == "__main__":
    main()
