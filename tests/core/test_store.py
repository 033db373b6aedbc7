"""The store: a running table cached per process, a move written in three statements, and a cache
that is checked (never trusted) when other processes share the database."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import selectinload

from bot import i18n
from bot import referee as referee_module
from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.pipeline import state_digest
from bot.referee import Referee
from bot.replies import Private, Public, Refusal
from games.base import Action, Rng
from games.registry import engine_for
from games.replay import DICE_VERB, apply
from storage import store as store_module
from storage.db import create_engine, create_sync_engine, read_sessions
from storage.models import (
    ActionRow,
    GameTable,
    ProcessedUpdate,
    Rating,
    Result,
    RollRow,
    TableStatus,
)
from storage.rows import TABLE_FIELDS
from storage.rows import Chat as ChatValue
from storage.rows import Table as TableValue
from storage.store import Commit, Loaded, Store, TableCache, Writer
from storage.writing import Stale

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/cache.db"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


def command(chat: str, user: str, text: str, update: str | None = None) -> Invocation:
    verb, *args = text.lstrip("/").split()
    return Invocation("test", chat, user, user.title(), verb, args, update_id=update)


async def open_race(referee: Referee, chat: str, goal: int = 30) -> None:
    for user, line in (("ann", f"/new race --goal {goal}"), ("bob", "/join"), ("ann", "/start")):
        replies = await referee.handle(command(chat, user, line))
        assert not any(getattr(r, "refusal", None) for r in replies), replies


def held(path: Path) -> sqlite3.Connection:
    """Another connection in a write transaction: the loop cannot write a move itself meanwhile
    (it never waits for the lock) and hands it to the writer thread."""
    locked = sqlite3.connect(path, isolation_level=None)
    locked.execute("BEGIN IMMEDIATE")
    return locked


def reads(referee: Referee) -> Any:
    """A read session on the referee's database (no write lock taken)."""
    return read_sessions(referee.store.engine)()


def writer(referee: Referee) -> Writer:
    return referee.store._writer


async def stored(referee: Referee, chat: str) -> tuple[GameTable, list[ActionRow]]:
    async with reads(referee) as session:
        table = (
            await session.execute(
                select(GameTable)
                .where(GameTable.chat_id == chat)
                .options(selectinload(GameTable.seats))
            )
        ).scalar_one()
        rows = (
            (
                await session.execute(
                    select(ActionRow).where(ActionRow.table_id == table.id).order_by(ActionRow.seq)
                )
            )
            .scalars()
            .all()
        )
        return table, list(rows)


def replayed(table: GameTable, rows: list[ActionRow]) -> None:
    """The log alone gives the stored state, action by action (no move lost or applied twice)."""
    engine = engine_for(table.game)
    rng = Rng(table.seed or "")
    state, _events = engine.setup([s.name for s in table.seats], table.options, rng)
    for row in rows:
        apply(
            engine,
            state,
            Action(row.seat, row.verb, tuple(row.args)),
            rng,
            table.seats[row.seat].name,
        )
        assert row.digest == state_digest(state, rng.position), row.seq
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
    assert state == table.state and rng.position == table.rng_position


class Counting:
    """A driver's connection, counting the statements of the transaction (BEGIN/COMMIT aside):
    sqlite3's (rows as one sequence) or asyncpg's (values as arguments)."""

    def __init__(self, db: Any, seen: list[str]) -> None:
        self._db, self._seen = db, seen

    def execute(self, sql: str, *args: Any) -> Any:
        if sql not in ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"):
            self._seen.append(sql)
        return self._db.execute(sql, *args)

    def cursor(self) -> Counting:
        """sqlite3's transaction runs on one cursor of the connection: counted alike."""
        return self

    def executemany(self, sql: str, rows: list[Any]) -> Any:
        if rows:
            self._seen.append(sql)
        return self._db.executemany(sql, rows)

    def fetchval(self, sql: str, *args: Any) -> Any:
        self._seen.append(sql)
        return self._db.fetchval(sql, *args)

    def transaction(self) -> Any:
        return self._db.transaction()


def stale_retries(monkeypatch: pytest.MonkeyPatch) -> dict[int, int]:
    """From now on, per store (by id): how many units found a row read moved on, at their commit
    (Stale) or, writing no table (a refusal on the stale copy), when checked before answering."""
    found: dict[int, int] = {}
    real = Store.commit
    real_fresh = Store.fresh

    async def fresh(self: Store, loaded: Loaded) -> bool:
        if await real_fresh(self, loaded):
            return True
        found[id(self)] = found.get(id(self), 0) + 1
        return False

    async def commit(self: Store, unit: Commit) -> bool:
        try:
            return await real(self, unit)
        except Stale:
            found[id(self)] = found.get(id(self), 0) + 1
            raise

    monkeypatch.setattr(Store, "commit", commit)
    monkeypatch.setattr(Store, "fresh", fresh)
    return found


