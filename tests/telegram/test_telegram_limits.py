"""Full games of every game on the fake Bot API as real users play them: a supergroup with forum
topics (its real id), players named "Bob & <Co>" and "Zoë 🌸", hands asked for by button, and
every request within Telegram's limits (the fake refuses what the API refuses)."""

from __future__ import annotations

import html
import io
import re

import pytest
from PIL import Image

from bot.adapters.telegram.chat import read_board_id
from bot.adapters.telegram.messages import (
    MESSAGE_LIMIT,
    as_picture,
    escape,
    fit_lines,
    fits_one,
    html_parts,
    shown_length,
)
from bot.replies import LiveBoard, Public
from games.base import View
from tests.full_games import BOTS, GAMES, HOSTILE, MAX_COMMANDS, next_move
from tests.telegram.fake_botapi import Call, FakeBotApi, User, _photo_problem
from tests.telegram.test_telegram import (
    ANN,
    GROUP,
    Harness,
    board,
    open_table,
    settings,
    texts,
    to,
)
from tests.telegram.test_telegram import (
    shown as shown_message,
)

SUPERGROUP = -1001987654321
TOPIC = 7
BOB, ZOE = User(5123456789, HOSTILE[0]), User(6234567890, HOSTILE[1])
HAND_EVERY = 9
"""Each player presses "Show my hand" on the board every few commands."""


def pinned(fake: FakeBotApi, chat: int) -> set[int]:
    """The messages pinned in the chat now."""
    now: set[int] = set()
    for call in fake.calls:
        if call.status == 200 and call.chat_id == chat and call.method == "pinChatMessage":
            now.add(int(call.params["message_id"]))
        if call.status == 200 and call.chat_id == chat and call.method == "unpinChatMessage":
            now.discard(int(call.params["message_id"]))
    return now


async def play(tg: Harness, fake: FakeBotApi, game: str, spec: str = "") -> list[Call]:
    """A game (`spec`: its /new words, else the quick ones) from /new to its end in topic 7;
    every call the bot made."""
    chat = f"{SUPERGROUP}:{TOPIC}"
    by_id = {str(user.id): user for user in (BOB, ZOE)}
    mark = len(fake.calls)

    async def say(user: User, text: str) -> None:
        await tg.send(fake.command(user, SUPERGROUP, text, thread=TOPIC))

    await say(BOB, f"/new {spec or GAMES[game]}")
    await say(ZOE, "/join")
    for _bot in range(BOTS.get(game, 0)):
        await say(ZOE, "/addbot")
    await say(BOB, "/start")
    for step in range(MAX_COMMANDS):
        found = await next_move(tg.referee, "telegram", chat, step)  # type: ignore[arg-type]
        if found is None:
            return fake.calls[mark:]
        user, command, secret = by_id[found[0]], found[1], found[2]
        if step % HAND_EVERY == 0:
            await tg.press(user, await topic_board(tg), "Show my hand")
        if secret:  # the private way: a button of the player's one live message there
            await pick_privately(tg, fake, user, command)
        else:
            await say(user, command)
        assert len(pinned(fake, SUPERGROUP)) <= 1, "one pinned board per table"
    raise AssertionError(f"{game} did not end in {MAX_COMMANDS} commands")


async def pick_privately(tg: Harness, fake: FakeBotApi, user: User, command: str) -> None:
    """Show my hand (the player's one hand message, edited in place), then press the button of
    `command` there, else its first move (any button there is a legal move)."""
    await tg.press(user, await topic_board(tg), "Show my hand")
    [live] = [
        m for (chat, _), m in fake.messages.items() if chat == user.id and m.get("reply_markup")
    ]
    shown = shown_message(fake, user.id, live["message_id"])
    commands = [c for c in await tg.commands(shown) if c.startswith("/")]
    await tg.press(user, shown, command if command in commands else commands[0])


async def topic_board(tg: Harness) -> Call:
    return await board(tg, SUPERGROUP, f"{SUPERGROUP}:{TOPIC}")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_full_game_in_a_forum_topic_stays_within_every_limit(
    tg: Harness, fake: FakeBotApi, game: str
) -> None:
    fake.forums.add(SUPERGROUP)
    fake.pinners.add(SUPERGROUP)
    await tg.start_privately(BOB, ZOE)
    calls = await play(tg, fake, game)
    assert fake.refused == [], [(c.method, c.result) for c in fake.refused]
    final = await topic_board(tg)
    assert "the game is over" in final.text
    assert len(pinned(fake, SUPERGROUP)) == 1
    stored = await tg.referee.board_message("telegram", f"{SUPERGROUP}:{TOPIC}")  # type: ignore[union-attr]
    assert stored is not None and read_board_id(stored)[0] in pinned(fake, SUPERGROUP)
    for user in (BOB, ZOE):
        sent = [c for c in to(calls, user.id) if c.buttons()]
        live = [
            m for (chat, _), m in fake.messages.items() if chat == user.id and m.get("reply_markup")
        ]
        assert len(live) <= 1, (
            f"{len(live)} of {user.name}'s {len(sent)} hand messages keep buttons"
        )


