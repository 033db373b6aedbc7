"""declare a building type (for a later step, e.g. reveal)."""

from __future__ import annotations

from games.base import Move
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import Kind
from games.skylines.parse import one_name
from games.skylines.program import ctx, pop
from games.skylines.state import SkylinesState, Step


class Declare(Kind):
    name = "declare"
    verb = "declare"
    summary = "declare a building type, which a later 'reveal' keeps."
    prompt_text = "declare a building type: /declare TYPE"

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return [Move("declare", (kind,)) for kind in cat.types]

    def answer(self, t: Context, seat: int, step: Step, parts: list[str]) -> None:
        declared = one_name(parts, list(t.cat.types), "a building type")
        pop(t.state)
        ctx(t.state)["declared"] = declared
        t.say(f"{t.name(seat)} declares {declared}.")


KIND = Declare()
