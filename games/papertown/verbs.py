"""PaperTown's verbs, each declared once with its arguments, options, role and handler."""

from __future__ import annotations

from games.base import GameVerb, Verb
from games.i18n import Joined, _
from games.papertown.catalog import POWERS
from games.papertown.flow import done
from games.papertown.grammar import MARK, POWER, USE_POWER
from games.papertown.marking import mark, power
from games.papertown.rolling import roll
from games.papertown.sheet_file import show_sheet
from games.papertown.state import PaperTownState

VERBS: tuple[GameVerb[PaperTownState], ...] = (
    Verb(
        "roll",
        _("Draw this turn's colour (10-card colour deck, or the die variant)."),
        roll,
        examples=("/roll",),
        role="roll",
        label=_("Roll"),
    ),
    Verb(
        "mark",
        _("Mark blocks of the rolled colour next to your own; --power NAME for a power's extra."),
        mark,
        args=MARK,
        flags=(POWER,),
        examples=("/mark C4 C5 D5", Joined(("/mark G7 --power", POWERS["bakery"].word), " ")),
        label=_("Mark"),
    ),
    Verb(
        "power",
        _("Use a special power you own on a block (same as /mark CELL --power NAME)."),
        power,
        args=USE_POWER,
        examples=(
            Joined(("/power", POWERS["bribery"].word, "E9"), " "),
            Joined(("/power", POWERS["branch"].word, "A3"), " "),
        ),
        label=_("Power"),
    ),
    Verb(
        "done",
        _("End your turn and cross one box of the time track."),
        done,
        examples=("/done",),
        role="end_turn",
        label=_("Done"),
    ),
    Verb(
        "sheet",
        _("Show this game's sheet as a file, to replay it later with --sheet."),
        show_sheet,
        examples=("/sheet",),
        anytime=True,
        readonly=True,
        role="info",
        label=_("Sheet"),
    ),
)