async def test_a_picture_board_moved_below_says_so_in_its_caption(
    fake: FakeBotApi, db_url: str
) -> None:
    harness = Harness(fake, db_url, settings(board="image"))
    await harness.start()
    try:
        await harness.start_privately(ANN, BOB)
        await open_table(harness, ANN, BOB)
        calls = await harness.say(ANN, "/start")  # the text lobby -> a picture: posted anew
        assert not [c for c in calls if c.method == "editMessageMedia"]
        calls = await harness.say(BOB, "/board")
        [moved] = [c for c in calls if c.method == "editMessageCaption"]
        assert moved.status == 200 and moved.params["caption"] == "The board moved below."
        assert fake.refused == []
    finally:
        await harness.stop()


async def test_a_press_inside_the_private_chat_is_answered_there_without_a_note(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN, BOB)
    await open_table(tg, ANN, BOB)
    await tg.say(ANN, "/start")
    calls = await tg.press(ANN, await board(tg), "Show my hand")
    [note] = [c for c in calls if c.method == "answerCallbackQuery"]
    assert note.params.get("text") == "Sent to our private chat.", "pressed in the group"
    [hand] = to(calls, ANN.id)
    calls = await tg.press(ANN, hand, "/done")
    [note] = [c for c in calls if c.method == "answerCallbackQuery"]
    assert "text" not in note.params, "pressed in the private chat: no note"
    again = await tg.say(ANN, "/hand")
    assert to(again, ANN.id) == [], "Ann's hand message is edited in place"
    [edited] = [c for c in again if c.method == "editMessageText" and c.chat_id == ANN.id]
    assert int(edited.params["message_id"]) == hand.result["message_id"]


async def test_a_game_without_hidden_cards_never_speaks_of_them(
    tg: Harness, fake: FakeBotApi
) -> None:
    await open_table(tg, ANN, BOB, game="papercraft --points 300 --rounds 1")
    await tg.say(ANN, "/start")
    calls = await tg.say(BOB, "/army add Nothing Such")
    [refused] = to(calls, GROUP)
    assert refused.params["reply_parameters"]["message_id"], "answered as a reply in the group"
    assert "card" not in texts(calls, GROUP).lower()


def test_a_board_too_long_for_one_message_is_a_picture_and_captions_keep_their_markup() -> None:
    rows = "\n".join(f"{n:03d} Zoë 🌸 & <Co> " + "x" * 30 for n in range(60))
    small = Public("", board=View("Skylines", lines=[rows]), live=LiveBoard(1))
    assert not as_picture(small) and fits_one(small)
    large = Public("", board=View("Skylines", lines=[rows * 3]), live=LiveBoard(1))
    assert as_picture(large), "never cut: a picture"
    assert not fits_one(Public("Bob & <Co> builds. " * 80, board=large.board, live=LiveBoard(1)))
    caption = "\n".join(f"<b>Bob &amp; &lt;Co&gt;</b> builds {n}." for n in range(100))
    cut = fit_lines(caption, 1024)
    assert shown_length(cut) <= 1024 and cut.count("<b>") == cut.count("</b>")
    assert shown_length("Zoë 🌸 &amp;") == 8, "UTF-16 units after entity parsing"


def test_the_fake_refuses_a_photo_as_telegram_does() -> None:
    """width + height at most 10,000 and sides at most 20 to 1 (a 900 px wide board may be up
    to 9,100 px tall); the fake refuses past that, so a picture board that passes fits."""

    def png(width: int, height: int) -> dict[str, bytes]:
        out = io.BytesIO()
        Image.new("1", (width, height)).save(out, "PNG")
        return {"photo": out.getvalue()}

    assert _photo_problem("sendPhoto", png(900, 3346)) is None, "a full Skylines table"
    assert _photo_problem("sendPhoto", png(900, 9100)) is None
    tall = _photo_problem("editMessageMedia", png(900, 9101))
    assert tall is not None and "PHOTO_INVALID_DIMENSIONS" in tall.description
    assert _photo_problem("sendPhoto", png(100, 2001)) is not None, "sides past 20 to 1"


CUT_ENTITY = re.compile(r"&(?!(?:lt|gt|amp);)")
"""An `&` that begins no whole entity (escape() writes only these three)."""


@pytest.mark.parametrize("line", ["<" * 5000, "&<>" * 1500, "a &amp; " * 900, "😀<" * 2100])
def test_html_is_split_by_its_shown_length_and_never_inside_an_entity(line: str) -> None:
    parts = html_parts(escape(line) + "\nnext", MESSAGE_LIMIT)
    assert all(shown_length(part) <= MESSAGE_LIMIT for part in parts)
    assert not any(CUT_ENTITY.search(part) for part in parts), "an entity was cut"
    shown = "".join(html.unescape(part).replace("\n", "") for part in parts)
    assert shown == line + "next", "nothing lost, nothing added but line breaks"


async def test_a_line_that_fits_only_once_unescaped_goes_as_one_message(tg: Harness) -> None:
    calls = await tg.say(ANN, "/help " + "<" * 1100)  # 4,400 characters as escaped HTML
    sent = [c for c in calls if c.method == "sendMessage"]
    assert [c.status for c in sent] == [200] and "&lt;" * 1100 in sent[0].params["text"]
