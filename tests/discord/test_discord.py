"""The Discord adapter end to end: the real discord.py client against the fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import re
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable
from datetime import timedelta
from typing import Any

import discord.gateway
import discord.http
import pytest

from bot.adapters import discord as adapter
from bot.board import SCROLL_AFTER
from bot.cli import make_referee
from bot.config import ConfigError, Settings
from bot.referee import Referee
from games.base import private
from games.registry import GAMES
from storage.models import utcnow
from tests.core.engines import SECRET
from tests.discord.fake_discord import (
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    TEST_WINDOW,
    FakeDiscord,
    User,
)

TOKEN = "fake-token"
ANN, BOB, CID = User(101, "Ann"), User(102, "Bob"), User(103, "Cid")
WAIT = 15.0
MAX_INTERACTIONS = 600
PRIVATE_WORDS = ("Your opening hand", "You draw", "Your hand:")
Handled = defaultdict[str, asyncio.Event]


def settings(**discord: Any) -> Settings:
    return Settings.model_validate({"discord": {"token": TOKEN, **discord}})


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(window=TEST_WINDOW)
    await server.start()
    yield server
    await server.close()
    assert not server.unlimited(), f"Discord's rate limits refused {server.unlimited()}"


@pytest.fixture(autouse=True)
def offer_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "offer", __name__)


@pytest.fixture
def handled(monkeypatch: pytest.MonkeyPatch) -> Handled:
    """Marks each interaction id once the adapter has finished delivering its replies (a board
    edit held by the channel's rate limit included)."""
    done: Handled = defaultdict(asyncio.Event)
    command = adapter.Adapter.command

    async def tracked(self: adapter.Adapter, interaction: Any, *args: Any, **kwargs: Any) -> None:
        try:
            await command(self, interaction, *args, **kwargs)
            await asyncio.gather(*self.delivery.held())  # a board a rate limit held, out too
        finally:
            done[str(interaction.id)].set()

    monkeypatch.setattr(adapter.Adapter, "command", tracked)
    return done


@contextlib.asynccontextmanager
async def running(
    fake: FakeDiscord, referee: Referee, config: Settings, **options: Any
) -> AsyncIterator[adapter.PaperrefClient]:
    """One adapter process: log in, sync, connect; closed on exit."""
    client = adapter.build_client(referee, config, **options)
    task = asyncio.create_task(client.start(TOKEN))
    await fake.wait_identified(len(fake.identifies) + 1)
    try:
        yield client
    finally:
        await client.close()
        await task


class Players:
    """Sends one interaction at a time and returns the messages the bot made for it."""

    def __init__(self, fake: FakeDiscord, handled: Handled) -> None:
        self.fake, self.handled = fake, handled

    async def _wait(self, send: Awaitable[dict[str, Any]]) -> list[dict[str, Any]]:
        start = len(self.fake.messages)
        payload = await send
        await asyncio.wait_for(self.handled[payload["id"]].wait(), WAIT)
        return self.fake.messages[start:]

    async def slash(self, user: User, name: str, **options: Any) -> list[dict[str, Any]]:
        return await self._wait(self.fake.slash(user, name, **options))

    async def press(self, user: User, message: dict[str, Any], command: str) -> list[dict]:
        """Press the button, or choose the select option, that sends `command`."""
        for custom_id, value in components(message):
            if command in (value, label_of(message, custom_id)):
                picked = value if custom_id.endswith(":choose") else None
                return await self._wait(self.fake.press(user, message, custom_id, picked))
        raise AssertionError(f"no component for {command!r} in {message['content']!r}")


def components(message: dict[str, Any]) -> list[tuple[str, str]]:
    """(custom_id, command) of each button or select option on a message."""
    found = []
    for row in message["components"]:
        for item in row["components"]:
            if item["type"] == 2:
                found.append((item["custom_id"], item["custom_id"].split(":", 2)[2]))
            elif item["type"] == 3:
                found += [(item["custom_id"], option["value"]) for option in item["options"]]
    return found


def label_of(message: dict[str, Any], custom_id: str) -> str | None:
    for row in message["components"]:
        for item in row["components"]:
            if item.get("custom_id") == custom_id and item["type"] == 2:
                return item["label"]
    return None


def public(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bot's messages everyone sees: not ephemeral answers, DMs, nor Discord's own lines
    (a pin's)."""
    return [
        m
        for m in messages
        if not m["flags"] & EPHEMERAL and m["dm_user"] is None and m["via"] != "system"
    ]


def ephemeral_to(messages: list[dict[str, Any]], user: User) -> list[dict[str, Any]]:
    return [m for m in messages if m["flags"] & EPHEMERAL and m["user_id"] == str(user.id)]


def dms_to(messages: list[dict[str, Any]], user: User) -> list[dict[str, Any]]:
    return [m for m in messages if m["dm_user"] == user.id]


def jump_url(message: dict[str, Any]) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{message['channel_id']}/{message['id']}"


def text(messages: list[dict[str, Any]]) -> str:
    return "\n".join(m["content"] for m in messages)


async def test_roll_is_answered_in_the_channel_and_commands_are_synced(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        messages = await players.slash(ANN, "roll", expression="2d6+3")
    assert fake.identifies[0]["shard"] == [0, 1]
    synced = {c["name"]: c for c in fake.commands["global"]}
    assert {"new", "join", "start", "hand", "roll", "play", "unit", "kick"} <= set(synced)
    assert not {"build", "steal", "done", "step"} & set(synced), "game moves go through /play"
    options = {name: {o["name"]: o for o in c.get("options") or []} for name, c in synced.items()}
    assert options["join"] == {} and options["hand"] == {}, "no option where a verb takes none"
    assert options["play"]["move"]["autocomplete"] is True and options["play"]["move"]["required"]
    assert options["kick"]["name"]["autocomplete"] is True, "a player option offers the seats"
    assert {"board", "language", "turn-time"} <= {
        c["value"] for c in options["settings"]["key"]["choices"]
    }
    assert options["new"]["file"]["type"] == 11 and options["unit"]["file"]["type"] == 11
    assert options["roll"]["private"]["type"] == 5
    assert all(len(c["description"]) <= 100 for c in synced.values())
    games = {choice["value"] for choice in options["new"]["game"]["choices"]}
    assert {"gotown", "race"} <= games
    [answer] = messages
    assert answer["via"] == "callback" and answer["flags"] == 0
    assert re.fullmatch(r"Ann rolls: 2d6 \(\d, \d\) \+ 3 = \*\*\d+\*\*", answer["content"]), answer
    callback = next(c for c in fake.calls if c.path.endswith("/callback"))
    assert callback.json["type"] == 4


def channel_posts(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """New messages everyone in the channel sees (not ephemeral answers, not DMs)."""
    return [m for m in public(messages) if m["channel_id"] == str(CHANNEL_ID)]


def board_of(fake: FakeDiscord) -> dict[str, Any]:
    """The table's board: the newest pinned message, as it stands after its edits."""
    return next(m for m in fake.messages if m["id"] == fake.pins[-1])


async def test_three_players_play_gotown_to_the_end(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    fake.dm_closed.add(CID.id)
    fake.can_pin = True
    async with running(fake, referee, settings()):
        opened = await players.slash(ANN, "new", game="gotown", options="--short --first Ann")
        [board] = channel_posts(opened)
        assert board["via"] == "channel" and fake.pins == [board["id"]]
        assert board["content"].startswith("Ann opened a GoTown table")
        assert board["embeds"][0]["title"] == "GoTown: waiting for players."
        assert text(ephemeral_to(opened, ANN)) == "Done."
        assert [label_of(board, cid) for cid, _ in components(board)] == [
            "Join",
            "Add a bot",
            "Start",
        ]
        joined = await players.press(BOB, board, "Join")
        assert [m["content"] for m in channel_posts(joined)] == ["Bob joins (2 seated)."]
        assert [e["id"] for e in fake.edits[-1:]] == [board["id"]]
        lobby = copy.deepcopy(board)
        seated = await players.slash(CID, "join")
        assert "Cid joins (3 seated)" in text(public(seated))
        assert "3. Cid" in board["embeds"][0]["description"], "the board was edited in place"
        started = await players.press(ANN, board, "Start")
        assert "GoTown starts: <@101>, Bob, Cid" in text(public(started)), "Ann's turn: a ping"
        assert board["embeds"][0]["title"] == "GoTown: Ann to play."
        assert "Your opening hand" in text(ephemeral_to(started, ANN))
        assert "Your opening hand" in text(dms_to(started, BOB))
        assert "<@103>, I cannot send you direct messages; use /hand" in text(public(started))
        stale = await players.press(ANN, lobby, "Start")
        assert text(ephemeral_to(stale, ANN)).startswith("That button is out of date")
        winner, moves, posted = await play_until_over(players, fake)
    everything = fake.messages
    assert re.search(r"Game over\. Winner: (Ann|Bob|Cid)\.", winner)
    assert posted <= moves, f"{posted} new channel messages for {moves} moves"
    final = board_of(fake)
    assert final["embeds"][0]["title"] == "GoTown: the game is over." and not final["components"]
    assert len(fake.pins) <= 1 + moves // SCROLL_AFTER, "a new board only when it scrolled away"
    assert fake.unpins == fake.pins[:-1], "only the latest board stays pinned"
    for old in fake.pins[:-1]:
        moved = next(m for m in everything if m["id"] == old)
        assert moved["content"].startswith("The board moved below: ") and not moved["embeds"]
    for message in everything:
        if any(word in message["content"] for word in PRIVATE_WORDS):
            assert message["flags"] & EPHEMERAL or message["dm_user"] is not None, message
    assert not dms_to(everything, CID)
    closed = [m for m in everything if "I cannot send you direct messages" in m["content"]]
    assert len(closed) == 1, "Cid hears once per game that their DMs are closed"
    kinds = {
        item["type"] for m in everything for row in m["components"] for item in row["components"]
    }
    assert kinds == {2, 3}, "buttons for a few moves, a select menu for many"
    assert any("```" in e.get("description", "") for m in everything for e in m["embeds"])


async def play_until_over(players: Players, fake: FakeDiscord) -> tuple[str, int, int]:
    """The player to move asks for /hand and presses a build or steal if offered, else /done;
    whose turn it is comes from the board's title. Returns the last report, the moves made and
    the new channel messages they caused."""
    by_name = {user.name: user for user in (ANN, BOB, CID)}
    posted = 0
    for moves in range(1, MAX_INTERACTIONS // 2):
        title = board_of(fake)["embeds"][0]["title"]
        turn = by_name[re.fullmatch(r"GoTown: (\w+) to play\.", title)[1]]  # type: ignore[index]
        hand = ephemeral_to(await players.slash(turn, "hand"), turn)[-1]
        commands = [command for _, command in components(hand)]
        assert commands, hand["content"]
        move = next((c for c in commands if c.startswith(("/build", "/steal"))), "/done")
        if move in commands:
            result = await players.press(turn, hand, move)
        else:
            result = await players.slash(turn, "play", move="/done")
        posted += len(channel_posts(result))
        said = text(public(result))
        if "Game over" in said:
            return said, moves, posted
    raise AssertionError("the game did not end")


async def test_autocomplete_offers_the_invokers_legal_moves(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        asked = [
            await fake.autocomplete(ANN, "play", "move", move=""),
            await fake.autocomplete(ANN, "play", "move", move="step 2"),
            await fake.autocomplete(BOB, "play", "move", move=""),
        ]
        answers = [await autocomplete_answer(fake, payload) for payload in asked]
        played = await players.slash(ANN, "play", move="step 2")
    assert answers == [
        {
            "type": 8,
            "data": {"choices": [choice(f"/step {n}") for n in (1, 2, 3)] + [choice("/draw")]},
        },
        {"type": 8, "data": {"choices": [choice("/step 2")]}},
        {"type": 8, "data": {"choices": []}},
    ]
    assert "Ann steps to 2." in text(public(played))


def choice(value: str) -> dict[str, str]:
    return {"name": value, "value": value}


async def autocomplete_answer(fake: FakeDiscord, payload: dict[str, Any]) -> Any:
    """The callback body the bot posted for this autocomplete interaction."""
    path = f"/interactions/{payload['id']}/{payload['token']}/callback"
    async with asyncio.timeout(WAIT):
        while not (found := [c.json for c in fake.calls if c.path == path]):
            await asyncio.sleep(0.01)
    return found[0]


async def test_board_as_png_and_deferred_answers(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    config = settings(guild_ids=[GUILD_ID], shard_count=1, shard_ids=[0])
    config.bot.board = "image"
    referee.board_default = "image"  # what run() does with the config
    async with running(fake, referee, config, defer_after=0):
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        board = await players.slash(BOB, "board")
        refused = await players.slash(BOB, "play", move="/step 2")
    assert set(fake.commands) == {str(GUILD_ID), "global"}
    assert fake.commands["global"] == [], "stale global commands are removed"
    assert {c["name"] for c in fake.commands[str(GUILD_ID)]} >= {"new", "play", "join"}
    assert fake.identifies[0]["shard"] == [0, 1]
    assert not [c for c in fake.calls if c.path == "/gateway/bot"], "shard_count was given"
    shown = [(m["via"], m["flags"], m["content"]) for m in board]
    assert shown == [
        ("callback", EPHEMERAL, ""),
        ("original", EPHEMERAL, "Done."),
        ("channel", 0, ""),
    ]
    name, data = board[2]["files"][0]
    assert name == "board.png" and data.startswith(b"\x89PNG\r\n\x1a\n")
    assert board[2]["embeds"][0]["image"]["url"] == "attachment://board.png"
    old = next(m for m in fake.messages if m["id"] == fake.edits[-1]["id"])
    assert old["content"] == f"The board moved below: {jump_url(board[2])}"
    assert old["id"] != board[2]["id"] and not old["embeds"], "the refused /step edits nothing"
    shown = [(m["via"], m["flags"], m["content"]) for m in refused]
    assert shown[1:] == [("original", EPHEMERAL, "It is Ann's turn, not yours.")]
    defers = [c.json for c in fake.calls if c.path.endswith("/callback")]
    assert all(d == {"type": 5, "data": {"flags": EPHEMERAL}} for d in defers)


async def test_play_with_text_that_is_no_move_is_answered_to_its_sender(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        answers = {
            move: await players.slash(ANN, "play", move=move) for move in ("4 5", "żółw", " ")
        }
    for move, said in answers.items():
        shown = [(m["via"], m["flags"]) for m in said]
        assert shown == [("callback", EPHEMERAL)], (move, said)
        assert said[0]["content"].endswith(
            "is not a move: a move starts with its verb, e.g. build 4 5 (pick one as you type)."
        )
    assert answers["żółw"][0]["content"].startswith("'żółw' is not a move")


async def test_a_move_whose_interaction_expired_before_its_deferral_is_still_told(
    fake: FakeDiscord, referee: Referee, handled: Handled, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interaction reached the bot late and the referee was slow: Discord refuses the
    deferral; the move stands, and the channel, the board and the next player hear of it."""
    players = Players(fake, handled)
    async with running(fake, referee, settings(), defer_after=0.3):
        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        await players.slash(ANN, "start")
        handle = referee.handle

        async def slow(inv: Any) -> Any:
            await asyncio.sleep(0.5)
            return await handle(inv)

        monkeypatch.setattr(referee, "handle", slow)
        fake.answer_within = 0.2  # the interaction had 0.2 s left when it reached the bot
        told = await players.slash(ANN, "play", move="/step 1")
    tried = [c.json["type"] for c in fake.calls if c.path.endswith("/callback")]
    assert tried[-1] == 5 and all(m["via"] != "callback" for m in told), "deferral refused"
    assert "Ann steps to 1" in text([m for m in told if m["via"] == "channel"]), told


async def test_restart_mid_game_continues_with_old_buttons(
    fake: FakeDiscord, db_url: str, handled: Handled
) -> None:
    players = Players(fake, handled)
    first = asyncio.create_task(adapter.run(await make_referee(db_url, seed="fixed"), settings()))
    await fake.wait_identified(1)
    await players.slash(ANN, "new", game="gotown", options="--first Ann")
    await players.slash(BOB, "join")
    await players.slash(ANN, "start")
    hand = ephemeral_to(await players.slash(ANN, "hand"), ANN)[-1]
    first.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await first
    second = asyncio.create_task(adapter.run(await make_referee(db_url, seed="fixed"), settings()))
    await fake.wait_identified(2)
    try:
        passed = await players.press(ANN, hand, "/done")
        assert "<@102>'s turn" in text(public(passed)), "Bob is pinged: his turn has come"
        bobs = ephemeral_to(await players.slash(BOB, "hand"), BOB)[-1]
        assert components(bobs), "Bob is to move after the restart"
    finally:
        second.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await second


async def test_buttons_sent_by_dm_act_on_the_channels_table(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        await players.slash(ANN, "new", game="offer")
        await players.slash(BOB, "join")
        started = await players.slash(ANN, "start")
        [offer] = dms_to(started, BOB)
        assert offer["content"] == "Pick a number."
        assert components(offer)[3] == (f"pr@{CHANNEL_ID}:2:/pick 4", "/pick 4")
        [mine] = ephemeral_to(started, ANN)
        assert components(mine)[0] == ("pr:2:/pick 1", "/pick 1")
        picked = await players.press(BOB, offer, "/pick 4")
        revealed = await players.slash(ANN, "play", move="pick 2")
    assert [(m["channel_id"], m["content"]) for m in public(picked)] == []
    [turn] = [m for m in public(fake.messages) if "Bob has picked." in m["content"]]
    assert turn["via"] == "channel", "the turn's message, edited"
    assert text(dms_to(picked, BOB)) == "You picked 4."
    assert "Revealed: Ann 2, <@102> 4; Bob scores." in text(public(revealed))


class Offer(SECRET.__class__):
    """The Secret game, but the picks are offered as buttons to every seat when it starts."""

    key, title = "offer", "Offer"

    def setup(self, names: Any, options: Any, rng: Any) -> tuple[Any, list[Any]]:
        state, events = super().setup(names, options, rng)
        offers = [
            private(seat, "Pick a number.", reveals=False, choices=self.legal(state, seat))
            for seat in range(len(names))
        ]
        return state, events + offers


ENGINE = Offer()
"""This module is the `offer` game's package for the registry (see the autouse fixture)."""


async def test_the_fake_puts_discord_globals_back() -> None:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    server = FakeDiscord()
    await server.start()
    installed = discord.http.Route.BASE
    await server.close()
    assert installed == f"http://127.0.0.1:{server.port}/api/v10"
    assert (base, gateway) == (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )


async def test_bad_shard_settings_and_missing_token_stop_start_up(referee: Referee) -> None:
    with pytest.raises(ConfigError, match=r"^config: discord\.shard_count: required"):
        adapter.build_client(referee, settings(shard_ids=[1]))
    with pytest.raises(
        ConfigError, match=r"^config: discord\.shard_ids: each must be from 0 to 1$"
    ):
        adapter.build_client(referee, settings(shard_ids=[2], shard_count=2))
    with pytest.raises(ConfigError, match=r"^config: discord\.token: not set$"):
        await adapter.run(referee, Settings())


async def test_long_text_is_split_and_many_choices_become_a_select_menu() -> None:
    from bot.replies import Button, Public

    buttons = tuple(Button(f"move {n}", f"/step {n}") for n in range(7))
    messages = await adapter.compose(Public("x" * 4500, buttons=buttons, version=3))
    assert [len(m.content) for m in messages] == [2000, 2000, 500]
    assert messages[-1].buttons == buttons and not messages[0].buttons
    view = adapter.component_view(buttons, 3)
    assert view is not None
    [select] = view.to_components()[0]["components"]
    assert select["custom_id"] == "pr:3:choose" and len(select["options"]) == 7
    export = await adapter.compose(Public("{" * 3000, file=("game.json", b"{}")))
    assert export == [adapter.Outgoing("game.json is attached.", (("game.json", b"{}"),))]
    few = adapter.component_view(buttons[:2], None)
    assert few is not None
    ids = [c["custom_id"] for c in few.to_components()[0]["components"]]
    assert ids == ["pr:-:/step 0", "pr:-:/step 1"]


async def test_settings_need_manage_server_and_reminders_ping_the_player(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()) as client:
        client.sweeper.cancel()  # the test drives the sweep itself, at a later time
        [refused] = await players.slash(BOB, "settings", key="board", value="image")
        assert refused["flags"] & EPHEMERAL
        assert refused["content"].startswith("Only an admin of this chat can change its settings")
        [shown] = await players.slash(BOB, "settings")
        assert "  board: auto (default)" in shown["content"]
        fake.admins.add(ANN.id)
        [changed] = await players.slash(ANN, "settings", key="turn-time", value="10m")
        assert changed["content"] == "Ann set turn-time to 10m for this chat."

        await players.slash(ANN, "new", game="race")
        await players.slash(BOB, "join")
        started = await players.slash(ANN, "start")
        assert "Each turn has 10m." in text(public(started))
        later = utcnow() + timedelta(minutes=6)
        referee.clock = lambda: later
        mark = len(fake.messages)
        await client.adapter.sweep(client)
        [reminder] = fake.messages[mark:]
        assert reminder["via"] == "channel" and reminder["channel_id"] == str(CHANNEL_ID)
        assert reminder["content"] == "<@101>, Race is waiting for you; a bot moves for you in 4m."
        later += timedelta(minutes=5)
        await client.adapter.sweep(client)
        moved = text(fake.messages[mark + 1 :])
        assert "<@101>'s time is up; a bot moves for them." in moved
        assert re.search(r"Ann (steps to \d|draws a card)", moved)
