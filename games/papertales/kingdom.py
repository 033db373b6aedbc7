"""One kingdom's arithmetic and spots: resources, income, strength, LP, and the planned layout."""

from __future__ import annotations

from games.papertales.catalog import unit
from games.papertales.effects import Kingdom
from games.papertales.state import Player, Row

BACK_CAPACITY = 2


def resources(p: Player) -> dict[str, int]:
    """Wood, Food and Crystal the kingdom produces right now (never spent)."""
    return Kingdom(p).resources()


def income(p: Player) -> tuple[int, list[tuple[int, str]]]:
    """Gold the Income phase gives, with (gold, source) parts; the source 'base' is the 2 gold."""
    return Kingdom(p).income()


def strength(p: Player) -> tuple[int, list[tuple[int | str, int]]]:
    """Kingdom strength for Wars, with (card id or building name, strength) parts."""
    return Kingdom(p).strength()


def strong_units(p: Player) -> int:
    """Units whose current Wars strength is 3 or more."""
    return Kingdom(p).strong_units()


def front_capacity(p: Player) -> int:
    """Two Front spots, three once any building is at level 2."""
    return 3 if any(level == 2 for level in p["buildings"].values()) else 2


def add_lp(p: Player, delta: int) -> int:
    """Change LP, never below 0; returns the change actually applied."""
    before = p["lp"]
    p["lp"] = max(0, before + delta)
    return p["lp"] - before


def apply_gain(p: Player, kind: str, amount: int) -> int:
    """Add LP ('lp', never below 0) or gold ('gold'); returns the change actually applied."""
    if kind == "lp":
        return add_lp(p, amount)
    before = p["gold"]
    p["gold"] = max(0, before + amount)
    return p["gold"] - before


def layout(p: Player) -> list[tuple[int, Row, bool]]:
    """The planned kingdom: (card, row, is_new) after this phase's moves and discards."""
    rows = p["plan"]["rows"]
    cards: list[tuple[int, Row, bool]] = []
    for slot in p["units"]:
        where = rows.get(str(slot["card"]), slot["row"])
        if where != "discard":
            cards.append((slot["card"], "back" if where == "back" else "front", False))
    return cards + [(n["card"], n["row"], True) for n in p["plan"]["new"]]


def free(p: Player, row: Row) -> int:
    """Spots left in a row of the planned kingdom."""
    used = sum(1 for _, r, _ in layout(p) if r == row)
    cap = front_capacity(p) if row == "front" else BACK_CAPACITY
    return cap - used


def planned_cost(p: Player) -> int:
    """Gold the face-down units will cost at the reveal (a negative cost gives gold)."""
    return sum(unit(n["card"]).cost for n in p["plan"]["new"])
