"""Every read of the database, one way: SQLAlchemy sessions that never wait for the write lock
(on SQLite a deferred BEGIN); rows come back detached, tables and chats as plain values."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import selectinload

from storage.db import read_sessions
from storage.models import (
    OPEN_STATUSES,
    ActionRow,
    ButtonSet,
    Chat,
    Deadline,
    GameTable,
    Rating,
    Result,
    RollRow,
    SavedRoll,
    TableStatus,
)
from storage.models import Seat as SeatRow
from storage.rows import Chat as ChatValue
from storage.rows import Seat as SeatValue
from storage.rows import Table


def table_value(row: GameTable) -> Table:
    """A table row and its seats as a plain value."""
    seats = [
        SeatValue(
            id=s.id,
            table_id=s.table_id,
            position=s.position,
            name=s.name,
            user_id=s.user_id,
            is_bot=s.is_bot,
        )
        for s in sorted(row.seats, key=lambda s: s.position)
    ]
    return Table(
        id=row.id,
        platform=row.platform,
        chat_id=row.chat_id,
        game=row.game,
        creator_id=row.creator_id,
        status=row.status,
        options=row.options,
        settings=row.settings,
        seed=row.seed,
        commitment=row.commitment,
        state=row.state,
        rng_position=row.rng_position,
        version=row.version,
        next_seq=row.next_seq,
        board_message=row.board_message,
        board_after=row.board_after,
        revision=row.revision,
        created_at=row.created_at,
        updated_at=row.updated_at,
        seats=seats,
    )


def chat_value(row: Chat) -> ChatValue:
    return ChatValue(
        platform=row.platform,
        chat_id=row.chat_id,
        seed=row.seed,
        rng_position=row.rng_position,
        data=row.data,
        settings=row.settings,
        revision=row.revision,
    )


class Queries:
    """The reads a command or an adapter may make, each in a short read-only session."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._sessions = read_sessions(engine)
        self._dialect = engine.dialect.name
        self._last_id = 0

    async def revision(self, table_id: int) -> int | None:
        async with self._sessions() as session:
            found = await session.execute(
                select(GameTable.revision).where(GameTable.id == table_id)
            )
            value = found.scalar_one_or_none()
        return None if value is None else int(value)

    async def chat(self, platform: str, chat_id: str) -> ChatValue | None:
        async with self._sessions() as session:
            row = await session.get(Chat, (platform, chat_id))
            return chat_value(row) if row is not None else None

    async def open_table(self, platform: str, chat_id: str) -> Table | None:
        stmt = (
            select(GameTable)
            .where(
                GameTable.platform == platform,
                GameTable.chat_id == chat_id,
                GameTable.status.in_(OPEN_STATUSES),
            )
            .options(selectinload(GameTable.seats))
            .order_by(GameTable.id)
            .limit(1)
        )
        async with self._sessions() as session:
            row = (await session.execute(stmt)).scalars().first()
            return table_value(row) if row is not None else None

    async def seated_at(self, platform: str, user_id: str) -> list[str]:
        """The chats whose running table seats this user, oldest table first."""
        stmt = (
            select(GameTable.chat_id)
            .join(SeatRow, SeatRow.table_id == GameTable.id)
            .where(
                GameTable.platform == platform,
                GameTable.status == TableStatus.ACTIVE,
                SeatRow.user_id == user_id,
            )
            .order_by(GameTable.id)
        )
        async with self._sessions() as session:
            return list((await session.execute(stmt)).scalars().all())

    async def last_table(self, platform: str, chat_id: str) -> Table | None:
        stmt = (
            select(GameTable)
            .where(GameTable.platform == platform, GameTable.chat_id == chat_id)
            .options(selectinload(GameTable.seats))
            .order_by(GameTable.id.desc())
            .limit(1)
        )
        async with self._sessions() as session:
            row = (await session.execute(stmt)).scalars().first()
            return table_value(row) if row is not None else None

    async def table(self, table_id: int) -> Table | None:
        """One table by its id, any status (the web pages name tables by id)."""
        stmt = (
            select(GameTable).where(GameTable.id == table_id).options(selectinload(GameTable.seats))
        )
        async with self._sessions() as session:
            row = (await session.execute(stmt)).scalars().first()
            return table_value(row) if row is not None else None

    async def new_table_id(self) -> int:
        """A new table's id: PostgreSQL's sequence; on SQLite one past the largest (and past
        any this process gave out), which the primary key checks at the commit."""
        async with self._sessions() as session:
            if self._dialect == "postgresql":
                found = await session.execute(
                    text("SELECT nextval(pg_get_serial_sequence('tables', 'id'))")
                )
                return int(found.scalar_one())
            largest = (await session.execute(select(func.max(GameTable.id)))).scalar_one()
        self._last_id = max(self._last_id, int(largest or 0)) + 1
        return self._last_id

    async def actions(self, table_id: int, after: int = 0) -> Sequence[ActionRow]:
        stmt = (
            select(ActionRow)
            .where(ActionRow.table_id == table_id, ActionRow.seq > after)
            .order_by(ActionRow.seq)
        )
        async with self._sessions() as session:
            return (await session.execute(stmt)).scalars().all()

    async def newest_snapshot(self, table_id: int) -> tuple[int, dict[str, Any]] | None:
        stmt = (
            select(ActionRow.seq, ActionRow.snapshot)
            .where(ActionRow.table_id == table_id, ActionRow.snapshot.is_not(None))
            .order_by(ActionRow.seq.desc())
            .limit(1)
        )
        async with self._sessions() as session:
            found = (await session.execute(stmt)).first()
        return (int(found[0]), found[1]) if found is not None else None

    async def saved_rolls(self, platform: str, user_id: str) -> Sequence[SavedRoll]:
        stmt = (
            select(SavedRoll)
            .where(SavedRoll.platform == platform, SavedRoll.user_id == user_id)
            .order_by(SavedRoll.name)
        )
        async with self._sessions() as session:
            return (await session.execute(stmt)).scalars().all()

    async def saved_roll(self, platform: str, user_id: str, name: str) -> SavedRoll | None:
        async with self._sessions() as session:
            return await session.get(SavedRoll, (platform, user_id, name))

    async def recent(self, platform: str, chat_id: str, limit: int) -> list[tuple[datetime, str]]:
        """Recent public lines of this chat: game actions and free rolls, newest last."""
        rolls = (
            select(RollRow.created_at, RollRow.text)
            .where(RollRow.platform == platform, RollRow.chat_id == chat_id)
            .order_by(RollRow.id.desc())
            .limit(limit)
        )
        moves = (
            select(ActionRow.created_at, ActionRow.seq, ActionRow.summary, GameTable.game)
            .join(GameTable, GameTable.id == ActionRow.table_id)
            .where(GameTable.platform == platform, GameTable.chat_id == chat_id)
            .order_by(ActionRow.id.desc())
            .limit(limit)
        )
        async with self._sessions() as session:
            lines = [(r[0], r[1]) for r in (await session.execute(rolls)).all()]
            found = (await session.execute(moves)).all()
        lines += [(at, f"[{game} #{seq}] {summary}") for at, seq, summary, game in found]
        lines.sort(key=lambda item: item[0])
        return lines[-limit:]

    async def count_rolls(self, platform: str, chat_id: str) -> int:
        """Rolls logged in this chat so far (an inline roller's sequence: the next is this + 1)."""
        stmt = select(func.count()).where(RollRow.platform == platform, RollRow.chat_id == chat_id)
        async with self._sessions() as session:
            return int((await session.execute(stmt)).scalar_one())

    async def deadlines(self, table_id: int) -> Sequence[Deadline]:
        stmt = select(Deadline).where(Deadline.table_id == table_id).order_by(Deadline.seat)
        async with self._sessions() as session:
            return (await session.execute(stmt)).scalars().all()

    async def deadline(self, deadline_id: int) -> Deadline | None:
        async with self._sessions() as session:
            return await session.get(Deadline, deadline_id)

    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]:
        """The rating rows of these users in one chat and game."""
        stmt = select(Rating).where(
            Rating.platform == platform,
            Rating.chat_id == chat_id,
            Rating.game == game,
            Rating.user_id.in_(list(user_ids)),
        )
        async with self._sessions() as session:
            return {r.user_id: r for r in (await session.execute(stmt)).scalars().all()}

    async def chat_ratings(
        self, platform: str, chat_id: str, game: str | None = None
    ) -> Sequence[Rating]:
        stmt = select(Rating).where(Rating.platform == platform, Rating.chat_id == chat_id)
        if game is not None:
            stmt = stmt.where(Rating.game == game)
        async with self._sessions() as session:
            return (await session.execute(stmt.order_by(Rating.game))).scalars().all()

    async def chat_results(self, platform: str, chat_id: str) -> Sequence[Result]:
        """A chat's finished games in the order they ended (one command of a chat at a time, so
        ids are that order): ratings over time are these, rated again in turn."""
        stmt = select(Result).where(Result.platform == platform, Result.chat_id == chat_id)
        async with self._sessions() as session:
            return (await session.execute(stmt.order_by(Result.id))).scalars().all()

    async def button_set(self, token: str) -> ButtonSet | None:
        async with self._sessions() as session:
            return await session.get(ButtonSet, token)

    async def next_deadline(self, platforms: Collection[str] | None = None) -> datetime | None:
        stmt = select(func.min(Deadline.fire_at))
        if platforms is not None:
            stmt = stmt.where(Deadline.platform.in_(list(platforms)))
        async with self._sessions() as session:
            value: datetime | None = (await session.execute(stmt)).scalar_one()
        return value
