"""Make the upgrade fixtures from an older release: tables left mid-game and finished games' exports.

Run from a checkout of that release with its own venv, e.g. for 424b8c1:

    git worktree add --detach /tmp/old-424 424b8c1
    cd /tmp/old-424 && python3 -m venv .venv && .venv/bin/pip install -q -e .
    .venv/bin/python /path/to/tests/upgrade/make_fixtures.py 424b8c1 /path/to/tests/upgrade

It writes `<release>.db` (one SQLite database: each game mid-game in a chat of its own, plus one
table still in its lobby) and `<release>-<game>.json` (each game played to its end and exported).
Only the console's interface, which every release since 424b8c1 keeps, is used: the old code runs.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

GAMES = ("gotown", "papertown", "papertales", "papercraft", "skylines")
MID_GAME_MOVES = 6
"""Ann's moves before a table is left for the upgrade: far enough that every game is under way."""
MOST_MOVES = 3000


async def play(console: Any, referee: Any, chat: str, game: str, moves: int | None) -> list[Any]:
    """Ann and a bot at a new table of `game`, then Ann's offered moves (see `play_on`)."""
    console.chat_id = chat
    for line in (f"Ann: /new {game}", "Ann: /addbot", "Ann: /start"):
        await console.line(line)
    return await play_on(console, referee, chat, moves)


async def play_on(console: Any, referee: Any, chat: str, moves: int | None) -> list[Any]:
    """Ann sends offered moves (a choice seeded by the chat) until `moves` were sent or none is
    offered (the game is over). Returns the last command's replies."""
    console.chat_id = chat
    choose = random.Random(chat)
    replies: list[Any] = []
    for _sent in range(MOST_MOVES if moves is None else moves):
        offered = await referee.legal_moves("console", chat, "console:ann")
        if not offered:
            break
        replies = await console.line(f"Ann: {choose.choice(sorted(offered))}")
    return replies


async def make(release: str, out: Path) -> None:
    from bot.adapters.console import Console
    from bot.cli import make_referee

    database = out / f"{release}.db"
    database.unlink(missing_ok=True)
    referee = await make_referee(f"sqlite+aiosqlite:///{database}", seed=release)
    console = Console(referee, out=io.StringIO())
    try:
        for game in GAMES:
            await play(console, referee, f"mid-{game}", game, MID_GAME_MOVES)
            await play(console, referee, f"done-{game}", game, None)
            exported = await console.line("Ann: /export")
            files = [reply.file for reply in exported if getattr(reply, "file", None)]
            if not files:
                raise SystemExit(f"{release}: {game} did not finish in {MOST_MOVES} moves")
            document = json.loads(files[0][1])
            path = out / f"{release}-{game}.json"
            path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        console.chat_id = "lobby"
        for line in ("Ann: /new gotown", "Bob: /join"):
            await console.line(line)
    finally:
        await referee.close()
    with sqlite3.connect(database) as connection:  # one small file: no WAL beside it
        connection.execute("PRAGMA journal_mode=DELETE")
    sqlite3.connect(database).execute("VACUUM")


if __name__ == "__main__":
    asyncio.run(make(sys.argv[1], Path(sys.argv[2]).resolve()))
