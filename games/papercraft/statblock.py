"""Reads unit stat blocks in the Papercraft wiki's format, leniently, and writes them back.

Every number is checked (HP at least 1, movement not negative, ranges at least 1", dice within
/roll's limits) and refused with the line and field named. An ability gets the referee's rule
only when its text is a built-in ability's text, or says `built-in`; otherwise it is kept as
text the referee does not enforce."""

from __future__ import annotations

import copy
import re
from typing import Any, cast

from games.base import RuleError
from games.i18n import N_, _, joined, said
from games.papercraft.catalog import (
    ARMOR_TYPES,
    ATTACK_TYPES,
    PRIMARY_TYPES,
    ability_key,
    builtin_abilities,
    parse_dice,
    templates,
)
from games.papercraft.names import FILE_LABEL, ability_name
from games.papercraft.state import Ability, Unit

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
BUILT_IN = ("built-in", "builtin", "built in")
MAX_NAME = 60
# field -> (shown name, lowest, highest)
LIMITS = {
    "points": ("Points", 1, 100_000),
    "hp": ("HP", 1, 1_000_000),
    "move": ("Movement", 0, 1000),
    "dodge": ("Dodge Bonus", -100, 100),
    "hit": ("Hit Bonus", -100, 100),
    "range": ("Range", 1, 1000),
}
"""The field names are the stat block's own words, typed in English in either language."""


def _fail(number: int, line: str, why: str) -> RuleError:
    shown = line.strip() if len(line.strip()) <= 60 else line.strip()[:57] + "..."
    return RuleError(
        _("Stat block line {number} ('{line}'): {why}.", number=number, line=shown, why=why)
    )


def _int(number: int, line: str, value: str, field: str) -> int:
    shown, low, high = LIMITS[field]
    found = re.match(r"^\s*([+-]?)\s*(\d+)", value)
    if found is None:
        raise _fail(number, line, _("{field} needs a whole number", field=shown))
    digits = found.group(2)
    amount = int(digits) if len(digits) <= 12 else 10**12
    amount = -amount if found.group(1) == "-" else amount
    if not low <= amount <= high:
        said = digits if len(digits) <= 12 else "that"
        raise _fail(
            number,
            line,
            _(
                "{field} must be {low} to {high}, not {value}",
                field=shown,
                low=low,
                high=f"{high:,}",
                value=f"{found.group(1)}{said}",
            ),
        )
    return amount


def _attack_types(number: int, line: str, value: str) -> list[str]:
    words = re.findall(r"[A-Za-z]+", value)
    types = [TYPE_ALIASES[w.casefold()] for w in words if w.casefold() in TYPE_ALIASES]
    if not types:
        raise _fail(number, line, _("Type must be one of {types}", types=", ".join(ATTACK_TYPES)))
    return list(dict.fromkeys(types))


def _range(number: int, line: str, value: str) -> tuple[int, bool]:
    melee = "melee" in value.casefold()
    if re.search(r"-\s*\d", value):
        raise _fail(number, line, _("Range cannot be negative"))
    found = re.search(r"(\d+)", value)
    if found is None and not melee:
        raise _fail(number, line, _('Range needs inches like 18" or the word Melee'))
    return (_int(number, line, found.group(1), "range") if found else 1), melee


def _named(value: str, allowed: tuple[str, ...], number: int, line: str, field: str) -> str:
    for name in allowed:
        if value.strip().casefold() == name.casefold():
            return name
    raise _fail(
        number, line, _("{field} must be one of {allowed}", field=field, allowed=", ".join(allowed))
    )


def _name(number: int, line: str, text: str) -> str:
    name = " ".join(re.sub(r"^unit:\s*", "", text, flags=re.IGNORECASE).split())
    if not re.search(r"[^\W\d_]", name):
        raise _fail(number, line, _("a unit's name needs a letter"))
    if "," in name or len(name) > MAX_NAME:
        raise _fail(
            number,
            line,
            _("a unit's name has no commas and at most {most} characters", most=MAX_NAME),
        )
    return name


