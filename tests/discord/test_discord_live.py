"""One live board per table on Discord: a Papercraft battle edits one pinned board, and a phase
with more moves than a select menu holds is paged."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapters.discord import button_style
from bot.referee import Referee
from tests.discord.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord
from tests.discord.test_discord import (
    ANN,
    BOB,
    Handled,
    Players,
    autocomplete_answer,
    board_of,
    channel_posts,
    ephemeral_to,
    fake,
    handled,
    running,
    settings,
)
from tests.papercraft_play import ARMY, LONG_PHASE, MAX_MOVES, OPTIONS, choose

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
PRIMARY, SECONDARY = 1, 2


async def legal(referee: Referee) -> list[str]:
    return await referee.legal_moves("discord", str(CHANNEL_ID), str(ANN.id))


async def move(players: Players, command: str) -> list[dict[str, Any]]:
    return await players.slash(ANN, "play", move=command)


def select_and_pages(message: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The select menu's commands and the page buttons under it."""
    options: list[str] = []
    pages: list[dict[str, Any]] = []
    for row in message["components"]:
        for item in row["components"]:
            if item["type"] == 3:
                options += [o["value"] for o in item["options"]]
            elif item["custom_id"].startswith("pr:page:"):
                pages.append(item)
    return options, pages


async def test_a_papercraft_battle_edits_one_board_and_pages_a_long_menu(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    fake.can_pin = True
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="papercraft", options=OPTIONS)
        await players.slash(ANN, "addbot")
        await players.slash(ANN, "start")
        board = board_of(fake)
        for unit in ARMY:
            await move(players, f"/army add {unit}")
        await move(players, "/ready")
        while not any(m.startswith("/attack") for m in await legal(referee)):
            await move(players, choose(await legal(referee)))
        moves = await legal(referee)
        assert len(moves) == LONG_PHASE

        hand = ephemeral_to(await players.slash(ANN, "hand"), ANN)[-1]
        first, pages = select_and_pages(hand)
        assert len(first) == 25 and [p["label"] for p in pages] == ["Next ▶"]
        turned = await fake.press(ANN, hand, pages[0]["custom_id"])
        answer = await autocomplete_answer(fake, turned)  # the callback it posted
        assert answer["type"] == 7, "the page turns in place (an update of the same message)"
        second, pages = select_and_pages(hand)
        assert [p["label"] for p in pages] == ["◀ Previous"]
        assert sorted(first + second) == sorted(moves), "every legal move is in the menu"
        assert len(second) == LONG_PHASE - 25
        last = second[-1]
        edited = len(fake.edits)
        made = await players._wait(fake.press(ANN, hand, hand_select(hand), last))
        reported = channel_posts(made) or len(fake.edits) == edited + 2  # its turn's report
        assert reported, "a move from the second page is made: reported, the board edited"
        assert last not in await legal(referee)

        count, posted = 1, len(channel_posts(made))
        edited = len(fake.edits)
        while count < MAX_MOVES and (moves := await legal(referee)):
            result = await move(players, choose(moves))
            count += 1
            posted += len(channel_posts(result))
            # the board, and the turn's report when the move joins it
            assert len(fake.edits) - edited in (1, 2) and fake.edits[-1]["id"] == board["id"]
            edited = len(fake.edits)
    assert board["embeds"][0]["title"] == "Papercraft: the game is over."
    assert fake.pins == [board["id"]], "one board, edited in place"
    assert posted <= count, f"{posted} new channel messages for {count} moves"


def hand_select(message: dict[str, Any]) -> str:
    return next(
        item["custom_id"]
        for row in message["components"]
        for item in row["components"]
        if item["type"] == 3
    )


async def test_help_is_ephemeral_and_buttons_say_what_they_do(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    fake.can_pin = True
    async with running(fake, referee, settings()):
        helped = await players.slash(ANN, "rules", game="gotown")
        await players.slash(ANN, "new", game="gotown")
        board = board_of(fake)
        lobby = styles(board)
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        playing = styles(board_of(fake))
        await players.slash(BOB, "leave")
        [leave] = [m for m in channel_posts(fake.messages) if "left the game" in m["content"]]
    assert helped and all(m["flags"] & EPHEMERAL for m in helped)
    assert "GoTown" in helped[0]["content"]
    assert lobby == {"Join": PRIMARY, "Add a bot": SECONDARY, "Start": PRIMARY}
    assert playing == {"Done": PRIMARY, "Show my hand": SECONDARY, "Board": SECONDARY}
    assert "Bob left the game" in leave["content"]
    assert button_style("/leave") is discord.ButtonStyle.danger


def styles(message: dict[str, Any]) -> dict[str, int]:
    return {
        item["label"]: item["style"]
        for row in message["components"]
        for item in row["components"]
        if item["type"] == 2
    }


async def test_status_tables_are_code_blocks(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="gotown", options="--first Ann")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        [status] = channel_posts(await players.slash(BOB, "status"))
    before, table, after = status["content"].split("```")
    assert "1. Ann <- to act" in before and table.lstrip("\n").startswith("  Player  Floors")
    assert after.strip().startswith("Floors (0-5)")
