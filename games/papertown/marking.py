"""The marking rules: which blocks a participant may mark now, and why a block is refused."""

from __future__ import annotations

from games.base import RuleError, State
from games.papertown.sheet import (
    COLOUR_NAMES,
    GREY,
    OLD_TOWN,
    POWERS,
    SHORT_NAMES,
    SPECIAL,
    WATER,
    border,
    cell_name,
    neighbours,
)

EXTRA_POWERS = ("branch", "bakery", "building", "bribery")
"""Powers that mark a block (the Bank only scores)."""


def current(state: State) -> int:
    """The participant whose turn it is (virtual players count in the solo game)."""
    return int(state["turn"]) % len(state["players"])


def own_cells(state: State, p: int) -> list[int]:
    return [i for i, owner in enumerate(state["owner"]) if owner == p]


def touching(state: State, p: int) -> set[int]:
    """Every cell next to one of p's blocks (blocks marked earlier this turn included)."""
    sheet = state["sheet"]
    table = neighbours(sheet["rows"], sheet["cols"])
    near: set[int] = set()
    for cell in own_cells(state, p):
        near.update(table[cell])
    return near


def free_cells(state: State) -> list[int]:
    """Unmarked blocks that may ever be marked: not special blocks and not old town."""
    colours = state["sheet"]["colours"]
    return [
        i
        for i, owner in enumerate(state["owner"])
        if owner is None and colours[i] != SPECIAL and colours[i] != OLD_TOWN
    ]


def _water_ok(state: State) -> bool:
    return bool(state["options"]["water"])


def base_pool(state: State) -> tuple[set[int], bool]:
    """Free blocks of the rolled colour, or (True) every markable block when none is left."""
    colours = state["sheet"]["colours"]
    free = free_cells(state)
    pool = {i for i in free if colours[i] == state["rolled"]}
    if pool:
        return pool, False
    return {i for i in free if colours[i] != WATER or _water_ok(state)}, True


def power_pool(state: State, power: str) -> set[int]:
    """Free blocks a power may mark, before the adjacency rule."""
    sheet = state["sheet"]
    colours = sheet["colours"]
    free = free_cells(state)
    if power == "bribery":
        return set(free)
    if power == "bakery":
        return {i for i in free if colours[i] == GREY}
    if power == "building":
        return {i for i in free if colours[i] == state["rolled"]}
    return {i for i in free if border(sheet, i) and (colours[i] != WATER or _water_ok(state))}


def allowed(pool: set[int], near: set[int]) -> set[int]:
    """The adjacency rule: blocks touching your own when any exist, else the whole pool."""
    adjacent = pool & near
    return adjacent or pool


def owned(state: State, p: int) -> dict[str, int]:
    """Power type to the number of its special blocks p has claimed."""
    counts: dict[str, int] = {}
    for (_, power), claimer in zip(state["sheet"]["specials"], state["claims"], strict=True):
        if claimer == p:
            counts[power] = counts.get(power, 0) + 1
    return counts


def uses_left(state: State, p: int, power: str) -> int:
    return owned(state, p).get(power, 0) - int(state["used"].get(power, 0))


def bribed(state: State) -> bool:
    return int(state["used"].get("bribery", 0)) > 0


def base_left(state: State) -> int:
    """Normal marks still owed this turn (none once Bribery replaced the normal turn)."""
    if bribed(state):
        return 0
    return int(state["players"][current(state)]["quota"]) - int(state["base"])


def base_cells(state: State) -> set[int]:
    """Where the next normal mark may go now (empty: the rest is forfeited)."""
    if state["rolled"] is None or base_left(state) <= 0:
        return set()
    pool, _ = base_pool(state)
    return allowed(pool, touching(state, current(state)))


def power_cells(state: State, power: str) -> set[int]:
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


def _block_problem(state: State, cell: int) -> str | None:
    colours = state["sheet"]["colours"]
    name = cell_name(state["sheet"], cell)
    if colours[cell] == SPECIAL:
        return f"{name} is a special block; claim it by marking a block next to it"
    if state["owner"][cell] is not None:
        return f"{name} is already marked; a block holds only one mark"
    if colours[cell] == OLD_TOWN:
        return f"{name} is old town (black), which can never be marked"
    return None


