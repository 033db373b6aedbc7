"""look at n deck cards and keep some; the rest are discarded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Args, Move
from games.i18n import N_, _, _n
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.decks import draw
from games.skylines.effects.base import COUNT, Fields, Kind, card_moves, finish_one
from games.skylines.program import ctx
from games.skylines.state import SkylinesState, Step


class Look(Kind):
    name = "look"
    verb = "take"
    fields: ClassVar[Fields] = {"n": COUNT, "keep": COUNT}
    required = frozenset({"n", "keep"})
    title = N_("look")
    summary = N_("look at n deck cards and keep some (keep k), discarding the rest.")

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _("keep one of the cards you look at: /take CARD")

    def check(self, step: Mapping[str, Any]) -> tuple[str, str] | None:
        return ("keep", _("must not be more than n")) if step["keep"] > step["n"] else None

    def prepare(self, t: Context, seat: int, step: Step, total: int) -> bool:
        step["left"] = step["keep"]
        return step["left"] > 0

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        if step.get("looked"):
            return False
        step["looked"] = True
        state = t.state
        looked = [c for c in (draw(t, state["level"]) for _ in range(step["n"])) if c]
        ctx(state)["look"] = looked
        t.say(
            _n(
                "{player} looks at the top card of the deck.",
                "{player} looks at the top {n} cards of the deck.",
                len(looked),
                player=t.name(seat),
            )
        )
        if looked:
            t.tell(
                seat,
                _n(
                    "You look at: {cards}. Keep {n} with /take CARD.",
                    "You look at: {cards}. Keep {n} with /take CARD.",
                    step["keep"],
                    cards=t.cat.listed(looked),
                ),
            )
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return card_moves("take", cat, ctx(state)["look"])

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        state = t.state
        looked = ctx(state)["look"]
        card = args.one("CARD", str)
        finished = finish_one(state, step)
        looked.remove(card)
        state["hands"][seat].append(card)
        t.say(_("{player} keeps 1 of the cards looked at.", player=t.name(seat)))
        t.tell(seat, _("You keep {card}.", card=t.cat.label(card)), reveals=False)
        if finished and looked:
            state["discard"].extend(looked)
            t.say(
                _("{player} discards {card}.", player=t.name(seat), card=t.cat.listed(looked)),
                reveal=True,
            )
            ctx(state)["look"] = []


KIND = Look()
