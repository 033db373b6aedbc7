"""One live board per table on Telegram: a Papercraft battle in a supergroup with a real id (no
private chat needed, every move of a long phase reachable by paged buttons), and forum topics
that each hold a table of their own."""

from __future__ import annotations

from typing import Any

from tests.papercraft_play import ARMY, LONG_PHASE, MAX_MOVES, OPTIONS, choose
from tests.telegram.fake_botapi import Call, FakeBotApi, User
from tests.telegram.test_telegram import ANN, BOB, CID, Harness, answer_of, board, edits, to

SUPERGROUP = -1001987654321
FORUM = -1002000000001


def sent_to(calls: list[Call], chat: int) -> list[Call]:
    return [c for c in to(calls, chat) if c.status == 200]


async def legal(tg: Harness, user: User, chat: int) -> list[str]:
    assert tg.referee is not None
    return await tg.referee.legal_moves("telegram", str(chat), str(user.id))


async def page_through(tg: Harness, fake: FakeBotApi, hand: Call) -> list[str]:
    """Every command on a paged keyboard, pressing Next until the last page."""
    seen: list[str] = []
    message = hand.result
    for _ in range(20):
        shown = Call("sendMessage", {"reply_markup": message.get("reply_markup")}, result=message)
        seen += [command for _, command in await tg.keys(shown)]
        turn = [k for k in shown.buttons() if k["callback_data"].startswith("k:")]
        forward = [k for k in turn if k["text"].startswith("Next")]
        if not forward:
            return seen
        calls = await tg.send(fake.press(ANN, shown, forward[0]["callback_data"]))
        assert [c.method for c in calls if c.method != "answerCallbackQuery"] == [
            "editMessageReplyMarkup"
        ]
        message = fake.messages[message["chat"]["id"], message["message_id"]]
    raise AssertionError("the pages never end")


