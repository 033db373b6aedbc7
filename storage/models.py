"""SQLAlchemy models: tables, seats and their action log, chats, processed updates, results,
turn deadlines, ratings and stored buttons."""

from __future__ import annotations

import enum
from datetime import datetime, timedelta
from time import time_ns
from typing import Any, ClassVar

from sqlalchemy import JSON, Enum, Float, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column, relationship

EPOCH = datetime(1970, 1, 1)


def utcnow() -> datetime:
    """Now in UTC, naive (as the columns keep it): the epoch plus the clock's microseconds, at
    half the cost of `datetime.now(UTC).replace(tzinfo=None)` (called several times a move)."""
    return EPOCH + timedelta(0, 0, time_ns() // 1000)


class TableStatus(enum.StrEnum):
    """A table waits for players, is played, or is over (with or without a result)."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"


OPEN_STATUSES = (TableStatus.LOBBY, TableStatus.ACTIVE)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class Chat(Base):
    """One chat (channel, group, console session): its own dice generator and chat-level data."""

    __tablename__ = "chats"

    platform: Mapped[str] = mapped_column(String(20), primary_key=True)
    chat_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seed: Mapped[str] = mapped_column(String(64))
    rng_position: Mapped[int] = mapped_column(default=0)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    """What the chat's admins chose with /settings (board, language, turn_time, games)."""
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    """Moves with every write of the row, which is checked against it (as `tables.revision`)."""


class GameTable(Base):
    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_chat_status", "platform", "chat_id", "status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(20))
    chat_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(40))
    status: Mapped[TableStatus] = mapped_column(
        Enum(
            TableStatus,
            native_enum=False,
            length=10,
            create_constraint=False,
            values_callable=lambda members: [m.value for m in members],
        ),
        default=TableStatus.LOBBY,
    )
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    creator_id: Mapped[str] = mapped_column(String(64))
    seed: Mapped[str | None] = mapped_column(String(64), default=None)
    commitment: Mapped[str | None] = mapped_column(String(64), default=None)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    rng_position: Mapped[int] = mapped_column(default=0)
    version: Mapped[int] = mapped_column(default=0)
    next_seq: Mapped[int] = mapped_column(default=1, server_default="1")  # the next action's number
    board_message: Mapped[str | None] = mapped_column(String(64), default=None)
    """The platform's id of the table's live board message in its chat (edited in place)."""
    board_after: Mapped[int] = mapped_column(default=0, server_default="0")
    """Messages the table has posted to its chat since the board; past a few it is posted anew."""
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    """Moves with every write of the row (the store's writes and `set_board_message`
    move it), so a cached copy is never written back over a newer one."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    @declared_attr.directive
    def __mapper_args__(cls) -> dict[str, Any]:
        return {"version_id_col": cls.__table__.c.revision}

    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.position", cascade="all, delete-orphan"
    )
    options_row: Mapped[TableOptions | None] = relationship(
        lazy="selectin", cascade="all, delete-orphan"
    )

    @property
    def options(self) -> dict[str, Any]:
        """The `/new` options, kept in a row of their own (`TableOptions`)."""
        return self.options_row.options if self.options_row is not None else {}

    @options.setter
    def options(self, value: dict[str, Any]) -> None:
        if self.options_row is None:
            self.options_row = TableOptions(options=value)
        else:
            self.options_row.options = value


class TableOptions(Base):
    """A table's `/new` options, in a row of their own: written once with the table and never
    again. A move rewrites its table's row, which SQLite writes whole: options that hold a
    units file or a chat's 300 units (up to 200 KB) would be written again at every move."""

    __tablename__ = "table_options"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    position: Mapped[int]
    user_id: Mapped[str | None] = mapped_column(String(64), default=None)
    name: Mapped[str] = mapped_column(String(64))
    is_bot: Mapped[bool] = mapped_column(default=False)

    table: Mapped[GameTable] = relationship(back_populates="seats")


