"""The shared game sheet: colours, powers, objectives, hex geometry and cell names."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import RuleError

Sheet = dict[str, Any]
"""rows, cols, colours (flat string, row by row), specials [[cell, power]], powers, objectives."""

OLD_TOWN = "K"
GREY = "G"
WATER = "W"
SPECIAL = "*"
GENERATOR_ORDER = "KGMWLYR"
"""The author's block types 0..6 in order: black, grey, mint, blue, lime, yellow, magenta."""
ROLLABLE = "GMLYR"
"""The five colours the phone can show; black and blue are never rolled."""

COLOURS: dict[str, str] = {
    "K": "#000000",
    "G": "#8996A5",
    "M": "#00F39E",
    "W": "#00CBF3",
    "L": "#AFF300",
    "Y": "#FFC61A",
    "R": "#E20167",
    SPECIAL: "#FFFFFF",
}
COLOUR_NAMES: dict[str, str] = {
    "K": "old town (black)",
    "G": "grey",
    "M": "mint (dark green)",
    "W": "water (blue)",
    "L": "lime (light green)",
    "Y": "yellow",
    "R": "red (magenta)",
    SPECIAL: "special block",
}
SHORT_NAMES: dict[str, str] = {
    "K": "black",
    "G": "grey",
    "M": "mint",
    "W": "water",
    "L": "lime",
    "Y": "yellow",
    "R": "red",
}

POWERS: dict[str, tuple[str, str]] = {
    "bank": ("Bank", "end of game: +3 Million per Bank block touching your blocks"),
    "branch": ("Local branch", "+1 block per turn on the map border"),
    "bakery": ("Bakery", "+1 block per turn in the grey zone"),
    "building": ("Building Material", "+1 block per turn in the rolled colour"),
    "bribery": ("Bribery", "instead of your normal turn: 1 block of any colour but black"),
}
POWER_ALIASES: dict[str, str] = {
    "tool": "branch",
    "local": "branch",
    "localbranch": "branch",
    "material": "building",
    "buildingmaterial": "building",
    "bribe": "bribery",
}
POWER_LABELS: dict[str, str] = {
    "bank": "Bank",
    "branch": "Branch",
    "bakery": "Bakery",
    "building": "Build",
    "bribery": "Bribe",
}

OBJECTIVES: dict[str, tuple[str, str]] = {
    "harbor": ("Shining new harbor", "1 per own block touching water"),
    "horizontal": ("East to West", "1 per row holding an own block"),
    "vertical": ("North to South", "1 per column holding an own block"),
    "bigger": ("Biggest district", "1 per 2 blocks of your largest connected group"),
    "old-town": ("Renovate around old town", "1 per own block touching old town"),
    "broadway": ("A broadway", "2 per own block in your fullest row"),
}
OBJECTIVE_ALIASES: dict[str, str] = {
    "arround-old-town": "old-town",
    "around-old-town": "old-town",
    "oldtown": "old-town",
    "harbour": "harbor",
    "biggest": "bigger",
}
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def power_id(text: str) -> str:
    """Resolve a typed power name (any case, with or without spaces or dashes)."""
    key = text.lower().replace("-", "").replace("_", "").replace(" ", "")
    key = POWER_ALIASES.get(key, key)
    if key not in POWERS:
        raise RuleError(f"There is no power '{text}'; the powers are: {', '.join(POWERS)}.")
    return key


def objective_id(text: str) -> str:
    key = text.lower().strip()
    key = OBJECTIVE_ALIASES.get(key, key)
    if key not in OBJECTIVES:
        raise RuleError(
            f"There is no objective '{text}'; the objectives are: {', '.join(OBJECTIVES)}."
        )
    return key


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
    r, c = divmod(cell, sheet["cols"])
    return r in (0, sheet["rows"] - 1) or c in (0, sheet["cols"] - 1)


def cell_name(sheet: Sheet, cell: int) -> str:
    r, c = divmod(cell, sheet["cols"])
    return f"{ROW_LETTERS[r]}{c + 1}"


def parse_cell(sheet: Sheet, text: str) -> int:
    """A printed coordinate such as C4 (row letter, column number) to a flat index."""
    rows, cols = sheet["rows"], sheet["cols"]
    word = text.strip().upper()
    letters = ROW_LETTERS[:rows]
    where = f"rows are A-{letters[-1]} and columns 1-{cols}"
    if len(word) < 2 or word[0] not in ROW_LETTERS or not word[1:].isdigit():
        raise RuleError(
            f"'{text}' is not a cell; write a row letter and a column, like C4 ({where})."
        )
    row, col = ROW_LETTERS.index(word[0]), int(word[1:]) - 1
    if row >= rows or not 0 <= col < cols:
        raise RuleError(f"There is no cell {word} on the sheet; {where}.")
    return row * cols + col


def special_at(sheet: Sheet) -> dict[int, int]:
    """Cell index to the index of its special block."""
    return {cell: k for k, (cell, _) in enumerate(sheet["specials"])}


def power_cards(specials: list[list[int | str]]) -> list[str]:
    """The footer's power cards: one per power type, in the order their blocks first appear."""
    cards: list[str] = []
    for _, power in specials:
        if power not in cards:
            cards.append(str(power))
    return cards
