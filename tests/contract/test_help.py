"""/help VERB at a table explains that table's game's own verb, every option included."""

from __future__ import annotations

from bot.adapters.console import Console
from games.base import find_verb
from games.registry import engine_for
from tests.core.transcript import run_lines


async def test_help_build_at_a_skylines_table_is_skylines_help(console: Console) -> None:
    await run_lines(console, "Ann: /new skylines")
    [answer] = [r["text"] for r in await run_lines(console, "Ann: /help build")]
    skylines = find_verb(engine_for("skylines").verbs, "build")
    gotown = find_verb(engine_for("gotown").verbs, "build")
    assert skylines is not None and gotown is not None
    assert skylines.help in answer and gotown.help not in answer


async def test_help_attack_at_a_papercraft_table_lists_every_option(console: Console) -> None:
    await run_lines(console, "Ann: /new papercraft")
    [answer] = [r["text"] for r in await run_lines(console, "Ann: /help attack")]
    for option in ("--range", "--dice", "--hug", "--type", "--also"):
        assert option in answer, option
