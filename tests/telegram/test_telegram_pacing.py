"""Issue 30: every chat at once and each chat in order; Telegram's flood limits kept per chat (a
429 or a full group budget holds back that chat only, and no player's private messages); a
board edit told to wait is coalesced, latest state wins, and no report is lost; a move costs one
message and one edit; what queued while a group was held goes out in few messages: plain ones
as one, a table's reports as one (its board edited to the latest state), a player's refusals
once."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import timedelta
from typing import Any, cast

import pytest
from telegram.error import RetryAfter

from bot.adapters.telegram.chat import Context, Origin
from bot.adapters.telegram.outbox import Waiting, _joined
from bot.adapters.telegram.pacing import ChatRateLimiter
from bot.replies import LiveBoard, Public
from games.base import View
from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, board, edits, texts, to, until

pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
OTHER = -2002


async def test_a_slow_chat_holds_up_no_other_and_each_chat_keeps_its_order(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.gates[GROUP] = asyncio.Event()  # the API answers nothing in GROUP for now
    first, second = fake.command(ANN, GROUP, "/roll 1d6"), fake.command(BOB, GROUP, "/roll 1d8")
    elsewhere = fake.command(ANN, OTHER, "/roll 1d4")
    for update in (first, second, elsewhere):
        fake.inject(update)
    await until(lambda: elsewhere["update_id"] in tg.processed)
    assert next(c.text for c in to(fake.calls, OTHER)).startswith("Ann rolls: 1d4")
    # Both GROUP updates are done (applied; polling confirms them, so a held chat holds back no
    # other chat's updates) while their replies wait in the chat's line, the second behind the first.
    await until(lambda: second["update_id"] in tg.processed)
    assert tg.processed.index(first["update_id"]) < tg.processed.index(second["update_id"])
    waiting = [c.text for c in fake.of("sendMessage") if c.chat_id == GROUP]
    assert len(waiting) == 1 and waiting[0].startswith("Ann rolls: 1d6"), "the second waits"

    fake.gates[GROUP].set()
    await until(tg.delivered)
    rolls = [c.text.split(":")[0] for c in to(fake.calls, GROUP)]
    assert rolls == ["Ann rolls", "Bob rolls"]


async def test_plain_messages_that_queued_while_the_group_was_held_go_out_as_one(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.gates[GROUP] = asyncio.Event()  # the group at its flood limit, say
    updates = [
        fake.command(user, GROUP, f"/roll 1d{sides}")
        for user, sides in ((ANN, 6), (BOB, 8), (ANN, 10), (BOB, 12))
    ]
    for update in updates:
        fake.inject(update)
    await until(lambda: all(u["update_id"] in tg.processed for u in updates))
    fake.gates[GROUP].set()
    await until(tg.delivered)
    sent = [c.text for c in to(fake.calls, GROUP)]
    assert len(sent) == 2, "the three rolls that waited behind the first went out as one"
    assert sent[0].startswith("Ann rolls: 1d6")
    assert [line.split(":")[0] for line in sent[1].splitlines()] == [
        "Bob rolls",
        "Ann rolls",
        "Bob rolls",
    ]
    assert ["1d8" in sent[1], "1d10" in sent[1], "1d12" in sent[1]] == [True] * 3


async def test_a_held_group_holds_back_no_private_message(tg: Harness, fake: FakeBotApi) -> None:
    await tg.start_privately(ANN, BOB)
    await tg.say(ANN, "/new papertales")
    await tg.say(BOB, "/join")
    await tg.say(ANN, "/start")
    fake.gates[GROUP] = asyncio.Event()  # the group at its flood limit, say
    mark = len(fake.calls)
    roll = fake.command(BOB, GROUP, "/roll 1d6")
    hand = fake.command(ANN, GROUP, "/hand")
    for update in (roll, hand):
        fake.inject(update)
    await until(lambda: hand["update_id"] in tg.processed)
    # Ann's hand goes to her private chat at once, though the group's line still holds the roll
    await until(lambda: any(c.chat_id == ANN.id and c.result for c in fake.calls[mark:]))
    rolled = [c for c in to(fake.calls, GROUP) if c.text.startswith("Bob rolls")]
    assert len(rolled) == 1 and rolled[0].result is None, "the roll is not answered yet"

    fake.gates[GROUP].set()
    await until(tg.delivered)
    assert rolled[0].result is not None


def sender(refuse: set[int], sent: list[int]) -> Any:
    """A Bot API call that answers 429 once for each chat in `refuse`, else records the chat."""

    async def call(chat: int) -> bool:
        if chat in refuse:
            refuse.discard(chat)
            raise RetryAfter(timedelta(seconds=30))
        sent.append(chat)
        return True

    return call


async def request(limiter: ChatRateLimiter, call: Any, method: str, chat: int) -> Any:
    return await limiter.process_request(call, (chat,), {}, method, {"chat_id": chat}, None)


async def test_a_429_holds_back_only_its_chat_and_an_edit_is_not_held() -> None:
    limiter = ChatRateLimiter()
    refuse, sent = {GROUP}, []
    call = sender(refuse, sent)
    waiting = asyncio.create_task(request(limiter, call, "sendMessage", GROUP))
    await until(lambda: not refuse)  # GROUP was told to wait 30 s
    assert await request(limiter, call, "sendMessage", OTHER) is True
    assert await request(limiter, call, "editMessageText", OTHER) is True
    with pytest.raises(RetryAfter):  # the board's edit goes up at once, for bot.delivery
        await request(limiter, call, "editMessageText", GROUP)
    assert sent == [OTHER, OTHER] and not waiting.done(), "the message waits to be sent again"
    waiting.cancel()


async def test_a_group_past_its_budget_waits_alone() -> None:
    limiter = ChatRateLimiter(per_group=(2, 60.0))
    sent: list[int] = []
    call = sender(set(), sent)
    for _ in range(2):
        await request(limiter, call, "sendMessage", GROUP)
    third = asyncio.create_task(request(limiter, call, "sendMessage", GROUP))
    await request(limiter, call, "sendMessage", OTHER)
    await request(limiter, call, "editMessageText", GROUP)  # edits are not counted
    assert sent == [GROUP, GROUP, OTHER, GROUP] and not third.done()
    third.cancel()

    bot = ChatRateLimiter(per_bot=(3, 60.0), per_group=None)
    for chat in (1, 2, 3):
        await request(bot, call, "sendMessage", chat)
    fourth = asyncio.create_task(request(bot, call, "sendMessage", 4))
    await asyncio.sleep(0)
    assert not fourth.done(), "past the bot's budget every chat waits"
    fourth.cancel()


async def start_race(tg: Harness) -> None:
    await tg.start_privately(ANN, BOB)
    await tg.say(ANN, "/new race --goal 50")
    await tg.say(BOB, "/join")
    await tg.say(ANN, "/start")


async def test_refusals_that_queued_while_the_group_was_held_go_out_once(
    tg: Harness, fake: FakeBotApi
) -> None:
    await start_race(tg)
    fake.gates[GROUP] = asyncio.Event()
    mark = len(fake.calls)
    held = fake.command(ANN, GROUP, "/roll 1d6")
    tries = [fake.command(BOB, GROUP, "/step 1") for _ in range(3)]  # Ann's turn, not Bob's
    for update in (held, *tries):
        fake.inject(update)
    await until(lambda: all(u["update_id"] in tg.processed for u in tries))
    fake.gates[GROUP].set()
    await until(tg.delivered)
    sent = [c for c in to(fake.calls[mark:], GROUP) if c.method == "sendMessage"]
    assert sent[0].text.startswith("Ann rolls: 1d6")
    [refused] = sent[1:]
    assert refused.text.count("\n") == 0 and "turn" in refused.text.lower(), refused.text
    quoted = refused.params["reply_parameters"]
    last = tries[-1]["message"]["message_id"]
    assert (json.loads(quoted) if isinstance(quoted, str) else quoted)["message_id"] == last


async def test_a_tables_moves_that_queued_while_the_group_was_held_go_out_as_one_report(
    tg: Harness, fake: FakeBotApi
) -> None:
    await start_race(tg)
    shown = await board(tg)
    fake.gates[GROUP] = asyncio.Event()
    mark = len(fake.calls)
    held = fake.command(BOB, GROUP, "/roll 1d6")
    moves = [fake.command(user, GROUP, "/step 1") for user in (ANN, BOB, ANN)]
    for update in (held, *moves):
        fake.inject(update)
    await until(lambda: all(u["update_id"] in tg.processed for u in moves))
    fake.gates[GROUP].set()
    await until(tg.delivered)
    made = fake.calls[mark:]
    sent = [c for c in to(made, GROUP) if c.method == "sendMessage"]
    assert sent[0].text.startswith("Bob rolls: 1d6")
    [report] = sent[1:]
    steps = ["Ann steps to 1.", "Bob steps to 1.", "Ann steps to 2."]
    assert [line for line in report.text.splitlines() if "steps" in line] == steps
    assert re.findall(r"tg://user\?id=(\d+)", report.text) == [str(BOB.id)], "only Bob's turn"
    board_id = shown.result["message_id"]
    shown_states = [c.text for c in made if c.method == "editMessageText" and "Race" in c.text]
    assert not [s for s in shown_states if "Ann: 1" in s], "no state the moves passed through"
    assert "Ann: 2" in fake.messages[GROUP, board_id]["text"]


async def test_a_board_edit_told_to_wait_is_made_later_and_the_report_is_not(
    tg: Harness, fake: FakeBotApi
) -> None:
    await start_race(tg)
    shown = await board(tg)
    fake.fail_next("editMessageText", 429, "Too Many Requests: retry after 1", retry_after=1)
    calls = await tg.say(ANN, "/step 2")
    assert texts(calls, GROUP).startswith("Ann steps to 2.")
    assert [c.status for c in calls if c.method == "editMessageText"] == [429]
    board_id = shown.result["message_id"]
    assert "Ann: 2" not in fake.messages[GROUP, board_id]["text"], "the command did not wait"
    await until(lambda: "Ann: 2" in fake.messages[GROUP, board_id]["text"])
    assert edits(fake.calls).count(board_id) >= 1


async def test_a_move_costs_one_message_and_one_edit(tg: Harness, fake: FakeBotApi) -> None:
    await start_race(tg)
    mark = len(fake.calls)
    moves = 0
    for n in range(20):
        await tg.say((ANN, BOB)[n % 2], "/step 1")
        moves += 1
    made = [c for c in fake.calls[mark:] if c.method != "getUpdates"]
    assert {c.chat_id for c in made} == {GROUP}, "a public game's moves send no DMs"
    assert len(to(made, GROUP)) == moves and len(edits(made)) == moves
    assert len(made) / moves <= 2.0


def test_a_tables_boards_posted_anew_while_held_become_one_with_every_report_on_it() -> None:
    """Each move behind a held group saw the board scrolled away and asked for it anew, its
    report riding on it: one board goes out, anew, with all three reports and the last ping."""
    group = Origin(GROUP, ANN.id)
    live = LiveBoard(7, message_id="40", repost=True)
    moves = [("Ann steps to 1.", BOB), ("Bob steps to 1.", ANN), ("Ann steps to 2.", BOB)]
    queued = [
        Waiting(
            cast(Context, None),
            group,
            Public(text, View(f"Race {n}"), live=live, mentions=((str(pinged.id), pinged.name),)),
        )
        for n, (text, pinged) in enumerate(moves)
    ]
    [sent] = _joined(queued)
    board = sent.reply
    assert isinstance(board, Public) and board.live is not None and board.live.anew
    assert board.board is not None and board.board.title == "Race 2", "the latest state"
    assert board.text.splitlines() == [text for text, _ in moves]
    assert board.mentions == ((str(BOB.id), BOB.name),)


async def test_a_board_edit_held_at_a_stop_goes_out_before_the_bot_stops(
    tg: Harness, fake: FakeBotApi
) -> None:
    await start_race(tg)
    board_id = (await board(tg)).result["message_id"]
    fake.fail_next("editMessageText", 429, "Too Many Requests: retry after 1", retry_after=1)
    await tg.say(ANN, "/step 2")
    assert "Ann: 2" not in fake.messages[GROUP, board_id]["text"], "held by the 429"
    tg.halt.set()
    assert tg.task is not None
    await asyncio.wait_for(tg.task, 15)
    assert "Ann: 2" in fake.messages[GROUP, board_id]["text"], "edited while stopping"
