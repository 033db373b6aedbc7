"""Acceptance: a Paper Tales table in Polish, one human and two bots, from /new to the final
score. Every reply to that table (texts, boards as rendered, buttons, offered moves) is scanned
for English card, building and phase names and for the English text of every message; the
human plays by typing the moves as offered in Polish, diacritics or not."""

from __future__ import annotations

from bot.i18n import say
from bot.referee import Referee
from games.papertales.catalog import BUILDINGS, UNITS
from games.papertales.texts import PHASES
from tests.polish import PolishTable, english_in, english_texts

ENGLISH_NAMES = (
    {u.name for u in UNITS if u.name != u.pl}
    | {b.name for b in BUILDINGS}
    | set(PHASES.values())
    | {"Front", "Back", "Legend Points"}
)


async def test_a_polish_table_speaks_only_polish_from_new_to_the_final_score(
    referee: Referee,
) -> None:
    messages = english_texts()
    assert "is not a command here; /help lists them, /new GAME opens a table" in messages
    table = PolishTable(referee, "pl-table")
    # Ann's Discord is in English: the table's language wins over her platform's.
    await table.send("/new papertales --lang pl")
    await table.send("/addbot")
    await table.send("/addbot Robo")
    await table.send("/help")
    await table.send("/rules")
    await table.send("/rules papertales wojny")
    await table.send("/build Town")  # refused: not the time, said in Polish
    await table.send("/bogus")
    started = await table.send("/start")
    assert any("Rekrutacja" in s for s in table.seen[-len(started) :])
    await table.send("/draft Nieistniejaca")  # a refusal that names no hidden card
    await table.send("/hand")
    await table.send("/status")
    await table.send("/board")
    await table.send("/history")
    await table.play_to_the_end()
    seen = table.seen
    assert any("Punktacja końcowa" in s for s in seen)
    assert any("Koniec gry." in s for s in seen)
    for phase in ("Rekrutacja", "Wystawianie", "Wojny", "Dochód", "Budowanie", "Przemijanie"):
        assert any(phase in s for s in seen), phase
    table.assert_no_english(ENGLISH_NAMES, messages)


def test_the_scan_finds_english_when_there_is_some() -> None:
    messages = english_texts()
    english = say("It is not your turn to act; waiting for Bob.", "en")
    assert english_in([english], messages, ENGLISH_NAMES)
    assert english_in(["Ann drafts the Knight 2"], messages, ENGLISH_NAMES)
    assert english_in(["Paper Tales, turn 1 of 4: Recruitment"], messages, ENGLISH_NAMES)
    assert not english_in(["To nie twoja kolej; czekamy na: Bob."], messages, ENGLISH_NAMES)
