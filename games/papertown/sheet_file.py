"""The sheet text format, so a group can replay a printed sheet or save the one the bot made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from games.base import Args, Event, Rng, RuleError
from games.i18n import Joined, _, joined
from games.papertown.catalog import COLOURS, OBJECTIVES, POWERS, objective_id, power_id
from games.papertown.sheet import (
    ROW_LETTERS,
    SPECIAL,
    cell_name,
    parse_cell,
    power_cards,
)
from games.papertown.state import ObjectiveId, PaperTownState, Sheet, Special

COMMENTS = (
    _("# PaperTown sheet: one row per line (A first), one letter per block."),
    _("# K old town, G grey, M mint, W water, L lime, Y yellow, R red, * special block."),
)
"""The comment lines of a saved sheet (the parser skips them, so they may be in any language)."""
MAX_ROWS = 26
MAX_COLS = 30
OBJECTIVE_COUNT = 3
FORMAT_HELP = _(
    "A sheet file is plain text. Lines starting with # are comments. "
    "'objectives: ID ID ID' names the mayor's 3 objectives ({objectives}). "
    "'specials: CELL POWER, CELL POWER, ...' names the power of every special block "
    "({powers}); it may be split over several 'specials:' lines, each block named once. Every "
    "other line is one map row, top row (A) first, one letter per block: "
    "K old town (black), G grey, M mint, W water (blue), L lime, Y yellow, R red (magenta), "
    "* special block; spaces inside a row are ignored. 2 to {rows} rows of 2 to {cols} "
    "blocks. Odd rows (B, D, ...) are the ones shifted right by half a hex, as printed.",
    objectives=joined(objective.word for objective in OBJECTIVES.values()),
    powers=joined(power.word for power in POWERS.values()),
    rows=MAX_ROWS,
    cols=MAX_COLS,
)
A = TypeVar("A")
T = TypeVar("T")


BOM = "\ufeff"
"""The byte-order mark Windows editors put before a UTF-8 file's text."""


def format_sheet(sheet: Sheet) -> str:
    """The sheet in the file format (parse_sheet reads it back unchanged)."""
    cols = sheet["cols"]
    specials = ", ".join(f"{cell_name(sheet, s['cell'])} {s['power']}" for s in sheet["specials"])
    lines = [
        COMMENTS[0],
        COMMENTS[1],
        "objectives: " + " ".join(sheet["objectives"]),
    ]
    if specials:
        lines.append("specials: " + specials)
    colours = sheet["colours"]
    lines += [colours[r * cols : (r + 1) * cols] for r in range(sheet["rows"])]
    return Joined([*lines, ""], "\n")


