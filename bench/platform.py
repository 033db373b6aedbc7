"""The platform edge under load: one bot process (the real python-telegram-bot Application, polling)
against a fake Bot API with API latency and Telegram's flood limits (bench/botapi.py, in this
process, so the bot's own CPU is measured alone). Each chat plays a two-player Race, its players
taking turns with `/step 1`; every command is a move with a report and a board edit.

Scenarios (all by default):
- steady: `--chats` chats each sending a command every `--interval` s, Telegram's limits on;
- flood: the same, and one more group sending a command every `--flood` s, past its 20 a minute;
  once the other chats are answered, the flood group's backlog is waited for too (its moves
  queued behind the group's limit go out joined once the limit lets a message through);
- ceiling: the limits off in the fake and the bot, each chat sending its next command as soon as
  its last one is answered: the process's own ceiling.

Prints, per scenario: commands offered and answered per second, p50/p99 from the update being
queued to its first reply, API calls per command (messages, edits), 429s, the bot's CPU. Asserts
nothing (timings stay out of the tests).

    .venv/bin/python -m bench.platform [--chats 200] [--interval 10] [--seconds 60]
        [--latency 0.08] [--flood 0.5] [--scenario steady|flood|ceiling]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.botapi import TOKEN, BenchBotApi, Tally
from bench.latency import percentile

ANN, BOB = (11, "Ann"), (22, "Bob")
FIRST_CHAT = -1_000_000
SETUP = ("/new race --goal 50", "/join", "/start")
MOVE = "/step 1"
DRAIN_SECONDS = 30.0
BACKLOG_SECONDS = 90.0
"""How long the flood group's backlog is waited for: its minute's budget comes back within 61 s."""
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Result:
    name: str
    offered: float
    answered: float
    p50: float
    p99: float
    others_p99: float | None
    commands: int
    unanswered: int
    calls: float
    messages: float
    edits: float
    refused: int
    others_refused: int
    cpu: float
    load: float
    backlog: tuple[int, float, int, int] | None = None
    """The flood group's commands still queued once the others were answered: how many, the
    seconds until they were, in how many messages, and how many were still not."""


def cpu_seconds(pid: int) -> float:
    """User and system time the process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def serve_bot(base_url: str, database: str, limits: bool) -> None:
    """The bot process: the referee as `paperref run` makes it, the Application against the fake."""
    from pydantic import SecretStr

    from bot.adapters.telegram import build_application, serve
    from bot.adapters.telegram.pacing import ChatRateLimiter
    from bot.cli import platform_referee, starting
    from bot.config import DatabaseSettings, Settings, TelegramSettings
    from games.registry import GAMES

    GAMES["race"] = "tests.core.race"  # the test-only Race: a move, its report and its board
    settings = Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{database}"),
        telegram=TelegramSettings(token=SecretStr(TOKEN)),
    )
    with starting():
        referee = await platform_referee(settings)
    limiter = ChatRateLimiter() if limits else ChatRateLimiter(per_bot=None, per_group=None)
    application = build_application(referee, settings, base_url=base_url, rate_limiter=limiter)
    await serve(application, settings)


async def until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def player(n: int) -> tuple[int, str]:
    return ANN if n % 2 == 0 else BOB


async def set_up(fake: BenchBotApi, chats: list[int]) -> None:
    """Both players start the bot privately; each chat opens a Race table, Bob joins, Ann starts."""
    for user in (ANN, BOB):
        fake.command(user, user[0], "/start")
    for n, line in enumerate(SETUP):
        for chat in chats:
            fake.command(ANN if n != 1 else BOB, chat, line)
        if not await until(lambda: not any(fake.pending[c] for c in chats), 120.0):
            raise RuntimeError(f"the bot did not answer {line!r} in every chat")


async def offer(
    fake: BenchBotApi, chats: list[int], args: argparse.Namespace, flood: int | None
) -> int:
    """Each chat's command every `interval` s, spread evenly; the flood chat every `flood` s."""
    schedule = [
        (i * args.interval / len(chats) + k * args.interval, chat)
        for i, chat in enumerate(chats)
        for k in range(int(args.seconds / args.interval))
    ]
    if flood is not None:
        schedule += [(k * args.flood, flood) for k in range(int(args.seconds / args.flood))]
    schedule.sort()
    moves = dict.fromkeys([*chats, *([flood] if flood is not None else [])], 0)
    start = time.monotonic()
    for at, chat in schedule:
        delay = start + at - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        fake.command(player(moves[chat]), chat, MOVE)
        moves[chat] += 1
    return len(schedule)


async def closed_loop(fake: BenchBotApi, chats: list[int], seconds: float) -> int:
    """Each chat sends its next command as soon as the last one got its first reply."""
    moves = dict.fromkeys(chats, 0)
    end = time.monotonic() + seconds
    for chat in chats:
        fake.command(player(0), chat, MOVE)
        moves[chat] = 1
    while time.monotonic() < end:
        await asyncio.sleep(0.005)
        for chat in chats:
            if not fake.pending[chat] and moves[chat] < 99:
                fake.command(player(moves[chat]), chat, MOVE)
                moves[chat] += 1
    return sum(moves.values())


