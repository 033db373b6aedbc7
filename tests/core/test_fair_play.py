"""Votes that take a majority, moves logged as whoever made them, and rematches that start
whoever skipped Join: on SQLite and PostgreSQL, through the console."""

from __future__ import annotations

import io
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.replies import Private, Refusal
from storage.db import read_sessions
from storage.models import ActionRow, GameTable
from tests.core.transcript import channel, lines, outcome, run_lines, to

POSTGRES = os.environ.get("PAPERREF_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
async def console(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Console]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path}/fair.db"
    elif POSTGRES:
        url = POSTGRES
    else:
        pytest.skip("PAPERREF_TEST_POSTGRES_URL is not set")
    referee = await make_referee(url, seed="fair")
    yield Console(referee, out=io.StringIO(), fmt="jsonl", chat_id=f"fair-{uuid.uuid4().hex}")
    await referee.close()


async def logged(console: Console) -> list[ActionRow]:
    async with read_sessions(console.referee.store.engine)() as session:
        table = (
            await session.execute(
                select(GameTable.id)
                .where(GameTable.chat_id == console.chat_id)
                .order_by(GameTable.id.desc())
            )
        ).first()
        assert table is not None
        rows = await session.execute(
            select(ActionRow).where(ActionRow.table_id == table[0]).order_by(ActionRow.seq)
        )
        return list(rows.scalars().all())


async def test_one_kick_at_a_table_of_two_hands_over_nothing_until_the_timer_runs_out(
    console: Console,
) -> None:
    await run_lines(console, "Bob: /new race --goal 20 --turn-time 2m\nAnn: /join\nBob: /start")
    await run_lines(console, "Bob: /step 1")  # Ann's turn: her clock runs
    records = await run_lines(console, "Ann: /step 1\nBob: /kick Ann\nBob: /status")
    assert channel(records)[1].startswith(
        "Bob asks for a bot in Ann's seat: it takes the seat when Ann's turn timer runs out."
    )
    assert "Ann (bot)" not in channel(records)[-1], "one vote of two humans hands over nothing"
    records = await run_lines(console, "Bob: /step 1\nAnn: /wait 2m\nAnn: /status")
    assert any(
        t.startswith("Ann's time is up; as the players asked, a bot plays their seat")
        for t in lines(records)
    )
    assert "Ann (bot)" in channel(records)[-1]
    records = await run_lines(console, "Bob: /end")  # the creator may end at once
    assert channel(records)[0].startswith("The Race table is closed without a result.")


async def test_a_kicked_player_is_still_asked_before_the_game_ends(console: Console) -> None:
    await run_lines(console, "Ann: /new race --goal 20 --turn-time 2m\nBob: /join\nAnn: /start")
    await run_lines(console, "Ann: /step 1\nBob: /kick Ann\nBob: /step 1\nAnn: /wait 2m")
    records = await run_lines(console, "Bob: /end\nBob: /status")
    assert channel(records)[0].startswith("Bob wants to end the game; 1 more seated player")
    assert "Ann (bot)" in channel(records)[-1], "the game goes on with a bot in Ann's seat"


async def test_a_majority_waits_for_the_players_timer_to_run_out_once(console: Console) -> None:
    setup = "Ann: /new race --goal 20 --turn-time 2m\nBob: /join\nCid: /join\nAnn: /start"
    await run_lines(console, setup + "\nAnn: /step 1")  # Bob's turn
    records = await run_lines(console, "Ann: /kick Bob\nCid: /kick Bob\nCid: /status")
    assert channel(records)[0].startswith("Ann votes to hand Bob's seat to a bot; 1 more vote")
    assert channel(records)[1].startswith("Cid asks for a bot in Bob's seat: it takes the seat")
    assert "Bob (bot)" not in channel(records)[-1], "an active player keeps the seat till timeout"
    records = await run_lines(console, "Ann: /wait 2m\nAnn: /status")
    assert "2. Bob (bot)" in channel(records)[-1]


