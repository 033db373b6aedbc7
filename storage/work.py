"""One command's unit of work: what it reads (asked of the database at once) and what it writes
(kept here, written by the store in one transaction checked against the revisions it read)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from storage.models import (
    ActionRow,
    Deadline,
    Rating,
    Result,
    SavedRoll,
    TableStatus,
    utcnow,
)
from storage.rows import Chat, Seat, Table


class Reads(Protocol):
    """The queries a command may make; rows come back as they were committed."""

    async def actions(self, table_id: int, after: int = 0) -> Sequence[ActionRow]: ...
    async def newest_snapshot(self, table_id: int) -> tuple[int, dict[str, Any]] | None: ...
    async def last_table(self, platform: str, chat_id: str) -> Table | None: ...
    async def new_table_id(self) -> int: ...
    async def saved_rolls(self, platform: str, user_id: str) -> Sequence[SavedRoll]: ...
    async def saved_roll(self, platform: str, user_id: str, name: str) -> SavedRoll | None: ...
    async def recent(
        self, platform: str, chat_id: str, limit: int
    ) -> list[tuple[datetime, str]]: ...
    async def count_rolls(self, platform: str, chat_id: str) -> int: ...
    async def deadlines(self, table_id: int) -> Sequence[Deadline]: ...
    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]: ...
    async def chat_ratings(
        self, platform: str, chat_id: str, game: str | None = None
    ) -> Sequence[Rating]: ...


@dataclass
class Watched:
    """A table as it was read, to write only what the command changed."""

    table: Table
    values: tuple[Any, ...] | None
    """Its columns as read; None for a table the command made."""
    seats: dict[int, tuple[Any, ...]]
    """Its stored seats' values by id, as read."""
    touched: bool = False