async def scenario(name: str, args: argparse.Namespace) -> Result:
    fake = BenchBotApi(args.latency)
    await fake.start()
    limits = name != "ceiling"
    database = Path(tempfile.mkdtemp()) / "bench.db"
    command = [sys.executable, "-m", "bench.platform", "--serve-bot", fake.base_url, str(database)]
    bot = await asyncio.create_subprocess_exec(*command, *([] if limits else ["--no-limits"]))
    try:
        await asyncio.wait_for(fake.polled.wait(), 60)
        chats = [FIRST_CHAT - i for i in range(args.chats)]
        flood = FIRST_CHAT - args.chats if name == "flood" else None
        await set_up(fake, [*chats, *([flood] if flood is not None else [])])
        await asyncio.sleep(2.0)  # the last boards of the set-up are edited
        fake.tally = Tally()  # the timed phase only
        fake.limits = limits
        cpu, began = cpu_seconds(bot.pid), time.perf_counter()
        if name == "ceiling":
            sent = await closed_loop(fake, chats, args.ceiling_seconds)
        else:
            sent = await offer(fake, chats, args, flood)
        await until(lambda: not any(fake.pending[c] for c in chats), DRAIN_SECONDS)
        await asyncio.sleep(1.5)  # edits held back under a limit are made
        cpu = cpu_seconds(bot.pid) - cpu
        result = summary(name, fake, sent, began, cpu, flood, args)
        if flood is not None:
            result.backlog = await backlog(fake, flood)
        return result
    finally:
        bot.terminate()
        await bot.wait()
        await fake.close()


async def backlog(fake: BenchBotApi, flood: int) -> tuple[int, float, int, int]:
    queued, messages, start = len(fake.pending[flood]), fake.replies[flood], time.perf_counter()
    await until(lambda: not fake.pending[flood], BACKLOG_SECONDS)
    waited = time.perf_counter() - start
    return queued, waited, fake.replies[flood] - messages, len(fake.pending[flood])


def summary(
    name: str,
    fake: BenchBotApi,
    sent: int,
    began: float,
    cpu: float,
    flood: int | None,
    args: argparse.Namespace,
) -> Result:
    tally = fake.tally
    window = args.ceiling_seconds if name == "ceiling" else args.seconds
    answered = len(tally.waits)
    span = (max(tally.answered_at) - began) if tally.answered_at else window
    others = [w for chat, ws in tally.by_chat.items() if chat != flood for w in ws]
    return Result(
        name=name,
        offered=sent / window,
        answered=answered / max(span, window),
        p50=percentile(tally.waits, 0.5),
        p99=percentile(tally.waits, 0.99),
        others_p99=percentile(others, 0.99) if flood is not None else None,
        commands=answered,
        unanswered=sent - answered,
        calls=sum(tally.calls.values()) / max(answered, 1),
        messages=tally.calls["sendMessage"] / max(answered, 1),
        edits=tally.calls["editMessageText"] / max(answered, 1),
        refused=sum(tally.refused.values()),
        others_refused=sum(n for chat, n in tally.refused.items() if chat != flood),
        cpu=cpu,
        load=os.getloadavg()[0],
    )


def print_table(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"bench.platform: {args.chats} chats, a command each every {args.interval:g} s, "
        f"{args.seconds:g} s; API latency {args.latency * 1000:g} ms; limits in the fake 30 msg/s per bot, "
        f"20 msg/min per group (429 beyond); flood group every {args.flood:g} s; one process"
    )
    print(
        "scenario | offered/s | answered/s | p50 ms | p99 ms | others' p99 ms | answered | "
        "unanswered | calls/cmd | msgs/cmd | edits/cmd | 429s (others') | bot CPU ms/cmd | "
        "commands/s per CPU second | load average"
    )
    for r in results:
        others = "-" if r.others_p99 is None else f"{r.others_p99 * 1000:.0f}"
        print(
            f"{r.name} | {r.offered:.1f} | {r.answered:.1f} | {r.p50 * 1000:.0f} | "
            f"{r.p99 * 1000:.0f} | {others} | {r.commands} | {r.unanswered} | {r.calls:.2f} | "
            f"{r.messages:.2f} | {r.edits:.2f} | {r.refused} ({r.others_refused}) | "
            f"{r.cpu * 1000 / max(r.commands, 1):.1f} | {r.commands / max(r.cpu, 0.01):.0f} | "
            f"{r.load:.1f}"
        )
    for r in results:
        if r.backlog is not None:
            queued, waited, messages, left = r.backlog
            print(
                f"{r.name}: the flood group's {queued} commands queued when the others were "
                f"answered: answered {waited:.0f} s later in {messages} messages, {left} not"
            )
    print(
        "answered/s: first replies per second from the first command to the last reply; p50/p99: "
        "from the update being queued to its first reply; others' p99: every chat but the flood "
        "group; commands/s per CPU second: the ceiling of one process given a core of its own "
        "(the machine's other load inflates wall times, not this)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--interval", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--latency", type=float, default=0.08)
    parser.add_argument("--flood", type=float, default=0.5)
    parser.add_argument("--ceiling-seconds", type=float, default=20.0)
    parser.add_argument("--scenario", choices=("steady", "flood", "ceiling"), action="append")
    parser.add_argument("--serve-bot", nargs=2, metavar=("BASE_URL", "DATABASE"))
    parser.add_argument("--no-limits", action="store_true")
    args = parser.parse_args()
    if args.serve_bot:
        base_url, database = args.serve_bot
        asyncio.run(serve_bot(base_url, database, limits=not args.no_limits))
        return
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)  # the bot, stopped, hangs up
    results = [
        asyncio.run(scenario(name, args))
        for name in args.scenario or ("steady", "flood", "ceiling")
    ]
    print_table(results, args)


if __name__ == "__main__":
    main()
