"""Construction prices: the Land cost, the resources a building needs, and gold standing in."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from games.base import RuleError
from games.i18n import _, joined
from games.papertales.catalog import BUILDING_BY_NAME, BUILDINGS, RESOURCES, building_name
from games.papertales.effects import Kingdom
from games.papertales.state import Player
from games.papertales.texts import amount_of
from games.papertales.texts import gold as gold_of

LAND_COST = 2


@dataclass(frozen=True)
class Means:
    """What a kingdom brings to Construction: its resources and its construction effects."""

    have: dict[str, int]
    substitutes: frozenset[str]  # resources 1 gold may stand in for
    free_land: bool


def means(p: Player) -> Means:
    """Collect once what every quote of this kingdom needs."""
    kingdom = Kingdom(p)
    substitutes, free_land = kingdom.construction()
    return Means(kingdom.resources(), substitutes, free_land)


def land_cost(p: Player, m: Means | None = None) -> int:
    """2 gold per building already owned, unless an effect waives it."""
    return 0 if (m or means(p)).free_land else LAND_COST * len(p["buildings"])


def quote(p: Player, building: str, level: int, upgrade: bool, m: Means | None = None) -> int:
    """The gold this construction costs, or RuleError saying why it is impossible."""
    m = m or means(p)
    name = building_name(building)
    owned = p["buildings"].get(building)
    if upgrade and owned is None:
        raise RuleError(_("You have no {building} to upgrade; /build it first.", building=name))
    if upgrade and owned == 2:
        raise RuleError(_("Your {building} is already at level 2.", building=name))
    if not upgrade and owned is not None:
        raise RuleError(_("You already own the {building}; /upgrade it instead.", building=name))
    best, short = _cheapest(p, building, level, upgrade, m)
    if best is None:
        raise RuleError(
            _(
                "Your kingdom is short of {missing} for the {building}.",
                missing=joined(amount_of(n, r) for r, n in short.items()),
                building=name,
            )
        )
    if best > p["gold"]:
        raise RuleError(
            _(
                "The {building} costs you {price} and you have {gold}.",
                building=name,
                price=gold_of(best),
                gold=gold_of(p["gold"]),
            )
        )
    return best


def _cheapest(
    p: Player, building: str, level: int, upgrade: bool, m: Means
) -> tuple[int | None, dict[str, int]]:
    """The least gold that pays for a construction the seat's ownership allows (each level in
    resources or, where the card offers it, in gold; a missing resource a substitute covers costs
    1 gold), or None and the resources short on the last way tried. No text is made: `affordable`
    asks this of every building whenever Construction starts or moves are offered."""
    card = BUILDING_BY_NAME[building]
    levels, land = ([2], 0) if upgrade else (list(range(1, level + 1)), land_cost(p, m))
    best: int | None = None
    missing: dict[str, int] = {}
    ways = [[False, True] if card.gold_option[lv - 1] is not None else [False] for lv in levels]
    for pay_gold in product(*ways):
        need = dict.fromkeys(RESOURCES, 0)
        gold = land
        for lv, by_gold in zip(levels, pay_gold, strict=True):
            if by_gold:
                gold += card.gold_option[lv - 1] or 0
            else:
                for res, n in card.need[lv - 1].items():
                    need[res] += n
        short = {r: need[r] - m.have[r] for r in RESOURCES if need[r] > m.have[r]}
        if set(short) - m.substitutes:
            missing = short
            continue
        gold += sum(short.values())
        best = gold if best is None else min(best, gold)
    return best, missing


def affordable(p: Player) -> list[tuple[str, int, bool]]:
    """Every construction the seat can pay for now: (building, level, is_upgrade), as `quote`
    would accept it."""
    found = []
    m = means(p)
    for b in BUILDINGS:
        owned = p["buildings"].get(b.name)
        tries = [(2, True)] if owned == 1 else [] if owned else [(1, False), (2, False)]
        for level, upgrade in tries:
            best, _short = _cheapest(p, b.name, level, upgrade, m)
            if best is not None and best <= p["gold"]:
                found.append((b.name, level, upgrade))
    return found
