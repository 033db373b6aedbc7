"""The /move command: movement allowance front to front, and what a unit may pass or stop on."""

from __future__ import annotations

import math
from typing import cast

from games.base import Event, RuleError, public
from games.i18n import _, joined
from games.papercraft.board import (
    Field,
    allied,
    centre,
    chosen,
    free,
    kind,
    pieces,
    power,
    table_rect,
    tracked,
)
from games.papercraft.catalog import templates
from games.papercraft.combat import release_hug
from games.papercraft.commands import Command
from games.papercraft.flow import expect
from games.papercraft.geometry import Rect, footprint, inside, overlaps, rect_at, swept_crosses
from games.papercraft.grammar import TO
from games.papercraft.names import piece_name
from games.papercraft.state import Facing, PapercraftState, Piece

State = PapercraftState
Point = tuple[float, float, Facing | None]


def footprint_of(state: State, piece: Piece, facing: str) -> tuple[float, float]:
    return footprint(templates()[kind(state, piece)["template"]], facing)


def on_table(state: State, area: Rect) -> bool:
    return inside(area, table_rect(state))


def end_blocked(state: State, piece: Piece, area: Rect, field: Field | None = None) -> str | None:
    """Name of what the unit would end on: a living unit or a large corpse (rules, ruling 4)."""
    field = field or Field(state)
    for ident in field.blocking.near(area):
        other = pieces(state)[ident]
        if other is not piece and overlaps(area, field.blocking.rects[ident]):
            if other["dead"]:
                return _("the corpse of {unit}", unit=piece_name(other))
            return piece_name(other)
    return None


def passes_through(state: State, mover: Piece, other: Piece) -> bool:
    """Insubstantial passes non-building enemies; Drifting passes enemy Characters, Infantry, Large."""
    if other["dead"] or allied(state, mover["owner"], other["owner"]):
        return False
    ghost = power(state, mover, "pass_through")
    return ghost is not None and kind(state, other)["template"] not in ghost["exclude"]


def emplaced(state: State, piece: Piece) -> bool:
    return kind(state, piece)["move"] <= 0 or power(state, piece, "emplaced") is not None


def cannot_move(state: State, piece: Piece) -> str | None:
    unit = piece_name(piece)
    if emplaced(state, piece):
        return _('{unit} is Emplaced (movement 0") and cannot move.', unit=unit)
    if piece["hugged_by"] is not None:
        return _("{unit} is held in a Bear Hug and cannot move until it escapes.", unit=unit)
    if piece["grappled"] is not None:
        return _("{unit} was grappled and may not move this turn.", unit=unit)
    if piece["moved"] >= kind(state, piece)["move"] - 1e-9:
        return _(
            '{unit} has used all {move}" of its movement.',
            unit=unit,
            move=kind(state, piece)["move"],
        )
    return None


def move(state: State, seat: int, command: Command) -> list[Event]:
    expect(state, "move", "move")
    mine = [p for p in pieces(state) if p["owner"] == seat and not p["dead"] and p["placed"]]
    piece = chosen(command.unit("UNIT") or "", mine, _("one of your living units"))
    point = _point(state, command)
    unit = piece_name(piece)
    reason = cannot_move(state, piece)
    if reason:
        if free(state):
            raise RuleError(
                _("{reason} Move another unit, or /round starts the next round.", reason=reason)
            )
        raise RuleError(_("{reason} Move another unit or send /done.", reason=reason))
    allowance = kind(state, piece)["move"]
    left = round(allowance - piece["moved"], 2)
    if point is None:
        distance = command.inches("INCHES")
        if distance is None:
            raise RuleError(_("Say how far {unit} moved, in inches: /move {unit} N.", unit=unit))
        if distance <= 0:
            raise RuleError(_("A move must be longer than 0 inches."))
    else:
        distance = round(math.dist(centre(piece), point[:2]), 2)
    if distance > left + 1e-9:
        raise RuleError(
            _(
                '{unit} may move {left}" more this turn (movement {move}", front to front); '
                '{distance}" is too far.',
                unit=unit,
                left=f"{left:g}",
                move=allowance,
                distance=f"{distance:g}",
            )
        )
    if point is not None:
        check_path(state, piece, point)
        piece["x"], piece["y"] = point[0], point[1]
        piece["facing"] = point[2] or piece["facing"]
    piece["moved"] = round(piece["moved"] + distance, 2)
    if point is None:
        text = _(
            '{unit} moves {distance}" ({moved} of {move}" used).',
            unit=unit,
            distance=f"{distance:g}",
            moved=f"{piece['moved']:g}",
            move=allowance,
        )
    else:
        text = _(
            '{unit} moves {distance}" to {x},{y} facing {facing} ({moved} of {move}" used).',
            unit=unit,
            distance=f"{distance:g}",
            x=f"{point[0]:g}",
            y=f"{point[1]:g}",
            facing=piece["facing"],
            moved=f"{piece['moved']:g}",
            move=allowance,
        )
    let_go = release_hug(state, piece) if piece["hugging"] is not None else None
    return [public(text if let_go is None else joined((text, let_go), " "))]


def _point(state: State, command: Command) -> Point | None:
    """Where the unit goes: 'to X,Y [facing]' with positions tracked, else None (inches)."""
    point, facing = command.point(), command.word("FACING")
    inches = command.inches("INCHES")
    if not tracked(state):
        if point is not None or facing is not None:
            said = ([TO, f"{point[0]:g},{point[1]:g}"] if point is not None else []) + [
                facing or ""
            ]
            raise RuleError(
                _(
                    "{what} needs a number of inches, like 6 or 4.5; got '{text}'.",
                    what=_("The distance"),
                    text=joined(said, " ").strip(),
                )
            )
        return None
    if point is None:
        raise RuleError(
            _("Say where: '{keyword} X,Y' in inches from the bottom-left corner.", keyword=TO)
        )
    if inches is not None:
        raise RuleError(
            _(
                "Unexpected words '{text}'; write /move UNIT to X,Y [facing].",
                text=f"{inches:g}",
            )
        )
    return point[0], point[1], cast(Facing | None, facing)


def check_path(state: State, piece: Piece, point: Point, field: Field | None = None) -> None:
    """Pivot freely first (ruling 9), then slide straight; refuse leaving the table or ending on a unit."""
    field = field or Field(state)
    facing = point[2] or piece["facing"]
    width, depth = footprint_of(state, piece, facing)
    area = rect_at(point[0], point[1], width, depth)
    if not on_table(state, area):
        raise RuleError(_("{unit} must end wholly on the table.", unit=piece_name(piece)))
    blocked = end_blocked(state, piece, area, field)
    if blocked:
        raise RuleError(
            _(
                "{unit} cannot end its move on {other}; stop short or go around.",
                unit=piece_name(piece),
                other=blocked,
            )
        )
    start = centre(piece)
    lane = (
        min(start[0], point[0]) - width / 2,
        min(start[1], point[1]) - depth / 2,
        max(start[0], point[0]) + width / 2,
        max(start[1], point[1]) + depth / 2,
    )
    for ident in field.blocking.near(lane):
        other = pieces(state)[ident]
        if other is piece or passes_through(state, piece, other):
            continue
        if swept_crosses(start, point[:2], width, depth, field.blocking.rects[ident]):
            raise RuleError(
                _(
                    "{unit} cannot pass through {other}; move around it in several shorter moves.",
                    unit=piece_name(piece),
                    other=piece_name(other),
                )
            )
