"""The Telegram adapter end to end: the real python-telegram-bot Application against a fake Bot API."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from pydantic import SecretStr
from telegram import Update
from telegram.ext import Application, ContextTypes, TypeHandler

from bot.adapters.base import STORED, read_stored
from bot.adapters.telegram import (
    ADAPTER,
    CALLBACK_LIMIT,
    MESSAGE_LIMIT,
    Origin,
    TelegramAdapter,
    build_application,
    coalesce,
    decode_press,
    encode_press,
    keyboard,
    serve,
    user_key,
)
from bot.adapters.telegram.chat import read_board_id
from bot.adapters.telegram.pacing import PER_GROUP, ChatRateLimiter
from bot.board import SCROLL_AFTER
from bot.cli import make_referee
from bot.commands.help import every_verb
from bot.config import BotSettings, ConfigError, Settings, TelegramSettings
from bot.port import PagesPort
from bot.referee import Referee
from bot.replies import Button, Private, Public
from bot.verbs import SHARED
from games.base import View
from storage.models import utcnow
from tests.flood import FloodLimits
from tests.telegram.fake_botapi import BOT_NAME, TOKEN, Call, FakeBotApi, User

GROUP = -1001234567890
"""A supergroup: -100 and ten digits, as Telegram numbers them."""
ANN, BOB, CID, DAN = User(11, "Ann"), User(22, "Bob"), User(33, "Cid"), User(44, "Dan")
WAIT = 15.0
MAX_UPDATES = 400
MINUTE = 2.0
"""A minute of Telegram's flood limits in these tests, for the fake and the bot's pacing alike:
a game's messages to its group keep to Telegram's counts in a test's seconds."""
PACED = 1.1
"""The bot's group window against the fake's minute: PER_GROUP's margin (61 s for 60) is 33 ms
at this scale, less than a loaded test machine may add to one request's way to the fake."""


