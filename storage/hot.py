"""The hot path of a game move: the chat's running table kept in memory per process, the
command's writes recorded instead of flushed by the ORM, then kept in one transaction of at most
three statements (claim the update, the table row checked by its revision, the action rows).

A cached table is never trusted: the UPDATE carries `WHERE revision = ?`, and a row another
process (or the slow path) wrote since makes it fail, the transaction roll back and the command
run again on the slow path from fresh rows. Nothing about correctness depends on one process.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache, partial
from operator import attrgetter, itemgetter
from queue import SimpleQueue
from typing import Any, NamedTuple, TypeVar, cast

from sqlalchemy import JSON, Boolean, Column, Connection, DateTime, Engine, Table
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection

from storage.db import READ_ONLY, create_sync_engine, dump_json, synchronous_level
from storage.models import (
    ActionRow,
    Chat,
    Deadline,
    GameTable,
    Rating,
    Result,
    Seat,
    TableStatus,
    utcnow,
)
from storage.repository import Repository, ratings_query

log = logging.getLogger(__name__)

RatingsReader = Callable[[str, str, str, Collection[str]], Awaitable[dict[str, Rating]]]

CHECKPOINT_EVERY = 50
"""Hot moves between background WAL checkpoints. They copy most of the WAL back beside the moves;
the writer's own automatic checkpoint (at SQLite's 1,000 pages) then has little left to copy, and
finishes what lets the next transaction restart the WAL from its start. Without that last step a
busy writer never sees a fully copied WAL: the file grows without end, and every commit that
grows it costs about twice one that reuses it."""
CACHED_TABLES = 2_000
"""Running tables one process keeps in memory; the least recently used are dropped past this (a
dropped table's next move takes the slow path). Kept moderate: every cached state is traversed by
Python's full garbage collections, about 65 ms per 1,000 tables here."""

INLINE_COMMIT_SECONDS = 0.001
"""While the writer thread is idle and commits take less than this (a running average), the event
loop writes a move itself: a fast disk's sync costs it less than the hop to the thread and back
(about 0.15 to 0.25 ms here). A slower disk, a writer already busy, or the database locked by
another transaction keeps moves in the thread, where those that queue up are committed together:
the loop never waits for a lock (another coroutine's transaction may hold it)."""
AVERAGE_WEIGHT = 0.2
"""The newest commit's weight in that running average."""

BATCH = 200
"""Moves of different tables that share one SQLite transaction (and its one fsync) at most, when
they arrive while the writer is busy with the previous transaction."""

TABLES = cast(Table, GameTable.__table__)
RESULTS = cast(Table, Result.__table__)
RATINGS = cast(Table, Rating.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
DEADLINES = cast(Table, Deadline.__table__)


class Deferred(Exception):
    """The command needs what only a session gives (a query, a result row, chat data): it is
    run again on the slow path."""


class Stale(Exception):
    """The stored table moved on since it was cached."""


class Redelivered(Exception):
    """The update was processed before: nothing is written, the cached table is left as it was."""


class _NoSession:
    def __getattr__(self, name: str) -> Any:
        raise Deferred(name)


TABLE_COLUMNS = tuple(column.key for column in TABLES.columns)
SEAT_COLUMNS = tuple(column.key for column in cast(Table, Seat.__table__).columns)
CHAT_COLUMNS = tuple(column.key for column in cast(Table, Chat.__table__).columns)


class CachedSeat:
    """A seat row's values as plain attributes."""

    __slots__ = SEAT_COLUMNS


class CachedChat:
    """A chat row's values as plain attributes."""

    __slots__ = CHAT_COLUMNS


class CachedTable:
    """A table row's values and its seats as plain attributes: what the hot path reads and
    changes about a hundred times a move, at a tenth of the cost of the ORM's instrumented
    attributes, and half the objects each full garbage collection walks. It is no ORM object
    (no session, no change tracking): only the hot path, whose Recorder needs neither, works on
    it, and `write` stores the whole row."""

    __slots__ = (*TABLE_COLUMNS, "seats", "spare")
    seats: list[CachedSeat]
    spare: tuple[Any, Any] | None
    """(a state, a copy of it) made between commands (`prepare_spare`): the next move's working
    copy, taken while the table still holds that state."""


R = TypeVar("R")


def _copied(row: Any, plain: R, columns: tuple[str, ...]) -> R:
    for name in columns:
        setattr(plain, name, getattr(row, name))
    return plain


def snapshot(chat: Chat, table: GameTable) -> tuple[Chat, GameTable]:
    """Plain copies of a chat and its table as a command left them, for the cache (see
    CachedTable); they answer every attribute of their rows, so the shared code takes them for
    the rows themselves."""
    if not isinstance(chat, CachedChat):
        chat = cast(Chat, _copied(chat, CachedChat(), CHAT_COLUMNS))
    if not isinstance(table, CachedTable):
        copy = _copied(table, CachedTable(), TABLE_COLUMNS)
        copy.seats = [_copied(seat, CachedSeat(), SEAT_COLUMNS) for seat in table.seats]
        copy.spare = None
        table = cast(GameTable, copy)
    return chat, table


def prepare_spare(table: GameTable, copy: Callable[[Any], Any]) -> None:
    """Copy a cached table's state ahead of its next move, in the helper thread (Writes.ahead):
    a state is never changed once a command has left it (each works on a copy), so the copy is
    good for as long as the table holds that state."""
    state = table.state
    cast(CachedTable, table).spare = (state, copy(state))


@dataclass
class Cached:
    chat: Chat
    table: GameTable
    """Both `snapshot`s: the rows' values, not ORM objects."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TableCache:
    """(platform, chat id) -> the chat and its running table, as the last command left them."""

    def __init__(self, size: int = CACHED_TABLES) -> None:
        self._size = size
        self._entries: OrderedDict[tuple[str, str], Cached] = OrderedDict()

    def get(self, platform: str, chat_id: str) -> Cached | None:
        entry = self._entries.get((platform, chat_id))
        if entry is not None:
            self._entries.move_to_end((platform, chat_id))
        return entry

    def holds(self, entry: Cached) -> bool:
        """Whether `entry` is still its chat's (not forgotten or replaced meanwhile)."""
        return self._entries.get((entry.chat.platform, entry.chat.chat_id)) is entry

    def keep(self, chat: Chat, table: GameTable | None) -> None:
        """After a committed command: a running table is cached, anything else forgotten."""
        key = (chat.platform, chat.chat_id)
        if table is None or table.status != TableStatus.ACTIVE or table.state is None:
            self._entries.pop(key, None)
            return
        entry = self._entries.get(key)
        if entry is not None:
            entry.chat, entry.table = snapshot(chat, table)
            self._entries.move_to_end(key)
        else:
            self._entries[key] = Cached(*snapshot(chat, table))
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def forget(self, platform: str, chat_id: str) -> None:
        self._entries.pop((platform, chat_id), None)

    def forget_table(self, table_id: int) -> None:
        for key, entry in list(self._entries.items()):
            if entry.table.id == table_id:
                del self._entries[key]


class Recorder(Repository):
    """A Repository that keeps a game move's writes for the hot path's one transaction; anything
    that needs a query (or writes what the hot path does not) raises Deferred."""

    def __init__(self, read_ratings: RatingsReader | None = None) -> None:
        super().__init__(_NoSession())  # type: ignore[arg-type]
        self.new_actions: list[dict[str, Any]] = []
        self.dropped_deadlines: list[tuple[int, list[int] | None]] = []
        self.new_deadlines: list[dict[str, Any]] = []
        self.results: list[Result] = []
        self.read_ratings = read_ratings
        self.known_ratings: list[Rating] = []
        self.new_ratings: list[Rating] = []

    @property
    def ends_a_game(self) -> bool:
        return bool(self.results or self.known_ratings or self.new_ratings)

    def add_result(
        self, table: GameTable, winners: list[int], scores: dict[str, float | int]
    ) -> None:
        self.results.append(self.result_row(table, winners, scores))

    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]:
        """Read before the write (only the chat's one open table changes them), written back
        with the game's last move."""
        if self.read_ratings is None:
            raise Deferred("ratings")
        found = await self.read_ratings(platform, chat_id, game, user_ids)
        self.known_ratings += found.values()
        return found

    def add_rating(self, rating: Rating) -> None:
        self.new_ratings.append(rating)

    def add_action(self, **values: Any) -> None:
        self.new_actions.append({**values, "created_at": utcnow()})

    def add_deadline(
        self, table: GameTable, seat: int, fire_at: datetime, due_at: datetime
    ) -> None:
        self.new_deadlines.append(
            {
                "table_id": table.id,
                "platform": table.platform,
                "chat_id": table.chat_id,
                "seat": seat,
                "kind": "remind",
                "fire_at": fire_at,
                "due_at": due_at,
                "claimed_until": None,
            }
        )

    async def delete_deadlines(self, table_id: int, seats: Collection[int] | None = None) -> None:
        self.dropped_deadlines.append((table_id, None if seats is None else list(seats)))

    @staticmethod
    def spare_state(table: GameTable) -> Any | None:
        """The copy `prepare_spare` made of the cached table's state, taken once."""
        cached = cast(CachedTable, table)
        spare = cached.spare
        if spare is None or spare[0] is not table.state:
            return None
        cached.spare = None
        return spare[1]

    @staticmethod
    def changed(table: GameTable, column: str) -> None:
        """Nothing to tell: the hot path writes the whole row, and its table is a snapshot."""

    @staticmethod
    def update_chat_data(chat: Chat, **values: Any) -> None:
        raise Deferred("chat data")

    @staticmethod
    def update_chat_settings(chat: Chat, **values: Any) -> None:
        raise Deferred("chat settings")


ROW_FIELDS = (
    "status",
    "settings",
    "state",
    "rng_position",
    "version",
    "next_seq",
    "board_message",
    "board_after",
)


_ROW_VALUES = attrgetter(*ROW_FIELDS)


class UndoneOnError:
    """`with UndoneOnError(table):` the cached table as it was if the command does not reach its
    commit (a class, not a generator's context manager: a third of its cost on every hot move)."""

    __slots__ = ("before", "table")

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.before: tuple[Any, ...] = _ROW_VALUES(table)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_rest: object) -> None:
        if kind is not None:
            for name, value in zip(ROW_FIELDS, self.before, strict=True):
                setattr(self.table, name, value)


