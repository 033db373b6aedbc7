"""Questions about the battle state: who owns what, which side, where a unit stands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import RuleError, State
from games.papercraft.catalog import BLOCKING_CORPSES, Unit, builtin_units, templates
from games.papercraft.geometry import Rect, footprint, rect_at
from games.papercraft.words import take_name

Piece = dict[str, Any]  # one unit on the table (mutable, JSON)


def kind(state: State, piece: Piece) -> Unit:
    extra: dict[str, Unit] = state["extra_units"]
    return extra.get(piece["kind"]) or builtin_units()[piece["kind"]]


def catalog(state: State) -> dict[str, Unit]:
    return builtin_units() | state["extra_units"]


def side(state: State, seat: int) -> int:
    value: int = state["teams"][seat]
    return value


def allied(state: State, seat: int, other: int) -> bool:
    return side(state, seat) == side(state, other)


def pieces(state: State) -> list[Piece]:
    found: list[Piece] = state["units"]
    return found


def alive(state: State) -> list[Piece]:
    return [p for p in pieces(state) if not p["dead"]]


def has(state: State, piece: Piece, ability: str) -> bool:
    return any(a["name"].casefold() == ability.casefold() for a in kind(state, piece)["abilities"])


def ability_text(state: State, piece: Piece, ability: str) -> str:
    for entry in kind(state, piece)["abilities"]:
        if entry["name"].casefold() == ability.casefold():
            text: str = entry["text"]
            return text
    return ""


def tracked(state: State) -> bool:
    return bool(state["options"]["positions"])


def rect(state: State, piece: Piece) -> Rect:
    width, depth = footprint(templates()[kind(state, piece)["template"]], piece["facing"])
    return rect_at(piece["x"], piece["y"], width, depth)


def table_rect(state: State) -> Rect:
    width, depth = state["options"]["table"]
    return (0.0, 0.0, float(width), float(depth))


def blocks_movement(state: State, piece: Piece) -> bool:
    """Living units block, and so do Large Unit, Small Building and Titan corpses (ruling 4)."""
    if not piece["placed"]:
        return False
    if not piece["dead"]:
        return True
    return piece["corpse"] and kind(state, piece)["template"] in BLOCKING_CORPSES


def standing(state: State) -> list[Piece]:
    """Living units on the table: the ones that block lines of fire (corpses never do)."""
    return [p for p in alive(state) if p["placed"]]


def find_piece(
    state: State, words: Sequence[str], choices: Sequence[Piece], what: str
) -> tuple[Piece, list[str]]:
    """Match the leading words to one of `choices` by name, greedily; refuse with the list."""
    found = take_name(words, [(p["name"], p) for p in choices])
    if found is None:
        names = ", ".join(p["name"] for p in choices) or "none"
        said = " ".join(words) or "nothing"
        raise RuleError(f"'{said}' is not {what}; choose one of: {names}.")
    return found


def owner_name(state: State, piece: Piece) -> str:
    name: str = state["names"][piece["owner"]]
    return name


def surviving_points(state: State, seat: int) -> int:
    return sum(kind(state, p)["points"] for p in alive(state) if p["owner"] == seat)
