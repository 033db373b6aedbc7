"""Queries the referee needs, inside the session (and transaction) it opened for one command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from storage.models import ActionRow, Chat, GameTable, ProcessedUpdate, Result, RollRow, Seat

OPEN = ("lobby", "active")


class Repository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def claim_update(self, platform: str, update_id: str) -> bool:
        """Record an update id; False if it was processed before (a redelivery)."""
        if await self.session.get(ProcessedUpdate, (platform, update_id)) is not None:
            return False
        try:
            async with self.session.begin_nested():
                self.session.add(ProcessedUpdate(platform=platform, update_id=update_id))
        except IntegrityError:
            return False
        return True

    async def lock_chat(self, platform: str, chat_id: str, new_seed: str) -> Chat:
        """The chat row, locked for this transaction (created on first use)."""
        stmt = select(Chat).where(Chat.platform == platform, Chat.chat_id == chat_id)
        chat = (await self.session.execute(stmt.with_for_update())).scalar_one_or_none()
        if chat is None:
            chat = Chat(platform=platform, chat_id=chat_id, seed=new_seed, rng_position=0, data={})
            self.session.add(chat)
            await self.session.flush()
        return chat

    async def open_table(self, platform: str, chat_id: str, lock: bool = True) -> GameTable | None:
        stmt = (
            select(GameTable)
            .where(
                GameTable.platform == platform,
                GameTable.chat_id == chat_id,
                GameTable.status.in_(OPEN),
            )
            .options(selectinload(GameTable.seats))
        )
        if lock:
            stmt = stmt.with_for_update()
        return (await self.session.execute(stmt)).scalars().first()

    async def last_table(self, platform: str, chat_id: str) -> GameTable | None:
        stmt = (
            select(GameTable)
            .where(GameTable.platform == platform, GameTable.chat_id == chat_id)
            .options(selectinload(GameTable.seats))
            .order_by(GameTable.id.desc())
            .limit(1)
        )
        return (await self.session.execute(stmt)).scalars().first()

    async def create_table(self, **fields: Any) -> GameTable:
        table = GameTable(**fields)
        table.seats = []
        self.session.add(table)
        await self.session.flush()
        return table

    def add_seat(self, table: GameTable, name: str, user_id: str | None, is_bot: bool) -> Seat:
        seat = Seat(position=len(table.seats), name=name, user_id=user_id, is_bot=is_bot)
        table.seats.append(seat)
        return seat

    async def actions(self, table_id: int) -> Sequence[ActionRow]:
        stmt = select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
        return (await self.session.execute(stmt)).scalars().all()

    async def last_action(self, table_id: int) -> ActionRow | None:
        stmt = (
            select(ActionRow)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq.desc())
            .limit(1)
        )
        return (await self.session.execute(stmt)).scalars().first()

    async def next_seq(self, table_id: int) -> int:
        stmt = select(func.coalesce(func.max(ActionRow.seq), 0)).where(
            ActionRow.table_id == table_id
        )
        return int((await self.session.execute(stmt)).scalar_one()) + 1

    def add_action(self, **fields: Any) -> None:
        self.session.add(ActionRow(**fields))

    async def delete_action(self, action: ActionRow) -> None:
        await self.session.execute(delete(ActionRow).where(ActionRow.id == action.id))

    def add_roll(self, platform: str, chat_id: str, user_name: str, text: str) -> None:
        self.session.add(
            RollRow(platform=platform, chat_id=chat_id, user_name=user_name, text=text)
        )

    async def recent(self, platform: str, chat_id: str, limit: int) -> list[tuple[Any, str]]:
        """Recent public lines of this chat: game actions and free rolls, newest last."""
        rolls = select(RollRow).where(RollRow.platform == platform, RollRow.chat_id == chat_id)
        roll_rows = (
            (await self.session.execute(rolls.order_by(RollRow.id.desc()).limit(limit)))
            .scalars()
            .all()
        )
        moves = (
            select(ActionRow, GameTable.game)
            .join(GameTable, GameTable.id == ActionRow.table_id)
            .where(GameTable.platform == platform, GameTable.chat_id == chat_id)
            .order_by(ActionRow.id.desc())
            .limit(limit)
        )
        move_rows = (await self.session.execute(moves)).all()
        lines: list[tuple[Any, str]] = [(r.created_at, r.text) for r in roll_rows]
        lines += [(a.created_at, f"[{game} #{a.seq}] {a.summary}") for a, game in move_rows]
        lines.sort(key=lambda item: item[0])
        return lines[-limit:]

    def add_result(self, table: GameTable, winners: list[int], scores: dict[str, Any]) -> None:
        self.session.add(
            Result(
                table_id=table.id,
                game=table.game,
                platform=table.platform,
                chat_id=table.chat_id,
                winners=winners,
                scores=scores,
                seats=[
                    {"name": s.name, "bot": s.is_bot, "user_id": s.user_id} for s in table.seats
                ],
            )
        )
