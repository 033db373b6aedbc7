"""Full games of every game on the fake Discord as real users play them: 19-digit snowflakes,
players named "Bob & <Co>" and "Zoë 🌸", hands asked for with /hand, autocomplete asked at every
move, and every request within Discord's limits (the fake refuses what Discord refuses)."""

from __future__ import annotations

import discord
import pytest

from bot.adapters.discord_components import component_view
from bot.adapters.discord_delivery import board_message
from bot.referee import Referee
from bot.replies import Button, LiveBoard, Public
from games.base import View
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord, User
from tests.discord.test_discord import Handled, Players, dms_to, fake, handled, running, settings
from tests.full_games import BOTS, GAMES, HOSTILE, MAX_COMMANDS, next_move

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
BOB, ZOE = User(1187654321098765432, HOSTILE[0]), User(1187654321098765433, HOSTILE[1])
HAND_EVERY = 9
"""Each player asks for /hand every few commands."""


def pinned(fake: FakeDiscord) -> set[str]:
    return {m["id"] for m in fake.messages if m["pinned"]}


async def play(
    fake: FakeDiscord, referee: Referee, handled: Handled, game: str, spec: str = ""
) -> None:
    """A game (`spec`: its /new words, else the quick ones) from /new to its end in the
    channel, one pinned board at every step."""
    players = Players(fake, handled)
    by_id = {str(user.id): user for user in (BOB, ZOE)}
    key, _, options = (spec or GAMES[game]).partition(" ")
    await players.slash(BOB, "new", **({"game": key} | ({"options": options} if options else {})))
    await players.slash(ZOE, "join")
    for _bot in range(BOTS.get(game, 0)):
        await players.slash(ZOE, "addbot")
    await players.slash(BOB, "start")
    for step in range(MAX_COMMANDS):
        found = await next_move(referee, "discord", str(CHANNEL_ID), step)
        if found is None:
            return
        user, command = by_id[found[0]], found[1]  # a secret pick is ephemeral here
        if step % HAND_EVERY == 0:
            await players.slash(user, "hand")
            await fake.autocomplete(user, "play", "move", move="")
        await players.slash(user, "play", move=command)
        assert len(pinned(fake)) <= 1, "one pinned board per table"
    raise AssertionError(f"{game} did not end in {MAX_COMMANDS} commands")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_full_game_stays_within_every_limit(
    fake: FakeDiscord, referee: Referee, handled: Handled, game: str
) -> None:
    fake.can_pin = True
    async with running(fake, referee, settings()):
        await play(fake, referee, handled, game)
    assert fake.refused == [], [problem for _, problem in fake.refused]
    [board] = [m for m in fake.messages if m["pinned"]]
    assert board["embeds"][0]["title"].endswith("the game is over.")
    for user in (BOB, ZOE):
        live = [m for m in dms_to(fake.messages, user) if m["components"]]
        assert len(live) <= 1, f"{len(live)} of {user.name}'s DMs keep buttons"


def long_board(rows: int) -> Public:
    """A board of `rows` lines of 50 characters (a full Skylines table is 4,000 to 5,100)."""
    lines = "\n".join(f"row {n:03d} " + "x" * 42 for n in range(rows))
    return Public("", board=View("Skylines: Ann to play.", lines=[lines]), live=LiveBoard(1))


async def test_a_long_text_board_is_paged_over_embeds_and_a_longer_one_is_a_picture() -> None:
    paged = await board_message(long_board(100))
    descriptions = [e.description or "" for e in paged["embeds"]]
    assert len(descriptions) == 2 and not paged["attachments"]
    assert all(len(d) <= 4096 for d in descriptions)
    assert len(paged["embeds"][0].title or "") + sum(map(len, descriptions)) <= 6000
    shown = "".join(descriptions)
    assert "row 000" in shown and "row 099" in shown, "nothing of the board is lost"
    picture = await board_message(long_board(130))
    assert (
        len(picture["embeds"]) == 1 and picture["embeds"][0].image.url == "attachment://board.png"
    )
    assert [f.filename for f in picture["attachments"]] == ["board.png"]


def test_a_command_of_97_characters_is_a_select_option() -> None:
    long = "/build " + "x" * 90
    buttons = [Button(f"Move {n}", f"/move {n}") for n in range(6)] + [Button("Build", long)]
    view = component_view(buttons, 12, str(CHANNEL_ID))
    assert view is not None
    items = [getattr(child, "item", child) for child in view.children]
    [menu] = [item for item in items if isinstance(item, discord.ui.Select)]
    assert long in [option.value for option in menu.options]