@dataclass
class Writes:
    """What one game move keeps; `meanwhile` is work to do while its commit syncs (the replies
    in their readers' words), its outcome in `made` once the move is written; `ahead` is work
    for the next move (`prepare_spare`), done after `meanwhile` in the same hand-over, else
    once the move is written."""

    platform: str
    update_id: str | None
    table: GameTable
    revision: int
    recorder: Recorder
    meanwhile: Callable[[], Any] | None = None
    made: Made | None = None
    ahead: Callable[[], object] | None = None


RATING_FIELDS = ("name", "games", "wins", "rated", "mu", "sigma")


def _columns(table: Table, row: Any) -> dict[str, Any]:
    """An ORM object's column values, for a Core INSERT (the database numbers the id)."""
    return {c.key: getattr(row, c.key) for c in table.columns if c.key != "id"}


def read_ratings(
    connection: Connection, platform: str, chat_id: str, game: str, user_ids: Collection[str]
) -> dict[str, Rating]:
    """The rating rows as detached objects the game's end may change."""
    query = ratings_query(platform, chat_id, game, user_ids)
    columns = [c.key for c in RATINGS.columns]
    found = connection.execute(query.with_only_columns(*RATINGS.columns)).all()
    rows = [Rating(**dict(zip(columns, values, strict=True))) for values in found]
    return {row.user_id: row for row in rows}


