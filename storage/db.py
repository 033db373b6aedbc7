"""Engine creation (SQLite in WAL with immediate transactions, or any SQLAlchemy URL) and start-up migrations."""

from __future__ import annotations

import ast
import json
import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import Connection, Engine, event, text
from sqlalchemy import create_engine as sa_create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.dialects import postgresql, sqlite

DEFAULT_URL = "sqlite+aiosqlite:///paperref.db"
"""The database when none is configured: paperref.db in the working directory."""
MIGRATIONS = Path(__file__).with_name("migrations")
READ_ONLY = "paperref_read_only"
VERSION_TABLE = "alembic_version"
_ASSIGNED = re.compile(r"^(revision|down_revision)\b[^=\n]*=\s*(.+?)\s*$", re.MULTILINE)
"""`revision = "0005"` / `down_revision: str | None = "0004"` at the top of a migration file."""
MIGRATION_LOCK = 0x7061706572726566
"""PostgreSQL advisory lock key ("paperref") held while migrating, so workers starting together
on an empty database migrate one after another instead of racing on CREATE TABLE."""


class SchemaTooNew(Exception):
    """The database was migrated by a newer release than this code: it is left alone."""


def known_revisions(
    versions: Path = MIGRATIONS / "versions",
) -> tuple[frozenset[str], frozenset[str]]:
    """Every revision of the migration files, and every one that is some file's `down_revision`.
    Read from the files' text, so without Alembic."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in versions.glob("*.py"):
        for name, value in _ASSIGNED.findall(path.read_text(encoding="utf-8")):
            found = ast.literal_eval(value)
            if name == "revision":
                revisions.add(found)
            else:
                parents.update([found] if isinstance(found, str) else found or ())
    return frozenset(revisions), frozenset(parents)


def head_revisions(versions: Path = MIGRATIONS / "versions") -> frozenset[str]:
    """The newest revisions of the migration files (one, as the history is a line): every
    `revision` that is no file's `down_revision`; a test checks it against Alembic's own heads."""
    revisions, parents = known_revisions(versions)
    return revisions - parents


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


SYNCHRONOUS = "paperref_synchronous"
"""The engine's execution option holding SQLite's `synchronous` level (from the URL's query)."""
LEVELS = ("full", "normal")
"""`full` (the default): a commit survives a killed process and a power loss. `normal`: it
survives a killed process; a power loss may take back the last commits (WAL keeps the file whole)."""


STRICT_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""A dataclass or datetime in a state is an error (passed through to `json`, which refuses it)
rather than silently written."""
JSON_OPTIONS = STRICT_OPTIONS | orjson.OPT_NON_STR_KEYS
"""Integer keys become strings as `json` makes them (asked only of a value that has them: the
option costs orjson about two thirds more on a state of many small dicts)."""


def dump_json(value: Any) -> str:
    """A JSON column's text: orjson, several times quicker than `json` on a game's state (the same
    values when read back); `json` for what orjson cannot hold (integers past 64 bits)."""
    return json_text(value)[0]


def json_text(value: Any) -> tuple[str, bool]:
    """`dump_json`'s text, and whether orjson wrote it (then `orjson.loads` gives the values back
    exactly; it reads an integer past 64 bits as a float)."""
    for options in (STRICT_OPTIONS, JSON_OPTIONS):
        try:
            return orjson.dumps(value, option=options).decode(), True
        except TypeError:  # a key that is not a string, then an integer past 64 bits
            continue
    return json.dumps(value), False


def _sqlite_connect(level: str, dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={level.upper()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    readonly = connection.get_execution_options().get(READ_ONLY, False)
    connection.exec_driver_sql("BEGIN" if readonly else "BEGIN IMMEDIATE")


def create_engine(url: str) -> AsyncEngine:
    """SQLite gets WAL, a busy timeout and `BEGIN IMMEDIATE`, so one command holds the write lock;
    `?synchronous=normal` on its URL trades power-loss durability for cheaper commits."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(url, pool_pre_ping=True, json_serializer=dump_json)
    level = str(parsed.query.get("synchronous", LEVELS[0])).lower()
    if level not in LEVELS:
        raise ValueError(f"synchronous={level} in the database URL: use one of {', '.join(LEVELS)}")
    parsed = parsed.difference_update_query(["synchronous"])
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(parsed, connect_args={"timeout": 30}, json_serializer=dump_json)
    event.listen(engine.sync_engine, "connect", partial(_sqlite_connect, level))
    event.listen(engine.sync_engine, "begin", _sqlite_begin)
    return engine.execution_options(**{SYNCHRONOUS: level})


def synchronous_level(engine: AsyncEngine) -> str:
    """The SQLite engine's `synchronous` level, as its URL set it (see LEVELS)."""
    level: str = engine.get_execution_options().get(SYNCHRONOUS, LEVELS[0])
    return level


def create_sync_engine(engine: AsyncEngine) -> Engine:
    """The async engine's SQLite file through the synchronous driver, set up the same way: for
    the store's writer, which runs a unit's transaction on sqlite3 itself."""
    level = synchronous_level(engine)
    sync = sa_create_engine(
        engine.url.set(drivername="sqlite"),
        connect_args={"timeout": 30, "check_same_thread": False},
        pool_reset_on_return=None,  # each use ends in COMMIT or ROLLBACK itself
        json_serializer=dump_json,
    )
    event.listen(sync, "connect", partial(_sqlite_connect, level))
    event.listen(sync, "begin", _sqlite_begin)
    return sync


def dialect_insert(
    dialect: str, model: type[Any], **values: Any
) -> postgresql.Insert | sqlite.Insert:
    """An INSERT in the dialect's words (SQLite or PostgreSQL), for its ON CONFLICT clauses."""
    from sqlalchemy.dialects import postgresql, sqlite  # the one a database uses, when it is used

    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(model).values(**values)


async def stored_revisions(engine: AsyncEngine) -> set[str]:
    """The revisions in `alembic_version`, read without Alembic (none for an empty database)."""

    def read(connection: Connection) -> set[str]:
        if not connection.dialect.has_table(connection, VERSION_TABLE):
            return set()
        return set(connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars())

    async with engine.connect() as connection:
        reading = await connection.execution_options(**{READ_ONLY: True})
        return await reading.run_sync(read)


def refuse_newer(stored: set[str]) -> None:
    """SchemaTooNew if a stored revision is none of this code's (a newer release migrated it)."""
    unknown = stored - known_revisions()[0]
    if unknown:
        raise SchemaTooNew(
            f"the database's schema revision {', '.join(sorted(unknown))} is newer than this"
            f" release knows (its newest is {', '.join(sorted(head_revisions()))});"
            " run the newer release, or restore a backup made before it migrated"
        )


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest Alembic revision (run at every start).

    A database already at the head revisions is only read (one query) and Alembic is not imported;
    one migrated by a newer release raises SchemaTooNew; otherwise (empty, older) Alembic upgrades
    it, on PostgreSQL under an advisory lock.
    """
    stored = await stored_revisions(engine)
    if stored == head_revisions():
        return
    refuse_newer(stored)

    def upgrade(connection: Connection) -> None:
        from alembic import command

        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        command.upgrade(alembic_config(connection), "head")

    async with engine.begin() as connection:
        await connection.run_sync(upgrade)


def sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def read_sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions for reads: on SQLite a deferred BEGIN, so they never wait for the write lock."""
    return async_sessionmaker(engine.execution_options(**{READ_ONLY: True}), expire_on_commit=False)
