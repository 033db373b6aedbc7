"""PaperTown's verbs, each declared once with its arguments, options, role and handler."""

from __future__ import annotations

from games.args import by_words
from games.base import Arg, Flag, GameVerb, Verb
from games.i18n import Joined, _
from games.papertown.catalog import POWERS
from games.papertown.flow import done
from games.papertown.marking import mark, power
from games.papertown.powers import EXTRA_POWERS
from games.papertown.rolling import roll
from games.papertown.sheet_file import show_sheet
from games.papertown.state import PaperTownState

CELLS = Arg("CELL", "cell", _("a block, row letter and column, like C4"), repeat=True)

VERBS: tuple[GameVerb[PaperTownState], ...] = (
    Verb(
        "roll",
        _("Draw this turn's colour (10-card colour deck, or the die variant)."),
        by_words(roll),
        examples=("/roll",),
        role="roll",
        label=_("Roll"),
    ),
    Verb(
        "mark",
        _("Mark blocks of the rolled colour next to your own; --power NAME for a power's extra."),
        by_words(mark),
        args=(CELLS,),
        flags=(
            Flag("power", "word", _("mark with a special power you own (an extra block)"), "NAME"),
        ),
        examples=("/mark C4 C5 D5", Joined(("/mark G7 --power", POWERS["bakery"].word), " ")),
        label=_("Mark"),
    ),
    Verb(
        "power",
        _("Use a special power you own on a block (same as /mark CELL --power NAME)."),
        by_words(power),
        args=(
            Arg(
                "NAME",
                "choice",
                _("the power to use"),
                choices=tuple(POWERS[p].word for p in EXTRA_POWERS),
            ),
            CELLS,
        ),
        examples=(
            Joined(("/power", POWERS["bribery"].word, "E9"), " "),
            Joined(("/power", POWERS["branch"].word, "A3"), " "),
        ),
        label=_("Power"),
    ),
    Verb(
        "done",
        _("End your turn and cross one box of the time track."),
        by_words(done),
        examples=("/done",),
        role="end_turn",
        label=_("Done"),
    ),
    Verb(
        "sheet",
        _("Show this game's sheet as a file, to replay it later with --sheet."),
        by_words(show_sheet),
        examples=("/sheet",),
        anytime=True,
        readonly=True,
        role="info",
        label=_("Sheet"),
    ),
)