@dataclass
class Work:
    """One command's unit of work. Its methods are what handlers call (as on an ORM repository);
    reads go to the database now, writes wait for the commit."""

    reads: Reads
    chat: Chat
    chat_values: tuple[Any, ...] | None
    """The chat's values as read; None for a chat not stored yet."""
    update: tuple[str, str] | None = None
    """(platform, update id) claimed with the writes: a redelivery writes nothing."""
    watched: list[Watched] = field(default_factory=list)
    new_actions: list[dict[str, Any]] = field(default_factory=list)
    dropped_actions: list[tuple[int, int]] = field(default_factory=list)
    deadline_ops: list[tuple[str, Any]] = field(default_factory=list)
    """In order: ("drop", (table_id, seats or None)), ("add", row), ("set", Deadline)."""
    results: list[Result] = field(default_factory=list)
    known_ratings: list[Rating] = field(default_factory=list)
    new_ratings: list[Rating] = field(default_factory=list)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    saved: list[dict[str, Any]] = field(default_factory=list)
    forgotten: list[tuple[str, str, str]] = field(default_factory=list)
    _plan: tuple[bool, tuple[Watched, ...]] | None = None
    """Whether the chat row and which tables are written, worked out once the command is done."""

    @classmethod
    def of(cls, reads: Reads, chat: Chat, table: Table | None) -> Work:
        work = cls(reads, chat, chat.values() if chat.revision is not None else None)
        if table is not None:
            work.watch(table)
        return work

    @classmethod
    def claim(cls, reads: Reads, chat: Chat, update: tuple[str, str]) -> Work:
        """Only an update's claim (the chat as read, no table): a refused update is answered
        once, and its redelivery, even once the move would be legal, gets nothing."""
        return cls(reads, chat, chat.values(), update)

    def watch(self, table: Table, *, made: bool = False) -> None:
        stored = {s.id: s.values() for s in table.seats if s.id is not None}
        self.watched.append(Watched(table, None if made else table.values(), stored))

    # ---- reads ----

    async def actions(self, table_id: int) -> list[ActionRow]:
        """Every action of the table as this command leaves them (taken back ones gone, new
        ones last)."""
        return self._merged(table_id, await self.reads.actions(table_id))

    async def actions_from_snapshot(
        self, table_id: int
    ) -> tuple[dict[str, Any] | None, list[ActionRow]]:
        """The newest snapshot and the actions after it (all of them when there is none)."""
        dropped = {seq for tid, seq in self.dropped_actions if tid == table_id}
        newest = await self.reads.newest_snapshot(table_id)
        while newest is not None and newest[0] in dropped:  # a taken back action's snapshot
            newest = None
        after, snapshot = newest if newest is not None else (0, None)
        rows = self._merged(table_id, await self.reads.actions(table_id, after))
        return snapshot, rows

    async def last_action(self, table_id: int) -> ActionRow | None:
        rows = await self.actions(table_id)
        return rows[-1] if rows else None

    def _merged(self, table_id: int, stored: Sequence[ActionRow]) -> list[ActionRow]:
        dropped = {seq for tid, seq in self.dropped_actions if tid == table_id}
        rows = [row for row in stored if row.seq not in dropped]
        rows += [ActionRow(**a) for a in self.new_actions if a["table_id"] == table_id]
        return rows

    async def last_table(self, platform: str, chat_id: str) -> Table | None:
        return await self.reads.last_table(platform, chat_id)

    async def saved_rolls(self, platform: str, user_id: str) -> Sequence[SavedRoll]:
        return await self.reads.saved_rolls(platform, user_id)

    async def saved_roll(self, platform: str, user_id: str, name: str) -> SavedRoll | None:
        return await self.reads.saved_roll(platform, user_id, name)

    async def recent(self, platform: str, chat_id: str, limit: int) -> list[tuple[datetime, str]]:
        return await self.reads.recent(platform, chat_id, limit)

    async def count_rolls(self, platform: str, chat_id: str) -> int:
        """Rolls logged in this chat: committed ones, and this command's own."""
        mine = sum(1 for r in self.rolls if (r["platform"], r["chat_id"]) == (platform, chat_id))
        return await self.reads.count_rolls(platform, chat_id) + mine

    async def deadlines(self, table_id: int) -> Sequence[Deadline]:
        return await self.reads.deadlines(table_id)

    async def ratings(
        self, platform: str, chat_id: str, game: str, user_ids: Collection[str]
    ) -> dict[str, Rating]:
        """Read before the write (only the chat's one open table moves them), written back whole."""
        found = await self.reads.ratings(platform, chat_id, game, user_ids)
        self.known_ratings += found.values()
        return found

    async def chat_ratings(
        self, platform: str, chat_id: str, game: str | None = None
    ) -> Sequence[Rating]:
        return await self.reads.chat_ratings(platform, chat_id, game)

    # ---- tables and seats ----

    async def create_table(
        self,
        *,
        platform: str,
        chat_id: str,
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        creator_id: str,
    ) -> Table:
        """A new lobby; its id is taken now (so its replies can name it), its row is written
        with the command, which also moves the chat's revision: one new table at a time. Its
        versions go on from the chat's last table's, so a button made for that one is never
        taken for this one's (`first_version`)."""
        last = await self.reads.last_table(platform, chat_id)
        version = last.version + 1 if last is not None else 0
        table = Table(
            id=await self.reads.new_table_id(),
            platform=platform,
            chat_id=chat_id,
            game=game,
            options=options,
            settings={**settings, "first_version": version},
            creator_id=creator_id,
            status=TableStatus.LOBBY,
            version=version,
        )
        self.watch(table, made=True)
        return table

    @staticmethod
    def bump(table: Table) -> int:
        """The one place a table's version moves: every change a button could have been made for."""
        table.version += 1
        return table.version

    @staticmethod
    def save_state(table: Table, state: Any, rng_position: int) -> None:
        table.state = state
        table.rng_position = rng_position

    def touch(self, table: Table) -> None:
        """Write the table row (moving its revision) though nothing of it changed: what a cached
        copy holds with it, such as its chat's settings, did."""
        for watched in self.watched:
            if watched.table is table:
                watched.touched = True

    @staticmethod
    def update_settings(table: Table, **values: Any) -> None:
        table.settings = {**table.settings, **values}

    @staticmethod
    def update_chat_data(chat: Chat, **values: Any) -> None:
        chat.data = {**chat.data, **values}

    @staticmethod
    def update_chat_settings(chat: Chat, **values: Any) -> None:
        """None removes a key: the chat falls back to the config file's value."""
        merged = {**chat.settings, **values}
        chat.settings = {k: v for k, v in merged.items() if v is not None}

    @staticmethod
    def add_seat(table: Table, name: str, user_id: str | None, is_bot: bool) -> Seat:
        seat = Seat(position=len(table.seats), name=name, user_id=user_id, is_bot=is_bot)
        table.seats.append(seat)
        return seat

    @staticmethod
    async def remove_seat(table: Table, seat: Seat) -> None:
        """The gap closes; the write deletes the seat before it moves the others."""
        table.seats.remove(seat)
        for position, other in enumerate(table.seats):
            other.position = position

    # ---- the log ----

    @staticmethod
    def take_seq(table: Table) -> int:
        """The next action number, kept on the table row so no query is needed."""
        seq = table.next_seq
        table.next_seq = seq + 1
        return seq

    def add_action(self, **values: Any) -> None:
        self.new_actions.append({"snapshot": None, "cause": None, **values, "created_at": utcnow()})

    async def delete_action(self, table: Table, action: ActionRow) -> None:
        """Take back the last action; its number is free again."""
        mine = [a for a in self.new_actions if a["table_id"] == table.id and a["seq"] == action.seq]
        if mine:
            self.new_actions.remove(mine[0])
        else:
            self.dropped_actions.append((table.id, action.seq))
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
        self.rolls.append(
            {
                "platform": platform,
                "chat_id": chat_id,
                "user_name": user_name,
                "text": text,
                "created_at": utcnow(),
                "user_id": user_id,
                "secret": secret,
            }
        )

    async def save_roll(self, platform: str, user_id: str, name: str, expression: str) -> None:
        """Insert or replace: two chats saving one name do not collide."""
        self.saved.append(
            {
                "platform": platform,
                "user_id": user_id,
                "name": name,
                "expression": expression,
                "created_at": utcnow(),
            }
        )

    async def forget_roll(self, platform: str, user_id: str, name: str) -> bool:
        if await self.reads.saved_roll(platform, user_id, name) is None:
            return False
        self.forgotten.append((platform, user_id, name))
        return True

    # ---- results, ratings, deadlines ----

    def add_result(
        self,
        table: Table,
        winners: list[int],
        scores: dict[str, float | int],
        seat_scores: Sequence[float | int] = (),
        sides: Sequence[int] = (),
    ) -> None:
        """The game's result; each seat keeps its own score and side, so its ratings can be
        rated again in order (two seats may share a name, `scores`' keys)."""
        seats: list[dict[str, Any]] = [
            {"name": s.name, "bot": s.is_bot, "user_id": s.user_id} for s in table.seats
        ]
        for seat, score in zip(seats, seat_scores, strict=False):
            seat["score"] = score
        for seat, side in zip(seats, sides, strict=False):
            seat["side"] = side
        self.results.append(
            Result(
                table_id=table.id,
                game=table.game,
                platform=table.platform,
                chat_id=table.chat_id,
                winners=winners,
                scores=scores,
                seats=seats,
                finished_at=utcnow(),
            )
        )

    def add_rating(self, rating: Rating) -> None:
        self.new_ratings.append(rating)

    def add_deadline(self, table: Table, seat: int, fire_at: datetime, due_at: datetime) -> None:
        row = {
            "table_id": table.id,
            "platform": table.platform,
            "chat_id": table.chat_id,
            "seat": seat,
            "kind": "remind",
            "fire_at": fire_at,
            "due_at": due_at,
            "claimed_until": None,
        }
        self.deadline_ops.append(("add", row))

    async def delete_deadlines(self, table_id: int, seats: Collection[int] | None = None) -> None:
        self.deadline_ops.append(("drop", (table_id, None if seats is None else sorted(seats))))

    def set_deadline(self, row: Deadline) -> None:
        """Write back a deadline the command changed (a reminder that became the timeout)."""
        self.deadline_ops.append(("set", row))

    # ---- what the commit asks ----

    def written(self) -> None:
        """Once committed: the rows' new revisions, so the cache holds what is stored."""
        chat_changed, tables = self.plan()
        if chat_changed:
            self.chat.revision = (self.chat.revision or 0) + 1
        for watched in tables:
            table = watched.table
            table.revision = 1 if watched.values is None else (table.revision or 0) + 1

    def plan(self) -> tuple[bool, tuple[Watched, ...]]:
        """Whether the chat row is written (it changed, or a table was made: one new table at a
        time per chat) and which tables are; asked once the command is done, so kept."""
        if self._plan is None:
            chat_changed = (
                self.chat_values is None
                or differs(self.chat.values(), self.chat_values)
                or any(w.values is None for w in self.watched)
            )
            self._plan = (chat_changed, tuple(w for w in self.watched if changed_table(w)))
        return self._plan

    def touches_a_table(self) -> bool:
        """Whether a table row is written (its revision checked by the commit)."""
        return bool(self.plan()[1])

    def empty(self) -> bool:
        """Nothing to write but the update's claim."""
        chat_changed, tables = self.plan()
        return not (
            chat_changed
            or tables
            or self.new_actions
            or self.dropped_actions
            or self.deadline_ops
            or self.results
            or self.known_ratings
            or self.new_ratings
            or self.rolls
            or self.saved
            or self.forgotten
        )


def changed_table(watched: Watched) -> bool:
    """Whether the table's row or seats are written: made, touched, or any value not the one read
    (JSON values by identity: they are replaced, never changed in place)."""
    table = watched.table
    if watched.values is None or watched.touched:
        return True
    if differs(table.values(), watched.values):
        return True
    stored = watched.seats
    if len(stored) != len(table.seats):
        return True
    return any(seat.id not in stored or stored[seat.id] != seat.values() for seat in table.seats)


def changed(now: Any, then: Any) -> bool:
    """Whether a value changed: JSON values (dicts, lists) by identity, as they are replaced and
    never changed in place, so a changed game state is never compared deeply."""
    return now is not then and (isinstance(now, dict | list) or now != then)


def differs(now: tuple[Any, ...], then: tuple[Any, ...]) -> bool:
    """Whether any of the values changed (see `changed`)."""
    return any(map(changed, now, then))  # both from the same `values()`: of one length