def show_sheet(state: PaperTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/sheet (read-only): the sheet in the file format, to save and replay with --sheet."""
    text = format_sheet(state["sheet"])
    return [Event(text, seat, reveals=False, file=("papertown-sheet.txt", str(text)))]


def _on_line(number: int, read: Callable[[A], T], text: A) -> T:
    """Read one item of a line; a refusal names the file's line."""
    try:
        return read(text)
    except RuleError as error:
        raise RuleError(_("Sheet line {n}: {error}", n=number, error=error.message)) from None


@dataclass
class _Lines:
    """The file's lines sorted by what they hold, each with its line number."""

    rows: list[tuple[int, str]] = field(default_factory=list)
    objectives: tuple[int, str] | None = None
    specials: list[tuple[int, str]] = field(default_factory=list)


def _row(line: str, number: int) -> str:
    row = "".join(line.split()).upper()
    bad = sorted({ch for ch in row if ch not in COLOURS})
    if bad:
        raise RuleError(
            _(
                "Sheet line {n} has unknown block letters {letters}; "
                "use K G M W L Y R or * (see /rules papertown sheet).",
                n=number,
                letters="".join(bad)[:20],
            )
        )
    if len(row) > MAX_COLS:
        raise RuleError(
            _(
                "Sheet line {n} has {blocks} blocks; a map row has at most {most}.",
                n=number,
                blocks=len(row),
                most=MAX_COLS,
            )
        )
    return row


def _sort_lines(text: str) -> _Lines:
    found = _Lines()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        heading = key.strip().lower()
        if colon and heading == "objectives":
            if found.objectives is not None:
                raise RuleError(
                    _(
                        "Sheet line {n} is a second 'objectives:' line (the first is line "
                        "{first}); name the 3 objectives once.",
                        n=number,
                        first=found.objectives[0],
                    )
                )
            found.objectives = (number, value)
        elif colon and heading == "specials":
            found.specials.append((number, value))
        elif colon:
            raise RuleError(
                _(
                    "Sheet line {n} starts with '{heading}:'; the headings are "
                    "'objectives:' and 'specials:', every other line is a map row.",
                    n=number,
                    heading=key.strip()[:20],
                )
            )
        else:
            if len(found.rows) == MAX_ROWS:
                raise RuleError(
                    _(
                        "Sheet line {n} would be map row {row}; a sheet has at most {most} rows.",
                        n=number,
                        row=MAX_ROWS + 1,
                        most=MAX_ROWS,
                    )
                )
            found.rows.append((number, _row(line, number)))
    return found


def _grid(rows: list[tuple[int, str]]) -> tuple[int, int, str]:
    """Rows, columns and the colour letters, every row as long as the first."""
    if len(rows) < 2:
        raise RuleError(
            _("A sheet has 2 to {most} map rows; this one has {n}.", most=MAX_ROWS, n=len(rows))
        )
    first, top = rows[0]
    cols = len(top)
    if cols < 2:
        raise RuleError(
            _(
                "Sheet line {n}: a map row has 2 to {most} blocks; row A has {cols}.",
                n=first,
                most=MAX_COLS,
                cols=cols,
            )
        )
    for i, (number, row) in enumerate(rows):
        if len(row) != cols:
            raise RuleError(
                f"Sheet line {number}: row {ROW_LETTERS[i]} has {len(row)} blocks but row A "
                f"(line {first}) has {cols}; every map row needs the same number."
            )
    return len(rows), cols, "".join(row for _number, row in rows)


def _objectives(line: tuple[int, str] | None) -> list[ObjectiveId]:
    if line is None:
        raise RuleError(
            _("A sheet names its 3 objectives on an 'objectives:' line; this one has none.")
        )
    number, value = line
    found = [_on_line(number, objective_id, word) for word in value.replace(",", " ").split()]
    if len(found) != OBJECTIVE_COUNT or len(set(found)) != OBJECTIVE_COUNT:
        raise RuleError(
            _(
                "Sheet line {n}: a sheet names exactly 3 different objectives on its "
                "'objectives:' line.",
                n=number,
            )
        )
    return found


def _special(sheet: Sheet, entry: str) -> Special:
    words = entry.split()
    if len(words) < 2:
        raise RuleError(
            _("The special block '{entry}' needs a cell and a power.", entry=entry.strip()[:20])
        )
    cell = parse_cell(sheet, words[0])
    if sheet["colours"][cell] != SPECIAL:
        raise RuleError(
            _("{cell} is named a special block but its letter is not *.", cell=words[0].upper())
        )
    return {"cell": cell, "power": power_id(" ".join(words[1:]))}


def _specials(sheet: Sheet, lines: list[tuple[int, str]]) -> list[Special]:
    named: dict[int, tuple[int, Special]] = {}
    for number, value in lines:
        for entry in value.replace("=", " ").replace(":", " ").split(","):
            if not entry.strip():
                continue
            special = _on_line(number, partial(_special, sheet), entry)
            cell = special["cell"]
            if cell in named:
                raise RuleError(
                    _(
                        "Sheet line {n} names the special block {cell} again (line {first} "
                        "names it first); name each block once.",
                        n=number,
                        cell=cell_name(sheet, cell),
                        first=named[cell][0],
                    )
                )
            named[cell] = (number, special)
    missing = [
        cell_name(sheet, i)
        for i, ch in enumerate(sheet["colours"])
        if ch == SPECIAL and i not in named
    ]
    if missing:
        raise RuleError(
            _(
                "The special blocks {cells} need a power on 'specials:'.",
                cells=", ".join(missing),
            )
        )
    return [named[cell][1] for cell in sorted(named)]


def parse_sheet(text: str) -> Sheet:
    """Read a sheet file's text (a UTF-8 byte-order mark, as some editors save, is no part of
    it); a RuleError names the line that is wrong."""
    lines = _sort_lines(text.removeprefix(BOM))
    rows, cols, colours = _grid(lines.rows)
    sheet: Sheet = {
        "rows": rows,
        "cols": cols,
        "colours": colours,
        "specials": [],
        "powers": [],
        "objectives": _objectives(lines.objectives),
    }
    sheet["specials"] = _specials(sheet, lines.specials)
    sheet["powers"] = power_cards(sheet["specials"])
    return sheet
