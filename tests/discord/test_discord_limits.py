"""Full games of every game on the fake Discord as real users play them: 19-digit snowflakes,
players named "Bob & <Co>" and "Zoë 🌸", hands asked for with /hand, autocomplete asked at every
move, and every request within Discord's limits (the fake refuses what Discord refuses)."""

from __future__ import annotations

import pytest

from bot.referee import Referee
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord, User
from tests.discord.test_discord import Handled, Players, dms_to, fake, handled, running, settings
from tests.full_games import GAMES, HOSTILE, MAX_COMMANDS, next_move

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
BOB, ZOE = User(1187654321098765432, HOSTILE[0]), User(1187654321098765433, HOSTILE[1])
HAND_EVERY = 9
"""Each player asks for /hand every few commands."""


def pinned(fake: FakeDiscord) -> set[str]:
    return {m["id"] for m in fake.messages if m["pinned"]}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_full_game_stays_within_every_limit(
    fake: FakeDiscord, referee: Referee, handled: Handled, game: str
) -> None:
    players = Players(fake, handled)
    fake.can_pin = True
    by_id = {str(user.id): user for user in (BOB, ZOE)}
    key, _, options = GAMES[game].partition(" ")
    async with running(fake, referee, settings()):
        await players.slash(
            BOB, "new", **({"game": key} | ({"options": options} if options else {}))
        )
        await players.slash(ZOE, "join")
        await players.slash(BOB, "start")
        for step in range(MAX_COMMANDS):
            found = await next_move(referee, "discord", str(CHANNEL_ID), step)
            if found is None:
                break
            user, command = by_id[found[0]], found[1]
            if step % HAND_EVERY == 0:
                await players.slash(user, "hand")
                await fake.autocomplete(user, "play", "move", move="")
            await players.slash(user, "play", move=command)
            assert len(pinned(fake)) <= 1, "one pinned board per table"
        else:
            raise AssertionError(f"{game} did not end in {MAX_COMMANDS} commands")
    assert fake.refused == [], [problem for _, problem in fake.refused]
    [board] = [m for m in fake.messages if m["pinned"]]
    assert board["embeds"][0]["title"].endswith("the game is over.")
    for user in (BOB, ZOE):
        live = [m for m in dms_to(fake.messages, user) if m["components"]]
        assert len(live) <= 1, f"{len(live)} of {user.name}'s DMs keep buttons"
