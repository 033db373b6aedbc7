"""The indexed searches behind every move (free blocks by colour, a seat's blocks, the border)
agree with their plain definitions on any sheet and any marks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Event, State
from games.papertown import ENGINE
from games.papertown.placement import (
    base_cells,
    base_open,
    block_problem,
    free_cells,
    free_of,
    own_cells,
    touches_own,
    touching,
)
from games.papertown.powers import EXTRA_POWERS, in_power_pool, power_pool
from games.papertown.sheet import GENERATOR_ORDER, OLD_TOWN, SPECIAL, border, neighbours
from tests.support import random_play

LETTERS = GENERATOR_ORDER + SPECIAL


@st.composite
def sheets(draw: st.DrawFn) -> dict[str, Any]:
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(1, 26))
    colours = "".join(
        draw(st.lists(st.sampled_from(LETTERS), min_size=rows * cols, max_size=rows * cols))
    )
    owner = draw(
        st.lists(st.sampled_from([None, None, 0, 1, 2]), min_size=rows * cols, max_size=rows * cols)
    )
    return {"sheet": {"rows": rows, "cols": cols, "colours": colours}, "owner": owner}


@settings(max_examples=300, deadline=None)
@given(sheets(), st.sampled_from([None, *LETTERS]), st.integers(0, 2))
def test_indexed_searches_match_their_definitions(
    state: dict[str, Any], colour: str | None, p: int
) -> None:
    sheet, owner = state["sheet"], state["owner"]
    colours = sheet["colours"]
    markable = [i for i, c in enumerate(colours) if c not in (SPECIAL, OLD_TOWN)]
    free = [i for i in markable if owner[i] is None]
    assert free_cells(state) == free  # type: ignore[arg-type]
    assert free_of(state, colour) == [  # type: ignore[arg-type]
        i for i in free if colour is None or colours[i] == colour
    ]
    mine = [i for i, o in enumerate(owner) if o == p]
    assert own_cells(state, p) == mine  # type: ignore[arg-type]
    table = neighbours(sheet["rows"], sheet["cols"])
    near = {n for i in mine for n in table[i]}
    assert touching(state, p) == near  # type: ignore[arg-type]
    for i in range(len(owner)):
        assert touches_own(state, i, p) == (i in near)  # type: ignore[arg-type]
    rows, cols = sheet["rows"], sheet["cols"]
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        assert border(sheet, i) == (r in (0, rows - 1) or c in (0, cols - 1))  # type: ignore[arg-type]


def test_a_normal_mark_is_open_exactly_when_some_block_takes_it() -> None:
    """`base_open` (the pool alone) answers as `base_cells` (the pool narrowed by adjacency) at
    every step of random games, solo and with two players."""
    checked = [0, 0]

    def compare(state: State, _events: Sequence[Event]) -> None:
        open_ = base_open(state)  # type: ignore[arg-type]
        assert open_ == bool(base_cells(state)), state  # type: ignore[arg-type]
        checked[open_] += 1

    for seed in range(8):
        random_play(ENGINE, 2, f"open-{seed}", on_step=compare)
        random_play(ENGINE, 1, f"open-solo-{seed}", {"solo": True}, on_step=compare)
    assert min(checked) > 50, checked  # both answers were seen often


def test_a_power_checks_its_one_block_as_its_whole_pool_would() -> None:
    """`in_power_pool` (the block alone) answers as membership of `power_pool` for every power and
    every block free to mark, at every step of random games (with and without water marks)."""
    seen = {True: 0, False: 0}

    def compare(state: State, _events: Sequence[Event]) -> None:
        free = [i for i in range(len(state["owner"])) if block_problem(state, i) is None]  # type: ignore[arg-type]
        for power in EXTRA_POWERS:
            pool = power_pool(state, power)  # type: ignore[arg-type]
            for cell in free:
                inside = in_power_pool(state, power, cell)  # type: ignore[arg-type]
                assert inside == (cell in pool), (power, cell, state)
                seen[inside] += 1

    for seed in range(4):
        random_play(ENGINE, 2, f"pool-{seed}", on_step=compare)
        random_play(ENGINE, 2, f"pool-water-{seed}", {"water": True}, on_step=compare)
    assert min(seen.values()) > 1000, seen