def ability(name: str, text: str, number: int, line: str) -> Ability:
    """The built-in rule when the text is a built-in ability's (or says built-in), else text only."""
    known = builtin_abilities().get(name.casefold(), ())
    if ability_key(text) in BUILT_IN:
        if not known:
            raise _fail(
                number, line, _("there is no built-in ability called {ability}", ability=name)
            )
        return copy.deepcopy(known[0])
    for entry in known:
        if ability_key(entry["text"]) == ability_key(text):
            return copy.deepcopy(entry)
    return {"name": name, "text": text}


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


def _unit_field(unit: dict[str, Any], key: str, number: int, line: str, value: str) -> None:
    if key == "armor":
        unit["armor"] = _named(value, ARMOR_TYPES, number, line, "Armor")
        return
    if key == "move" and re.match(r"^\s*-", value):
        raise _fail(number, line, _("Movement cannot be negative"))
    unit[key] = _int(number, line, value, key)


def _split_blocks(text: str) -> list[list[tuple[int, str]]]:
    """Cut the text before each unit's name line (the line just before 'NN Points')."""
    text = text.removeprefix("\ufeff")  # a file saved with a UTF-8 byte-order mark
    lines = [(i + 1, raw.rstrip()) for i, raw in enumerate(text.splitlines())]
    starts: list[int] = []
    for index, (_number, line) in enumerate(lines):
        if POINTS_RE.match(line.strip()):
            name_at = index - 1
            while name_at >= 0 and not lines[name_at][1].strip():
                name_at -= 1
            starts.append(max(name_at, 0))
    if not starts:
        raise RuleError(
            _("Stat block: no 'NN Points' line found; each unit needs one, e.g. '45 Points'.")
        )
    starts[0] = 0
    return [lines[a:b] for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]


class _Reading:
    """A stat block read line by line: the unit so far, an attack's name waiting for its
    'Type =' line, and whether the special abilities have begun."""

    def __init__(self) -> None:
        self.unit: dict[str, Any] = {"attacks": [], "abilities": []}
        self.pending_name: str | None = None
        self.in_abilities = False


def _parse(block: list[tuple[int, str]]) -> Unit:
    reading = _Reading()
    for number, line in block:
        text = line.strip()
        if text:
            _read_line(reading, number, line, text)
    return _checked(reading.unit, block[0][0])


def _read_line(reading: _Reading, number: int, line: str, text: str) -> None:
    """One non-blank line: the points, the name before them, then headings and fields."""
    unit = reading.unit
    points = POINTS_RE.match(text)
    if points:
        unit["points"] = _int(number, line, points.group(1), "points")
    elif "points" not in unit:
        if "testing" not in text.casefold():
            unit["name"] = _name(number, line, text)
    elif text.casefold().rstrip(":") == "special abilities":
        reading.in_abilities = True
    elif "=" not in text:
        _read_heading(reading, number, line, text)
    else:
        _read_field(reading, number, line, text)


def _read_heading(reading: _Reading, number: int, line: str, text: str) -> None:
    """A line without '=': the unit's 'Primary, Secondary' types, else the next attack's name."""
    unit = reading.unit
    if "primary" not in unit and "," in text:
        primary, _comma, template = (part.strip() for part in text.partition(","))
        unit["primary"] = _named(primary, PRIMARY_TYPES, number, line, "Primary type")
        unit["template"] = _named(template, tuple(templates()), number, line, "Secondary type")
    elif not reading.in_abilities:
        reading.pending_name = text


def _read_field(reading: _Reading, number: int, line: str, text: str) -> None:
    """A 'Key = value' line: an ability, a unit's field, or a field of an attack."""
    unit = reading.unit
    key, _equals, value = (part.strip() for part in text.partition("="))
    field = key.casefold()
    if reading.in_abilities:
        unit["abilities"].append(ability(key, value, number, line))
    elif field in UNIT_FIELDS:
        reading.pending_name = None  # an armour-name line before these is not an attack name
        _unit_field(unit, UNIT_FIELDS[field], number, line, value)
    elif field == "nation":
        unit["nation"] = value
    elif field == "type":
        name = reading.pending_name or f"Attack {len(unit['attacks']) + 1}"
        attack = {"name": name, "types": _attack_types(number, line, value)}
        unit["attacks"].append(attack)
        reading.pending_name = None
    elif field in ("range", "hit bonus", "damage"):
        _attack_field(unit, field, number, line, value)
    else:
        raise _fail(number, line, _("unknown field '{field}'", field=key))


