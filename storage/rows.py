"""A chat, a table and its seats as plain typed values: what bot/ reads and changes during a
command. No session tracks them; a command works on its own copy, and the store writes what it
changed (checked against the revision it was read at)."""

from __future__ import annotations

from datetime import datetime
from operator import attrgetter
from typing import Any

import orjson

from storage.models import TableStatus, utcnow


class Seat:
    """One seat of a table; `id` is None until the seat is written."""

    __slots__ = ("id", "is_bot", "name", "position", "table_id", "user_id")

    def __init__(
        self,
        *,
        position: int,
        name: str,
        user_id: str | None = None,
        is_bot: bool = False,
        id: int | None = None,
        table_id: int | None = None,
    ) -> None:
        self.id = id
        self.table_id = table_id
        self.position = position
        self.user_id = user_id
        self.name = name
        self.is_bot = is_bot

    def values(self) -> tuple[Any, ...]:
        """What a write compares with the seat as it was read."""
        return (self.position, self.user_id, self.name, self.is_bot)

    def copy(self) -> Seat:
        return Seat(
            id=self.id,
            table_id=self.table_id,
            position=self.position,
            name=self.name,
            user_id=self.user_id,
            is_bot=self.is_bot,
        )


class Chat:
    """One chat: its own dice generator, its data (custom units, ...) and its settings."""

    __slots__ = ("chat_id", "data", "platform", "revision", "rng_position", "seed", "settings")

    def __init__(
        self,
        *,
        platform: str,
        chat_id: str,
        seed: str,
        rng_position: int = 0,
        data: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        revision: int | None = None,
    ) -> None:
        self.platform = platform
        self.chat_id = chat_id
        self.seed = seed
        self.rng_position = rng_position
        self.data: dict[str, Any] = data if data is not None else {}
        self.settings: dict[str, Any] = settings if settings is not None else {}
        self.revision = revision
        """The stored row's revision; None for a chat not stored yet."""

    def values(self) -> tuple[Any, ...]:
        return (self.rng_position, self.data, self.settings)

    def copy(self) -> Chat:
        return Chat(
            platform=self.platform,
            chat_id=self.chat_id,
            seed=self.seed,
            rng_position=self.rng_position,
            data=self.data,
            settings=self.settings,
            revision=self.revision,
        )


TABLE_FIELDS = (
    "status",
    "settings",
    "seed",
    "commitment",
    "state",
    "rng_position",
    "version",
    "next_seq",
    "board_message",
    "board_after",
)
"""The columns a command may change (a table's chat, game, creator and options never change:
the options are written once, in a row of their own)."""
_TABLE_VALUES = attrgetter(*TABLE_FIELDS)


class Table:
    """One game table and its seats. A command changes its copy in place; JSON values (options,
    settings, state) are replaced, never changed in place, so a copy may share them."""

    __slots__ = (
        "board_after",
        "board_message",
        "chat_id",
        "commitment",
        "created_at",
        "creator_id",
        "game",
        "id",
        "next_seq",
        "options",
        "platform",
        "revision",
        "rng_position",
        "seats",
        "seed",
        "settings",
        "state",
        "status",
        "updated_at",
        "version",
        "written",
    )

    def __init__(
        self,
        *,
        id: int,
        platform: str,
        chat_id: str,
        game: str,
        creator_id: str,
        status: TableStatus = TableStatus.LOBBY,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        seed: str | None = None,
        commitment: str | None = None,
        state: Any = None,
        rng_position: int = 0,
        version: int = 0,
        next_seq: int = 1,
        board_message: str | None = None,
        board_after: int = 0,
        revision: int | None = None,
        created_at: datetime | None = None,
        updated_at: datetime | None = None,
        seats: list[Seat] | None = None,
    ) -> None:
        now = utcnow()
        self.id = id
        self.platform = platform
        self.chat_id = chat_id
        self.game = game
        self.creator_id = creator_id
        self.status = TableStatus(status)
        self.options: dict[str, Any] = options if options is not None else {}
        self.settings: dict[str, Any] = settings if settings is not None else {}
        self.seed = seed
        self.commitment = commitment
        self.state: Any = state
        self.rng_position = rng_position
        self.version = version
        self.next_seq = next_seq
        self.board_message = board_message
        self.board_after = board_after
        self.revision = revision
        """The stored row's revision; None for a table not stored yet."""
        self.created_at = created_at or now
        self.updated_at = updated_at or now
        self.seats: list[Seat] = seats if seats is not None else []
        self.written: tuple[Any, str] | None = None
        """(a state, the JSON text the store wrote for it): the next command's working copy is
        read back from it (see `state_copy`)."""

    def values(self) -> tuple[Any, ...]:
        values: tuple[Any, ...] = _TABLE_VALUES(self)
        return values

    def copy(self) -> Table:
        """A command's own copy: its fields and seats, sharing the (never changed) JSON values."""
        other = Table.__new__(Table)
        other.board_after = self.board_after
        other.board_message = self.board_message
        other.chat_id = self.chat_id
        other.commitment = self.commitment
        other.created_at = self.created_at
        other.creator_id = self.creator_id
        other.game = self.game
        other.id = self.id
        other.next_seq = self.next_seq
        other.options = self.options
        other.platform = self.platform
        other.revision = self.revision
        other.rng_position = self.rng_position
        other.seed = self.seed
        other.settings = self.settings
        other.state = self.state
        other.status = self.status
        other.updated_at = self.updated_at
        other.version = self.version
        other.seats = [seat.copy() for seat in self.seats]
        other.written = self.written
        return other

    def state_copy(self) -> Any | None:
        """A copy of the state for a command to change, read back from the text the store wrote
        for it, as its row gives it back (half the work of copying it); None when the store has
        not written this state."""
        written = self.written
        if written is None or written[0] is not self.state:
            return None
        return orjson.loads(written[1])