def stamp(moment: datetime) -> str:
    """A DateTime as SQLAlchemy's SQLite dialect stores it ("%Y-%m-%d %H:%M:%S.%f", at a third of
    strftime's cost), for the raw statements below."""
    return moment.isoformat(" ", "microseconds")


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


def _time(value: datetime | None) -> str | None:
    return None if value is None else stamp(value)


def _json(value: Any) -> str | None:
    """A JSON column's value as both dialects store it: the text (orjson's, as `dump_json`)."""
    return None if value is None else dump_json(value)


@dataclass(frozen=True)
class Driver:
    """How a driver takes a statement: sqlite3 with `?` and the values SQLAlchemy's SQLite dialect
    would store (times as text, flags as 0/1); asyncpg with `$1` and the values themselves."""

    numbered: bool
    time: Callable[[datetime], Any] | None
    flag: Callable[[bool], Any] | None

    def sql(self, text: str) -> str:
        return _numbered(text) if self.numbered else text

    def at(self, moment: datetime) -> Any:
        return moment if self.time is None else self.time(moment)

    def conversion(self, column: Column[Any]) -> Callable[[Any], Any] | None:
        """What a value of this column goes through first (None: nothing)."""
        if isinstance(column.type, JSON):
            return _json
        if isinstance(column.type, DateTime):
            return self.time
        if isinstance(column.type, Boolean):
            return self.flag
        return None