def _attack_field(unit: dict[str, Any], field: str, number: int, line: str, value: str) -> None:
    """Range, Hit Bonus or Damage of the attack last named by a 'Type =' line."""
    if not unit["attacks"]:
        raise _fail(number, line, _("an attack needs a 'Type =' line before this"))
    attack = unit["attacks"][-1]
    if field == "range":
        attack["range"], attack["melee"] = _range(number, line, value)
    elif field == "hit bonus":
        attack["hit"] = _int(number, line, value, "hit")
    else:
        try:
            attack["damage"] = str(parse_dice(value))
        except ValueError as error:
            raise _fail(number, line, _("Damage {problem}", problem=error.args[0])) from None


REQUIRED = {
    "name": N_("a name line"),
    "points": "'NN Points'",
    "primary": "'Primary, Secondary'",
    "hp": "'HP = n'",
    "move": "'Movement = n\"'",
    "dodge": "'Dodge Bonus = +n'",
    "armor": "'Armor = X'",
}


def _checked(unit: dict[str, Any], first_line: int) -> Unit:
    missing = [
        said(what) if key == "name" else what for key, what in REQUIRED.items() if key not in unit
    ]
    if missing:
        raise RuleError(
            _(
                "Stat block starting at line {number} is missing {fields}.",
                number=first_line,
                fields=joined(missing),
            )
        )
    if not unit["attacks"]:
        raise RuleError(
            _(
                "Stat block for {unit} has no attack (Type/Range/Hit Bonus/Damage).",
                unit=unit["name"],
            )
        )
    for attack in unit["attacks"]:
        for key, what in (("range", "Range"), ("hit", "Hit Bonus"), ("damage", "Damage")):
            if key not in attack:
                raise RuleError(
                    _(
                        "Attack {attack} of {unit} has no {field} line.",
                        attack=attack["name"],
                        unit=unit["name"],
                        field=what,
                    )
                )
    return cast(
        Unit,
        {
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
        },
    )


def parse_stat_blocks(text: str) -> list[Unit]:
    """Every unit in a text of one or more wiki stat blocks; RuleError names the bad line."""
    blocks = _split_blocks(text)
    units = [_parse_numbered(block, index, len(blocks)) for index, block in enumerate(blocks)]
    seen: set[str] = set()
    for unit in units:
        if unit["name"].casefold() in seen:
            raise RuleError(
                _(
                    "The units file defines {unit} twice; keep one block per unit.",
                    unit=unit["name"],
                )
            )
        seen.add(unit["name"].casefold())
    return units


def _parse_numbered(block: list[tuple[int, str]], index: int, count: int) -> Unit:
    """One block of several: a refusal also says which block (and its first line) it is."""
    try:
        return _parse(block)
    except RuleError as error:
        if count == 1:
            raise
        first = next((line.strip() for _number, line in block if line.strip()), "")
        raise RuleError(
            _(
                "Stat block {index} of {count} ({name}): {error}",
                index=index + 1,
                count=count,
                name=first[:60],
                error=error.message,
            )
        ) from None


def parse_stat_block(text: str) -> Unit:
    """Exactly one unit from a wiki-format stat block (what `/unit add` takes)."""
    units = parse_stat_blocks(text)
    if len(units) != 1:
        raise RuleError(
            _("Expected one stat block but found {n}; send one unit at a time.", n=len(units))
        )
    return units[0]


def unenforced(unit: Unit) -> list[str]:
    """What to tell players about abilities the referee shows but does not apply."""
    notes: list[str] = []
    for entry in unit["abilities"]:
        if "effect" in entry:
            continue
        if entry["name"].casefold() in builtin_abilities():
            notes.append(
                _(
                    "{ability} (its text differs from the built-in {builtin}; write "
                    "'{ability} = built-in' for that one)",
                    ability=entry["name"],
                    builtin=ability_name(entry["name"]),
                )
            )
        else:
            notes.append(entry["name"])
    return notes


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
