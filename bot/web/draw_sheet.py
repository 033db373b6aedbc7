"""A hex sheet for the web as it is printed: pointy-top hexagons, odd rows shifted right by half
a hexagon, row letters and column numbers to name cells by, each colour's letter in its cells
(colour is never the only sign), players' marks as letters on white discs, special blocks by
their power's name; every cell named in words for screen readers."""

from __future__ import annotations

import math
from html import escape

from bot.i18n import say
from bot.web.colours import INK, ink_on
from games.base import Cell, Grid, token_labels
from games.i18n import _

WIDE = 28.0
"""A hexagon's width in SVG units (the SVG scales to the page)."""
RADIUS = WIDE / math.sqrt(3)
LEFT = 14.0
"""Room for the row letters."""
TOP = 12.0
"""Room for the column numbers."""


def hex_centre(row: int, col: int) -> tuple[float, float]:
    """A cell's centre: odd rows shifted right by half a hexagon."""
    return LEFT + WIDE * (col + 0.5 + 0.5 * (row % 2)), TOP + RADIUS * (1 + 1.5 * row)


def hex_points(x: float, y: float, radius: float = RADIUS) -> str:
    corners = (math.radians(60 * i - 30) for i in range(6))
    return " ".join(
        f"{x + radius * math.cos(a):.1f},{y + radius * math.sin(a):.1f}" for a in corners
    )


class Sheet:
    """What a sheet's cells say, worked out once per drawing from its legend: each colour's
    name and letter (from its unmarked cells), each mark's owner."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        plain = [c for c in grid.cells if not c.mark and not c.label and c.emoji in grid.legend]
        self.colour_names = {c.colour: grid.legend[c.emoji or ""] for c in plain}
        names = list(dict.fromkeys(self.colour_names.values()))
        firsts = [name[:1].upper() for name in names]
        codes = firsts if len(set(firsts)) == len(firsts) else token_labels(names)
        self.codes = dict(zip(names, codes, strict=True))

    def name(self, cell: Cell) -> str:
        """Where a cell is (as players type it) and what is on it."""
        grid = self.grid
        row = grid.row_labels[cell.row] if cell.row < len(grid.row_labels) else str(cell.row + 1)
        col = grid.col_labels[cell.col] if cell.col < len(grid.col_labels) else str(cell.col + 1)
        said = self.colour_names.get(cell.colour, "")
        if cell.label:
            said = grid.legend.get(cell.emoji or "", cell.label)
        elif cell.mark:
            owner = grid.legend.get(cell.emoji or "", "")
            said = f"{said}, {cell.mark} {owner}".strip(", ")
        if cell.label and cell.mark:
            said = f"{said}, {cell.mark}"
        return f"{row}{col}: {said}"

    def drawn(self, cell: Cell, x: float, y: float) -> str:
        """A cell's hexagon and what is written on it."""
        parts = [f'<polygon points="{hex_points(x, y)}" fill="{escape(cell.colour)}"/>']
        ink = ink_on(cell.colour)
        if cell.label:
            parts.append(
                f'<text x="{x:.1f}" y="{y - 1:.1f}" font-size="7" fill="{ink}" font-weight="bold">'
                f"{escape(cell.label[:3])}</text>"
            )
        elif not cell.mark:
            code = self.codes.get(self.colour_names.get(cell.colour, ""), "")
            parts.append(
                f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" fill="{ink}"'
                f' fill-opacity=".6">{escape(code)}</text>'
            )
        if cell.mark:
            low = y + (5.0 if cell.label else 0.0)
            size = 4.5 if cell.label else 7.0
            parts.append(
                f'<circle cx="{x:.1f}" cy="{low:.1f}" r="{size:.1f}" fill="#ffffff" stroke="{INK}"'
                f' stroke-width="1"/><text x="{x:.1f}" y="{low + size * 0.45:.1f}"'
                f' font-size="{size * 1.4:.0f}" font-weight="bold" fill="{INK}">'
                f"{escape(cell.mark)}</text>"
            )
        return (
            f'<g class="cell" data-cell="{cell.row},{cell.col}"><title>{escape(self.name(cell))}'
            f"</title>{''.join(parts)}</g>"
        )

    def key(self, symbol: str, meaning: str) -> str:
        """A legend entry: a small hexagon drawn as its cells are (none when no cell has it:
        the legend says what the sheet shows)."""
        cell = next((c for c in self.grid.cells if c.emoji == symbol), None)
        if cell is None:
            return ""
        small = self.drawn(cell, WIDE / 2, RADIUS).replace("<title>", "<desc>", 1)
        small = small.replace("</title>", "</desc>", 1)
        return (
            f'<li><svg class="swatch hex" style="width:1.8em;height:1.8em"'
            f' viewBox="0 0 {WIDE:.0f} {2 * RADIUS:.0f}" aria-hidden="true">{small}</svg>'
            f" {escape(meaning)}</li>"
        )


def sheet_svg(grid: Grid, lang: str) -> str:
    """The sheet as a figure: rulers, cells, and a legend that draws each key as its cells."""
    sheet = Sheet(grid)
    width = LEFT + WIDE * (grid.cols + 0.5) + 2
    height = TOP + RADIUS * (1.5 * grid.rows + 0.5) + 2
    rulers = [
        f'<text x="{hex_centre(0, c)[0]:.1f}" y="8" font-size="7" fill="#444444">'
        f"{escape(label)}</text>"
        for c, label in enumerate(grid.col_labels[: grid.cols])
    ]
    rulers += [
        f'<text x="6" y="{hex_centre(r, 0)[1] + 3:.1f}" font-size="8" fill="#444444">'
        f"{escape(label)}</text>"
        for r, label in enumerate(grid.row_labels[: grid.rows])
    ]
    cells = "".join(sheet.drawn(cell, *hex_centre(cell.row, cell.col)) for cell in grid.cells)
    label = say(_("Map of {rows} by {cols} cells", rows=grid.rows, cols=grid.cols), lang)
    legend = "".join(sheet.key(symbol, meaning) for symbol, meaning in grid.legend.items())
    title = f"<figcaption><b>{escape(grid.title)}</b></figcaption>" if grid.title else ""
    return (
        f'<figure class="map sheet">{title}<svg viewBox="0 0 {width:.0f} {height:.0f}"'
        f' role="group" aria-label="{escape(label)}">{"".join(rulers)}{cells}</svg>'
        + (f'<ul class="legend">{legend}</ul>' if legend else "")
        + "</figure>"
    )
