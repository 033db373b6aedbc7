"""declare a building type (for a later step, e.g. reveal)."""

from __future__ import annotations

from games.base import Args, Move
from games.i18n import N_, _
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import Kind
from games.skylines.program import ctx, pop
from games.skylines.state import SkylinesState, Step


class Declare(Kind):
    name = "declare"
    verb = "declare"
    title = N_("declare")
    summary = N_("declare a building type, which a later 'reveal' keeps.")

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _("declare a building type: /declare TYPE")

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return [Move("declare", (cat.label(kind),)) for kind in cat.types]

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        declared = args.one("TYPE", str)
        pop(t.state)
        ctx(t.state)["declared"] = declared
        t.say(_("{player} declares {type}.", player=t.name(seat), type=t.cat.label(declared)))


KIND = Declare()
