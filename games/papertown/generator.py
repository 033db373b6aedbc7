"""A random sheet made the way the author's generator makes one (facts file 1.2-1.4)."""

from __future__ import annotations

from games.base import Rng
from games.papertown.catalog import OBJECTIVES, POWERS
from games.papertown.sheet import GENERATOR_ORDER, OLD_TOWN, SPECIAL, neighbours, power_cards
from games.papertown.state import Sheet, Special

ROWS = 10
COLS = 20
SPECIAL_BLOCKS = 6
POWER_TYPES = 3
OBJECTIVE_COUNT = 3
MAX_FILLS = 100
"""Refills before giving up on singles: about 1 filling in 400 has fewer than 6, so this is never
reached in practice; it only keeps the loop bounded."""


def _reference(r: int, c: int, cols: int) -> int:
    """The cell a new cell copies: above-right (odd rows are shifted right), else the left one."""
    if r > 0:
        above_right = c if r % 2 == 0 else c + 1
        if above_right < cols:
            return (r - 1) * cols + above_right
    return r * cols + c - 1


def fill_colours(rng: Rng, rows: int = ROWS, cols: int = COLS) -> str:
    """Row by row: copy the reference cell with chance 0.70, else each other colour 0.05."""
    cells: list[str] = []
    for r in range(rows):
        for c in range(cols):
            if r == 0 and c == 0:
                cells.append(GENERATOR_ORDER[rng.randbelow(len(GENERATOR_ORDER))])
                continue
            copied = cells[_reference(r, c, cols)]
            draw = rng.randbelow(20)
            if draw < 14:
                cells.append(copied)
            else:
                others = [ch for ch in GENERATOR_ORDER if ch != copied]
                cells.append(others[draw - 14])
    return "".join(cells)


def singles(colours: str, rows: int, cols: int) -> list[int]:
    """Cells with no same-coloured neighbour: the only places a special block may go."""
    table = neighbours(rows, cols)
    return [i for i, ch in enumerate(colours) if all(colours[n] != ch for n in table[i])]


def _special_places(rng: Rng) -> tuple[str, list[int]]:
    """A filling and the cells its special blocks may go on (singles, else any non-black cell)."""
    for _ in range(MAX_FILLS):
        colours = fill_colours(rng)
        candidates = singles(colours, ROWS, COLS)
        if len(candidates) >= SPECIAL_BLOCKS:
            return colours, candidates
    if len(candidates) < SPECIAL_BLOCKS:
        candidates = [i for i, ch in enumerate(colours) if ch != OLD_TOWN]
    if len(candidates) < SPECIAL_BLOCKS:
        candidates = list(range(len(colours)))
    return colours, candidates


def generate_sheet(rng: Rng) -> Sheet:
    """A 10 x 20 sheet with 6 special blocks (3 power types, 2 each) and 3 objectives."""
    colours, candidates = _special_places(rng)
    chosen = rng.sample(candidates, SPECIAL_BLOCKS)
    types = rng.sample(list(POWERS), POWER_TYPES)
    kinds = [power for power in types for _ in range(SPECIAL_BLOCKS // POWER_TYPES)]
    rng.shuffle(kinds)
    specials: list[Special] = sorted(
        ({"cell": cell, "power": kind} for cell, kind in zip(chosen, kinds, strict=True)),
        key=lambda special: special["cell"],
    )
    cells = list(colours)
    for special in specials:
        cells[special["cell"]] = SPECIAL
    return {
        "rows": ROWS,
        "cols": COLS,
        "colours": "".join(cells),
        "specials": specials,
        "powers": power_cards(specials),
        "objectives": rng.sample(list(OBJECTIVES), OBJECTIVE_COUNT),
    }