async def test_a_move_at_a_cached_table_is_three_statements(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = await make_referee(url, seed="three")
    chat = f"three-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))
    assert referee.store._cache.get("test", chat) is not None  # the move starts from the cache
    seen: list[str] = []
    if url.startswith("sqlite"):
        real_sqlite = store_module.write_sqlite
        monkeypatch.setattr(
            store_module,
            "write_sqlite",
            lambda db, *rest: real_sqlite(Counting(db, seen), *rest),
        )
    else:  # asyncpg, on the writer's own connection (no SQLAlchemy between)
        real_postgres = store_module.run_postgres
        monkeypatch.setattr(
            store_module, "run_postgres", lambda db, w: real_postgres(Counting(db, seen), w)
        )
    replies = await referee.handle(command(chat, "bob", "/step 2", update=f"{chat}-u1"))
    assert replies[0].text.startswith("Bob steps to 2.")
    assert [s.split()[0:3] for s in seen] == [
        ["INSERT", "INTO", "processed_updates"],
        ["UPDATE", "tables", "SET"],
        ["INSERT", "INTO", "actions"],
    ]
    assert " AND revision = " in seen[1], seen[1]  # checked against the revision read
    table, rows = await stored(referee, chat)
    replayed(table, rows)
    await referee.close()


async def test_a_redelivered_move_is_applied_once_from_the_cache(url: str) -> None:
    chat = uuid.uuid4().hex
    referee = await make_referee(url, seed="again")
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))
    first = await referee.handle(command(chat, "bob", "/step 3", update=f"{chat}:1"))
    again = await referee.handle(command(chat, "bob", "/step 3", update=f"{chat}:1"))
    assert first and again == []
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step", "step"] and table.state["pos"] == [1, 3]
    async with reads(referee) as session:
        claimed = await session.execute(
            select(ProcessedUpdate).where(ProcessedUpdate.update_id == f"{chat}:1")
        )
        assert len(claimed.all()) == 1
    replayed(table, rows)
    await referee.close()


