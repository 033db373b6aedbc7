"""Log lines as text or JSON, with the chatty libraries kept quiet unless asked for."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import TextIO

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
QUIET = ("apscheduler", "aiosqlite", "asyncpg", "sqlalchemy", "alembic", "httpx", "httpcore")
"""Loggers held at `bot.library_log_level` (WARNING by default) whatever the bot's own level: the
job queue writes two lines every sweep at INFO, and at DEBUG the database drivers write every
statement's parameters, game states with hidden hands included."""


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, and the traceback if any."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        trace = self.formatException(record.exc_info) if record.exc_info else record.exc_text
        if trace:
            entry["exception"] = trace
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


def setup(
    level: str = "INFO",
    fmt: str = "text",
    library_level: str = "WARNING",
    stream: TextIO | None = None,
) -> logging.Handler:
    """The root handler (unless one is set already) and the quiet libraries' level."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])
    quiet_libraries(library_level)
    return handler


def quiet_libraries(level: str | int = "WARNING") -> None:
    """Hold the QUIET loggers at `level` (NOTSET: they follow the root's level)."""
    for name in QUIET:
        logging.getLogger(name).setLevel(level)
