"""The indexed searches behind every move (free blocks by colour, a seat's blocks, the border)
agree with their plain definitions on any sheet and any marks."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.papertown.placement import free_cells, free_of, own_cells, touching
from games.papertown.sheet import GENERATOR_ORDER, OLD_TOWN, SPECIAL, border, neighbours

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
    assert touching(state, p) == {n for i in mine for n in table[i]}  # type: ignore[arg-type]
    rows, cols = sheet["rows"], sheet["cols"]
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        assert border(sheet, i) == (r in (0, rows - 1) or c in (0, cols - 1))  # type: ignore[arg-type]
