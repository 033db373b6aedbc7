"""View -> plain text with emoji: the hex map as offset rows, tables as aligned columns, bars for HP."""

from __future__ import annotations

from collections.abc import Iterator

from bot.i18n import say
from games.base import Grid, Meter, TableBlock, Track, View
from games.i18n import _

BAR_WIDTH = 10
FALLBACK_EMOJI = "⬜"


def grid_lines(grid: Grid) -> Iterator[str]:
    """Odd rows of a hex map are shifted half a cell right, as on the printed sheet."""
    by_pos = {(c.row, c.col): c for c in grid.cells}
    width = max((len(label) for label in grid.row_labels), default=1)
    header = "".join(
        (label if i % 5 == 0 else "").ljust(2) for i, label in enumerate(grid.col_labels)
    )
    yield " " * (width + 1) + header.rstrip()
    for row in range(grid.rows):
        label = grid.row_labels[row] if row < len(grid.row_labels) else str(row + 1)
        shift = " " if grid.hexagonal and row % 2 == 1 else ""
        cells = []
        for col in range(grid.cols):
            cell = by_pos.get((row, col))
            cells.append(cell.emoji or FALLBACK_EMOJI if cell else "  ")
        yield f"{label.rjust(width)} {shift}{''.join(cells)}"
    if grid.legend:
        yield "  ".join(f"{symbol} {meaning}" for symbol, meaning in grid.legend.items())


def table_lines(block: TableBlock) -> Iterator[str]:
    rows = [block.header, *block.rows] if block.header else block.rows
    if block.title:
        yield f"{block.title}:"
    if not rows:
        return
    widths = [max(len(str(r[i])) if i < len(r) else 0 for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        yield "  " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=False)).rstrip()
        if n == 0 and block.header:
            yield "  " + "  ".join("-" * w for w in widths)


def track_line(track: Track) -> str:
    if track.ticked or not track.positions:
        boxes = "■" * track.ticked + "□" * max(track.length - track.ticked, 0)
        marks = (
            f" {', '.join(f'{k} {v}' for k, v in track.positions.items())}"
            if track.positions
            else ""
        )
        return f"{track.name}: {boxes}{marks}"
    where = ", ".join(f"{who} {pos}" for who, pos in track.positions.items())
    return f"{track.name} (0-{track.length}): {where}"


def meter_line(meter: Meter) -> str:
    filled = 0 if meter.maximum <= 0 else round(BAR_WIDTH * max(meter.value, 0) / meter.maximum)
    bar = "█" * filled + "░" * (BAR_WIDTH - filled)
    note = f" {meter.note}" if meter.note else ""
    return f"{meter.name}: {bar} {meter.value}/{meter.maximum}{note}"


def render_text(view: View) -> str:
    out: list[str] = [view.title] if view.title else []
    out.extend(view.lines)
    for grid in view.grids:
        if grid.in_text:
            out.extend(grid_lines(grid))
    for block in view.tables:
        out.extend(table_lines(block))
    out.extend(track_line(t) for t in view.tracks)
    out.extend(meter_line(m) for m in view.meters)
    if view.hand is not None:
        out.append(hand_line(view))
    return "\n".join(out)


def hand_line(view: View) -> str:
    """The viewer's own cards, in the language the view was localised to."""
    cards = ", ".join(view.hand or ()) or say(_("(empty)"), view.lang)
    return say(_("Your hand: {cards}", cards=cards), view.lang)
