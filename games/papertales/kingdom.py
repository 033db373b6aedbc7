"""Pure arithmetic over one kingdom: resources, unit strength, income, spots."""

from __future__ import annotations

from typing import Any

from games.papertales.cards import BUILDING_BY_NAME, RESOURCES, unit

Player = dict[str, Any]
UnitSlot = dict[str, Any]

FIGHTS_FROM_BACK = ("Archer", "Strategist")


def count(p: Player, unit_name: str) -> int:
    """How many units of this name the kingdom has in play."""
    return sum(1 for u in p["units"] if unit(u["card"]).name == unit_name)


def resources(p: Player) -> dict[str, int]:
    """Wood, Food and Crystal the kingdom produces right now (never spent)."""
    total = dict.fromkeys(RESOURCES, 0)
    for slot in p["units"]:
        u = unit(slot["card"])
        if u.name == "Hunter" and slot["row"] != "front":
            continue
        if u.name == "Adventurer":
            total["crystal"] += slot["age"]
        elif u.name == "Leviathan" and slot["age"] >= 1:
            total["food"] += 2
        for res, n in u.produces.items():
            total[res] += n
    for building, level in p["buildings"].items():
        for res, n in BUILDING_BY_NAME[building].produces[level - 1].items():
            total[res] += n
    return total


def income(p: Player) -> tuple[int, list[tuple[int, str]]]:
    """Gold the Income phase gives: 2 plus every Income ability, with (gold, source) parts."""
    res = resources(p)
    parts = [(2, "base")]
    gold = 2
    for slot in p["units"]:
        u = unit(slot["card"])
        gain = 0
        if u.name in ("Blacksmith", "Peddler"):
            gain = 1
        elif u.name == "Cook":
            gain = res["food"]
        elif u.name == "Giant Snake" and slot["age"] >= 1:
            gain = 3
        elif u.name == "Master Alchemist":
            gain = res["wood"]
        if gain:
            gold += gain
            parts.append((gain, u.name))
    tavern = p["buildings"].get("Tavern")
    if tavern and res["food"]:
        gold += res["food"]
        parts.append((res["food"], "Tavern"))
    if p["buildings"].get("Temple"):
        gold += 2
        parts.append((2, "Temple"))
    return gold, parts


def total_age(p: Player) -> int:
    """Age tokens anywhere in the kingdom (Strategist)."""
    return sum(slot["age"] for slot in p["units"])


def unit_strength(p: Player, slot: UnitSlot, res: dict[str, int], gold_income: int) -> int:
    """A unit's Wars-phase strength with its own ability applied (a Leviathan with a token: 0)."""
    u = unit(slot["card"])
    age = slot["age"]
    base = u.strength
    if u.name == "Cerberus":
        return 3 if res["food"] >= 1 else 2
    if u.name == "Colossus":
        return 7 if age >= 1 else 1
    if u.name == "Dragon":
        return 7 if res["crystal"] >= 1 else 0
    if u.name == "Giant Snake":
        return 0 if age >= 1 else 4
    if u.name == "Leviathan":
        return 0 if age >= 1 else base + 2 * res["food"]
    if u.name == "Manticore":
        return base + 2 * res["food"]
    if u.name in ("Militiaman", "Salamander"):
        return base + age
    if u.name == "Ogre":
        return base + gold_income
    if u.name == "Strategist":
        return base + total_age(p)
    return base


def fights(slot: UnitSlot) -> bool:
    """Front units fight; the Archer and Strategist fight from the Back too."""
    return slot["row"] == "front" or unit(slot["card"]).name in FIGHTS_FROM_BACK


def strength(p: Player) -> tuple[int, list[tuple[int | None, int]]]:
    """Kingdom strength for Wars, with (card, strength) parts; card None is the Barracks."""
    res = resources(p)
    gold_income = income(p)[0]
    total = 0
    parts: list[tuple[int | None, int]] = []
    for slot in p["units"]:
        if fights(slot):
            s = unit_strength(p, slot, res, gold_income)
            total += s
            parts.append((slot["card"], s))
    if p["buildings"].get("Barracks") and res["wood"]:
        total += res["wood"]
        parts.append((None, res["wood"]))
    return total, parts


def strong_units(p: Player) -> int:
    """Units whose current Wars strength is 3 or more (Barracks level 2)."""
    res = resources(p)
    gold_income = income(p)[0]
    return sum(1 for slot in p["units"] if unit_strength(p, slot, res, gold_income) >= 3)


def front_capacity(p: Player) -> int:
    """Two Front spots, three once any building is at level 2."""
    return 3 if any(level == 2 for level in p["buildings"].values()) else 2


def add_lp(p: Player, delta: int) -> int:
    """Change LP, never below 0; returns the change actually applied."""
    before = p["lp"]
    p["lp"] = max(0, before + delta)
    return p["lp"] - before
