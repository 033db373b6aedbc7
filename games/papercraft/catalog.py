"""The unit catalogue, templates and armour chart, read from the package's own JSON data."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

ATTACK_TYPES = ("Pierce", "Slashing", "Bludgeon", "Magic", "Energy", "Siege")
ARMOR_TYPES = ("Heavy", "Light", "Magic", "None", "Fortified")
PRIMARY_TYPES = ("Living", "Mechanical", "Magic", "Undead")
CORPSE_TYPES = ("Living", "Mechanical")  # ruling 3: the primary type decides corpse or removal
BLOCKING_CORPSES = ("Large Unit", "Small Building", "Titan")  # ruling 4

Unit = dict[str, Any]


@cache
def data() -> dict[str, Any]:
    """The parsed units.json (cached: it never changes while running)."""
    text = resources.files("games.papercraft").joinpath("units.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def builtin_units() -> dict[str, Unit]:
    return {unit["name"]: unit for unit in data()["units"]}


def templates() -> dict[str, list[int]]:
    sizes: dict[str, list[int]] = data()["templates"]
    return sizes


def armor_modifier(attack_type: str, armor: str) -> int:
    value: int = data()["armor_chart"][attack_type][armor]
    return value


@dataclass(frozen=True)
class DiceExpr:
    """A damage expression such as 2d6+2."""

    count: int
    sides: int
    bonus: int

    def __str__(self) -> str:
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{bonus}"


DICE_RE = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*\*?\s*$")


def parse_dice(text: str) -> DiceExpr:
    """Read '2D6', '2d6+2' or '4D6 +15*' (ruling 11: the asterisk is ignored)."""
    found = DICE_RE.match(text)
    if found is None:
        raise ValueError(f"'{text}' is not a dice expression like 2D6 or 1d6+2")
    count, sides = int(found.group(1)), int(found.group(2))
    bonus = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
    if not 1 <= count <= 20 or sides < 2:
        raise ValueError(f"'{text}' needs 1 to 20 dice of 2 or more sides")
    return DiceExpr(count, sides, bonus)


def range_text(attack: dict[str, Any]) -> str:
    if attack["melee"]:
        return "melee" if attack["range"] == 1 else f'{attack["range"]}" (melee)'
    return f'{attack["range"]}"'


def attack_line(attack: dict[str, Any]) -> str:
    types = " or ".join(attack["types"])
    return (
        f"{attack['name']}: {types}, {range_text(attack)}, {attack['hit']:+d}, {attack['damage']}"
    )


def unit_line(unit: Unit) -> str:
    """One line for listings, with the provenance label kept visible."""
    nation = f", {unit['nation']}" if unit.get("nation") else ""
    attacks = "; ".join(attack_line(a) for a in unit["attacks"])
    abilities = ", ".join(a["name"] for a in unit["abilities"]) or "none"
    return (
        f"{unit['name']} ({unit['points']} pts, {unit['label']}{nation}): {unit['primary']} "
        f'{unit["template"]}, HP {unit["hp"]}, move {unit["move"]}", dodge {unit["dodge"]:+d}, '
        f"armor {unit['armor']}; {attacks}; abilities: {abilities}"
    )
