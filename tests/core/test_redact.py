"""Issue 18: configured secrets never reach a log line, a traceback or an uncaught-exception print."""

from __future__ import annotations

import contextlib
import io
import logging
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot import redact
from bot.config import Settings, load_settings
from bot.redact import REDACTED, RedactingFilter, Redactor, install_filter, settings_secrets
from tests.core.test_bad_starts import paperref
from tests.core.test_config import EXAMPLE  # every key at its default

DISCORD = "MTIzNDU2Nzg5.discord-SECRET"
TELEGRAM = "123456:AAH-telegram_SECRET"
WEBHOOK = "webhook-SECRET"
PASSWORD = "p@ss/word SECRET"
DB_URL = "postgresql+asyncpg://ref:p%40ss%2Fword%20SECRET@db.local/paperref?sslmode=require"
ENV = {
    "PAPERREF_DISCORD_TOKEN": DISCORD,
    "PAPERREF_TELEGRAM_TOKEN": TELEGRAM,
    "PAPERREF_TELEGRAM_SECRET_TOKEN": WEBHOOK,
    "PAPERREF_DATABASE_URL": DB_URL,
}
ROOT = Path(__file__).parents[2]
LEVELS = (logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL)


@dataclass
class Captured:
    """What every logger wrote: `raw` before the filter (the witness), `text` after it."""

    raw: io.StringIO = field(default_factory=io.StringIO)
    out: io.StringIO = field(default_factory=io.StringIO)

    @property
    def text(self) -> str:
        return self.out.getvalue()


@contextlib.contextmanager
def all_logs(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Captured]:
    """Every logger (ours and the libraries') at DEBUG, propagating to root handlers set up as
    bot.cli does; a witness handler ahead of them keeps the unredacted lines."""
    captured = Captured()
    root = logging.getLogger()
    loggers = [root] + [
        logger
        for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger)
    ]
    saved = [(logger, logger.level, logger.propagate, logger.disabled) for logger in loggers]
    handler = logging.StreamHandler(captured.out)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    monkeypatch.setattr(root, "handlers", [handler])
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    for logger in loggers[1:]:
        logger.propagate, logger.disabled = True, False
        logger.setLevel(logging.NOTSET)
    root.setLevel(logging.DEBUG)
    redact.install(settings)
    root.handlers.insert(0, logging.StreamHandler(captured.raw))
    try:
        yield captured
    finally:
        for logger, level, propagate, disabled in saved:
            logger.propagate, logger.disabled = propagate, disabled
            logger.setLevel(level)


async def run_cli(setup: str, env: dict[str, str], tmp_path: Path) -> tuple[int | None, str]:
    """`paperref run` at DEBUG in a fresh interpreter, after `setup` (lines that point a library
    at a fake server): its exit code and everything it printed, stdout and stderr."""
    code, out, err = await paperref(
        tmp_path, "run", setup=setup, **{"PAPERREF_BOT_LOG_LEVEL": "DEBUG", **env}
    )
    return code, out + err


@pytest.fixture
def redactor() -> Redactor:
    return Redactor(settings_secrets(load_settings(EXAMPLE, ENV)))


@pytest.fixture
def logged(redactor: Redactor) -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger whose only handler carries the filter, writing what a default formatter prints."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    install_filter(redactor, [handler])
    logger = logging.getLogger("tests.redact")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    yield logger, out
    logger.removeHandler(handler)
    logger.propagate = True


def assert_clean(text: str) -> None:
    for secret in ("secret", "p%40ss"):
        assert secret not in text.lower(), text


def test_every_configured_secret_is_collected() -> None:
    found = set(settings_secrets(load_settings(EXAMPLE, ENV)))
    assert {DISCORD, TELEGRAM, "AAH-telegram_SECRET", WEBHOOK, "p%40ss%2Fword%20SECRET"} <= found
    assert settings_secrets(load_settings(EXAMPLE, {})) == []
    query = load_settings(
        EXAMPLE, {"PAPERREF_DATABASE_URL": "postgresql+asyncpg://h/db?password=qSECRET"}
    )
    assert settings_secrets(query) == ["qSECRET"]


def test_the_redactor_matches_every_form_longest_first(redactor: Redactor) -> None:
    assert (
        redactor(f"url https://api/bot{TELEGRAM}/getMe") == f"url https://api/bot{REDACTED}/getMe"
    )
    assert redactor("key only AAH-telegram_SECRET") == f"key only {REDACTED}"
    assert redactor("bot123456%3AAAH-telegram_SECRET/x") == f"bot{REDACTED}/x"
    assert redactor(f"Chat {TELEGRAM.lower()} not found") == f"Chat {REDACTED} not found"
    assert redactor(f"{DB_URL} / {PASSWORD}") == (
        f"postgresql+asyncpg://ref:{REDACTED}@db.local/paperref?sslmode=require / {REDACTED}"
    )
    assert Redactor([])("nothing to hide") == "nothing to hide"


