"""Issue 30: log lines as JSON on request; the job scheduler and the database drivers quiet unless
asked (at DEBUG the drivers write every statement's parameters, hidden hands included), so an
idle worker's INFO log is a handful of lines, not two every sweep."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.ops.logs import QUIET, JsonFormatter, quiet_libraries
from bot.redact import REDACTED, Redactor, install_filter
from tests.core.test_bad_starts import TELEGRAM_AT, paperref, spawn
from tests.core.transcript import run_lines
from tests.telegram.fake_botapi import TOKEN, FakeBotApi

GAME = "Ann: /new gotown\nBob: /join\nAnn: /start\nAnn: /status\n"
FAST_SWEEPS = "import bot.adapters.base as base\nbase.SWEEP_SECONDS = 0.2\n"
"""A sweep every 0.2 s instead of 5 s: fifteen sweep cycles in three seconds."""


def test_a_json_line_holds_the_message_and_the_redacted_traceback() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    install_filter(Redactor(["s3cret-token"]), [handler])
    logger = logging.getLogger("tests.logs.json")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("plain %s line", "one")
        try:
            raise RuntimeError("saw s3cret-token\nover two lines")
        except RuntimeError:
            logger.exception("failed for %s", "Ann")
    finally:
        logger.removeHandler(handler)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["level"] == "WARNING" and first["logger"] == "tests.logs.json"
    assert first["message"] == "plain one line" and "exception" not in first
    assert first["time"].endswith("+00:00")
    assert second["message"] == "failed for Ann"
    assert f"RuntimeError: saw {REDACTED}\nover two lines" in second["exception"]


async def test_a_json_start_at_debug_writes_json_lines_and_no_driver_lines(tmp_path: Path) -> None:
    """The console at DEBUG with --log-format json: every line on stderr is one JSON object, and
    aiosqlite (which would log each statement's parameters) says nothing unless asked to."""
    (tmp_path / "game.txt").write_text(GAME)
    args = ("--log-format", "json", "console", "--script", "game.txt", "--seed", "s")
    code, out, err = await paperref(tmp_path, *args, PAPERREF_BOT_LOG_LEVEL="DEBUG")
    assert code == 0 and "GoTown" in out, err
    entries = [json.loads(line) for line in err.splitlines()]
    assert entries, "nothing was logged at DEBUG: the test would prove nothing"
    assert not [e for e in entries if e["logger"].startswith(("aiosqlite", "sqlalchemy"))]
    code, _, err = await paperref(
        tmp_path, *args, PAPERREF_BOT_LOG_LEVEL="DEBUG", PAPERREF_BOT_LIBRARY_LOG_LEVEL="DEBUG"
    )
    assert code == 0
    asked = [json.loads(line)["logger"] for line in err.splitlines()]
    assert "aiosqlite" in asked, "asked for, the drivers' lines are there"


async def idle_worker_log(tmp_path: Path, seconds: float, **env: str) -> list[str]:
    """`paperref run` on Telegram (the fake Bot API), idle for `seconds` with a sweep every
    0.2 s, at INFO: the lines it logged."""
    api = FakeBotApi()
    await api.start()
    setup = TELEGRAM_AT.format(base_url=api.base_url) + FAST_SWEEPS
    process = await spawn(
        tmp_path, "run", setup=setup, PAPERREF_BOT_LOG_LEVEL="INFO",
        PAPERREF_TELEGRAM_TOKEN=TOKEN, **env,
    )  # fmt: skip
    try:
        async with asyncio.timeout(60):
            while not api.of("getUpdates"):
                await asyncio.sleep(0.05)
        await asyncio.sleep(seconds)
    finally:
        process.kill()
        _, err = await process.communicate()
        await api.close()
    return err.decode().splitlines()


async def test_an_idle_worker_logs_a_handful_of_lines(tmp_path: Path) -> None:
    """Fifteen sweeps of an idle Telegram worker at INFO: the start's few lines, none of the
    scheduler's; with the scheduler's logger at INFO (as before) it writes two a sweep."""
    quiet = await idle_worker_log(tmp_path, 3.0)
    assert len(quiet) <= 8, quiet
    assert not [line for line in quiet if "INFO apscheduler" in line]  # (a late sweep warns)
    chatty = await idle_worker_log(tmp_path, 3.0, PAPERREF_BOT_LIBRARY_LOG_LEVEL="INFO")
    scheduler = [line for line in chatty if "INFO apscheduler" in line]
    assert len(scheduler) >= 10, chatty  # the sweeps did run: two lines each


async def logged_while_picking(db_url: str, caplog: pytest.LogCaptureFixture) -> list[str]:
    """Secret picks (the test engine), then a second referee loading the table from the rows
    (a process restarted), with every logger at DEBUG but the quiet libraries: what was logged."""
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        for lines in ("Ann: /new secret\nBob: /join\nAnn: /start\nAnn: /pick 5", "Bob: /status"):
            referee = await make_referee(db_url, seed="s")
            await run_lines(Console(referee, out=io.StringIO(), fmt="jsonl"), lines)
            await referee.close()
    return [f"{record.name}: {record.getMessage()}" for record in caplog.records]


async def test_no_hidden_state_reaches_the_log_unless_the_drivers_are_asked(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """At DEBUG SQLAlchemy logs each row it reads, the game's state with its hidden picks
    included: held at WARNING (the default), nothing logged holds a state."""
    levels = {name: logging.getLogger(name).level for name in QUIET}
    try:
        quiet_libraries("WARNING")
        quiet = await logged_while_picking(f"sqlite+aiosqlite:///{tmp_path}/q.db", caplog)
        quiet_libraries(logging.NOTSET)
        loud = await logged_while_picking(f"sqlite+aiosqlite:///{tmp_path}/l.db", caplog)
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    assert [line for line in loud if "'picks': [5, None]" in line], "the leak would be seen"
    assert not [line for line in quiet if "picks" in line], quiet
