"""The hot path: a running table cached per process, a move written in three statements, and a
cache that is checked (never trusted) when other processes share the database."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any, cast

import pytest
from sqlalchemy import select, text
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
from games.replay import apply
from storage import hot
from storage.db import create_engine
from storage.models import (
    ActionRow,
    Chat,
    GameTable,
    ProcessedUpdate,
    Rating,
    Result,
    TableStatus,
)
from tests.support import slow_path_verbs

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


async def stored(referee: Referee, chat: str) -> tuple[GameTable, list[ActionRow]]:
    async with referee._reads() as session:
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

    def transaction(self) -> Any:
        return self._db.transaction()


async def test_a_move_at_a_cached_table_is_three_statements(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = await make_referee(url, seed="three")
    chat = f"three-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))  # the slow path caches the table
    seen: list[str] = []
    if url.startswith("sqlite"):
        real_sqlite = hot.write_sqlite
        monkeypatch.setattr(
            hot, "write_sqlite", lambda db, *rest: real_sqlite(Counting(db, seen), *rest)
        )
    else:  # asyncpg, on the writer's own connection (no SQLAlchemy between)
        real_postgres = hot.write_postgres
        monkeypatch.setattr(
            hot, "write_postgres", lambda db, w: real_postgres(Counting(db, seen), w)
        )
    replies = await referee.handle(command(chat, "bob", "/step 2", update=f"{chat}-u1"))
    assert replies[0].text.startswith("Bob steps to 2.")
    assert [s.split()[0:3] for s in seen] == [
        ["INSERT", "INTO", "processed_updates"],
        ["UPDATE", "tables", "SET"],
        ["INSERT", "INTO", "actions"],
    ]
    table, rows = await stored(referee, chat)
    replayed(table, rows)
    await referee.close()


async def test_a_redelivered_move_is_applied_once_on_the_hot_path(url: str) -> None:
    chat = uuid.uuid4().hex
    referee = await make_referee(url, seed="again")
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))
    first = await referee.handle(command(chat, "bob", "/step 3", update=f"{chat}:1"))
    again = await referee.handle(command(chat, "bob", "/step 3", update=f"{chat}:1"))
    assert first and again == []
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step", "step"] and table.state["pos"] == [1, 3]
    async with referee._reads() as session:
        claimed = await session.execute(
            select(ProcessedUpdate).where(ProcessedUpdate.update_id == f"{chat}:1")
        )
        assert len(claimed.all()) == 1
    replayed(table, rows)
    await referee.close()


async def test_a_stale_cache_is_reloaded_not_trusted(url: str) -> None:
    """Two processes (two referees, two caches) take turns at one table: each move is checked
    against the stored row, so a cache that missed the other's move is never written back."""
    chat = uuid.uuid4().hex
    one = await make_referee(url, seed="one")
    two = await make_referee(url, seed="two")
    await open_race(one, chat)
    await one.handle(command(chat, "ann", "/step 1"))
    await two.handle(command(chat, "bob", "/step 1"))  # two caches the table now
    for n in range(6):  # each referee's cache is one move behind when its turn comes
        ann = await one.handle(command(chat, "ann", "/step 2"))
        assert ann[0].text.startswith(f"Ann steps to {3 + 2 * n}."), ann[0].text
        bob = await two.handle(command(chat, "bob", "/step 1"))
        assert bob[0].text.startswith(f"Bob steps to {2 + n}."), bob[0].text
    wrong = await one.handle(command(chat, "bob", "/step 1"))  # fine for `one`'s stale copy
    assert wrong[0].text.startswith("It is Ann's turn")
    table, rows = await stored(one, chat)
    assert len(rows) == 14
    replayed(table, rows)
    await one.close()
    await two.close()


