"""Hex adjacency (odd rows shifted right), printed coordinates and the map border."""

from __future__ import annotations

import pytest

from games.base import RuleError
from games.papertown.sheet import border, cell_name, neighbours, parse_cell

SHEET = {"rows": 10, "cols": 20}


def around(name: str) -> set[str]:
    table = neighbours(10, 20)
    return {cell_name(SHEET, n) for n in table[parse_cell(SHEET, name)]}


def test_even_row_neighbours_lean_left() -> None:
    # C2 is row 2 (even, not shifted): the rows above and below touch columns 1 and 2.
    assert around("C2") == {"C1", "C3", "B1", "B2", "D1", "D2"}


def test_odd_row_neighbours_lean_right() -> None:
    # B2 is row 1 (odd, shifted right by half a hex): rows A and C touch columns 2 and 3.
    assert around("B2") == {"B1", "B3", "A2", "A3", "C2", "C3"}


def test_corners_and_edges() -> None:
    assert around("A1") == {"A2", "B1"}
    assert around("J20") == {"J19", "I20"}  # J is odd: nothing to its right
    assert around("A20") == {"A19", "B19", "B20"}
    assert around("B20") == {"B19", "A20", "C20"}


def test_adjacency_is_symmetric_and_interior_cells_have_six() -> None:
    table = neighbours(10, 20)
    for cell, near in enumerate(table):
        for other in near:
            assert cell in table[other]
        r, c = divmod(cell, 20)
        if 0 < r < 9 and 0 < c < 19:
            assert len(near) == 6


def test_border_is_the_outer_ring_of_56_cells() -> None:
    assert sum(border(SHEET, i) for i in range(200)) == 2 * 20 + 2 * 8
    assert border(SHEET, parse_cell(SHEET, "E1"))
    assert not border(SHEET, parse_cell(SHEET, "E2"))


def test_cell_names_round_trip_and_case() -> None:
    assert parse_cell(SHEET, "c4") == 2 * 20 + 3
    assert all(parse_cell(SHEET, cell_name(SHEET, i)) == i for i in range(200))


@pytest.mark.parametrize("text", ["K4", "C21", "C0", "4C", "C", "CC4"])
def test_bad_coordinates_are_refused(text: str) -> None:
    with pytest.raises(RuleError):
        parse_cell(SHEET, text)
