"""A View drawn for the web: maps as SVG (square cells here, a hex sheet by bot.web.draw_sheet,
each cell named for screen readers), tables, tracks and meters as semantic HTML, at any width;
each seat's holdings (towers, kingdoms) drawn by bot.web.holdings, a battlefield, cities and
score tracks by bot.web.figures."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from bot.i18n import say
from bot.web.colours import ink_on
from bot.web.draw_sheet import sheet_svg
from bot.web.figures import figures_html, scored, tracks_html
from bot.web.holdings import holdings_html
from games.base import Cell, Grid, Meter, TableBlock, Track, View
from games.i18n import _

CELL = 28.0
"""A square cell's side in SVG units; the SVG scales to the page's width."""


def cell_name(grid: Grid, cell: Cell) -> str:
    """What a screen reader hears for a cell: where it is and what is on it."""
    row = grid.row_labels[cell.row] if cell.row < len(grid.row_labels) else str(cell.row + 1)
    col = grid.col_labels[cell.col] if cell.col < len(grid.col_labels) else str(cell.col + 1)
    said = " ".join(part for part in (cell.label, cell.mark) if part)
    return f"{row}{col} {said}".strip()


def _cell(grid: Grid, cell: Cell) -> str:
    x, y = CELL * (cell.col + 1.5), CELL * (cell.row + 1.5)
    half = CELL / 2
    shape = (
        f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{CELL}" height="{CELL}"'
        f' fill="{escape(cell.colour)}"/>'
    )
    text = cell.mark or cell.label or ""
    words = (
        f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{ink_on(cell.colour)}">{escape(text[:4])}</text>'
        if text
        else ""
    )
    return f"<g><title>{escape(cell_name(grid, cell))}</title>{shape}{words}</g>"


def legend_item(grid: Grid, symbol: str, meaning: str) -> str:
    """A legend's symbol as the colour its cells are drawn in (the page draws no emoji)."""
    colour = next((cell.colour for cell in grid.cells if cell.emoji == symbol), None)
    if colour is None:
        return f"<li><b>{escape(symbol)}</b> {escape(meaning)}</li>"
    swatch = (
        f'<svg class="swatch" viewBox="0 0 10 10" aria-hidden="true">'
        f'<rect width="10" height="10" fill="{escape(colour)}"/></svg>'
    )
    return f"<li>{swatch} {escape(meaning)}</li>"


def grid_svg(grid: Grid, lang: str) -> str:
    """A square map as an SVG that scales to the page (a hex one is a sheet: draw_sheet); the
    cells' names and a legend say it in words."""
    width, height = CELL * (grid.cols + 2), CELL * (grid.rows + 2)
    label = say(_("Map of {rows} by {cols} cells", rows=grid.rows, cols=grid.cols), lang)
    cells = "".join(_cell(grid, cell) for cell in grid.cells)
    legend = "".join(legend_item(grid, symbol, meaning) for symbol, meaning in grid.legend.items())
    return (
        f'<figure class="map"><svg viewBox="0 0 {width:.0f} {height:.0f}" role="group"'
        f' aria-label="{escape(label)}">{cells}</svg>'
        + (f'<figcaption><ul class="legend">{legend}</ul></figcaption>' if legend else "")
        + "</figure>"
    )


def table_html(block: TableBlock) -> str:
    head = "".join(f'<th scope="col">{escape(str(h))}</th>' for h in block.header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(value))}</td>" for value in row) + "</tr>"
        for row in block.rows
    )
    caption = f"<caption>{escape(block.title)}</caption>" if block.title else ""
    thead = f"<thead><tr>{head}</tr></thead>" if head else ""
    return f'<div class="scroll"><table>{caption}{thead}<tbody>{body}</tbody></table></div>'


def track_html(track: Track) -> str:
    if track.ticked or not track.positions:
        bar = (
            f'<progress max="{track.length}" value="{track.ticked}">'
            f"{track.ticked}/{track.length}</progress> {track.ticked}/{track.length}"
        )
    else:
        bar = ""
    where = ", ".join(f"{escape(who)} {pos}" for who, pos in track.positions.items())
    return f'<li class="track"><b>{escape(track.name)}</b> {bar} {where}</li>'


def meter_html(meter: Meter) -> str:
    note = f" {escape(meter.note)}" if meter.note else ""
    return (
        f'<li class="meter"><b>{escape(meter.name)}</b> <meter min="0" max="{meter.maximum}"'
        f' value="{meter.value}">{meter.value}/{meter.maximum}</meter>'
        f" {meter.value}/{meter.maximum}{note}</li>"
    )


def view_parts(view: View) -> Iterator[str]:
    yield from (f"<p>{escape(line)}</p>".replace("\n", "<br>") for line in view.lines)
    for grid in (grid for grid in view.grids if grid.in_web):
        yield sheet_svg(grid, view.lang) if grid.hexagonal else grid_svg(grid, view.lang)
    if view.holdings:
        yield holdings_html(view.holdings, view.lang)
    yield from figures_html(view)
    yield from (table_html(block) for block in view.tables)
    yield from tracks_html(view)
    bars = [track_html(t) for t in view.tracks if not scored(t)]
    bars += [meter_html(m) for m in view.meters]
    if bars:
        yield f'<ul class="bars">{"".join(bars)}</ul>'
    if view.hand is not None:
        cards = "".join(f"<li>{escape(card)}</li>" for card in view.hand)
        empty = escape(say(_("(empty)"), view.lang))
        title = escape(say(_("Your hand"), view.lang))
        yield f'<section class="hand"><h2>{title}</h2><ul>{cards or f"<li>{empty}</li>"}</ul></section>'


def view_html(view: View) -> str:
    """The board: its title, then every part of the view in the order the text board has them."""
    return f'<h2 class="view-title">{escape(view.title)}</h2>' + "".join(view_parts(view))
