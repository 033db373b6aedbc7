"""Issue 30: every request discord.py makes to the REST API reaches the meter, labelled by its
route (no id, no interaction token) and its status."""

from __future__ import annotations

import re

import pytest

from bot.ops.discord_calls import discord_route
from bot.referee import Referee
from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_discord import ANN, Handled, Players, fake, handled, running, settings
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