def _example(cells: set[int], state: State) -> str:
    return ", ".join(cell_name(state["sheet"], i) for i in sorted(cells)[:3])


def check_base(state: State, cell: int) -> None:
    """Raise why a normal mark on cell is not allowed now."""
    if bribed(state):
        raise RuleError(
            "Bribery replaced your normal marks this turn; mark extra blocks with --power, or /done."
        )
    if state["rolled"] is None:
        raise RuleError("Roll first with /roll (or use Bribery instead of your normal turn).")
    quota = state["players"][current(state)]["quota"]
    if base_left(state) <= 0:
        raise RuleError(
            f"You already marked your {quota} blocks; add blocks with --power NAME, or /done."
        )
    problem = _block_problem(state, cell)
    if problem:
        raise RuleError(problem + ".")
    colours = state["sheet"]["colours"]
    name = cell_name(state["sheet"], cell)
    rolled = SHORT_NAMES[state["rolled"]]
    pool, fallback = base_pool(state)
    if cell not in pool:
        if not fallback:
            raise RuleError(
                f"{name} is {COLOUR_NAMES[colours[cell]]} but you rolled {rolled}; "
                f"mark a {rolled} block (e.g. {_example(pool, state)})."
            )
        raise RuleError(f"{name} is water, which only Bribery may mark; mark another colour.")
    _check_adjacent(state, cell, pool, f"a {rolled} block" if not fallback else "a free block")


def _check_adjacent(state: State, cell: int, pool: set[int], what: str) -> None:
    near = touching(state, current(state))
    adjacent = pool & near
    if adjacent and cell not in adjacent:
        raise RuleError(
            f"{cell_name(state['sheet'], cell)} does not touch your blocks, but {what} next to "
            f"them is free (e.g. {_example(adjacent, state)}); mark one of those."
        )


def check_power(state: State, power: str, cell: int) -> None:
    """Raise why marking cell with this power is not allowed now."""
    p = current(state)
    title = POWERS[power][0]
    if power == "bank":
        raise RuleError("The Bank only scores at the end; the powers that mark are " + _listing())
    if owned(state, p).get(power, 0) == 0:
        raise RuleError(f"You have no {title}; claim one by marking a block next to its block.")
    if uses_left(state, p, power) <= 0:
        raise RuleError(f"You already used your {title} this turn (once per block you own).")
    if power == "bribery" and state["base"] > 0:
        raise RuleError("Bribery replaces the normal turn, so it cannot follow normal marks.")
    if power == "building" and state["rolled"] is None:
        raise RuleError("Building Material adds a block of the rolled colour; /roll first.")
    if state["rolled"] is None and not bribed(state) and power != "bribery":
        raise RuleError("Roll first with /roll (or use Bribery instead of your normal turn).")
    problem = _block_problem(state, cell)
    if problem:
        raise RuleError(problem + ".")
    pool = power_pool(state, power)
    if cell not in pool:
        raise RuleError(_pool_refusal(state, power, cell))
    _check_adjacent(state, cell, pool, f"a block your {title} may mark")


def _listing() -> str:
    return ", ".join(EXTRA_POWERS) + "."


def _pool_refusal(state: State, power: str, cell: int) -> str:
    name = cell_name(state["sheet"], cell)
    colour = COLOUR_NAMES[state["sheet"]["colours"][cell]]
    if power == "bakery":
        return f"{name} is {colour}; the Bakery adds a grey block only."
    if power == "building":
        rolled = SHORT_NAMES[state["rolled"]]
        return f"{name} is {colour}; Building Material adds a {rolled} block (the rolled colour)."
    if not border(state["sheet"], cell):
        return f"{name} is not on the map border; the Local branch adds a border block only."
    return f"{name} is water, which only Bribery may mark; choose another border block."


def place(state: State, cell: int) -> list[int]:
    """Mark cell for the current participant and claim every unclaimed special block it touches."""
    p = current(state)
    sheet = state["sheet"]
    state["owner"][cell] = p
    state["marked"].append(cell)
    table = neighbours(sheet["rows"], sheet["cols"])
    claimed = []
    for k, (special, _) in enumerate(sheet["specials"]):
        if state["claims"][k] is None and special in table[cell]:
            state["claims"][k] = p
            claimed.append(k)
    return claimed
