"""The battlefield shares a table's plain squares between views (made once per table size and
colour): a view must come out as the square-by-square drawing would, and stay as it was while
later views are built and localised."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import localise_view
from games.base import Cell, Event, Grid, State
from games.papercraft import view as papercraft_view
from games.papercraft.board import centre, rect
from games.papercraft.state import PapercraftState
from games.registry import engine_for
from tests.support import random_play


def _drawn(state: PapercraftState) -> list[Cell]:
    """The battlefield's squares drawn one by one, each a Cell of its own (the plain way)."""
    width, depth = state["options"]["table"]
    cells = {(r, c): Cell(r, c, papercraft_view.GROUND) for r in range(depth) for c in range(width)}
    for piece in state["units"]:
        if not piece["placed"] or (piece["dead"] and not piece["corpse"]):
            continue
        left, bottom, right, top = rect(state, piece)
        seats = papercraft_view.SEAT_COLOURS
        colour = papercraft_view.CORPSE if piece["dead"] else seats[piece["owner"] % len(seats)]
        for col in range(max(0, int(left) - 1), min(width, int(right) + 1)):
            for row in range(max(0, int(bottom) - 1), min(depth, int(top) + 1)):
                if left <= col + 0.5 <= right and bottom <= row + 0.5 <= top:
                    square = (depth - 1 - row, col)
                    cells[square] = replace(cells[square], colour=colour)
        x, y = centre(piece)
        middle = (depth - 1 - min(depth - 1, int(y)), min(width - 1, int(x)))
        label = "".join(word[0] for word in piece["name"].split())[:3]
        cells[middle] = replace(cells[middle], label=label)
    return list(cells.values())


def test_shared_squares_give_the_drawn_battlefield_and_no_view_changes_later() -> None:
    engine = engine_for("papercraft")
    states: list[PapercraftState] = []

    def keep(state: State, _events: Sequence[Event]) -> None:
        if state["phase"] == "battle":
            states.append(json.loads(json.dumps(state)))

    random_play(engine, 3, "view", {"positions": True}, bots=True, on_step=keep)
    assert len(states) > 3
    first = engine.view(states[0], None)
    kept = copy.deepcopy(first)
    later = [localise_view(engine.view(s, None), "pl") for s in states[1:]]
    localise_view(first, "pl")
    assert first == kept
    for state in (states[0], states[len(states) // 2], states[-1]):
        grid = engine.view(state, None).grids[0]
        assert isinstance(grid, Grid)
        assert grid.cells == _drawn(state)
    assert later[-1].grids[0].cells != first.grids[0].cells  # units moved or fell
    papercraft_view._squares.cache_clear()
    assert engine.view(states[0], None) == first
