"""Issue 30: every request discord.py makes to the REST API reaches the meter, labelled by its
route (no id, no interaction token) and its status."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.ops.discord_calls import discord_route
from bot.referee import Referee
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord
from tests.discord.test_discord import (
    ANN,
    BOB,
    Handled,
    Players,
    board_of,
    dms_to,
    fake,
    handled,
    running,
    settings,
)
from tests.telegram.test_telegram_calls import Calls, calls

__all__ = ["calls", "fake", "handled"]  # the fixtures, shared with test_discord and Telegram's


@pytest.mark.parametrize(
    ("method", "path", "route"),
    [
        ("GET", "/api/v10/users/@me", "GET /users/@me"),
        ("POST", "/api/v10/channels/123/messages", "POST /channels/{id}/messages"),
        ("PATCH", "/api/v10/channels/1/messages/2", "PATCH /channels/{id}/messages/{id}"),
        (
            "POST",
            "/api/v10/interactions/77/aW50ZXJhY3Rpb246c2VjcmV0/callback",
            "POST /interactions/{id}/{token}/callback",
        ),
        (
            "PATCH",
            "/api/v10/webhooks/9/aW50ZXJhY3Rpb24/messages/@original",
            "PATCH /webhooks/{id}/{token}/messages/@original",
        ),
        ("GET", "/", None),  # the gateway
        ("GET", "/attachments/1/2/board.png", None),  # the CDN
    ],
)
def test_a_route_is_a_bounded_label(method: str, path: str, route: str | None) -> None:
    assert discord_route(method, path) == route


async def test_each_rest_call_is_counted(
    fake: FakeDiscord, referee: Referee, handled: Handled, calls: Calls
) -> None:
    async with running(fake, referee, settings()):
        await Players(fake, handled).slash(ANN, "roll", expression="1d6")
    rest = [call for call in fake.calls if call.path.startswith("/")]
    assert len(calls.calls) == len(rest), (calls.calls, rest)
    assert ("discord", "GET /users/@me", 200) in calls.calls
    assert ("discord", "POST /interactions/{id}/{token}/callback", 200) in calls.calls
    assert not [method for _, method, _ in calls.calls if re.search(r"\d{3}", method)]  # no id


def rest(fake: FakeDiscord, since: int) -> list[tuple[str, str]]:
    """(method, route) of each REST call since `since`."""
    return [
        (c.method, discord_route(c.method, "/api/v10" + c.path) or c.path)
        for c in fake.calls[since:]
    ]


async def test_a_move_costs_one_message_at_most_and_a_board_press_uses_its_response(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    fake.can_pin = True
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="race")
        lobby = board_of(fake)
        mark = len(fake.calls)
        joined = await players.press(BOB, lobby, "/join")
        assert rest(fake, mark) == [
            ("POST", "POST /interactions/{id}/{token}/callback"),
            ("POST", "POST /webhooks/{id}/{token}"),
        ], "the pressed board is updated by the press's response; the report is a follow-up"
        callback = fake.calls[mark].json
        assert callback["type"] == 7 and "2. Bob" in str(callback["data"]["embeds"])
        assert [m["content"] for m in joined] == ["Bob joins (2 seated)."]
        assert board_of(fake)["id"] == lobby["id"] and "2. Bob" in str(board_of(fake)["embeds"])

        await players.slash(ANN, "start")
        mark, moves = len(fake.calls), 0
        for n in range(10):
            await players.slash((ANN, BOB)[n % 2], "play", move="/step 1")
            moves += 1
        made = rest(fake, mark)
        assert made.count(("POST", "POST /interactions/{id}/{token}/callback")) == moves
        assert made.count(("POST", "POST /channels/{id}/messages")) <= moves
        # the board and, when the turn goes on, its report edited in place
        assert made.count(("PATCH", "PATCH /channels/{id}/messages/{id}")) <= 2 * moves
        assert len(made) / moves <= 3.0  # answered, reported (posted or edited), the board


async def test_a_move_is_answered_first_when_the_channel_is_slow(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    """Discord takes an interaction's answer only within three seconds (here one): a typed move
    whose report and board edit each take 0.6 s is acknowledged before them, not after."""
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        fake.answer_within, fake.slow[str(CHANNEL_ID)] = 1.0, 0.6
        mark = len(fake.calls)
        moved = await players.slash(ANN, "play", move="/step 1")
    made = rest(fake, mark)
    assert made[0] == ("POST", "POST /interactions/{id}/{token}/callback"), made
    assert [m["content"] for m in moved if m["via"] == "callback"] == ["Done."]
    assert any("Ann steps to 1" in m["content"] for m in moved if m["via"] == "channel")


async def test_a_players_dm_waits_for_no_slow_channel(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    """Ann ends her turn while each call to the table's channel takes 0.5 s: Bob's drawn cards
    reach his DMs at once, beside the report and the board edit, not after them."""
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="gotown", options="--first Ann")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        fake.slow[str(CHANNEL_ID)] = 0.5
        mark = len(fake.calls)
        moved = await players.slash(ANN, "play", move="/done")
    [drawn] = [m for m in dms_to(moved, BOB) if "You draw" in m["content"]]
    channel = f"/channels/{CHANNEL_ID}/"
    to_channel = [c for c in fake.calls[mark:] if c.path.startswith(channel)]
    [dm] = [c for c in fake.calls[mark:] if c.path == f"/channels/{drawn['channel_id']}/messages"]
    assert len(to_channel) >= 2, "the report and the board"
    assert dm.at < to_channel[0].at + 0.5, "the DM went out before the first channel call ended"


async def test_commands_of_one_channel_apply_in_the_order_they_came(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        sent = [await fake.slash((ANN, BOB)[n % 2], "play", move="/step 1") for n in range(6)]
        for payload in sent:
            await asyncio.wait_for(handled[payload["id"]].wait(), 15)
    reports = [
        m["content"].split("\n")[0]
        for m in fake.messages
        if m["content"].startswith(("Ann", "Bob"))
    ]
    assert reports[-6:] == [
        f"{name} steps to {n // 2 + 1}." for n, name in enumerate(["Ann", "Bob"] * 3)
    ], "each move was Ann's and Bob's in turn: none refused as out of turn"
