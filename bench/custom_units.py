"""What a chat's own units cost a Papercraft move: the same games played through the referee
(SQLite) in a chat with the built-in units only and in one with 300 units of its own (the most
a chat keeps), the armies built of built-in units. Prints each chat's per-move median and p90,
its stored table size, and their ratio (issue 32 asks for at most 2x).

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
ARMIES = {"Ann": ("Longbowmen x2", "Banner Captain"), "Bob": ("Grave Legion x2", "Barrow Hounds")}


async def add_units(referee: Referee, chat: str) -> None:
    text = "\n".join(BLOCK.format(n=n) for n in range(MAX_UNITS))
    unit = Invocation(
        "bench", chat, "Ann", "Ann", "unit", ["add"], f"{chat}:units", attachment=("u.txt", text)
    )
    [reply] = await referee.handle(unit)
    assert str(reply.text).startswith(f"Added {MAX_UNITS} units"), reply.text


async def battle(referee: Referee, chat: str, seed: str) -> list[float]:
    """Open a table, build both armies, then time every offered battle move to the end."""
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
        began = time.perf_counter()
        replies = await referee.handle(invocation)
        if command.split()[0] != "/place":
            times.append(time.perf_counter() - began)
        if any(getattr(r, "outcome", None) for r in replies):
            break
    return times


async def run(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        referee = await started(url, "custom-units")
        results: dict[str, list[float]] = {"built-in only": [], f"{MAX_UNITS} own units": []}
        for g in range(games):
            for label in results:
                chat = f"{label}-{g}"
                if label != "built-in only":
                    await add_units(referee, chat)
                gc.collect()
                results[label] += await battle(referee, chat, f"custom-{g}")
        await referee.close()
    print(f"{'chat':<18}{'moves':>7}{'median':>10}{'p90':>10}")
    for label, times in results.items():
        median, p90 = statistics.median(times), percentile(times, 0.9)
        print(f"{label:<18}{len(times):>7}{median * 1000:>8.2f}ms{p90 * 1000:>8.2f}ms")
    plain, own = (statistics.median(t) for t in results.values())
    print(f"ratio of medians: {own / plain:.2f}x (at most 2x wanted)")


def main() -> None:
    asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 3))


if __name__ == "__main__":
    main()
