"""Dice on Telegram through the fake Bot API: HTML rolls, /r, private rolls by DM, inline mode."""

from __future__ import annotations

import re

from bot.adapters.telegram import ALLOWED_UPDATES, INLINE_ROLLING, coalesce
from bot.commands.parse import Invocation
from bot.replies import Public
from tests.telegram.fake_botapi import BOT_NAME, Call, FakeBotApi, User
from tests.telegram.test_telegram import ANN, BOB, CID, GROUP, Harness, texts, to

TOTAL = re.compile(r"= <b>(-?\d+)</b>$")


def only(calls: list[Call], method: str) -> Call:
    [call] = [c for c in calls if c.method == method]
    return call


async def history(tg: Harness, chat: str) -> str:
    assert tg.referee is not None
    [reply] = await tg.referee.handle(Invocation("telegram", chat, "1", "Someone", "history"))
    return reply.text


async def test_rolls_are_html_struck_and_bold_and_escaped_once(
    tg: Harness, fake: FakeBotApi
) -> None:
    [sent] = to(await tg.say(ANN, "/roll 4d6kh3 fire & ice <3"), GROUP)
    assert sent.params["parse_mode"] == "HTML"
    assert sent.text.startswith("Ann rolls (fire &amp; ice &lt;3): 4d6kh3 (")
    assert sent.text.count("<s>") == 1  # the dropped die, struck through
    assert TOTAL.search(sent.text)
    stored = fake.messages[GROUP, sent.result["message_id"]]["text"]
    assert stored.startswith("Ann rolls (fire & ice <3): 4d6kh3 (")  # what the chat shows
    assert "&amp;" not in stored and "<s>" not in stored

    await tg.say(ANN, "/new gotown")
    [plain] = to(await tg.say(ANN, "/addbot <Robo & co>"), GROUP)
    assert plain.params["parse_mode"] == "HTML"  # every text is HTML, escaped once
    shown = fake.messages[GROUP, plain.result["message_id"]]["text"]
    assert "&lt;Robo &amp; co&gt;" in plain.text and "<Robo & co>" in shown


async def test_r_is_roll_in_the_menu_and_in_the_group(tg: Harness, fake: FakeBotApi) -> None:
    commands = {c["command"] for c in fake.of("setMyCommands")[0].params["commands"]}
    assert {"roll", "r", "gmroll"} <= commands
    assert texts(await tg.say(ANN, f"/r@{BOT_NAME} 2d6+1"), GROUP).startswith("Ann rolls: 2d6 (")


async def test_a_private_roll_reaches_only_the_rollers_dm(tg: Harness, fake: FakeBotApi) -> None:
    await tg.start_privately(ANN)
    calls = await tg.say(ANN, "/roll 1d20 --private")
    [dm] = to(calls, ANN.id)
    assert dm.params["parse_mode"] == "HTML"
    assert dm.text.startswith("Ann rolls: 1d20 (") and TOTAL.search(dm.text)
    group = texts(calls, GROUP)
    assert group == "Ann rolled dice privately."
    assert "Ann rolled dice privately." in await history(tg, str(GROUP))
    assert "1d20" not in await history(tg, str(GROUP))

    # Bob never started the bot: nothing is rolled, the group gets the start link
    calls = await tg.say(BOB, "/gmroll 1d20")
    assert not to(calls, BOB.id) and not [c for c in calls if c.chat_id == BOB.id]
    [note] = to(calls, GROUP)
    assert "Nothing was rolled" in note.text and not re.search(r"\d", note.text)
    assert note.buttons()[0]["url"].startswith(f"https://t.me/{BOT_NAME}?start=")
    assert "Bob" not in await history(tg, str(GROUP))


