"""The draw and discard piles, and the accounting that keeps all 81 cards somewhere."""

from __future__ import annotations

from games.base import Rng
from games.papertales.state import PaperTalesState


def draw(state: PaperTalesState, rng: Rng) -> int | None:
    """Top card of the draw pile, reshuffling the discard pile into it when empty."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])
    return state["deck"].pop()


def all_cards(state: PaperTalesState) -> list[int]:
    """Every card id wherever it lies; its length must always be 81."""
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"] + p["packet"] + [u["card"] for u in p["units"]]
        cards += [n["card"] for n in p["plan"]["new"]] + [n["card"] for n in p["unpaid"]]
        if p["kept"] is not None:
            cards.append(p["kept"])
    return cards
