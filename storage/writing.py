"""A unit of work as statements, in sqlite3's or asyncpg's own words: one writer per dialect, and
the same statements for both (`?` or `$1`, the values as each driver takes them)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple, cast

from sqlalchemy import JSON, Boolean, Column, DateTime, Table

from storage.db import dump_json, json_text
from storage.models import (
    ActionRow,
    Chat,
    Deadline,
    GameTable,
    Rating,
    Result,
    RollRow,
    SavedRoll,
    Seat,
    TableOptions,
    TableStatus,
    utcnow,
)
from storage.rows import TABLE_FIELDS
from storage.rows import Seat as SeatValue
from storage.rows import Table as TableValue
from storage.work import Watched, Work, changed, differs

TABLES = cast(Table, GameTable.__table__)
OPTIONS = cast(Table, TableOptions.__table__)
SEATS = cast(Table, Seat.__table__)
CHATS = cast(Table, Chat.__table__)
RESULTS = cast(Table, Result.__table__)
RATINGS = cast(Table, Rating.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
DEADLINES = cast(Table, Deadline.__table__)
ROLLS = cast(Table, RollRow.__table__)
SAVED = cast(Table, SavedRoll.__table__)


class Stale(Exception):
    """A row the command read has been written since: the command runs again on fresh rows."""


def stamp(moment: datetime) -> str:
    """A DateTime as SQLAlchemy's SQLite dialect stores it ("%Y-%m-%d %H:%M:%S.%f")."""
    return moment.isoformat(" ", "microseconds")


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


def _time(value: datetime | None) -> str | None:
    return None if value is None else stamp(value)


def _json(value: Any) -> str | None:
    """A JSON column's value as both dialects store it: the text (orjson's, as `dump_json`)."""
    return None if value is None else dump_json(value)


@dataclass(frozen=True)
class Driver:
    """How a driver takes a statement: sqlite3 with `?` and the values SQLAlchemy's SQLite dialect
    would store (times as text, flags as 0/1); asyncpg with `$1` and the values themselves."""

    numbered: bool
    time: Callable[[datetime], Any] | None
    flag: Callable[[bool], Any] | None

    def sql(self, text: str) -> str:
        return _numbered(text) if self.numbered else text

    def at(self, moment: datetime) -> Any:
        return moment if self.time is None else self.time(moment)

    def conversion(self, column: Column[Any]) -> Callable[[Any], Any] | None:
        """What a value of this column goes through first (None: nothing)."""
        if isinstance(column.type, JSON):
            return _json
        if isinstance(column.type, DateTime):
            return self.time
        if isinstance(column.type, Boolean):
            return self.flag
        return None


SQLITE = Driver(numbered=False, time=_time, flag=_flag)
POSTGRES = Driver(numbered=True, time=None, flag=None)


@lru_cache(maxsize=256)
def _numbered(text: str) -> str:
    """`?` placeholders as PostgreSQL's `$1`, `$2`, ... (no statement here holds a literal `?`)."""
    parts = text.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class Statement(NamedTuple):
    """One statement and its rows of values; `check` names what its row count proves:
    "claimed" (0: the update was processed before), "moved" (not 1: a row read is stale);
    `into`: the seats whose new ids it returns, a row at a time."""

    sql: str
    rows: list[tuple[Any, ...]]
    check: str | None = None
    into: Sequence[SeatValue] = ()

    def holds(self, count: int | None) -> bool:
        """Whether the work goes on after this statement changed `count` rows (None: not told):
        False for an update claimed before; Stale for a row no longer at its revision."""
        if self.check == "claimed" and count == 0:
            return False
        if self.check == "moved" and count != 1:
            raise Stale(self.sql)
        return True


Conversions = tuple[tuple[int, Callable[[Any], Any]], ...]


@lru_cache(maxsize=128)
def _inserting(
    table: Table, names: tuple[str, ...], driver: Driver, tail: str = ""
) -> tuple[str, Callable[[Any], Any], Conversions]:
    """The INSERT of these columns (then `tail`), the getter of their values and their
    conversions (by position). A command's rows have a few shapes."""
    columns, marks = ", ".join(names), ", ".join("?" * len(names))
    sql = driver.sql(f"INSERT INTO {table.name} ({columns}) VALUES ({marks}){tail}")
    get = itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
    conversions = tuple(
        (i, f) for i, n in enumerate(names) if (f := driver.conversion(table.c[n])) is not None
    )
    return sql, get, conversions


def _inserts(driver: Driver, table: Table, rows: list[dict[str, Any]], tail: str = "") -> Statement:
    sql, get, conversions = _inserting(table, tuple(rows[0]), driver, tail)
    values = []
    for row in rows:
        value = list(get(row))
        for i, f in conversions:
            value[i] = f(value[i])
        values.append(tuple(value))
    return Statement(sql, values)


def _upserts(driver: Driver, table: Table, rows: list[dict[str, Any]], keys: str) -> Statement:
    """INSERT, or on its key's conflict UPDATE every other column."""
    changed = ", ".join(f"{n} = excluded.{n}" for n in rows[0] if n not in keys.split(", "))
    return _inserts(driver, table, rows, f" ON CONFLICT ({keys}) DO UPDATE SET {changed}")


