"""Where a block may go: free blocks, the rolled colour and its fallback, and adjacency."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import compress, repeat
from operator import is_
from types import MappingProxyType

from games.base import RuleError
from games.i18n import _, _n, joined
from games.papertown.catalog import COLOURS
from games.papertown.participants import current
from games.papertown.sheet import OLD_TOWN, SPECIAL, WATER, cell_name, neighbours
from games.papertown.state import PaperTownState

ROLL_FIRST = _("Roll first with /roll (or use Bribery instead of your normal turn).")


def own_cells(state: PaperTownState, p: int) -> list[int]:
    """p's blocks in sheet order, found by list.index (a scan in C from each one to the next)."""
    owner, found, cell = state["owner"], [], -1
    try:
        while True:
            cell = owner.index(p, cell + 1)
            found.append(cell)
    except ValueError:
        return found


@lru_cache(maxsize=64)
def markable(colours: str) -> Mapping[str | None, tuple[int, ...]]:
    """A sheet's blocks that may ever be marked (not special, not old town): all of them under
    None, and by colour. A sheet's colours never change, so every move's search starts here."""
    found: dict[str | None, list[int]] = {None: []}
    for i, colour in enumerate(colours):
        if colour not in (SPECIAL, OLD_TOWN):
            found[None].append(i)
            found.setdefault(colour, []).append(i)
    return MappingProxyType({colour: tuple(cells) for colour, cells in found.items()})


def free_of(state: PaperTownState, colour: str | None = None) -> list[int]:
    """Unmarked blocks that may ever be marked, of one colour (None: of any)."""
    owner = state["owner"]
    cells = markable(state["sheet"]["colours"]).get(colour, ())
    return list(compress(cells, map(is_, map(owner.__getitem__, cells), repeat(None))))


def touching(state: PaperTownState, p: int) -> set[int]:
    """Every cell next to one of p's blocks (blocks marked earlier this turn included)."""
    sheet = state["sheet"]
    table = neighbours(sheet["rows"], sheet["cols"])
    return set().union(*map(table.__getitem__, own_cells(state, p)))


def touches_own(state: PaperTownState, cell: int, p: int) -> bool:
    """Whether cell is next to one of p's blocks: `cell in touching(state, p)` from its own six
    neighbours (hex neighbours are mutual) instead of every block p owns."""
    sheet, owner = state["sheet"], state["owner"]
    return any(owner[n] == p for n in neighbours(sheet["rows"], sheet["cols"])[cell])


def free_cells(state: PaperTownState) -> list[int]:
    """Unmarked blocks that may ever be marked: not special blocks and not old town."""
    return free_of(state)


def water_ok(state: PaperTownState) -> bool:
    return state["options"]["water"]


def fallback_cells(state: PaperTownState) -> set[int]:
    """Free blocks of any colour but the rolled one (never water, unless --water)."""
    colours = state["sheet"]["colours"]
    return {
        i
        for i in free_cells(state)
        if colours[i] != state["rolled"] and (colours[i] != WATER or water_ok(state))
    }


def base_pool(state: PaperTownState) -> tuple[set[int], bool]:
    """Free blocks of the rolled colour, or (True) every markable block when none is left."""
    pool = set(free_of(state, state["rolled"]))
    if pool:
        return pool, False
    return fallback_cells(state), True


def allowed(pool: set[int], near: set[int]) -> set[int]:
    """The adjacency rule: blocks touching your own when any exist, else the whole pool."""
    adjacent = pool & near
    return adjacent or pool


def bribed(state: PaperTownState) -> bool:
    """Bribery was used this turn, so it replaced the normal marks."""
    return state["used"].get("bribery", 0) > 0


def base_left(state: PaperTownState) -> int:
    """Normal marks still owed this turn (none once Bribery replaced the normal turn)."""
    if bribed(state):
        return 0
    return state["players"][current(state)]["quota"] - state["base"]


def base_cells(state: PaperTownState) -> set[int]:
    """Where the next normal mark may go now (empty: the rest is forfeited)."""
    if state["rolled"] is None or base_left(state) <= 0:
        return set()
    pool, _ = base_pool(state)
    return allowed(pool, touching(state, current(state)))