async def test_a_stale_cache_is_reloaded_not_trusted(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes (two referees, two caches) take turns at one table: each move is checked
    against the stored row, so a cache that missed the other's move is never written back."""
    chat = uuid.uuid4().hex
    one = await make_referee(url, seed="one")
    two = await make_referee(url, seed="two")
    await open_race(one, chat)
    await one.handle(command(chat, "ann", "/step 1"))
    await two.handle(command(chat, "bob", "/step 1"))  # two caches the table now
    stale = stale_retries(monkeypatch)
    for n in range(6):  # each referee's cache is one move behind when its turn comes
        ann = await one.handle(command(chat, "ann", "/step 2"))
        assert ann[0].text.startswith(f"Ann steps to {3 + 2 * n}."), ann[0].text
        bob = await two.handle(command(chat, "bob", "/step 1"))
        assert bob[0].text.startswith(f"Bob steps to {2 + n}."), bob[0].text
    assert stale == {id(one.store): 6, id(two.store): 6}  # each move ran again on fresh rows
    wrong = await one.handle(command(chat, "bob", "/step 1"))  # fine for `one`'s stale copy
    assert wrong[0].text.startswith("It is Ann's turn")
    table, rows = await stored(one, chat)
    assert len(rows) == 14
    replayed(table, rows)
    await one.close()
    await two.close()


async def test_a_read_only_command_is_not_answered_from_a_stale_cache(url: str) -> None:
    """A command that writes nothing to the table (/status) is still checked: a cache that missed
    another process's move does not answer with the table as it was."""
    chat = uuid.uuid4().hex
    one = await make_referee(url, seed="one")
    two = await make_referee(url, seed="two")
    await open_race(one, chat)  # `one` caches the table at 0, 0
    await two.handle(command(chat, "ann", "/step 3"))
    status = await one.handle(command(chat, "bob", "/status"))
    assert "Ann: 3" in status[0].text, status[0].text
    await one.close()
    await two.close()


async def test_moves_of_another_chat_and_of_a_second_referee_both_apply(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two referees on one database, each with its own cache. A move at another chat's table
    leaves a cached table good; moves at the same chat from the other referee make it stale: the
    next move there (legal on the stale copy too) finds the revision moved at its commit, runs
    again on fresh rows and applies once. Nothing is lost, nothing applied twice (every update
    redelivered to either referee is refused)."""
    here, there = uuid.uuid4().hex, uuid.uuid4().hex
    one = await make_referee(url, seed="one")
    two = await make_referee(url, seed="two")
    await open_race(one, here)  # `one` caches `here` at Ann's turn, both at 0
    await open_race(two, there)  # `two` caches `there`
    sent = [(here, "ann", "/step 1"), (here, "bob", "/step 1")]
    for chat, user, line in sent:  # `here` moves on behind `one`'s back: Ann's turn again
        await two.handle(command(chat, user, line, update=f"{chat}:early-{user}"))
    stale = stale_retries(monkeypatch)
    other_chat, same_chat = await asyncio.gather(
        two.handle(command(there, "ann", "/step 1", update=f"{there}:1")),
        one.handle(command(here, "ann", "/step 2", update=f"{here}:3")),
    )
    assert other_chat[0].text.startswith("Ann steps to 1."), other_chat
    assert same_chat[0].text.startswith("Ann steps to 3."), same_chat  # not 2: fresh rows
    assert stale == {id(one.store): 1}  # only the move at the table moved elsewhere ran again
    cached = one.store._cache.get("test", here)
    assert cached is not None and cached.table.state["pos"] == [3, 1]  # cached as written
    bob = await one.handle(command(here, "bob", "/step 1", update=f"{here}:4"))
    assert bob[0].text.startswith("Bob steps to 2."), bob
    assert stale == {id(one.store): 1}  # the cache is good again
    for chat, user, line, update in (
        *((chat, user, line, f"{chat}:early-{user}") for chat, user, line in sent),
        (there, "ann", "/step 1", f"{there}:1"),
        (here, "ann", "/step 2", f"{here}:3"),
        (here, "bob", "/step 1", f"{here}:4"),
    ):
        for referee in (one, two):  # every update again, to each referee: applied once
            assert await referee.handle(command(chat, user, line, update=update)) == [], update
    for chat, pos, moves in ((here, [3, 2], 4), (there, [1, 0], 1)):
        table, rows = await stored(one, chat)
        assert table.state["pos"] == pos and len(rows) == moves, chat
        replayed(table, rows)
    await one.close()
    await two.close()


async def test_moves_that_wait_for_the_writer_share_one_commit_each_undone_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: moves of several tables queued behind a busy writer go in one transaction;
    in it a redelivered move and a stale one are undone alone (the stale one then runs again on
    fresh rows) while the others are kept."""
    url = f"sqlite+aiosqlite:///{tmp_path}/group.db"
    referee = await make_referee(url, seed="group")
    other = await make_referee(url, seed="other")
    chats = [f"g{n}" for n in range(5)]
    for chat in chats:
        await open_race(referee, chat)
        await referee.handle(command(chat, "ann", "/step 1", update=f"{chat}:a"))  # cached
    await other.handle(command("g0", "bob", "/step 3", update="g0:b"))  # to be redelivered
    await other.handle(command("g1", "bob", "/step 2"))  # g1's cached row is stale now
    batches: list[int] = []
    real = store_module.write_sqlite

    def counted(db: Any, batch: list[Commit], *rest: Any) -> list[bool | Exception]:
        outcomes = real(db, batch, *rest)  # a move the loop found the database locked for is not
        batches.append(len(batch))  # counted (BEGIN raised)
        return outcomes

    monkeypatch.setattr(store_module, "write_sqlite", counted)
    busy = threading.Event()
    thread = writer(referee)._thread
    assert thread is not None
    thread.submit(busy.wait)  # the writer is busy with an earlier transaction,
    locked = held(tmp_path / "group.db")  # and another holds the database: none is written here
    moves = [
        referee.handle(command("g0", "bob", "/step 3", update="g0:b")),  # redelivered
        referee.handle(command("g1", "bob", "/step 1", update="g1:b")),  # stale cache
        *(referee.handle(command(c, "bob", "/step 3", update=f"{c}:b")) for c in chats[2:]),
    ]
    answers = asyncio.gather(*moves)
    for _ in range(2000):
        if len(writer(referee)._queue) == len(moves):
            break
        await asyncio.sleep(0.001)
    locked.rollback()
    busy.set()
    redelivered, stale, *kept = await answers
    assert batches[0] == 5 and redelivered == []
    assert stale[0].text.startswith("It is Ann's turn"), stale[0].text  # judged on fresh rows
    assert all(k[0].text.startswith("Bob steps to 3.") for k in kept)
    for chat in chats:
        table, rows = await stored(referee, chat)
        assert len(rows) == 2, chat
        replayed(table, rows)
    await referee.close()
    await other.close()


async def test_a_move_given_up_while_it_waits_for_the_writer_is_not_written(
    tmp_path: Path,
) -> None:
    """A caller cancelled (a platform timeout) while its move waits behind a busy writer: that
    move is not written and the table plays on; the moves queued with it are not held up."""
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/cancel.db", seed="cancel")
    chats = ["c0", "c1", "c2"]
    for chat in chats:
        await open_race(referee, chat)
        await referee.handle(command(chat, "ann", "/step 1"))  # cached
    busy = threading.Event()
    thread = writer(referee)._thread
    assert thread is not None
    thread.submit(busy.wait)
    locked = held(tmp_path / "cancel.db")
    sends = [asyncio.create_task(referee.handle(command(c, "bob", "/step 2"))) for c in chats]
    for _ in range(2000):
        if len(writer(referee)._queue) == len(chats):
            break
        await asyncio.sleep(0.001)
    sends[1].cancel()
    await asyncio.sleep(0)
    locked.rollback()
    busy.set()
    first, last = await asyncio.wait_for(asyncio.gather(sends[0], sends[2]), 10)
    assert first[0].text.startswith("Bob steps to 2.") and last[0].text.startswith(
        "Bob steps to 2."
    )
    assert sends[1].cancelled()
    again = await referee.handle(command("c1", "bob", "/step 3"))
    assert again[0].text.startswith("Bob steps to 3."), again[0].text
    for chat in chats:
        table, rows = await stored(referee, chat)
        assert len(rows) == 2, chat
        replayed(table, rows)
    await referee.close()


async def test_four_processes_racing_on_one_table_lose_nothing_and_apply_nothing_twice(
    url: str,
) -> None:
    """Four referees send every move of a game at once, each update id delivered to two of them:
    the log is whole, each update applied once, the stored state is the log's."""
    chat = uuid.uuid4().hex
    referees = [await make_referee(url, seed=f"p{i}") for i in range(4)]
    await open_race(referees[0], chat, goal=40)
    for n in range(30):
        user = "ann" if n % 2 == 0 else "bob"
        update = f"{chat}:{n}"
        sends = [
            r.handle(command(chat, user, "/step 1", update=update))
            for r in (referees[n % 4], referees[(n + 1) % 4], referees[(n + 2) % 4])
        ]
        answers = await asyncio.gather(*sends)
        moved = [a for a in answers if a and a[0].text.startswith(f"{user.title()} steps to")]
        assert len(moved) == 1, answers  # one applied it; the others saw the redelivery
    table, rows = await stored(referees[0], chat)
    assert len(rows) == 30 and table.state["pos"] == [15, 15]
    replayed(table, rows)
    for referee in referees:
        await referee.close()


async def test_a_chat_setting_changed_elsewhere_reaches_a_cached_table(url: str) -> None:
    chat = uuid.uuid4().hex
    one = await make_referee(url, seed="lang1")
    two = await make_referee(url, seed="lang2")
    await open_race(one, chat)
    await one.handle(command(chat, "ann", "/step 1"))  # `one` caches the table
    settings = Invocation("test", chat, "cid", "Cid", "settings", ["language", "pl"], admin=True)
    await two.handle(settings)
    bob = await one.handle(command(chat, "bob", "/step 1"))
    assert bob[0].text.endswith("Wasza kolej: Ann."), bob[0].text  # the chat's new language
    await one.close()
    await two.close()


async def test_a_bare_roll_is_the_games_own_move_and_a_roll_with_dice_is_not(
    tmp_path: Path,
) -> None:
    """At a PaperTown table a bare `/roll` is the game's own verb, while `/roll 2d6` is the shared
    dice verb, which a seated player's roll logs at the table as a dice action (no free roll)."""
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/roll.db", seed="roll")
    for user, line in (("ann", "/new papertown"), ("bob", "/join"), ("ann", "/start")):
        await referee.handle(command("c1", user, line))
    offers = {u: await referee.legal_moves("test", "c1", u) for u in ("ann", "bob")}
    roller = next(u for u, moves in offers.items() if "/roll" in moves)

    async def log() -> tuple[list[tuple[str, list[str]]], int, int]:
        table, rows = await stored(referee, "c1")
        async with reads(referee) as session:
            rolls = (await session.execute(select(func.count()).select_from(RollRow))).scalar_one()
        return [(r.verb, list(r.args)) for r in rows], table.version, rolls

    actions, version, rolls = await log()
    replies = await referee.handle(command("c1", roller, "/roll"))
    assert not any(getattr(r, "refusal", None) for r in replies), replies
    assert await log() == ([*actions, ("roll", [])], version + 1, rolls)
    assert "/roll" not in await referee.legal_moves("test", "c1", roller)  # the game moved on
    replies = await referee.handle(command("c1", roller, "/roll 2d6"))  # dice, not the game
    assert not any(getattr(r, "refusal", None) for r in replies), replies
    logged, _version, free = await log()
    assert logged == [*actions, ("roll", []), (DICE_VERB, ["2d6"])] and free == rolls
    await referee.close()


@pytest.mark.parametrize(("query", "level"), [("", 2), ("?synchronous=normal", 1)])
async def test_the_urls_synchronous_level_holds_for_reads_and_the_writer(
    tmp_path: Path, query: str, level: int
) -> None:
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/sync.db{query}", seed="sync")
    async with reads(referee) as session:
        assert (await session.execute(text("PRAGMA synchronous"))).scalar_one() == level
    sync = create_sync_engine(referee.store.engine)
    with sync.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar_one() == level
    sync.dispose()
    await open_race(referee, "c1")  # the writer's own connection, which wrote the moves
    here = writer(referee)._here
    assert here is not None and here.driver_connection is not None
    assert here.driver_connection.execute("PRAGMA synchronous").fetchone() == (level,)
    await referee.close()


def test_an_unknown_synchronous_level_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="synchronous=off in the database URL: use one of full"):
        create_engine("sqlite+aiosqlite:///x.db?synchronous=off")


def test_the_cache_keeps_the_most_recently_used_running_tables() -> None:
    cache = TableCache(size=2)
    chats = [ChatValue(platform="test", chat_id=f"c{i}", seed="s") for i in range(3)]

    def table(i: int, status: TableStatus = TableStatus.ACTIVE) -> TableValue:
        return TableValue(
            id=i,
            platform="test",
            chat_id=f"c{i}",
            game="race",
            creator_id="ann",
            status=status,
            state={},
        )

    cache.keep(chats[0], table(0))
    cache.keep(chats[1], table(1))
    assert cache.get("test", "c0") is not None  # c0 is now the most recently used
    cache.keep(chats[2], table(2))
    assert [cache.get("test", f"c{i}") is not None for i in range(3)] == [True, False, True]
    cache.keep(chats[0], table(0, TableStatus.FINISHED))  # a table that is not running is
    assert cache.get("test", "c0") is None  # forgotten
    cache.keep(chats[0], None)  # and so is a chat with no table
    assert cache.get("test", "c0") is None
    cache.forget_table(2)
    assert cache.get("test", "c2") is None


async def finished_rows(referee: Referee, chat: str) -> tuple[list[Any], list[Any]]:
    """The result and the rating rows of a chat, as plain values."""
    async with reads(referee) as session:
        results = (await session.execute(select(Result).where(Result.chat_id == chat))).scalars()
        ratings = (
            await session.execute(
                select(Rating).where(Rating.chat_id == chat).order_by(Rating.user_id)
            )
        ).scalars()
        found = [(r.game, r.winners, r.scores, r.seats, type(r.finished_at)) for r in results]
        tables = await session.execute(select(GameTable.status).where(GameTable.chat_id == chat))
        return (
            [*found, sorted(tables.scalars())],
            [
                (r.user_id, r.name, r.games, r.wins, r.rated, r.mu, r.sigma, type(r.updated_at))
                for r in ratings
            ],
        )


async def test_the_last_move_from_the_cache_writes_result_and_ratings_as_from_the_rows(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two rated games in one chat: the second's last move (ratings read and moved) starts from
    the cached table, and every row is what the same game writes when each command loads the
    chat's rows instead."""
    games: dict[bool, tuple[list[Any], list[Any]]] = {}
    loads: list[bool] = []  # whether each command started from the cache
    use_cache = [True]
    real = Store.load

    async def load(self: Store, platform: str, chat_id: str, *rest: Any) -> Any:
        if not use_cache[0]:
            self.forget(platform, chat_id)
        loaded = await real(self, platform, chat_id, *rest)
        loads.append(loaded.cached)
        return loaded

    monkeypatch.setattr(Store, "load", load)
    for cached in (True, False):
        use_cache[0] = cached
        chat = uuid.uuid4().hex
        referee = await make_referee(url, seed="ends")
        for _game in range(2):
            await open_race(referee, chat, goal=3)
            loads.clear()
            for user in ("ann", "bob", "ann"):
                replies = await referee.handle(command(chat, user, "/step 2"))
            assert any(getattr(r, "outcome", None) for r in replies), replies
            assert loads == [cached] * 3  # each loaded once: no command ran again
        games[cached] = await finished_rows(referee, chat)
        await referee.close()
    results, ratings = games[True]
    assert len(results) == 3 and [r[2:5] for r in ratings] == [(2, 2, 2), (2, 0, 2)]
    assert results[-1] == [TableStatus.FINISHED] * 2
    assert games[True] == games[False]


async def test_wal_checkpoints_run_beside_the_moves_and_the_wal_stays_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every few moves a background checkpoint copies the WAL back, and the writer's automatic one
    lets it restart: under a steady stream of moves the file stays near SQLite's 1,000 pages
    instead of growing with every commit."""
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 10)
    monkeypatch.setattr(store_module, "INLINE_COMMIT_SECONDS", 60.0)  # the loop writes, however
    done: list[tuple[int, int, int]] = []  # the disk is
    real = Writer._checkpoint_sync

    def recorded(self: Writer) -> tuple[int, int, int]:
        done.append(real(self))
        return done[-1]

    monkeypatch.setattr(Writer, "_checkpoint_sync", recorded)
    path = tmp_path / "wal.db"
    referee = await make_referee(f"sqlite+aiosqlite:///{path}", seed="wal")
    sizes = []
    for chat in range(9):  # a race ends at 50 steps: 90 moves at each of 9 tables
        await open_race(referee, f"c{chat}", goal=50)
        for n in range(90):
            await referee.handle(command(f"c{chat}", "ann" if n % 2 == 0 else "bob", "/step 1"))
            sizes.append(path.with_name("wal.db-wal").stat().st_size)
    here = writer(referee)._here  # the loop wrote every move: the writer thread was idle
    assert here is not None and here.driver_connection is not None
    assert here.driver_connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    frames = here.driver_connection.execute("PRAGMA page_size").fetchone()[0] + 24
    await referee.close()  # waits for the last checkpoint
    assert len(done) >= 40 and all(busy == 0 for busy, _frames, _copied in done)
    assert max(sizes) < 1300 * frames, max(sizes) // frames  # 810 moves write far more pages


@pytest.mark.parametrize("disk", ["fast", "slow"])
async def test_the_loop_writes_a_move_itself_only_while_the_writer_is_idle_and_the_disk_fast(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk: str
) -> None:
    """No thread hop for a move that finds the writer idle and commits quick; commits slower than
    INLINE_COMMIT_SECONDS on average send every move to the writer thread. The threshold is set
    for each case, so that neither depends on how fast this machine's disk syncs at the time."""
    monkeypatch.setattr(store_module, "INLINE_COMMIT_SECONDS", 60.0 if disk == "fast" else 0.0)
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/{disk}.db", seed=disk)
    await open_race(referee, "c1")
    loop_thread, threads = threading.get_ident(), set()
    real = store_module.write_sqlite

    def where(db: Any, batch: list[Commit], *rest: Any) -> list[bool | Exception]:
        threads.add(threading.get_ident())
        return real(db, batch, *rest)

    monkeypatch.setattr(store_module, "write_sqlite", where)
    for n in range(6):
        replies = await referee.handle(command("c1", "ann" if n % 2 == 0 else "bob", "/step 1"))
        assert "steps to" in replies[0].text, replies[0].text
    assert (threads == {loop_thread}) is (disk == "fast"), threads
    table, rows = await stored(referee, "c1")
    assert len(rows) == 6
    replayed(table, rows)
    await referee.close()


@pytest.mark.parametrize("slow", ["replies", "disk"])
async def test_only_a_slow_disk_sends_moves_to_the_writer_thread_not_slow_replies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, slow: str
) -> None:
    """The loop's COMMIT returns only once the helper lets go of the GIL, so replies slow to make
    (a slow CPU, a big board) lengthen it; the writer's measure leaves that work out, and only a
    disk that keeps the loop waiting sends the moves to the writer thread."""
    monkeypatch.setattr(store_module, "INLINE_COMMIT_SECONDS", 0.005)
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/{slow}.db?synchronous=full")
    await open_race(referee, "c1")
    loop_thread, threads = threading.get_ident(), []
    real_say, real_write = referee_module.localise_replies, store_module.write_sqlite

    def say_slowly(*args: Any) -> Any:  # 30 ms of Python, holding the GIL
        until = time.perf_counter() + 0.03
        while time.perf_counter() < until:
            pass
        return real_say(*args)

    def write(db: Any, batch: list[Commit], *rest: Any) -> list[bool | Exception]:
        threads.append(threading.get_ident())
        written = real_write(db, batch, *rest)
        if slow == "disk":
            time.sleep(0.03)  # a sync of 30 ms, the GIL let go meanwhile
        return written

    if slow == "replies":
        monkeypatch.setattr(referee_module, "localise_replies", say_slowly)
    monkeypatch.setattr(store_module, "write_sqlite", write)
    writer(referee)._commit_seconds = 0.0
    switch = sys.getswitchinterval()
    sys.setswitchinterval(0.1)  # the loop gets the GIL back only once the helper is done
    try:
        for n in range(6):
            replies = await referee.handle(command("c1", "ann" if n % 2 == 0 else "bob", "/step 1"))
            assert "steps to" in replies[0].text, replies[0].text
    finally:
        sys.setswitchinterval(switch)
    if slow == "replies":
        assert threads == [loop_thread] * 6
    else:
        assert threads[0] == loop_thread and loop_thread not in threads[2:], threads
    await referee.close()


async def test_offered_moves_come_from_a_fresh_cache_and_never_from_a_stale_one(
    tmp_path: Path,
) -> None:
    """Autocomplete reads a cached table only while the stored row is still its revision: no
    session is opened then; once another process has moved the table, the offers are read anew."""
    url = f"sqlite+aiosqlite:///{tmp_path}/offers.db"
    referee = await make_referee(url, seed="offers")
    other = await make_referee(url, seed="other")
    await open_race(referee, "c1")
    await referee.handle(command("c1", "ann", "/step 1"))  # cached at Bob's turn
    sessions = 0
    queries = referee.store.queries
    real = queries._sessions

    def counted() -> Any:
        nonlocal sessions
        sessions += 1
        return real()

    queries._sessions = counted  # type: ignore[assignment]
    assert await referee.legal_moves("test", "c1", "bob") and sessions == 0
    assert await referee.legal_moves("test", "c1", "ann") == [] and sessions == 0
    await other.handle(command("c1", "bob", "/step 1"))  # the stored row moves on: Ann's turn
    assert await referee.legal_moves("test", "c1", "bob") == []
    assert sessions > 0
    before = sessions
    assert await referee.legal_moves("test", "c1", "ann") and sessions > before
    await referee.close()
    await other.close()


@pytest.mark.parametrize(
    ("disk", "level"), [("fast", "full"), ("slow", "full"), ("fast", "normal")]
)
async def test_a_moves_replies_are_said_while_its_commit_syncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk: str, level: str
) -> None:
    """Where the event loop commits a move itself and the commit waits for the disk, its replies
    (boards drawn, every reader's language) are made in the helper thread meanwhile, handed
    over just before COMMIT; where the writer thread commits it, or a WAL commit at
    synchronous=normal waits for nothing, the loop makes them after. Either way they are whole."""
    monkeypatch.setattr(store_module, "INLINE_COMMIT_SECONDS", 60.0 if disk == "fast" else 0.0)
    url = f"sqlite+aiosqlite:///{tmp_path}/say.db?synchronous={level}"
    referee = await make_referee(url, seed="say")
    await open_race(referee, "c1")
    assert referee.helper.wait_idle()
    loop_thread, order = threading.get_ident(), []
    real_say, real_write = referee_module.localise_replies, store_module.write_sqlite

    def say(*args: Any) -> Any:
        order.append(("say", threading.get_ident()))
        return real_say(*args)

    def write(db: Any, batch: list[Commit], *rest: Any) -> Any:
        def before_commit() -> None:
            order.append(("commit", threading.get_ident()))
            rest[0]()

        return real_write(db, batch, *((before_commit,) if rest and rest[0] else ()))

    monkeypatch.setattr(referee_module, "localise_replies", say)
    monkeypatch.setattr(store_module, "write_sqlite", write)
    writer(referee)._commit_seconds = 0.0002  # as if this disk had synced in 0.2 ms so far
    replies = await referee.handle(command("c1", "ann", "/step 2"))
    said = [thread for what, thread in order if what == "say"]
    if disk == "fast" and level == "full":
        assert [what for what, _ in order] == ["commit", "say"] and said[0] != loop_thread
    else:
        assert order == [("say", loop_thread)]
    board = next(r for r in replies if getattr(r, "live", None) is not None)
    assert isinstance(board, Public) and board.drawing is None and board.board is not None
    assert board.board.lines == ["Ann: 2", "Bob: 0"], board.board  # drawn after the move
    assert all(getattr(r, "drawing", None) is None for r in replies)
    await referee.close()


