"""One message per turn on Telegram: over a full three-player GoTown game in a forum topic a
turn costs about one new message (its moves are one message, edited; the next player's ping is
a new one), one board is pinned at a time, the pin's service line is deleted where the bot may
delete messages, and each player has one hand message with buttons."""

from __future__ import annotations

from bot.referee import Referee
from tests.telegram.fake_botapi import Call, FakeBotApi
from tests.telegram.test_telegram import Harness, until
from tests.telegram.test_telegram_limits import BOB, SUPERGROUP, TOPIC, ZOE, pinned, play

SENDS = frozenset({"sendMessage", "sendPhoto", "sendDocument"})
PER_TURN = 1.3
"""New messages a turn may cost on average, the game's opening and end included."""


async def turns(referee: Referee) -> int:
    """The turns the game played: each ends with /done (a bot's included)."""
    table = await referee.store.queries.last_table("telegram", f"{SUPERGROUP}:{TOPIC}")
    assert table is not None
    return sum(
        1 for action in await referee.store.queries.actions(table.id) if action.verb == "done"
    )


def new_messages(calls: list[Call], chat: int) -> list[Call]:
    return [c for c in calls if c.method in SENDS and c.status == 200 and c.chat_id == chat]


def pin_lines(fake: FakeBotApi) -> list[int]:
    return [
        i for (chat, i), m in fake.messages.items() if chat == SUPERGROUP and "pinned_message" in m
    ]


async def test_a_gotown_game_costs_about_one_new_message_a_turn(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.forums.add(SUPERGROUP)
    fake.pinners.add(SUPERGROUP)
    fake.deleters.add(SUPERGROUP)
    await tg.start_privately(BOB, ZOE)
    calls = await play(tg, fake, "gotown", "gotown")  # the whole game, not --short
    assert tg.referee is not None
    played = await turns(tg.referee)
    posted = new_messages(calls, SUPERGROUP)
    assert len(posted) / played <= PER_TURN, f"{len(posted)} new messages in {played} turns"
    edited = [c for c in calls if c.method == "editMessageText" and c.chat_id == SUPERGROUP]
    reports = {c.result["message_id"] for c in posted if not c.buttons()}
    assert any(int(c.params["message_id"]) in reports for c in edited), "a turn's report grew"
    assert fake.refused == [], [(c.method, c.result) for c in fake.refused]
    assert len(pinned(fake, SUPERGROUP)) == 1
    await until(lambda: not pin_lines(fake))  # "PaperRef pinned a message": deleted
    for user in (BOB, ZOE):
        hands = [c for c in new_messages(calls, user.id) if c.buttons()]
        assert len(hands) <= 1, f"{user.name} got {len(hands)} hand messages with buttons"
    print(f"{len(posted)} new messages in {played} turns")
    print(excerpt(fake))  # README's "What the group sees" (pytest -s shows it)


def excerpt(fake: FakeBotApi, last: int = 4) -> str:
    """The pinned board, then the topic's last messages from the bot, as the group shows them
    (the players' typed commands come between them)."""
    board = pinned(fake, SUPERGROUP)
    shown = [i for chat, i in sorted(fake.messages) if chat == SUPERGROUP and i not in board]
    lines = []
    for i in [*board, *shown[-last:]]:
        message = fake.messages[SUPERGROUP, i]
        text = (message.get("text") or message.get("caption") or "").splitlines()
        head = ("📌 " if i in board else "") + ("(edited) " if "edit_date" in message else "")
        lines.append(head + "\n".join(text[:7] + (["…"] if len(text) > 7 else [])))
        markup = message.get("reply_markup") or {}
        keys = [k["text"] for row in markup.get("inline_keyboard", []) for k in row]
        lines += ["[" + "] [".join(keys) + "]"] if keys else []
        lines.append("")
    return "\n".join(lines)


async def test_without_the_right_to_delete_the_pin_line_stays_and_nothing_is_refused(
    tg: Harness, fake: FakeBotApi
) -> None:
    fake.forums.add(SUPERGROUP)
    fake.pinners.add(SUPERGROUP)
    await tg.start_privately(BOB, ZOE)
    await play(tg, fake, "gotown")
    assert len(pinned(fake, SUPERGROUP)) == 1
    await until(lambda: len(fake.of("deleteMessage")) >= len(pin_lines(fake)) >= 1)
    assert pin_lines(fake), "the line stays"
    assert fake.refused == [], [(c.method, c.result) for c in fake.refused]
