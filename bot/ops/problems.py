"""Start-up failures an operator can fix, each as the one line `paperref` prints before exit 2.

Light to import (its SQLAlchemy and redaction helpers are imported when a problem is worded):
`bot.cli` imports it before it knows whether the start needs a database.
"""

from __future__ import annotations

ENV_PREFIX = "PAPERREF_"
TEST_VARIABLES = f"{ENV_PREFIX}TEST_"
NOT_SETTINGS = (f"{ENV_PREFIX}CONFIG", TEST_VARIABLES)
"""PAPERREF_ names that set no key and are no mistake: the config file's path, and the tests' own
(PAPERREF_TEST_POSTGRES_URL)."""
DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}
"""Each database the store writes, and the one asyncio driver it is reached through."""


class StartError(Exception):
    """What stops a start, in one line that names what to fix."""


def masked(url: str) -> str:
    """The URL as it may be printed: its password (if any) as ***."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(not a URL)"


def url_problem(url: str) -> str | None:
    """What is wrong with a database URL, in words that name the fix; None if it can be used."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    example = "sqlite+aiosqlite:///paperref.db or postgresql+asyncpg://user@host/dbname"
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return f"not a database URL; write one such as {example}"
    backend = "postgresql" if parsed.get_backend_name() == "postgres" else parsed.get_backend_name()
    driver = DRIVERS.get(backend)
    if driver is None:
        return f"{backend} is not supported; use {example}"
    if parsed.drivername != driver:
        return f"{parsed.drivername}:// cannot be used: write {driver}:// (the asyncio driver)"
    return None


def root_cause(error: BaseException) -> BaseException:
    """The innermost error of a chain: the driver's or the socket's own, not SQLAlchemy's wrapper."""
    seen = {id(error)}
    while True:
        inner = getattr(error, "orig", None) or error.__cause__ or error.__context__
        if not isinstance(inner, BaseException) or id(inner) in seen:
            return error
        seen.add(id(inner))
        error = inner


def database_problem(error: BaseException, url: str) -> str:
    """A database that cannot be opened, reached or used, as one line without its password."""
    from sqlalchemy.engine import make_url

    cause = root_cause(error)
    reason = (str(cause).strip().splitlines() or [""])[0] or "no message"
    password = make_url(url).password
    if password:
        reason = reason.replace(str(password), "***")
    return f"database: {masked(url)}: {reason} ({type(cause).__name__})"
