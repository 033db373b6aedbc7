"""A channel's edits at Discord's rate limit: the board is held, not waited for, and only its
latest state goes out once the limit lets it (bot.delivery's Later, from the headers Discord
states its limits in)."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from bot.adapters.discord_delivery import DiscordChannel, deliver_background
from bot.adapters.discord_limits import EditLimits
from bot.referee import Referee
from bot.replies import LiveBoard, Public
from games.base import View
from tests.discord.fake_discord import CHANNEL_ID, GLOBAL_PER_SECOND, FakeDiscord
from tests.discord.test_discord import ANN, BOB, Handled, Players, board_of, running, settings
from tests.discord.test_discord import fake as fake
from tests.discord.test_discord import handled as handled
from tests.flood import Window


def shown(message: dict[str, Any]) -> str:
    return str(message["embeds"][0]["title"])


async def test_board_edits_past_the_channel_limit_are_held_and_only_the_latest_goes_out(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    fake.per_channel = (5, 2.0)  # a window the burst below fits in many times over
    fake.can_pin = True
    players = Players(fake, handled)
    async with running(fake, referee, settings()) as client:
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        board = board_of(fake)
        table = await referee.store.queries.open_table("discord", str(CHANNEL_ID))
        assert table is not None
        adapter = client.adapter
        mark = len(fake.calls)
        for n in range(8):  # eight states at once, as a busy channel's moves make them
            state = Public("", board=View(f"state {n}"), live=LiveBoard(table.id, board["id"]))
            await deliver_background(
                client, str(CHANNEL_ID), [state], adapter.delivery, adapter.edits
            )
        sent = [c for c in fake.calls[mark:] if c.method == "PATCH"]
        assert len(sent) <= 5, "no delivery waited for the limit: the rest are held"
        assert shown(board_of(fake)) != "state 7"
        await adapter.drain()  # a stop lets the held board go out once the limit lets it
        assert shown(board_of(fake)) == "state 7"
        await asyncio.sleep(0.1)  # nothing stale follows it
        edits = [shown(c.json or {}) for c in fake.calls[mark:] if c.method == "PATCH"]
    assert edits[-1] == "state 7" and len(edits) < 8, edits
    assert edits == sorted(edits), "each edit shows a newer state than the one before"
    assert not fake.unlimited()


async def test_edit_limits_keep_a_windows_last_edit_unused_and_forget_a_window_once_over() -> None:
    limits = EditLimits()
    assert limits.take("7") == 0.0, "a channel not heard of yet"
    limits.seen("7", {})  # a response without the headers says nothing
    limits.seen("7", {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "soon"})
    assert limits.take("7") == 0.0
    limits.seen("7", {"X-RateLimit-Remaining": "3", "X-RateLimit-Reset-After": "0.2"})
    assert limits.take("7") == 0.0 and limits.take("7") == 0.0  # the 3rd and 4th edits
    assert 0.0 < limits.take("7") <= 0.2, "the window's last edit is left to it"
    assert limits.take("8") == 0.0, "another channel has a window of its own"
    await asyncio.sleep(0.25)
    assert limits.take("7") == 0.0, "a new window"


async def test_a_report_is_not_edited_with_the_channels_last_edit_of_a_window(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    fake.per_channel = (2, 5.0)  # a channel's window of two edits
    async with running(fake, referee, settings()) as client:
        adapter = client.adapter
        channel = DiscordChannel(client, str(CHANNEL_ID), adapter.delivery, adapter.edits)
        report = Public("Ann steps to 1.", turn=1)
        posted = await channel.post_report(report)
        assert posted is not None
        mark = len(fake.calls)
        grown = Public("Ann steps to 1.\nAnn steps to 2.", turn=1)
        assert await channel.edit_report(posted, grown), (
            "the first edit: Discord then says one is left"
        )
        assert not await channel.edit_report(posted, grown), "the last: posted anew instead"
        assert [c.method for c in fake.calls[mark:]] == ["PATCH"]


async def test_the_fake_refuses_a_bots_51st_request_in_a_second_as_discord_does(
    fake: FakeDiscord,
) -> None:
    fake.every_second = Window(GLOBAL_PER_SECOND, 60.0)  # the count under test, not the clock
    url = f"http://127.0.0.1:{fake.port}/api/v10/users/@me"
    async with aiohttp.ClientSession() as session:
        statuses = []
        for _ in range(51):
            async with session.get(url) as response:
                statuses.append(response.status)
                body = await response.json()
    assert statuses == [200] * 50 + [429]
    assert body["global"] is True and response.headers["X-RateLimit-Scope"] == "global"
    assert fake.unlimited() == [("GET", "/users/@me")]
    fake.limited.clear()  # the fixture fails a test with a 429 the bot got
