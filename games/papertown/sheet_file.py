"""The sheet text format, so a group can replay a printed sheet or save the one the bot made."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, private
from games.papertown.catalog import COLOURS, OBJECTIVES, POWERS, objective_id, power_id
from games.papertown.sheet import ROW_LETTERS, SPECIAL, cell_name, parse_cell, power_cards
from games.papertown.state import ObjectiveId, PaperTownState, PowerId, Sheet, Special

MAX_ROWS = 26
MAX_COLS = 30
FORMAT_HELP = (
    "A sheet file is plain text. Lines starting with # are comments. "
    "'objectives: ID ID ID' names the mayor's 3 objectives (" + ", ".join(OBJECTIVES) + "). "
    "'specials: CELL POWER, CELL POWER, ...' names the power of every special block ("
    + ", ".join(POWERS)
    + "). Every other line is one map row, top row (A) first, one letter per block: "
    "K old town (black), G grey, M mint, W water (blue), L lime, Y yellow, R red (magenta), "
    "* special block; spaces inside a row are ignored. Odd rows (B, D, ...) are the ones "
    "shifted right by half a hex, as printed."
)


def format_sheet(sheet: Sheet) -> str:
    """The sheet in the file format (parse_sheet reads it back unchanged)."""
    cols = sheet["cols"]
    specials = ", ".join(f"{cell_name(sheet, s['cell'])} {s['power']}" for s in sheet["specials"])
    lines = [
        "# PaperTown sheet: one row per line (A first), one letter per block.",
        "# K old town, G grey, M mint, W water, L lime, Y yellow, R red, * special block.",
        "objectives: " + " ".join(sheet["objectives"]),
        "specials: " + specials,
    ]
    colours = sheet["colours"]
    lines += [colours[r * cols : (r + 1) * cols] for r in range(sheet["rows"])]
    return "\n".join(lines) + "\n"


def show_sheet(state: PaperTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/sheet (read-only): the sheet in the file format, to save and replay with --sheet."""
    return [private(seat, format_sheet(state["sheet"]), reveals=False)]


def _row(line: str, number: int) -> str:
    row = "".join(line.split()).upper()
    bad = sorted({ch for ch in row if ch not in COLOURS})
    if bad:
        raise RuleError(
            f"Sheet line {number} has unknown block letters {''.join(bad)}; "
            "use K G M W L Y R or * (see /rules papertown sheet)."
        )
    return row


def _objectives(value: str) -> list[ObjectiveId]:
    found = [objective_id(word) for word in value.replace(",", " ").split()]
    if len(found) != 3 or len(set(found)) != 3:
        raise RuleError("A sheet names exactly 3 different objectives on its 'objectives:' line.")
    return found


def _specials(sheet: Sheet, value: str) -> list[Special]:
    specials: dict[int, PowerId] = {}
    for entry in value.replace("=", " ").replace(":", " ").split(","):
        words = entry.split()
        if not words:
            continue
        if len(words) < 2:
            raise RuleError(f"The special block '{entry.strip()}' needs a cell and a power.")
        cell = parse_cell(sheet, words[0])
        if sheet["colours"][cell] != SPECIAL:
            raise RuleError(f"{words[0].upper()} is named a special block but its letter is not *.")
        specials[cell] = power_id(" ".join(words[1:]))
    missing = [
        cell_name(sheet, i)
        for i, ch in enumerate(sheet["colours"])
        if ch == SPECIAL and i not in specials
    ]
    if missing:
        raise RuleError(f"The special blocks {', '.join(missing)} need a power on 'specials:'.")
    return [{"cell": cell, "power": specials[cell]} for cell in sorted(specials)]


def parse_sheet(text: str) -> Sheet:
    """Read a sheet file's text; a RuleError says which line is wrong."""
    rows: list[str] = []
    objectives = ""
    specials = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() == "objectives":
            objectives = value
        elif colon and key.strip().lower() == "specials":
            specials = value
        else:
            rows.append(_row(line, number))
    if not 2 <= len(rows) <= MAX_ROWS:
        raise RuleError(f"A sheet has 2 to {MAX_ROWS} map rows; this one has {len(rows)}.")
    cols = len(rows[0])
    if not 2 <= cols <= MAX_COLS:
        raise RuleError(f"A map row has 2 to {MAX_COLS} blocks; row A has {cols}.")
    for i, row in enumerate(rows):
        if len(row) != cols:
            raise RuleError(
                f"Every map row needs the same number of blocks; row A has {cols} "
                f"but row {ROW_LETTERS[i]} has {len(row)}."
            )
    sheet: Sheet = {
        "rows": len(rows),
        "cols": cols,
        "colours": "".join(rows),
        "specials": [],
        "powers": [],
        "objectives": _objectives(objectives),
    }
    sheet["specials"] = _specials(sheet, specials)
    sheet["powers"] = power_cards(sheet["specials"])
    return sheet
