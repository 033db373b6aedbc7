"""Dice on Discord through the fake Discord: markdown rolls, /r, an ephemeral private roll."""

from __future__ import annotations

import re

from bot.referee import Referee
from tests.discord.fake_discord import EPHEMERAL, FakeDiscord
from tests.discord.test_discord import (
    ANN,
    Handled,
    Players,
    ephemeral_to,
    fake,
    handled,
    public,
    running,
    settings,
    text,
)

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
TOTAL = re.compile(r"= \*\*(-?\d+)\*\*$")


async def test_roll_and_r_carry_a_private_option_and_answer_in_markdown(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        synced = {c["name"]: c for c in fake.commands["global"]}
        for name in ("roll", "r"):
            options = {o["name"]: o["type"] for o in synced[name]["options"]}
            assert options == {"expression": 3, "private": 5}
        assert "gmroll" in synced

        [shown] = await players.slash(ANN, "r", expression="4d6kh3")
        assert not shown["flags"] & EPHEMERAL
        assert shown["content"].startswith("Ann rolls: 4d6kh3 (")
        assert shown["content"].count("~~") == 2 and TOTAL.search(shown["content"])

        [shown] = await players.slash(ANN, "roll", expression="40d6")
        assert "×" in shown["content"]  # collapsed to counts per face
        [listed] = await players.slash(ANN, "history")
        assert len(re.findall(r"\d+", listed["content"].splitlines()[-1])) >= 40 + 2


async def test_a_private_roll_is_ephemeral_and_the_channel_sees_only_that_it_was_made(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        messages = await players.slash(ANN, "roll", expression="1d20+2 stealth", private=True)
        [mine] = ephemeral_to(messages, ANN)
        assert mine["content"].startswith("Ann rolls (stealth): 1d20 (")
        assert TOTAL.search(mine["content"])
        assert text(public(messages)) == "Ann rolled dice privately."

        messages = await players.slash(ANN, "gmroll", expr="1d20")
        [mine] = ephemeral_to(messages, ANN)
        assert mine["content"].startswith("Ann rolls: 1d20 (")
        assert text(public(messages)) == "Ann rolled dice privately."
        [listed] = await players.slash(ANN, "history")
        assert "stealth" not in listed["content"] and "1d20" not in listed["content"]
