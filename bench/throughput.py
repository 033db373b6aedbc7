"""How fast games run: engine moves per second (no storage) and commands per second through the
referee on SQLite (and PostgreSQL when PAPERREF_TEST_POSTGRES_URL is set). Prints a table.

    .venv/bin/python -m bench.throughput
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time

from bot.cli import make_referee
from bot.commands.parse import Invocation
from games.base import Rng
from games.registry import GAMES, engine_for

GAMES_TO_PLAY = 20


def engine_rate(key: str) -> tuple[int, float]:
    """Bot games straight on the engine: total moves and seconds."""
    engine = engine_for(key)
    players = max(engine.min_players, 2)
    names = [f"P{i}" for i in range(players)]
    options = {o.name: o.default for o in engine.options}
    moves, start = 0, time.perf_counter()
    for game in range(GAMES_TO_PLAY):
        rng = Rng(f"bench-{key}-{game}")
        state, _ = engine.setup(names, options, rng)
        while engine.outcome(state) is None:
            seat = engine.waiting(state)[0]
            move = engine.bot_move(state, seat, rng.fork(f"bot{moves}"))
            engine.act(state, seat, move.verb, list(move.args), rng)
            moves += 1
    return moves, time.perf_counter() - start


async def referee_rate(url: str, rolls: int = 300) -> float:
    """Dice commands per second through the full referee path (one transaction each)."""
    referee = await make_referee(url)
    chat = f"bench-{time.time_ns()}"
    start = time.perf_counter()
    for i in range(rolls):
        await referee.handle(
            Invocation("bench", chat, "u", "u", "roll", ["2d6"], update_id=f"{chat}{i}")
        )
    return rolls / (time.perf_counter() - start)


def main() -> None:
    print(f"{'game':<12}{'moves':>8}{'seconds':>10}{'moves/s':>10}")
    for key in GAMES:
        moves, seconds = engine_rate(key)
        print(f"{key:<12}{moves:>8}{seconds:>10.2f}{moves / seconds:>10.0f}")
    with tempfile.TemporaryDirectory() as tmp:
        targets = {"sqlite": f"sqlite+aiosqlite:///{tmp}/bench.db"}
        if os.environ.get("PAPERREF_TEST_POSTGRES_URL"):
            targets["postgresql"] = os.environ["PAPERREF_TEST_POSTGRES_URL"]
        print(f"\n{'storage':<12}{'commands/s':>12}")
        for name, url in targets.items():
            print(f"{name:<12}{asyncio.run(referee_rate(url)):>12.0f}")


if __name__ == "__main__":
    main()
