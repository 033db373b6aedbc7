"""reveal n deck cards and keep those of the declared type; the rest are discarded."""

from __future__ import annotations

from typing import ClassVar

from games.i18n import N_, _, _n
from games.skylines.context import Context
from games.skylines.decks import draw
from games.skylines.effects.base import COUNT, Fields, Kind
from games.skylines.program import ctx, pop
from games.skylines.state import Step


class Reveal(Kind):
    name = "reveal"
    fields: ClassVar[Fields] = {"n": COUNT}
    required = frozenset({"n"})
    title = N_("reveal")
    summary = N_("reveal n deck cards and keep those of the declared type.")

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        state = t.state
        pop(state)
        declared = ctx(state)["declared"]
        shown = [c for c in (draw(t, state["level"]) for _ in range(step["left"])) if c]
        kept = [c for c in shown if t.cat.card(c).type == declared]
        rest = [c for c in shown if c not in kept]
        state["hands"][seat].extend(kept)
        state["discard"].extend(rest)
        revealed = _n(
            "{player} reveals the top card and keeps {kept} of type {type}",
            "{player} reveals the top {n} cards and keeps {kept} of type {type}",
            len(shown),
            player=t.name(seat),
            kept=len(kept),
            type=t.cat.label(declared),
        )
        if rest:
            t.say(
                _("{revealed}; discarded: {cards}.", revealed=revealed, cards=t.cat.listed(rest)),
                reveal=True,
            )
        else:
            t.say(_("{revealed}.", revealed=revealed), reveal=True)
        if kept:
            t.tell(seat, _("You keep {card}.", card=t.cat.listed(kept)))
        return True


KIND = Reveal()
