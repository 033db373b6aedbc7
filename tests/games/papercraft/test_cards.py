"""Acceptance: a Papercraft unit is readable where it is chosen. At a table in English and in
Polish, each "Army add" button (the army's choices) carries the unit's points, HP and armour,
and `/card` shows every built-in unit in full: points, HP, armour, attacks and each ability's
text, in the table's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.referee import Referee
from bot.replies import Private
from games.papercraft.catalog import data
from tests.polish import PolishTable

UNITS: list[dict[str, Any]] = list(data()["units"])
POLISH = data()["pl"]
WORDS = {"en": ("pts", "HP", "Army add"), "pl": ("pkt", "PŻ", "Armia dodaj")}


def said(unit: dict[str, Any], lang: str) -> dict[str, Any]:
    """A unit's name, armour and abilities as a reader of that language sees them."""
    if lang == "en":
        abilities = [(a["name"], a["text"]) for a in unit["abilities"]]
        return {"name": unit["name"], "armor": unit["armor"], "abilities": abilities}
    abilities = [
        (POLISH["abilities"][a["name"]]["name"], POLISH["abilities"][a["name"]]["text"])
        for a in unit["abilities"]
    ]
    armor = POLISH["armor_types"].get(unit["armor"], unit["armor"])
    return {"name": POLISH["units"][unit["name"]], "armor": armor, "abilities": abilities}


@pytest.mark.parametrize("lang", ["en", "pl"])
async def test_army_buttons_and_card_show_each_units_numbers_and_abilities(
    referee: Referee, lang: str
) -> None:
    table = PolishTable(referee, f"units-{lang}")
    await table.send("/new papercraft" + (" --lang pl" if lang == "pl" else ""))
    await table.send("/addbot")
    await table.send("/start")
    points, hp, add = WORDS[lang]
    hand = next(r for r in await table.send("/hand") if isinstance(r, Private))
    labels = [b.label for b in hand.buttons]
    for unit in UNITS:
        face = said(unit, lang)
        short = f"{add} {face['name']} ({unit['points']} {points}, {hp} {unit['hp']}, "
        assert any(label.startswith(short + face["armor"] + ")") for label in labels), short

        reply = (await table.send(f"/card {face['name']}"))[0]
        assert isinstance(reply, Private) and reply.refusal is None, reply
        text = reply.text
        assert text.startswith(f"{face['name']}: {unit['points']} {points}"), text
        assert f"{hp} {unit['hp']}," in text and face["armor"] in text, text
        for name, ability in face["abilities"]:
            assert f"{name}: " in text and ability[:40] in text, (name, text)
        for attack in unit["attacks"]:
            shown = attack["name"] if lang == "en" else POLISH["attacks"][attack["name"]]
            assert shown in text and attack["damage"].lower() in text.lower(), (shown, text)
