"""Files on Discord: an attachment option on /new (a PaperTown sheet, checked before anyone
joins) and on /unit (Papercraft stat blocks); /sheet answers with the file."""

from __future__ import annotations

from pathlib import Path

from bot.options import MAX_FILE_BYTES
from bot.referee import Referee
from tests.discord.fake_discord import EPHEMERAL, FakeDiscord, Upload
from tests.discord.test_discord import (
    ANN,
    BOB,
    Handled,
    Players,
    autocomplete_answer,
    ephemeral_to,
    fake,
    handled,
    public,
    running,
    settings,
    text,
)
from tests.games.papercraft.test_statblock import WIKI_STYLE

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord
SHEET = (Path(__file__).parents[1] / "games" / "papertown" / "example_sheet.txt").read_bytes()


async def test_a_sheet_attached_to_new_starts_papertown_and_sheet_gives_it_back(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    bad = SHEET.replace(b"objectives: vertical bigger horizontal", b"objectives: vertical moon")
    async with running(fake, referee, settings()):
        refused = await players.slash(ANN, "new", game="papertown", file=Upload("m.txt", bad))
        opened = await players.slash(ANN, "new", game="papertown", file=Upload("s.txt", SHEET))
        said = text(public(opened))  # the board's own text, edited away as players join
        await players.slash(BOB, "join")
        started = await players.slash(ANN, "start")
        sheet = await players.slash(ANN, "play", move="/sheet")
        big = Upload("big.txt", b"#" * (MAX_FILE_BYTES + 1))
        asked = await fake.slash(BOB, "new", game="papertown", file=big)
        too_big = await autocomplete_answer(fake, asked)  # the callback the bot posted
    assert text(ephemeral_to(refused, ANN)).startswith("Sheet line 8: There is no objective 'moon'")
    assert "Ann opened a PaperTown table" in said and "--sheet (a file)" in said
    assert "PaperTown starts" in text(public(started))
    [mine] = ephemeral_to(sheet, ANN)
    [(name, data)] = mine["files"]
    assert name == "papertown-sheet.txt" and b"LLLLLYYYLRRRRRGGKKKK" in data
    assert too_big["data"]["flags"] == EPHEMERAL
    assert too_big["data"]["content"] == (
        f"big.txt is larger than {MAX_FILE_BYTES:,} bytes; nothing was done."
    )
    assert not [c for c in fake.calls if c.path.startswith("/cdn")], "never fetched"


async def test_unit_add_takes_stat_blocks_from_an_attachment(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    units = Upload("units.txt", WIKI_STYLE.encode())
    async with running(fake, referee, settings()):
        added = await players.slash(ANN, "unit", action="add", file=units)
        listed = await players.slash(ANN, "unit", action="list")
    assert "Robed Tester" in text(public(added))
    assert "Robed Tester" in text(public(listed))