def _columns(table: Table, row: Any) -> dict[str, Any]:
    """An ORM object's column values, for an INSERT (the database numbers the id)."""
    return {c.key: getattr(row, c.key) for c in table.columns if c.key != "id"}


CLAIM_SQL = (
    "INSERT INTO processed_updates (platform, update_id, processed_at)"
    " VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
)
CHAT_SQL = (
    "UPDATE chats SET rng_position = ?, data = ?, settings = ?, revision = ?"
    " WHERE platform = ? AND chat_id = ? AND revision = ?"
)
CHAT_INSERT_SQL = (
    "INSERT INTO chats (platform, chat_id, seed, rng_position, data, settings, revision)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
)
JSON_FIELDS = frozenset({"settings", "state"})
RATING_FIELDS = ("name", "games", "wins", "rated", "mu", "sigma")
RATING_SQL = (
    "UPDATE ratings SET name = ?, games = ?, wins = ?, rated = ?, mu = ?, sigma = ?,"
    " updated_at = ? WHERE platform = ? AND chat_id = ? AND game = ? AND user_id = ?"
)


@lru_cache(maxsize=64)
def _table_sql(fields: tuple[str, ...]) -> str:
    """The UPDATE of these columns of a table row at its revision. Only what the command changed
    is written: an unchanged `status` (setting an indexed column, even to its own value, rewrites
    its index page too) is not set again."""
    sets = "".join(f"{f} = ?, " for f in fields)
    return f"UPDATE tables SET {sets}revision = ?, updated_at = ? WHERE id = ? AND revision = ?"


def statements(work: Work, driver: Driver, now: datetime) -> Iterator[Statement]:
    """The work's statements in order, made as they are needed (a redelivered update stops the
    caller at the first): claim the update, the chat and table rows at their revisions, seats,
    then what the command added."""
    at = driver.at(now)
    if work.update is not None:
        yield Statement(driver.sql(CLAIM_SQL), [(*work.update, at)], "claimed")
    chat_changed, tables = work.plan()
    if chat_changed:
        yield _chat(work, driver)
    for watched in tables:
        yield from _table(watched, driver, now, at)
    yield from _log(work, driver)
    yield from _deadlines(work, driver)
    yield from _ends(work, driver, now)
    yield from _chat_rows(work, driver)


def _chat(work: Work, driver: Driver) -> Statement:
    chat = work.chat
    data, settings = dump_json(chat.data), dump_json(chat.settings)
    if chat.revision is None:
        row: tuple[Any, ...] = (chat.platform, chat.chat_id, chat.seed, chat.rng_position)
        return Statement(driver.sql(CHAT_INSERT_SQL), [(*row, data, settings, 1)], "moved")
    values = (chat.rng_position, data, settings, chat.revision + 1)
    keys = (chat.platform, chat.chat_id, chat.revision)
    return Statement(driver.sql(CHAT_SQL), [values + keys], "moved")


def _value(driver: Driver, field: str, value: Any) -> Any:
    if field in JSON_FIELDS:
        return _json(value)
    if field == "status":
        return TableStatus(value).value
    return value


def _state_text(table: TableValue) -> str | None:
    """The state's JSON text, kept on the table when orjson wrote it (Table.state_copy)."""
    if table.state is None:
        return None
    text, exact = json_text(table.state)
    table.written = (table.state, text) if exact else None
    return text


def _table(watched: Watched, driver: Driver, now: datetime, at: Any) -> Iterator[Statement]:
    """`at`: `now` as the driver takes it."""
    table = watched.table
    if watched.values is None:
        row = {name: getattr(table, name) for name in ("id", "platform", "chat_id", "game")}
        row |= {name: getattr(table, name) for name in TABLE_FIELDS}
        row |= {"status": TableStatus(table.status).value, "creator_id": table.creator_id}
        row |= {"revision": 1, "created_at": table.created_at, "updated_at": now}
        yield _inserts(driver, TABLES, [row])
        yield _inserts(driver, OPTIONS, [{"table_id": table.id, "options": table.options}])
    else:
        assert table.revision is not None
        now_values = table.values()
        fields = tuple(
            name
            for name, a, b in zip(TABLE_FIELDS, now_values, watched.values, strict=True)
            if changed(a, b)
        )
        sql = _table_sql(fields)
        values = tuple(
            _state_text(table) if f == "state" else _value(driver, f, getattr(table, f))
            for f in fields
        )
        keys = (table.revision + 1, at, table.id, table.revision)
        yield Statement(driver.sql(sql), [values + keys], "moved")
    yield from _seats(watched, driver)