SQLITE = Driver(numbered=False, time=_time, flag=_flag)
POSTGRES = Driver(numbered=True, time=None, flag=None)


@lru_cache(maxsize=64)
def _numbered(text: str) -> str:
    """`?` placeholders as PostgreSQL's `$1`, `$2`, ... (no statement here holds a literal `?`)."""
    parts = text.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class Statement(NamedTuple):
    """One statement of a move and its rows of values; `check` names what its row count proves:
    "claimed" (0: the update was processed before), "moved" (not 1: the cached table is stale).
    (A named tuple: a move makes three or four, each at a fifth of a frozen dataclass's cost.)"""

    sql: str
    rows: list[tuple[Any, ...]]
    check: str | None = None

    def holds(self, count: int | None, table_id: int) -> bool:
        """Whether the move goes on after this statement changed `count` rows (None: not told):
        False for an update claimed before; Stale for a table row no longer at its revision."""
        if self.check == "claimed" and count == 0:
            return False
        if self.check == "moved" and count != 1:
            raise Stale(table_id)
        return True


Conversions = tuple[tuple[int, Callable[[Any], Any]], ...]
_INSERTS: dict[
    tuple[bool, str, tuple[str, ...]], tuple[str, Callable[[Any], Any], Conversions]
] = {}
"""Per driver, table and shape of row: the INSERT, a getter of the row's values in column order
and the conversions some of them go through (by position). A move's rows have a few shapes."""


def _inserting(
    table: Table, names: tuple[str, ...], driver: Driver
) -> tuple[str, Callable[[Any], Any], Conversions]:
    """The INSERT of these columns, the getter of their values and their conversions."""
    key = (driver.numbered, table.name, names)
    found = _INSERTS.get(key)
    if found is None:
        columns, marks = ", ".join(names), ", ".join("?" * len(names))
        sql = driver.sql(f"INSERT INTO {table.name} ({columns}) VALUES ({marks})")
        get = itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
        conversions = tuple(
            (i, f) for i, n in enumerate(names) if (f := driver.conversion(table.c[n])) is not None
        )
        if len(_INSERTS) >= 64:
            _INSERTS.clear()
        found = _INSERTS[key] = (sql, get, conversions)
    return found


def _inserts(driver: Driver, table: Table, rows: list[dict[str, Any]]) -> Statement:
    sql, get, conversions = _inserting(table, tuple(rows[0]), driver)
    values = []
    for row in rows:
        value = list(get(row))
        for i, f in conversions:
            value[i] = f(value[i])
        values.append(tuple(value))
    return Statement(sql, values)


CLAIM_SQL = (
    "INSERT INTO processed_updates (platform, update_id, processed_at)"
    " VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
)
TABLE_SQL = (
    "UPDATE tables SET settings = ?, state = ?, rng_position = ?, version = ?,"
    " next_seq = ?, board_message = ?, board_after = ?, revision = ?, updated_at = ?"
    " WHERE id = ? AND revision = ?"
)
"""It leaves `status` alone while the game runs (STATUS_SQL sets it at the end), as setting an
indexed column, even to its own value, rewrites its index page too."""
STATUS_SQL = TABLE_SQL.replace("SET ", "SET status = ?, ", 1)
RATING_SQL = (
    "UPDATE ratings SET name = ?, games = ?, wins = ?, rated = ?, mu = ?, sigma = ?,"
    " updated_at = ? WHERE platform = ? AND chat_id = ? AND game = ? AND user_id = ?"
)


