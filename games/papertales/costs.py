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
    card = BUILDING_BY_NAME[building]
    owned = p["buildings"].get(building)
    name = building_name(building)
    if upgrade:
        if owned is None:
            raise RuleError(_("You have no {building} to upgrade; /build it first.", building=name))
        if owned == 2:
            raise RuleError(_("Your {building} is already at level 2.", building=name))
        levels, land = [2], 0
    else:
        if owned is not None:
            raise RuleError(
                _("You already own the {building}; /upgrade it instead.", building=name)
            )
        levels = list(range(1, level + 1))
        land = land_cost(p, m)
    best: int | None = None
    missing_note: str = ""
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
            missing_note = _short_text(short)
            continue
        gold += sum(short.values())
        best = gold if best is None else min(best, gold)
    if best is None:
        raise RuleError(
            _(
                "Your kingdom is short of {missing} for the {building}.",
                missing=missing_note,
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


def _short_text(short: dict[str, int]) -> str:
    """'1 Wood, 2 Food' for an error message."""
    return joined(amount_of(n, r) for r, n in short.items())


def affordable(p: Player) -> list[tuple[str, int, bool]]:
    """Every construction the seat can pay for now: (building, level, is_upgrade)."""
    found = []
    m = means(p)
    for b in BUILDINGS:
        owned = p["buildings"].get(b.name)
        tries = [(2, True)] if owned == 1 else [] if owned else [(1, False), (2, False)]
        for level, upgrade in tries:
            try:
                quote(p, b.name, level, upgrade, m)
            except RuleError:
                continue
            found.append((b.name, level, upgrade))
    return found
