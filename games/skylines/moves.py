"""Legal moves for a seat: the city to keep, every basic and mayor action, or the answers the
running action's current part accepts."""

from __future__ import annotations

from games.base import Move
from games.i18n import _
from games.skylines import building
from games.skylines.achievements import claimable
from games.skylines.actions import mayor_spots
from games.skylines.cards import TRACK_NAMES, TRACKS, Catalog
from games.skylines.catalog import catalog_of
from games.skylines.decks import can_draw
from games.skylines.effects import registry
from games.skylines.effects.base import card_moves, draw_moves
from games.skylines.program import current
from games.skylines.state import SkylinesState
from games.skylines.tracks import at_end


def basic_moves(state: SkylinesState, cat: Catalog, seat: int) -> list[Move]:
    """Every basic and mayor action open now, and /done."""
    hand = state["hands"][seat]
    found = building.moves(state, cat, seat, building.BASIC)
    found += card_moves("tuck", cat, hand)
    found += card_moves("discard", cat, hand)
    found += [
        Move("advance", (TRACK_NAMES[tr],)) for tr in TRACKS if not at_end(state, cat, seat, tr)
    ]
    deck = int(can_draw(state, cat, state["level"]))
    draws = draw_moves(state, cat, seat, deck=bool(deck))
    found += draws[:deck]
    found += [
        Move("draw", move.args, _("Draw {card}", card=cat.short(card)))
        for move, card in zip(draws[deck:], state["row"], strict=True)
    ]
    found += card_moves("achieve", cat, claimable(state, cat, seat))
    found += [Move("mayor", (str(i + 1),)) for i in mayor_spots(state, cat, seat)]
    found.append(Move("done"))
    return found


def legal(state: SkylinesState, seat: int) -> list[Move]:
    cat = catalog_of(state)
    if state["phase"] == "city":
        if state["city"][seat] is not None:
            return []
        return card_moves("city", cat, state["offers"][seat])
    if state["phase"] != "play" or seat != state["turn"]["seat"]:
        return []
    step = current(state)
    if step is None:
        return basic_moves(state, cat, seat)
    return registry.moves(state, cat, seat, step)
