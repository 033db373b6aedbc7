"""Instructions per command in each game's engine alone, counted by valgrind's callgrind (the
same from run to run, unlike wall time on this machine): reading and applying a command (`act`),
the moves offered after it (`legal`), a bot's choice (`bot`) and the public board drawn after it
(`view`, made while the command's commit syncs). Prints a table; asserts nothing.

    .venv/bin/python -m bench.engine_instructions [--games 2]

Random legal moves are played (`--games` seeded games of each game, tests.support.random_play)
and every position before a move kept; a second process, under callgrind with instrumentation
off, loads the positions, and each phase runs over all of them with it switched on (and the
garbage collector off: what it costs depends on everything the process keeps). Run one at a time:
two runs at once have been seen to count each other's work.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.instructions import wait_for
from games.base import Rng
from games.registry import engine_for
from tests.support import random_play

GAMES = ("gotown", "papertown", "papertales", "papercraft", "skylines")
PHASES = ("act", "legal", "bot", "view")


def record(game: str, games: int) -> list[dict[str, Any]]:
    """Every position of `games` random games before a move: the state, the seat and the move."""
    engine = engine_for(game)
    steps: list[dict[str, Any]] = []
    for g in range(games):
        states: list[Any] = []
        keep = partial(_keep, states)
        play = random_play(
            engine, min(3, engine.max_players), f"instructions-{game}-{g}", on_step=keep
        )
        for state, action in zip(states, play.actions, strict=False):
            steps.append(
                {"state": state, "seat": action.seat, "verb": action.verb, "args": [*action.args]}
            )
    return steps


def _keep(states: list[Any], state: Any, _events: Any) -> None:
    states.append(copy.deepcopy(state))


def phase(game: str, name: str, steps: list[dict[str, Any]]) -> Callable[[], None]:
    """The work one phase does over every position (its states copied beforehand: `act` changes
    the state it is given)."""
    engine = engine_for(game)
    work = [(copy.deepcopy(step["state"]), step) for step in steps]

    def run() -> None:
        for i, (state, step) in enumerate(work):
            if name == "act":
                engine.act(state, step["seat"], step["verb"], step["args"], Rng(f"act-{i}"))
            elif name == "legal":
                engine.legal(state, step["seat"])
            elif name == "view":
                engine.view(state, None)
            else:
                engine.bot_move(state, step["seat"], Rng(f"bot-{i}"))

    return run


def replay(folder: Path) -> None:
    """Under callgrind: each game's phases, one at a time between `ready` and `done` files."""
    recorded = json.loads((folder / "steps.json").read_text())
    for k, (game, name) in enumerate((g, p) for g in recorded for p in PHASES):
        # warm: first-use caches (catalogues, translations) are no command's cost; views warm on
        # the first position alone, as a game's boards find in the memos only what it showed
        warm = recorded[game][:1] if name == "view" else recorded[game]
        phase(game, name, warm)()
        run = phase(game, name, recorded[game])
        gc.collect()
        gc.disable()  # a collection's cost depends on all the bench keeps: counts would drift
        (folder / f"ready-{k}").touch()
        wait_for(folder / f"go-{k}")
        run()
        gc.enable()
        (folder / f"done-{k}").touch()
        wait_for(folder / f"stop-{k}")


def control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args], check=True, capture_output=True)


def measure(steps: dict[str, list[dict[str, Any]]]) -> dict[tuple[str, str], int]:
    """Instructions of each (game, phase), all positions together."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "steps.json").write_text(json.dumps(steps))
        out = folder / "callgrind.out"
        command = [sys.executable, "-m", "bench.engine_instructions", "--replay", tmp]
        child = subprocess.Popen(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={out}",
                *command,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        pid = str(child.pid)
        counts = {}
        for k, key in enumerate((g, p) for g in steps for p in PHASES):
            wait_for(folder / f"ready-{k}")
            control("-z", pid)
            control("-i", "on", pid)
            (folder / f"go-{k}").touch()
            wait_for(folder / f"done-{k}")
            control("-i", "off", pid)
            before = set(folder.glob("callgrind.out*"))
            control("-d", pid)
            (dumped,) = set(folder.glob("callgrind.out*")) - before
            found = re.search(r"^totals: (\d+)", dumped.read_text(errors="replace"), re.MULTILINE)
            counts[key] = int(found.group(1)) if found else 0
            (folder / f"stop-{k}").touch()
        child.wait()
        return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=GAMES, help="these games (default: all)")
    parser.add_argument("--replay", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay:
        replay(Path(args.replay))
        return
    games = args.only or GAMES
    steps = {game: record(game, args.games) for game in games}
    counts = measure(steps)
    print(f"\ninstructions per command, {args.games} random games of each game")
    print(f"{'game':<12}{'commands':>10}" + "".join(f"{name:>14}" for name in PHASES))
    for game in steps:
        n = len(steps[game])
        row = "".join(f"{counts[game, name] // n:>14,}" for name in PHASES)
        print(f"{game:<12}{n:>10}{row}")


if __name__ == "__main__":
    main()
