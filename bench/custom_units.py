"""What a chat's own units cost a Papercraft move: the same games played through the referee
(SQLite, synchronous=normal) in a chat with the built-in units only, in one with 300 small units
of its own (the most a chat keeps) and in one with 300 units near the 200 KB a chat keeps, the
armies built of built-in units. One referee per chat, seeded alike and taking turns, so the
games are the very same and only the chat's catalogue differs. Prints each chat's per-move
median and p90 of wall time and of the process's CPU time (every thread's: the disk's syncs and
other processes weigh on it far less), and each median's ratio to the built-in one (issue 32
asks for at most 2x). What still grows with the catalogue: the table's options keep the chat's
units as they were at /new (verify replays the army phase from them), and SQLite rewrites the
whole table row, options included, at every move.

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
LONG = "Special Abilities\nShield Wall = " + "The unit locks shields and holds its ground. " * 8
CHATS = {"built-in only": "", "300 units, 57 KB": BLOCK, "300 units, 176 KB": BLOCK + LONG + "\n"}
"""Each chat's stat block for its own units (none for the first)."""
SYNC = "?synchronous=normal"
"""Commits without a sync of their own: both referees keep to the event loop's commits, and
the disk's sync times (which vary by a factor of ten here) stay out of what is compared."""
ARMIES = {"Ann": ("Longbowmen x2", "Banner Captain"), "Bob": ("Grave Legion x2", "Barrow Hounds")}


async def add_units(referee: Referee, chat: str, block: str) -> None:
    text = "\n".join(block.format(n=n) for n in range(MAX_UNITS))
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
        referee.helper.wait_idle()  # the helper thread's work for this move counts too
        if command.split()[0] != "/place":
            times.append((time.perf_counter() - began, time.process_time() - cpu))
        if any(getattr(r, "outcome", None) for r in replies):
            break
    return times


async def run(games: int) -> None:
    results: dict[str, list[tuple[float, float]]] = {label: [] for label in CHATS}
    with tempfile.TemporaryDirectory() as folder:
        referees = {  # one each, seeded alike: every chat plays the very same games
            label: await started(f"sqlite+aiosqlite:///{Path(folder) / str(n)}.db{SYNC}", "custom")
            for n, label in enumerate(CHATS)
        }
        for g in range(games):
            for label, referee in referees.items():
                chat = f"chat-{g}"
                if CHATS[label]:
                    await add_units(referee, chat, CHATS[label])
                else:  # a command too, so every referee draws the same table seeds
                    await referee.handle(typed(chat, "Ann", "/unit list", -100))
                gc.collect()
                results[label] += await battle(referee, chat, f"custom-{g}")
        for referee in referees.values():
            await referee.close()
    head = f"{'chat':<20}{'moves':>6}{'wall median':>13}{'p90':>10}{'CPU median':>12}{'p90':>10}"
    print(f"{head}{'ratio (wall, CPU)':>20}")
    base: tuple[float, float] | None = None
    for label, times in results.items():
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        median = statistics.median(wall), statistics.median(cpu)
        base = base or median
        print(
            f"{label:<20}{len(times):>6}{median[0] * 1000:>11.2f}ms"
            f"{percentile(wall, 0.9) * 1000:>8.2f}ms{median[1] * 1000:>10.2f}ms"
            f"{percentile(cpu, 0.9) * 1000:>8.2f}ms"
            f"{median[0] / base[0]:>12.2f}x, {median[1] / base[1]:.2f}x"
        )
    print("(issue 32: with 300 own units, at most 2x the built-in-only move)")


def main() -> None:
    asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5))


if __name__ == "__main__":
    main()
