"""Secret picks never typed in the open: a Paper Tales pick typed in a Telegram group is not
applied; the player is pointed at the private chat's buttons, and the message is deleted where
the bot may delete messages."""

from __future__ import annotations

import pytest

from games.registry import engine_for
from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, texts


async def packet_picks(tg: Harness, fake: FakeBotApi, user_id: int) -> list[str]:
    """The /draft commands on the latest packet message the bot sent the player privately."""
    packets = [c for c in fake.of("sendMessage") if c.chat_id == user_id and "packet" in c.text]
    assert packets, "no packet was sent privately"
    return [c for c in await tg.commands(packets[-1]) if c.startswith("/draft")]


async def waiting_for(tg: Harness, chat: int) -> list[int]:
    assert tg.referee is not None
    table = await tg.referee.store.queries.open_table("telegram", str(chat))
    assert table is not None and table.state is not None
    return engine_for("papertales").waiting(table.state)


@pytest.mark.parametrize("may_delete", [True, False])
async def test_a_pick_typed_in_the_group_is_not_applied_and_is_pointed_private(
    tg: Harness, fake: FakeBotApi, may_delete: bool
) -> None:
    if may_delete:
        fake.deleters.add(GROUP)
    await tg.start_privately(ANN, BOB)
    await tg.say(ANN, "/new papertales")
    await tg.say(BOB, "/join")
    await tg.say(ANN, "/start")
    pick = (await packet_picks(tg, fake, ANN.id))[0]
    assert await waiting_for(tg, GROUP) == [0, 1]

    typed = fake.command(ANN, GROUP, pick)
    calls = await tg.send(typed)
    assert await waiting_for(tg, GROUP) == [0, 1], "the typed pick was applied"
    said = texts(calls, GROUP)
    assert "secret until the reveal" in said and "private chat" in said
    card = pick.removeprefix("/draft ")
    assert card not in said, "the refusal repeats the pick"
    deletes = [c for c in calls if c.method == "deleteMessage"]
    assert len(deletes) == 1, "the bot tries to delete the typed pick"
    message_id = typed["message"]["message_id"]
    assert fake.deleted == ([(GROUP, message_id)] if may_delete else [])

    calls = await tg.send(typed)  # a redelivery: refused again, nothing applied twice
    assert await waiting_for(tg, GROUP) == [0, 1]

    dm_packet = [c for c in fake.of("sendMessage") if c.chat_id == ANN.id and "packet" in c.text]
    await tg.press(ANN, dm_packet[-1], pick)  # the private way: the DM's button
    assert await waiting_for(tg, GROUP) == [1]
    typed_after = [c for c in fake.calls if c.chat_id == GROUP and card in c.text]
    assert typed_after == [], "the group read the pick before its reveal"


def test_paper_tales_keeps_each_simultaneous_choice_secret_until_its_reveal() -> None:
    """The draft's pick and the deployment are hidden; /ready and the reveal's choices are not."""
    engine = engine_for("papertales")
    state = {"phase": "recruit"}
    assert engine.secret(state, 0, "draft") and not engine.secret(state, 0, "ready")
    state = {"phase": "deploy"}
    assert all(engine.secret(state, 0, v) for v in ("deploy", "move", "discard", "keep"))
    assert not engine.secret(state, 0, "ready")
    state = {"phase": "pay"}
    assert not engine.secret(state, 0, "discard") and not engine.secret(state, 0, "choose")
    assert not engine_for("gotown").secret({}, 0, "build")
