"""Build exact Paper Tales positions for tests: cards moved from the deck into kingdoms and hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action, Event, Rng
from games.papertales import ENGINE
from games.papertales.catalog import CARD_UNIT, DECK_SIZE, label
from games.papertales.piles import all_cards
from games.papertales.state import PaperTalesState as State
from games.replay import apply

NAMES = ["Gosia", "Pawel", "Sebastian", "Kuba", "Wojtek"]


def card(unit_name: str, copy: int = 1) -> int:
    """The id of one physical copy of a unit."""
    ids = [i for i, u in enumerate(CARD_UNIT) if u.name == unit_name]
    return ids[copy - 1]


def table(
    players: int = 4, seed: str = "t", lang: str = "en", names: Sequence[str] = ()
) -> tuple[State, Rng]:
    """A fresh game, emptied of packets so a test can place cards where it wants."""
    rng = Rng(seed)
    state, _ = ENGINE.setup(list(names) or NAMES[:players], {"lang": lang}, rng)
    for p in state["players"]:
        state["deck"] += p["packet"] + p["hand"]
        p["packet"] = []
        p["hand"] = []
    return state, rng


def take(state: State, c: int) -> int:
    """Remove a card from wherever it lies, so the test can place it (keeps the 81 cards)."""
    for pile in (state["deck"], state["discard"]):
        if c in pile:
            pile.remove(c)
            return c
    for p in state["players"]:
        for pile in (p["hand"], p["packet"]):
            if c in pile:
                pile.remove(c)
                return c
        for slot in p["units"]:
            if slot["card"] == c:
                p["units"].remove(slot)
                return c
        if p["kept"] == c:
            p["kept"] = None
            return c
    raise AssertionError(f"card {c} is nowhere")


def unit_spec(spec: Any) -> tuple[int, str, int]:
    """'Farmer', ('Demon', 'front', 1) or ('Knight 2', 'back') -> (card id, row, age)."""
    parts = (spec,) if isinstance(spec, str) else tuple(spec)
    text = parts[0]
    row = parts[1] if len(parts) > 1 else "front"
    age = parts[2] if len(parts) > 2 else 0
    words = text.rsplit(" ", 1)
    if len(words) == 2 and words[1].isdigit():
        return card(words[0], int(words[1])), row, age
    return card(text), row, age


def kingdom(
    state: State,
    seat: int,
    units: Sequence[Any] | None = None,
    buildings: dict[str, int] | None = None,
    gold: int | None = None,
    lp: int | None = None,
) -> None:
    """Set one seat's units (name, row, age), buildings, gold and LP."""
    p = state["players"][seat]
    for slot in list(p["units"]) if units is not None else []:
        p["units"].remove(slot)
        state["deck"].append(slot["card"])
    for spec in units or ():
        c, row, age = unit_spec(spec)
        take(state, c)
        p["units"].append({"card": c, "row": row, "age": age})
    if buildings is not None:
        p["buildings"] = dict(buildings)
    if gold is not None:
        p["gold"] = gold
    if lp is not None:
        p["lp"] = lp


def hand(state: State, seat: int, names: Sequence[str]) -> list[int]:
    """Give a seat these hand cards (names with optional copy numbers)."""
    cards = [unit_spec(n)[0] for n in names]
    for c in cards:
        take(state, c)
    state["players"][seat]["hand"] += cards
    return cards


def to_deployment(state: State) -> None:
    """Jump to the Deployment phase with the hands as they are."""
    state["phase"] = "deploy"
    state["pending"] = []
    for p in state["players"]:
        p["ready"] = False
        p["plan"] = {"new": [], "rows": {}}
        p["fresh"] = []
        p["unpaid"] = []


def act(state: State, rng: Rng, seat: int, command: str) -> list[Event]:
    """Send a command as the referee does: turn check, then the move, rolled back if refused."""
    verb, *args = command.lstrip("/").split()
    return apply(ENGINE, state, Action(seat, verb, tuple(args)), rng, state["names"][seat])


def ready_all(state: State, rng: Rng, but: Sequence[int] = ()) -> list[Event]:
    events: list[Event] = []
    for seat in range(len(state["names"])):
        if seat not in but and not state["players"][seat]["ready"]:
            events += act(state, rng, seat, "/ready")
    return events


def conserved(state: State) -> bool:
    cards = all_cards(state)
    return len(cards) == DECK_SIZE and sorted(cards) == list(range(DECK_SIZE))


def public_text(events: Sequence[Event]) -> str:
    return "\n".join(e.text for e in events if e.to is None)


def names_of(cards: Sequence[int]) -> list[str]:
    return [label(c) for c in cards]


def deploy_turn(state: State, rng: Rng, orders: dict[int, Sequence[str]]) -> list[Event]:
    """Jump to Deployment, send each seat's commands, then ready everyone (reveal and beyond)."""
    to_deployment(state)
    events: list[Event] = []
    for seat, commands in orders.items():
        for command in commands:
            events += act(state, rng, seat, command)
    return events + ready_all(state, rng)


def to_construction(state: State) -> None:
    """Jump to Construction with every seat still to act."""
    state["phase"] = "build"
    state["pending"] = []
    for p in state["players"]:
        p["ready"] = False


def slot_of(state: State, seat: int, c: int) -> dict[str, Any] | None:
    return next((s for s in state["players"][seat]["units"] if s["card"] == c), None)
