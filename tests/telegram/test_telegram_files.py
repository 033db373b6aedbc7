"""Files in a Telegram chat: a document with a command as its caption (a PaperTown sheet at
/new, Papercraft stat blocks for /unit add), checked before anyone joins; /sheet gives it back."""

from __future__ import annotations

from pathlib import Path

from bot.options import MAX_FILE_BYTES
from tests.games.papercraft.test_statblock import WIKI_STYLE
from tests.telegram.fake_botapi import BOT_NAME, FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness, texts, to

SHEET = (Path(__file__).parents[1] / "games" / "papertown" / "example_sheet.txt").read_bytes()


async def test_a_sheet_sent_with_new_starts_papertown_on_it_and_sheet_gives_it_back(
    tg: Harness, fake: FakeBotApi
) -> None:
    await tg.start_privately(ANN, BOB)
    bad = SHEET.replace(b"objectives: vertical bigger horizontal", b"objectives: vertical moon")
    calls = await tg.send(fake.document(ANN, GROUP, "/new papertown", "mine.txt", bad))
    assert texts(calls, GROUP).startswith("Sheet line 8: There is no objective 'moon'")
    calls = await tg.send(fake.document(ANN, GROUP, "/new papertown", "sheet.txt", SHEET))
    assert texts(calls, GROUP).startswith("Ann opened a PaperTown table")
    assert "--sheet (a file)" in texts(calls, GROUP)
    await tg.say(BOB, "/join")
    assert "PaperTown starts" in texts(await tg.say(ANN, "/start"), GROUP)
    calls = await tg.say(ANN, "/sheet")
    [document] = [c for c in to(calls, ANN.id) if c.method == "sendDocument"]
    assert document.params.get("caption") is None or len(document.params["caption"]) <= 1024
    sent = document.files["document"].decode()
    assert "LLLLLYYYLRRRRRGGKKKK" in sent and "D16 bribery" in sent.replace("D16  ", "D16 ")


async def test_a_file_past_the_limit_is_refused_before_it_is_fetched(
    tg: Harness, fake: FakeBotApi
) -> None:
    huge = b"#" * (MAX_FILE_BYTES + 1)
    calls = await tg.send(fake.document(ANN, GROUP, "/new papertown", "big.txt", huge))
    assert not fake.of("getFile")
    assert (
        texts(calls, GROUP) == f"big.txt is larger than {MAX_FILE_BYTES:,} bytes; nothing was done."
    )
    calls = await tg.say(ANN, "/status")
    assert texts(calls, GROUP).startswith("There is no table in this chat")


async def test_unit_add_reads_stat_blocks_from_a_file(tg: Harness, fake: FakeBotApi) -> None:
    calls = await tg.send(fake.document(ANN, GROUP, "/unit add", "units.txt", WIKI_STYLE.encode()))
    assert "Robed Tester" in texts(calls, GROUP)
    calls = await tg.send(fake.document(ANN, GROUP, "/new gotown", "units.txt", b"x"))
    assert texts(calls, GROUP).startswith("GoTown takes no file")


async def test_a_caption_for_another_bot_is_left_alone(tg: Harness, fake: FakeBotApi) -> None:
    other = await tg.send(fake.document(ANN, GROUP, "/new@other_bot papertown", "s.txt", SHEET))
    assert not fake.of("getFile") and not to(other, GROUP)
    mine = await tg.send(fake.document(ANN, GROUP, f"/new@{BOT_NAME} papertown", "s.txt", SHEET))
    assert texts(mine, GROUP).startswith("Ann opened a PaperTown table")
