"""View -> plain text with emoji, laid out for a phone: no line wider than PHONE_COLUMNS display
columns (emoji and wide characters count two, as `wcwidth` says), so a board in Telegram's
`<pre>` or a Discord code block reads without scrolling sideways."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from wcwidth import wcswidth, wcwidth

from bot.i18n import say
from games.base import Grid, Meter, TableBlock, Track, View
from games.i18n import _

PHONE_COLUMNS = 40
"""What a phone shows of a fixed-width line in portrait (Telegram, Discord)."""
BAR_WIDTH = 10
FALLBACK_EMOJI = "⬜"
INDENT = "  "
SEPARATOR = " · "
NAME_COLUMNS = 12
"""A table's first column (names) is cut to this width, at the least, so its columns fit."""
ELLIPSIS = "…"


def width(text: str) -> int:
    """Display columns of a text; a character wcwidth cannot measure (a control) counts none."""
    measured = wcswidth(text)
    return measured if measured >= 0 else sum(max(wcwidth(ch), 0) for ch in text)


def pad(text: str, columns: int) -> str:
    return text + " " * max(columns - width(text), 0)


def cut(text: str, columns: int) -> str:
    """The text within `columns`, an ellipsis at the end if it had to be cut."""
    if width(text) <= columns:
        return text
    kept = ""
    for ch in text:
        if width(kept + ch) > columns - 1:
            break
        kept += ch
    return kept + ELLIPSIS


def _break_word(word: str, columns: int) -> Iterator[str]:
    """A word wider than the line, in pieces that fit."""
    piece = ""
    for ch in word:
        if piece and width(piece + ch) > columns:
            yield piece
            piece = ""
        piece += ch
    yield piece


def wrap(text: str, columns: int = PHONE_COLUMNS, indent: str = "") -> list[str]:
    """Word-wrap each paragraph to `columns` display columns, keeping its leading spaces; lines
    after the first of a paragraph start with `indent`. Widths add up word by word (a space
    ends any emoji sequence), so each word is measured once."""
    out: list[str] = []
    indent_width = width(indent)
    for paragraph in text.split("\n"):
        if width(paragraph) <= columns:
            out.append(paragraph.rstrip())
            continue
        body = paragraph.lstrip(" ")
        line = paragraph[: len(paragraph) - len(body)]
        line_width = len(line)
        for word in body.split(" "):
            word_width = width(word)
            started = bool(line.strip())
            if started and line_width + 1 + word_width > columns:
                out.append(line)
                line, line_width = indent + word, indent_width + word_width
            elif started:
                line, line_width = f"{line} {word}", line_width + 1 + word_width
            else:
                line, line_width = line + word, line_width + word_width
            if line_width > columns:
                *whole, line = _break_word(line, columns)
                out += whole
                line_width = width(line)
        out.append(line.rstrip())
    return out


def pack(parts: Iterable[str], columns: int, glue: str, indent: str = "") -> list[str]:
    """Short parts joined on lines of at most `columns`; a part too long for a line is wrapped
    on lines of its own."""
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and width(line + glue + part) <= columns:
            line += glue + part
            continue
        if line:
            lines.append(line)
        *whole, line = wrap(indent + part, columns, indent + INDENT)
        if whole:
            lines += [*whole, line]
            line = ""
    if line:
        lines.append(line)
    return lines


def _labels(labels: list[str], offset: int) -> str:
    """Column labels over a band of a map, each over its cell where it does not crowd the last."""
    line = " " * offset
    for k, label in enumerate(labels):
        at = offset + 2 * k
        if label and (k == 0 or width(line.rstrip()) < at):
            line = pad(line.rstrip(), at) + label
    return line.rstrip()