@pytest.mark.parametrize("level", LEVELS)
def test_messages_and_percent_args_at_every_level(
    logged: tuple[logging.Logger, io.StringIO], level: int
) -> None:
    logger, out = logged
    logger.log(level, f"Set Bot API URL: https://api.telegram.org/bot{TELEGRAM}")
    logger.log(level, "token %s, url %r, n=%d", DISCORD, DB_URL, 3)
    logger.log(level, "webhook %(secret)s", {"secret": WEBHOOK})
    logger.log(level, ValueError(TELEGRAM))  # a message that is not a string
    logger.log(level, "bad format %d", DISCORD)  # does not format: still redacted, never raised
    logger.log(level, "extra field", extra={"token": TELEGRAM}, stack_info=True)
    text = out.getvalue()
    assert_clean(text)
    assert text.count(REDACTED) >= 6 and "n=3" in text and "bad format" in text


def test_exceptions_and_their_chains(logged: tuple[logging.Logger, io.StringIO]) -> None:
    logger, out = logged
    try:
        try:
            try:
                raise ConnectionError(f"POST https://api.telegram.org/bot{TELEGRAM}/getMe")
            except ConnectionError as inner:
                raise RuntimeError(f"login with {DISCORD} failed") from inner
        except RuntimeError:
            raise KeyError(f"while handling: {DB_URL}")  # noqa: B904 (an implicit chain)
    except KeyError:
        logger.exception("stopped with %s", WEBHOOK)
    try:
        raise ExceptionGroup("two", [ValueError(PASSWORD), OSError(TELEGRAM)])
    except ExceptionGroup:
        logger.error("group", exc_info=True)
    text = out.getvalue()
    assert_clean(text)
    assert "ConnectionError" in text and "RuntimeError" in text and "ExceptionGroup" in text
    assert "The above exception was the direct cause" in text
    assert "During handling of the above exception" in text


class Reformatting(logging.Formatter):
    """Like discord.py's colour formatter: formats `exc_info` itself instead of using `exc_text`."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text + ("\n" + record.exc_text if record.exc_text else "")


def test_a_second_handler_sees_the_record_redacted(redactor: Redactor) -> None:
    """The record is rewritten in place: handlers after the filtered one print it redacted too."""
    first, second = io.StringIO(), io.StringIO()
    handlers = [logging.StreamHandler(first), logging.StreamHandler(second)]
    handlers[1].setFormatter(Reformatting())
    install_filter(redactor, handlers[:1])
    install_filter(redactor, handlers[:1])  # installing again replaces, never stacks
    assert sum(isinstance(f, RedactingFilter) for f in handlers[0].filters) == 1
    logger = logging.getLogger("tests.redact.chain")
    logger.propagate = False
    for handler in handlers:
        logger.addHandler(handler)
    try:
        try:
            raise OSError(f"token {TELEGRAM}")
        except OSError:
            raise LookupError(f"password {PASSWORD}")  # noqa: B904 (the implicit chain is the point)
    except LookupError:
        logger.warning("failed", exc_info=True)
    finally:
        for handler in handlers:
            logger.removeHandler(handler)
        logger.propagate = True
    for out in (first.getvalue(), second.getvalue()):
        assert_clean(out)
        assert "During handling of the above exception" in out and REDACTED in out


def test_install_covers_root_handlers_and_uncaught_exceptions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = logging.getLogger()
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    monkeypatch.setattr(root, "handlers", [handler])
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    redact.install(load_settings(EXAMPLE, ENV))
    logging.getLogger("httpx").warning("HTTP Request: POST https://x/bot%s/getMe", TELEGRAM)
    assert out.getvalue() == f"HTTP Request: POST https://x/bot{REDACTED}/getMe\n"

    try:
        raise RuntimeError(f"The token `{TELEGRAM}` was rejected by the server.")
    except RuntimeError as error:
        sys.excepthook(RuntimeError, error, error.__traceback__)

    def fail() -> None:
        raise RuntimeError(f"thread with {DISCORD}")

    worker = threading.Thread(target=fail, name="w")
    worker.start()
    worker.join()
    err = capsys.readouterr().err
    assert_clean(err)
    assert f"The token `{REDACTED}` was rejected" in err and "Exception in thread w" in err


def test_nothing_is_installed_without_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    handler = logging.StreamHandler(io.StringIO())
    monkeypatch.setattr(logging.getLogger(), "handlers", [handler])
    hook = sys.excepthook
    redact.install(load_settings(EXAMPLE, {}))
    assert handler.filters == [] and sys.excepthook is hook