async def test_inline_roll_is_decided_when_chosen_and_edited_in(
    tg: Harness, fake: FakeBotApi
) -> None:
    polled = fake.of("getUpdates")[0].params["allowed_updates"]
    assert set(polled) == set(ALLOWED_UPDATES) >= {"inline_query", "chosen_inline_result"}

    offers = []
    for _ in range(2):  # typing the query again offers the very same thing: nothing is rolled yet
        update = fake.inline_query(ANN, "1d20+5 attack")
        answer = only(await tg.send(update), "answerInlineQuery")
        [result] = answer.params["results"]
        offers.append((update["inline_query"]["id"], result))
    (query_id, result), (_, again) = offers
    assert {k: v for k, v in result.items() if k != "id"} == {
        k: v for k, v in again.items() if k != "id"
    }
    assert answer.params["is_personal"] in ("True", "true") and answer.params["cache_time"] == "0"
    assert result["title"] == "Roll 1d20+5 attack"
    shown = result["input_message_content"]["message_text"]
    assert shown == INLINE_ROLLING.format(name="Ann") and not re.search(r"\d", shown)
    assert result["reply_markup"]["inline_keyboard"]  # so Telegram reports the message's id
    assert await history(tg, "inline:11") == "Nothing has happened in this chat yet."  # no roll yet

    chosen = fake.choose(ANN, query_id, result["id"])
    message_id = chosen["chosen_inline_result"]["inline_message_id"]
    calls = await tg.send(chosen, times=2)  # a redelivery edits nothing more
    edit = only(calls, "editMessageText")
    assert edit.params["inline_message_id"] == message_id and edit.params["parse_mode"] == "HTML"
    assert edit.text.startswith("#1 Ann rolls (attack): 1d20 (") and TOTAL.search(edit.text)
    plain = fake.inline_messages[message_id]["text"]
    assert plain.startswith("#1 Ann rolls (attack): 1d20 (")
    assert plain in await history(tg, "inline:11")  # seeded, logged, the full list kept


async def inline_roll(tg: Harness, fake: FakeBotApi, user: User, typed: str) -> str:
    """Type `@bot TYPED`, send the offered result: the text the message is edited to."""
    update = fake.inline_query(user, typed)
    [result] = only(await tg.send(update), "answerInlineQuery").params["results"]
    chosen = fake.choose(user, update["inline_query"]["id"], result["id"])
    await tg.send(chosen)
    return str(fake.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]["text"])


async def test_inline_rolls_are_numbered_and_listed_so_a_deleted_one_leaves_a_gap(
    tg: Harness, fake: FakeBotApi
) -> None:
    sent = [await inline_roll(tg, fake, ANN, typed) for typed in ("1d20", "2d6 fire", "d%")]
    assert [text.split(" ", 1)[0] for text in sent] == ["#1", "#2", "#3"]
    assert sent[1].startswith("#2 Ann rolls (fire): 2d6 (")
    assert (await inline_roll(tg, fake, BOB, "1d4")).startswith("#1 Bob rolls: 1d4 (")

    # Ann deletes message #2 from the group; her own list still has it, between #1 and #3
    for user in (ANN, BOB, CID):
        await tg.start_privately(user)
    [log] = to(await tg.say(ANN, "/roll log inline", chat_id=ANN.id), ANN.id)
    assert log.text.splitlines() == ["Ann's inline rolls, newest last:", *sent]
    [bob] = to(await tg.say(BOB, "/roll log inline", chat_id=BOB.id), BOB.id)
    assert "Ann" not in bob.text and bob.text.count("\n#") == 1

    [refused] = to(await tg.say(ANN, "/roll log inline"), GROUP)
    assert refused.text.startswith("Your inline rolls are listed in a private chat with me")
    [none] = to(await tg.say(CID, "/roll log inline", chat_id=CID.id), CID.id)
    assert none.text == "Cid has made no inline rolls yet."


async def test_inline_refusals_and_saved_names(tg: Harness, fake: FakeBotApi) -> None:
    answer = only(await tg.send(fake.inline_query(ANN, "1d20 advv")), "answerInlineQuery")
    assert answer.params["results"] == []
    assert answer.params["button"]["text"].startswith("I cannot read '1d20 advv'")
    for typed in ("list", "1d20 --private", ""):
        answer = only(await tg.send(fake.inline_query(ANN, typed)), "answerInlineQuery")
        assert answer.params["results"] == [] and answer.params["button"]["text"]

    await tg.say(ANN, "/roll save attack 1d20+5")
    answer = only(await tg.send(fake.inline_query(ANN, "attack")), "answerInlineQuery")
    assert answer.params["results"][0]["title"] == "Roll attack (1d20+5)"
    answer = only(await tg.send(fake.inline_query(BOB, "attack")), "answerInlineQuery")
    assert answer.params["results"] == []  # Ann's saved roll is hers


def test_a_roll_and_plain_text_share_a_message_as_html_escaped_once() -> None:
    roll = Public("Ann rolls: 1d6 (<b>6</b>) = <b>6</b>", html=True)
    [merged] = coalesce([Public("Bob & Cid <3"), roll, Public("Bob's turn.")])
    assert merged.html and merged.text == (
        "Bob &amp; Cid &lt;3\nAnn rolls: 1d6 (<b>6</b>) = <b>6</b>\nBob's turn."
    )
    [plain] = coalesce([Public("Bob & Cid"), Public("<3")])
    assert not plain.html and plain.text == "Bob & Cid\n<3"
