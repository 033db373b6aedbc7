"""Papercraft through the fake Bot API: /attack and /units in a group with no table, and a hand
button double-tapped."""

from __future__ import annotations

from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, reported, texts, to, until


async def test_attack_anywhere_and_units_in_a_group(tg: Harness, fake: FakeBotApi) -> None:
    said = texts(
        await tg.say(ANN, "/attack Longbowmen Banner Captain --range 12 --dice 4,2,5,3"), GROUP
    )
    assert said == (
        "Ann: Longbowmen 4+2=6 vs Banner Captain 2+1=3: hit. 2d6 [5,3]=8, Pierce vs Heavy -3: "
        "5 damage. Banner Captain 22 -&gt; 17 HP."
    )
    listing = texts(await tg.say(ANN, "/units"), GROUP)
    assert "Banner Captain (40 pts, HP 22, Heavy)" in listing


async def test_a_private_attack_reaches_only_the_attackers_dm(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN)
    calls = await tg.say(
        ANN, "/attack Longbowmen Banner Captain --range 12 --dice 4,2,5,3 --private"
    )
    assert texts(calls, GROUP) == "Ann rolled dice privately."
    [dm] = to(calls, ANN.id)
    assert dm.text.startswith("Ann: Longbowmen 4+2=6 vs Banner Captain 2+1=3: hit.")


async def test_a_hand_button_tapped_twice_at_once_makes_its_move_once(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN, BOB)
    await tg.say(ANN, "/new papercraft")
    await tg.say(BOB, "/join")
    await tg.say(ANN, "/start")
    [hand] = to(await tg.say(ANN, "/hand"), ANN.id)
    add = "/army add Warmachine Otoro"
    [data] = [k["callback_data"] for k, command in await tg.keys(hand) if command == add]
    taps = [fake.press(ANN, hand, data), fake.press(ANN, hand, data)]
    mark = len(fake.calls)
    for tap in taps:  # both on their way before the first is answered
        fake.inject(tap)
    await until(lambda: all(t["update_id"] in tg.processed for t in taps))
    await until(tg.delivered)
    answers = [
        c.params.get("text", "") for c in fake.calls[mark:] if c.method == "answerCallbackQuery"
    ]
    assert len(answers) == 2 and any(
        a.startswith("You pressed that already and its move was made once") for a in answers
    ), answers
    board = reported(await tg.say(ANN, "/army"), GROUP)
    assert "Ann's army: 1x Warmachine Otoro" in board and "2x" not in board
