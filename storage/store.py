"""The store: a chat's table loaded (the cache in front, else the rows) and one command's unit of
work committed in one transaction, checked against the revisions it read; on SQLite with sqlite3
itself (moves that arrive together share one commit), on PostgreSQL with asyncpg.

A cached table is never trusted: its UPDATE carries `WHERE revision = ?`, and a row another
process wrote since fails the commit (Stale); the caller reloads and runs the command again.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection

from storage.db import create_sync_engine, sessions, synchronous_level
from storage.models import TableStatus, utcnow
from storage.reads import Queries
from storage.rows import Chat, Table
from storage.upkeep import Upkeep
from storage.work import Work
from storage.writing import Stale, run_postgres, run_sqlite

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 50
"""Hot moves between background WAL checkpoints. They copy most of the WAL back beside the moves;
the writer's own automatic checkpoint (at SQLite's 1,000 pages) then has little left to copy, and
finishes what lets the next transaction restart the WAL from its start. Without that last step a
busy writer never sees a fully copied WAL: the file grows without end, and every commit that
grows it costs about twice one that reuses it."""
CACHED_TABLES = 2_000
"""Running tables one process keeps in memory; the least recently used are dropped past this (a
dropped table's next command reads its rows). Kept moderate: every cached state is traversed by
Python's full garbage collections, about 65 ms per 1,000 tables here."""

INLINE_COMMIT_SECONDS = 0.001
"""While the writer thread is idle and commits take less than this (a running average of what the
loop waits for: the statements and the disk, not the work handed over meanwhile), the event loop
writes a move itself: a fast disk's sync costs it less than the hop to the thread and back
(about 0.15 to 0.25 ms here). A slower disk, a writer already busy, or the database locked by
another transaction keeps moves in the thread, where those that queue up are committed together:
the loop never waits for a lock (another coroutine's transaction may hold it)."""
AVERAGE_WEIGHT = 0.2
"""The newest commit's weight in that running average."""

BATCH = 200
"""Moves of different tables that share one SQLite transaction (and its one fsync) at most, when
they arrive while the writer is busy with the previous transaction."""


Ran = Callable[[], float]
"""Seconds that work handed to another thread has run so far."""


@dataclass
class Commit:
    """One command's work to write; `while_syncing` is called just before a COMMIT that waits for
    the disk (sqlite3 lets go of the GIL meanwhile), so the caller can hand work to a thread. It
    says how to ask how long that work ran: the COMMIT returns only once the work lets go of the
    GIL, and that wait is the work's, not the disk's."""

    work: Work
    while_syncing: Callable[[], Ran | None] | None = None


def write_sqlite(
    db: Any, batch: list[Commit], before_commit: Callable[[], None] | None = None
) -> list[bool | Exception]:
    """Units of work in sqlite3's own words, in one transaction and one fsync, each behind its
    own savepoint when several share it: a redelivered or stale one is undone alone. Per unit:
    True, False (redelivered) or its error."""
    now = utcnow()
    alone = len(batch) == 1
    cursor = db.cursor()  # one for the transaction: the connection's execute() makes one a call
    cursor.execute("BEGIN IMMEDIATE")
    outcomes: list[bool | Exception] = []
    try:
        for commit in batch:
            if not alone:
                cursor.execute("SAVEPOINT work")
            try:
                outcomes.append(_unit(cursor, commit.work, now))
            except Exception as error:
                if alone:
                    raise
                cursor.execute("ROLLBACK TO work")
                outcomes.append(error)
            if not alone:
                cursor.execute("RELEASE work")
        if alone and outcomes == [False]:
            cursor.execute("ROLLBACK")
            return outcomes
        if before_commit is not None:
            before_commit()
        cursor.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT may leave it open: the next BEGIN would fail
            cursor.execute("ROLLBACK")
        raise
    return outcomes


def _unit(cursor: sqlite3.Cursor, work: Work, now: Any) -> bool:
    """A key another process took meanwhile (a new table's id) is a stale read too."""
    try:
        return run_sqlite(cursor, work, now)
    except sqlite3.IntegrityError as error:
        raise Stale(str(error)) from error


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


class Writer:
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
        self._queue: list[tuple[Commit, Future[bool]]] = []
        self._queued = threading.Lock()
        self._here: PoolProxiedConnection | None = None
        """The event loop's own connection, which never waits for a lock (busy_timeout 0)."""
        self._draining = 0
        """Transactions handed to the writer thread and not yet done."""
        self._commit_seconds = 0.0
        """Running average of a transaction's time on SQLite (see INLINE_COMMIT_SECONDS)."""
        self._hand_over = False
        """SQLite at synchronous=full: a commit's `while_syncing` is called. At `normal` a WAL
        commit syncs nothing: a hand-over would cost more than the work it overlaps."""
        self._pool: Any = None
        """PostgreSQL: the asyncpg pool the moves are written on, opened by the first move."""
        self._opening = asyncio.Lock()
        if engine.dialect.name == "sqlite":
            self._sync = create_sync_engine(engine)
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="paperref-sqlite")
            self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="paperref-checkpoint")
            self._hand_over = synchronous_level(engine) == "full"

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
        self, db: Any, batch: list[Commit], while_syncing: Callable[[], Ran | None] | None = None
    ) -> list[bool | Exception]:
        """`write_sqlite` on a kept connection (no pool checkout per move), timed without the work
        handed over at its COMMIT: a CPU slow at making replies must not read as a slow disk."""
        handed: list[Ran | None] = []
        before_commit = None if while_syncing is None else lambda: handed.append(while_syncing())
        start = time.perf_counter()
        try:
            return write_sqlite(db, batch, before_commit)
        finally:
            spent = time.perf_counter() - start
            ran = handed[0] if handed else None
            if ran is not None:
                spent = max(0.0, spent - ran())
            self._commit_seconds += AVERAGE_WEIGHT * (spent - self._commit_seconds)

    def _write_here(self, writes: Commit) -> bool | None:
        """The move written on the calling (event loop) thread; None when the writer thread is
        busy, commits have been slow or the database is locked: then the thread writes it."""
        if self._commit_seconds > INLINE_COMMIT_SECONDS or self._draining:
            return None
        hand_over = writes.while_syncing if self._hand_over else None
        try:  # a move alone: its error is raised
            (written,) = self._transaction(self._here_connection(), [writes], hand_over)
        except sqlite3.OperationalError as error:  # BEGIN found the database locked
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                raise
            return None
        assert isinstance(written, bool)
        return written

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

    async def __call__(self, writes: Commit) -> bool:
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
                written = await run_postgres(db, writes.work)
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

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
        for pool in (self._thread, self._checkpointer):
            if pool is not None:
                pool.shutdown(wait=True)
        for connection in (self._connection, self._here):
            if connection is not None:
                connection.close()
        self._connection = self._here = None
        if self._sync is not None:
            self._sync.dispose()


