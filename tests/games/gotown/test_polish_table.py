"""Acceptance: a GoTown table in Polish, one human and two bots, from /new to the winner; every
reply scanned for English card names and message texts, the moves typed as offered in Polish."""

from __future__ import annotations

from bot.referee import Referee
from games.gotown.catalog import NAMES, WORDS
from tests.polish import PolishTable, english_texts

ENGLISH_NAMES = {str(name) for name in NAMES.values() if not name.isdigit() and name != "?"} | {
    str(word) for word in WORDS.values()
}


async def test_a_polish_gotown_table_speaks_only_polish(referee: Referee) -> None:
    messages = english_texts()
    table = PolishTable(referee, "pl-gotown")
    await table.send("/new gotown --lang pl --short")
    await table.send("/addbot")
    await table.send("/addbot Robo")
    await table.send("/help")
    await table.send("/rules")
    await table.send("/rules gotown limit")
    await table.send("/start")
    await table.send("/play hammer")  # refused in Polish (Ann may not hold it, or no target)
    await table.send("/hand")
    await table.send("/status")
    await table.play_to_the_end()
    seen = table.seen
    assert any("wygrywa GoTown!" in s for s in seen)
    assert any("Koniec gry." in s for s in seen)
    table.assert_no_english(ENGLISH_NAMES, messages)