def grid_lines(grid: Grid, columns: int = PHONE_COLUMNS) -> Iterator[str]:
    """Odd rows of a hex map are shifted half a cell right, as on the printed sheet; a map too
    wide for the line is shown in bands of columns, each under its own column labels."""
    by_pos = {(c.row, c.col): c for c in grid.cells}
    label_width = max((width(label) for label in grid.row_labels), default=1)
    offset = label_width + 1
    room = max((columns - offset - (1 if grid.hexagonal else 0)) // 2, 1)
    bands = -(-max(grid.cols, 1) // room)
    size = -(-max(grid.cols, 1) // bands)
    for first in range(0, grid.cols, size):
        last = min(first + size, grid.cols)
        if grid.col_labels:
            yield _labels(grid.col_labels[first:last], offset)
        for row in range(grid.rows):
            label = grid.row_labels[row] if row < len(grid.row_labels) else str(row + 1)
            shift = " " if grid.hexagonal and row % 2 == 1 else ""
            cells = []
            for col in range(first, last):
                cell = by_pos.get((row, col))
                cells.append(pad(cell.emoji or FALLBACK_EMOJI if cell else "", 2))
            line = f"{' ' * (label_width - width(label))}{label} {shift}{''.join(cells)}"
            yield line.rstrip()
    if grid.legend:
        entries = (f"{symbol} {meaning}" for symbol, meaning in grid.legend.items())
        yield from pack(entries, columns, "  ")


def _fitted_widths(rows: list[list[str]], columns: int) -> list[int] | None:
    """Each column's width when the table fits the line as columns (its first column, the
    names, cut to NAME_COLUMNS at the least), else None."""
    count = len(rows[0])
    widths = [max(width(r[i]) if i < len(r) else 0 for r in rows) for i in range(count)]
    spare = columns - len(INDENT) - sum(widths) - 2 * (count - 1)
    if spare >= 0:
        return widths
    if widths[0] + spare >= NAME_COLUMNS:
        return [widths[0] + spare, *widths[1:]]
    return None


def _stacked(block: TableBlock, columns: int) -> Iterator[str]:
    """A table too wide for the line, one row at a time: its first cell, then its other
    cells as `header: value`, as many to a line as fit."""
    header = block.header
    for row in block.rows:
        yield from wrap(row[0] if row else "", columns, INDENT)
        parts = [
            f"{header[i]}: {value}" if i < len(header) and header[i] else value
            for i, value in enumerate(row[1:], start=1)
            if value
        ]
        yield from pack(parts, columns, SEPARATOR, INDENT)


def table_lines(block: TableBlock, columns: int = PHONE_COLUMNS) -> Iterator[str]:
    """A table as aligned columns when they fit the line, else row by row."""
    rows = [
        [str(v) for v in row]
        for row in ([block.header, *block.rows] if block.header else block.rows)
    ]
    if block.title:
        yield from wrap(f"{block.title}:", columns, INDENT)
    rows = [row for row in rows if row]
    if not rows:
        return
    if not block.header and all(len(row) == 1 for row in rows):  # a list: each entry wrapped
        for row in rows:
            yield from wrap(INDENT + row[0], columns, INDENT * 2)
        return
    widths = _fitted_widths(rows, columns)
    if widths is None:
        yield from _stacked(block, columns)
        return
    for n, row in enumerate(rows):
        cells = [pad(cut(v, w), w) for v, w in zip(row, widths, strict=False)]
        yield (INDENT + "  ".join(cells)).rstrip()
        if n == 0 and block.header:
            yield INDENT + "  ".join("-" * w for w in widths)


def track_lines(track: Track, columns: int = PHONE_COLUMNS) -> list[str]:
    if track.ticked or not track.positions:
        boxes = "■" * track.ticked + "□" * max(track.length - track.ticked, 0)
        marks = ", ".join(f"{k} {v}" for k, v in track.positions.items())
        return wrap(f"{track.name}: {boxes}" + (f" {marks}" if marks else ""), columns, INDENT)
    where = ", ".join(f"{who} {pos}" for who, pos in track.positions.items())
    return wrap(f"{track.name} (0-{track.length}): {where}", columns, INDENT)


def meter_lines(meter: Meter, columns: int = PHONE_COLUMNS) -> list[str]:
    """The meter's name on a line of its own when name and bar do not fit one."""
    filled = 0 if meter.maximum <= 0 else round(BAR_WIDTH * max(meter.value, 0) / meter.maximum)
    bar = "█" * min(filled, BAR_WIDTH) + "░" * (BAR_WIDTH - min(filled, BAR_WIDTH))
    note = f" {meter.note}" if meter.note else ""
    line = f"{meter.name}: {bar} {meter.value}/{meter.maximum}{note}"
    if width(line) <= columns:
        return [line]
    return wrap(f"{meter.name}:", columns, INDENT) + wrap(
        f"{INDENT}{bar} {meter.value}/{meter.maximum}{note}", columns, INDENT
    )


def render_text(view: View, columns: int = PHONE_COLUMNS) -> str:
    out: list[str] = wrap(view.title, columns) if view.title else []
    for line in view.lines:
        out += wrap(line, columns, INDENT)
    for grid in view.grids:
        if grid.in_text:
            out.extend(grid_lines(grid, columns))
    for block in view.tables:
        if block.in_text:
            out.extend(table_lines(block, columns))
    for track in view.tracks:
        out += track_lines(track, columns)
    for meter in view.meters:
        out += meter_lines(meter, columns)
    if view.hand is not None:
        out += wrap(hand_line(view), columns, INDENT)
    return "\n".join(out)


def hand_line(view: View) -> str:
    """The viewer's own cards, in the language the view was localised to."""
    cards = ", ".join(view.hand or ()) or say(_("(empty)"), view.lang)
    return say(_("Your hand: {cards}", cards=cards), view.lang)
