"""Stat blocks in the wiki's format: round trip, lenient spellings and errors naming the line."""

from __future__ import annotations

import pytest

from games.base import Rng, RuleError
from games.papercraft import ENGINE
from games.papercraft.catalog import builtin_units
from games.papercraft.statblock import format_stat_block, parse_stat_block, parse_stat_blocks
from tests.games.papercraft.helpers import options

STATS = (
    "name",
    "points",
    "primary",
    "template",
    "hp",
    "move",
    "dodge",
    "armor",
    "attacks",
    "abilities",
)
PUBLISHED = [u for u in builtin_units().values() if u["label"] == "published, in testing"]

# Written in the wiki's layout: title and testing note, an armour-name line, an unnamed attack.
WIKI_STYLE = """unit:Robed Tester
This unit is still in testing. It should not be used in official games
Robed Tester
40 Points
Living, Character
HP = 18
Movement = 8"

Quilted Robes
Dodge Bonus = +2
Armor Type = Magic

Little Knife
Type = Piercing
Range = Melee
Hit Bonus = +0
Damage = 1d6

Type = Bludgeoning
Range = 1"(melee)
Hit Bonus = +1
Damage = 2D6 +3*

Special Abilities
Bear Hug = Holds a unit it hits.

A short story about the unit, with no equals sign.
"""


@pytest.mark.parametrize("unit", PUBLISHED, ids=[u["name"] for u in PUBLISHED])
def test_published_units_round_trip(unit: dict[str, object]) -> None:
    parsed = parse_stat_block(format_stat_block(unit))
    expected = {k: unit[k] for k in STATS}
    # Editorial notes (e.g. "unnamed on the wiki page") are not part of a stat block.
    expected["attacks"] = [
        {k: v for k, v in attack.items() if k != "note"} for attack in unit["attacks"]
    ]
    assert {k: parsed[k] for k in STATS} == expected


def test_lenient_spellings_and_the_wiki_layout() -> None:
    unit = parse_stat_block(WIKI_STYLE)
    assert (unit["name"], unit["points"], unit["dodge"], unit["armor"]) == (
        "Robed Tester",
        40,
        2,
        "Magic",
    )
    knife, second = unit["attacks"]
    assert knife == {
        "name": "Little Knife",
        "types": ["Pierce"],
        "range": 1,
        "melee": True,
        "hit": 0,
        "damage": "1d6",
    }
    assert second["name"] == "Attack 2" and second["types"] == ["Bludgeon"]
    assert second["damage"] == "2d6+3" and second["melee"] is True
    assert unit["abilities"] == [{"name": "Bear Hug", "text": "Holds a unit it hits."}]
    assert unit["label"] == "from this table's units file"


def test_several_blocks_and_errors_name_the_line() -> None:
    two = format_stat_block(PUBLISHED[0]) + "\n" + format_stat_block(PUBLISHED[1])
    assert [u["name"] for u in parse_stat_blocks(two)] == [
        PUBLISHED[0]["name"],
        PUBLISHED[1]["name"],
    ]
    with pytest.raises(RuleError, match="Expected one stat block but found 2"):
        parse_stat_block(two)
    bad = WIKI_STYLE.replace("Armor Type = Magic", "Armor Type = Paper")
    with pytest.raises(RuleError, match=r"line 11 \('Armor Type = Paper'\): Armor must be one of"):
        parse_stat_block(bad)
    with pytest.raises(RuleError, match=r"line 14 .*Type must be one of"):
        parse_stat_block(WIKI_STYLE.replace("Type = Piercing", "Type = Tickling"))
    with pytest.raises(RuleError, match="missing 'HP = n'"):
        parse_stat_block(WIKI_STYLE.replace("HP = 18\n", ""))
    with pytest.raises(RuleError, match="no 'NN Points' line"):
        parse_stat_block("Just a name")


def test_units_file_adds_units_to_the_game() -> None:
    state, events = ENGINE.setup(["Ann", "Bob"], options(units=WIKI_STYLE), Rng("u"))
    assert "plus 1 from the units file" in events[0].text
    listing = ENGINE.act(state, 0, "units", [], Rng("u"))[0].text
    assert "Robed Tester (40 pts, from this table's units file)" in listing
    assert "Longbowmen (45 pts, original sample, Ashford March)" in listing
    assert "Windshear Primal (65 pts, published, in testing)" in listing
