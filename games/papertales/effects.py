"""The small interpreter of card effects: a kingdom's quantities, and what each hook amounts to.

Every per-card rule lives in data/cards.json (see catalog.HOOKS and catalog.ACTIONS); this module
reads it. No unit or building is named here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import prod

from games.papertales.catalog import BUILDING_BY_NAME, RESOURCES, Effect, unit
from games.papertales.state import Player, UnitSlot

BASE_INCOME = 2


class Kingdom:
    """One kingdom's quantities, each computed once and only when an effect asks for it.

    `wars` is the number of Wars won this phase; `dying` the units dying in this Aging."""

    def __init__(self, p: Player, *, wars: int = 0, dying: Sequence[UnitSlot] = ()) -> None:
        self.p = p
        self.wars = wars
        self.dying = list(dying)
        self._resources: dict[str, int] | None = None
        self._income: tuple[int, list[tuple[int, str]]] | None = None
        self._strong: int | None = None

    # Quantities --------------------------------------------------------------------------

    def quantity(self, name: str, slot: UnitSlot | None) -> int | str:
        """A quantity by its data name: the unit's own (age, row) or the kingdom's."""
        if name == "age":
            return slot["age"] if slot is not None else 0
        if name == "row":
            return slot["row"] if slot is not None else ""
        if name in RESOURCES:
            return self.resources()[name]
        if name == "kingdom_age":
            return sum(s["age"] for s in self.p["units"])
        if name == "level2":
            return sum(1 for level in self.p["buildings"].values() if level == 2)
        if name == "strong_units":
            return self.strong_units()
        if name == "income":
            return self.income()[0]
        if name == "wars":
            return self.wars
        if name == "dying_age":
            return sum(s["age"] for s in self.dying)
        raise KeyError(name)

    def applies(self, effect: Effect, slot: UnitSlot | None) -> bool:
        """Every condition of the entry holds."""
        return all(c.holds(self.quantity(c.quantity, slot)) for c in effect.when)

    def times(self, effect: Effect, slot: UnitSlot | None) -> int:
        """How many times the entry counts: 0 when a condition fails, else the product of `per`."""
        if not self.applies(effect, slot):
            return 0
        return prod(int(self.quantity(q, slot)) for q in effect.per)

    def amount(self, effect: Effect, slot: UnitSlot | None) -> int:
        """The entry's number times how often it counts."""
        return effect.n * self.times(effect, slot)

    def hooked(self, hook: str) -> Iterator[tuple[str, Effect, UnitSlot | None]]:
        """(source name, entry, unit slot or None for a building) for every unit in play, then
        every building, that has entries for this hook."""
        for slot in self.p["units"]:
            u = unit(slot["card"])
            for effect in u.hook(hook):
                yield u.name, effect, slot
        for building, level in self.p["buildings"].items():
            for effect in BUILDING_BY_NAME[building].hook(level, hook):
                yield building, effect, None

    # Always on ---------------------------------------------------------------------------

    def resources(self) -> dict[str, int]:
        """Wood, Food and Crystal the kingdom produces right now (never spent)."""
        if self._resources is None:
            total = dict.fromkeys(RESOURCES, 0)
            for slot in self.p["units"]:
                for res, n in unit(slot["card"]).produces.items():
                    total[res] += n
            for building, level in self.p["buildings"].items():
                for res, n in BUILDING_BY_NAME[building].produces[level - 1].items():
                    total[res] += n
            for _, effect, owner in self.hooked("produce"):
                times = self.times(effect, owner)
                for res, n in effect.gain.items():
                    total[res] += n * times
            self._resources = total
        return self._resources

    # Wars and Income ---------------------------------------------------------------------

    def income(self) -> tuple[int, list[tuple[int, str]]]:
        """Gold the Income phase gives: the base plus every income entry, with (gold, source)."""
        if self._income is None:
            parts = [(BASE_INCOME, "base")]
            for source, effect, slot in self.hooked("income"):
                gain = self.amount(effect, slot)
                if gain:
                    parts.append((gain, source))
            self._income = (sum(n for n, _ in parts), parts)
        return self._income

    def unit_strength(self, slot: UnitSlot) -> int:
        """A unit's Wars strength: the first `set` whose conditions hold, else printed + `add`s."""
        u = unit(slot["card"])
        entries = u.hook("strength")
        for effect in entries:
            if effect.action == "set" and self.applies(effect, slot):
                return effect.n
        return u.strength + sum(self.amount(e, slot) for e in entries if e.action == "add")

    def fights(self, slot: UnitSlot) -> bool:
        """Front units fight; some fight from the Back too."""
        return slot["row"] == "front" or unit(slot["card"]).fights_from_back

    def strength(self) -> tuple[int, list[tuple[int | str, int]]]:
        """Kingdom strength with (card id or building name, strength) parts."""
        parts: list[tuple[int | str, int]] = [
            (slot["card"], self.unit_strength(slot))
            for slot in self.p["units"]
            if self.fights(slot)
        ]
        for building, level in self.p["buildings"].items():
            bonus = sum(
                self.amount(e, None) for e in BUILDING_BY_NAME[building].hook(level, "strength")
            )
            if bonus:
                parts.append((building, bonus))
        return sum(n for _, n in parts), parts

    def strong_units(self) -> int:
        """Units (either row) whose current Wars strength is 3 or more."""
        if self._strong is None:
            self._strong = sum(1 for s in self.p["units"] if self.unit_strength(s) >= 3)
        return self._strong

    def gains(self, hook: str) -> tuple[int, int, list[tuple[int, str, str]]]:
        """Total LP and gold of a hook's lp/gold entries, with (amount, 'lp'|'gold', source)
        parts summed per source, in the order sources first appear."""
        totals: dict[tuple[str, str], int] = {}
        for source, effect, slot in self.hooked(hook):
            if effect.action in ("lp", "gold"):
                gain = self.amount(effect, slot)
                if gain:
                    key = (effect.action, source)
                    totals[key] = totals.get(key, 0) + gain
        lp = sum(n for (kind, _), n in totals.items() if kind == "lp")
        gold = sum(n for (kind, _), n in totals.items() if kind == "gold")
        return lp, gold, [(n, kind, source) for (kind, source), n in totals.items()]

    # Construction ------------------------------------------------------------------------

    def construction(self) -> tuple[frozenset[str], bool]:
        """Resources gold may stand in for, and whether the Land cost is waived."""
        substitutes: set[str] = set()
        free_land = False
        for _, effect, slot in self.hooked("construction"):
            if not self.applies(effect, slot):
                continue
            substitutes |= set(effect.resources)
            free_land = free_land or effect.action == "no_land_cost"
        return frozenset(substitutes), free_land


