"""Every registered game, seated with bots only, plays itself to the end through the referee."""

from __future__ import annotations

import json

import pytest

from bot.adapters.console import Console
from bot.verify import verify_document
from games.registry import engine_for
from tests.contract.games import REAL_GAMES
from tests.core.transcript import run_lines


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_a_table_of_bots_finishes(console: Console, game: str) -> None:
    engine = engine_for(game)
    bots = max(engine.min_players, 2) - 1
    await run_lines(console, f"Ann: /new {game}\n" + "Ann: /addbot\n" * bots + "Ann: /start")
    records = await run_lines(console, "Ann: /leave")
    endings = [r for r in records if "outcome" in r]
    assert len(endings) == 1, records[-3:]
    assert endings[0]["outcome"]["scores"]
    status = await run_lines(console, "Ann: /status\nAnn: /export")
    assert status[0]["text"].startswith("There is no table in this chat")
    ok, message = verify_document(json.loads(status[1]["text"]))
    assert (ok, message) == (True, "OK")