@dataclass
class Cached:
    chat: Chat
    table: Table
    """As the last command left them; a command works on copies."""


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

    def keep(self, chat: Chat, table: Table | None) -> None:
        """After a committed command: a running table is cached, anything else forgotten."""
        key = (chat.platform, chat.chat_id)
        if table is None or table.status != TableStatus.ACTIVE or table.state is None:
            self._entries.pop(key, None)
            return
        self._entries[key] = Cached(chat, table)
        self._entries.move_to_end(key)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def forget(self, platform: str, chat_id: str) -> None:
        self._entries.pop((platform, chat_id), None)

    def forget_table(self, table_id: int) -> None:
        for key, entry in list(self._entries.items()):
            if entry.table.id == table_id:
                del self._entries[key]


class ChatLocks:
    """One command of a chat at a time in this process (others wait their turn instead of
    failing the revision check); a lock lives while someone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[tuple[str, str], tuple[asyncio.Lock, list[int]]] = {}

    async def acquire(self, key: tuple[str, str]) -> None:
        lock, users = self._locks.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        await lock.acquire()

    def release(self, key: tuple[str, str]) -> None:
        lock, users = self._locks[key]
        lock.release()
        users[0] -= 1
        if not users[0]:
            del self._locks[key]

    def busy(self, key: tuple[str, str]) -> bool:
        return key in self._locks


@dataclass
class Loaded:
    """A chat and its open table as a command starts from them: copies of the cached ones, else
    read from the rows."""

    chat: Chat
    table: Table | None
    cached: bool = field(default=False)


class Store:
    """Load a chat's table, commit a command's unit of work; reads for everything else."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.queries = Queries(engine)
        self.locks = ChatLocks()
        self._cache = TableCache()
        self._writer = Writer(engine)
        self._sessions = sessions(engine)

    async def load(self, platform: str, chat_id: str, new_seed: Callable[[], str]) -> Loaded:
        entry = self._cache.get(platform, chat_id)
        if entry is not None:
            return Loaded(entry.chat.copy(), entry.table.copy(), cached=True)
        chat = await self.queries.chat(platform, chat_id)
        if chat is None:
            chat = Chat(platform=platform, chat_id=chat_id, seed=new_seed())
        return Loaded(chat, await self.queries.open_table(platform, chat_id))

    def work(self, loaded: Loaded) -> Work:
        return Work.of(self.queries, loaded.chat, loaded.table)

    async def commit(self, commit: Commit) -> bool:
        """Write the work (False: its update was processed before; nothing written). Stale: a row
        it read has moved on; the chat's cached rows are then forgotten."""
        try:
            written = await self._writer(commit)
        except Stale:
            chat = commit.work.chat
            self._cache.forget(chat.platform, chat.chat_id)
            raise
        if written:
            commit.work.written()
        return written

    async def fresh(self, loaded: Loaded) -> bool:
        """Whether a table read from the cache is still the stored one: checked before a unit
        that writes nothing to it is answered (a refusal, a read), as no commit checks it then."""
        table = loaded.table
        if not loaded.cached or table is None:
            return True
        stored = self._writer.stored_revision(table.id)
        if stored is None:  # not SQLite, or its read could not be made at once
            stored = await self.queries.revision(table.id)
        if stored == table.revision:
            return True
        self._cache.forget(table.platform, table.chat_id)
        return False

    def keep(self, chat: Chat, table: Table | None) -> None:
        """What a committed command left, the revisions it wrote counted in."""
        self._cache.keep(chat, table)

    def forget(self, platform: str, chat_id: str) -> None:
        self._cache.forget(platform, chat_id)

    def cached(self, platform: str, chat_id: str) -> Cached | None:
        """The chat's cached table while the stored row is still its revision (one indexed read
        on SQLite) and no command of the chat is running; else None."""
        entry = self._cache.get(platform, chat_id)
        if entry is None or self.locks.busy((platform, chat_id)):
            return None
        if self._writer.stored_revision(entry.table.id) != entry.table.revision:
            return None
        return entry

    def upkeep(self) -> Any:
        """A session and transaction for the bookkeeping (`Upkeep(session)`)."""
        return self._sessions()

    async def set_board_message(self, table_id: int, message_id: str | None) -> None:
        async with self._sessions() as session, session.begin():
            await Upkeep(session).set_board_message(table_id, message_id)
        self._cache.forget_table(table_id)

    async def count_below_board(self, table_id: int) -> None:
        async with self._sessions() as session, session.begin():
            await Upkeep(session).count_below_board(table_id)
        self._cache.forget_table(table_id)

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: list[list[str]]
    ) -> str:
        async with self._sessions() as session, session.begin():
            return await Upkeep(session).store_buttons(platform, chat_id, version, buttons)

    async def close(self) -> None:
        await self._writer.close()
        await self.engine.dispose()
