"""Queries the referee needs, inside the session (and transaction) it opened for one command."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Insert, Select, delete, func, or_, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import flag_modified

from storage.db import dialect_insert

if TYPE_CHECKING:
    from sqlalchemy.dialects import postgresql, sqlite

from storage.models import (
    OPEN_STATUSES,
    ActionRow,
    ButtonSet,
    Chat,
    Deadline,
    GameTable,
    ProcessedUpdate,
    Rating,
    Result,
    RollRow,
    SavedRoll,
    Seat,
    TableStatus,
    utcnow,
)


def ratings_query(
    platform: str, chat_id: str, game: str, user_ids: Collection[str]
) -> Select[Rating]:
    """The rating rows of these users in one chat and game."""
    return select(Rating).where(
        Rating.platform == platform,
        Rating.chat_id == chat_id,
        Rating.game == game,
        Rating.user_id.in_(list(user_ids)),
    )


class Repository:
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

    async def claim_update(self, platform: str, update_id: str) -> bool:
        """Record an update id in one statement; False if it was processed before (a redelivery)."""
        stmt = self._insert_ignoring_conflicts(
            ProcessedUpdate, platform=platform, update_id=update_id
        )
        result = await self.session.execute(stmt)
        return bool(getattr(result, "rowcount", 0))

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

    async def lock_chat(self, platform: str, chat_id: str, new_seed: str) -> Chat:
        """The chat row, locked for this transaction; on first use created without racing a
        concurrent first command (INSERT ... ON CONFLICT DO NOTHING, then lock)."""
        stmt = select(Chat).where(Chat.platform == platform, Chat.chat_id == chat_id)
        chat = (await self.session.execute(stmt.with_for_update())).scalar_one_or_none()
        if chat is not None:
            return chat
        await self.session.execute(
            self._insert_ignoring_conflicts(
                Chat, platform=platform, chat_id=chat_id, seed=new_seed, rng_position=0, data={}
            )
        )
        return (await self.session.execute(stmt.with_for_update())).scalar_one()

    async def chat(self, platform: str, chat_id: str) -> Chat | None:
        return await self.session.get(Chat, (platform, chat_id))

    async def open_table(
        self, platform: str, chat_id: str, *, lock: bool = True
    ) -> GameTable | None:
        stmt = (
            select(GameTable)
            .where(
                GameTable.platform == platform,
                GameTable.chat_id == chat_id,
                GameTable.status.in_(OPEN_STATUSES),
            )
            .options(joinedload(GameTable.seats))
        )
        if lock:
            stmt = stmt.with_for_update(of=GameTable)
        return (await self.session.execute(stmt)).unique().scalars().first()

    async def last_table(self, platform: str, chat_id: str) -> GameTable | None:
        stmt = (
            select(GameTable)
            .where(GameTable.platform == platform, GameTable.chat_id == chat_id)
            .options(selectinload(GameTable.seats))
            .order_by(GameTable.id.desc())
            .limit(1)
        )
        return (await self.session.execute(stmt)).scalars().first()

    async def create_table(
        self,
        *,
        platform: str,
        chat_id: str,
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        creator_id: str,
    ) -> GameTable:
        table = GameTable(
            platform=platform,
            chat_id=chat_id,
            game=game,
            status=TableStatus.LOBBY,
            options=options,
            settings=settings,
            creator_id=creator_id,
            version=0,
            rng_position=0,
        )
        table.seats = []
        self.session.add(table)
        await self.session.flush()
        return table

    @staticmethod
    def bump(table: GameTable) -> int:
        """The one place a table's version moves: every change a button could have been made for."""
        table.version += 1
        return table.version

    @staticmethod
    def spare_state(table: GameTable) -> Any | None:
        """A copy of the table's state made before the command came, to work on (the hot path's
        cache makes one between commands); None: the command copies the state itself."""
        return None

    def save_state(self, table: GameTable, state: dict[str, Any], rng_position: int) -> None:
        table.state = state
        table.rng_position = rng_position
        self.changed(table, "state")

    def touch(self, table: GameTable) -> None:
        """Write the table row (moving its revision) though nothing of it changed: what a cached
        copy holds with it, such as its chat's settings, did."""
        self.changed(table, "settings")

    @staticmethod
    def changed(table: GameTable, column: str) -> None:
        """Have the session write a JSON column it cannot see change."""
        flag_modified(table, column)

    @staticmethod
    def update_settings(table: GameTable, **values: Any) -> None:
        table.settings = {**table.settings, **values}

    @staticmethod
    def update_chat_data(chat: Chat, **values: Any) -> None:
        chat.data = {**chat.data, **values}

    @staticmethod
    def update_chat_settings(chat: Chat, **values: Any) -> None:
        """None removes a key: the chat falls back to the config file's value."""
        merged = {**chat.settings, **values}
        chat.settings = {k: v for k, v in merged.items() if v is not None}

    async def set_board_message(self, table_id: int, message_id: str | None) -> None:
        """Where the table's live board now is (one UPDATE; the count since it starts again)."""
        await self.session.execute(
            update(GameTable)
            .where(GameTable.id == table_id)
            .values(board_message=message_id, board_after=0, revision=GameTable.revision + 1)
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

    async def button_set(self, token: str) -> ButtonSet | None:
        return await self.session.get(ButtonSet, token)

    async def prune_buttons(self, before: datetime) -> None:
        """Forget button sets last stored before `before` (their age is indexed)."""
        await self.session.execute(delete(ButtonSet).where(ButtonSet.created_at < before))

    def add_seat(self, table: GameTable, name: str, user_id: str | None, is_bot: bool) -> Seat:
        seat = Seat(position=len(table.seats), name=name, user_id=user_id, is_bot=is_bot)
        table.seats.append(seat)
        return seat

    async def remove_seat(self, table: GameTable, seat: Seat) -> None:
        """Delete the seat first, then close the gap, so (table, position) stays unique throughout."""
        table.seats.remove(seat)
        await self.session.delete(seat)
        await self.session.flush()
        for position, other in enumerate(table.seats):
            other.position = position

    async def actions(self, table_id: int) -> Sequence[ActionRow]:
        stmt = select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
        return (await self.session.execute(stmt)).scalars().all()

    async def actions_from_snapshot(
        self, table_id: int
    ) -> tuple[dict[str, Any] | None, Sequence[ActionRow]]:
        """The newest snapshot and the actions after it (all of them when there is none)."""
        newest = (
            select(ActionRow.seq, ActionRow.snapshot)
            .where(ActionRow.table_id == table_id, ActionRow.snapshot.is_not(None))
            .order_by(ActionRow.seq.desc())
            .limit(1)
        )
        found = (await self.session.execute(newest)).first()
        after = found[0] if found is not None else 0
        stmt = (
            select(ActionRow)
            .where(ActionRow.table_id == table_id, ActionRow.seq > after)
            .order_by(ActionRow.seq)
        )
        rows = (await self.session.execute(stmt)).scalars().all()
        return (found[1] if found is not None else None), rows

    async def last_action(self, table_id: int) -> ActionRow | None:
        stmt = (
            select(ActionRow)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq.desc())
            .limit(1)
        )
        return (await self.session.execute(stmt)).scalars().first()

    @staticmethod
    def take_seq(table: GameTable) -> int:
        """The next action number, kept on the table row so no query is needed."""
        seq = table.next_seq
        table.next_seq = seq + 1
        return seq

    def add_action(
        self,
        *,
        table_id: int,
        seq: int,
        seat: int,
        user_id: str | None,
        verb: str,
        args: list[str],
        summary: str,
        undoable: bool,
        digest: str,
        cause: str | None = None,
        snapshot: dict[str, Any] | None = None,
    ) -> None:
        self.session.add(
            ActionRow(
                table_id=table_id,
                seq=seq,
                seat=seat,
                user_id=user_id,
                verb=verb,
                args=args,
                summary=summary,
                undoable=undoable,
                digest=digest,
                cause=cause,
                snapshot=snapshot,
            )
        )

    async def delete_action(self, table: GameTable, action: ActionRow) -> None:
        """Take back the last action; its number is free again."""
        await self.session.execute(delete(ActionRow).where(ActionRow.id == action.id))
        table.next_seq = action.seq

    def add_roll(
        self,
        platform: str,
        chat_id: str,
        user_name: str,
        text: str,
        *,
        user_id: str | None = None,
        secret: str | None = None,
    ) -> None:
        """`text` is what /history shows; `secret` the result of a private roll, shown nowhere."""
        self.session.add(
            RollRow(
                platform=platform,
                chat_id=chat_id,
                user_name=user_name,
                text=text,
                user_id=user_id,
                secret=secret,
            )
        )

    async def count_rolls(self, platform: str, chat_id: str) -> int:
        """Rolls logged in this chat so far (an inline roller's sequence: the next is this + 1)."""
        stmt = select(func.count()).where(RollRow.platform == platform, RollRow.chat_id == chat_id)
        return int((await self.session.execute(stmt)).scalar_one())

    # ---- saved rolls ----

    async def saved_rolls(self, platform: str, user_id: str) -> Sequence[SavedRoll]:
        stmt = (
            select(SavedRoll)
            .where(SavedRoll.platform == platform, SavedRoll.user_id == user_id)
            .order_by(SavedRoll.name)
        )
        return (await self.session.execute(stmt)).scalars().all()

    async def saved_roll(self, platform: str, user_id: str, name: str) -> SavedRoll | None:
        return await self.session.get(SavedRoll, (platform, user_id, name))

    async def save_roll(self, platform: str, user_id: str, name: str, expression: str) -> None:
        """Insert or replace: two chats saving one name do not collide."""
        await self._upsert(
            SavedRoll,
            ["platform", "user_id", "name"],
            ["expression"],
            platform=platform,
            user_id=user_id,
            name=name,
            expression=expression,
            created_at=utcnow(),
        )

    async def forget_roll(self, platform: str, user_id: str, name: str) -> bool:
        result = await self.session.execute(
            delete(SavedRoll).where(
                SavedRoll.platform == platform,
                SavedRoll.user_id == user_id,
                SavedRoll.name == name,
            )
        )
        return bool(getattr(result, "rowcount", 0))

    async def recent(self, platform: str, chat_id: str, limit: int) -> list[tuple[datetime, str]]:
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
        lines: list[tuple[datetime, str]] = [(r.created_at, r.text) for r in roll_rows]
        lines += [(a.created_at, f"[{game} #{a.seq}] {a.summary}") for a, game in move_rows]
        lines.sort(key=lambda item: item[0])
        return lines[-limit:]

    def add_result(
        self, table: GameTable, winners: list[int], scores: dict[str, float | int]
    ) -> None:
        self.session.add(self.result_row(table, winners, scores))

    @staticmethod
    def result_row(table: GameTable, winners: list[int], scores: dict[str, float | int]) -> Result:
        return Result(
            table_id=table.id,
            game=table.game,
            platform=table.platform,
            chat_id=table.chat_id,
            winners=winners,
            scores=scores,
            seats=[{"name": s.name, "bot": s.is_bot, "user_id": s.user_id} for s in table.seats],
            finished_at=utcnow(),
        )

    # ---- turn deadlines ----

    def add_deadline(
        self, table: GameTable, seat: int, fire_at: datetime, due_at: datetime
    ) -> None:
        self.session.add(
            Deadline(
                table_id=table.id,
                platform=table.platform,
                chat_id=table.chat_id,
                seat=seat,
                kind="remind",
                fire_at=fire_at,
                due_at=due_at,
            )
        )

    async def delete_deadlines(self, table_id: int, seats: Collection[int] | None = None) -> None:
        stmt = delete(Deadline).where(Deadline.table_id == table_id)
        if seats is not None:
            stmt = stmt.where(Deadline.seat.in_(list(seats)))
        await self.session.execute(stmt)

    async def deadlines(self, table_id: int) -> Sequence[Deadline]:
        stmt = select(Deadline).where(Deadline.table_id == table_id).order_by(Deadline.seat)
        return (await self.session.execute(stmt.with_for_update())).scalars().all()

    async def deadline(self, deadline_id: int) -> Deadline | None:
        stmt = select(Deadline).where(Deadline.id == deadline_id).with_for_update()
        return (await self.session.execute(stmt)).scalars().first()

    async def claim_deadlines(
        self, now: datetime, lease_until: datetime, platforms: Collection[str] | None, limit: int
    ) -> list[tuple[int, str, str]]:
        """Due deadlines nobody holds, leased to this process: on PostgreSQL `FOR UPDATE SKIP
        LOCKED`, so concurrent sweepers take disjoint rows; (id, platform, chat id)."""
        stmt = (
            select(Deadline.id, Deadline.platform, Deadline.chat_id)
            .where(
                Deadline.fire_at <= now,
                or_(Deadline.claimed_until.is_(None), Deadline.claimed_until < now),
            )
            .order_by(Deadline.fire_at, Deadline.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        if platforms is not None:
            stmt = stmt.where(Deadline.platform.in_(list(platforms)))
        rows = [(r[0], r[1], r[2]) for r in (await self.session.execute(stmt)).all()]
        if rows:
            await self.session.execute(
                update(Deadline)
                .where(Deadline.id.in_([r[0] for r in rows]))
                .values(claimed_until=lease_until)
            )
        return rows

    async def next_deadline(self, platforms: Collection[str] | None = None) -> datetime | None:
        stmt = select(func.min(Deadline.fire_at))
        if platforms is not None:
            stmt = stmt.where(Deadline.platform.in_(list(platforms)))
        value: datetime | None = (await self.session.execute(stmt)).scalar_one()
        return value

    # ---- ratings and stats ----

    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]:
        stmt = ratings_query(platform, chat_id, game, user_ids)
        return {r.user_id: r for r in (await self.session.execute(stmt)).scalars().all()}

    def add_rating(self, rating: Rating) -> None:
        self.session.add(rating)

    async def chat_ratings(
        self, platform: str, chat_id: str, game: str | None = None
    ) -> Sequence[Rating]:
        stmt = select(Rating).where(Rating.platform == platform, Rating.chat_id == chat_id)
        if game is not None:
            stmt = stmt.where(Rating.game == game)
        return (await self.session.execute(stmt.order_by(Rating.game))).scalars().all()
