"""Keep configured secrets out of every log line and traceback (issue 18).

`install(settings)` runs at start-up, before any adapter: a `RedactingFilter` on each root handler
rewrites every record that reaches it (ours and the libraries': telegram.ext, httpx, discord, ...)
so that no token, database password or webhook secret is written, in the message, its %-args, the
formatted traceback (the whole exception chain) or the stack. Uncaught exceptions, which Python
prints itself rather than through logging, go through a redacting excepthook as well.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import traceback
from collections.abc import Iterable
from types import TracebackType
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, quote, unquote, urlsplit

if TYPE_CHECKING:
    from bot.config import Settings  # only a type: importing it would import pydantic

REDACTED = "<redacted>"
PASSWORD_KEYS = frozenset({"password", "passwd", "pwd"})
MIN_PART = 8
"""A Telegram token's key is also redacted alone when at least this long (real ones have 35)."""
_FORMATTER = logging.Formatter()


def database_secrets(url: str) -> list[str]:
    """The password of a database URL, in the netloc or as a query parameter."""
    try:
        parts = urlsplit(url)
        found = [parts.password or ""]
    except ValueError:
        return []
    found += [value for key, value in parse_qsl(parts.query) if key.lower() in PASSWORD_KEYS]
    return [value for value in found if value]


def settings_secrets(settings: Settings) -> list[str]:
    """Every secret the configuration holds: both tokens, the webhook secret, the database password."""
    found = [
        value.get_secret_value()
        for value in (
            settings.discord.token,
            settings.telegram.token,
            settings.telegram.secret_token,
            settings.web.secret,
        )
        if value is not None
    ]
    telegram = settings.telegram.token.get_secret_value() if settings.telegram.token else ""
    key = telegram.partition(":")[2]  # `BOT_ID:KEY`: the key alone is the secret part
    if len(key) >= MIN_PART:
        found.append(key)
    return [value for value in found if value] + database_secrets(settings.database.url)


def _forms(secret: str) -> set[str]:
    """The secret as written, percent-encoded (in a URL) and percent-decoded (from a URL)."""
    return {secret, quote(secret, safe=""), quote(secret), unquote(secret)} - {""}


class Redactor:
    """Replaces each secret, in any of its forms, with REDACTED; longer forms are matched first.

    Case is ignored: python-telegram-bot lower-cases an error's description (`Chat <token> not
    found` reaches the log as `Chat 123:abc not found`).
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        forms = sorted({form for secret in secrets for form in _forms(secret)}, key=len)
        self.pattern = (
            re.compile("|".join(re.escape(f) for f in reversed(forms)), re.IGNORECASE)
            if forms
            else None
        )

    def __call__(self, text: str) -> str:
        return text if self.pattern is None else self.pattern.sub(REDACTED, text)


class RedactingFilter(logging.Filter):
    """Rewrites a record in place, so every handler after this one also sees it redacted.

    The message is formatted with its args and the traceback (chained exceptions included) is
    formatted once into `exc_text`; `exc_info` is dropped so that no formatter can print the
    original exception again.
    """

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "redacted", False):  # one record passes every root handler
            return True
        redact = self.redactor
        try:
            message = record.getMessage()
        except Exception:  # a bad format string must not escape from logging.
            message = f"{record.msg} (arguments that did not format: {record.args!r})"
        record.msg, record.args = redact(message), None
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = _FORMATTER.formatException(record.exc_info)
            record.exc_info = None
        for key, value in list(vars(record).items()):
            if isinstance(value, str) and key != "msg":
                setattr(record, key, redact(value))
        record.redacted = True
        return True


def install_filter(
    redactor: Redactor, handlers: Iterable[logging.Handler] | None = None
) -> RedactingFilter:
    """Put one RedactingFilter on each handler (the root logger's by default), replacing an older one."""
    redacting = RedactingFilter(redactor)
    for handler in logging.getLogger().handlers if handlers is None else handlers:
        for old in [f for f in handler.filters if isinstance(f, RedactingFilter)]:
            handler.removeFilter(old)
        handler.addFilter(redacting)
    return redacting


def install_excepthook(redactor: Redactor) -> None:
    """Uncaught exceptions (in the main thread or any other) are printed redacted."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        sys.stderr.write(redactor("".join(traceback.format_exception(kind, error, tb))))

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        name = args.thread.name if args.thread is not None else "?"
        sys.stderr.write(f"Exception in thread {redactor(name)}:\n")
        hook(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = hook
    threading.excepthook = thread_hook


def install(settings: Settings) -> Redactor:
    """At start-up, after the root handlers exist and before any adapter or library logs."""
    redactor = Redactor(settings_secrets(settings))
    if redactor.pattern is not None:
        install_filter(redactor)
        install_excepthook(redactor)
    return redactor
