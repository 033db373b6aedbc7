"""tuck n from hand | row | deck, under this | any | different top cards; 'each' per card."""

from __future__ import annotations

from typing import ClassVar

from games.base import Move, RuleError
from games.skylines import city
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.decks import draw, refill_row
from games.skylines.effects.base import (
    COUNT,
    Choice,
    Fields,
    Kind,
    Steps,
    card_moves,
    finish_one,
    row_moves,
)
from games.skylines.parse import hand_card, number, take_name
from games.skylines.program import ctx, pop, push, this_stack, tuck_card
from games.skylines.state import SkylinesState, Step


def _spots(state: SkylinesState, seat: int, step: Step) -> list[int]:
    if step["under"] == "this":
        return [this_stack(state, seat)]
    used = ctx(state)["under"] if step["under"] == "different" else []
    return [i for i, _ in city.tops(state, seat) if i not in used]


class Tuck(Kind):
    name = "tuck"
    verb = "tuck"
    fields: ClassVar[Fields] = {
        "n": COUNT,
        "from": Choice(("hand", "row", "deck")),
        "under": Choice(("this", "any", "different")),
        "each": Steps(),
    }
    required = frozenset({"n", "from", "under"})
    summary = (
        "tuck n from hand | row | deck, under this (the card your mayor stands on) | any top "
        "card | different top cards; 'each' steps run per card tucked."
    )

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        if step["from"] != "deck":
            return False
        pop(t.state)
        for _ in range(step["left"]):
            card = draw(t, t.state["level"])
            if card is not None:
                tuck_card(t, seat, card, this_stack(t.state, seat), "from the deck")
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        hand = state["hands"][seat]
        if step["from"] == "row":
            return row_moves("tuck", state)
        if step["under"] == "this":
            return card_moves("tuck", hand)
        spots = _spots(state, seat, step)
        return [Move("tuck", (*c.split(), "under", str(i + 1))) for c in hand for i in spots]

    def answer(self, t: Context, seat: int, step: Step, parts: list[str]) -> None:
        state = t.state
        if step["from"] == "row":
            if tuple(w.casefold() for w in parts) not in {m.args for m in row_moves("", state)}:
                raise RuleError("Tuck a card from the card row: /tuck row N.")
            finish_one(state, step)
            card = state["row"].pop(int(parts[1]) - 1)
            tuck_card(t, seat, card, this_stack(state, seat), "from the card row")
            refill_row(t)
        else:
            found = take_name(parts, 0, state["hands"][seat])
            end = found[1] if found else len(parts)
            card = hand_card(state["hands"][seat], parts[:end], "tuck")
            spots = _spots(state, seat, step)
            index = this_stack(state, seat) if this_stack(state, seat) in spots else spots[0]
            if end < len(parts):
                if parts[end].casefold() != "under" or end + 2 != len(parts):
                    raise RuleError("Write '/tuck CARD' or '/tuck CARD under N'.")
                index = number(parts[end + 1], 1, len(city.spots(state, seat)), "building number")
            if index not in spots:
                where = ", ".join(str(i + 1) for i in spots)
                raise RuleError(f"You may tuck this card only under building(s): {where}.")
            finish_one(state, step)
            state["hands"][seat].remove(card)
            tuck_card(t, seat, card, index, "from hand")
        push(state, step.get("each", []))

    def prompt(self, state: SkylinesState, step: Step) -> str:
        left = step.get("left", 1)
        if step["from"] == "row":
            return f"tuck {left} card(s) from the card row: /tuck row N"
        if step["under"] == "this":
            return f"tuck {left} hand card(s): /tuck CARD"
        return f"tuck {left} hand card(s): /tuck CARD under N"


KIND = Tuck()
