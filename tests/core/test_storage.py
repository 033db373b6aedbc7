"""Storage on SQLite always and on PostgreSQL when PAPERREF_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, select, text, update

from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.ratings import history
from bot.replies import Public
from storage.db import alembic_config, create_engine, migrate, sessions
from storage.models import ButtonSet, ProcessedUpdate, Result, utcnow
from storage.upkeep import Upkeep

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/s.db"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


def command(chat: str, user: str, verb: str, *args: str, update: str | None = None) -> Invocation:
    return Invocation("test", chat, user, user, verb, list(args), update_id=update)


async def test_migration_creates_every_table(url: str) -> None:
    engine = create_engine(url)
    await migrate(engine)
    await migrate(engine)  # a second start is a no-op
    async with engine.connect() as connection:
        names = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
        version = (await connection.execute(text("select version_num from alembic_version"))).one()
    assert {
        "tables",
        "seats",
        "actions",
        "processed_updates",
        "results",
        "chats",
        "saved_rolls",
    } <= names
    assert version[0] == ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert version[0] >= "0004"
    await engine.dispose()


async def test_restart_continues_and_updates_apply_once(url: str) -> None:
    chat = uuid.uuid4().hex
    first = await make_referee(url)
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "3", update=chat + "1")):  # fmt: skip
        await first.handle(inv)
    second = await make_referee(url)
    assert await second.handle(command(chat, "a", "step", "3", update=chat + "1")) == []
    replies = await second.handle(command(chat, "b", "step", "2"))
    assert [r.text.split("\n")[0] for r in replies] == ["b steps to 2."]
    status = await second.handle(command(chat, "a", "status"))
    assert "a: 3" in status[0].text and "b: 2" in status[0].text


async def test_a_report_posted_past_its_count_moves_the_board_count(url: str) -> None:
    """A report its command counted as an edit but posted (its turn's message forgotten) is
    one more message below the board: the count is written, and the cached table sees it."""
    chat = uuid.uuid4().hex
    referee = await make_referee(url)
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start")):  # fmt: skip
        await referee.handle(inv)
    table = await referee.store.queries.open_table("test", chat)
    assert table is not None
    await referee.board_posted(table.id, "m1")
    await referee.posted_below(table.id)
    await referee.posted_below(table.id)
    after = await referee.store.queries.open_table("test", chat)
    assert after is not None and (after.board_message, after.board_after) == ("m1", 2)
    replies = await referee.handle(command(chat, "a", "step", "2"))  # the cache is not stale
    assert replies[0].text.startswith("a steps to 2.")
    await referee.close()


async def test_concurrent_clicks_apply_once(url: str) -> None:
    chat = uuid.uuid4().hex
    referee = await make_referee(url)
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start")):  # fmt: skip
        await referee.handle(inv)
    results = await asyncio.gather(
        *(referee.handle(command(chat, "a", "step", "1")) for _ in range(6))
    )
    applied = [r for r in results if r and r[0].text.startswith("a steps to 1.")]
    refused = [r for r in results if r and r[0].text == "It is b's turn, not yours."]
    assert len(applied) == 1 and len(refused) == 5


async def test_results_are_recorded(url: str) -> None:
    chat = uuid.uuid4().hex
    referee = await make_referee(url)
    for inv in (command(chat, "a", "new", "race", "--goal", "3"), command(chat, "b", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "3")):  # fmt: skip
        replies = await referee.handle(inv)
    over = replies[0]
    assert isinstance(over, Public)
    assert over.outcome == {"winners": ["a"], "scores": {"a": 3, "b": 0}}
    engine = create_engine(url)
    async with engine.connect() as connection:
        row = (
            await connection.execute(
                text("select winners, game from results where chat_id = :c"), {"c": chat}
            )
        ).one()
    winners = json.loads(row[0]) if isinstance(row[0], str) else row[0]
    assert row[1] == "race" and winners == [0]
    await engine.dispose()


async def test_upgrading_keeps_numbering_actions_after_the_last_one(url: str) -> None:
    """Migration 0004 moves the next action number onto the table row, from the log."""
    from alembic import command as alembic

    def step(revision: str, down: bool = False) -> Callable[[Connection], None]:
        run = alembic.downgrade if down else alembic.upgrade
        return lambda connection: run(alembic_config(connection), revision)

    referee = await make_referee(url)
    chat = uuid.uuid4().hex
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "1")):  # fmt: skip
        await referee.handle(inv)
    engine = create_engine(url)
    async with engine.begin() as connection:
        await connection.run_sync(step("0003", down=True))
        await connection.run_sync(step("head"))
        query = text("select next_seq from tables where chat_id = :c")
        row = (await connection.execute(query, {"c": chat})).one()
    assert row[0] == 2
    replies = await referee.handle(command(chat, "b", "step", "2"))
    assert [r.text.split("\n")[0] for r in replies] == ["b steps to 2."]
    await referee.close()
    await engine.dispose()


async def test_upgrading_to_live_boards_keeps_every_seat_and_action(url: str) -> None:
    """Migration 0005 adds the board columns and button_sets with plain ALTER/CREATE: a table's
    seats and actions survive it (a batch copy of `tables` would cascade-delete them on SQLite),
    and the board message and stored buttons work after it."""
    from alembic import command as alembic

    referee = await make_referee(url)
    chat = uuid.uuid4().hex
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "1")):  # fmt: skip
        await referee.handle(inv)
    engine = create_engine(url)
    counts = text(
        "select (select count(*) from seats s join tables t on s.table_id = t.id"
        " where t.chat_id = :c), (select count(*) from actions a join tables t"
        " on a.table_id = t.id where t.chat_id = :c)"
    )
    async with engine.begin() as connection:
        before = (await connection.execute(counts, {"c": chat})).one()
        await connection.run_sync(lambda c: alembic.downgrade(alembic_config(c), "0004"))
        names = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
        assert "button_sets" not in names
        await connection.run_sync(lambda c: alembic.upgrade(alembic_config(c), "head"))
        after = (await connection.execute(counts, {"c": chat})).one()
    await engine.dispose()
    assert tuple(before) == tuple(after) == (2, 1)
    replies = await referee.handle(command(chat, "b", "step", "2"))
    board = replies[-1]
    assert board.live is not None and board.live.message_id is None  # type: ignore[union-attr]
    await referee.board_posted(board.live.table_id, "m1")  # type: ignore[union-attr]
    assert await referee.board_message("test", chat) == "m1"
    token = await referee.store_buttons("test", chat, 3, [("Build", "/build 1 2")])
    assert await referee.stored_buttons(token) == ("test", chat, 3, [("Build", "/build 1 2")])
    await referee.close()


async def test_the_migrated_schema_is_the_models_and_keeps_processed_updates(url: str) -> None:
    """After every migration the database is what the models declare (Alembic's own comparison
    finds nothing), and migration 0007's rebuild of processed_updates on SQLite keeps every
    claimed update: one redelivered after the downgrade and upgrade is still applied only once."""
    from alembic import command as alembic
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from storage.models import Base

    referee = await make_referee(url)
    chat = uuid.uuid4().hex
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "1", update=chat)):  # fmt: skip
        await referee.handle(inv)
    await referee.close()
    engine = create_engine(url)

    def differences(connection: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))

    async with engine.begin() as connection:
        await connection.run_sync(lambda c: alembic.downgrade(alembic_config(c), "0006"))
        await connection.run_sync(lambda c: alembic.upgrade(alembic_config(c), "head"))
        assert await connection.run_sync(differences) == []
        indexes = await connection.run_sync(lambda c: inspect(c).get_indexes("actions"))
        assert [i["name"] for i in indexes if i["column_names"] == ["table_id"]] == []
        if connection.dialect.name == "sqlite":
            query = text("select sql from sqlite_master where name = 'processed_updates'")
            assert "WITHOUT ROWID" in (await connection.execute(query)).scalar_one()
    await engine.dispose()
    again = await make_referee(url)
    assert await again.handle(command(chat, "a", "step", "1", update=chat)) == []
    replies = await again.handle(command(chat, "b", "step", "2"))
    assert [r.text.split("\n")[0] for r in replies] == ["b steps to 2."]
    await again.close()


def test_json_columns_read_back_as_json_wrote_them() -> None:
    """dump_json (orjson) gives the values `json` would: integer keys as strings, Polish as is,
    integers past 64 bits through `json`; a dataclass or a datetime in a state is still refused."""
    import json as stdlib_json
    from dataclasses import dataclass
    from datetime import datetime

    from storage.db import dump_json, json_text

    state = {"names": ["Łucja", "Zoë"], "score": {1: 2.5, "2": -3}, "big": 2**70, "none": None}
    assert stdlib_json.loads(dump_json(state)) == stdlib_json.loads(stdlib_json.dumps(state))
    assert "Łucja" in dump_json(state["names"])  # UTF-8, not \\u escapes: fewer bytes per page
    assert json_text({"score": {1: 2}}) == ('{"score":{"1":2}}', True)  # still orjson's, exact

    @dataclass
    class Card:
        name: str

    for wrong in (Card("Knight"), datetime(2026, 1, 1)):
        with pytest.raises(TypeError):
            dump_json({"hand": [wrong]})
        with pytest.raises(TypeError):
            dump_json({1: [wrong]})


async def age(url: str, model: type[Any], rows: Any, days: int) -> None:
    """Make rows look `days` old, as if stored then."""
    engine = create_engine(url)
    column = model.processed_at if model is ProcessedUpdate else model.created_at
    async with engine.begin() as connection:
        await connection.execute(
            update(model).where(rows).values({column: utcnow() - timedelta(days=days)})
        )
    await engine.dispose()


async def test_forgetting_update_ids_walks_a_step_at_a_time_and_keeps_recent_ones(url: str) -> None:
    referee = await make_referee(url)
    engine = referee.store.engine
    platform = "p" + uuid.uuid4().hex[:12]
    ids = [f"{n:03d}" for n in range(12)]

    def games(update_id: str) -> Invocation:
        """A command that is answered and writes nothing but its update's claim."""
        return Invocation(platform, "c1", "a", "a", "games", [], update_id=update_id)

    for update_id in ids:
        assert await referee.handle(games(update_id))  # claimed: answered
    assert await referee.handle(games("003")) == []  # a redelivery is answered with nothing
    mine = ProcessedUpdate.platform == platform
    await age(url, ProcessedUpdate, mine & ProcessedUpdate.update_id.in_(ids[::2]), days=3)

    async def left() -> list[str]:
        async with sessions(engine)() as session:
            found = await session.execute(select(ProcessedUpdate.update_id).where(mine))
            return sorted(found.scalars())

    assert await left() == ids
    walked: list[tuple[str, str] | None] = [(platform, "")]
    while walked[-1] is not None and walked[-1][0] == platform:
        async with sessions(engine)() as session, session.begin():
            step = await Upkeep(session).forget_updates(utcnow() - timedelta(days=2), walked[-1], 5)
        walked.append(step)
        if len(walked) == 2:  # the first step saw ids 000 to 004 only
            assert await left() == [i for i in ids if i not in ("000", "002", "004")]
    assert walked[1:3] == [(platform, "004"), (platform, "009")] and len(walked) == 4
    assert await left() == ids[1::2]
    assert await referee.handle(games("011")) == []  # a recent id is still refused
    assert await referee.handle(games("000"))  # a forgotten one is claimed anew
    assert await left() == ["000", *ids[1::2]]
    await referee.close()


async def test_sweeps_forget_old_update_ids_and_button_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep walks TIDY_STEP ids; old ids and button sets go, a recent update's redelivery is
    still ignored, and a set stored again is as young as its last posting."""
    monkeypatch.setattr("bot.referee.TIDY_STEP", 3)
    url = f"sqlite+aiosqlite:///{tmp_path}/tidy.db"
    referee = await make_referee(url)
    chat = "-100" + "1234567890"
    for inv in (command(chat, "a", "new", "race"), command(chat, "b", "join"),
                command(chat, "a", "start")):  # fmt: skip
        await referee.handle(inv)
    for n, user in enumerate("abababa"):
        await referee.handle(command(chat, user, "step", "1", update=f"u{n}"))
    kept = await referee.store_buttons("test", chat, 1, [("Go", "/step 1")])
    gone = await referee.store_buttons("test", chat, 2, [("Go", "/step 2")])
    again = await referee.store_buttons("test", chat, 3, [("Go", "/step 3")])
    await age(url, ProcessedUpdate, ProcessedUpdate.update_id.in_(["u0", "u1", "u2"]), days=3)
    await age(url, ButtonSet, ButtonSet.token.in_([gone, again]), days=31)
    assert await referee.store_buttons("test", chat, 3, [("Go", "/step 3")]) == again
    for _sweep in range(3):  # 7 ids, 3 a sweep
        assert await referee.sweep() == []
    engine = create_engine(url)
    async with engine.connect() as connection:
        found = await connection.execute(select(ProcessedUpdate.update_id))
        assert sorted(found.scalars()) == ["u3", "u4", "u5", "u6"]
    await engine.dispose()
    assert await referee.stored_buttons(gone) is None
    assert await referee.stored_buttons(kept) is not None
    assert await referee.stored_buttons(again) is not None
    status = (await referee.handle(command(chat, "a", "status")))[0].text
    assert await referee.handle(command(chat, "a", "step", "1", update="u6")) == []
    assert (await referee.handle(command(chat, "a", "status")))[0].text == status
    await referee.close()


def test_utcnow_is_naive_utc_to_the_microsecond() -> None:
    """The stamp every row gets: UTC without a zone, as the system clock reads it."""
    for _ in range(1000):
        before = datetime.now(UTC).replace(tzinfo=None)
        now = utcnow()
        after = datetime.now(UTC).replace(tzinfo=None)
        assert now.tzinfo is None
        assert before <= now <= after


async def test_upgrading_gives_old_results_their_sides_and_the_history_rates_teams(
    url: str,
) -> None:
    """A result stored before results kept sides (a Papercraft 2v2 game) gets them from its
    table's teams (migration 0010), so the leaderboard's history rates two teams, as the
    ratings were moved when it ended, not four players alone."""
    from alembic import command as alembic

    chat = uuid.uuid4().hex
    referee = await make_referee(url)
    for inv in (command(chat, "a", "new", "race", "--goal", "3"), command(chat, "b", "join"),
                command(chat, "c", "join"), command(chat, "d", "join"),
                command(chat, "a", "start"), command(chat, "a", "step", "3")):  # fmt: skip
        await referee.handle(inv)
    await referee.close()
    engine = create_engine(url)
    teams = [0, 1, 0, 1]
    async with engine.begin() as connection:
        result_id, seats, table_id = (
            await connection.execute(
                text("select id, seats, table_id from results where chat_id = :c"), {"c": chat}
            )
        ).one()
        old = [
            {k: v for k, v in seat.items() if k not in ("side", "score")}
            for seat in (json.loads(seats) if isinstance(seats, str) else seats)
        ]
        state = (
            await connection.execute(
                text("select state from tables where id = :t"), {"t": table_id}
            )
        ).scalar_one()
        state = {**(json.loads(state) if isinstance(state, str) else state), "teams": teams}
        await connection.execute(
            text("update results set seats = :s where id = :r"),
            {"s": json.dumps(old), "r": result_id},
        )
        await connection.execute(
            text("update tables set state = :s where id = :t"),
            {"s": json.dumps(state), "t": table_id},
        )
        await connection.run_sync(lambda c: alembic.downgrade(alembic_config(c), "0009"))
        await connection.run_sync(lambda c: alembic.upgrade(alembic_config(c), "head"))
    async with sessions(engine)() as session:
        result = (await session.execute(select(Result).where(Result.id == result_id))).scalar_one()
    await engine.dispose()
    assert [seat["side"] for seat in result.seats] == teams
    assert [seat["user_id"] for seat in result.seats] == ["a", "b", "c", "d"]
    after = history([result])["race"].now
    assert after["a"].mu == after["c"].mu > after["b"].mu == after["d"].mu, "two teams moved"
