"""Special powers: who owns which, uses left this turn, and where each power's block may go."""

from __future__ import annotations

from games.base import RuleError
from games.i18n import _, joined
from games.papertown.catalog import COLOURS, POWERS
from games.papertown.participants import current
from games.papertown.placement import (
    ROLL_FIRST,
    allowed,
    block_problem,
    bribed,
    check_adjacent,
    free_cells,
    free_of,
    touches_own,
    touching,
    water_ok,
)
from games.papertown.sheet import GREY, WATER, border, border_cells, cell_name
from games.papertown.state import PaperTownState, PowerId

EXTRA_POWERS: tuple[PowerId, ...] = ("branch", "bakery", "building", "bribery")
"""Powers that mark a block (the Bank only scores)."""


def owned(state: PaperTownState, p: int) -> dict[PowerId, int]:
    """Power type to the number of its special blocks p has claimed."""
    counts: dict[PowerId, int] = {}
    for special, claimer in zip(state["sheet"]["specials"], state["claims"], strict=True):
        if claimer == p:
            counts[special["power"]] = counts.get(special["power"], 0) + 1
    return counts


def uses_left(state: PaperTownState, p: int, power: PowerId) -> int:
    return owned(state, p).get(power, 0) - state["used"].get(power, 0)


def power_pool(state: PaperTownState, power: PowerId) -> set[int]:
    """Free blocks a power may mark, before the adjacency rule."""
    sheet = state["sheet"]
    colours = sheet["colours"]
    if power == "bribery":
        return set(free_cells(state))
    if power == "bakery":
        return set(free_of(state, GREY))
    if power == "building":
        rolled = state["rolled"]
        return set(free_of(state, rolled)) if rolled is not None else set()
    edge = border_cells(sheet["rows"], sheet["cols"])
    return {i for i in free_cells(state) if i in edge and (colours[i] != WATER or water_ok(state))}


def in_power_pool(state: PaperTownState, power: PowerId, cell: int) -> bool:
    """`cell in power_pool(state, power)` for a block free to mark (`block_problem` is None),
    from the cell alone: a move checks one block, not every block of the sheet."""
    sheet = state["sheet"]
    colour = sheet["colours"][cell]
    if power == "bribery":
        return True
    if power == "bakery":
        return colour == GREY
    if power == "building":
        return colour == state["rolled"]
    return border(sheet, cell) and (colour != WATER or water_ok(state))


def power_cells(state: PaperTownState, power: PowerId) -> set[int]:
    """Where a power's extra block may go now (empty when it cannot be used)."""
    p = current(state)
    if power not in EXTRA_POWERS or uses_left(state, p, power) <= 0:
        return set()
    if power == "bribery" and state["base"] > 0:
        return set()
    if power != "bribery" and state["rolled"] is None and not bribed(state):
        return set()
    if power == "building" and state["rolled"] is None:
        return set()
    return allowed(power_pool(state, power), touching(state, p))


def check_power(state: PaperTownState, power: PowerId, cell: int) -> None:
    """Raise why marking cell with this power is not allowed now."""
    p = current(state)
    title = POWERS[power].title
    if power == "bank":
        raise RuleError(
            _(
                "The Bank only scores at the end; the powers that mark are {powers}.",
                powers=joined(POWERS[key].word for key in EXTRA_POWERS),
            )
        )
    if owned(state, p).get(power, 0) == 0:
        raise RuleError(
            _(
                "You have no {power}; claim one by marking a block next to its block.",
                power=title,
            )
        )
    if uses_left(state, p, power) <= 0:
        raise RuleError(
            _(
                "You already used your {power} this turn (once per block you own).",
                power=title,
            )
        )
    if power == "bribery" and state["base"] > 0:
        raise RuleError(_("Bribery replaces the normal turn, so it cannot follow normal marks."))
    if power == "building" and state["rolled"] is None:
        raise RuleError(_("Building Material adds a block of the rolled colour; /roll first."))
    if state["rolled"] is None and not bribed(state) and power != "bribery":
        raise RuleError(ROLL_FIRST)
    problem = block_problem(state, cell)
    if problem:
        raise RuleError(problem)
    if not in_power_pool(state, power, cell):
        raise RuleError(_pool_refusal(state, power, cell))
    if touches_own(state, cell, p):
        return  # the adjacency rule holds: the power's whole pool is not needed
    pool = power_pool(state, power)
    check_adjacent(state, cell, pool, lambda: _("a block your {power} may mark", power=title))


def _pool_refusal(state: PaperTownState, power: PowerId, cell: int) -> str:
    name = cell_name(state["sheet"], cell)
    colour = COLOURS[state["sheet"]["colours"][cell]].name
    if power == "bakery":
        return _("{name} is {colour}; the Bakery adds a grey block only.", name=name, colour=colour)
    if power == "building" and state["rolled"] is not None:
        rolled = COLOURS[state["rolled"]].short
        return _(
            "{name} is {colour}; Building Material adds a {rolled} block (the rolled colour).",
            name=name,
            colour=colour,
            rolled=rolled,
        )
    if not border(state["sheet"], cell):
        return _(
            "{name} is not on the map border; the Local branch adds a border block only.",
            name=name,
        )
    return _(
        "{name} is water, which only Bribery may mark; choose another border block.", name=name
    )
