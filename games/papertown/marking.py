"""/mark and /power: read the cells, keep those that fit this turn, place them in order."""

from __future__ import annotations

from typing import cast

from games.base import Args, Event, Rng, RuleError, copy_state, public
from games.i18n import Joined, Text, _, _n, joined
from games.papertown.catalog import POWERS
from games.papertown.flow import done_allowed
from games.papertown.participants import current, who
from games.papertown.placement import (
    base_left,
    base_open,
    check_base,
    examples,
    open_now,
    place,
)
from games.papertown.powers import check_power, uses_left
from games.papertown.sheet import cell_name
from games.papertown.state import PaperTownState, PowerId


def mark(state: PaperTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/mark CELL ... [--power NAME]: each block is checked after the one before it."""
    return _mark(
        state, list(args.many("CELL", int)), cast(PowerId | None, args.maybe("power", str))
    )


def power(state: PaperTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/power NAME CELL ...: the same as /mark CELL ... --power NAME."""
    return _mark(state, list(args.many("CELL", int)), cast(PowerId, args.one("NAME", str)))


def _mark(state: PaperTownState, cells: list[int], used: PowerId | None) -> list[Event]:
    """Place the cells that fit the marks (or power uses) left; a refused block refuses them all.
    Cells beyond what is left are not marked, and the event says so."""
    room = base_left(state) if used is None else uses_left(state, current(state), used)
    kept = cells[: max(room, 1)]  # with no room, the first block's check says why
    before = copy_state(state) if len(kept) > 1 else None
    claimed: list[int] = []
    for index, cell in enumerate(kept):
        try:
            claimed += _mark_one(state, cell, used)
        except RuleError as refused:
            if index and before is not None:
                _refuse_as_now(before, kept[:index], cell, used, refused)
            raise
    return [public(_told(state, kept, cells[len(kept) :], used, claimed))]


def _refuse_as_now(
    before: PaperTownState,
    earlier: list[int],
    cell: int,
    used: PowerId | None,
    refused: RuleError,
) -> None:
    """A batch is refused whole, so its refusal suggests what is open now, not what the blocks
    before the refused one would open: the block is checked as the sheet stands (on a copy);
    if only the batch's order refuses it and the refusal suggested blocks, it says so."""
    message = refused.message
    suggests = used is None and isinstance(message, Text) and "examples" in message.params
    sheet = before["sheet"]
    instead = (
        _(
            "Nothing was marked: {name} does not fit after {earlier} in one command. "
            "Blocks open now: e.g. {examples}.",
            name=cell_name(sheet, cell),
            earlier=joined(cell_name(sheet, c) for c in earlier),
            examples=examples(open_now(before), before),
        )
        if suggests
        else None
    )
    _mark_one(before, cell, used)
    if instead is not None:
        raise RuleError(instead)


def _mark_one(state: PaperTownState, cell: int, used: PowerId | None) -> list[int]:
    """Check and place one block; the special blocks it claims."""
    if used is None:
        check_base(state, cell)
        state["base"] += 1
    else:
        check_power(state, used, cell)
        state["used"][used] = state["used"].get(used, 0) + 1
    return place(state, cell)


def _told(
    state: PaperTownState,
    kept: list[int],
    dropped: list[int],
    used: PowerId | None,
    claimed: list[int],
) -> str:
    sheet = state["sheet"]

    def names(cells: list[int]) -> str:
        return joined(cell_name(sheet, c) for c in cells)

    if used:
        title = POWERS[used].title
        told = [
            _("{name} marks {cells} with {power}.", name=who(state), cells=names(kept), power=title)
        ]
    else:
        told = [_("{name} marks {cells}.", name=who(state), cells=names(kept))]
    for k in claimed:
        special = sheet["specials"][k]
        told.append(
            _(
                "Claims the {power} at {cell}.",
                power=POWERS[special["power"]].title,
                cell=cell_name(sheet, special["cell"]),
            )
        )
    if dropped and used is None:
        told.append(
            _n(
                "Kept {kept} (that makes your {n} block this turn); {dropped} not marked.",
                "Kept {kept} (that makes your {n} blocks this turn); {dropped} not marked.",
                state["players"][current(state)]["quota"],
                kept=names(kept),
                dropped=names(dropped),
            )
        )
    elif dropped and used is not None:
        told.append(
            _(
                "Kept {kept} (that uses up your {power} this turn); {dropped} not marked.",
                kept=names(kept),
                power=POWERS[used].title,
                dropped=names(dropped),
            )
        )
    left = base_left(state)
    if left > 0 and base_open(state):
        told.append(_n("{n} more to mark.", "{n} more to mark.", left))
    elif done_allowed(state):
        told.append(_("Use a power or /done."))
    return Joined(told, " ")
