"""Acceptance: a PaperTown table in Polish, one human and a bot, from /new to the final score;
every reply scanned for English power, colour and objective names and English message texts, the
moves typed as offered in Polish (every other one without diacritics)."""

from __future__ import annotations

import pytest

from bot.i18n import localise_view, say
from bot.referee import Referee
from games.base import RuleError
from games.papertown import ENGINE
from games.papertown.catalog import (
    COLOURS,
    OBJECTIVES,
    POWERS,
    example_sheet,
    objective_id,
    power_id,
)
from games.papertown.participants import VIRTUAL_NAMES
from games.papertown.sheet_file import parse_sheet
from tests.polish import PolishTable, english_texts

from .helpers import State, act, new_game, rolled

NAMES = [
    *(name for colour in COLOURS.values() for name in (colour.name, colour.short)),
    *(name for power in POWERS.values() for name in (power.title, power.label, power.effect)),
    *(name for objective in OBJECTIVES.values() for name in (objective.title, objective.pays)),
    *VIRTUAL_NAMES.values(),
]
ENGLISH_NAMES = {str(name) for name in NAMES if name.forms["pl"] != str(name)}


def refused_error(state: State, verb: str, *args: str) -> RuleError:
    with pytest.raises(RuleError) as refused:
        act(state, 0, verb, *args)
    return refused.value


async def test_a_polish_papertown_table_speaks_only_polish(referee: Referee) -> None:
    messages = english_texts()
    table = PolishTable(referee, "pl-papertown")
    await table.send("/new papertown --lang pl")
    await table.send("/addbot")
    await table.send("/help")
    await table.send("/help power")
    await table.send("/rules")
    await table.send("/rules papertown powers")
    await table.send("/rules papertown objectives")
    await table.send("/rules papertown sheet")
    await table.send("/start")
    await table.send("/status")
    await table.send("/done")  # refused in Polish: Ann has not rolled yet
    await table.send("/power łapówka A1")  # refused in Polish: Ann holds no Bribery yet
    await table.send("/mark Z99")  # refused in Polish: no such cell
    await table.play_to_the_end()
    seen = table.seen
    assert any("Najpierw losuj przez /roll" in s for s in seen)
    assert any("Nie masz mocy Łapówka" in s for s in seen)
    assert any("Tor czasu jest pełny." in s for s in seen)
    assert any("Wygrywa: " in s or "Remis przy" in s for s in seen)
    table.assert_no_english(ENGLISH_NAMES, messages)


def test_refusals_names_and_the_board_say_themselves_in_polish() -> None:
    state = new_game(["YY*G", "GGGG"], specials="A3 bakery")
    assert say(refused_error(state, "done").message, "pl") == (
        "Najpierw losuj przez /roll (albo użyj Łapówki zamiast zwykłej tury)."
    )
    assert say(refused_error(state, "power", "piekarnia", "B2").message, "pl") == (
        "Nie masz mocy Piekarnia; przejmij ją, zaznaczając pole obok jej pola."
    )
    rolled(state, "Y")
    events = act(state, 0, "mark", "A2")
    assert say(events[0].text, "pl") == (
        "Ann (X) zaznacza A2. Przejmuje moc Piekarnia na polu A3. Jeszcze do zaznaczenia: 2."
    )
    view = localise_view(ENGINE.view(state, 0), "pl")
    assert "Wylosowany kolor: żółty; zostało 2 z 3 zaznaczeń." in view.lines
    assert [t.title for t in view.tables] == ["Burmistrz płaci (na razie)", "Moce specjalne"]
    assert view.tables[1].rows[0][:2] == ["Piekarnia", "+1 pole na turę w szarej strefie"]
    assert {(c.label, c.mark) for c in view.grids[0].cells if c.label} == {("Piekarnia", "X")}


def test_polish_power_and_objective_names_read_back_with_or_without_diacritics() -> None:
    for typed in ("łapówka", "Lapowka", "przekupstwo"):
        assert power_id(typed) == "bribery"
    assert power_id("Materiały budowlane") == power_id("materialy") == "building"
    assert power_id("filia") == "branch" and power_id("bakery") == "bakery"
    assert objective_id("port") == "harbor" and objective_id("stare-miasto") == "old-town"
    assert objective_id("around-old-town") == "old-town"
    sheet = parse_sheet("objectives: port poziomo Aleja\nspecials: A3 łapówka\nYY*G\nGGGG\n")
    assert sheet["objectives"] == ["harbor", "horizontal", "broadway"]
    assert sheet["specials"] == [{"cell": 2, "power": "bribery"}]
    state = new_game(["YY*G", "GGGG"], specials="A3 bakery")
    rolled(state, "Y")
    act(state, 0, "mark", "A2", "A1", "B1")
    act(state, 0, "power", "piekarnia", "B2")
    assert state["owner"][5] == 0


def test_the_polish_example_sheet_differs_only_in_its_comments() -> None:
    english, polish = example_sheet(), say(example_sheet(), "pl")
    assert polish != english and "Arkusz PaperTown" in polish
    assert parse_sheet(polish) == parse_sheet(english)
    strip = [line for line in polish.splitlines() if not line.startswith("#")]
    assert strip == [line for line in english.splitlines() if not line.startswith("#")]
