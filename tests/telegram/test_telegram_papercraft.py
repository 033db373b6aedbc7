"""Papercraft's /attack and /units in a group with no table, through the fake Bot API."""

from __future__ import annotations

from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, GROUP, Harness, texts, to


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
