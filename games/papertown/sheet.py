"""The shared sheet's alphabet and geometry: block letters, hex neighbours, cell names."""

from __future__ import annotations

import re
from functools import lru_cache

from games.base import RuleError
from games.i18n import _
from games.papertown.state import PowerId, Sheet, Special

OLD_TOWN = "K"
GREY = "G"
WATER = "W"
SPECIAL = "*"
GENERATOR_ORDER = "KGMWLYR"
"""The author's block types 0..6 in order: black, grey, mint, blue, lime, yellow, magenta."""
ROLLABLE = "GMLYR"
"""The five colours the phone can show; black and blue are never rolled."""
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CELL_WORD = re.compile(r"^([A-Za-z])([0-9]{1,3})$")
"""A printed coordinate: a row letter and a column of at most 3 ASCII digits (no sheet is wider)."""


@lru_cache(maxsize=16)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The up to 6 touching hexes of every cell (flat index), odd rows shifted right."""
    even = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
    odd = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
    table = []
    for r in range(rows):
        for c in range(cols):
            found = []
            for dr, dc in odd if r % 2 else even:
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    found.append(rr * cols + cc)
            table.append(tuple(found))
    return tuple(table)


def border(sheet: Sheet, cell: int) -> bool:
    """Local branch border: the first or last row or column."""
    return cell in border_cells(sheet["rows"], sheet["cols"])


@lru_cache(maxsize=16)
def border_cells(rows: int, cols: int) -> frozenset[int]:
    """Every cell of the first or last row or column (flat index)."""
    return frozenset(
        i for i in range(rows * cols) if i // cols in (0, rows - 1) or i % cols in (0, cols - 1)
    )


def cell_name(sheet: Sheet, cell: int) -> str:
    return cell_label(sheet["cols"], cell)


def cell_label(cols: int, cell: int) -> str:
    """`cell_name` on a sheet this many columns wide."""
    r, c = divmod(cell, cols)
    return f"{ROW_LETTERS[r]}{c + 1}"


def find_cell(sheet: Sheet, text: str) -> int | None:
    """A printed coordinate on this sheet as a flat index, else None."""
    match = CELL_WORD.match(text.strip())
    if not match:
        return None
    row, col = ROW_LETTERS.index(match[1].upper()), int(match[2]) - 1
    return row * sheet["cols"] + col if row < sheet["rows"] and 0 <= col < sheet["cols"] else None


def parse_cell(sheet: Sheet, text: str) -> int:
    """A printed coordinate such as C4 (row letter, column number) to a flat index, or a
    refusal saying how cells are written on this sheet."""
    found = find_cell(sheet, text)
    if found is not None:
        return found
    last, cols = ROW_LETTERS[sheet["rows"] - 1], sheet["cols"]
    if not CELL_WORD.match(text.strip()):
        shown = text if len(text) <= 12 else text[:12] + "..."
        raise RuleError(
            _(
                "'{word}' is not a cell; write a row letter and a column, like C4 "
                "(rows are A-{last} and columns 1-{cols}).",
                word=shown,
                last=last,
                cols=cols,
            )
        )
    raise RuleError(
        _(
            "There is no cell {cell} on the sheet; rows are A-{last} and columns 1-{cols}.",
            cell=text.strip().upper(),
            last=last,
            cols=cols,
        )
    )


def special_at(sheet: Sheet) -> dict[int, int]:
    """Cell index to the index of its special block."""
    return {special["cell"]: k for k, special in enumerate(sheet["specials"])}


def power_cards(specials: list[Special]) -> list[PowerId]:
    """The footer's power cards: one per power type, in the order their blocks first appear."""
    cards: list[PowerId] = []
    for special in specials:
        if special["power"] not in cards:
            cards.append(special["power"])
    return cards