def _seats(watched: Watched, driver: Driver) -> Iterator[Statement]:
    """Deleted seats first, then moved ones, then new ones (ids returned): (table, position)
    stays unique throughout."""
    table, stored = watched.table, watched.seats
    kept = {seat.id for seat in table.seats}
    gone = [(seat_id,) for seat_id in stored if seat_id not in kept]
    if gone:
        yield Statement(driver.sql("DELETE FROM seats WHERE id = ?"), gone)
    moved = [
        (
            seat.position,
            seat.user_id,
            seat.name,
            driver.flag(seat.is_bot) if driver.flag else seat.is_bot,
            seat.id,
        )
        for seat in table.seats
        if seat.id is not None and differs(seat.values(), stored[seat.id])
    ]
    if moved:
        sql = "UPDATE seats SET position = ?, user_id = ?, name = ?, is_bot = ? WHERE id = ?"
        yield Statement(driver.sql(sql), moved)
    new = [seat for seat in table.seats if seat.id is None]
    if new:
        rows = [
            {
                "table_id": table.id,
                "position": s.position,
                "user_id": s.user_id,
                "name": s.name,
                "is_bot": s.is_bot,
            }
            for s in new
        ]
        inserted = _inserts(driver, SEATS, rows, " RETURNING id")
        yield inserted._replace(into=new)


def _log(work: Work, driver: Driver) -> Iterator[Statement]:
    if work.dropped_actions:
        sql = "DELETE FROM actions WHERE table_id = ? AND seq = ?"
        yield Statement(driver.sql(sql), list(work.dropped_actions))
    if work.new_actions:
        yield _inserts(driver, ACTIONS, work.new_actions)


def _deadlines(work: Work, driver: Driver) -> Iterator[Statement]:
    for kind, what in work.deadline_ops:
        if kind == "add":
            yield _inserts(driver, DEADLINES, [what])
        elif kind == "set":
            sql = "UPDATE deadlines SET kind = ?, fire_at = ?, claimed_until = ? WHERE id = ?"
            row = (what.kind, driver.at(what.fire_at), _at(driver, what.claimed_until), what.id)
            yield Statement(driver.sql(sql), [row])
        else:
            table_id, seats = what
            if seats is None:
                yield Statement(
                    driver.sql("DELETE FROM deadlines WHERE table_id = ?"), [(table_id,)]
                )
            elif seats:
                sql = "DELETE FROM deadlines WHERE table_id = ? AND seat = ?"
                yield Statement(driver.sql(sql), [(table_id, seat) for seat in seats])


def _at(driver: Driver, moment: datetime | None) -> Any:
    return None if moment is None else driver.at(moment)


def _ends(work: Work, driver: Driver, now: datetime) -> Iterator[Statement]:
    """A game's result and its players' ratings."""
    if work.results:
        yield _inserts(driver, RESULTS, [_columns(RESULTS, r) for r in work.results])
    if work.new_ratings:
        rows = [_columns(RATINGS, r) | {"updated_at": now} for r in work.new_ratings]
        yield _inserts(driver, RATINGS, rows)
    if work.known_ratings:
        at = driver.at(now)
        rows_known = [
            (
                *(getattr(r, key) for key in RATING_FIELDS),
                at,
                r.platform,
                r.chat_id,
                r.game,
                r.user_id,
            )
            for r in work.known_ratings
        ]
        yield Statement(driver.sql(RATING_SQL), rows_known)


def _chat_rows(work: Work, driver: Driver) -> Iterator[Statement]:
    """Rows of the chat and its users: rolls and saved rolls."""
    if work.rolls:
        yield _inserts(driver, ROLLS, work.rolls)
    for row in work.saved:
        yield _upserts(driver, SAVED, [row], "platform, user_id, name")
    if work.forgotten:
        sql = "DELETE FROM saved_rolls WHERE platform = ? AND user_id = ? AND name = ?"
        yield Statement(driver.sql(sql), list(work.forgotten))


def run_sqlite(cursor: sqlite3.Cursor, work: Work, now: datetime) -> bool:
    """One unit of work on an open transaction: False for a redelivered update (nothing written),
    Stale when a row read is no longer at its revision."""
    for statement in statements(work, SQLITE, now):
        if statement.into:
            for seat, row in zip(statement.into, statement.rows, strict=True):
                seat.id = int(cursor.execute(statement.sql, row).fetchone()[0])
                seat.table_id = row[0]
            continue
        if len(statement.rows) == 1:
            count = cursor.execute(statement.sql, statement.rows[0]).rowcount
        else:
            count = cursor.executemany(statement.sql, statement.rows).rowcount
        if not statement.holds(count):
            return False
    return True


async def run_postgres(db: Any, work: Work) -> bool:
    """One unit of work in asyncpg's own words, in one transaction on a connection of the
    writer's own: one round trip a statement, as with the driver alone."""
    async with db.transaction():
        for statement in statements(work, POSTGRES, utcnow()):
            if statement.into:
                for seat, row in zip(statement.into, statement.rows, strict=True):
                    seat.id = int(await db.fetchval(statement.sql, *row))
                    seat.table_id = row[0]
                continue
            count = None
            if len(statement.rows) == 1:
                done: str = await db.execute(statement.sql, *statement.rows[0])
                count = int(done.rsplit(" ", 1)[1])  # "INSERT 0 1", "UPDATE 1"
            else:
                await db.executemany(statement.sql, statement.rows)
            if not statement.holds(count):
                return False
    return True