def dies(slot: UnitSlot) -> bool:
    """A unit dies at Aging with as many tokens as its data says (default 1; null: never)."""
    threshold = unit(slot["card"]).dies_at
    return threshold is not None and slot["age"] >= threshold


def slot_gains(slot: UnitSlot, hook: str, kingdom: Kingdom) -> list[tuple[int, str]]:
    """The lp/gold entries of one unit's hook, evaluated for that unit: (amount, 'lp'|'gold')."""
    found = []
    for effect in unit(slot["card"]).hook(hook):
        if effect.action in ("lp", "gold"):
            gain = kingdom.amount(effect, slot)
            if gain:
                found.append((gain, effect.action))
    return found


def likes_tokens(card: int) -> bool:
    """The unit profits from age tokens on itself (for the bot): an entry grows with its tokens,
    or a condition on them raises its strength or pays."""
    u = unit(card)
    for hook, entries in u.effects.items():
        if hook in ("reveal", "death"):
            continue
        for e in entries:
            counts_age = bool({"age", "kingdom_age"} & set(e.per))
            aged = any(c.quantity == "age" and c.op in (">=", ">") for c in e.when)
            better = e.n > u.strength if e.action == "set" else e.n > 0 or bool(e.gain)
            if (counts_age or aged) and better:
                return True
    return False


def gains_from_dying(card: int) -> bool:
    """The unit's own death pays its owner (for the bot's Healer: not worth saving)."""
    return any(e.n > 0 for e in unit(card).hook("death"))
