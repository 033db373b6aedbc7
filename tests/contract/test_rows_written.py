"""The store's own statements write what a plain ORM write of the same unit of work stores: every
game played to the end through the referee, each committed unit written again by the ORM into a
second database, and every row of the chat compared (tables, seats, actions, deadlines, results,
ratings, chats, rolls, claimed updates)."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, inspect, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import selectinload

from bot.cli import make_referee
from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.replies import Private
from games.base import Rng
from storage.db import create_engine, migrate
from storage.models import (
    ActionRow,
    Base,
    Chat,
    Deadline,
    GameTable,
    ProcessedUpdate,
    Rating,
    Result,
    RollRow,
    SavedRoll,
    Seat,
    TableOptions,
)
from storage.rows import TABLE_FIELDS
from storage.store import Commit, Store
from storage.work import Work
from tests.contract.games import REAL_GAMES

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")
MAX_COMMANDS = 3000
SKIPPED = {"id", "updated_at", "processed_at"}
"""Numbered by each database, or stamped by each writer's own clock at its commit."""


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/store.db"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


@pytest.fixture
async def reference(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path}/orm.db")
    await migrate(engine)
    yield engine
    await engine.dispose()


async def orm_write(session: AsyncSession, work: Work) -> None:
    """The unit of work as the ORM writes it: objects added, changed and deleted."""
    if work.update is not None:
        session.add(ProcessedUpdate(platform=work.update[0], update_id=work.update[1]))
    chat_changed, tables = work.plan()
    if chat_changed:
        chat = work.chat
        row = await session.get(Chat, (chat.platform, chat.chat_id))
        if row is None:
            row = Chat(platform=chat.platform, chat_id=chat.chat_id, seed=chat.seed, revision=0)
            session.add(row)
        row.rng_position, row.data, row.settings = chat.rng_position, chat.data, chat.settings
        row.revision += 1
    for watched in tables:
        await _orm_table(session, watched.table, made=watched.values is None)
    await session.flush()
    for table_id, seq in work.dropped_actions:
        await session.execute(
            delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq == seq)
        )
    session.add_all(ActionRow(**a) for a in work.new_actions)
    await session.flush()
    for kind, what in work.deadline_ops:
        await _orm_deadline(session, kind, what)
    session.add_all(_copy(Result, r) for r in work.results)
    for rating in (*work.new_ratings, *work.known_ratings):
        await session.merge(_copy(Rating, rating))
    session.add_all(RollRow(**r) for r in work.rolls)
    for saved in work.saved:
        await session.merge(SavedRoll(**saved))
    for platform, user_id, name in work.forgotten:
        found = await session.get(SavedRoll, (platform, user_id, name))
        if found is not None:
            await session.delete(found)


async def _orm_table(session: AsyncSession, table: Any, *, made: bool) -> None:
    if made:
        row = GameTable(
            id=table.id,
            platform=table.platform,
            chat_id=table.chat_id,
            game=table.game,
            creator_id=table.creator_id,
            created_at=table.created_at,
        )
        row.seats = []
        row.options = table.options
        session.add(row)
    else:
        found = await session.execute(
            select(GameTable).where(GameTable.id == table.id).options(selectinload(GameTable.seats))
        )
        row = found.scalar_one()
    for name in TABLE_FIELDS:
        setattr(row, name, getattr(table, name))
    kept = {(s.user_id, s.name) for s in table.seats}
    for seat in list(row.seats):
        if (seat.user_id, seat.name) not in kept:
            row.seats.remove(seat)
            await session.delete(seat)
    await session.flush()
    stored = {(s.user_id, s.name): s for s in row.seats}
    for seat in table.seats:
        existing = stored.get((seat.user_id, seat.name))
        if existing is None:
            row.seats.append(
                Seat(
                    position=seat.position, user_id=seat.user_id, name=seat.name, is_bot=seat.is_bot
                )
            )
        else:
            existing.position, existing.is_bot = seat.position, seat.is_bot


async def _orm_deadline(session: AsyncSession, kind: str, what: Any) -> None:
    if kind == "add":
        session.add(Deadline(**what))
    elif kind == "set":
        found = await session.execute(
            select(Deadline).where(Deadline.table_id == what.table_id, Deadline.seat == what.seat)
        )
        row = found.scalar_one()
        row.kind, row.fire_at, row.claimed_until = what.kind, what.fire_at, what.claimed_until
    else:
        table_id, seats = what
        stmt = delete(Deadline).where(Deadline.table_id == table_id)
        if seats is not None:
            stmt = stmt.where(Deadline.seat.in_(seats))
        await session.execute(stmt)
    await session.flush()


