"""Acceptance: a Paper Tales card is readable where it is chosen. The packet DM lists every card
with its cost, strength and ability, `/card` and `/rules papertales CARD` show one in full, in
English and in Polish (the table's language), and the draft buttons carry the short form."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from bot.referee import Referee
from bot.replies import Private
from games.papertales.catalog import UNITS, Unit
from tests.polish import PolishTable

WORDS = {
    "en": ("cost {cost}, strength {strength}", "str"),
    "pl": ("koszt {cost}, siła {strength}", "siła"),
}


def unit_named(line: str, lang: str) -> Unit:
    """The unit a line starts with, by its name in that language (a copy number may follow)."""
    for u in sorted(UNITS, key=lambda u: -len(u.name)):
        name = u.pl if lang == "pl" else u.name
        if re.match(rf"{re.escape(name)}( \d)?:", line):
            return u
    raise AssertionError(f"no unit starts {line!r}")


def assert_faces(lines: list[str], lang: str) -> None:
    """Each line shows its unit's printed cost, strength and ability in that language."""
    assert lines
    for line in lines:
        u = unit_named(line, lang)
        numbers = WORDS[lang][0].format(cost=u.cost, strength=u.strength)
        ability = u.ability_pl if lang == "pl" else u.ability
        assert numbers in line and line.endswith(ability), line


@pytest.mark.parametrize("lang", ["en", "pl"])
async def test_the_packet_dm_and_card_show_every_cards_numbers_and_ability(
    referee: Referee, lang: str
) -> None:
    table = PolishTable(referee, f"cards-{lang}")
    await table.send("/new papertales" + (" --lang pl" if lang == "pl" else ""))
    await table.send("/addbot")
    started = await table.send("/start")
    packet = next(r for r in started if isinstance(r, Private) and "\n" in r.text)
    header, *lines = packet.text.split("\n")
    assert header.startswith("Your packet (9 cards)" if lang == "en" else "Twój pakiet (9 kart)")
    assert len(lines) == 9  # a 2-player packet
    assert_faces(lines, lang)
    short = WORDS[lang][1]
    assert packet.buttons and all(f"{short} " in b.label for b in packet.buttons)

    demon = "Demon: " + WORDS[lang][0].format(cost=2, strength=7)
    for command in ("/card demon", "/rules papertales Demon", "/card papertales smok"):
        reply = (await table.send(command))[0]
        assert isinstance(reply, Private) and reply.refusal is None, reply
        if "smok" in command:
            assert reply.text.startswith("Smok: " if lang == "pl" else "Dragon: "), reply.text
        else:
            assert reply.text.startswith(demon), reply.text
            assert_faces([reply.text], lang)
    temple = (await table.send("/card swiatynia"))[0].text
    assert ("Level 1: 1 LP" if lang == "en" else "Poziom 1: 1 PL") in temple, temple
    refused = (await table.send("/card Nobody At All"))[0]
    assert isinstance(refused, Private) and refused.refusal is not None
    assert "Nobody" not in refused.text


def test_every_card_has_a_polish_ability_marked_by_its_source() -> None:
    raw = json.loads(resources.files("games.papertales").joinpath("data", "cards.json").read_text())
    for entry in (*raw["units"], *raw["buildings"]):
        assert entry["ability_pl"] and entry["ability_pl_source"] in ("rb", "prop."), entry["name"]