def statements(writes: Writes, driver: Driver, now: datetime) -> Iterator[Statement]:
    """A move's statements in order, made as they are needed (a redelivered update stops the
    caller at the first): claim the update, the table row at its revision, then what the move
    added (actions, turn timers, and at a game's end its result and ratings)."""
    at = driver.at(now)
    if writes.update_id is not None:
        yield Statement(driver.sql(CLAIM_SQL), [(writes.platform, writes.update_id, at)], "claimed")
    table = writes.table
    running = table.status == TableStatus.ACTIVE
    row = (
        dump_json(table.settings),
        dump_json(table.state),
        table.rng_position,
        table.version,
        table.next_seq,
        table.board_message,
        table.board_after,
        writes.revision + 1,
        at,
        table.id,
        writes.revision,
    )
    yield Statement(
        driver.sql(TABLE_SQL) if running else driver.sql(STATUS_SQL),
        [row if running else (TableStatus(table.status).value, *row)],
        "moved",
    )
    recorder = writes.recorder
    if recorder.new_actions:
        yield _inserts(driver, ACTIONS, recorder.new_actions)
    for table_id, seats in recorder.dropped_deadlines:
        if seats is None:
            yield Statement(driver.sql("DELETE FROM deadlines WHERE table_id = ?"), [(table_id,)])
        elif seats:
            yield Statement(
                driver.sql("DELETE FROM deadlines WHERE table_id = ? AND seat = ?"),
                [(table_id, seat) for seat in seats],
            )
    if recorder.new_deadlines:  # turn timers moved
        yield _inserts(driver, DEADLINES, recorder.new_deadlines)
    if recorder.results:
        yield _inserts(driver, RESULTS, [_columns(RESULTS, r) for r in recorder.results])
    if recorder.new_ratings:
        rows = [_columns(RATINGS, r) | {"updated_at": now} for r in recorder.new_ratings]
        yield _inserts(driver, RATINGS, rows)
    if recorder.known_ratings:
        yield Statement(
            driver.sql(RATING_SQL),
            [
                (
                    *(getattr(r, key) for key in RATING_FIELDS),
                    at,
                    r.platform,
                    r.chat_id,
                    r.game,
                    r.user_id,
                )
                for r in recorder.known_ratings
            ],
        )


def read_ratings_sqlite(
    db: sqlite3.Connection, platform: str, chat_id: str, game: str, user_ids: Collection[str]
) -> dict[str, Rating]:
    """`read_ratings` in sqlite3's own words (the times read back as datetimes)."""
    wanted = list(user_ids)
    if not wanted:
        return {}
    columns = [c.key for c in RATINGS.columns]
    found = db.execute(
        f"SELECT {', '.join(columns)} FROM ratings WHERE platform = ? AND chat_id = ?"
        f" AND game = ? AND user_id IN ({', '.join('?' * len(wanted))})",
        (platform, chat_id, game, *wanted),
    ).fetchall()
    rows = [Rating(**dict(zip(columns, values, strict=True))) for values in found]
    for row in rows:
        if isinstance(row.updated_at, str):
            row.updated_at = datetime.fromisoformat(row.updated_at)
    return {row.user_id: row for row in rows}


def write_sqlite(
    db: Any, batch: list[Writes], before_commit: Callable[[], None] | None = None
) -> list[bool | Exception]:
    """A move's `statements` in sqlite3's own words, for a transaction of a few hundred
    microseconds. Several moves (of different tables) share one transaction and one fsync, each
    behind its own savepoint: a redelivered or stale move is undone alone. Per move: True, False
    (redelivered) or its error."""
    now = utcnow()
    alone = len(batch) == 1
    cursor = db.cursor()  # one for the transaction: the connection's execute() makes one a call
    cursor.execute("BEGIN IMMEDIATE")
    outcomes: list[bool | Exception] = []
    try:
        for writes in batch:
            if not alone:
                cursor.execute("SAVEPOINT move")
            try:
                outcomes.append(_move_sqlite(cursor, writes, now))
            except Exception as error:
                if alone:
                    raise
                cursor.execute("ROLLBACK TO move")
                outcomes.append(error)
            if not alone:
                cursor.execute("RELEASE move")
        if alone and outcomes == [False]:
            cursor.execute("ROLLBACK")
            return outcomes
    except BaseException:
        cursor.execute("ROLLBACK")
        raise
    if before_commit is not None:
        before_commit()
    cursor.execute("COMMIT")
    return outcomes


def _move_sqlite(cursor: sqlite3.Cursor, writes: Writes, now: datetime) -> bool:
    """One move: False for a redelivered update (nothing written), Stale when the table row is no
    longer the cached revision."""
    for statement in statements(writes, SQLITE, now):
        if len(statement.rows) == 1:
            count = cursor.execute(statement.sql, statement.rows[0]).rowcount
        else:
            count = cursor.executemany(statement.sql, statement.rows).rowcount
        if not statement.holds(count, writes.table.id):
            return False
    return True