def base_open(state: PaperTownState) -> bool:
    """Whether a normal mark may go anywhere now, `bool(base_cells(state))`: the adjacency rule
    narrows the pool but never empties it, so the pool alone tells."""
    return state["rolled"] is not None and base_left(state) > 0 and bool(base_pool(state)[0])


def block_problem(state: PaperTownState, cell: int) -> str | None:
    """Why no mark of any kind may go on cell, or None."""
    colours = state["sheet"]["colours"]
    if colours[cell] not in (SPECIAL, OLD_TOWN) and state["owner"][cell] is None:
        return None
    name = cell_name(state["sheet"], cell)
    if colours[cell] == SPECIAL:
        return _("{name} is a special block; claim it by marking a block next to it.", name=name)
    if state["owner"][cell] is not None:
        return _("{name} is already marked; a block holds only one mark.", name=name)
    if colours[cell] == OLD_TOWN:
        return _("{name} is old town (black), which can never be marked.", name=name)
    return None


def open_now(state: PaperTownState) -> set[int]:
    """The blocks a normal mark may take now: the pool's blocks next to yours, else all of it."""
    pool, _fallback = base_pool(state)
    return (pool & touching(state, current(state))) or pool


def examples(cells: set[int], state: PaperTownState) -> str:
    return joined(cell_name(state["sheet"], i) for i in sorted(cells)[:3])


def check_base(state: PaperTownState, cell: int) -> None:
    """Raise why a normal mark on cell is not allowed now."""
    if bribed(state):
        raise RuleError(
            _(
                "Bribery replaced your normal marks this turn; "
                "mark extra blocks with --power, or /done."
            )
        )
    if state["rolled"] is None:
        raise RuleError(ROLL_FIRST)
    if base_left(state) <= 0:
        quota = state["players"][current(state)]["quota"]
        raise RuleError(
            _n(
                "You already marked your {n} block; add blocks with --power NAME, or /done.",
                "You already marked your {n} blocks; add blocks with --power NAME, or /done.",
                quota,
            )
        )
    problem = block_problem(state, cell)
    if problem:
        raise RuleError(problem)
    rolled = COLOURS[state["rolled"]].short
    pool, fallback = base_pool(state)
    if cell not in pool:
        name = cell_name(state["sheet"], cell)
        if not fallback:
            raise RuleError(
                _(
                    "{name} is {colour} but you rolled {rolled}; "
                    "mark a {rolled} block (e.g. {examples}).",
                    name=name,
                    colour=COLOURS[state["sheet"]["colours"][cell]].name,
                    rolled=rolled,
                    examples=examples(pool, state),
                )
            )
        raise RuleError(
            _("{name} is water, which only Bribery may mark; mark another colour.", name=name)
        )
    if fallback:
        check_adjacent(state, cell, pool, lambda: _("a free block"))
    else:
        check_adjacent(state, cell, pool, lambda: _("a {colour} block", colour=rolled))


def check_adjacent(
    state: PaperTownState, cell: int, pool: set[int], what: Callable[[], str]
) -> None:
    """Raise when cell does not touch your blocks although a block of the pool next to them does
    (`what` names the pool's blocks, made only for that refusal)."""
    p = current(state)
    if cell in pool and touches_own(state, cell, p):
        return
    adjacent = pool & touching(state, p)
    if adjacent and cell not in adjacent:
        raise RuleError(
            _(
                "{name} does not touch your blocks, but {what} next to them is free "
                "(e.g. {examples}); mark one of those.",
                name=cell_name(state["sheet"], cell),
                what=what(),
                examples=examples(adjacent, state),
            )
        )


def place(state: PaperTownState, cell: int) -> list[int]:
    """Mark cell for the current participant and claim every unclaimed special block it touches."""
    p = current(state)
    sheet = state["sheet"]
    state["owner"][cell] = p
    state["marked"].append(cell)
    near = neighbours(sheet["rows"], sheet["cols"])[cell]
    claimed = []
    for k, special in enumerate(sheet["specials"]):
        if state["claims"][k] is None and special["cell"] in near:
            state["claims"][k] = p
            claimed.append(k)
    return claimed
