"""build n from hand | row | hand_or_row, where any | sprawl | over, with a discount, free, or
only of a type."""

from __future__ import annotations

from typing import ClassVar

from games.base import Args, Move
from games.i18n import N_, _n
from games.skylines import building
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import (
    COUNT,
    MAX_N,
    Boolean,
    Choice,
    Fields,
    Kind,
    TypeName,
    Whole,
    finish_one,
)
from games.skylines.state import SkylinesState, Step


class Build(Kind):
    name = "build"
    verb = "build"
    fields: ClassVar[Fields] = {
        "n": COUNT,
        "from": Choice(("hand", "row", "hand_or_row")),
        "where": Choice(("any", "sprawl", "over")),
        "discount": Whole(0, MAX_N),
        "free": Boolean(),
        "type": TypeName(),
    }
    title = N_("build")
    summary = N_(
        "build n from hand | row | hand_or_row, where any | sprawl | over, with discount d, "
        "free, or only of a type."
    )

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _n(
            "build {n} card: /build CARD [over N|left|right|gap N] [pay CARD...]",
            "build {n} cards: /build CARD [over N|left|right|gap N] [pay CARD...]",
            step.get("left", 1),
        )

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return building.moves(state, cat, seat, step)

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        plan = building.plan(t.state, t.cat, seat, args, step)
        finish_one(t.state, step)
        building.execute(t, seat, plan)


KIND = Build()
