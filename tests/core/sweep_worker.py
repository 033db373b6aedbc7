"""One sweeper process for the PostgreSQL test: say `ready`, wait for `go` on stdin, sweep at a
fixed time, print the chats whose deadlines this process fired (JSON)."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import datetime

from bot.cli import make_referee
from games.registry import GAMES


async def main(url: str, platform: str, now: datetime) -> None:
    GAMES["race"] = "tests.core.race"  # the test-only engine the tables play
    referee = await make_referee(url)
    referee.clock = lambda: now
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    fired = [n.chat_id for n in await referee.sweep([platform], batch=5)]
    await referee.close()
    print(json.dumps(fired), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], datetime.fromisoformat(sys.argv[3])))