async def test_a_kick_of_a_player_who_timed_out_hands_the_seat_over_at_once(
    console: Console,
) -> None:
    setup = "Ann: /new race --goal 20 --turn-time 2m\nBob: /join\nCid: /join\nAnn: /start"
    await run_lines(console, setup + "\nAnn: /step 1\nAnn: /wait 2m\nCid: /step 1\nAnn: /step 1")
    records = await run_lines(console, "Ann: /kick Bob\nCid: /kick Bob\nCid: /status")
    assert "The players voted: a bot plays Bob's seat from now on." in lines(records)
    assert "2. Bob (bot)" in channel(records)[-1]


async def test_a_timeout_move_is_the_referees_and_cannot_be_taken_back(console: Console) -> None:
    await run_lines(console, "Ann: /new race --goal 20 --turn-time 2m\nBob: /join\nAnn: /start")
    await run_lines(console, "Ann: /wait 2m")  # the referee moves for Ann
    records = await run_lines(console, "Ann: /undo")
    assert to(records, "Ann") == [
        "Only the author of the last action can take it back, and it was not yours."
    ]
    [row] = await logged(console)
    assert row.user_id is None and row.cause == "timeout"
    records = await run_lines(console, "Bob: /history")
    assert "(time up: the referee's bot for Ann)" in channel(records)[0]
    await run_lines(console, "Bob: /step 1\nAnn: /wait 2m")  # second timeout: a bot keeps it
    await run_lines(console, "Bob: /step 1")  # the bot answers in Ann's seat
    rows = await logged(console)
    bot_rows = [r for r in rows[3:] if r.seat == 0]
    assert bot_rows and all(r.user_id is None and r.cause == "bot" for r in bot_rows), [
        (r.seat, r.user_id, r.cause) for r in rows
    ]


async def test_a_rematch_starts_without_every_player_who_skipped_join(console: Console) -> None:
    setup = "Ann: /new race --goal 3\nBob: /join\nCid: /join\nDee: /join\nAnn: /start"
    await run_lines(console, setup)
    records = await run_lines(console, "Ann: /step 3")
    assert outcome(records)["outcome"]["winners"] == ["Ann"]
    records = await run_lines(console, "Ann: /rematch\nCid: /join\nAnn: /start")
    texts = lines(records)
    assert any(
        t.startswith("Bob, Dee did not press Join and are left out. Race starts: Ann, Cid.")
        for t in texts
    ), texts
    records = await run_lines(console, "Ann: /step 1\nCid: /status")
    assert "1. Ann" in channel(records)[-1] and "2. Cid" in channel(records)[-1]


async def test_a_button_of_an_earlier_table_is_stale_at_the_next(console: Console) -> None:
    """An End button kept in an old DM (made at version 2 of table 1) ends nothing at table 2,
    nor does a move button of table 1 that would be legal at table 2."""
    referee, chat = console.referee, console.chat_id

    def press(user: str, command: str, version: int) -> Invocation:
        verb, *args = command.lstrip("/").split()
        return Invocation("console", chat, user, user.title(), verb, args, version=version)

    await run_lines(console, "Ann: /new race --goal 3\nBob: /join\nAnn: /start")
    first = await referee.store.queries.open_table("console", chat)
    assert first is not None
    old_version, old_step = first.version, first.version
    await run_lines(console, "Ann: /step 3")  # table 1 is over
    await run_lines(console, "Ann: /new race --goal 3\nBob: /join\nAnn: /start")
    second = await referee.store.queries.open_table("console", chat)
    assert second is not None and second.version > old_version
    for user, command, version in (("ann", "/end", old_version), ("ann", "/step 1", old_step)):
        replies = await referee.handle(press(user, command, version))
        assert [r.refusal for r in replies if isinstance(r, Private)] == [Refusal.STALE], replies
    after = await referee.store.queries.open_table("console", chat)
    assert after is not None and after.revision == second.revision and after.status == "active"
