"""What a command costs, side by side in one run: per-verb p50/p99 through the referee for every
game, the raw-sqlite3 floor for the same writes and the ratio (the floor back to back, in a burst
after each game, and beside the referee: one floor transaction after each command), commands per
second over many active tables (one command at a time, and waves of chats posting together), PNG
render times, all-bot games, /undo deep in a game, and start-up. Prints tables; asserts nothing
(timings stay out of the tests).

    .venv/bin/python -m bench.latency [--tables 1000] [--commands 3000] [--games 4]

`--games` is how many games of each game the per-verb table plays: at 4, the rarest GoTown and
PaperTown verbs (/steal, /power) still have 15 to 20 timed commands for their median.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bot.cli import make_referee
from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.render.image import render_png
from games.base import Rng
from games.registry import GAMES, engine_for
from tests.support import random_play

REAL = [key for key in GAMES if key not in ("race", "secret")]
PLAYERS = ("Ann", "Bob")
RUN = time.time_ns()
"""Chats of this run are new even on a PostgreSQL database kept between runs."""


async def started(url: str, seed: str) -> Referee:
    """A referee as `paperref` starts one: what making it created (the engine, the models, a
    migration's Alembic) is frozen out of the garbage collector's full collections, as
    bot.cli.starting does. Made after the bench's own freeze, its ~22,000 objects would otherwise
    be walked by every full collection (12 to 27 ms each in the runs here), which no server pays."""
    referee = await make_referee(url, seed=seed)
    gc.freeze()
    return referee


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def typed(chat: str, user: str, text: str, n: int) -> Invocation:
    parsed = parse_command(text)
    assert parsed is not None, text
    return Invocation(
        "bench", chat, user, user, parsed.verb, parsed.args, f"{chat}:{n}", text=parsed.text
    )


async def start_table(referee: Referee, chat: str, game: str) -> None:
    for n, (user, text) in enumerate(
        (("Ann", f"/new {game}"), ("Bob", "/join"), ("Ann", "/start"))
    ):
        await referee.handle(typed(chat, user, text, -1 - n))


async def offered(referee: Referee, chat: str, chooser: Rng) -> tuple[str, str] | None:
    """One of the two humans who may move and one of their offered moves, as the chooser picks
    (None: nobody may move)."""
    offers = {u: await referee.legal_moves("bench", chat, u) for u in PLAYERS}
    movers = [u for u in PLAYERS if offers[u]]
    if not movers:
        return None
    user = chooser.choice(movers)
    return user, chooser.choice(offers[user])


@dataclass
class Played:
    """A game's timed commands: wall times and (beside the floor) CPU times, by verb; the floor
    transactions beside them."""

    timings: dict[str, list[float]]
    cpu: dict[str, list[float]]
    """The process's CPU time per command, every thread's (the loop, the helper, the writer): on a
    machine whose CPU is slow beside its disk, this is what moves the ratio."""
    floors: list[float]
    floor_cpu: list[float]


async def play_timed(
    referee: Referee,
    game: str,
    games: int,
    *,
    prefix: str = "",
    beside: Floor | None = None,
    between: Callable[[str], Awaitable[None]] | None = None,
) -> Played:
    """Two humans play offered moves; every command's wall time, by verb. With `beside`, each
    command is followed by one floor transaction of the table's state size, timed on its own: the
    floor measured at the same moments as the referee, so a spell of a slower machine or disk
    weighs on both alike; and each command's CPU time is kept too."""
    played = Played(defaultdict(list), defaultdict(list), [], [])
    timings = played.timings
    chooser = Rng(f"latency-{game}{prefix}")
    for g in range(games):
        chat = f"{prefix}{game}-{g}-{RUN}"
        await start_table(referee, chat, game)
        for n in range(3000):
            move = await offered(referee, chat, chooser)
            if move is None:
                break
            user, command = move
            invocation = typed(chat, user, command, n)  # the adapter's work, before handle
            verb = command.split()[0]
            cpu = time.process_time()
            start = time.perf_counter()
            replies = await referee.handle(invocation)
            timings[verb].append(time.perf_counter() - start)
            if beside is not None:
                referee.helper.wait_idle()  # its work left over must not slow the floor's
                played.cpu[verb].append(time.process_time() - cpu)
                size = await table_bytes(referee, chat)
                cpu = time.process_time()
                played.floors.append(beside.commit(size))
                played.floor_cpu.append(time.process_time() - cpu)
            over = any(getattr(r, "outcome", None) for r in replies)
            del replies  # freed here, not as the next command's reply replaces it on the clock
            if over:
                break
        if between is not None:
            await between(chat)
    return played


WARM_UP = 300
"""Untimed moves (and floor commits) first, so both sides are measured with the SQLite WAL at its
working size, as on a server that has run for a while: while a new WAL grows, each commit also
extends the file, which costs about twice as much."""


async def warm_up(referee: Referee) -> None:
    played = 0
    while played < WARM_UP:
        timed = await play_timed(referee, "gotown", 1, prefix=f"warm{played}-")
        played += sum(len(values) for values in timed.timings.values())


class Floor:
    """The referee's writes in raw sqlite3, in WAL at the referee's `synchronous` level, on a
    database of its own: claim the update, one action row, the snapshot and version on the table
    row, in one transaction a `commit`."""

    def __init__(self, folder: str, synchronous: str = "full", name: str = "floor") -> None:
        self.db = sqlite3.connect(f"{folder}/{name}.db", isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self.db.execute("CREATE TABLE updates (platform TEXT, id TEXT, PRIMARY KEY (platform, id))")
        self.db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, state TEXT, version INT, seq INT)")
        self.db.execute("CREATE TABLE a (t INT, seq INT, verb TEXT, args TEXT, digest TEXT)")
        self.db.execute("INSERT INTO t VALUES (1, '{}', 0, 1)")
        self.n = 0

    def commit(self, state_bytes: int) -> float:
        """One transaction with a state of this size; its wall time."""
        state = json.dumps({"blob": "x" * state_bytes})
        self.n += 1
        start = time.perf_counter()
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute(
            "INSERT INTO updates VALUES ('b', ?) ON CONFLICT DO NOTHING", (str(self.n),)
        )
        self.db.execute("INSERT INTO a VALUES (1, ?, 'build', '[\"4\",\"5\"]', 'd')", (self.n,))
        self.db.execute("UPDATE t SET state = ?, version = version + 1, seq = seq + 1", (state,))
        self.db.execute("COMMIT")
        return time.perf_counter() - start

    def warm(self, state_bytes: int) -> None:
        for _ in range(WARM_UP):
            self.commit(state_bytes)

    def burst(self, state_bytes: int, commands: int) -> list[float]:
        """`commands` transactions back to back; each one's wall time."""
        return [self.commit(state_bytes) for _ in range(commands)]

    def close(self) -> None:
        self.db.close()


FLOOR_COMMANDS = 2000
"""Back-to-back floor transactions for each game's rows of the per-verb table, shared out as one
burst after each of the tables it plays: the referee's commands are spread over those tables, and
this disk's speed drifts by 15 to 35% within minutes, so one burst at one moment (as earlier runs
had it) could land in a faster or slower spell than the commands it is compared with."""


async def floor_postgres(url: str, state_bytes: int, commands: int = 1000) -> list[float]:
    """The same writes with asyncpg itself, on tables of a scratch schema of the PostgreSQL
    database (logged, as the referee's are: a temporary table's commit waits for no WAL flush)."""
    import asyncpg

    db = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    schema = f"paperref_floor_{RUN}"
    await db.execute(
        f"CREATE SCHEMA {schema};"
        f"CREATE TABLE {schema}.updates (platform TEXT, id TEXT, PRIMARY KEY (platform, id));"
        f"CREATE TABLE {schema}.t (id INT PRIMARY KEY, state JSON, version INT, seq INT);"
        f"CREATE TABLE {schema}.a (t INT, seq INT, verb TEXT, args JSON, digest TEXT)"
    )
    try:
        state = json.dumps({"blob": "x" * state_bytes})
        await db.execute(f"INSERT INTO {schema}.t VALUES (1, $1, 0, 1)", state)
        times = []
        for n in range(WARM_UP + commands):
            start = time.perf_counter()
            async with db.transaction():
                await db.execute(
                    f"INSERT INTO {schema}.updates VALUES ('b', $1) ON CONFLICT DO NOTHING", str(n)
                )
                await db.execute(
                    f"INSERT INTO {schema}.a VALUES (1, $1, 'build', '[\"4\",\"5\"]', 'd')", n
                )
                await db.execute(
                    f"UPDATE {schema}.t SET state = $1, version = version + 1, seq = seq + 1", state
                )
            times.append(time.perf_counter() - start)
    finally:
        await db.execute(f"DROP SCHEMA {schema} CASCADE")
        await db.close()
    return times[WARM_UP:]


def machine_ticks() -> tuple[int, int] | None:
    """The whole machine's busy and stolen CPU clock ticks so far (Linux /proc/stat; else None).
    Stolen time is what the hypervisor gave a virtual machine's neighbours: here its share moved
    between 3% and 42% within minutes, and the referee's CPU times with it."""
    try:
        line = Path("/proc/stat").read_text().split("\n", 1)[0]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, line.split()[1:9])
    return user + nice + system + irq + softirq + steal, steal


