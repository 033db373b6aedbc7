"""The commands players type: each declared once, with its arguments and its handler."""

from __future__ import annotations

from games.base import Arg, GameVerb, Verb
from games.i18n import Joined, _
from games.skylines import actions
from games.skylines.cards import TRACK_NAMES
from games.skylines.catalog import load
from games.skylines.grammar import (
    ACHIEVE,
    BUILD,
    BUILD_USAGE,
    BUILDING,
    CITY,
    DISCARD,
    DRAW,
    DRAW_USAGE,
    STEAL,
    TAKE,
    TRACK,
    TUCK,
    TUCK_USAGE,
    WORDS,
)
from games.skylines.state import SkylinesState


def example(verb: str, *words: str) -> str:
    """An example command in its reader's language: sample names, tracks and command words are
    said as the reader types them (both languages are read back)."""
    sample = load(None)
    said = [WORDS.get(w) or TRACK_NAMES.get(w) or sample.label(w) for w in words]
    return Joined((f"/{verb}", *said), " ")


VERBS: tuple[GameVerb[SkylinesState], ...] = (
    Verb(
        "city",
        _("Keep one of the two cities you were dealt (a private choice)."),
        actions.on_city,
        args=CITY,
        label=_("City"),
        examples=(example("city", "Harborview"),),
    ),
    Verb(
        "build",
        _(
            "Build a hand or row card over building N, sprawling left or right, or in a gap; pay cost."
        ),
        actions.on_build,
        args=BUILD,
        grammar=BUILD_USAGE,
        label=_("Build"),
        examples=(
            example("build", "Diner", "left"),
            example("build", "Row Houses", "over", "2", "pay", "Bakery"),
            example("build", "row", "3", "right"),
        ),
    ),
    Verb(
        "tuck",
        _("Tuck a hand card under the card your mayor stands on (free)."),
        actions.on_tuck,
        args=TUCK,
        grammar=TUCK_USAGE,
        label=_("Tuck"),
        examples=(example("tuck", "Bakery"), example("tuck", "Diner", "under", "2")),
    ),
    Verb(
        "discard",
        _(
            "Discard a hand card to take its mayor action; inside an action, pay a 'Discard N:' cost."
        ),
        actions.on_discard,
        args=DISCARD,
        label=_("Discard"),
        examples=(example("discard", "Lumber Yard"),),
    ),
    Verb(
        "advance",
        _("Advance 1 on profit, prestige or population (hopping over other meeples)."),
        actions.on_advance,
        args=(TRACK,),
        label=_("Advance"),
        examples=(example("advance", "profit"),),
    ),
    Verb(
        "draw",
        _("Draw the top deck card or card row slot N; the row is refilled at once."),
        actions.on_draw,
        args=DRAW,
        grammar=DRAW_USAGE,
        label=_("Draw"),
        examples=(example("draw", "deck"), example("draw", "row", "2")),
    ),
    Verb(
        "achieve",
        _("Claim an achievement whose requirement you meet."),
        actions.on_achieve,
        args=ACHIEVE,
        label=_("Achieve"),
        examples=(example("achieve", "Skyscraper"),),
    ),
    Verb(
        "mayor",
        _(
            "Move your mayor to another top card and take its action; in a copy action, pick the card."
        ),
        actions.on_mayor,
        args=(BUILDING,),
        label=_("Mayor"),
        examples=("/mayor 2",),
    ),
    Verb(
        "steal",
        _("Answer a steal: the opponent, and for a top card its building number."),
        actions.on_steal,
        args=STEAL,
        label=_("Steal"),
        examples=("/steal Bob", "/steal Bob 3"),
    ),
    Verb(
        "take",
        _("Keep one of the cards you are looking at."),
        actions.on_take,
        args=TAKE,
        label=_("Take"),
        examples=(example("take", "Hotel"),),
    ),
    Verb(
        "declare",
        _("Declare a building type for an action that asks."),
        actions.on_declare,
        args=(
            Arg("TYPE", "word", _("a building type, e.g. {type}", type=load(None).label("Civic"))),
        ),
        label=_("Declare"),
        examples=(example("declare", "Civic"),),
    ),
    Verb(
        "skip",
        _("Skip a 'may' part or stop an 'up to' part of an action."),
        actions.on_skip,
        label=_("Skip"),
        examples=("/skip",),
    ),
    Verb(
        "done",
        _("End your turn now, giving up any actions left."),
        actions.on_done,
        role="end_turn",
        label=_("Done"),
        examples=("/done",),
    ),
)
