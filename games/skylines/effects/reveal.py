"""reveal n deck cards and keep those of the declared type; the rest are discarded."""

from __future__ import annotations

from typing import ClassVar

from games.skylines.context import Context
from games.skylines.decks import draw
from games.skylines.effects.base import COUNT, Fields, Kind
from games.skylines.program import ctx, pop
from games.skylines.state import Step


class Reveal(Kind):
    name = "reveal"
    fields: ClassVar[Fields] = {"n": COUNT}
    required = frozenset({"n"})
    summary = "reveal n deck cards and keep those of the declared type."

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        state = t.state
        pop(state)
        declared = ctx(state)["declared"]
        shown = [c for c in (draw(t, state["level"]) for _ in range(step["left"])) if c]
        kept = [c for c in shown if t.cat.card(c).type == declared]
        rest = [c for c in shown if c not in kept]
        state["hands"][seat].extend(kept)
        state["discard"].extend(rest)
        dropped = f"; discarded: {', '.join(rest)}" if rest else ""
        t.say(
            f"{t.name(seat)} reveals the top {len(shown)} cards and keeps {len(kept)} "
            f"{declared} card(s){dropped}.",
            reveal=True,
        )
        if kept:
            t.tell(seat, f"You keep {', '.join(kept)}.")
        return True


KIND = Reveal()