async def test_the_loop_serves_other_chats_while_the_helper_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A helper thread busy with older work delays no move: replies are handed to it only while
    it is idle (else made on the loop after the commit), and a hand-over it falls behind on is
    awaited without blocking the event loop (another chat's command is answered meanwhile)."""
    monkeypatch.setattr(store_module, "INLINE_COMMIT_SECONDS", 60.0)
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/behind.db?synchronous=full")
    await open_race(referee, "c1")
    await open_race(referee, "c2")
    assert referee.helper.wait_idle()
    release, started = threading.Event(), threading.Event()
    real_put = referee.helper.put

    def put_then_fall_behind(job: Any) -> None:  # the helper gets older work right after
        real_put(job)
        real_put(lambda: (started.set(), release.wait(10)))

    monkeypatch.setattr(referee.helper, "put", put_then_fall_behind)
    slow = asyncio.ensure_future(referee.handle(command("c1", "ann", "/step 2")))
    while not started.is_set():
        await asyncio.sleep(0.01)
    monkeypatch.setattr(referee.helper, "put", real_put)
    assert not referee.helper.idle()
    other = await asyncio.wait_for(referee.handle(command("c2", "ann", "/step 1")), 5)
    board = next(r for r in other if getattr(r, "live", None) is not None)
    assert isinstance(board, Public) and board.board is not None
    assert board.board.lines == ["Ann: 1", "Bob: 0"]  # made on the loop: the helper is busy
    release.set()
    replies = await asyncio.wait_for(slow, 5)
    board = next(r for r in replies if getattr(r, "live", None) is not None)
    assert isinstance(board, Public) and board.board is not None
    assert board.board.lines == ["Ann: 2", "Bob: 0"]
    await referee.close()


@pytest.mark.parametrize("loaded", ["cached", "rows"])
async def test_a_board_that_fails_to_draw_keeps_its_title_and_the_move_stands(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, loaded: str
) -> None:
    """A board is drawn once its move is written: a view that raises then costs the board its
    body (logged), not the move, which is applied once and answered as usual."""
    referee = await make_referee(url, seed="draw")
    chat = f"draw-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    engine = engine_for("race")

    def broken(state: Any, seat: int | None) -> Any:
        raise RuntimeError("no board today")

    if loaded == "rows":
        referee.store.forget("test", chat)
    with monkeypatch.context() as patch:
        patch.setattr(type(engine), "view", lambda self, state, seat: broken(state, seat))
        replies = await referee.handle(command(chat, "ann", "/step 2", update=f"{chat}-u1"))
        again = await referee.handle(command(chat, "ann", "/step 2", update=f"{chat}-u1"))
    assert replies[0].text.startswith("Ann steps to 2."), replies
    board = next(r for r in replies if getattr(r, "live", None) is not None)
    assert isinstance(board, Public) and board.board is not None
    assert board.board.title.startswith("Race") and board.board.lines == []
    assert "drawing the board" in caplog.text and "no board today" in caplog.text
    assert again == []  # a redelivery: nothing twice
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step"]
    replayed(table, rows)
    await referee.close()


@pytest.mark.parametrize("loaded", ["cached", "rows"])
async def test_a_written_move_whose_replies_fail_is_told_done_not_unchanged(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, loaded: str
) -> None:
    """Replies are made once the move is written: if making them fails (a bug in a board's
    translation, say), the sender hears it was done, with the log's reference; `handle` does not
    raise, nor claim that nothing changed, and a redelivery applies nothing twice."""
    referee = await make_referee(url, seed="unsaid")
    chat = f"unsaid-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    if loaded == "rows":
        referee.store.forget("test", chat)

    def broken(view: Any, lang: str) -> Any:
        raise RuntimeError("no words today")

    with monkeypatch.context() as patch:
        patch.setattr(i18n, "localise_view", broken)
        replies = await referee.handle(command(chat, "ann", "/step 2", update=f"{chat}-u1"))
        again = await referee.handle(command(chat, "ann", "/step 2", update=f"{chat}-u1"))
    (reply,) = replies
    assert isinstance(reply, Private) and reply.user_id == "ann" and reply.refusal is None
    assert reply.error_ref and reply.text.startswith("Done, but I could not show the result")
    assert f"ref {reply.error_ref}" in caplog.text and "no words today" in caplog.text
    assert again == []
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step"]
    replayed(table, rows)
    after = await referee.handle(command(chat, "bob", "/step 1"))  # the table goes on as usual
    assert after[0].text.startswith("Bob steps to 1."), after
    await referee.close()


def test_the_writers_asyncpg_connections_keep_the_urls_rules() -> None:
    """The writer's own asyncpg pool connects as SQLAlchemy's dialect would, and a URL that turns
    prepared statements off (PgBouncer) turns them off there too."""
    engine = create_engine(
        "postgresql+asyncpg://ann:secret@db.example:6432/paperref"
        "?prepared_statement_cache_size=0&ssl=require"
    )
    params = store_module.asyncpg_params(engine)
    assert params == {
        "host": "db.example",
        "port": 6432,
        "user": "ann",
        "password": "secret",
        "database": "paperref",
        "ssl": "require",
        "statement_cache_size": 0,
    }
    plain = store_module.asyncpg_params(
        create_engine("postgresql+asyncpg://ann@db.example/paperref")
    )
    assert "statement_cache_size" not in plain and plain["database"] == "paperref"


def row(table: Any) -> tuple[Any, ...]:
    """A table's columns a command may change, and its revision (a cached value or a stored row)."""
    return tuple(repr(getattr(table, name)) for name in (*TABLE_FIELDS, "revision"))


async def test_a_command_failing_after_its_move_leaves_the_cached_table_as_stored(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move applied to the command's copy of the cached table, then a failure (here the turn
    timers): nothing is written, and the cached table is still as stored, or the next command
    would be played after a move that was never written."""
    referee = await make_referee(url, seed="undone")
    chat = f"undone-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    entry = referee.store._cache.get("test", chat)
    assert entry is not None
    before = row(entry.table)
    calls = []

    async def broken(*args: Any, **kwargs: Any) -> None:
        calls.append(args)
        raise RuntimeError("timers down")

    with monkeypatch.context() as patch:
        patch.setattr(referee_module, "reschedule", broken)
        (reply,) = await referee.handle(command(chat, "ann", "/step 2"))
    assert isinstance(reply, Private) and reply.refusal == Refusal.ERROR
    assert "nothing was changed" in reply.text
    assert len(calls) == 1  # the command ran once, then failed: no second attempt
    kept = referee.store._cache.get("test", chat)
    assert kept is not None and row(kept.table) == before
    table, rows = await stored(referee, chat)
    assert rows == [] and row(table) == before
    again = await referee.handle(command(chat, "ann", "/step 2"))
    assert again[0].text.startswith("Ann steps to 2."), again
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step"]
    replayed(table, rows)
    await referee.close()


async def test_a_moves_working_copy_is_read_back_from_the_written_text_never_the_cached_state(
    url: str,
) -> None:
    """A written move keeps its state's JSON text on the cached table: the next move works on
    the state read back from it, leaving the state it started from as it was (replies may still
    show it); a text written for a state the table no longer holds is not read."""
    referee = await make_referee(url, seed="written")
    chat = f"written-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))
    await referee.handle(command(chat, "bob", "/step 2"))
    entry = referee.store._cache.get("test", chat)
    assert entry is not None
    table = entry.table
    state = table.state
    assert table.written is not None and table.written[0] is state
    assert json.loads(table.written[1]) == state
    copied = table.state_copy()
    assert copied == state and copied is not state and copied["pos"] is not state["pos"]
    before = repr(state)
    reply = await referee.handle(command(chat, "ann", "/step 3"))
    assert reply[0].text.startswith("Ann steps to 4."), reply
    after = referee.store._cache.get("test", chat)
    assert after is not None and after.table.state is not state
    assert repr(state) == before and table.state is state  # the state it started from untouched
    after.table.written = ({"pos": [9, 9]}, '{"pos": [9, 9]}')  # of a state the table has left
    loaded = await referee.store.load("test", chat, lambda: "seed")
    assert loaded.table is not None and loaded.table.state_copy() is None
    bob = await referee.handle(command(chat, "bob", "/step 1"))
    assert bob[0].text.startswith("Bob steps to 3."), bob
    stored_table, rows = await stored(referee, chat)
    assert stored_table.state["pos"] == [4, 3]
    replayed(stored_table, rows)
    await referee.close()


class FailingCommit:
    """A sqlite3 connection whose COMMIT fails as a full disk's may, its transaction left open."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def cursor(self) -> Any:
        real = self.db.cursor()

        class Cursor:
            def execute(self, sql: str, *args: Any) -> Any:
                if sql == "COMMIT":
                    raise sqlite3.OperationalError("database or disk is full")
                return real.execute(sql, *args)

        return Cursor()


def test_a_commit_that_fails_leaves_no_transaction_open_for_the_next(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "full.db", isolation_level=None)

    def refuses() -> None:
        raise RuntimeError("the hand-over failed")

    for failing, before in ((FailingCommit(db), None), (db, refuses)):
        with pytest.raises((sqlite3.OperationalError, RuntimeError)):
            store_module.write_sqlite(failing, [], before)
        assert not db.in_transaction, "rolled back"
        assert store_module.write_sqlite(db, []) == [], "the next transaction begins"
    db.close()