class Harness:
    """One running Application (polling the fake) with a referee on the test's SQLite file."""

    def __init__(self, fake: FakeBotApi, db_url: str, settings: Settings) -> None:
        self.fake, self.db_url, self.settings = fake, db_url, settings
        self.processed: list[int] = []
        self.task: asyncio.Task[None] | None = None
        self.referee: Referee | None = None
        self.app: Application | None = None
        self.halt = asyncio.Event()  # set: serve stops taking updates and drains
        self.pages: PagesPort | None = None  # the web pages a page's move is delivered from

    async def start(self) -> None:
        self.referee = await make_referee(self.db_url, seed="fixed", board=self.settings.bot.board)
        self.fake.flood = FloodLimits(minute=MINUTE)
        limiter = ChatRateLimiter(per_group=(PER_GROUP[0], MINUTE * PACED), max_retries=2)
        self.app = build_application(
            self.referee,
            self.settings,
            base_url=self.fake.base_url,
            base_file_url=self.fake.base_file_url,
            rate_limiter=limiter,
            pages=self.pages,
        )
        self.app.add_handler(TypeHandler(Update, self._done), group=99)
        method = "getUpdates" if self.settings.telegram.mode == "polling" else "setWebhook"
        ready = len(self.fake.of(method))
        self.task = asyncio.create_task(serve(self.app, self.settings, self.halt))
        await until(lambda: len(self.fake.of(method)) > ready)

    async def _done(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        self.processed.append(update.update_id)

    def delivered(self) -> bool:
        """Every reply made went out (an update may be done before its replies: a chat held by
        its flood limit holds no update)."""
        assert self.app is not None
        return not self.app.bot_data[ADAPTER].outbox.lines

    async def stop(self) -> None:
        """Stop serving; the bot's own pacing must have kept every new message within Telegram's
        flood limits (the fake refuses past them, as Telegram does)."""
        assert self.task is not None
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        flooded = [(c.method, c.chat_id) for c in self.fake.flooded]
        assert not flooded, f"Telegram's flood limits refused {flooded}"

    async def send(self, update: dict[str, Any], times: int = 1) -> list[Call]:
        """Inject an update (several times: a redelivery) and return the calls made handling it."""
        mark = len(self.fake.calls)
        update_id = update["update_id"]
        for _ in range(times):
            self.fake.inject(update)
        await until(lambda: self.processed.count(update_id) >= times)
        await until(self.delivered)
        return [c for c in self.fake.calls[mark:] if c.method != "getUpdates"]

    async def say(self, user: User, text: str, chat_id: int = GROUP) -> list[Call]:
        return await self.send(self.fake.command(user, chat_id, text))

    async def press(self, user: User, call: Call, label: str) -> list[Call]:
        """Press the button whose label or command starts with `label` on a message the bot sent."""
        for key, command in await self.keys(call):
            if key["text"].startswith(label) or command.startswith(label):
                return await self.send(self.fake.press(user, call, key["callback_data"]))
        raise AssertionError(f"no button {label!r} on {call.text!r}: {call.buttons()}")

    async def keys(self, call: Call) -> list[tuple[dict[str, Any], str]]:
        """Each button on a message with the command it sends, its payload read from the data
        or, for a stored button, from the referee's SQL; page turns have no command."""
        assert self.referee is not None
        found = []
        for key in call.buttons():
            data = key.get("callback_data", "")
            stored = read_stored(data, STORED)
            if stored is not None:
                buttons = await self.referee.stored_buttons(stored[0])
                assert buttons is not None, f"stored button {data} unknown"
                found.append((key, buttons[3][stored[1]][1]))
            elif (press := decode_press(data)) is not None:
                found.append((key, press.command))
        return found

    async def commands(self, call: Call) -> list[str]:
        return [command for _, command in await self.keys(call)]

    async def start_privately(self, *users: User) -> None:
        for user in users:
            self.fake.started.add(user.id)
            await self.say(user, "/start", chat_id=user.id)


async def until(condition: Callable[[], bool]) -> None:
    """Poll briefly until the condition holds; TimeoutError after WAIT seconds."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await asyncio.sleep(0.01)


async def board(tg: Harness, chat: int = GROUP, topic: str | None = None) -> Call:
    """The table's live board as the chat (or its forum `topic`, `CHAT:THREAD`) shows it now
    (its id as the referee stored it)."""
    assert tg.referee is not None
    message_id = await tg.referee.board_message("telegram", topic or str(chat))
    assert message_id is not None, "the table has a board message"
    return shown(tg.fake, chat, read_board_id(message_id)[0])


def shown(fake: FakeBotApi, chat: int, message_id: int) -> Call:
    """A message as the chat shows it now, as if just sent (its text or caption, its buttons)."""
    message = fake.messages[chat, message_id]
    params = {"chat_id": chat, "text": message.get("text") or message.get("caption") or ""}
    if message.get("reply_markup"):
        params["reply_markup"] = message["reply_markup"]
    return Call("sendMessage", params, result=message)


def hand_shown(fake: FakeBotApi, calls: list[Call], user: User) -> Call:
    """The player's hand message after a command: sent anew, or their one hand message edited
    in place (as the chat shows it now)."""
    sent = to(calls, user.id)
    if sent:
        return sent[-1]
    [edited] = edits(calls, user.id)
    return shown(fake, user.id, edited)


def edits(calls: list[Call], chat_id: int = GROUP) -> list[int]:
    """The ids of the messages edited in this chat (text, picture or buttons)."""
    methods = {"editMessageText", "editMessageMedia", "editMessageReplyMarkup"}
    return [
        int(c.params["message_id"])
        for c in calls
        if c.method in methods and c.status == 200 and c.chat_id == chat_id
    ]


def to(calls: list[Call], chat_id: int) -> list[Call]:
    sent = {"sendMessage", "sendPhoto", "sendDocument"}
    return [c for c in calls if c.method in sent and c.status == 200 and c.chat_id == chat_id]


def answer_of(calls: list[Call]) -> Call:
    """The one answerCallbackQuery made for a press; it comes before anything is delivered."""
    answers = [i for i, c in enumerate(calls) if c.method == "answerCallbackQuery"]
    assert len(answers) == 1
    assert not to(calls[: answers[0]], GROUP), "the press is answered before the replies"
    return calls[answers[0]]


def texts(calls: list[Call], chat_id: int) -> str:
    return "\n".join(c.text for c in to(calls, chat_id))


def reported(calls: list[Call], chat_id: int) -> str:
    """What the chat reads of a command: its new messages and the texts edited (the board, a
    turn's report grown by a line)."""
    edited = [c.text for c in calls if c.method == "editMessageText" and c.chat_id == chat_id]
    return "\n".join([texts(calls, chat_id), *edited])


def settings(board: str = "text", **telegram: Any) -> Settings:
    return Settings(
        telegram=TelegramSettings(token=SecretStr(TOKEN), **telegram),
        bot=BotSettings(board=board),  # type: ignore[arg-type]
    )


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    api = FakeBotApi()
    await api.start()
    yield api
    await api.close()


@pytest.fixture
async def tg(fake: FakeBotApi, db_url: str) -> AsyncIterator[Harness]:
    harness = Harness(fake, db_url, settings())
    await harness.start()
    yield harness
    await harness.stop()


async def open_table(tg: Harness, *players: User, game: str = "gotown --first Ann") -> Call:
    """The first player opens a table in the group, the others join; returns its board (GoTown:
    Ann plays first)."""
    await tg.say(players[0], f"/new {game}")
    for player in players[1:]:
        await tg.say(player, "/join")
    return await board(tg)


# ---- tests ----


async def test_roll_in_a_group_and_the_command_menu(tg: Harness, fake: FakeBotApi) -> None:
    commands = fake.of("setMyCommands")[0].params["commands"]
    assert {c["command"]: c["description"] for c in commands} == {
        verb.name: verb.help for verb in every_verb(SHARED)
    }
    assert {c["command"] for c in commands} >= {"new", "join", "start", "build", "steal", "done"}

    calls = await tg.say(ANN, "/roll 4d6kh3")
    assert len(to(calls, GROUP)) == 1
    assert texts(calls, GROUP).startswith("Ann rolls: 4d6kh3")

    calls = await tg.say(BOB, f"/roll@{BOT_NAME} 1d20+5 attack")
    assert texts(calls, GROUP).startswith("Bob rolls (attack): 1d20")
    assert await tg.say(BOB, "/roll@another_bot 1d6") == []


async def test_a_complete_three_player_game(tg: Harness, fake: FakeBotApi) -> None:
    players = (ANN, BOB, CID)
    await tg.start_privately(*players)
    fake.pinners.add(GROUP)
    [opened] = to(await tg.say(ANN, "/new gotown --first Ann"), GROUP)
    assert opened.text.startswith("Ann opened a GoTown table")
    assert "<b>GoTown: waiting for players.</b>" in opened.text, "the report rides on the board"
    assert [k["text"] for k in opened.buttons()] == ["Join", "Add a bot", "Start"]
    board_id = opened.result["message_id"]
    assert fake.pins[GROUP] == [board_id]
    calls = await tg.press(BOB, opened, "Join")
    assert "show_alert" not in answer_of(calls).params
    assert [c.text for c in to(calls, GROUP)] == ["Bob joins (2 seated)."]
    assert edits(calls) == [board_id]
    calls = await tg.say(CID, f"/join@{BOT_NAME}")
    assert edits(calls) == [board_id] and "3. Cid" in fake.messages[GROUP, board_id]["text"]

    calls = await tg.press(ANN, await board(tg), "Start")
    assert "GoTown starts: " in texts(calls, GROUP)
    for player in players:
        assert "Your opening hand:" in texts(calls, player.id)
    assert "opening hand" not in texts(calls, GROUP)
    assert edits(calls) == [board_id]
    assert f'<a href="tg://user?id={ANN.id}">Ann</a>' in texts(calls, GROUP), "Ann is pinged"

    group_log, presses_from_dm, moves, posted = await play_to_the_end(tg, players)
    assert "Game over. Winner: " in group_log
    assert "Your hand" not in group_log and "opening hand" not in group_log
    assert presses_from_dm >= 3
    assert posted <= moves, f"{posted} new group messages for {moves} moves"
    final = await board(tg)
    assert final.text.startswith("GoTown: the game is over.") and not final.buttons()
    boards = fake.pins[GROUP]
    assert boards[0] == board_id and boards[-1] == final.result["message_id"]
    assert len(boards) <= 1 + moves // SCROLL_AFTER, "a new board only when it scrolled away"
    assert fake.unpins.get(GROUP, []) == boards[:-1], "only the latest board stays pinned"
    for old in boards[:-1]:
        assert fake.messages[GROUP, old]["text"] == "The board moved below."
    assert fake.of("editMessageText"), "a spent DM choice is marked and its buttons removed"


async def play_to_the_end(tg: Harness, players: tuple[User, ...]) -> tuple[str, int, int, int]:
    """Each player asks for their hand in the group, then builds or steals by a DM button press,
    and ends the turn by typing /done or pressing its button; returns the group's messages, the
    presses from DMs, the moves made and the new messages the group got for them."""
    group_log: list[str] = []
    turn, presses, updates, moves, posted = 0, 0, 0, 0, 0
    while updates < MAX_UPDATES:
        player = players[turn % len(players)]
        calls = await tg.say(player, "/hand")
        updates += 1
        hand = hand_shown(tg.fake, calls, player)
        assert to(calls, GROUP) == [] and hand.buttons(), hand.text
        choice = await best_move(tg, hand)
        if choice == "/done" and turn % 2 == 0:
            calls = await tg.say(player, "/done")
        else:
            calls = await tg.press(player, hand, choice)
            presses += 1
            assert "show_alert" not in answer_of(calls).params, answer_of(calls).params
        updates += 1
        moves += 1
        posted += len(to(calls, GROUP))
        assert 1 <= len(edits(calls)) <= 2, "each move edits the board (and its turn's report)"
        group_log.append(reported(calls, GROUP))
        assert group_log[-1], f"{player.name}'s {choice} reached the group"
        if "Game over." in group_log[-1]:
            return "\n".join(group_log), presses, moves, posted
        turn += choice == "/done"
    raise AssertionError("the game did not end within the bound")


async def best_move(tg: Harness, hand: Call) -> str:
    """Build if possible, else steal, else end the turn (the game then always finishes)."""
    offered = await tg.commands(hand)
    for verb in ("/build", "/steal"):
        found = [c for c in offered if c.startswith(verb)]
        if found:
            return found[0]
    assert "/done" in offered
    return "/done"


async def test_a_player_who_never_started_the_bot_gets_the_deep_link(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN)
    await open_table(tg, ANN, DAN)
    calls = await tg.say(ANN, "/start")
    notice = to(calls, GROUP)
    assert len(notice) == 1 and "Dan" in notice[0].text and "Ann" not in notice[0].text
    assert notice[0].buttons()[0]["url"] == f"https://t.me/{BOT_NAME}?start=g{GROUP}"
    assert "GoTown starts" not in texts(calls, GROUP)

    fake.started.add(DAN.id)
    calls = await tg.say(DAN, f"/start g{GROUP}", chat_id=DAN.id)
    assert texts(calls, DAN.id).startswith("Hello Dan!")
    calls = await tg.say(ANN, "/start")
    assert "GoTown starts: Ann, Dan." in texts(calls, GROUP).replace(
        f'<a href="tg://user?id={ANN.id}">Ann</a>', "Ann"
    )
    assert "Your opening hand" in texts(calls, DAN.id)

    fake.started.discard(DAN.id)  # Dan blocks the bot: the DM answers 403
    calls = await tg.say(DAN, "/hand")
    assert [c.status for c in calls if c.chat_id == DAN.id] == [403]
    notice = to(calls, GROUP)
    assert notice[0].text.startswith("Dan, I cannot send you private messages yet")
    assert notice[0].buttons()[0]["url"].endswith(f"?start=g{GROUP}")
    assert tg.referee is not None
    assert (await tg.referee.chat_data("telegram", user_key(DAN.id)))["started"] is False


async def test_a_stale_button_is_refused_with_an_alert(tg: Harness, fake: FakeBotApi) -> None:
    first = to(await tg.say(ANN, "/new gotown"), GROUP)[-1]
    assert to(await tg.press(BOB, first, "Join"), GROUP)[-1].text == "Bob joins (2 seated)."
    calls = await tg.press(CID, first, "Join")
    answer = answer_of(calls)
    assert answer.params["show_alert"] in ("true", "True")
    assert answer.params["text"].startswith("That button is out of date")
    assert to(calls, GROUP) == [] and to(calls, CID.id) == []
    assert edits(calls) == [], "a press on the live board leaves its (current) buttons"
    status = to(await tg.say(CID, "/status"), GROUP)[-1]
    assert "Cid" not in status.text


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_429_is_waited_out_and_the_message_still_delivered(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    calls = await tg.say(ANN, "/roll 2d6")
    sends = [c for c in calls if c.method == "sendMessage"]
    assert [c.status for c in sends] == [429, 200]
    assert sends[0].text == sends[1].text and sends[1].text.startswith("Ann rolls: 2d6")


async def test_restart_mid_game_continues_and_a_redelivery_is_applied_once(
    fake: FakeBotApi, db_url: str
) -> None:
    first = Harness(fake, db_url, settings())
    await first.start()
    await first.start_privately(ANN, BOB)
    lobby = await open_table(first, ANN, BOB)
    await first.press(ANN, lobby, "Start")
    hand = to(await first.say(ANN, "/hand"), ANN.id)[-1]
    await first.stop()

    second = Harness(fake, db_url, settings())
    await second.start()
    try:
        move = await best_move(second, hand)
        calls = await second.press(ANN, hand, move)
        assert texts(calls, GROUP), "the new process applies a button sent by the old one"
        if move != "/done":
            await second.say(ANN, "/done")
        done = fake.command(BOB, GROUP, "/done")
        calls = await second.send(done, times=2)
        assert texts(calls, GROUP).count("Bob ends the turn") == 1
        status = to(await second.say(BOB, "/status"), GROUP)[-1]
        assert "Ann &lt;- to act" in status.text
    finally:
        await second.stop()


async def test_boards_as_photos_in_image_mode(fake: FakeBotApi, db_url: str) -> None:
    harness = Harness(fake, db_url, settings(board="image"))
    await harness.start()
    try:
        await harness.start_privately(ANN, BOB)
        await open_table(harness, ANN, BOB)
        calls = await harness.say(ANN, "/start")
        assert "draws 1 card" in texts(calls, GROUP)
        photos = [c for c in to(calls, GROUP) if c.method == "sendPhoto"]
        assert photos and photos[0].files["photo"].startswith(b"\x89PNG")
        assert photos[0].params["caption"] == "GoTown: Ann to play."
        moved = [c for c in calls if c.method == "editMessageText" and c.status == 200]
        assert [c.text for c in moved] == ["The board moved below."], "the text lobby board"
        calls = await harness.say(ANN, "/done")
        assert [c.method for c in calls if c.method.startswith("edit")] == ["editMessageMedia"]
        assert edits(calls) == [photos[0].result["message_id"]]
    finally:
        await harness.stop()


async def test_long_text_is_split_and_long_commands_are_stored_not_dropped(
    tg: Harness, fake: FakeBotApi
) -> None:
    assert tg.app is not None and tg.referee is not None
    adapter = TelegramAdapter(tg.referee)
    context = SimpleNamespace(bot=tg.app.bot, bot_data=tg.app.bot_data)
    text = "\n".join(f"line {n:05d} <&> " + "x" * 80 for n in range(100))
    markup = keyboard([Button("Done", "/done")], 3)
    mark = len(fake.calls)
    reply = Public(text, board=View("Board & co", lines=["a  b", "<1> 2"]))
    await adapter.send(context, Origin(GROUP, 0), reply, markup)  # type: ignore[arg-type]
    parts = to(fake.calls[mark:], GROUP)
    shown = [fake.messages[GROUP, p.result["message_id"]]["text"] for p in parts]
    assert len(parts) == 3 and all(len(text) <= MESSAGE_LIMIT for text in shown)  # as parsed
    assert "\n".join(shown) == f"{text}\nBoard & co\na  b\n<1> 2"
    assert parts[-1].text.endswith("<b>Board &amp; co</b>\n<pre>a  b\n&lt;1&gt; 2</pre>")
    assert [bool(p.buttons()) for p in parts] == [False, False, True]

    long = "/steal 4 from " + "Bartholomew" * 5
    assert encode_press(long, 12, str(GROUP)) is None
    assert len(encode_press("/build 4 5", 12, str(GROUP)) or "") <= CALLBACK_LIMIT
    assert keyboard([Button("Steal", long)], 12) is None
    stored = await adapter.markup([Button("Steal", long)], 12, str(GROUP))
    assert stored is not None
    [[key]] = stored.inline_keyboard
    data = key.callback_data
    assert isinstance(data, str) and len(data.encode()) <= CALLBACK_LIMIT
    press = await adapter.stored_press(data)
    assert press is not None and (press.version, press.chat_ref, press.command) == (
        12,
        str(GROUP),
        long,
    )
    press = decode_press(encode_press("/build 4 5", 12, str(GROUP)) or "")
    assert press is not None and (press.version, press.chat_ref, press.command) == (
        12,
        str(GROUP),
        "/build 4 5",
    )


async def test_replies_to_one_audience_share_a_message_and_webhooks_need_a_url(
    db_url: str,
) -> None:
    join = Button("Join", "/join")
    replies = [
        Public("Ann opens.", buttons=(join,), version=1),
        Public("Bob's turn.", version=2),
        Private("11", "Ann", "Your hand: 4"),
        Private("11", "Ann", "You draw a 5."),
    ]
    merged = coalesce(replies)
    assert [r.text for r in merged] == ["Ann opens.\nBob's turn.", "Your hand: 4\nYou draw a 5."]
    assert (merged[0].buttons, merged[0].version) == ((join,), 1)

    referee = await make_referee(db_url)
    config = settings(mode="webhook")
    with pytest.raises(ConfigError, match=r"telegram\.webhook_url"):
        await serve(build_application(referee, config), config)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def webhook_settings(port: int, secret: str = "s3cret") -> Settings:
    """A webhook worker on 127.0.0.1:`port`, at path /tg, checking Telegram's secret header."""
    return settings(
        mode="webhook",
        webhook_url=f"http://127.0.0.1:{port}/tg",
        listen="127.0.0.1",
        port=port,
        secret_token=SecretStr(secret),
    )


async def test_two_webhook_workers_apply_a_redelivered_update_once(
    fake: FakeBotApi, db_url: str
) -> None:
    workers = []
    for _ in range(2):
        port = free_port()
        config = webhook_settings(port)
        worker = Harness(fake, db_url, config)
        await worker.start()
        workers.append((worker, port))
    try:
        hook = fake.of("setWebhook")[0].params
        assert hook["url"].endswith("/tg") and hook["secret_token"] == "s3cret"
        update = fake.command(ANN, GROUP, "/roll 3d6")
        async with aiohttp.ClientSession() as http:
            denied = await http.post(f"http://127.0.0.1:{workers[0][1]}/tg", json=update)
            assert denied.status == 403
            for worker, port in workers:
                response = await http.post(
                    f"http://127.0.0.1:{port}/tg",
                    json=update,
                    headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"},
                )
                assert response.status == 200
                await until(lambda w=worker: update["update_id"] in w.processed)
        rolls = [c for c in fake.sent() if c.text.startswith("Ann rolls: 3d6")]
        assert len(rolls) == 1
    finally:
        for worker, _ in workers:
            await worker.stop()


async def test_settings_need_a_group_administrator_and_reminders_link_the_player(
    tg: Harness, fake: FakeBotApi
) -> None:
    assert tg.app is not None and tg.referee is not None
    for job in tg.app.job_queue.jobs():
        job.enabled = False  # the test drives the sweep itself, at a later time
    calls = await tg.say(BOB, "/settings board image")
    asked = fake.of("getChatMember")
    assert [(int(c.params["chat_id"]), int(c.params["user_id"])) for c in asked] == [
        (GROUP, BOB.id)
    ]
    assert texts(calls, GROUP).startswith("Only an admin of this chat can change its settings")
    assert "  board: text (default)" in texts(await tg.say(BOB, "/settings"), GROUP)
    fake.admins.add(ANN.id)
    calls = await tg.say(ANN, "/settings turn-time 10m")
    assert texts(calls, GROUP) == "Ann set turn-time to 10m for this chat."

    await tg.start_privately(ANN, BOB)
    await open_table(tg, ANN, BOB, game="race")
    assert "Each turn has 10m." in texts(await tg.say(ANN, "/start"), GROUP)
    later = utcnow() + timedelta(minutes=6)
    tg.referee.clock = lambda: later
    adapter = tg.app.bot_data[ADAPTER]
    context = SimpleNamespace(bot=tg.app.bot, bot_data=tg.app.bot_data)
    mark = len(fake.calls)
    await adapter.sweep(context)
    [reminder] = to(fake.calls[mark:], GROUP)
    assert reminder.params["parse_mode"] == "HTML"
    assert reminder.text == (
        f'<a href="tg://user?id={ANN.id}">Ann</a>, Race is waiting for you; '
        "a bot moves for you in 4m."
    )
    later += timedelta(minutes=5)
    await adapter.sweep(context)
    moved = texts(fake.calls[mark + 1 :], GROUP)
    assert f'<a href="tg://user?id={ANN.id}">Ann</a>\'s time is up' in moved
    assert "Ann steps to" in moved or "Ann draws a card." in moved
