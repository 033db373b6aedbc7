"""Reads unit stat blocks in the Papercraft wiki's format, leniently, and writes them back."""

from __future__ import annotations

import re
from typing import Any

from games.base import RuleError
from games.papercraft.catalog import (
    ARMOR_TYPES,
    ATTACK_TYPES,
    PRIMARY_TYPES,
    Unit,
    parse_dice,
    templates,
)

POINTS_RE = re.compile(r"^(\d+)\s*(?:points?|pts)$", re.IGNORECASE)
TYPE_ALIASES = {
    "pierce": "Pierce",
    "piercing": "Pierce",
    "slash": "Slashing",
    "slashing": "Slashing",
    "bludgeon": "Bludgeon",
    "bludgeoning": "Bludgeon",
    "magic": "Magic",
    "magical": "Magic",
    "energy": "Energy",
    "siege": "Siege",
}
FILE_LABEL = "from this table's units file"


def _fail(number: int, line: str, why: str) -> RuleError:
    return RuleError(f"Stat block line {number} ('{line.strip()}'): {why}.")


def _int(number: int, line: str, value: str, field: str) -> int:
    found = re.match(r"^\s*([+-]?\s*\d+)", value)
    if found is None:
        raise _fail(number, line, f"{field} needs a whole number")
    return int(found.group(1).replace(" ", ""))


def _attack_types(number: int, line: str, value: str) -> list[str]:
    words = re.findall(r"[A-Za-z]+", value)
    types = [TYPE_ALIASES[w.casefold()] for w in words if w.casefold() in TYPE_ALIASES]
    if not types:
        raise _fail(number, line, f"Type must be one of {', '.join(ATTACK_TYPES)}")
    return list(dict.fromkeys(types))


def _range(number: int, line: str, value: str) -> tuple[int, bool]:
    melee = "melee" in value.casefold()
    found = re.search(r"(\d+)", value)
    if found is None and not melee:
        raise _fail(number, line, 'Range needs inches like 18" or the word Melee')
    return (int(found.group(1)) if found else 1), melee


def _named(value: str, allowed: tuple[str, ...], number: int, line: str, field: str) -> str:
    for name in allowed:
        if value.strip().casefold() == name.casefold():
            return name
    raise _fail(number, line, f"{field} must be one of {', '.join(allowed)}")


UNIT_FIELDS = {
    "hp": "hp",
    "movement": "move",
    "move": "move",
    "dodge bonus": "dodge",  # ruling 7: dodge belongs to the unit
    "armor": "armor",
    "armor type": "armor",  # ruling 8
    "armour": "armor",
    "armour type": "armor",
}
FIELD_NAMES = {"hp": "HP", "move": "Movement", "dodge": "Dodge Bonus"}


def _unit_field(unit: dict[str, Any], key: str, number: int, line: str, value: str) -> None:
    if key == "armor":
        unit["armor"] = _named(value, ARMOR_TYPES, number, line, "Armor")
    else:
        unit[key] = _int(number, line, value, FIELD_NAMES[key])


def _split_blocks(text: str) -> list[list[tuple[int, str]]]:
    """Cut the text before each unit's name line (the line just before 'NN Points')."""
    lines = [(i + 1, raw.rstrip()) for i, raw in enumerate(text.splitlines())]
    starts: list[int] = []
    for index, (_, line) in enumerate(lines):
        if POINTS_RE.match(line.strip()):
            name_at = index - 1
            while name_at >= 0 and not lines[name_at][1].strip():
                name_at -= 1
            starts.append(max(name_at, 0))
    if not starts:
        raise RuleError(
            "Stat block: no 'NN Points' line found; each unit needs one, e.g. '45 Points'."
        )
    starts[0] = 0
    return [lines[a:b] for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]


