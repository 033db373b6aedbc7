"""copy another top card's mayor action, without moving the mayor."""

from __future__ import annotations

from games.base import Args, Move, RuleError
from games.i18n import N_, _, joined
from games.skylines import city
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import Kind
from games.skylines.program import pop, push, this_stack
from games.skylines.state import SkylinesState, Step


def _copyable(state: SkylinesState, cat: Catalog, seat: int) -> list[int]:
    here = this_stack(state, seat)
    return [i for i, name in city.tops(state, seat) if i != here and cat.card(name).effect]


def refusal(state: SkylinesState, cat: Catalog, seat: int) -> str:
    listed = joined((str(i + 1) for i in _copyable(state, cat, seat)), empty=_("none"))
    return _(
        "Copy the action of another top card: /mayor N with N one of {options}.", options=listed
    )


class Copy(Kind):
    name = "copy"
    verb = "mayor"
    title = N_("copy")
    summary = N_("copy another top card's mayor action (the mayor does not move).")

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _("choose another top card whose mayor action to take: /mayor N")

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return [Move("mayor", (str(i + 1),)) for i in _copyable(state, cat, seat)]

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        state = t.state
        index = args.one("BUILDING", int)
        if index not in _copyable(state, t.cat, seat):
            raise RuleError(refusal(state, t.cat, seat))
        pop(state)
        name = city.top_of(state, seat, index)
        t.say(
            _(
                "{player} takes the mayor action of {card} without moving the mayor.",
                player=t.name(seat),
                card=t.cat.label(name),
            )
        )
        push(state, t.cat.card(name).effect)


KIND = Copy()