async def test_a_papercraft_battle_in_a_supergroup_edits_one_board_and_pages_every_move(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.pinners.add(SUPERGROUP)
    await tg.say(ANN, f"/new papercraft {OPTIONS}", SUPERGROUP)
    await tg.say(ANN, "/addbot", SUPERGROUP)
    calls = await tg.say(ANN, "/start", SUPERGROUP)
    assert "Papercraft starts: " in "\n".join(c.text for c in sent_to(calls, SUPERGROUP))
    assert "private cards" not in "\n".join(c.text for c in calls), "no hidden cards, no DMs"
    for unit in ARMY:
        await tg.say(ANN, f"/army add {unit}", SUPERGROUP)
    await tg.say(ANN, "/ready", SUPERGROUP)
    while not any(m.startswith("/attack") for m in await legal(tg, ANN, SUPERGROUP)):
        await tg.say(ANN, choose(await legal(tg, ANN, SUPERGROUP)), SUPERGROUP)
    moves = await legal(tg, ANN, SUPERGROUP)
    assert len(moves) == LONG_PHASE and max(len(m.encode()) for m in moves) > 40

    shown = await board(tg, SUPERGROUP)
    calls = await tg.press(ANN, shown, "Show my hand")
    assert answer_of_in(calls)["text"].startswith("Start a private chat with me first")
    notices = [c.text for c in sent_to(calls, SUPERGROUP)]
    assert len(notices) == 1 and notices[0].startswith("Ann, I cannot send you private messages")
    calls = await tg.press(ANN, shown, "Show my hand")
    assert sent_to(calls, SUPERGROUP) == [], "the closed-DM notice comes once a game"

    await tg.start_privately(ANN)
    calls = await tg.press(ANN, shown, "Show my hand")
    assert answer_of_in(calls)["text"] == "Sent to our private chat."
    [hand] = sent_to(calls, ANN.id)
    assert all(len(k["callback_data"].encode()) <= 64 for k in hand.buttons())
    offered = await page_through(tg, fake, hand)
    assert sorted(offered) == sorted(moves), "every legal move is one press away"
    last_page = fake.messages[ANN.id, hand.result["message_id"]]
    pick = Call("sendMessage", {"reply_markup": last_page["reply_markup"]}, result=last_page)
    ability = (await tg.commands(pick))[-1]
    assert ability.startswith("/ability ") and len(ability.encode()) > 40
    calls = await tg.press(ANN, pick, ability)
    assert "show_alert" not in answer_of_in(calls)
    reported = sent_to(calls, SUPERGROUP) or len(edits(calls, SUPERGROUP)) == 2
    assert reported, "the move from the last page is made: reported, the board edited"
    assert ability not in await legal(tg, ANN, SUPERGROUP)

    board_id = int(shown.result["message_id"])
    made, posted = 1, len(sent_to(calls, SUPERGROUP))
    while made < MAX_MOVES and (moves := await legal(tg, ANN, SUPERGROUP)):
        calls = await tg.say(ANN, choose(moves), SUPERGROUP)
        made += 1
        posted += len(sent_to(calls, SUPERGROUP))
        edited = edits(calls, SUPERGROUP)
        assert board_id in edited and len(edited) <= 2, "the one board, and the turn's report"
    final = await board(tg, SUPERGROUP)
    assert final.text.startswith("Papercraft: the game is over.")
    assert final.result["message_id"] == board_id and fake.pins[SUPERGROUP] == [board_id]
    assert posted <= made, f"{posted} new messages for {made} moves"


def answer_of_in(calls: list[Call]) -> dict[str, Any]:
    [answer] = [c for c in calls if c.method == "answerCallbackQuery"]
    return answer.params


async def test_each_forum_topic_is_a_chat_of_its_own_and_replies_stay_in_it(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.forums.add(FORUM)
    await tg.start_privately(ANN, BOB)

    async def say(user: User, text: str, topic: int) -> list[Call]:
        return await tg.send(fake.command(user, FORUM, text, thread=topic))

    everything: list[Call] = []
    for topic, game in ((77, "race"), (78, "gotown")):
        everything += await say(ANN, f"/new {game}", topic)
        everything += await say(BOB, "/join", topic)
        everything += await say(ANN, "/start", topic)
    everything += await say(ANN, "/step 2", 77)
    everything += await say(BOB, "/status", 78)
    lobby = await tg.send(fake.command(ANN, FORUM, "/status"))  # General: no table there
    race = [c for c in sent_to(everything, FORUM) if "Race" in c.text]
    gotown = [c for c in sent_to(everything, FORUM) if "GoTown" in c.text]
    assert race and gotown
    assert {c.params.get("message_thread_id") for c in race} == {"77"}
    assert {c.params.get("message_thread_id") for c in gotown} == {"78"}
    assert all(c.params.get("message_thread_id") for c in sent_to(everything, FORUM))
    assert sent_to(lobby, FORUM)[0].text.startswith("There is no table in this chat")
    assert "message_thread_id" not in sent_to(lobby, FORUM)[0].params
    stepped = [c.text for c in sent_to(everything, FORUM) if "Ann steps to 2." in c.text]
    assert len(stepped) == 1
    assert answer_of  # the group tests' helpers apply to topics unchanged
    race_board = await tg.referee.board_message("telegram", f"{FORUM}:77")  # type: ignore[union-attr]
    town_board = await tg.referee.board_message("telegram", f"{FORUM}:78")  # type: ignore[union-attr]
    assert race_board and town_board and race_board != town_board
    topic_of = {c.result["message_id"]: c.params["message_thread_id"] for c in race + gotown}
    assert topic_of[int(race_board)] == "77" and topic_of[int(town_board)] == "78"
    press = Call("sendMessage", {}, result=fake.messages[FORUM, int(race_board)])
    press.params["reply_markup"] = press.result["reply_markup"]
    calls = await tg.press(BOB, press, "Show my hand")
    assert [c.chat_id for c in sent_to(calls, FORUM)] == [], "a hand goes to Bob's DMs only"
    assert sent_to(calls, BOB.id), "Bob's hand, from the table of topic 77"


async def test_help_and_rules_go_privately_or_answer_in_the_group(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN)
    calls = await tg.say(ANN, "/help", SUPERGROUP)
    assert sent_to(calls, SUPERGROUP) == []
    assert "Table commands:" in sent_to(calls, ANN.id)[0].text
    calls = await tg.say(BOB, "/rules gotown", SUPERGROUP)  # Bob never started the bot
    [answer] = sent_to(calls, SUPERGROUP)
    assert answer.params["reply_parameters"]["message_id"], "a reply to Bob's command"
    assert "GoTown" in answer.text and not sent_to(calls, BOB.id)


async def test_moves_are_buttons_labelled_in_words(tg: Harness, fake: FakeBotApi) -> None:
    await tg.start_privately(ANN)
    await tg.say(ANN, f"/new papercraft {OPTIONS}", SUPERGROUP)
    await tg.say(ANN, "/addbot", SUPERGROUP)
    await tg.say(ANN, "/start", SUPERGROUP)
    [hand] = sent_to(await tg.say(ANN, "/hand", SUPERGROUP), ANN.id)
    keys = [(key["text"], command) for key, command in await tg.keys(hand)]
    assert len(keys) > 3 and all(not text.startswith("/") for text, _ in keys)
    assert ("Army add Longbowmen (45 pts, HP 30, Light)", "/army add Longbowmen") in keys


async def test_status_tables_keep_their_columns(tg: Harness, fake: FakeBotApi) -> None:
    await tg.start_privately(ANN, BOB)
    await tg.say(ANN, "/new gotown --first Ann", SUPERGROUP)
    await tg.say(BOB, "/join", SUPERGROUP)
    await tg.say(ANN, "/start", SUPERGROUP)
    [status] = sent_to(await tg.say(BOB, "/status", SUPERGROUP), SUPERGROUP)
    assert "1. Ann &lt;- to act\n" in status.text, "plain lines stay plain"
    table = status.text.split("<pre>", 1)[1].split("</pre>", 1)[0]
    assert table.splitlines()[0].split() == ["Player", "Floors", "Hand", "Sits", "out"]
    assert "&gt; Ann" in table and "Bob" in table


async def test_a_stale_press_on_the_board_keeps_the_boards_buttons(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.say(ANN, "/new gotown", SUPERGROUP)
    old = await board(tg, SUPERGROUP)  # its buttons are for version 0
    await tg.say(BOB, "/join", SUPERGROUP)
    calls = await tg.press(CID, old, "Join")
    assert answer_of_in(calls)["text"].startswith("That button is out of date")
    assert not [c for c in calls if c.method == "editMessageReplyMarkup"]
    assert (await board(tg, SUPERGROUP)).buttons(), "the board keeps its (current) buttons"
