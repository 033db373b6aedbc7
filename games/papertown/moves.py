"""Legal moves for hints and random play, and a greedy bot (thrifty when marking for virtuals)."""

from __future__ import annotations

from games.base import Move, Rng, State
from games.papertown.marking import (
    EXTRA_POWERS,
    base_cells,
    base_left,
    bribed,
    current,
    place,
    power_cells,
)
from games.papertown.scoring import total
from games.papertown.sheet import cell_name, neighbours

POWER_SAMPLE = 12
"""At most this many cells are offered per power (the base marks are always listed in full)."""
CLAIM_BONUS = 2.0
GROWTH_WEIGHT = 0.1


def game_over(state: State) -> bool:
    return int(state["turn"]) >= int(state["turns"])


def controller(state: State) -> int:
    """The seat that acts now: the current player, or the solo human for a virtual player."""
    return int(state["players"][current(state)]["seat"])


def done_allowed(state: State) -> bool:
    """The turn may end once rolled (or bribed) and every placeable normal mark is placed."""
    if state["rolled"] is None and not bribed(state):
        return False
    return base_left(state) <= 0 or not base_cells(state)


def _spread(cells: set[int], limit: int) -> list[int]:
    ordered = sorted(cells)
    if len(ordered) <= limit:
        return ordered
    step = len(ordered) / limit
    return [ordered[int(k * step)] for k in range(limit)]


def legal_moves(state: State, seat: int) -> list[Move]:
    """Roll, each allowed single mark, a sample of power marks, and /done when it is allowed."""
    if game_over(state) or seat != controller(state):
        return []
    sheet = state["sheet"]
    moves = []
    if state["rolled"] is None:
        moves.append(Move("roll"))
    moves += [Move("mark", (cell_name(sheet, c),)) for c in sorted(base_cells(state))]
    for power in EXTRA_POWERS:
        cells = _spread(power_cells(state, power), POWER_SAMPLE)
        moves += [Move("power", (power, cell_name(sheet, c))) for c in cells]
    if done_allowed(state):
        moves.append(Move("done"))
    return moves


def _value(state: State, cell: int, virtual: bool) -> float:
    """Money the mark adds, plus a little for claims and room to grow (claims deny when virtual)."""
    p = current(state)
    before = total(state, p)
    work = {
        **state,
        "owner": list(state["owner"]),
        "claims": list(state["claims"]),
        "marked": list(state["marked"]),
    }
    claimed = len(place(work, cell))
    gain = total(work, p) - before
    if virtual:
        return gain - CLAIM_BONUS * claimed
    table = neighbours(state["sheet"]["rows"], state["sheet"]["cols"])
    room = sum(1 for n in table[cell] if state["owner"][n] is None)
    return gain + CLAIM_BONUS * claimed + GROWTH_WEIGHT * room


def _pick(state: State, cells: set[int], rng: Rng) -> str:
    virtual = bool(state["players"][current(state)]["virtual"])
    scored = {cell: _value(state, cell, virtual) for cell in sorted(cells)}
    target = min(scored.values()) if virtual else max(scored.values())
    best = [cell for cell, value in scored.items() if abs(value - target) < 1e-9]
    return cell_name(state["sheet"], rng.choice(best))


def bot_choice(state: State, rng: Rng) -> Move:
    """Greedy for its own money; for a virtual player, the least useful blocks and no extras."""
    if state["rolled"] is None and not bribed(state):
        return Move("roll")
    base = base_cells(state)
    if base:
        return Move("mark", (_pick(state, base, rng),))
    if not state["players"][current(state)]["virtual"]:
        for power in ("branch", "bakery", "building"):
            cells = power_cells(state, power)
            if cells:
                return Move("power", (power, _pick(state, cells, rng)))
    return Move("done")
