"""Shared set-up for Papercraft tests: armies bought and placed through the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action, Rng
from games.papercraft import ENGINE
from games.papercraft.state import PapercraftState, Piece
from games.replay import apply

State = PapercraftState


def options(**changes: Any) -> dict[str, Any]:
    values = {option.name: option.default for option in ENGINE.options}
    values.update(changes)
    return values


def act(state: State, seat: int, text: str, rng: Rng | None = None) -> str:
    """Send one command like '/attack Longbowmen Grave Legion --range 5' as the referee does
    (turn check and rollback included); returns the text of every event."""
    verb, *args = text.lstrip("/").split()
    action = Action(seat, verb, tuple(args))
    events = apply(ENGINE, state, action, rng or Rng("test"), state["names"][seat])
    return "\n".join(e.text for e in events)


def start(armies: Sequence[dict[str, int]], rng: Rng | None = None, **changes: Any) -> State:
    """Buy the armies, ready up and place every unit (first legal spot); the battle then begins."""
    rng = rng or Rng("setup")
    names = ["Ann", "Bob", "Cid", "Dee"][: len(armies)]
    state, _ = ENGINE.setup(names, options(**changes), rng)
    for seat, army in enumerate(armies):
        for name, count in army.items():
            act(state, seat, f"/army add {name} x{count}", rng)
    for seat in range(len(armies)):
        act(state, seat, "/ready", rng)
    while state["phase"] == "place":
        seat = ENGINE.waiting(state)[0]
        move = ENGINE.legal(state, seat)[0]
        ENGINE.act(state, seat, move.verb, list(move.args), rng)
    return state


def piece(state: State, name: str) -> Piece:
    return next(p for p in state["units"] if p["name"] == name)


def turn(state: State, seat: int, step: str = "attack") -> None:
    """Hand the turn to a seat in a given phase (tests choose who acts; the roll is tested apart)."""
    state["active"], state["step"] = seat, step
    for p in state["units"]:
        p["moved"], p["targets"], p["in_place"] = 0, [], None


def put(state: State, name: str, x: float, y: float, facing: str = "N") -> None:
    unit = piece(state, name)
    unit["x"], unit["y"], unit["facing"] = x, y, facing


def park(state: State, keep: Sequence[str]) -> None:
    """Move every unit not named far out of the way, to the table's corners."""
    spots = iter([(2.0 + 3 * i, 34.0 - (i % 2)) for i in range(20)])
    for p in state["units"]:
        if p["name"] not in keep:
            p["x"], p["y"] = next(spots)
