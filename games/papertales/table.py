"""The shared table: new state, the draw pile, card accounting and the conflict order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Rng, State
from games.papertales.cards import DECK_SIZE, label

Player = dict[str, Any]
TURNS = 4
START_GOLD = 3


def new_player() -> Player:
    """A seat at the start: 3 gold, 0 LP, nothing in play."""
    return {
        "gold": START_GOLD,
        "lp": 0,
        "hand": [],
        "packet": [],
        "picked": False,
        "kept": None,
        "units": [],
        "buildings": {},
        "plan": {"new": [], "rows": {}},
        "ready": False,
        "fresh": [],
        "dying": [],
    }


def new_state(names: Sequence[str], lang: str, rng: Rng) -> State:
    """The whole table at the start, with the shuffled draw pile."""
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return {
        "names": list(names),
        "lang": lang,
        "turn": 1,
        "phase": "recruit",
        "deck": deck,
        "discard": [],
        "pending": [],
        "players": [new_player() for _ in names],
        "final": [],
    }


def lbl(state: State, card: int) -> str:
    """A card's label in the table's language."""
    return label(card, state["lang"])


def labels(state: State, cards: Sequence[int]) -> str:
    """Several labels joined for a message."""
    return ", ".join(lbl(state, c) for c in cards) if cards else "nothing"


def draw(state: State, rng: Rng) -> int | None:
    """Top card of the draw pile, reshuffling the discard pile into it when empty."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])
    card: int = state["deck"].pop()
    return card


def all_cards(state: State) -> list[int]:
    """Every card id wherever it lies; its length must always be 81."""
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"] + p["packet"] + [u["card"] for u in p["units"]]
        cards += [c for c, _ in p["plan"]["new"]]
        if p["kept"] is not None:
            cards.append(p["kept"])
    return cards


def conflict_order(state: State, rng: Rng) -> list[int]:
    """Who acts first when order matters: the leader, then less gold, then random among ties."""
    players = state["players"]
    seats = sorted(range(len(players)), key=lambda s: (-players[s]["lp"], players[s]["gold"]))
    order: list[int] = []
    i = 0
    while i < len(seats):
        key = (players[seats[i]]["lp"], players[seats[i]]["gold"])
        group = [s for s in seats[i:] if (players[s]["lp"], players[s]["gold"]) == key]
        if len(group) > 1:
            rng.shuffle(group)
        order += group
        i += len(group)
    return order