async def write_postgres(db: Any, writes: Writes) -> bool:
    """A move's `statements` in asyncpg's own words, in one transaction on a connection of the
    writer's own: one round trip a statement, as with the driver alone."""
    async with db.transaction():
        for statement in statements(writes, POSTGRES, utcnow()):
            count = None
            if len(statement.rows) == 1:
                done: str = await db.execute(statement.sql, *statement.rows[0])
                count = int(done.rsplit(" ", 1)[1])  # "INSERT 0 1", "UPDATE 1"
            else:
                await db.executemany(statement.sql, statement.rows)
            if not statement.holds(count, writes.table.id):
                return False
    return True


class Made:
    """The outcome of a move's `meanwhile`, done in the helper thread or on the loop: a lock held
    until it is set (a concurrent.futures.Future's condition and bookkeeping cost the event loop
    several microseconds a move)."""

    __slots__ = ("_error", "_set", "_value")

    def __init__(self) -> None:
        self._set = threading.Lock()
        self._set.acquire()
        self._value: Any = None
        self._error: BaseException | None = None

    def run(self, work: Callable[[], Any]) -> None:
        try:
            self._value = work()
        except BaseException as error:
            self._error = error
        finally:
            self._set.release()

    def result(self) -> Any:
        """The outcome once set (waiting for it), its error raised."""
        with self._set:
            pass
        if self._error is not None:
            raise self._error
        return self._value


def _then(made: Made, meanwhile: Callable[[], Any], ahead: Callable[[], object] | None) -> None:
    """A move's `meanwhile`, then (once its outcome is set) the work ahead of the next move, which
    fills what is left of the commit's wait for the disk."""
    made.run(meanwhile)
    if ahead is not None:
        ahead()


class Helper:
    """One thread for work off the event loop, fed by a queue of jobs in order: a move's
    `meanwhile` while its commit syncs, and work done ahead of the next move."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[Callable[[], object] | None] = SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def put(self, job: Callable[[], object]) -> None:
        if self._closed:
            raise RuntimeError("the helper thread is shut down")
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="paperref-helper", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:
                log.exception("work done ahead of a move failed; the move does it itself")

    def close(self) -> None:
        """Every job put so far is done first."""
        self._closed = True
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()


PG_CONNECTIONS = 10
"""asyncpg connections one process writes moves on at most (moves of different tables at once)."""
DIALECT_ONLY = ("prepared_statement_name_func", "async_creator_fn")
"""URL settings SQLAlchemy's asyncpg dialect keeps for itself (asyncpg.connect refuses them)."""


def asyncpg_params(engine: AsyncEngine) -> dict[str, Any]:
    """asyncpg.connect's arguments for the engine's database, as its dialect would connect. A URL's
    `prepared_statement_cache_size` (0 behind PgBouncer) becomes asyncpg's own
    `statement_cache_size`, so the writer's connections keep the same rule."""
    _args, params = engine.dialect.create_connect_args(engine.url)
    for sqlalchemy_only in DIALECT_ONLY:
        params.pop(sqlalchemy_only, None)
    cache = params.pop("prepared_statement_cache_size", None)
    if cache is not None:
        params.setdefault("statement_cache_size", int(cache))
    return dict(params)


async def _nothing_to_reset(db: Any) -> None:
    """A move's transaction is over when its connection goes back to the pool."""