async def test_moves_that_wait_for_the_writer_share_one_commit_each_undone_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: moves of several tables queued behind a busy writer go in one transaction;
    in it a redelivered move and a stale one are undone alone (the stale one is then played on
    the slow path) while the others are kept."""
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
    real = hot.write_sqlite

    def counted(db: Any, batch: list[hot.Writes], *rest: Any) -> list[bool | Exception]:
        outcomes = real(
            db, batch, *rest
        )  # a move the loop found the database locked for is not counted
        batches.append(len(batch))
        return outcomes

    monkeypatch.setattr(hot, "write_sqlite", counted)
    busy = threading.Event()
    writer = referee._write._thread
    assert writer is not None
    writer.submit(busy.wait)  # the writer is busy with an earlier transaction,
    locked = held(tmp_path / "group.db")  # and another holds the database: none is written here
    moves = [
        referee.handle(command("g0", "bob", "/step 3", update="g0:b")),  # redelivered
        referee.handle(command("g1", "bob", "/step 1", update="g1:b")),  # stale cache
        *(referee.handle(command(c, "bob", "/step 3", update=f"{c}:b")) for c in chats[2:]),
    ]
    answers = asyncio.gather(*moves)
    for _ in range(2000):
        if len(referee._write._queue) == len(moves):
            break
        await asyncio.sleep(0.001)
    locked.rollback()
    busy.set()
    redelivered, stale, *kept = await answers
    assert batches[0] == 5 and redelivered == []
    assert stale[0].text.startswith("It is Ann's turn"), stale[0].text  # judged on fresh rows
    assert all(k[0].text.startswith("Bob steps to 3.") for k in kept)
    for chat, steps in zip(chats, (2, 2, 2, 2, 2), strict=True):
        table, rows = await stored(referee, chat)
        assert len(rows) == steps, chat
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
    writer = referee._write._thread
    assert writer is not None
    writer.submit(busy.wait)
    locked = held(tmp_path / "cancel.db")
    sends = [asyncio.create_task(referee.handle(command(c, "bob", "/step 2"))) for c in chats]
    for _ in range(2000):
        if len(referee._write._queue) == len(chats):
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


async def test_a_bare_roll_is_the_games_own_move_on_the_hot_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/roll.db", seed="roll")
    for user, line in (("ann", "/new papertown"), ("bob", "/join"), ("ann", "/start")):
        await referee.handle(command("c1", user, line))
    offers = {u: await referee.legal_moves("test", "c1", u) for u in ("ann", "bob")}
    roller = next(u for u, moves in offers.items() if "/roll" in moves)
    slow = slow_path_verbs(monkeypatch)
    replies = await referee.handle(command("c1", roller, "/roll"))
    assert slow == [] and not any(getattr(r, "refusal", None) for r in replies)
    await referee.handle(command("c1", roller, "/roll 2d6"))  # dice, not the game: slow path
    assert slow == ["roll"]
    await referee.close()


@pytest.mark.parametrize(("query", "level"), [("", 2), ("?synchronous=normal", 1)])
async def test_the_urls_synchronous_level_holds_on_both_paths(
    tmp_path: Path, query: str, level: int
) -> None:
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/sync.db{query}", seed="sync")
    async with referee._reads() as session:
        assert (await session.execute(text("PRAGMA synchronous"))).scalar_one() == level
    sync = hot.create_sync_engine(referee._engine)
    with sync.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar_one() == level
    sync.dispose()
    await referee.close()


def test_an_unknown_synchronous_level_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="synchronous=off in the database URL: use one of full"):
        create_engine("sqlite+aiosqlite:///x.db?synchronous=off")


def test_the_cache_keeps_the_most_recently_used_running_tables() -> None:
    cache = hot.TableCache(size=2)
    chats = [Chat(platform="test", chat_id=f"c{i}") for i in range(3)]
    tables = [GameTable(id=i, status=TableStatus.ACTIVE, state={}) for i in range(3)]
    cache.keep(chats[0], tables[0])
    cache.keep(chats[1], tables[1])
    assert cache.get("test", "c0") is not None  # c0 is now the most recently used
    cache.keep(chats[2], tables[2])
    assert [cache.get("test", f"c{i}") is not None for i in range(3)] == [True, False, True]
    finished = GameTable(id=0, status=TableStatus.FINISHED, state={})
    cache.keep(chats[0], finished)  # a table that is not running is forgotten
    assert cache.get("test", "c0") is None


async def finished_rows(referee: Referee, chat: str) -> tuple[list[Any], list[Any]]:
    """The result and the rating rows of a chat, as plain values."""
    async with referee._reads() as session:
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


async def test_the_last_move_writes_result_and_ratings_as_the_slow_path_does(url: str) -> None:
    """Two rated games in one chat: the second's last move (ratings read and moved) is a hot
    move, and every row is what the slow path writes for the same game."""
    games: dict[bool, tuple[list[Any], list[Any]]] = {}
    for hot_path in (True, False):
        chat = uuid.uuid4().hex
        referee = await make_referee(url, seed="ends")
        with pytest.MonkeyPatch.context() as patch:
            slow = slow_path_verbs(patch)
            if not hot_path:
                patch.setattr(Referee, "_hot", lambda self, inv: asyncio.sleep(0))
            for _game in range(2):
                await open_race(referee, chat, goal=3)
                slow.clear()
                for user in ("ann", "bob", "ann"):
                    replies = await referee.handle(command(chat, user, "/step 2"))
                assert any(getattr(r, "outcome", None) for r in replies), replies
                assert slow == ([] if hot_path else ["step"] * 3)
        games[hot_path] = await finished_rows(referee, chat)
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
    monkeypatch.setattr(hot, "CHECKPOINT_EVERY", 10)
    monkeypatch.setattr(hot, "INLINE_COMMIT_SECONDS", 60.0)  # the loop writes, however the disk is
    done: list[tuple[int, int, int]] = []
    real = hot.HotWriter._checkpoint_sync

    def recorded(self: hot.HotWriter) -> tuple[int, int, int]:
        done.append(real(self))
        return done[-1]

    monkeypatch.setattr(hot.HotWriter, "_checkpoint_sync", recorded)
    path = tmp_path / "wal.db"
    referee = await make_referee(f"sqlite+aiosqlite:///{path}", seed="wal")
    sizes = []
    for chat in range(9):  # a race ends at 50 steps: 90 moves at each of 9 tables
        await open_race(referee, f"c{chat}", goal=50)
        for n in range(90):
            await referee.handle(command(f"c{chat}", "ann" if n % 2 == 0 else "bob", "/step 1"))
            sizes.append(path.with_name("wal.db-wal").stat().st_size)
    writer = referee._write._here  # the loop wrote every move: the writer thread was idle
    assert writer is not None and writer.driver_connection is not None
    assert writer.driver_connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    frames = writer.driver_connection.execute("PRAGMA page_size").fetchone()[0] + 24
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
    monkeypatch.setattr(hot, "INLINE_COMMIT_SECONDS", 60.0 if disk == "fast" else 0.0)
    referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/{disk}.db", seed=disk)
    await open_race(referee, "c1")
    loop_thread, threads = threading.get_ident(), set()
    real = hot.write_sqlite

    def where(db: Any, batch: list[hot.Writes], *rest: Any) -> list[bool | Exception]:
        threads.add(threading.get_ident())
        return real(db, batch, *rest)

    monkeypatch.setattr(hot, "write_sqlite", where)
    for n in range(6):
        replies = await referee.handle(command("c1", "ann" if n % 2 == 0 else "bob", "/step 1"))
        assert "steps to" in replies[0].text, replies[0].text
    assert (threads == {loop_thread}) is (disk == "fast"), threads
    table, rows = await stored(referee, "c1")
    assert len(rows) == 6
    replayed(table, rows)
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
    real = referee._reads

    def counted() -> Any:
        nonlocal sessions
        sessions += 1
        return real()

    referee._reads = counted  # type: ignore[method-assign]
    assert await referee.legal_moves("test", "c1", "bob") and sessions == 0
    assert await referee.legal_moves("test", "c1", "ann") == [] and sessions == 0
    await other.handle(command("c1", "bob", "/step 1"))  # the stored row moves on: Ann's turn
    assert await referee.legal_moves("test", "c1", "bob") == [] and sessions == 1
    assert await referee.legal_moves("test", "c1", "ann") and sessions == 2
    await referee.close()
    await other.close()


@pytest.mark.parametrize(
    ("disk", "level"), [("fast", "full"), ("slow", "full"), ("fast", "normal")]
)
async def test_a_hot_moves_replies_are_said_while_its_commit_syncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk: str, level: str
) -> None:
    """Where the event loop commits a move itself and the commit waits for the disk, its replies
    (boards drawn, every reader's language) are made in the presenter thread meanwhile, handed
    over just before COMMIT; where the writer thread commits it, or a WAL commit at
    synchronous=normal waits for nothing, the loop makes them after. Either way they are whole."""
    monkeypatch.setattr(hot, "INLINE_COMMIT_SECONDS", 60.0 if disk == "fast" else 0.0)
    url = f"sqlite+aiosqlite:///{tmp_path}/say.db?synchronous={level}"
    referee = await make_referee(url, seed="say")
    await open_race(referee, "c1")
    loop_thread, order = threading.get_ident(), []
    real_say, real_write = Referee._say, hot.write_sqlite

    def say(*args: Any) -> Any:
        order.append(("say", threading.get_ident()))
        return real_say(*args)

    def write(db: Any, batch: list[hot.Writes], *rest: Any) -> Any:
        def before_commit() -> None:
            order.append(("commit", threading.get_ident()))
            rest[0]()

        return real_write(db, batch, *((before_commit,) if rest and rest[0] else ()))

    monkeypatch.setattr(Referee, "_say", staticmethod(say))
    monkeypatch.setattr(hot, "write_sqlite", write)
    referee._write._commit_seconds = 0.0002  # as if this disk had synced in 0.2 ms so far
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


@pytest.mark.parametrize("path", ["hot", "slow"])
async def test_a_board_that_fails_to_draw_keeps_its_title_and_the_move_stands(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, path: str
) -> None:
    """A board is drawn once its move is written: a view that raises then costs the board its
    body (logged), not the move, which is applied once and answered as usual."""
    referee = await make_referee(url, seed="draw")
    chat = f"draw-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    engine = engine_for("race")

    def broken(state: Any, seat: int | None) -> Any:
        raise RuntimeError("no board today")

    if path == "slow":
        referee._cache.forget("test", chat)
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


@pytest.mark.parametrize("path", ["hot", "slow"])
async def test_a_written_move_whose_replies_fail_is_told_done_not_unchanged(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, path: str
) -> None:
    """Replies are made once the move is written: if making them fails (a bug in a board's
    translation, say), the sender hears it was done, with the log's reference; `handle` does not
    raise, nor claim that nothing changed, and a redelivery applies nothing twice."""
    referee = await make_referee(url, seed="unsaid")
    chat = f"unsaid-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    if path == "slow":
        referee._cache.forget("test", chat)

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
    params = hot.asyncpg_params(engine)
    assert params == {
        "host": "db.example",
        "port": 6432,
        "user": "ann",
        "password": "secret",
        "database": "paperref",
        "ssl": "require",
        "statement_cache_size": 0,
    }
    plain = hot.asyncpg_params(create_engine("postgresql+asyncpg://ann@db.example/paperref"))
    assert "statement_cache_size" not in plain and plain["database"] == "paperref"


async def test_a_command_failing_after_its_move_leaves_the_cached_table_as_stored(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move applied to the cached table, then a failure (here the turn timers): the slow path
    answers, fails too and changes nothing, so nothing refreshes the cache. The cached table must
    be as stored, or the next command would be played after a move that was never written."""
    referee = await make_referee(url, seed="undone")
    chat = f"undone-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    entry = referee._cache.get("test", chat)
    assert entry is not None

    def row(table: GameTable) -> tuple[Any, ...]:
        return tuple(repr(getattr(table, name)) for name in hot.ROW_FIELDS)

    before = row(entry.table)

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("timers down")

    with monkeypatch.context() as patch:
        patch.setattr(referee_module, "reschedule", broken)
        (reply,) = await referee.handle(command(chat, "ann", "/step 2"))
    assert isinstance(reply, Private) and reply.refusal == Refusal.ERROR
    assert "nothing was changed" in reply.text
    kept = referee._cache.get("test", chat)
    assert kept is not None and row(kept.table) == before
    table, rows = await stored(referee, chat)
    assert rows == [] and row(table) == before
    again = await referee.handle(command(chat, "ann", "/step 2"))
    assert again[0].text.startswith("Ann steps to 2."), again
    table, rows = await stored(referee, chat)
    assert [r.verb for r in rows] == ["step"]
    replayed(table, rows)
    await referee.close()


async def test_a_moves_working_copy_is_made_ahead_and_never_the_cached_state(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a hot move the helper thread copies the new state for the next move: that move
    works on the copy, leaving the state it started from as it was (replies may still show it);
    a copy made of a state the table no longer holds, or already taken, is not used."""
    referee = await make_referee(url, seed="spare")
    chat = f"spare-{uuid.uuid4().hex[:8]}"
    await open_race(referee, chat)
    await referee.handle(command(chat, "ann", "/step 1"))  # slow path: cached, nothing ahead
    await referee.handle(command(chat, "bob", "/step 2"))  # hot: its successor's copy follows
    assert referee._write.wait_idle()
    entry = referee._cache.get("test", chat)
    assert entry is not None
    table = cast(hot.CachedTable, entry.table)
    state = table.state
    assert table.spare is not None and table.spare[0] is state and table.spare[1] == state
    assert table.spare[1] is not state and table.spare[1]["pos"] is not state["pos"]
    taken, before = [], repr(state)
    real = hot.Recorder.spare_state

    def spare_state(of: GameTable) -> Any:
        taken.append(real(of))
        return taken[-1]

    monkeypatch.setattr(hot.Recorder, "spare_state", staticmethod(spare_state))
    reply = await referee.handle(command(chat, "ann", "/step 3"))
    assert reply[0].text.startswith("Ann steps to 4."), reply
    assert taken[0] is not None and taken[0] is entry.table.state  # the copy became the state
    assert repr(state) == before  # the state the move started from was not touched
    assert referee._write.wait_idle()
    other = entry.table.state
    table.spare = ({"pos": [9, 9]}, {"pos": [9, 9]})  # made of a state the table has left
    assert real(entry.table) is None and entry.table.state is other
    assert (await referee.handle(command(chat, "bob", "/step 1")))[0].text.startswith(
        "Bob steps to 3."
    )
    stored_table, rows = await stored(referee, chat)
    assert stored_table.state["pos"] == [4, 3]
    replayed(stored_table, rows)
    await referee.close()
