"""Refusals never carry a player's hidden cards into the group (issue "Nobody can ... leak a hand")."""

from __future__ import annotations

import pytest

from bot.commands.parse import Invocation
from bot.replies import Private
from games.registry import engine_for
from tests.contract.games import REAL_GAMES
from tests.telegram.fake_botapi import FakeBotApi, User
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, open_table, texts

GARBAGE = ("nonsense", "999 zz")
MIN_NAME = 3  # shorter hand entries (GoTown's "4") are not told apart from ordinary text


async def hand_and_version(tg: Harness, user: User) -> tuple[list[str], int | None]:
    assert tg.referee is not None
    inv = Invocation("telegram", str(GROUP), str(user.id), user.name, "hand")
    replies = await tg.referee.handle(inv)
    mine = [r for r in replies if isinstance(r, Private) and not r.refusal and r.board is not None]
    if not mine:
        return [], None
    board = mine[0].board
    assert board is not None
    names = [card.split(" (")[0] for card in board.hand or []]  # less "(cost 2, str 7)"
    return [name for name in names if len(name) >= MIN_NAME], mine[0].version


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_refusals_in_the_group_never_name_the_senders_hidden_cards(
    tg: Harness, fake: FakeBotApi, game: str
) -> None:
    await tg.start_privately(ANN, BOB)
    await open_table(tg, ANN, BOB, game=game)
    await tg.say(ANN, "/start")
    verbs = [v.name for v in engine_for(game).verbs if not v.chat and not v.readonly]
    scanned = 0
    for blocked in (False, True):
        if blocked:  # Bob blocks the bot: refusals can no longer go to him by DM
            fake.started.discard(BOB.id)
            assert tg.referee is not None
            await tg.referee.update_chat_data("telegram", f"user:{BOB.id}", started=False)
        for user in (ANN, BOB):
            for verb in verbs:
                for garbage in GARBAGE:
                    hand, version = await hand_and_version(tg, user)
                    calls = await tg.say(user, f"/{verb} {garbage}")
                    if (await hand_and_version(tg, user))[1] != version:
                        continue  # the garbage was a legal move after all
                    shown = texts(calls, GROUP)
                    leaked = [card for card in hand if card in shown]
                    assert not leaked, f"/{verb} {garbage} by {user.name}: {shown!r}"
                    scanned += 1
    assert scanned >= 4 * len(verbs)
