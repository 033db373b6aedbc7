"""Issue 18 on Telegram: at DEBUG, nothing any logger writes holds the bot token, nor does the
traceback of a token the server rejects."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from telegram import Update
from telegram.error import InvalidToken
from telegram.ext import ContextTypes, TypeHandler

from bot.redact import REDACTED
from tests.core.test_bad_starts import TELEGRAM_AT
from tests.core.test_redact import Captured, all_logs, run_cli
from tests.telegram.fake_botapi import TOKEN, FakeBotApi
from tests.telegram.test_telegram import ANN, GROUP, Harness, settings, to, until

KEY = TOKEN.split(":", 1)[1]
ROOT = Path(__file__).parents[2]
FAILING = "/roll 1d4 fail"


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi()
    await server.start()
    yield server
    await server.close()


async def fail_on_purpose(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A handler error whose message holds the token: python-telegram-bot logs its traceback."""
    message = update.message
    if message is not None and message.text == FAILING:
        raise RuntimeError(f"handler saw {context.bot.token}")


@contextlib.asynccontextmanager
async def debug_session(
    api: FakeBotApi, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Harness, Captured]]:
    """The adapter polling the fake with every logger at DEBUG; on exit, the token was logged
    (the witness saw it) but never written."""
    config = settings()
    with all_logs(config, monkeypatch) as logs:
        harness = Harness(api, db_url, config)
        await harness.start()
        assert harness.app is not None
        try:
            yield harness, logs
        finally:
            with contextlib.suppress(InvalidToken, RuntimeError):  # polling died: serve re-raises
                await harness.stop()
            if harness.app.running:
                await harness.app.stop()
            await harness.app.shutdown()
    assert TOKEN in logs.raw.getvalue(), "the witness saw the token: the test is not vacuous"
    assert KEY.lower() not in logs.text.lower()


async def test_a_debug_session_logs_no_token(
    api: FakeBotApi, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with debug_session(api, db_url, monkeypatch) as (harness, logs):
        assert harness.app is not None
        harness.app.add_handler(TypeHandler(Update, fail_on_purpose), group=-1)
        assert to(await harness.say(ANN, "/roll 2d6"), GROUP)
        api.fail_next("sendMessage", 400, f"Bad Request: chat {TOKEN} not found")
        await harness.say(ANN, "/roll 1d8")
        await harness.say(ANN, FAILING)
    assert f"Set Bot API URL: http://127.0.0.1:{api.port}/bot{REDACTED}" in logs.text
    assert "telegram.ext" in logs.text
    assert f"RuntimeError: handler saw {REDACTED}" in logs.text
    assert f"Chat {REDACTED} not found" in logs.text  # python-telegram-bot lower-cased the token


async def test_a_token_rejected_while_polling_is_logged_redacted(
    api: FakeBotApi, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with debug_session(api, db_url, monkeypatch) as (harness, logs):
        api.fail_next("getUpdates", 401, "Unauthorized")
        await harness.say(ANN, "/roll 1d6")  # ends the long poll; the next one is refused
        await until(lambda: "the token was refused; stopping" in logs.raw.getvalue())
    assert "InvalidToken: Unauthorized" in logs.text and REDACTED in logs.text


async def test_a_rejected_token_stops_the_cli_without_printing_it(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """`paperref run` at DEBUG whose getMe answers 401: it stops with one line (exit 2), and the
    token in python-telegram-bot's InvalidToken, logged at DEBUG, reaches stderr only redacted."""
    api.fail_next("getMe", 401, "Unauthorized")
    setup = TELEGRAM_AT.format(base_url=api.base_url)
    code, printed = await run_cli(setup, {"PAPERREF_TELEGRAM_TOKEN": TOKEN}, tmp_path)
    assert code == 2, printed
    assert printed.endswith("\nconfig: telegram.token: Telegram refused the token\n"), printed
    assert api.of("getMe"), f"the CLI did not reach the fake Bot API:\n{printed}"
    assert KEY.lower() not in printed.lower()
    assert f"InvalidToken: The token `{REDACTED}` was rejected by the server." in printed
    assert f"Set Bot API URL: {api.base_url}{REDACTED}" in printed
