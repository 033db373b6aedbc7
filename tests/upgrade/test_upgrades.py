"""Tables and exports made by earlier releases (tests/upgrade/README.md) survive the upgrade: each
table left mid-game answers and plays on to its end, on SQLite and on PostgreSQL (its rows copied
in at the release's schema, then migrated), and the exports verify; /end closes any table."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import uuid
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.referee import Referee
from bot.verify import verify_document
from games.registry import engine_for
from games.versions import current
from storage.db import alembic_config, create_engine
from storage.models import Deadline, utcnow
from tests.upgrade.make_fixtures import GAMES, play_on

HERE = Path(__file__).parent
POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")
RELEASES = {"424b8c1": "0001", "722419f": "0007"}
"""Each release the fixtures were made by, and the schema (Alembic revision) it left."""


async def postgres_copy(database: Path, revision: str) -> AsyncIterator[str]:
    """A new PostgreSQL database at the release's schema holding the SQLite file's rows."""
    assert POSTGRES
    name = f"upgrade_{uuid.uuid4().hex[:12]}"
    server = create_async_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    async with server.connect() as connection:
        await connection.execute(sa.text(f"CREATE DATABASE {name}"))
    url = make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            from alembic import command

            await connection.run_sync(lambda c: command.upgrade(alembic_config(c), revision))
            await connection.run_sync(lambda c: copy_rows(database, c))
        await engine.dispose()
        yield url
    finally:
        await engine.dispose()
        async with server.connect() as connection:
            await connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        await server.dispose()


def copy_rows(database: Path, connection: sa.Connection) -> None:
    """Every row of the SQLite file into the same tables, each value as its column's type
    (JSON, timestamps, booleans are text or numbers in SQLite), then the id sequences on."""
    metadata = sa.MetaData()
    metadata.reflect(connection)
    source = sqlite3.connect(database)
    source.row_factory = sqlite3.Row
    for table in metadata.sorted_tables:
        if table.name == "alembic_version":
            continue
        rows = [dict(row) for row in source.execute(f"SELECT * FROM {table.name}")]
        if not rows:
            continue
        connection.execute(table.insert(), [typed(table, row) for row in rows])
        if "id" in table.c and table.c.id.autoincrement:
            sequence = f"pg_get_serial_sequence('{table.name}', 'id')"
            connection.execute(sa.text(f"SELECT setval({sequence}, max(id)) FROM {table.name}"))
    source.close()


def typed(table: sa.Table, row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in row.items():
        kind = table.c[key].type
        if value is not None and isinstance(kind, sa.JSON):
            value = json.loads(value)
        elif value is not None and isinstance(kind, sa.DateTime):
            value = datetime.fromisoformat(value)
        elif value is not None and isinstance(kind, sa.Boolean):
            value = bool(value)
        out[key] = value
    return out


DIALECTS = ("sqlite", "postgresql")


async def referee_on(database: Path, dialect: str, revision: str) -> AsyncIterator[Referee]:
    """A referee of this release on an old SQLite file (a copy of it), or on PostgreSQL on its rows
    copied in at the schema `revision` it was made with; its start migrates the schema."""
    if dialect == "sqlite":
        copy = database.with_name(f"copy-{database.name}")
        shutil.copy(database, copy)
        referee = await make_referee(f"sqlite+aiosqlite:///{copy}", seed="upgrade")
        yield referee
        await referee.close()
        return
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    async for url in postgres_copy(database, revision):
        referee = await make_referee(url, seed="upgrade")
        yield referee
        await referee.close()


@pytest.fixture(params=[(r, d) for r in RELEASES for d in DIALECTS], ids=str)
async def upgraded(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Referee]:
    release, dialect = request.param
    database = tmp_path / f"{release}.db"
    shutil.copy(HERE / f"{release}.db", database)
    async for referee in referee_on(database, dialect, RELEASES[release]):
        yield referee


def console_of(referee: Referee) -> Console:
    return Console(referee, out=io.StringIO(), fmt="jsonl")


async def test_every_table_left_mid_game_plays_to_its_end_and_its_export_verifies(
    upgraded: Referee,
) -> None:
    console = console_of(upgraded)
    for game in GAMES:
        chat = f"mid-{game}"
        console.chat_id = chat
        for line in ("Ann: /status", "Ann: /hand", "Ann: /board"):
            replies = await console.line(line)
            assert replies and console.failures == 0, (game, line)
        assert await upgraded.legal_moves("console", chat, "console:ann"), game
        await play_on(console, upgraded, chat, None)
        assert console.failures == 0, game
        assert not await upgraded.legal_moves("console", chat, "console:ann"), game
        exported = [r.file for r in await console.line("Ann: /export") if r.file]
        assert exported, f"{game} did not finish"
        document = json.loads(exported[0][1])
        assert document["engine_version"] == current(engine_for(game).versions)
        assert verify_document(document) == (True, "OK"), game


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("game", GAMES)
def test_old_exports_verify(release: str, game: str) -> None:
    document = json.loads((HERE / f"{release}-{game}.json").read_text(encoding="utf-8"))
    assert verify_document(document) == (True, "OK")


def test_an_export_this_release_cannot_replay_is_sent_to_one_that_can() -> None:
    document = json.loads((HERE / "424b8c1-papertown.json").read_text(encoding="utf-8"))
    document["actions"][5]["digest"] = "0" * 64  # as some older release might have written it
    ok, said = verify_document(document)
    assert not ok
    assert said.startswith("diverges at action #6 ")
    assert said.endswith(
        "; it was played under PaperTown engine version 1: verify it with a release before d2144ee"
    )
    document["engine_version"] = 3
    assert verify_document(document) == (
        False,
        "it was played under PaperTown engine version 3, newer than this release's 2: verify it "
        "with the release that made it",
    )


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_end_closes_a_table_in_its_lobby_and_one_that_cannot_be_brought_back(
    tmp_path: Path, dialect: str
) -> None:
    database = tmp_path / "424b8c1.db"
    shutil.copy(HERE / "424b8c1.db", database)
    with sqlite3.connect(database) as db:  # a state nothing reads, and no log to replay it from
        (table_id,) = db.execute("SELECT id FROM tables WHERE chat_id = 'mid-papertown'").fetchone()
        db.execute("UPDATE tables SET state = '{\"sheet\": 7}' WHERE id = ?", (table_id,))
        db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
    async for referee in referee_on(database, dialect, RELEASES["424b8c1"]):
        console = console_of(referee)
        console.chat_id = "mid-papertown"
        due = utcnow() - timedelta(minutes=1)  # a turn timer it had: no turn to time, dropped
        async with referee.store.engine.begin() as connection:
            await connection.execute(
                sa.insert(Deadline).values(
                    table_id=table_id, platform="console", chat_id="mid-papertown", seat=0,
                    kind="timeout", fire_at=due, due_at=due,
                )
            )  # fmt: skip
        assert await referee.sweep(["console"]) == []
        assert await referee.next_deadline(["console"]) is None
        for line in ("Ann: /status", "Ann: /hand", "Ann: /mark A3", "Ann: /new gotown"):
            assert [r.text for r in await console.line(line)] == [
                "This table was saved by an older release that this one cannot continue; "
                "/end closes it without a result."
            ]
        assert "closed without a result" in (await console.line("Ann: /end"))[0].text
        assert "GoTown" in (await console.line("Ann: /new gotown"))[0].text
        console.chat_id = "lobby"
        assert "closed without a result" in (await console.line("Ann: /end"))[0].text
        assert console.failures == 0


async def test_a_state_no_migration_reads_is_rebuilt_from_its_log(tmp_path: Path) -> None:
    statuses = []
    for damaged in (False, True):
        copy = tmp_path / f"old-{damaged}.db"
        shutil.copy(HERE / "424b8c1.db", copy)
        if damaged:
            with sqlite3.connect(copy) as db:
                db.execute("UPDATE tables SET state = '[7]' WHERE chat_id = 'mid-papertown'")
        referee = await make_referee(f"sqlite+aiosqlite:///{copy}", seed="upgrade")
        console = console_of(referee)
        console.chat_id = "mid-papertown"
        statuses.append([r.text for r in await console.line("Ann: /status")])
        await play_on(console, referee, "mid-papertown", None)
        assert console.failures == 0
        assert [r for r in await console.line("Ann: /export") if r.file]
        await referee.close()
    assert statuses[0] == statuses[1]


async def test_end_closes_a_current_table_whose_state_is_damaged(db_url: str) -> None:
    referee = await make_referee(db_url, seed="damaged")
    console = console_of(referee)
    for line in ("Ann: /new papertown", "Ann: /addbot", "Ann: /start"):
        await console.line(line)
    await referee.close()
    path = make_url(db_url).database
    assert path
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET state = '[]'")
    again = await make_referee(db_url, seed="damaged")
    console = console_of(again)
    assert "closed without a result" in (await console.line("Ann: /end"))[0].text
    assert console.failures == 0
    await again.close()
