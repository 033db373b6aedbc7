"""What a chat's own units cost a Papercraft move: the same games played through the referee
(SQLite, synchronous=normal) in a chat with the built-in units only and in one with 300 units of its own (the most
a chat keeps), the armies built of built-in units: the same games (two referees seeded alike,
taking turns), so only the chat's catalogue differs. Prints
each chat's per-move median and p90 of wall time and of the process's CPU time (every thread's;
the disk's syncs and other processes on the machine weigh on it far less), and the ratios of
the medians (issue 32 asks for at most 2x). What still grows with the catalogue: the table's
options keep the chat's units (for verify), and SQLite rewrites the whole table row, options
included, at every move.

    .venv/bin/python -m bench.custom_units [GAMES]
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.latency import offered, percentile, started, typed
from bot.commands.parse import Invocation
from bot.referee import Referee
from games.base import Rng
from games.papercraft.custom import MAX_UNITS

BLOCK = (
    'Spear {n}\n30 Points\nLiving, Infantry\nHP = 20\nMovement = 4"\nDodge Bonus = +0\n'
    "Armor = Light\nSpears\nType = Pierce\nRange = Melee\nHit Bonus = +1\nDamage = 1D6\n"
)
SYNC = "?synchronous=normal"
"""Commits without a sync of their own: both referees keep to the event loop's commits, and
the disk's sync times (which vary by a factor of ten here) stay out of what is compared."""
ARMIES = {"Ann": ("Longbowmen x2", "Banner Captain"), "Bob": ("Grave Legion x2", "Barrow Hounds")}


async def add_units(referee: Referee, chat: str) -> None:
    text = "\n".join(BLOCK.format(n=n) for n in range(MAX_UNITS))
    unit = Invocation(
        "bench", chat, "Ann", "Ann", "unit", ["add"], f"{chat}:units", attachment=("u.txt", text)
    )
    [reply] = await referee.handle(unit)
    assert str(reply.text).startswith(f"Added {MAX_UNITS} units"), reply.text


async def battle(referee: Referee, chat: str, seed: str) -> list[tuple[float, float]]:
    """Open a table, build both armies, then time every offered battle move to the end (wall
    and CPU seconds)."""
    lines = [("Ann", "/new papercraft --points 200"), ("Bob", "/join"), ("Ann", "/start")]
    lines += [(who, f"/army add {unit}") for who, units in ARMIES.items() for unit in units]
    lines += [("Ann", "/ready"), ("Bob", "/ready")]
    for n, (user, text) in enumerate(lines):
        await referee.handle(typed(chat, user, text, -10 - n))
    chooser, times = Rng(seed), []
    for n in range(2000):
        move = await offered(referee, chat, chooser)
        if move is None:
            break
        user, command = move
        invocation = typed(chat, user, command, n)
        began, cpu = time.perf_counter(), time.process_time()
        replies = await referee.handle(invocation)
        referee.store.wait_idle()  # the helper thread's work for this move counts too
        if command.split()[0] != "/place":
            times.append((time.perf_counter() - began, time.process_time() - cpu))
        if any(getattr(r, "outcome", None) for r in replies):
            break
    return times


async def run(games: int) -> None:
    labels = ("built-in only", f"{MAX_UNITS} own units")
    results: dict[str, list[tuple[float, float]]] = {label: [] for label in labels}
    with tempfile.TemporaryDirectory() as folder:
        referees = {  # one each, seeded alike: both chats play the very same games
            label: await started(f"sqlite+aiosqlite:///{Path(folder) / str(n)}.db{SYNC}", "custom")
            for n, label in enumerate(labels)
        }
        for g in range(games):
            for label, referee in referees.items():
                chat = f"chat-{g}"
                if label != labels[0]:
                    await add_units(referee, chat)
                else:  # a command too, so both referees draw the same table seeds
                    await referee.handle(typed(chat, "Ann", "/unit list", -100))
                gc.collect()
                results[label] += await battle(referee, chat, f"custom-{g}")
        for referee in referees.values():
            await referee.close()
    print(f"{'chat':<18}{'moves':>7}{'wall median':>13}{'p90':>10}{'CPU median':>12}{'p90':>10}")
    medians = []
    for label, times in results.items():
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        medians.append((statistics.median(wall), statistics.median(cpu)))
        print(
            f"{label:<18}{len(times):>7}{medians[-1][0] * 1000:>11.2f}ms"
            f"{percentile(wall, 0.9) * 1000:>8.2f}ms{medians[-1][1] * 1000:>10.2f}ms"
            f"{percentile(cpu, 0.9) * 1000:>8.2f}ms"
        )
    (wall_plain, cpu_plain), (wall_own, cpu_own) = medians
    print(
        f"ratio of medians: wall {wall_own / wall_plain:.2f}x, CPU {cpu_own / cpu_plain:.2f}x "
        "(at most 2x wanted)"
    )


def main() -> None:
    asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5))


if __name__ == "__main__":
    main()
