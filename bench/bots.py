"""How long a bot thinks: the slowest Papercraft bot move at the maximum options (four bots,
--points MAX, --table MAXxMAX, --positions, three rounds), each move the best of three runs with
garbage collection held off. Prints a table.

    .venv/bin/python -m bench.bots
"""

from __future__ import annotations

import gc
import time
from typing import Any

from games.base import Rng
from games.papercraft import ENGINE
from games.papercraft.options import MAX_POINTS, MAX_TABLE, MAX_UNITS


def options(**values: Any) -> dict[str, Any]:
    defaults = {o.name: o.default for o in ENGINE.options if o.kind != "chat"}
    return defaults | values


def slowest_bot_move(players: int, opts: dict[str, Any], cheapest: int) -> tuple[float, str]:
    """Bots play a whole game; `cheapest` armies are all of the cheapest unit (the most units)."""
    rng = Rng("speed")
    state, _ = ENGINE.setup(["Ann", "Bob", "Cid", "Dee"][:players], opts, rng)
    for seat in range(cheapest):
        army = f"Stefano's Foot Soldier x{MAX_UNITS}".split()
        ENGINE.act(state, seat, "army", ["add", *army], rng)
    chooser, slowest = Rng("speed/bots"), (0.0, "")
    while ENGINE.outcome(state) is None:
        seat = ENGINE.waiting(state)[0]
        seed = chooser.fork("bot").seed
        runs = []
        gc.disable()
        try:
            for _ in range(3):
                began = time.perf_counter()
                move = ENGINE.bot_move(state, seat, Rng(seed))
                runs.append(time.perf_counter() - began)
        finally:
            gc.enable()
        slowest = max(slowest, (min(runs), move.text))
        ENGINE.act(state, seat, move.verb, list(move.args), rng)
    return slowest


def main() -> None:
    table = f"{MAX_TABLE}x{MAX_TABLE}"
    opts = options(points=MAX_POINTS, table=table, positions=True, rounds=3)
    print(f"{'armies of the cheapest unit':<30}{'slowest bot move':>18}  move")
    for cheapest in (0, 2, 4):
        took, move = slowest_bot_move(4, opts, cheapest)
        print(f"{cheapest:<30}{took * 1000:>15.1f} ms  {move}")


if __name__ == "__main__":
    main()