def _parse(block: list[tuple[int, str]]) -> Unit:
    unit: dict[str, Any] = {"attacks": [], "abilities": []}
    pending_name: str | None = None
    in_abilities = False
    for number, line in block:
        text = line.strip()
        if not text:
            continue
        points = POINTS_RE.match(text)
        if points:
            unit["points"] = int(points.group(1))
            continue
        if "points" not in unit:
            if "testing" not in text.casefold():
                unit["name"] = re.sub(r"^unit:\s*", "", text, flags=re.IGNORECASE)
            continue
        if text.casefold().rstrip(":") == "special abilities":
            in_abilities = True
            continue
        if "=" not in text:
            if "primary" not in unit and "," in text:
                primary, _, template = (part.strip() for part in text.partition(","))
                unit["primary"] = _named(primary, PRIMARY_TYPES, number, line, "Primary type")
                unit["template"] = _named(
                    template, tuple(templates()), number, line, "Secondary type"
                )
            elif not in_abilities:
                pending_name = text
            continue
        key, _, value = (part.strip() for part in text.partition("="))
        field = key.casefold()
        if in_abilities:
            unit["abilities"].append({"name": key, "text": value})
        elif field in UNIT_FIELDS:
            pending_name = None  # an armour-name line before these is not an attack name
            _unit_field(unit, UNIT_FIELDS[field], number, line, value)
        elif field == "nation":
            unit["nation"] = value
        elif field == "type":
            name = pending_name or f"Attack {len(unit['attacks']) + 1}"
            attack = {"name": name, "types": _attack_types(number, line, value)}
            unit["attacks"].append(attack)
            pending_name = None
        elif field in ("range", "hit bonus", "damage"):
            if not unit["attacks"]:
                raise _fail(number, line, "an attack needs a 'Type =' line before this")
            attack = unit["attacks"][-1]
            if field == "range":
                attack["range"], attack["melee"] = _range(number, line, value)
            elif field == "hit bonus":
                attack["hit"] = _int(number, line, value, "Hit Bonus")
            else:
                try:
                    attack["damage"] = str(parse_dice(value))
                except ValueError as error:
                    raise _fail(number, line, str(error)) from None
        else:
            raise _fail(number, line, f"unknown field '{key}'")
    return _checked(unit, block[0][0])


REQUIRED = {
    "name": "a name line",
    "points": "'NN Points'",
    "primary": "'Primary, Secondary'",
    "hp": "'HP = n'",
    "move": "'Movement = n\"'",
    "dodge": "'Dodge Bonus = +n'",
    "armor": "'Armor = X'",
}


def _checked(unit: dict[str, Any], first_line: int) -> Unit:
    missing = [what for key, what in REQUIRED.items() if key not in unit]
    if missing:
        raise RuleError(
            f"Stat block starting at line {first_line} is missing {', '.join(missing)}."
        )
    if not unit["attacks"]:
        raise RuleError(
            f"Stat block for {unit['name']} has no attack (Type/Range/Hit Bonus/Damage)."
        )
    for attack in unit["attacks"]:
        for key, what in (("range", "Range"), ("hit", "Hit Bonus"), ("damage", "Damage")):
            if key not in attack:
                raise RuleError(f"Attack {attack['name']} of {unit['name']} has no {what} line.")
    return {
        "name": unit["name"],
        "label": FILE_LABEL,
        "nation": unit.get("nation"),
        "points": unit["points"],
        "primary": unit["primary"],
        "template": unit["template"],
        "hp": unit["hp"],
        "move": unit["move"],
        "dodge": unit["dodge"],
        "armor": unit["armor"],
        "attacks": unit["attacks"],
        "abilities": unit["abilities"],
        "source": None,
        "provenance": "pasted by the players",
    }


def parse_stat_blocks(text: str) -> list[Unit]:
    """Every unit in a text of one or more wiki stat blocks; RuleError names the bad line."""
    units = [_parse(block) for block in _split_blocks(text)]
    seen: set[str] = set()
    for unit in units:
        if unit["name"].casefold() in seen:
            raise RuleError(
                f"The units file defines {unit['name']} twice; keep one block per unit."
            )
        seen.add(unit["name"].casefold())
    return units


def parse_stat_block(text: str) -> Unit:
    """Exactly one unit from a wiki-format stat block (what `/unit add` will take)."""
    units = parse_stat_blocks(text)
    if len(units) != 1:
        raise RuleError(f"Expected one stat block but found {len(units)}; send one unit at a time.")
    return units[0]


def format_stat_block(unit: Unit) -> str:
    """The wiki's layout for a unit, so parse_stat_block(format_stat_block(u)) gives u back."""
    lines = [unit["name"], f"{unit['points']} Points", f"{unit['primary']}, {unit['template']}"]
    lines += [f"HP = {unit['hp']}", f'Movement = {unit["move"]}"']
    lines += [f"Dodge Bonus = {unit['dodge']:+d}", f"Armor = {unit['armor']}"]
    if unit.get("nation"):
        lines.append(f"Nation = {unit['nation']}")
    for attack in unit["attacks"]:
        reach = f'{attack["range"]}"'
        reach = f"{reach}(melee)" if attack["melee"] else reach
        lines += ["", attack["name"], f"Type = {' or '.join(attack['types'])}"]
        lines += [f"Range = {reach}", f"Hit Bonus = {attack['hit']:+d}"]
        lines.append(f"Damage = {attack['damage'].upper()}")
    if unit["abilities"]:
        lines += ["", "Special Abilities"]
        lines += [f"{a['name']} = {a['text']}" for a in unit["abilities"]]
    return "\n".join(lines) + "\n"
