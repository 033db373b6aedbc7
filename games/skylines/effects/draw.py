"""draw n from choice (card row or deck, chosen per card) | deck | row | next (next level)."""

from __future__ import annotations

from typing import ClassVar

from games.base import Args, Move, RuleError
from games.i18n import N_, _, _n, joined
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.decks import can_draw, draw_deck, draw_row, next_level
from games.skylines.effects.base import COUNT, Choice, Fields, Kind, draw_moves, finish_one
from games.skylines.program import ctx, pop
from games.skylines.state import SkylinesState, Step


def refusal(state: SkylinesState, cat: Catalog, seat: int, step: Step) -> str:
    """What a draw step takes now, for a draw it does not."""
    allowed = KIND.moves(state, cat, seat, step)
    options = joined((m.shown for m in allowed), empty=_("none"))
    return _("You cannot draw that now; choose one of: {options}.", options=options)


class Draw(Kind):
    name = "draw"
    verb = "draw"
    fields: ClassVar[Fields] = {"n": COUNT, "from": Choice(("choice", "deck", "row", "next"))}
    required = frozenset({"n", "from"})
    title = N_("draw")
    summary = N_(
        "draw n from choice (card row or deck, chosen per card) | deck | row | next "
        "(next level's deck)."
    )

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        if step["from"] not in ("deck", "next"):
            return False
        pop(t.state)
        level = t.state["level"] if step["from"] == "deck" else next_level(t.state)
        for _card in range(step["left"]):
            card = draw_deck(t, seat, level)
            if card is not None:
                ctx(t.state)["drawn"].append(t.cat.card(card).type)
        return True

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        deck = step["from"] == "choice" and can_draw(state, cat, state["level"])
        return draw_moves(state, cat, seat, deck=deck)

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        source, slot = args.one("source", str), args.maybe("slot", int)
        if source == "deck":
            allowed = slot is None and step["from"] == "choice"
            allowed = allowed and can_draw(t.state, t.cat, t.state["level"])
        else:
            allowed = slot is not None and slot < len(t.state["row"])
        if not allowed:
            raise RuleError(refusal(t.state, t.cat, seat, step))
        finish_one(t.state, step)
        card = draw_deck(t, seat, t.state["level"]) if slot is None else draw_row(t, seat, slot)
        if card is not None:
            ctx(t.state)["drawn"].append(t.cat.card(card).type)

    def prompt(self, state: SkylinesState, step: Step) -> str:
        left = step.get("left", 1)
        if step["from"] == "row":
            return _n(
                "draw {n} card from the card row: /draw row N",
                "draw {n} cards from the card row: /draw row N",
                left,
            )
        return _n(
            "draw {n} card: /draw deck or /draw row N",
            "draw {n} cards: /draw deck or /draw row N",
            left,
        )


KIND = Draw()