class ActionRow(Base):
    """One applied command; `digest` is the state hash after it, so `verify` can name where a replay parts."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    """Found by the unique (table_id, seq) index, which starts with it."""
    seq: Mapped[int]
    seat: Mapped[int]
    user_id: Mapped[str | None] = mapped_column(String(64), default=None)
    verb: Mapped[str] = mapped_column(String(40))
    args: Mapped[list[Any]] = mapped_column(default=list)
    summary: Mapped[str] = mapped_column(Text, default="")
    undoable: Mapped[bool] = mapped_column(default=False)
    digest: Mapped[str] = mapped_column(String(64), default="")
    cause: Mapped[str | None] = mapped_column(String(16), default=None)
    """None for a player's own command; "timeout" when the referee moved for an idle seat."""
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), default=None)
    """Every SNAPSHOT_EVERY actions: {"state": ..., "rng": position} after this action."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RollRow(Base):
    """A `/roll` made outside a game, for `/history`: `text` is what /history shows (every die, even
    of a roll the chat saw collapsed); a private roll's result is kept in `secret`, shown nowhere."""

    __tablename__ = "rolls"

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(20))
    chat_id: Mapped[str] = mapped_column(String(64), index=True)
    user_name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    user_id: Mapped[str | None] = mapped_column(String(64), default=None)
    secret: Mapped[str | None] = mapped_column(Text, default=None)


class SavedRoll(Base):
    """One user's named roll on one platform (`/roll save NAME EXPR`, then `/roll NAME`)."""

    __tablename__ = "saved_rolls"

    platform: Mapped[str] = mapped_column(String(20), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    expression: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ButtonSet(Base):
    """Buttons whose payload does not fit the platform (Telegram's 64 bytes of callback data):
    the message carries `token` (and an index or a page), the table's chat, the version they
    were made for and the commands live here, so they work after a restart."""

    __tablename__ = "button_sets"

    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    platform: Mapped[str] = mapped_column(String(20))
    chat_id: Mapped[str] = mapped_column(String(64))
    version: Mapped[int | None] = mapped_column(default=None)
    buttons: Mapped[list[Any]] = mapped_column(default=list)  # [[label, command], ...]
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class ProcessedUpdate(Base):
    """An update already applied, so a redelivered one is not; on SQLite WITHOUT ROWID, so claiming
    one writes one b-tree page, not a table's and its key's."""

    __tablename__ = "processed_updates"
    __table_args__ = ({"sqlite_with_rowid": False},)

    platform: Mapped[str] = mapped_column(String(20), primary_key=True)
    update_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    processed_at: Mapped[datetime] = mapped_column(default=utcnow)


class Result(Base):
    __tablename__ = "results"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    platform: Mapped[str] = mapped_column(String(20))
    chat_id: Mapped[str] = mapped_column(String(64))
    winners: Mapped[list[Any]] = mapped_column(default=list)
    scores: Mapped[dict[str, Any]] = mapped_column(default=dict)
    seats: Mapped[list[Any]] = mapped_column(default=list)
    finished_at: Mapped[datetime] = mapped_column(default=utcnow)


class Deadline(Base):
    """One idle seat's turn timer: a reminder at `fire_at`, then the timeout at `due_at`.
    Swept with FOR UPDATE SKIP LOCKED; `claimed_until` is the lease of the process firing it."""

    __tablename__ = "deadlines"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    platform: Mapped[str] = mapped_column(String(20))
    chat_id: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int]
    kind: Mapped[str] = mapped_column(String(10))  # "remind", then "timeout"
    fire_at: Mapped[datetime] = mapped_column(index=True)
    due_at: Mapped[datetime]
    claimed_until: Mapped[datetime | None] = mapped_column(default=None)


class Rating(Base):
    """One player's record in one chat and game: counts for /stats, openskill mu/sigma for
    /leaderboard (moved only by games of humans that finished with a result)."""

    __tablename__ = "ratings"

    platform: Mapped[str] = mapped_column(String(20), primary_key=True)
    chat_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    games: Mapped[int] = mapped_column(default=0)
    wins: Mapped[int] = mapped_column(default=0)
    rated: Mapped[int] = mapped_column(default=0)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
