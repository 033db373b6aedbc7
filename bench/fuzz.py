"""Fuzz the referee across all five games in every phase: offered moves, garbage and table verbs
from several players, game after game. Prints a table and exits non-zero on any failure.

    .venv/bin/python -m bench.fuzz [LINES]      (default 100,000)

Counts: "Something went wrong" replies, offered moves refused, stuck tables (a running game that
waits on nobody), and the slowest command (must stay under 1 s).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

from bot.cli import make_referee
from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.replies import Private, Refusal, Reply
from games.base import Rng
from games.registry import GAMES, engine_for
from storage.models import TableStatus

PLAYERS = ("Ann", "Bob 1", "Cid's 🐱")
TABLES = 10
WORDS = ("", "1", "999", "-3", "x", "all", "Ann", "Bob 1", "@Cid", "front", "back", "row 1",
         "from", "to 3,4", "--dice 1,2", "--range 99", "\x00", "ąęł", "🐱", "x" * 300)  # fmt: skip
TABLE_VERBS = ("status", "board", "hand", "undo", "history", "help", "rules", "roll 2d6")


@dataclass
class Tally:
    lines: int = 0
    errors: list[str] = field(default_factory=list)
    offered_refused: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    finished: Counter[str] = field(default_factory=Counter)


def typed(chat: str, user: str, line: str, n: int) -> Invocation | None:
    parsed = parse_command(line)
    if parsed is None:
        return None
    return Invocation(
        "fuzz",
        chat,
        user,
        user,
        parsed.verb,
        parsed.args,
        update_id=f"{chat}:{n}",
        text=parsed.text,
    )


async def send(referee: Referee, tally: Tally, chat: str, user: str, line: str) -> list[Reply]:
    inv = typed(chat, user, line, tally.lines)
    tally.lines += 1
    if inv is None:
        return []
    start = time.perf_counter()
    replies = await referee.handle(inv)
    took = time.perf_counter() - start
    if took > tally.slowest[0]:
        tally.slowest = (took, f"{chat} {user}: {line[:60]}")
    for reply in replies:
        if isinstance(reply, Private) and reply.refusal is Refusal.ERROR:
            tally.errors.append(f"{chat} {user}: {line[:80]}")
    return replies


async def stuck(referee: Referee, chat: str) -> bool:
    table = await referee.store.queries.open_table("fuzz", chat)
    if table is None or table.status != TableStatus.ACTIVE or table.state is None:
        return False
    engine = engine_for(table.game)
    return engine.outcome(table.state) is None and not engine.waiting(table.state)


async def open_table(referee: Referee, tally: Tally, chat: str, game: str, rng: Rng) -> None:
    await send(referee, tally, chat, PLAYERS[0], f"/new {game}")
    seats = engine_for(game).max_players
    humans = rng.randint(1, min(len(PLAYERS), seats))
    for user in PLAYERS[1:humans]:
        await send(referee, tally, chat, user, "/join")
    if humans < 2 or rng.randbelow(2):
        await send(referee, tally, chat, PLAYERS[0], "/addbot")
    await send(referee, tally, chat, PLAYERS[0], "/start")


async def fuzz(total: int) -> Tally:
    tally = Tally()
    rng = Rng("fuzz")
    games = [key for key in GAMES if key not in ("race", "secret")]
    verbs = sorted({v.name for key in games for v in engine_for(key).verbs})
    with tempfile.TemporaryDirectory() as folder:
        referee = await make_referee(f"sqlite+aiosqlite:///{folder}/fuzz.db", seed="fuzz")
        chats = [f"-100{1987654321 + i}" for i in range(TABLES)]
        for i, chat in enumerate(chats):
            await open_table(referee, tally, chat, games[i % len(games)], rng)
        while tally.lines < total:
            chat = rng.choice(chats)
            user = rng.choice(PLAYERS)
            roll = rng.randbelow(10)
            if roll < 6:
                offers = await referee.legal_moves("fuzz", chat, user)
                if offers:
                    line = rng.choice(offers)
                    replies = await send(referee, tally, chat, user, line)
                    refused = [r.text for r in replies if isinstance(r, Private) and r.refusal]
                    if refused:
                        tally.offered_refused.append(f"{chat} {user}: {line} -> {refused[0]}")
                    if any(getattr(r, "outcome", None) for r in replies):
                        game = games[rng.randbelow(len(games))]
                        tally.finished[game] += 1
                        await open_table(referee, tally, chat, game, rng)
                    continue
            if roll < 8:
                words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
                await send(referee, tally, chat, user, f"/{rng.choice(verbs)} {words}")
            else:
                await send(referee, tally, chat, user, f"/{rng.choice(TABLE_VERBS)}")
            if await stuck(referee, chat):
                tally.stuck.append(chat)
                await send(referee, tally, chat, PLAYERS[0], "/end")
            if not await referee.seated_humans("fuzz", chat):
                await open_table(referee, tally, chat, rng.choice(games), rng)
        await referee.close()
    return tally


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    start = time.perf_counter()
    tally = asyncio.run(fuzz(total))
    took = time.perf_counter() - start
    rows = [
        ("lines sent", f"{tally.lines:,}"),
        ("seconds", f"{took:.0f}"),
        ("games finished", ", ".join(f"{g} {n}" for g, n in sorted(tally.finished.items()))),
        ("'Something went wrong'", str(len(tally.errors))),
        ("offered moves refused", str(len(tally.offered_refused))),
        ("stuck tables", str(len(tally.stuck))),
        ("slowest command", f"{tally.slowest[0] * 1000:.0f} ms ({tally.slowest[1]})"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for title, items in (
        ("errors", tally.errors),
        ("refused offers", tally.offered_refused),
        ("stuck", tally.stuck),
    ):
        for item in items[:5]:
            print(f"{title}: {item}")
    failed = tally.errors or tally.offered_refused or tally.stuck or tally.slowest[0] >= 1.0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