def stolen_share(before: tuple[int, int] | None, after: tuple[int, int] | None) -> str:
    """The share of the busy time between two readings that was stolen, as a column's text."""
    if before is None or after is None or after[0] == before[0]:
        return "-"
    return f"{(after[1] - before[1]) / (after[0] - before[0]):.0%}"


async def state_size(referee: Referee, chat: str) -> int:
    """The size of the chat's table's state as stored (its last game's, once it ended)."""
    queries = referee.store.queries
    table = await queries.open_table("bench", chat) or await queries.last_table("bench", chat)
    return len(json.dumps(table.state)) if table is not None and table.state else 1000


async def table_bytes(referee: Referee, chat: str) -> int:
    """The size of a table's state as its cached copy has it (a game's end uncaches it: then the
    size of a state as the floor's first commits have it)."""
    entry = referee.store._cache.get("bench", chat)
    state = entry.table.state if entry is not None else None
    return len(json.dumps(state)) if state else 1000


async def burst(referee: Referee, back: Floor, games: int, times: list[float], chat: str) -> None:
    """After one of the per-verb table's games: its share of the back-to-back floor, with the
    game's own state size."""
    times.extend(back.burst(await state_size(referee, chat), FLOOR_COMMANDS // games))


async def per_verb(url: str, games: int, only: list[str] | None = None) -> None:
    referee = await started(url, "latency")
    postgres = url.startswith("postgresql")
    level = url.partition("synchronous=")[2] or "full"
    where = "PostgreSQL" if postgres else f"SQLite (synchronous={level})"
    print(f"\n{where}: per verb through Referee.handle, after {WARM_UP} untimed moves")
    besides = (
        "" if postgres else f"{'cpu ms':>8}{'beside ms':>11}{'cpu ms':>8}{'ratio':>7}{'stolen':>8}"
    )
    print(
        f"{'game':<12}{'verb':<10}{'n':>6}{'p50 ms':>9}{'p99 ms':>9}{'floor ms':>10}{'ratio':>7}"
        + besides
    )
    await warm_up(referee)
    with tempfile.TemporaryDirectory() as tmp:
        beside = None if postgres else Floor(tmp, level)
        back = None if postgres else Floor(tmp, level, "back")
        for game in only or REAL:
            times: list[float] = []
            if beside is not None and back is not None:
                beside.warm(1000)
                back.warm(1000)
            between = None if back is None else partial(burst, referee, back, games, times)
            ticks = machine_ticks()
            played = await play_timed(referee, game, games, beside=beside, between=between)
            stolen = stolen_share(ticks, machine_ticks())
            if postgres:
                times = await floor_postgres(url, await state_size(referee, f"{game}-0-{RUN}"))
            base = statistics.median(times)
            timings = played.timings
            every = [t for values in timings.values() for t in values]
            cpus = {**played.cpu, "(all)": [t for values in played.cpu.values() for t in values]}
            for verb, values in [*sorted(timings.items()), ("(all)", every)]:
                p50 = statistics.median(values)
                line = (
                    f"{game:<12}{verb:<10}{len(values):>6}{p50 * 1000:>9.3f}"
                    f"{percentile(values, 0.99) * 1000:>9.2f}{base * 1000:>10.3f}{p50 / base:>7.2f}"
                )
                if played.floors:
                    near = statistics.median(played.floors)
                    line += (
                        f"{statistics.median(cpus[verb]) * 1000:>8.3f}{near * 1000:>11.3f}"
                        f"{statistics.median(played.floor_cpu) * 1000:>8.3f}{p50 / near:>7.2f}"
                    )
                    if verb == "(all)":
                        line += f"{stolen:>8}"
                print(line)
        for db in (beside, back):
            if db is not None:
                db.close()
    if not postgres:
        print(
            "(all): every timed move of the game; floor: the same writes in raw sqlite3, one "
            f"after another ({FLOOR_COMMANDS // games} after each of the game's {games} games); "
            "beside: one such transaction right after each of the game's commands (the same "
            "moments, the bench's pace); the medians of those. cpu: the process's CPU time (every "
            "thread's) for the referee's command, its replies made, and for the floor's "
            "transaction beside it: below the wall time is waiting, mostly for the disk's sync; "
            "above it, the helper's work overlapping the sync. stolen: the share of the machine's "
            "busy CPU time a hypervisor gave to other machines while the game's rows were timed"
        )
    await referee.close()


WAVES = (1, 10, 100)
"""How many of the tables send a command at the same moment: one at a time (each command's
latency, summed), and waves of chats that post together, as a busy server sees them."""


async def many_tables(
    url: str, tables: int, commands: int, rounds: int = 3
) -> dict[int, list[float]]:
    """Game moves per second of referee time over `tables` running GoTown tables, for each wave
    size: each wave's moves are chosen first (reading the offers), then sent together and timed
    from the first to the last answer. One rate per round of `commands`, as runs here vary."""
    referee = await started(url, "tables")
    prefix = f"many-{time.time_ns()}"
    chats = [f"{prefix}-{i}" for i in range(tables)]
    for chat in chats:
        await start_table(referee, chat, "gotown")
    chooser, n = Rng("tables"), 0
    rates: dict[int, list[float]] = {wave: [] for wave in WAVES}
    for wave in WAVES:
        for _round in range(rounds):
            spent, done = 0.0, 0
            while done < commands:
                sends = []
                for _ in range(wave):
                    n += 1
                    chat = chats[n % len(chats)]
                    move = await offered(referee, chat, chooser)
                    if move is None:
                        chats[n % len(chats)] = chat = f"{chat}-{n}"
                        await start_table(referee, chat, "gotown")
                        continue
                    sends.append(typed(chat, *move, n))
                start = time.perf_counter()
                await asyncio.gather(*(referee.handle(inv) for inv in sends))
                spent += time.perf_counter() - start
                done += len(sends)
            rates[wave].append(done / spent)
    await referee.close()
    return rates


def images() -> None:
    print(f"\n{'PNG':<12}{'p50 ms':>9}{'bytes':>9}")
    for game, options in (("papertown", {}), ("papercraft", {"positions": True})):
        engine = engine_for(game)
        opts = {o.name: o.default for o in engine.options if o.kind not in ("file", "chat")}
        play = random_play(engine, 2, "png", opts | options, bots=True, max_moves=50000)
        view = engine.view(play.state, None)
        times, size = [], 0
        for _ in range(10):
            start = time.perf_counter()
            size = len(render_png(view))
            times.append(time.perf_counter() - start)
        print(f"{game:<12}{statistics.median(times) * 1000:>9.1f}{size:>9}")


async def bot_games(url: str) -> None:
    referee = await started(url, "bots")
    print(f"\n{'all-bot game':<12}{'seconds':>9}")
    for game in REAL:
        chat = f"bots-{game}-{time.time_ns()}"
        engine = engine_for(game)
        lines = [f"/new {game}"] + ["/addbot"] * max(engine.min_players, 2) + ["/start", "/leave"]
        start = time.perf_counter()
        for n, text in enumerate(lines):
            await referee.handle(typed(chat, "Ann", text, n))
        print(f"{game:<12}{time.perf_counter() - start:>9.2f}")
    await referee.close()


async def undo_deep(url: str) -> None:
    """/undo with about 150 actions in the log (Race steps are undoable)."""
    GAMES["race"] = "tests.core.race"  # the test-only Race game: its steps are undoable
    referee = await started(url, "undo")
    chat = f"undo-{time.time_ns()}"
    for n, (user, text) in enumerate(
        (("Ann", "/new race --goal 50"), ("Bob", "/join"), ("Ann", "/start"))
    ):
        await referee.handle(typed(chat, user, text, -1 - n))
    n = 0
    for _ in range(75):
        for user in PLAYERS:
            await referee.handle(typed(chat, user, "/step 1", n))
            n += 1
    times = []
    for _ in range(5):
        start = time.perf_counter()
        await referee.handle(typed(chat, "Bob", "/undo", n))
        times.append(time.perf_counter() - start)
        await referee.handle(typed(chat, "Bob", "/step 1", n + 1))
        n += 2
    print(f"\n/undo at 150 actions: p50 {statistics.median(times) * 1000:.1f} ms")
    await referee.close()


def console_starts(runs: int, env: dict[str, str]) -> list[float]:
    """Wall times of `paperref console --script` answering `Ann: /games` on a database the first
    (uncounted) run migrated: start-up to the first answer."""
    script = Path(tempfile.mkdtemp()) / "s.txt"
    script.write_text("Ann: /games\n")
    url = f"sqlite+aiosqlite:///{script.parent}/s.db"
    command = [sys.executable, "-m", "bot.cli", "console", "--script", str(script), "--db", url]
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return times[1:]


def startup(runs: int = 7) -> None:
    """Printed twice when PYTHONDONTWRITEBYTECODE is set (an editable checkout then compiles every
    imported module of the project at each start): as run here, and with bytecode cached as an
    installed package has it (a temporary PYTHONPYCACHEPREFIX, filled by the uncounted run)."""
    env = dict(os.environ)
    times = console_starts(runs, env)
    print(f"\nconsole start-up to the first answer: p50 {statistics.median(times):.2f} s")
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp()
        cached = statistics.median(console_starts(runs, env))
        print(f"  with bytecode cached, as an installed package has it: p50 {cached:.2f} s")


def main() -> None:
    gc.freeze()  # as `paperref` does once its start is made (bot.cli.starting)
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/latency.db"
        asyncio.run(per_verb(url, args.games))
        normal = f"sqlite+aiosqlite:///{tmp}/normal.db?synchronous=normal"
        asyncio.run(per_verb(normal, args.games, ["gotown", "papertown"]))
        targets = {
            "sqlite": f"sqlite+aiosqlite:///{tmp}/tables.db",
            "sqlite-normal": f"sqlite+aiosqlite:///{tmp}/tables-normal.db?synchronous=normal",
        }
        if os.environ.get("PAPERREF_TEST_POSTGRES_URL"):
            targets["postgresql"] = os.environ["PAPERREF_TEST_POSTGRES_URL"]
            asyncio.run(per_verb(targets["postgresql"], args.games, ["gotown", "papertown"]))
        print(f"\n{'storage':<14}{'tables':>8}{'at once':>9}{'commands/s':>12}  rounds")
        for name, target in targets.items():
            waves = asyncio.run(many_tables(target, args.tables, args.commands))
            for wave, rates in waves.items():
                shown = ", ".join(f"{r:.0f}" for r in rates)
                median = statistics.median(rates)
                print(f"{name:<14}{args.tables:>8}{wave:>9}{median:>12.0f}  {shown}")
        images()
        asyncio.run(bot_games(f"sqlite+aiosqlite:///{tmp}/bots.db"))
        asyncio.run(undo_deep(f"sqlite+aiosqlite:///{tmp}/undo.db"))
    startup()


if __name__ == "__main__":
    main()
