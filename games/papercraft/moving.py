"""The /move command: movement allowance front to front, and what a unit may pass or stop on."""

from __future__ import annotations

import math

from games.base import RuleError, State
from games.papercraft.catalog import templates
from games.papercraft.combat import release_hug
from games.papercraft.geometry import Rect, footprint, inside, overlaps, rect_at, swept_crosses
from games.papercraft.table import (
    Piece,
    allied,
    blocks_movement,
    find_piece,
    has,
    kind,
    pieces,
    rect,
    table_rect,
    tracked,
)
from games.papercraft.words import find_point, parse_inches

SOLID = ("Small Building", "Titan")  # Drifting may not pass these


def footprint_of(state: State, piece: Piece, facing: str) -> tuple[float, float]:
    return footprint(templates()[kind(state, piece)["template"]], facing)


def on_table(state: State, area: Rect) -> bool:
    return inside(area, table_rect(state))


def end_blocked(state: State, piece: Piece, area: Rect) -> str | None:
    """Name of what the unit would end on: a living unit or a large corpse (rules, ruling 4)."""
    for other in pieces(state):
        if other is piece or not blocks_movement(state, other):
            continue
        if overlaps(area, rect(state, other)):
            return f"the corpse of {other['name']}" if other["dead"] else other["name"]
    return None


def passes_through(state: State, mover: Piece, other: Piece) -> bool:
    """Insubstantial passes non-building enemies; Drifting passes enemy Characters, Infantry, Large."""
    if other["dead"] or allied(state, mover["owner"], other["owner"]):
        return False
    template = kind(state, other)["template"]
    if has(state, mover, "Insubstantial"):
        return template != "Small Building"
    return has(state, mover, "Drifting") and template not in SOLID


def cannot_move(state: State, piece: Piece) -> str | None:
    if kind(state, piece)["move"] <= 0 or has(state, piece, "Emplaced"):
        return f'{piece["name"]} is Emplaced (movement 0") and cannot move.'
    if piece["hugged_by"] is not None:
        return f"{piece['name']} is held in a Bear Hug and cannot move until it escapes."
    if piece["grappled"] is not None:
        return f"{piece['name']} was grappled and may not move this turn."
    if piece["moved"] >= kind(state, piece)["move"] - 1e-9:
        return f'{piece["name"]} has used all {kind(state, piece)["move"]}" of its movement.'
    return None


def move(state: State, seat: int, words: list[str]) -> list[str]:
    mine = [p for p in pieces(state) if p["owner"] == seat and not p["dead"]]
    point = None
    if tracked(state):
        words, point = find_point(words, "to")
    piece, rest = find_piece(state, words, mine, "one of your living units")
    reason = cannot_move(state, piece)
    if reason:
        raise RuleError(reason + " Move another unit or send /done.")
    left = round(kind(state, piece)["move"] - piece["moved"], 2)
    if point is None:
        if not rest:
            raise RuleError(
                f"Say how far {piece['name']} moved, in inches: /move {piece['name']} N."
            )
        distance = parse_inches(rest, "The distance")
        if distance <= 0:
            raise RuleError("A move must be longer than 0 inches.")
    else:
        if rest:
            raise RuleError(
                f"Unexpected words '{' '.join(rest)}'; write /move UNIT to X,Y [facing]."
            )
        distance = round(math.dist((piece["x"], piece["y"]), point[:2]), 2)
    if distance > left + 1e-9:
        raise RuleError(
            f'{piece["name"]} may move {left:g}" more this turn (movement '
            f'{kind(state, piece)["move"]}", front to front); {distance:g}" is too far.'
        )
    if point is not None:
        check_path(state, piece, point)
        piece["x"], piece["y"] = point[0], point[1]
        piece["facing"] = point[2] or piece["facing"]
    piece["moved"] = round(piece["moved"] + distance, 2)
    where = f" to {piece['x']:g},{piece['y']:g} facing {piece['facing']}" if point else ""
    lines = [
        f'{piece["name"]} moves {distance:g}"{where} ({piece["moved"]:g} of {kind(state, piece)["move"]}" used).'
    ]
    let_go = release_hug(state, piece) if piece["hugging"] is not None else None
    return lines + ([let_go] if let_go else [])


def check_path(state: State, piece: Piece, point: tuple[float, float, str | None]) -> None:
    """Pivot freely first (ruling 9), then slide straight; refuse leaving the table or ending on a unit."""
    facing = point[2] or piece["facing"]
    width, depth = footprint_of(state, piece, facing)
    area = rect_at(point[0], point[1], width, depth)
    if not on_table(state, area):
        raise RuleError(f"{piece['name']} must end wholly on the table.")
    blocked = end_blocked(state, piece, area)
    if blocked:
        raise RuleError(
            f"{piece['name']} cannot end its move on {blocked}; stop short or go around."
        )
    start = (piece["x"], piece["y"])
    for other in pieces(state):
        if (
            other is piece
            or not blocks_movement(state, other)
            or passes_through(state, piece, other)
        ):
            continue
        if swept_crosses(start, point[:2], width, depth, rect(state, other)):
            raise RuleError(
                f"{piece['name']} cannot pass through {other['name']}; move around it in "
                "several shorter moves."
            )
