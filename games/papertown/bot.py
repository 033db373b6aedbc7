"""The bot: greedy for its own money, thrifty when it marks for a virtual player."""

from __future__ import annotations

from games.args import offer
from games.base import Move, Rng
from games.papertown.flow import phase
from games.papertown.grammar import MARK, USE_POWER, context
from games.papertown.participants import current
from games.papertown.placement import base_cells, place
from games.papertown.powers import power_cells
from games.papertown.scoring import total
from games.papertown.sheet import neighbours
from games.papertown.state import PaperTownState, PowerId

CLAIM_BONUS = 2.0
GROWTH_WEIGHT = 0.1
BOT_POWERS: tuple[PowerId, ...] = ("branch", "bakery", "building")
"""Extras the bot takes for itself (it never bribes; virtual players take no extras)."""


def _value(state: PaperTownState, cell: int, virtual: bool) -> float:
    """Money the mark adds, plus a little for claims and room to grow (claims deny when virtual)."""
    p = current(state)
    before = total(state, p)
    work = state.copy()
    work["owner"] = list(state["owner"])
    work["claims"] = list(state["claims"])
    work["marked"] = list(state["marked"])
    claimed = len(place(work, cell))
    gain = total(work, p) - before
    if virtual:
        return gain - CLAIM_BONUS * claimed
    table = neighbours(state["sheet"]["rows"], state["sheet"]["cols"])
    room = sum(1 for n in table[cell] if state["owner"][n] is None)
    return gain + CLAIM_BONUS * claimed + GROWTH_WEIGHT * room


def _pick(state: PaperTownState, cells: set[int], rng: Rng) -> int:
    virtual = state["players"][current(state)]["virtual"]
    scored = {cell: _value(state, cell, virtual) for cell in sorted(cells)}
    target = min(scored.values()) if virtual else max(scored.values())
    best = [cell for cell, value in scored.items() if abs(value - target) < 1e-9]
    return rng.choice(best)


def bot_choice(state: PaperTownState, rng: Rng) -> Move:
    """Greedy for its own money; for a virtual player, the least useful blocks and no extras."""
    if phase(state) == "roll":
        return Move("roll")
    base = base_cells(state)
    if base:
        return offer("mark", MARK, {"CELL": (_pick(state, base, rng),)}, context(state))
    if not state["players"][current(state)]["virtual"]:
        for power in BOT_POWERS:
            cells = power_cells(state, power)
            if cells:
                values = {"NAME": power, "CELL": (_pick(state, cells, rng),)}
                return offer("power", USE_POWER, values, context(state))
    return Move("done")