def _copy(model: type[Base], row: Any) -> Any:
    columns = [c.key for c in inspect(model).columns if c.key != "id"]
    return model(**{name: getattr(row, name) for name in columns})


async def rows_of(engine: AsyncEngine, chat: str) -> dict[str, list[dict[str, Any]]]:
    """Every row the chat's commands wrote, as plain comparable values."""
    found: dict[str, list[dict[str, Any]]] = {}
    sessions = async_sessionmaker(engine, expire_on_commit=False)
    async with sessions() as session:
        tables = (
            (await session.execute(select(GameTable).where(GameTable.chat_id == chat)))
            .scalars()
            .all()
        )
        ids = [t.id for t in tables]
        queries = {
            "chats": select(Chat).where(Chat.chat_id == chat),
            "tables": select(GameTable).where(GameTable.chat_id == chat),
            "table_options": select(TableOptions).where(TableOptions.table_id.in_(ids)),
            "seats": select(Seat).where(Seat.table_id.in_(ids)),
            "actions": select(ActionRow).where(ActionRow.table_id.in_(ids)),
            "deadlines": select(Deadline).where(Deadline.chat_id == chat),
            "results": select(Result).where(Result.chat_id == chat),
            "ratings": select(Rating).where(Rating.chat_id == chat),
            "rolls": select(RollRow).where(RollRow.chat_id == chat),
            "updates": select(ProcessedUpdate).where(ProcessedUpdate.update_id.like(f"{chat}%")),
        }
        for name, query in queries.items():
            rows = (await session.execute(query)).scalars().all()
            found[name] = sorted((_plain(row) for row in rows), key=json.dumps)
    return found


def _plain(row: Any) -> dict[str, Any]:
    values = {}
    for column in inspect(type(row)).columns:
        if column.key in SKIPPED:
            continue
        value = getattr(row, column.key)
        if hasattr(value, "isoformat"):
            value = value.isoformat()
        values[column.key] = json.loads(json.dumps(value, default=str))
    return values


def typed(chat: str, user: str, text: str, update: int) -> Invocation:
    parsed = parse_command(text)
    assert parsed is not None, text
    return Invocation(
        "test",
        chat,
        user,
        user,
        parsed.verb,
        parsed.args,
        text=parsed.text,
        update_id=f"{chat}-{update}",
    )


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_every_row_written_is_what_the_orm_would_store(
    url: str, reference: AsyncEngine, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee: Referee = await make_referee(url, seed=f"rows-{game}", turn_time=120)
    now = [referee.clock()]
    referee.clock = lambda: now[0]  # turn timers run, then fire on a clock the test moves
    orm = async_sessionmaker(reference, expire_on_commit=False)
    real_commit = Store.commit
    units = [0]

    async def commit_twice(store: Store, commit: Commit) -> bool:
        written = await real_commit(store, commit)
        if written:
            units[0] += 1
            async with orm() as session, session.begin():
                await orm_write(session, commit.work)
        return written

    monkeypatch.setattr(Store, "commit", commit_twice)
    chat, users, chooser = f"rows-{game}-{uuid.uuid4().hex[:8]}", ["Ann", "Bob"], Rng(game)
    opening = [("Ann", f"/new {game}"), ("Bob", "/join"), ("Ann", "/start"), ("Cid", "/roll 2d6")]
    for n, (user, text) in enumerate(opening):
        replies = await referee.handle(typed(chat, user, text, n))
        assert not any(isinstance(r, Private) and r.refusal for r in replies), replies
    for n in range(len(opening), MAX_COMMANDS):
        if n % 20 == 0:  # now and then a turn times out: deadlines fired, a bot moves for a seat
            now[0] += timedelta(minutes=3)
            await referee.sweep(["test"])
        offers = {u: await referee.legal_moves("test", chat, u) for u in users}
        movers = [u for u in users if offers[u]]
        if not movers:
            break
        user = chooser.choice(movers)
        replies = await referee.handle(typed(chat, user, chooser.choice(offers[user]), n))
        if any(getattr(r, "outcome", None) for r in replies):
            break
    else:
        pytest.fail(f"{game} did not finish in {MAX_COMMANDS} commands")
    try:
        written, expected = (
            await rows_of(referee.store.engine, chat),
            await rows_of(reference, chat),
        )
        assert units[0] > 10 and written["results"] and written["rolls"], written["tables"]
        assert any(a["cause"] == "timeout" for a in written["actions"]), "no timer fired"
        for name, rows in expected.items():
            assert written[name] == rows, name
    finally:
        await referee.close()
