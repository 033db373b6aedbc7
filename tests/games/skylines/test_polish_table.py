"""Acceptance: a Paper Skylines table in Polish, one human and two bots, from /new to the final
score; every reply scanned for English card names and message texts, the moves typed as offered
in Polish (every other one without diacritics)."""

from __future__ import annotations

import re

from bot.referee import Referee
from games.i18n import Name
from games.skylines.cards import TRACK_TITLES
from games.skylines.catalog import load
from games.skylines.grammar import Names
from tests.polish import PolishTable, english_texts, plain

SAMPLE = load(None)
POLISH = " ".join(name.forms["pl"] for name in SAMPLE.names.values() if isinstance(name, Name))


def _english_only(name: str) -> bool:
    """An English name that is no word of the Polish names ('Park' is Polish too)."""
    return not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", POLISH)


ENGLISH_NAMES = {
    str(name)
    for name in [*SAMPLE.names.values(), *TRACK_TITLES.values()]
    if isinstance(name, Name) and name.forms["pl"] != str(name) and _english_only(str(name))
}


def test_every_sample_name_has_a_polish_form_read_back_without_diacritics() -> None:
    cards = [*SAMPLE.cards, *(a.name for a in SAMPLE.achievements), *SAMPLE.types, *SAMPLE.sites]
    for english in cards:
        label = SAMPLE.label(english)
        assert isinstance(label, Name), english
        labels = SAMPLE.labels(cards)
        for typed in (str(label), label.forms["pl"], plain(label.forms["pl"])):
            assert Names(labels).find(typed.split()) == english, typed


async def test_a_polish_skylines_table_speaks_only_polish(referee: Referee) -> None:
    messages = english_texts()
    table = PolishTable(referee, "pl-skylines")
    await table.send("/new skylines --lang pl")
    await table.send("/addbot")
    await table.send("/addbot Robo")
    await table.send("/help")
    await table.send("/help build")
    await table.send("/rules")
    await table.send("/rules skylines build")
    await table.send("/start")
    refused = await table.send("/advance profit")  # refused in Polish: cities come first
    assert any("Najpierw zatrzymaj" in r.text for r in refused), refused
    await table.send("/hand")
    await table.send("/status")
    await table.play_to_the_end()
    seen = table.seen
    assert any("Koniec gry. Punktacja końcowa:" in s for s in seen)
    assert any("Zwycięzca: " in s for s in seen)
    table.assert_no_english(ENGLISH_NAMES, messages)
