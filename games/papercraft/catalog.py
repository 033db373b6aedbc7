"""The unit catalogue, templates, armour chart and ability parameters, read from data/units.json."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, cast

from games.dice import MAX_DICE, MAX_SIDES
from games.i18n import _
from games.papercraft.state import Ability, Effect, Unit

ATTACK_TYPES = ("Pierce", "Slashing", "Bludgeon", "Magic", "Energy", "Siege")
ARMOR_TYPES = ("Heavy", "Light", "Magic", "None", "Fortified")
PRIMARY_TYPES = ("Living", "Mechanical", "Magic", "Undead")
CORPSE_TYPES = ("Living", "Mechanical")  # ruling 3: the primary type decides corpse or removal
BLOCKING_CORPSES = ("Large Unit", "Small Building", "Titan")  # ruling 4
MAX_BONUS = 1000  # the largest flat bonus a damage expression may add

IN_PLACE: tuple[Effect, ...] = (
    "rally_cry",
    "field_repair",
    "quake_stomp",
    "fire_rockets",
    "telekinesis",
    "the_power",
    "gale",
)
"""Effects used with /ability in place of attacking; every other effect applies by itself."""

EFFECT_PARAMS: dict[str, tuple[str, ...]] = {
    "wear_and_tear": ("divisor",),
    "fire_rockets": ("reach", "hit_on", "dice", "damage_type", "uses"),
    "grapple": (),
    "bear_hug": ("templates", "escape_on"),
    "fireball": ("reach", "dice", "damage_type"),
    "telekinesis": ("reach", "hit", "dice"),
    "the_power": ("reach", "targets", "multiplier", "duration"),
    "pass_through": ("exclude",),
    "gale": ("divisor", "self_damage"),
    "rally_cry": ("reach", "targets", "bonus", "duration"),
    "charge": ("min_move", "dice"),
    "emplaced": (),
    "field_repair": ("reach", "targets", "dice", "primary"),
    "quake_stomp": ("reach", "dice", "damage_type"),
    "halve_damage": ("damage_type", "divisor"),
    "pack_hunt": ("bonus",),
    "siphon_life": ("primary", "divisor"),
}
"""The parameters each effect reads from its ability entry; the data must give all of them."""


@cache
def data() -> Mapping[str, Any]:
    """The parsed data/units.json (cached: it never changes while running), checked once; read
    only at the top, like the built-in units and abilities: every thread shares them."""
    folder = resources.files("games.papercraft").joinpath("data")
    loaded: dict[str, Any] = json.loads(folder.joinpath("units.json").read_text("utf-8"))
    for unit in loaded["units"]:
        for entry in unit["abilities"]:
            _check_ability(unit["name"], entry)
    return MappingProxyType(loaded)


def _check_ability(unit: str, entry: dict[str, Any]) -> None:
    effect = entry.get("effect")
    if effect not in EFFECT_PARAMS:
        raise ValueError(f"{unit}: ability {entry['name']} has an unknown effect {effect!r}")
    missing = [key for key in EFFECT_PARAMS[effect] if key not in entry]
    if missing:
        raise ValueError(f"{unit}: ability {entry['name']} lacks {', '.join(missing)}")
    if "dice" in entry:
        parse_dice(entry["dice"])
    if entry.get("duration", "attack phase") != "attack phase":
        raise ValueError(f"{unit}: ability {entry['name']} has an unsupported duration")


@cache
def builtin_units() -> Mapping[str, Unit]:
    return MappingProxyType({unit["name"]: cast(Unit, unit) for unit in data()["units"]})


@cache
def builtin_abilities() -> Mapping[str, tuple[Ability, ...]]:
    """Every built-in ability entry by its name, casefolded."""
    found: dict[str, list[Ability]] = {}
    for unit in builtin_units().values():
        for entry in unit["abilities"]:
            found.setdefault(entry["name"].casefold(), []).append(entry)
    return MappingProxyType({name: tuple(entries) for name, entries in found.items()})


def ability_key(text: str) -> str:
    """An ability text compared loosely: case, spacing, curly quotes and a final full stop."""
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    return " ".join(text.casefold().split()).rstrip(".")


def cheapest_builtin() -> int:
    return min(unit["points"] for unit in builtin_units().values())


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


def _number(digits: str) -> int:
    """A count from the text, capped so a thousand-digit number is never converted."""
    return int(digits) if len(digits) <= 12 else 10**12


def parse_dice(text: str) -> DiceExpr:
    """Read '2D6', '2d6+2' or '4D6 +15*' (ruling 11: the asterisk is ignored), within /roll's limits."""
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:37] + "..."
    found = DICE_RE.match(text)
    if found is None:
        raise ValueError(_("'{text}' is not a dice expression like 2D6 or 1d6+2", text=shown))
    count, sides = _number(found.group(1)), _number(found.group(2))
    bonus = _number(found.group(4) or "0") * (-1 if found.group(3) == "-" else 1)
    if not 1 <= count <= MAX_DICE:
        raise ValueError(
            _(
                "'{text}' rolls too many dice: 1 to {most} are allowed, as in /roll",
                text=shown,
                most=f"{MAX_DICE:,}",
            )
        )
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(
            _(
                "'{text}' has too many sides: a die has 2 to {most}, as in /roll",
                text=shown,
                most=f"{MAX_SIDES:,}",
            )
        )
    if abs(bonus) > MAX_BONUS:
        raise ValueError(
            _(
                "'{text}' adds too much: at most {most} either way",
                text=shown,
                most=f"{MAX_BONUS:,}",
            )
        )
    return DiceExpr(count, sides, bonus)
