"""The database's bookkeeping beside the commands: leasing due deadlines to a sweeper, and
forgetting old update ids and button sets. Each runs in a short transaction of its own."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Insert, delete, or_, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.db import dialect_insert
from storage.models import ButtonSet, Deadline, GameTable, ProcessedUpdate, utcnow

if TYPE_CHECKING:
    from sqlalchemy.dialects import postgresql, sqlite


class Upkeep:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    def _insert(self, model: type[Any], **values: Any) -> postgresql.Insert | sqlite.Insert:
        """An INSERT in the session's dialect (SQLite or PostgreSQL), for its ON CONFLICT."""
        return dialect_insert(self.session.get_bind().dialect.name, model, **values)

    def _insert_ignoring_conflicts(self, model: type[Any], **values: Any) -> Insert:
        """`INSERT ... ON CONFLICT DO NOTHING`."""
        return self._insert(model, **values).on_conflict_do_nothing()

    async def _upsert(
        self, model: type[Any], keys: list[str], changed: list[str], **values: Any
    ) -> None:
        """`INSERT ... ON CONFLICT (keys) DO UPDATE` of the `changed` columns: one statement, so
        two commands storing one row do not collide."""
        stmt = self._insert(model, **values)
        changes = {name: stmt.excluded[name] for name in changed}
        await self.session.execute(stmt.on_conflict_do_update(index_elements=keys, set_=changes))

    async def set_board_message(self, table_id: int, message_id: str | None) -> None:
        """Where the table's live board now is (one UPDATE; the count since it starts again)."""
        await self.session.execute(
            update(GameTable)
            .where(GameTable.id == table_id)
            .values(board_message=message_id, board_after=0, revision=GameTable.revision + 1)
        )

    async def count_below_board(self, table_id: int) -> None:
        """One more message below the table's board than its command counted (one UPDATE)."""
        await self.session.execute(
            update(GameTable)
            .where(GameTable.id == table_id)
            .values(board_after=GameTable.board_after + 1, revision=GameTable.revision + 1)
        )

    async def store_buttons(
        self, platform: str, chat_id: str, version: int | None, buttons: Sequence[Sequence[str]]
    ) -> str:
        """Keep a set of buttons server-side; the token is derived from what it holds, so the
        same set stored twice is one row, whose age starts again (`prune_buttons` goes by it)."""
        payload = json.dumps([platform, chat_id, version, list(map(list, buttons))])
        digest = hashlib.sha256(payload.encode()).digest()
        token = base64.urlsafe_b64encode(digest[:12]).decode()
        await self._upsert(
            ButtonSet,
            ["token"],
            ["created_at"],
            token=token,
            platform=platform,
            chat_id=chat_id,
            version=version,
            buttons=[list(b) for b in buttons],
            created_at=utcnow(),
        )
        return token

    async def forget_updates(
        self, before: datetime, after: tuple[str, str] | None, limit: int
    ) -> tuple[str, str] | None:
        """One step of a walk over the claimed update ids in key order: of the next `limit` after
        `after`, those claimed before `before` are deleted. Their age has no index, so a claim
        stays one b-tree write and no step scans more than `limit` rows. Returns where the next
        step starts; None once the walk has passed the last id."""
        key = tuple_(ProcessedUpdate.platform, ProcessedUpdate.update_id)
        window = select(ProcessedUpdate.platform, ProcessedUpdate.update_id)
        forget = delete(ProcessedUpdate).where(ProcessedUpdate.processed_at < before)
        if after is not None:
            window = window.where(key > tuple_(*after))
            forget = forget.where(key > tuple_(*after))
        last = (
            await self.session.execute(
                window.order_by(ProcessedUpdate.platform, ProcessedUpdate.update_id)
                .offset(limit - 1)
                .limit(1)
            )
        ).first()
        if last is not None:
            forget = forget.where(key <= tuple_(*last))
        await self.session.execute(forget)
        return None if last is None else (last[0], last[1])

    async def prune_buttons(self, before: datetime) -> None:
        """Forget button sets last stored before `before` (their age is indexed)."""
        await self.session.execute(delete(ButtonSet).where(ButtonSet.created_at < before))

    async def claim_deadlines(
        self, now: datetime, lease_until: datetime, platforms: Collection[str] | None, limit: int
    ) -> list[tuple[int, str, str]]:
        """Due deadlines nobody holds, leased to this process in one statement (the write lock is
        held for it alone); on PostgreSQL its rows are taken `FOR UPDATE SKIP LOCKED`, so
        concurrent sweepers take disjoint rows. (id, platform, chat id), the earliest first."""
        due = (
            select(Deadline.id)
            .where(
                Deadline.fire_at <= now,
                or_(Deadline.claimed_until.is_(None), Deadline.claimed_until < now),
            )
            .order_by(Deadline.fire_at, Deadline.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        if platforms is not None:
            due = due.where(Deadline.platform.in_(list(platforms)))
        claim = (
            update(Deadline)
            .where(Deadline.id.in_(due.scalar_subquery()))
            .values(claimed_until=lease_until)
            .returning(Deadline.id, Deadline.platform, Deadline.chat_id, Deadline.fire_at)
        )
        found = sorted((await self.session.execute(claim)).all(), key=lambda r: (r[3], r[0]))
        return [(r[0], r[1], r[2]) for r in found]
