"""Phase 5, Construction: one new building or one upgrade, priced in land, resources and gold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from games.base import Event, Move, RuleError, State, private, public
from games.papertales.cards import (
    BUILDING_BY_NAME,
    BUILDINGS,
    RESOURCES,
    building_label,
    match_building,
    unit,
)
from games.papertales.kingdom import resources

Player = dict[str, Any]
LAND_COST = 2


@dataclass(frozen=True)
class Means:
    """What a kingdom brings to Construction: resources and the helpers in play."""

    have: dict[str, int]
    architect: bool
    merchant: bool
    landlord: bool


def means(p: Player) -> Means:
    """Collect once what every quote of this kingdom needs."""
    names = {unit(s["card"]).name for s in p["units"]}
    return Means(
        resources(p), "Grand Architect" in names, "Wood Merchant" in names, "Landlord" in names
    )


def land_cost(p: Player, m: Means | None = None) -> int:
    """2 gold per building already owned, waived by the Landlord."""
    return 0 if (m or means(p)).landlord else LAND_COST * len(p["buildings"])


def quote(p: Player, building: str, level: int, upgrade: bool, m: Means | None = None) -> int:
    """The gold this construction costs, or RuleError saying why it is impossible."""
    m = m or means(p)
    card = BUILDING_BY_NAME[building]
    owned = p["buildings"].get(building)
    if upgrade:
        if owned is None:
            raise RuleError(f"You have no {building} to upgrade; /build it first.")
        if owned == 2:
            raise RuleError(f"Your {building} is already at level 2.")
        levels, land = [2], 0
    else:
        if owned is not None:
            raise RuleError(f"You already own the {building}; /upgrade it instead.")
        levels = list(range(1, level + 1))
        land = land_cost(p, m)
    have, architect, merchant = m.have, m.architect, m.merchant
    best: int | None = None
    missing_note = ""
    options = [[False, True] if card.gold_option[lv - 1] is not None else [False] for lv in levels]
    for pay_gold in product(*options):
        need = dict.fromkeys(RESOURCES, 0)
        gold = land
        for lv, by_gold in zip(levels, pay_gold, strict=True):
            if by_gold:
                gold += card.gold_option[lv - 1] or 0
            else:
                for res, n in card.need[lv - 1].items():
                    need[res] += n
        short = {r: need[r] - have[r] for r in RESOURCES if need[r] > have[r]}
        if any(r != "wood" for r in short) and not architect:
            missing_note = _short_text(short)
            continue
        if short and not (architect or merchant):
            missing_note = _short_text(short)
            continue
        gold += sum(short.values())
        best = gold if best is None else min(best, gold)
    if best is None:
        raise RuleError(f"Your kingdom is short of {missing_note} for the {building}.")
    if best > p["gold"]:
        raise RuleError(f"The {building} costs you {best} gold and you have {p['gold']}.")
    return best


def _short_text(short: dict[str, int]) -> str:
    """'1 Wood and 2 Food' for an error message."""
    return " and ".join(f"{n} {r.capitalize()}" for r, n in short.items())


def owes_build(state: State, seat: int) -> bool:
    """The seat has not built, upgraded or passed this Construction."""
    return state["phase"] == "build" and not state["players"][seat]["ready"]


def _check(state: State, seat: int) -> Player:
    """Refuse construction verbs outside Construction or after the seat's one action."""
    if state["phase"] != "build":
        raise RuleError("You can only build during Construction.")
    p: Player = state["players"][seat]
    if p["ready"]:
        raise RuleError("You have finished Construction this turn; wait for the others.")
    return p


def act_build(state: State, seat: int, args: Sequence[str], *, upgrade: bool) -> list[Event]:
    """Build (or upgrade) at once: public, and it ends the seat's Construction."""
    p = _check(state, seat)
    words = list(args)
    level = 2 if upgrade else 1
    if not upgrade and words and words[-1] in ("1", "2"):
        level = int(words.pop())
    if not words:
        raise RuleError("Name the building: /build BUILDING [1|2] or /upgrade BUILDING.")
    building = match_building(" ".join(words))
    gold = quote(p, building, level, upgrade)
    p["gold"] -= gold
    p["buildings"][building] = level
    p["ready"] = True
    what = "upgrades" if upgrade else "builds"
    name = building_label(building, state["lang"])
    return [
        public(
            f"{state['names'][seat]} {what} the {name} to level {level} for {gold} gold; "
            f"{p['gold']} gold left."
        )
    ]


def act_pass(state: State, seat: int) -> list[Event]:
    """Finish Construction without building."""
    _check(state, seat)
    state["players"][seat]["ready"] = True
    return [public(f"{state['names'][seat]} builds nothing this turn.")]


def options(p: Player) -> list[tuple[str, int, bool]]:
    """Every affordable (building, level, is_upgrade)."""
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


def build_moves(state: State, seat: int) -> list[Move]:
    """Pass plus every affordable construction."""
    if not owes_build(state, seat):
        return []
    moves = [Move("pass")]
    for building, level, upgrade in options(state["players"][seat]):
        if upgrade:
            moves.append(Move("upgrade", (building,)))
        else:
            moves.append(Move("build", (building, str(level))))
    return moves


def start_construction(state: State) -> list[Event]:
    """Seats that can afford nothing are done at once; the others are asked."""
    state["phase"] = "build"
    events: list[Event] = []
    for seat, p in enumerate(state["players"]):
        p["ready"] = not options(p)
        if not p["ready"]:
            events.append(
                private(
                    seat,
                    f"Construction: you have {p['gold']} gold and land costs {land_cost(p)}. "
                    "Use /build BUILDING [1|2], /upgrade BUILDING or /pass.",
                    reveals=False,
                    choices=build_moves(state, seat),
                )
            )
    builders = [state["names"][s] for s, p in enumerate(state["players"]) if not p["ready"]]
    who = ", ".join(builders) if builders else "nobody (no one can afford a building)"
    return [public(f"Turn {state['turn']}, Construction: waiting for {who}."), *events]
