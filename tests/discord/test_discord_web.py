"""The web pages on Discord: a move made on a player's page reaches the table's channel as a
typed one does, and /page answers only the user who asks with their own signed link."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.cli import serve_pages
from bot.config import WebSettings
from bot.referee import Referee
from bot.web.server import Web
from tests.discord.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord, User
from tests.discord.test_discord import (
    ANN,
    BOB,
    CID,
    WAIT,
    Handled,
    Players,
    channel_posts,
    fake,
    handled,
    running,
    settings,
)
from tests.web.posting import pages_player, post_move

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord


@pytest.fixture
async def pages(referee: Referee) -> AsyncIterator[Web]:
    endpoint, served = await serve_pages(WebSettings(port=0), referee, metrics=False)
    yield served
    await endpoint.close()


async def seat_ann_and_bob(players: Players, referee: Referee) -> int:
    """GoTown in the channel, Ann to move: the table's id."""
    await players.slash(ANN, "new", game="gotown", options="--first Ann")
    await players.slash(BOB, "join")
    await players.slash(ANN, "start")
    table = (await referee.chat_facts("discord", str(CHANNEL_ID))).table_id
    assert table is not None
    return table


async def test_a_move_made_on_the_page_reaches_the_channel(
    fake: FakeDiscord, referee: Referee, handled: Handled, pages: Web
) -> None:
    players = Players(fake, handled)
    fake.can_pin = True
    async with running(fake, referee, settings(), pages=pages) as client:
        table = await seat_ann_and_bob(players, referee)
        board = await referee.board_message("discord", str(CHANNEL_ID))
        logged = len(await referee.store.queries.actions(table))
        sent, edits = len(fake.messages), len(fake.edits)
        status, said = await post_move(pages, pages.player_url(table, str(ANN.id), "Ann"))
        assert status == 200, said
        posted = channel_posts(fake.messages[sent:])
        assert len(await referee.store.queries.actions(table)) == logged + 1, "logged once"
        link = pages.player_url(table, str(ANN.id), "Ann")
        status, said = await post_move(pages, link, "/done")
        assert status == 200, said
        ended = channel_posts(fake.messages[sent:])
        await asyncio.gather(*client.adapter.delivery.held())  # a board the channel's limit held
    assert board in [e["id"] for e in fake.edits[edits:]], "the board edited in place"
    said = [m.get("content") or "" for m in [*posted, *fake.edits[edits:]]]
    assert "Ann builds" in " ".join(said), "the move is told (in its turn's message)"
    assert f"<@{BOB.id}>" in " ".join(m["content"] for m in ended), "Bob is pinged: his turn"
    assert fake.edits[-1]["embeds"][0]["title"] == "GoTown: Bob to play."
    assert not fake.refused


async def page_answer(fake: FakeDiscord, user: User) -> dict[str, Any]:
    """/page as `user`: the one message that answers it."""
    payload = await fake.slash(user, "page")
    async with asyncio.timeout(WAIT):
        while not [m for m in fake.messages if m["interaction_id"] == payload["id"]]:
            await asyncio.sleep(0.01)
    [answer] = [m for m in fake.messages if m["interaction_id"] == payload["id"]]
    return answer


async def test_page_answers_each_player_alone_with_their_own_link(
    fake: FakeDiscord, referee: Referee, handled: Handled, pages: Web
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings(), pages=pages):
        table = await seat_ann_and_bob(players, referee)
        ann, cid = await page_answer(fake, ANN), await page_answer(fake, CID)
    assert "page" in {c["name"] for c in fake.commands["global"]}
    assert ann["flags"] & EPHEMERAL and ann["user_id"] == str(ANN.id) and ann["via"] == "callback"
    [link] = re.findall(r"https?://\S+", ann["content"])
    assert pages_player(pages, link) == (table, str(ANN.id)), "signs in Ann, at this table only"
    async with aiohttp.ClientSession() as http, http.get(link) as page:
        html = await page.text()
    assert page.status == 200 and "Ann&#x27;s board" in html and 'class="move"' in html
    assert cid["flags"] & EPHEMERAL and cid["user_id"] == str(CID.id)
    assert cid["content"].endswith(pages.table_url(table)), "a spectator gets the public page"
    # Ann's id as a word of its own: the page's port (a free one) may hold its digits
    assert not re.search(rf"\b{ANN.id}\b", cid["content"]) and "/p/" not in cid["content"]


async def test_without_pages_there_is_no_page_command(fake: FakeDiscord, referee: Referee) -> None:
    async with running(fake, referee, settings()):
        pass
    assert "page" not in {c["name"] for c in fake.commands["global"]}
