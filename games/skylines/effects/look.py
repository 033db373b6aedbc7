"""look at n deck cards and keep some; the rest are discarded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Move
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.decks import draw
from games.skylines.effects.base import COUNT, Fields, Kind, card_moves, finish_one
from games.skylines.parse import one_name
from games.skylines.program import ctx
from games.skylines.state import SkylinesState, Step


class Look(Kind):
    name = "look"
    verb = "take"
    fields: ClassVar[Fields] = {"n": COUNT, "keep": COUNT}
    required = frozenset({"n", "keep"})
    summary = "look at n deck cards and keep some (keep k), discarding the rest."
    prompt_text = "keep one of the cards you look at: /take CARD"

    def check(self, step: Mapping[str, Any]) -> tuple[str, str] | None:
        return ("keep", "must not be more than n") if step["keep"] > step["n"] else None

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
        t.say(f"{t.name(seat)} looks at the top {len(looked)} cards of the deck.")
        if looked:
            t.tell(seat, f"You look at: {', '.join(looked)}. Keep {step['keep']} with /take CARD.")
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return card_moves("take", ctx(state)["look"])

    def answer(self, t: Context, seat: int, step: Step, parts: list[str]) -> None:
        state = t.state
        looked = ctx(state)["look"]
        card = one_name(parts, looked, "one of the cards you are looking at", secret=True)
        finished = finish_one(state, step)
        looked.remove(card)
        state["hands"][seat].append(card)
        t.say(f"{t.name(seat)} keeps 1 of the cards looked at.")
        t.tell(seat, f"You keep {card}.", reveals=False)
        if finished and looked:
            state["discard"].extend(looked)
            t.say(f"{t.name(seat)} discards {', '.join(looked)}.", reveal=True)
            ctx(state)["look"] = []


KIND = Look()
