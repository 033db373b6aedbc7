"""What PaperTown players type: the arguments of /mark and /power, and the cell and power readers."""

from __future__ import annotations

from games.args import Context, Vocabulary, refused
from games.base import Arg, Flag
from games.i18n import _
from games.papertown.catalog import POWERS, find_power, power_id
from games.papertown.powers import EXTRA_POWERS
from games.papertown.sheet import cell_name, find_cell, parse_cell
from games.papertown.state import PaperTownState

MAX_POWER_WORDS = 3

CELLS = Arg("CELL", "cell", _("a block, row letter and column, like C4"), repeat=True)
POWER = Flag("power", "choice", _("mark with a special power you own (an extra block)"), "NAME")
MARK = (CELLS,)
USE_POWER = (
    Arg(
        "NAME", "choice", _("the power to use"), choices=tuple(POWERS[p].word for p in EXTRA_POWERS)
    ),
    CELLS,
)


POWERS_READER = Vocabulary(
    lambda words: find_power(" ".join(words)),
    lambda power: POWERS[power].word,
    lambda words: refused(lambda typed: power_id(" ".join(typed)), words),
    MAX_POWER_WORDS,
)
"""A power by its English or Polish word or an alias, written as its command word."""


def context(state: PaperTownState) -> Context:
    """Reading at this table: cells of its sheet ('C4 C5' or 'C4,C5'), and powers by any name."""
    sheet = state["sheet"]
    cells = Vocabulary(
        lambda words: find_cell(sheet, words[0]),
        lambda cell: cell_name(sheet, cell),
        lambda words: refused(lambda typed: parse_cell(sheet, typed[0]), words),
    )
    return Context(state["names"], {"cell": cells, "choice": POWERS_READER}, separators=",")
