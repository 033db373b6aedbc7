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
from telegram.ext import AIORateLimiter, Application, ContextTypes, TypeHandler

from bot.adapters.telegram import (
    ADAPTER,
    CALLBACK_LIMIT,
    MESSAGE_LIMIT,
    TelegramAdapter,
    build_application,
    coalesce,
    decode_press,
    encode_press,
    keyboard,
    serve,
    user_key,
)
from bot.cli import make_referee
from bot.commands.help import every_verb
from bot.config import BotSettings, ConfigError, Settings, TelegramSettings
from bot.referee import Referee
from bot.replies import Button, Private, Public
from bot.verbs import SHARED
from storage.models import utcnow
from tests.telegram.fake_botapi import BOT_NAME, TOKEN, Call, FakeBotApi, User

GROUP = -1001
ANN, BOB, CID, DAN = User(11, "Ann"), User(22, "Bob"), User(33, "Cid"), User(44, "Dan")
WAIT = 15.0
MAX_UPDATES = 400


class Harness:
    """One running Application (polling the fake) with a referee on the test's SQLite file."""

    def __init__(self, fake: FakeBotApi, db_url: str, settings: Settings) -> None:
        self.fake, self.db_url, self.settings = fake, db_url, settings
        self.processed: list[int] = []
        self.task: asyncio.Task[None] | None = None
        self.referee: Referee | None = None
        self.app: Application | None = None

    async def start(self) -> None:
        self.referee = await make_referee(self.db_url, seed="fixed", board=self.settings.bot.board)
        limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=2)
        self.app = build_application(
            self.referee,
            self.settings,
            base_url=self.fake.base_url,
            base_file_url=self.fake.base_file_url,
            rate_limiter=limiter,
        )
        self.app.add_handler(TypeHandler(Update, self._done), group=99)
        method = "getUpdates" if self.settings.telegram.mode == "polling" else "setWebhook"
        ready = len(self.fake.of(method))
        self.task = asyncio.create_task(serve(self.app, self.settings))
        await until(lambda: len(self.fake.of(method)) > ready)

    async def _done(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        self.processed.append(update.update_id)

    async def stop(self) -> None:
        assert self.task is not None
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task

    async def send(self, update: dict[str, Any], times: int = 1) -> list[Call]:
        """Inject an update (several times: a redelivery) and return the calls made handling it."""
        mark = len(self.fake.calls)
        update_id = update["update_id"]
        for _ in range(times):
            self.fake.inject(update)
        await until(lambda: self.processed.count(update_id) >= times)
        return [c for c in self.fake.calls[mark:] if c.method != "getUpdates"]

    async def say(self, user: User, text: str, chat_id: int = GROUP) -> list[Call]:
        return await self.send(self.fake.command(user, chat_id, text))

    async def press(self, user: User, call: Call, label: str) -> list[Call]:
        """Press the button whose label or command starts with `label` on a message the bot sent."""
        key = button(call, label)
        return await self.send(self.fake.press(user, call, key["callback_data"]))

    async def start_privately(self, *users: User) -> None:
        for user in users:
            self.fake.started.add(user.id)
            await self.say(user, "/start", chat_id=user.id)


async def until(condition: Callable[[], bool]) -> None:
    """Poll briefly until the condition holds; TimeoutError after WAIT seconds."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await asyncio.sleep(0.01)


def button(call: Call, label: str) -> dict[str, Any]:
    for key in call.buttons():
        command = decode_press(key.get("callback_data", "")) if "callback_data" in key else None
        if key["text"].startswith(label) or (command and command.command.startswith(label)):
            return key
    raise AssertionError(f"no button {label!r} on {call.text!r}: {call.buttons()}")


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


async def open_table(tg: Harness, *players: User, game: str = "gotown") -> Call:
    """The first player opens a table in the group, the others join; returns the last lobby message."""
    calls = await tg.say(players[0], f"/new {game}")
    lobby = to(calls, GROUP)[-1]
    for player in players[1:]:
        lobby = to(await tg.say(player, "/join"), GROUP)[-1]
    return lobby


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
    lobby = to(await tg.say(ANN, "/new gotown"), GROUP)[-1]
    assert [k["text"] for k in lobby.buttons()] == ["Join", "Add a bot", "Start"]
    calls = await tg.press(BOB, lobby, "Join")
    assert "show_alert" not in answer_of(calls).params
    lobby = to(calls, GROUP)[-1]
    assert lobby.text == "Bob joins (2 seated)."
    lobby = to(await tg.say(CID, f"/join@{BOT_NAME}"), GROUP)[-1]

    calls = await tg.press(ANN, lobby, "Start")
    assert "GoTown starts: Ann, Bob, Cid." in texts(calls, GROUP)
    for player in players:
        assert "Your opening hand:" in texts(calls, player.id)
    assert "opening hand" not in texts(calls, GROUP)

    group_log, presses_from_dm = await play_to_the_end(tg, players)
    assert "Game over. Winner: " in group_log
    assert "Your hand" not in group_log and "opening hand" not in group_log
    assert presses_from_dm >= 3
    assert fake.of("editMessageText"), "a spent DM choice is marked and its buttons removed"


async def play_to_the_end(tg: Harness, players: tuple[User, ...]) -> tuple[str, int]:
    """Each player asks for their hand in the group, then builds or steals by a DM button press,
    and ends the turn by typing /done or pressing its button; returns the group's messages."""
    group_log: list[str] = []
    turn, presses, updates = 0, 0, 0
    while updates < MAX_UPDATES:
        player = players[turn % len(players)]
        calls = await tg.say(player, "/hand")
        updates += 1
        hand = to(calls, player.id)[-1]
        assert to(calls, GROUP) == [] and hand.buttons(), hand.text
        choice = best_move(hand)
        if choice == "/done" and turn % 2 == 0:
            calls = await tg.say(player, "/done")
        else:
            calls = await tg.press(player, hand, choice)
            presses += 1
            assert "show_alert" not in answer_of(calls).params, answer_of(calls).params
        updates += 1
        group_log.append(texts(calls, GROUP))
        assert group_log[-1], f"{player.name}'s {choice} reached the group"
        if "Game over." in group_log[-1]:
            return "\n".join(group_log), presses
        turn += choice == "/done"
    raise AssertionError("the game did not end within the bound")


def best_move(hand: Call) -> str:
    """Build if possible, else steal, else end the turn (the game then always finishes)."""
    commands = [decode_press(k["callback_data"]) for k in hand.buttons()]
    offered = [c.command for c in commands if c is not None]
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
    assert "GoTown starts: Ann, Dan." in texts(calls, GROUP)
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
    edit = next(c for c in calls if c.method == "editMessageReplyMarkup")
    assert int(edit.params["message_id"]) == first.result["message_id"]
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
        calls = await second.press(ANN, hand, best_move(hand))
        assert texts(calls, GROUP), "the new process applies a button sent by the old one"
        if best_move(hand) != "/done":
            await second.say(ANN, "/done")
        done = fake.command(BOB, GROUP, "/done")
        calls = await second.send(done, times=2)
        assert texts(calls, GROUP).count("Bob ends the turn") == 1
        status = to(await second.say(BOB, "/status"), GROUP)[-1]
        assert "Ann <- to act" in status.text
    finally:
        await second.stop()


async def test_boards_as_photos_in_image_mode(fake: FakeBotApi, db_url: str) -> None:
    harness = Harness(fake, db_url, settings(board="image"))
    await harness.start()
    try:
        await harness.start_privately(ANN, BOB)
        await open_table(harness, ANN, BOB)
        calls = await harness.say(ANN, "/start")
        photos = [c for c in to(calls, GROUP) if c.method == "sendPhoto"]
        assert photos and photos[0].files["photo"].startswith(b"\x89PNG")
        assert "draws 1 card" in photos[0].params["caption"]
    finally:
        await harness.stop()


async def test_long_text_is_split_and_long_commands_get_no_button(
    tg: Harness, fake: FakeBotApi
) -> None:
    assert tg.app is not None and tg.referee is not None
    adapter = TelegramAdapter(tg.referee)
    context = SimpleNamespace(bot=tg.app.bot)
    text = "\n".join(f"line {n:05d} " + "x" * 80 for n in range(100))
    markup = keyboard([Button("Done", "/done")], 3)
    mark = len(fake.calls)
    await adapter.send_text(context, GROUP, text, markup)  # type: ignore[arg-type]
    parts = to(fake.calls[mark:], GROUP)
    assert len(parts) == 3 and all(len(p.text) <= MESSAGE_LIMIT for p in parts)
    assert "\n".join(p.text for p in parts) == text
    assert [bool(p.buttons()) for p in parts] == [False, False, True]

    long = "/steal 4 from " + "Bartholomew" * 5
    assert encode_press(long, 12, str(GROUP)) is None
    assert len(encode_press("/build 4 5", 12, str(GROUP)) or "") <= CALLBACK_LIMIT
    assert keyboard([Button("Steal", long)], 12) is None
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


async def test_two_webhook_workers_apply_a_redelivered_update_once(
    fake: FakeBotApi, db_url: str
) -> None:
    workers = []
    for _ in range(2):
        port = free_port()
        config = settings(
            mode="webhook",
            webhook_url=f"http://127.0.0.1:{port}/tg",
            listen="127.0.0.1",
            port=port,
            secret_token=SecretStr("s3cret"),
        )
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
    context = SimpleNamespace(bot=tg.app.bot)
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
