"""Legal moves for a seat: hints, buttons, autocomplete and random play."""

from __future__ import annotations

from games.args import offer
from games.base import Move
from games.papertown.flow import done_allowed, phase
from games.papertown.grammar import MARK, USE_POWER, context
from games.papertown.participants import controller
from games.papertown.placement import base_cells
from games.papertown.powers import EXTRA_POWERS, power_cells
from games.papertown.state import PaperTownState

POWER_SAMPLE = 12
"""At most this many cells are offered per power (the base marks are always listed in full)."""


def _spread(cells: set[int], limit: int) -> list[int]:
    ordered = sorted(cells)
    if len(ordered) <= limit:
        return ordered
    step = len(ordered) / limit
    return [ordered[int(k * step)] for k in range(limit)]


def legal_moves(state: PaperTownState, seat: int) -> list[Move]:
    """Roll, each allowed single mark, a sample of power marks, and /done when it is allowed."""
    if phase(state) == "over" or seat != controller(state):
        return []
    words = context(state)
    moves = []
    if state["rolled"] is None:
        moves.append(Move("roll"))
    moves += [offer("mark", MARK, {"CELL": (c,)}, words) for c in sorted(base_cells(state))]
    for power in EXTRA_POWERS:
        cells = _spread(power_cells(state, power), POWER_SAMPLE)
        moves += [offer("power", USE_POWER, {"NAME": power, "CELL": (c,)}, words) for c in cells]
    if done_allowed(state):
        moves.append(Move("done"))
    return moves
