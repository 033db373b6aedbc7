"""tuck n from hand | row | deck, under this | any | different top cards; 'each' per card."""

from __future__ import annotations

from typing import ClassVar

from games.args import offer
from games.base import Args, Move, RuleError
from games.i18n import N_, _n, joined
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
)
from games.skylines.grammar import TUCK, Pick, writer
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
    title = N_("tuck")
    summary = N_(
        "tuck n from hand | row | deck, under this (the card your mayor stands on) | any top "
        "card | different top cards; 'each' steps run per card tucked."
    )

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        if step["from"] != "deck":
            return False
        pop(t.state)
        for _card in range(step["left"]):
            card = draw(t, t.state["level"])
            if card is not None:
                tuck_card(t, seat, card, this_stack(t.state, seat), "from the deck")
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        hand = state["hands"][seat]
        words = writer(cat, state["names"])
        if step["from"] == "row":
            row = enumerate(state["row"])
            return [offer("tuck", TUCK, {"CARD": Pick(card, k)}, words) for k, card in row]
        if step["under"] == "this":
            return card_moves("tuck", cat, hand)
        spots = _spots(state, seat, step)
        return [
            offer("tuck", TUCK, {"CARD": Pick(card), "BUILDING": i}, words)
            for card in hand
            for i in spots
        ]

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        state = t.state
        pick = args.one("CARD", Pick)
        if pick.slot is not None:
            finish_one(state, step)
            card = state["row"].pop(pick.slot)
            tuck_card(t, seat, card, this_stack(state, seat), "from the card row")
            refill_row(t)
        else:
            card = pick.card
            spots = _spots(state, seat, step)
            index = this_stack(state, seat) if this_stack(state, seat) in spots else spots[0]
            index = args.values.get("BUILDING", index)
            if index not in spots:
                where = joined(str(i + 1) for i in spots)
                raise RuleError(
                    _n(
                        "You may tuck this card only under building {where}.",
                        "You may tuck this card only under buildings {where}.",
                        len(spots),
                        where=where,
                    )
                )
            finish_one(state, step)
            state["hands"][seat].remove(card)
            tuck_card(t, seat, card, index, "from hand")
        push(state, step.get("each", []))

    def prompt(self, state: SkylinesState, step: Step) -> str:
        left = step.get("left", 1)
        if step["from"] == "row":
            return _n(
                "tuck {n} card from the card row: /tuck row N",
                "tuck {n} cards from the card row: /tuck row N",
                left,
            )
        if step["under"] == "this":
            return _n("tuck {n} hand card: /tuck CARD", "tuck {n} hand cards: /tuck CARD", left)
        return _n(
            "tuck {n} hand card: /tuck CARD under N",
            "tuck {n} hand cards: /tuck CARD under N",
            left,
        )


KIND = Tuck()
