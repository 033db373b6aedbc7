"""Faults found by probing (issue "Nobody can stall the bot"): each reproduced here."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.commands.parse import Invocation, clean_name, split_args
from bot.replies import Private, Refusal
from games.base import MAX_RANGE, Rng
from storage.db import create_engine
from tests.core.transcript import channel, run_lines, to

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/p.db"
    if not POSTGRES:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    return POSTGRES


def test_the_generator_cannot_loop_on_a_huge_range() -> None:
    rng = Rng("x")
    assert 1 <= rng.roll(2**64 + 1) <= 2**64 + 1
    assert 0 <= rng.randbelow(MAX_RANGE) < MAX_RANGE
    with pytest.raises(ValueError):
        rng.randbelow(MAX_RANGE + 1)
    assert Rng("s").randbelow(6) == Rng("s").randbelow(6)  # small ranges draw as before


async def test_leaving_a_lobby_that_is_not_your_last_seat(console: Console) -> None:
    records = await run_lines(
        console, "Ann: /new race\nBob: /join\nCid: /join\nBob: /leave\nAnn: /status"
    )
    assert "Bob leaves (2 seated)." in channel(records)
    assert "1. Ann" in records[-1]["text"] and "2. Cid" in records[-1]["text"]
    assert not any("went wrong" in r["text"] for r in records)


async def test_a_creator_who_left_cannot_end_the_game(console: Console) -> None:
    await run_lines(console, "Ann: /new race\nBob: /join\nCid: /join\nAnn: /start\nAnn: /leave")
    records = await run_lines(console, "Ann: /end\nBob: /status")
    assert to(records, "Ann") == ["Only the players seated at this table can end the game."]
    assert records[-1]["text"].startswith("Race, version")


async def test_apostrophes_are_letters_and_double_quotes_group() -> None:
    assert split_args('Stefano\'s Foot Soldier 1 "Grave Legion" #2') == [
        "Stefano's",
        "Foot",
        "Soldier",
        "1",
        "Grave Legion",
        "#2",
    ]


def test_names_and_texts_are_normalised_at_the_boundary() -> None:
    long = "Ж" * 129
    inv = Invocation("t", "c", "u", f"A\x00nn\n{long}", "ROLL", ["1d6\x00", "\x07"], text="x\x00y")
    assert "\x00" not in inv.user_name and len(inv.user_name) <= 64
    assert inv.verb == "roll" and inv.args == ["1d6"] and inv.text == "xy"
    assert clean_name("\x00\x01") == "Player"


async def test_long_and_nul_names_work_on_every_database(url: str) -> None:
    referee = await make_referee(url)
    chat = "-100" + str(uuid.uuid4().int)[:10]
    name = "Ж" * 129 + "\x00"
    replies = await referee.handle(Invocation("telegram", chat, "7", name, "new", ["race"]))
    assert not any(isinstance(r, Private) and r.refusal for r in replies), replies
    rolled = await referee.handle(Invocation("telegram", chat, "7", name, "roll", ["1d6\x00"]))
    assert rolled and not isinstance(rolled[0], Private), rolled
    await referee.close()


async def test_two_first_commands_to_a_new_chat_at_once(url: str) -> None:
    referees = [await make_referee(url) for _ in range(4)]
    failures = 0
    for _ in range(10):
        chat = uuid.uuid4().hex
        results = await asyncio.gather(
            *(
                r.handle(Invocation("test", chat, f"u{i}", f"U{i}", "roll", ["1d6"]))
                for i, r in enumerate(referees)
            )
        )
        failures += sum(
            1 for replies in results for r in replies if isinstance(r, Private) and r.refusal
        )
    assert failures == 0
    for referee in referees:
        await referee.close()


async def test_a_stale_button_is_refused_with_a_typed_reason(url: str) -> None:
    referee = await make_referee(url)
    chat = uuid.uuid4().hex
    for user, verb, args in (("a", "new", ["race"]), ("b", "join", []), ("a", "start", [])):
        await referee.handle(Invocation("test", chat, user, user, verb, args))
    await referee.handle(Invocation("test", chat, "a", "a", "step", ["1"]))
    pressed = await referee.handle(Invocation("test", chat, "a", "a", "step", ["1"], version=2))
    assert isinstance(pressed[0], Private) and pressed[0].refusal is Refusal.STALE
    typed = await referee.handle(Invocation("test", chat, "a", "a", "step", ["1"]))
    assert isinstance(typed[0], Private) and typed[0].refusal is Refusal.TURN
    await referee.close()


async def test_autocomplete_reads_while_a_writer_holds_the_sqlite_lock(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/lock.db"
    referee = await make_referee(url)
    chat = "locked"
    for user, verb, args in (("a", "new", ["race"]), ("b", "join", []), ("a", "start", [])):
        await referee.handle(Invocation("test", chat, user, user, verb, args))
    engine = create_engine(url)
    async with engine.begin() as connection:  # BEGIN IMMEDIATE: the write lock is held
        await connection.execute(text("UPDATE tables SET version = version"))
        moves = await asyncio.wait_for(referee.legal_moves("test", chat, "a"), 5)
    assert "/step 1" in moves
    await engine.dispose()
    await referee.close()


WORKER = """
import asyncio, sys
from bot.cli import make_referee
from bot.commands.parse import Invocation

async def main() -> None:
    referee = await make_referee(sys.argv[1])
    replies = await referee.handle(Invocation("test", sys.argv[2], "u", "U", "roll", ["1d6"]))
    print(replies[0].text)
    await referee.close()

asyncio.run(main())
"""


@pytest.mark.skipif(not POSTGRES, reason="PAPERREF_TEST_POSTGRES_URL is not set")
async def test_four_workers_start_together_on_an_empty_postgresql_database() -> None:
    import asyncpg

    assert POSTGRES is not None
    admin_url = POSTGRES.replace("postgresql+asyncpg://", "postgresql://")
    database = f"paperref_start_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(admin_url)
    await admin.execute(f'CREATE DATABASE "{database}"')
    try:
        url = POSTGRES.rsplit("/", 1)[0] + f"/{database}"
        workers = [
            subprocess.Popen(
                [sys.executable, "-c", WORKER, url, f"chat{i}"],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for i in range(4)
        ]
        outputs = [w.communicate(timeout=120) for w in workers]
        assert [w.returncode for w in workers] == [0, 0, 0, 0], [err for _, err in outputs]
        assert all(" rolls" in out for out, _ in outputs), outputs
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        await admin.close()
