"""discard n (the cost of 'Discard N: ...'): 'then' runs once it is paid, 'each' per card."""

from __future__ import annotations

from typing import ClassVar

from games.base import Args, Move
from games.i18n import N_, _, _n
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import COUNT, Fields, Kind, Steps, card_moves, finish_one, optional
from games.skylines.program import push
from games.skylines.state import SkylinesState, Step


class Discard(Kind):
    name = "discard"
    verb = "discard"
    fields: ClassVar[Fields] = {"n": COUNT, "each": Steps(), "then": Steps()}
    required = frozenset({"n"})
    title = N_("discard")
    summary = N_(
        "discard n (the cost of 'Discard N: ...'): 'then' steps run once it is paid, "
        "'each' steps per card."
    )

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _n(
            "discard {n} card: /discard CARD",
            "discard {n} cards: /discard CARD",
            step.get("left", 1),
        )

    def prepare(self, t: Context, seat: int, step: Step, total: int) -> bool:
        step["left"] = total
        if not optional(step) and len(t.state["hands"][seat]) < total:
            t.say(
                _n(
                    "{player} cannot discard {n} card, so that part does nothing.",
                    "{player} cannot discard {n} cards, so that part does nothing.",
                    total,
                    player=t.name(seat),
                )
            )
            return False
        return total > 0

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return card_moves("discard", cat, state["hands"][seat])

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        state = t.state
        card = args.one("CARD", str)
        finished = finish_one(state, step)
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        t.say(_("{player} discards {card}.", player=t.name(seat), card=t.cat.label(card)))
        if finished:
            push(state, step.get("then", []))
        push(state, step.get("each", []))

    def skip(self, t: Context, seat: int, step: Step) -> None:
        """A partly paid 'up to' discard still buys its 'then' part."""
        if step.get("done", 0) > 0:
            push(t.state, step.get("then", []))


KIND = Discard()
