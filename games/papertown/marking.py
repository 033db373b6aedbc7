"""/mark and /power: read the cells, keep those that fit this turn, place them in order."""

from __future__ import annotations

import re

from games.base import Event, Rng, RuleError, public
from games.papertown.catalog import POWERS, power_id
from games.papertown.flow import done_allowed
from games.papertown.participants import current, who
from games.papertown.placement import base_cells, base_left, check_base, place
from games.papertown.powers import check_power, uses_left
from games.papertown.sheet import CELL_WORD, cell_name, parse_cell
from games.papertown.state import PaperTownState, PowerId


def mark(state: PaperTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/mark CELL ... [--power NAME]: each block is checked after the one before it."""
    cells, power = _read(state, args, power_first=False)
    return _mark(state, cells, power)


def power(state: PaperTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/power NAME CELL ...: the same as /mark CELL ... --power NAME."""
    if not args:
        raise RuleError("Write /power NAME CELL, like /power bakery G7.")
    return _mark(state, *_read(state, args, power_first=True))


def _read(
    state: PaperTownState, args: list[str], power_first: bool
) -> tuple[list[int], PowerId | None]:
    """Cells (in order) and an optional power name out of the words after the verb."""
    cells: list[int] = []
    words: list[str] = []
    saw_flag = power_first
    for arg in args:
        for word in re.split(r"[,\s]+", arg):
            lower = word.lower()
            if not word:
                continue
            if lower == "--power":
                saw_flag = True
            elif lower.startswith("--power="):
                saw_flag = True
                words.append(word.split("=", 1)[1])
            elif CELL_WORD.match(word):
                cells.append(parse_cell(state["sheet"], word))
            elif saw_flag:
                words.append(word)
            else:
                shown = word if len(word) <= 12 else word[:12] + "..."
                raise RuleError(
                    f"'{shown}' is not a cell; write cells like C4 D5, or --power NAME."
                )
    if saw_flag and not words:
        raise RuleError("Name the power: --power " + "|".join(POWERS) + ".")
    if not cells:
        raise RuleError("Name the blocks to mark, like /mark C4 C5 D5.")
    return cells, power_id(" ".join(words)) if words else None


def _mark(state: PaperTownState, cells: list[int], used: PowerId | None) -> list[Event]:
    """Place the cells that fit the marks (or power uses) left; a refused block refuses them all.
    Cells beyond what is left are not marked, and the event says so."""
    room = base_left(state) if used is None else uses_left(state, current(state), used)
    kept = cells[: max(room, 1)]  # with no room, the first block's check says why
    claimed: list[int] = []
    for cell in kept:
        if used is None:
            check_base(state, cell)
            state["base"] += 1
        else:
            check_power(state, used, cell)
            state["used"][used] = state["used"].get(used, 0) + 1
        claimed += place(state, cell)
    return [public(_told(state, kept, cells[len(kept) :], used, claimed))]


def _told(
    state: PaperTownState,
    kept: list[int],
    dropped: list[int],
    used: PowerId | None,
    claimed: list[int],
) -> str:
    sheet = state["sheet"]

    def names(cells: list[int]) -> str:
        return ", ".join(cell_name(sheet, c) for c in cells)

    how = f" with {POWERS[used].title}" if used else ""
    text = f"{who(state)} marks {names(kept)}{how}."
    for k in claimed:
        special = sheet["specials"][k]
        title = POWERS[special["power"]].title
        text += f" Claims the {title} at {cell_name(sheet, special['cell'])}."
    if dropped:
        if used is None:
            quota = state["players"][current(state)]["quota"]
            limit = f"that makes your {quota} blocks this turn"
        else:
            limit = f"that uses up your {POWERS[used].title} this turn"
        text += f" Kept {names(kept)} ({limit}); {names(dropped)} not marked."
    left = base_left(state)
    if left > 0 and base_cells(state):
        text += f" {left} more to mark."
    elif done_allowed(state):
        text += " Use a power or /done."
    return text
