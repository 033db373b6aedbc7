"""Acceptance: a Papercraft table in Polish, one human and a bot, from /new to the end of the
battle; every reply (texts, boards as drawn, buttons, offered moves) scanned for English unit,
attack, ability and game-term names and for the English text of every message, the moves typed
as offered in Polish (every other one without diacritics)."""

from __future__ import annotations

from bot.i18n import say
from bot.referee import Referee
from games.papercraft.catalog import data
from tests.polish import PolishTable, english_in, english_texts

POLISH = data()["pl"]
ENGLISH_NAMES = {
    english
    for table in ("units", "attacks", "nations", "templates", "primary_types", "attack_types")
    for english, polish in POLISH[table].items()
    if english != polish
} | {english for english, entry in POLISH["abilities"].items() if entry["name"] != english}


async def test_a_polish_papercraft_table_speaks_only_polish(referee: Referee) -> None:
    messages = english_texts()
    table = PolishTable(referee, "pl-papercraft")
    await table.send("/new papercraft --lang pl --points 150 --rounds 3")
    await table.send("/addbot")
    await table.send("/help")
    await table.send("/help attack")
    await table.send("/rules")
    await table.send("/rules papercraft pancerz")
    await table.send("/rules papercraft abilities")
    await table.send("/rules papercraft units")
    await table.send("/start")
    await table.send("/units")
    await table.send("/army dodaj Nieistniejaca")  # refused in Polish: no such unit
    await table.send("/attack Łucznicy Legion Grobowy")  # refused in Polish: not the battle yet
    await table.send("/army dodaj Lucznicy x2")  # a Polish name typed without diacritics
    await table.send("/army usun Łucznicy")
    await table.send("/status")
    await table.send("/board")
    await table.play_to_the_end()
    seen = table.seen
    assert any("Łucznicy" in s for s in seen)
    assert any("Koniec gry" in s for s in seen)
    assert any("Armia gracza Ann" in s for s in seen)
    table.assert_no_english(ENGLISH_NAMES, messages)


def test_the_scan_finds_english_when_there_is_some() -> None:
    messages = english_texts()
    english = say("Every unit is on the table: the battle begins.", "en")
    assert english_in([english], messages, ENGLISH_NAMES)
    assert english_in(["Ann places Longbowmen 1"], messages, ENGLISH_NAMES)
    assert english_in(["Legion Grobowy 1 uses Rally Cry"], messages, ENGLISH_NAMES)
    assert not english_in(
        ["Wszystkie jednostki są na stole: bitwa się zaczyna."], messages, ENGLISH_NAMES
    )