class HotWriter:
    """Runs a move's writes in one transaction: on SQLite with sqlite3 itself, on one connection
    that the event loop (for a move that finds the writer idle and the disk fast) and one worker
    thread (every other move: one thread hop; moves that queue up meanwhile are committed together,
    a group commit) take turns on; on PostgreSQL with asyncpg on a small pool of its own."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._async = engine
        self._sync: Engine | None = None
        self._connection: PoolProxiedConnection | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._checkpointer: ThreadPoolExecutor | None = None
        self._checkpoint: Future[tuple[int, int, int]] | None = None
        self._since_checkpoint = 0
        self._queue: list[tuple[Writes, Future[bool]]] = []
        self._queued = threading.Lock()
        self._here: PoolProxiedConnection | None = None
        """The event loop's own connection, which never waits for a lock (busy_timeout 0)."""
        self._draining = 0
        """Transactions handed to the writer thread and not yet done."""
        self._commit_seconds = 0.0
        """Running average of a transaction's time on SQLite (see INLINE_COMMIT_SECONDS)."""
        self._helper = Helper()
        """The thread for work off the event loop: a move's `meanwhile` while the loop's COMMIT
        waits for the disk (`_present`), and what is done ahead of the next move (`later`)."""
        self._present_while_syncing = False
        """SQLite at synchronous=full. At `normal` a WAL commit syncs nothing: the hand-over
        would cost more than the work, so the loop does a move's `meanwhile` after the commit."""
        self._pool: Any = None
        """PostgreSQL: the asyncpg pool the moves are written on, opened by the first move."""
        self._opening = asyncio.Lock()
        if engine.dialect.name == "sqlite":
            self._sync = create_sync_engine(engine)
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="paperref-sqlite")
            self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="paperref-checkpoint")
            self._present_while_syncing = synchronous_level(engine) == "full"

    def _checkpoint_sync(self) -> tuple[int, int, int]:
        """Copy the WAL back into the database on a connection of its own: PASSIVE, so writers
        go on meanwhile, and no move's commit pays for it. (busy, WAL frames, frames copied)."""
        assert self._sync is not None
        connection = self._sync.raw_connection()  # sqlite3 in autocommit: no transaction around it
        try:
            db = connection.driver_connection
            assert db is not None
            busy, frames, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            return int(busy), int(frames), int(copied)
        finally:
            connection.close()

    def _after_commit(self) -> None:
        """Every CHECKPOINT_EVERY moves a background checkpoint (one at a time; see there)."""
        self._since_checkpoint += 1
        if self._since_checkpoint < CHECKPOINT_EVERY or self._checkpointer is None:
            return
        if self._checkpoint is None or self._checkpoint.done():
            self._since_checkpoint = 0
            self._checkpoint = self._checkpointer.submit(self._checkpoint_sync)

    def _drain(self) -> None:
        """In the writer thread, on its one connection: every move queued by now, up to BATCH, in
        one transaction; each caller gets its own outcome."""
        try:
            self._drain_queue()
        finally:
            with self._queued:
                self._draining -= 1

    def _drain_queue(self) -> None:
        assert self._sync is not None
        with self._queued:
            taken, self._queue = self._queue[:BATCH], self._queue[BATCH:]
        # a move whose caller was cancelled meanwhile is not written; the rest can no longer be
        batch = [(writes, done) for writes, done in taken if done.set_running_or_notify_cancel()]
        if not batch:
            return  # an earlier drain took this call's move, or its caller gave up
        try:
            if self._connection is None:
                self._connection = self._sync.raw_connection()
            db = self._connection.driver_connection
            outcomes = self._transaction(db, [writes for writes, _done in batch])
        except BaseException as error:  # the transaction failed: every move in it did
            for _writes, done in batch:
                done.set_exception(error)
            return
        for (_writes, done), outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, Exception):
                done.set_exception(outcome)
            else:
                done.set_result(outcome)

    def _transaction(
        self, db: Any, batch: list[Writes], before_commit: Callable[[], None] | None = None
    ) -> list[bool | Exception]:
        """`write_sqlite` on a kept connection (no pool checkout per move), timed."""
        start = time.perf_counter()
        try:
            return write_sqlite(db, batch, before_commit)
        finally:
            spent = time.perf_counter() - start
            self._commit_seconds += AVERAGE_WEIGHT * (spent - self._commit_seconds)

    def _write_here(self, writes: Writes) -> bool | None:
        """The move written on the calling (event loop) thread; None when the writer thread is
        busy, commits have been slow or the database is locked: then the thread writes it."""
        if self._commit_seconds > INLINE_COMMIT_SECONDS or self._draining:
            return None
        meanwhile = writes.meanwhile
        hand_over = (
            None
            if meanwhile is None or not self._present_while_syncing
            else partial(self._present, writes, meanwhile)
        )
        try:  # a move alone: its error is raised
            (written,) = self._transaction(self._here_connection(), [writes], hand_over)
        except sqlite3.OperationalError as error:  # BEGIN found the database locked
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                raise
            return None
        assert isinstance(written, bool)
        return written

    def _present(self, writes: Writes, meanwhile: Callable[[], Any]) -> None:
        """Hand the move's `meanwhile` (then its `ahead`) to the helper thread just before COMMIT:
        sqlite3 lets go of the GIL while the disk syncs, and that thread does the work meanwhile."""
        writes.made = made = Made()
        self._helper.put(partial(_then, made, meanwhile, writes.ahead))
        writes.ahead = None  # one wake of the helper for both

    def later(self, job: Callable[[], object]) -> None:
        """Work for the helper thread once a command is answered, such as the next move's working
        copy (`prepare_spare`): no reply waits for it, and on a server it runs while the loop
        waits for the next update. A job that fails is logged; what it prepares is then made
        when needed."""
        with suppress(RuntimeError):  # shut down: nothing to prepare for
            self._helper.put(job)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until the helper thread has done every job handed to it so far (it takes them in
        order): for the tests and the bench, which must not measure beside it."""
        done = threading.Event()
        self.later(done.set)
        return done.wait(timeout)

    def stored_revision(self, table_id: int) -> int | None:
        """The table row's revision as stored, read on the event loop's own connection (SQLite:
        a WAL reader waits for nobody); None elsewhere or if the read cannot be made at once."""
        if self._sync is None:
            return None
        try:
            db = self._here_connection()
            rows = db.execute("SELECT revision FROM tables WHERE id = ?", (table_id,)).fetchall()
        except sqlite3.OperationalError:
            return None
        return int(rows[0][0]) if rows else None  # all rows fetched: no read is left open

    def _here_connection(self) -> sqlite3.Connection:
        assert self._sync is not None
        if self._here is None:
            self._here = self._sync.raw_connection()
            self._here.driver_connection.execute("PRAGMA busy_timeout=0")  # type: ignore[union-attr]
        db = self._here.driver_connection
        assert isinstance(db, sqlite3.Connection)
        return db

    async def __call__(self, writes: Writes) -> bool:
        """A move in sqlite3's own words: here when the writer is idle, else in its thread (with
        whatever other moves are waiting by then); on PostgreSQL in asyncpg's."""
        if self._sync is not None:
            assert self._thread is not None
            if (here := self._write_here(writes)) is not None:
                written = here
            else:
                done: Future[bool] = Future()
                with self._queued:
                    self._queue.append((writes, done))
                    self._draining += 1
                try:
                    self._thread.submit(self._drain)
                except RuntimeError:  # the writer is shut down: the move is not written
                    with self._queued:
                        self._queue.remove((writes, done))
                        self._draining -= 1
                    raise
                written = await asyncio.wrap_future(done)
            self._after_commit()
        else:
            pool = self._pool or await self._open_pool()
            async with pool.acquire() as db:
                written = await write_postgres(db, writes)
        if written and writes.meanwhile is not None and writes.made is None:
            writes.made = Made()  # nobody did it while the commit synced: done here, after it
            writes.made.run(writes.meanwhile)
        if written and writes.ahead is not None:
            self.later(writes.ahead)
        return written

    async def _open_pool(self) -> Any:
        """asyncpg connections to the engine's database, as its dialect would connect them. Every
        move ends its own transaction, so a connection goes back as it came: no reset query."""
        import asyncpg  # the PostgreSQL driver, loaded where it is used

        async with self._opening:
            if self._pool is None:
                self._pool = await asyncpg.create_pool(
                    min_size=1,
                    max_size=PG_CONNECTIONS,
                    reset=_nothing_to_reset,
                    **asyncpg_params(self._async),
                )
        return self._pool

    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]:
        """Read the rating rows a game's end moves (on SQLite on the loop's own connection, else
        in the writer thread if that cannot read at once)."""
        args = (platform, chat_id, game, user_ids)
        if self._sync is not None:
            try:
                return read_ratings_sqlite(self._here_connection(), *args)
            except sqlite3.OperationalError:
                pass
            sync = self._sync

            def read() -> dict[str, Rating]:
                with sync.connect() as connection:
                    reading = connection.execution_options(**{READ_ONLY: True})
                    return read_ratings(reading, *args)

            return await asyncio.get_running_loop().run_in_executor(self._thread, read)
        async with self._async.connect() as connection:
            return await connection.run_sync(read_ratings, *args)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
        for pool in (self._thread, self._checkpointer):
            if pool is not None:
                pool.shutdown(wait=True)
        self._helper.close()
        for connection in (self._connection, self._here):
            if connection is not None:
                connection.close()
        self._connection = self._here = None
        if self._sync is not None:
            self._sync.dispose()
