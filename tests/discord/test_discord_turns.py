"""One message per turn on Discord: over a full three-player GoTown game a turn costs about one
new channel message (its moves are one message, edited; the next player's ping is a new one),
one board is pinned at a time, the pin's system line is deleted where the bot has Manage
Messages, and no player is sent more than one message with buttons."""

from __future__ import annotations

from typing import Any

from bot.referee import Referee
from tests.discord.fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord
from tests.discord.test_discord import Handled, dms_to, fake, handled, running, settings
from tests.discord.test_discord_limits import BOB, ZOE, pinned, play

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
PER_TURN = 1.3
"""New messages a turn may cost on average, the game's opening and end included."""
PIN_LINE = 6  # CHANNEL_PINNED_MESSAGE


async def turns(referee: Referee) -> int:
    """The turns the game played: each ends with /done (a bot's included)."""
    table = await referee.store.queries.last_table("discord", str(CHANNEL_ID))
    assert table is not None
    return sum(
        1 for action in await referee.store.queries.actions(table.id) if action.verb == "done"
    )


def channel_messages(fake: FakeDiscord) -> list[dict[str, Any]]:
    """What everyone in the channel sees posted (not a note only its invoker sees)."""
    return [
        m
        for m in fake.messages
        if m["channel_id"] == str(CHANNEL_ID)
        and not m["flags"] & EPHEMERAL
        and m["via"] not in ("original", "system")
    ]


async def test_a_gotown_game_costs_about_one_new_message_a_turn(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    fake.can_pin = fake.can_manage = True
    async with running(fake, referee, settings()):
        await play(fake, referee, handled, "gotown", "gotown")  # the whole game, not --short
    played = await turns(referee)
    posted = channel_messages(fake)
    assert len(posted) / played <= PER_TURN, f"{len(posted)} new messages in {played} turns"
    grown = {e["id"] for e in fake.edits if not e["embeds"]}
    assert grown & {m["id"] for m in posted}, "a turn's report grew"
    assert fake.refused == [], [problem for _, problem in fake.refused]
    assert len(pinned(fake)) == 1
    assert not [m for m in fake.messages if m["type"] == PIN_LINE], "the pin's line is deleted"
    for user in (BOB, ZOE):
        live = [m for m in dms_to(fake.messages, user) if m["components"]]
        assert len(live) <= 1, f"{user.name} got {len(live)} messages with buttons"
    print(f"{len(posted)} new messages in {played} turns")
    print(excerpt(fake))  # README's "What the channel sees" (pytest -s shows it)


def excerpt(fake: FakeDiscord, last: int = 4) -> str:
    """The pinned board, then the channel's last messages from the bot, as everyone sees them
    (each under the player's "used /play")."""
    posted = channel_messages(fake)
    board = [m for m in posted if m["pinned"]]
    lines = []
    for message in [*board, *[m for m in posted if not m["pinned"]][-last:]]:
        head = ("📌 " if message["pinned"] else "") + (
            "(edited) " if message["edited_timestamp"] else ""
        )
        body = message["content"].splitlines()
        for embed in message["embeds"]:
            body += [f"▌{embed['title']}"] if embed.get("title") else []
            body += [f"▌{row}" for row in (embed.get("description") or "").splitlines()]
        lines.append(head + "\n".join(body[:7] + (["…"] if len(body) > 7 else [])))
        keys = [i.get("label") or "menu" for r in message["components"] for i in r["components"]]
        lines += ["[" + "] [".join(keys) + "]"] if keys else []
        lines.append("")
    return "\n".join(lines)


async def test_without_manage_messages_the_pin_line_stays(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    fake.can_pin = True
    async with running(fake, referee, settings()):
        await play(fake, referee, handled, "gotown")
    assert len(pinned(fake)) == 1
    lines = [m for m in fake.messages if m["type"] == PIN_LINE]
    assert lines and all(m["message_reference"]["message_id"] in fake.pins for m in lines)
    assert fake.refused == []
